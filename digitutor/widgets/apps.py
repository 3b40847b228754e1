"""The Learn app of any registered game: its course of guided lessons, free play and hot-seat, from one function.

A new game needs only a two-line notebook: ``from digitutor.widgets import learn_app`` /
``learn_app("<game>")``.
"""

from __future__ import annotations

import logging
from typing import Any

import ipywidgets as widgets
import traitlets

from ..core.agents import AGENTS
from ..core.errors import DigitutorError, InputError
from ..core.match import Match
from ..core.registry import GAME_MODULES, get_game
from ..rules.corpus import GAME_TITLES
from .course import CourseLesson, CoursePage, course, find_lesson
from .editor import attach_editor
from .lessons import Lesson
from .model import MatchSpec, TutorModel, one_line
from .page import AppPage, on_query
from .position import EXERCISE_MODE, TRY_MODE, TRY_SOURCE, Position
from .progress import Progress
from .query import query_params
from .style import esc
from .tutor import Tutor, free_play_spec, lesson_spec

log = logging.getLogger("digitutor.widgets")

COURSE = "Course"
GUIDED, FREE, HOT_SEAT = "Guided lesson", "Free play against the computer", "Hot-seat (two people)"
#: the mode names a saved position uses
MODE_IDS = {GUIDED: "guided", FREE: "free", HOT_SEAT: "hot-seat"}
#: the most tries a saved exercise position may claim
MAX_TRIES = 10_000
TOOLTIPS = {
    COURSE: "The lessons of this game, what you have done, and where to continue",
    GUIDED: "A prepared game with lesson notes",
    FREE: "You against the computer",
    HOT_SEAT: "Two people at one screen",
}
MAX_SEED = 10**9
TRY_LABEL = "Trying the teacher's board: the cards you could not see there are dealt afresh"


def agent_names(game: Any) -> list[str]:
    """The computer opponents a game offers, strongest-sounding first (the engine's agents, by name)."""
    names = [*AGENTS, *getattr(game, "agents", {})]
    return sorted(set(names), key=lambda name: (name != "greedy", name != "random", name))


def message_page(title: str, text: str) -> widgets.VBox:
    """A plain page for a game that cannot be played here (yet)."""
    body = widgets.HTML(f'<p>{esc(text)}</p><p><a href="./rulebook.ipynb">Read its rulebook</a></p>')
    return AppPage(title, [body], css="dt-message")


class LearnApp(AppPage):
    """Mode switch (course / guided lesson / free play / hot-seat) above one
    Tutor; asks before a switch throws a game away.

    The Course view lists the game's lessons with the progress this browser kept; a lesson opened there
    (or named by ``?lesson=<file stem>``) plays as the guided lesson, and one played to its end is kept as finished.
    """

    def __init__(self, game_id: str) -> None:
        self.game = get_game(game_id)
        self.lessons = course(game_id)
        self.lesson: Lesson | None = self.lessons[0].lesson if self.lessons else None
        self.progress = Progress({game_id: {entry.id: entry.digest for entry in self.lessons}})
        modes = ([COURSE, GUIDED] if self.lesson else []) + [FREE, HOT_SEAT]
        first = GUIDED if self.lesson else FREE
        self.mode = widgets.ToggleButtons(
            options=modes, value=first, style={"button_width": "auto"}, tooltips=[TOOLTIPS[mode] for mode in modes]
        )
        self.mode.add_class("dt-mode")
        self.seed = widgets.BoundedIntText(
            value=1, min=0, max=MAX_SEED, description="Seed", layout=widgets.Layout(width="160px")
        )
        names = agent_names(self.game)
        self.opponent = widgets.Dropdown(
            options=names, value=names[0], description="Computer", layout=widgets.Layout(width="220px")
        )
        self.new_game = widgets.Button(
            description="New game", button_style="success", tooltip="Start a new game with these settings"
        )
        self.new_game.add_class("dt-new-game")
        self.free_options = widgets.HBox([self.seed, self.opponent, self.new_game])
        missing = "" if self.lesson else f"There is no guided lesson for {self.game.title} yet: enjoy a free game."
        self.hint = widgets.HTML(f'<div class="dt-notice">{esc(missing)}</div>' if missing else "")
        self._mode = first
        self._quiet = False
        self._wanted: CourseLesson | None = None  #: the lesson the page's link asked for (``?lesson=``)
        self.tutor = Tutor(
            self._model(first),
            presenter_toggle=False,
            store_key=f"digitutor:learn:{game_id}",
            app_id=f"learn:{game_id}",
        )
        self.tutor.mode_info = self._mode_info
        self.tutor.restorer = self._restore
        self.tutor.page_actions["place"] = self._from_address
        self.next_lesson = widgets.Button(button_style="success", layout=widgets.Layout(display="none"))
        self.next_lesson.add_class("dt-next-lesson")
        self._next_entry: CourseLesson | None = None
        self.next_lesson.on_click(lambda _button: self._next_entry is not None and self.open_lesson(self._next_entry))
        self.tutor.task.children = (*self.tutor.task.children, self.next_lesson)
        self.course = CoursePage(self.lessons, self.progress, self.open_lesson, self.open_exercises)
        bar = widgets.HBox([self.mode, self.free_options])
        bar.add_class("dt-mode-bar")
        kept = [self.progress.bridge] if self.progress.bridge is not None else []
        super().__init__(f"Learn {self.game.title}", [self.hint, bar, self.course, self.tutor, *kept], css="dt-learn")
        traitlets.link((self, "presenter"), (self.tutor.model, "presenter"))
        self._show_options()
        self.mode.observe(lambda _change: self._asked_switch(), "value")
        self.new_game.on_click(lambda _button: self._asked_switch())
        self.tutor.model.observe(self._finished, ["step", "revision"])
        self.tutor.model.observe(self._offer_next, ["step", "revision"])
        self.tutor.model.on_answered(self.answered)  # the lesson questions panel reports each answer: kept progress
        self.tutor.model.on_stars(self.progress.record_stars)  # each solved exercise's stars: kept progress
        on_query(self._course_query)
        on_query(
            lambda params: attach_editor(self, game_id, lambda: self.tutor.model.match, params)
        )  # ?edit=1: the bench

    def _model(self, mode: str) -> TutorModel:
        return TutorModel(self._spec(mode), self.lesson if mode == GUIDED else None)

    def _spec(self, mode: str) -> Any:
        if mode == GUIDED and self.lesson is not None:
            return lesson_spec(self.lesson)
        opponent = None if mode == HOT_SEAT else self.opponent.value
        return free_play_spec(self.game.id, int(self.seed.value), opponent)

    def _mode_info(self) -> tuple[str, dict[str, Any]]:
        spec = self.tutor.model.spec
        if spec.source == TRY_SOURCE:  # still the tried board: a reload brings it back as such
            return TRY_MODE, {"seed": spec.seed, "opponent": self.opponent.value}
        exercise = self.tutor.model.exercise
        if exercise is not None:
            stem = exercise.exercise.lesson.split("/", 1)[-1]
            return EXERCISE_MODE, {"lesson": stem, "exercise": exercise.exercise.id, **exercise.kept()}
        lesson = self.tutor.model.lesson
        options: dict[str, Any] = {"seed": int(self.seed.value)}
        if self._mode == GUIDED:
            options = {} if lesson is None else {"lesson": lesson.id.split("/", 1)[-1]}
        if self._mode == FREE:
            options["opponent"] = self.opponent.value
        return MODE_IDS[self._mode], options

    def _show_options(self) -> None:
        chosen = self.mode.value
        self.free_options.layout.display = "none" if chosen in (GUIDED, COURSE) else ""
        self.opponent.layout.display = "" if chosen == FREE else "none"
        self.course.layout.display = "" if chosen == COURSE else "none"
        self.tutor.layout.display = "none" if chosen == COURSE else ""
        if self.tutor.key_listener is not None:  # keys must not move a game the Course view hides
            self.tutor.key_listener.enabled = chosen != COURSE
            self.tutor.key_listener.place = self._place()
        self._offer_next()

    def _place(self) -> str:
        """Where the app is, as the address says it: the course list, or the lesson played (none in free play)."""
        if self.mode.value == COURSE:
            return "view=course"
        entry = self._entry()
        return f"lesson={entry.stem}" if self.mode.value == GUIDED and entry is not None else ""

    def _entry(self) -> CourseLesson | None:
        """The course lesson in play in the Guided lesson mode (None: no course)."""
        return next((entry for entry in self.lessons if self.lesson is not None and entry.id == self.lesson.id), None)

    def _from_address(self, query: str) -> None:
        """Back or Forward: go where the address says (the course list, a lesson; neither: the game the list hid)."""
        params = query_params(query)
        if "lesson" in params or params.get("view") == "course":
            self._course_query(params)
        elif self.mode.value == COURSE:
            self._keep()

    def _offer_next(self, _change: Any = None) -> None:
        """At a lesson's end (and nowhere else) the next lesson of the course is one click away."""
        model, entry = self.tutor.model, self._entry()
        later = self.lessons[self.lessons.index(entry) + 1 :] if entry is not None else []
        ended = self._mode == GUIDED and model.exercise is None and model.lesson_done and model.lesson_over_here()
        self.next_lesson.layout.display = "" if ended and later and self.mode.value == GUIDED else "none"
        self._next_entry = later[0] if later else None
        if later:
            self.next_lesson.description = f"Next lesson: {later[0].lesson.title} ▶"

    def _asked_switch(self) -> None:
        """Switch at once when nothing would be lost; otherwise ask, and put the mode back on "no".

        The Course view and the way back from it to the game it hid lose nothing: no question.
        """
        if self._quiet:
            return
        model = self.tutor.model
        if self.mode.value == COURSE or (self.mode.value == self._mode and self.course.layout.display == ""):
            self._show_options()
            return
        if not model.has_progress():
            self._switch()
            return
        model.autoplay = False
        wanted = self.mode.value
        self.tutor.confirm.ask(
            f"Start a new game ({wanted})? The {len(model.match.steps)} steps of this game will be lost "
            "(use Save or share to keep them).",
            "Yes, start the new game",
            self._switch,
            self._keep,
        )

    def _keep(self) -> None:
        self._set_mode(self._mode)
        self._show_options()

    def _set_mode(self, mode: str) -> None:
        self._quiet = True
        try:
            self.mode.value = mode
        finally:
            self._quiet = False

    def _switch(self) -> None:
        """Start the chosen kind of game in the same Tutor (no new widget tree)."""
        self._show_options()
        model = self.tutor.model
        try:
            lesson = self.lesson if self.mode.value == GUIDED else None
            model.start(self._spec(self.mode.value), lesson)
            self._mode = self.mode.value
        except DigitutorError as error:
            model.error = one_line(str(error))
        except Exception as error:  # never a traceback in front of a learner
            log.exception("switching the learn app's mode failed")
            model.error = one_line(f"Something went wrong ({type(error).__name__}): {error}")

    def _restore(self, position: Position, match: Match) -> None:
        """Bring a checked position back: its mode and settings, then its match at its step."""
        source = "saved position"
        if position.mode == TRY_MODE:
            self._restore_try(position, match, source)
            return
        if position.mode == EXERCISE_MODE:
            self._restore_exercise(position, match, source)
            return
        browsing = self.mode.value == COURSE
        modes = {mode_id: mode for mode, mode_id in MODE_IDS.items() if mode in self.mode.options}
        mode = modes.get(position.mode)
        if mode is None:
            raise InputError(source, "mode", f"expected one of {', '.join(modes)}")
        if self._wanted is not None and mode != GUIDED:
            raise InputError(source, "mode", f"this page was opened for lesson {self._wanted.stem!r}")
        lesson = self._position_lesson(position) if mode == GUIDED else None
        seed, opponent = position.options.get("seed", 1), position.options.get("opponent", self.opponent.value)
        if not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            raise InputError(source, "options.seed", f"expected a whole number from 0 to {MAX_SEED}")
        if mode == FREE and opponent not in self.opponent.options:
            raise InputError(source, "options.opponent", f"expected one of {', '.join(self.opponent.options)}")
        self._quiet = True
        try:
            self.seed.value = seed
            if mode == FREE:
                self.opponent.value = opponent
            self.mode.value = mode
        finally:
            self._quiet = False
        spec = lesson_spec(lesson.lesson) if lesson is not None else self._spec(mode)
        if tuple(match.agent_names) != tuple(spec.agents):
            raise InputError(source, "match.agents", f"expected {', '.join(spec.agents)} for {mode}")
        if lesson is not None:
            self.lesson = lesson.lesson
        if browsing:  # the Course view stays in front; the game comes back behind it
            self._set_mode(COURSE)
        self._show_options()
        self._mode = mode
        self.tutor.model.adopt(
            match, position.step, spec, self.lesson if mode == GUIDED else None, position.options.get("screen")
        )

    def _restore_try(self, position: Position, match: Match, source: str) -> None:
        """A position to try from (follow mode): its board as a game of free play, opened at the learner's decision."""
        agents = tuple(match.agent_names)
        seats = [seat for seat, agent in enumerate(agents) if agent == "human"]
        others = {agent for agent in agents if agent != "human"}
        if len(seats) != 1 or len(others) != 1 or not others <= set(self.opponent.options):
            raise InputError(source, "match.agents", f"expected one person and {', '.join(self.opponent.options)}")
        if not isinstance(match.setup, dict) or set(match.setup) != {"board"}:
            raise InputError(source, "match.setup", "expected a board to try")
        if self._wanted is not None:
            raise InputError(source, "mode", f"this page was opened for lesson {self._wanted.stem!r}")
        spec = MatchSpec(self.game.id, match.seed, match.setup, agents, TRY_SOURCE, "seat", seats[0], TRY_LABEL)
        self._quiet = True
        try:
            self.opponent.value = others.pop()
            if 0 <= match.seed <= MAX_SEED:
                self.seed.value = match.seed
            self.mode.value = FREE
        finally:
            self._quiet = False
        self._show_options()
        self._mode = FREE
        model = self.tutor.model
        model.adopt(match, position.step, spec, None)
        if model.at_end and model.pending() is None:
            model.run_to_my_decision()  # opens at the decision waiting for the learner

    def _restore_exercise(self, position: Position, match: Match, source: str) -> None:
        """An exercise a reload brings back: the same exercise, its try replayed with the learner's answers."""
        entry = self._position_lesson(position)
        wanted = position.options.get("exercise")
        ids = [exercise.id for exercise in entry.lesson.exercises]
        if wanted not in ids:
            raise InputError(source, "options.exercise", f"expected one of {', '.join(ids) or '(no exercises)'}")
        exercise = entry.lesson.exercises[ids.index(wanted)]
        answers = [d.answer for d in match.decisions if d.by == "human" and d.player == exercise.seat]
        tries, hinted, shown_me = (position.options.get(name) for name in ("tries", "hinted", "shown_me"))
        if type(tries) is not int or not 1 <= tries <= MAX_TRIES:
            raise InputError(source, "options.tries", f"expected a whole number from 1 to {MAX_TRIES}")
        for name, flag in (("hinted", hinted), ("shown_me", shown_me)):
            if flag not in (0, 1) or type(flag) is not int:
                raise InputError(source, f"options.{name}", "expected 0 or 1")
        browsing = self.mode.value == COURSE
        self.open_exercises(entry, ids.index(wanted))
        session = self.tutor.model.exercise
        if session is None:
            raise InputError(source, "options.exercise", f"could not open exercise {wanted!r}")
        try:
            session.resume(tries, bool(hinted), bool(shown_me), answers)
        except DigitutorError as error:
            self.open_exercises(entry, ids.index(wanted))  # a fresh try, not a half-replayed one
            raise InputError(source, "match.decisions", f"answers this exercise takes ({error})") from None
        if browsing:
            self._set_mode(COURSE)
            self._show_options()

    # -- the course ------------------------------------------------------------------------------

    def _position_lesson(self, position: Position) -> CourseLesson:
        """The course lesson a guided position was saved in (the first lesson when it names none)."""
        stem = position.options.get("lesson", self.lessons[0].stem if self.lessons else "")
        entry = find_lesson(self.lessons, stem) if isinstance(stem, str) else None
        if entry is None:
            raise InputError(
                "saved position", "options.lesson", f"expected one of {', '.join(item.stem for item in self.lessons)}"
            )
        if self._wanted is not None and entry is not self._wanted:
            raise InputError(
                "saved position", "options.lesson", f"this page was opened for lesson {self._wanted.stem!r}"
            )
        return entry

    def open_lesson(self, entry: CourseLesson) -> None:
        """Play a lesson of the course as the guided lesson (back to it, unchanged, when it is the one in play)."""
        model = self.tutor.model
        playing = self._mode == GUIDED and model.lesson is not None and model.lesson.id == entry.id
        self.lesson = entry.lesson
        self._set_mode(GUIDED)
        self._show_options()
        if playing:
            return
        try:
            model.start(lesson_spec(entry.lesson), entry.lesson)
            self._mode = GUIDED
        except DigitutorError as error:
            model.error = one_line(str(error))
        except Exception as error:  # never a traceback in front of a learner
            log.exception("opening a lesson of the course failed")
            model.error = one_line(f"Something went wrong ({type(error).__name__}): {error}")

    def open_exercises(self, entry: CourseLesson, index: int = 0) -> None:
        """Play the lesson's exercises (from the first, or ``index``) in the Guided lesson mode."""
        self.lesson = entry.lesson
        self._set_mode(GUIDED)
        self._show_options()
        self._mode = GUIDED
        self.tutor.model.start_exercise(entry.lesson, index)

    def _course_query(self, params: dict[str, str]) -> None:
        """``?lesson=<file stem>`` opens that lesson (an unknown one: one line,
        then the first); ``?view=course`` the list."""
        if params.get("view") == "course" and self.lessons and "lesson" not in params:
            self.mode.value = COURSE
            return
        if "lesson" not in params or not self.lessons:
            return
        stem = params["lesson"]
        entry = find_lesson(self.lessons, stem)
        self._wanted = entry or self.lessons[0]
        self.open_lesson(self._wanted)
        if entry is None:
            self.tutor.model.error = one_line(
                f"There is no lesson {stem!r} in the {self.game.title} course: here is its first lesson.", 200
            )

    def _finished(self, _change: Any = None) -> None:
        """A lesson played to its end (its ``until``, else the game's end) is kept as finished."""
        model = self.tutor.model
        if model.lesson_done and self._mode == GUIDED and model.lesson is not None:
            self.progress.mark_finished(model.lesson.id)

    def answered(self, lesson_id: str, question_number: int, right: bool) -> None:
        """A lesson question was answered (the questions panel calls this): a right answer is kept."""
        self.progress.record_answer(lesson_id, question_number, right)


def learn_app(game_id: str) -> widgets.Widget:
    """The Learn app of ``game_id``; a friendly page when that game is not playable yet."""
    if game_id not in GAME_MODULES:
        title = GAME_TITLES.get(game_id, game_id)
        return message_page(title, f"{title} is not playable in the tutor yet. You can already read its rulebook.")
    return LearnApp(game_id)

"""The tutor's state as a traitlets model: a Match, the step being viewed, and the app's modes.

Views observe this model and forward clicks to its methods; no view touches the
Match directly. Every public action is guarded: a bad click becomes a one-line
``error`` message, never an exception in front of the learner.
"""

from __future__ import annotations

import functools
import logging
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Concatenate, ParamSpec, TypeVar

from traitlets import Bool, Float, HasTraits, Int, TraitError, Unicode, observe, validate

from ..core.errors import DigitutorError
from ..core.game import GameState
from ..core.match import Match
from ..core.records import Decision, Step
from ..lessons.coach import coach_answer
from .exercise import ExerciseSession
from .lessons import Lesson, LessonTracker, Note, Question
from .options import numbered_keys

log = logging.getLogger("digitutor.widgets")

#: the most steps one "run to my decision" or autoplay tick may take (a safety net, not a rule)
RUN_LIMIT = 5000

P = ParamSpec("P")
R = TypeVar("R")


def one_line(text: str, limit: int = 300) -> str:
    """The first line of ``text``, shortened to ``limit`` characters."""
    line = text.strip().splitlines()[0] if text.strip() else ""
    return line if len(line) <= limit else line[: limit - 1] + "…"


def guarded(method: Callable[Concatenate[TutorModel, P], R]) -> Callable[Concatenate[TutorModel, P], R | None]:
    """Turn any exception of a model action into a one-line ``error`` (never raise to a click): then it returns None."""

    @functools.wraps(method)
    def wrapper(self: TutorModel, *args: P.args, **kwargs: P.kwargs) -> R | None:
        self.error = ""
        try:
            return method(self, *args, **kwargs)
        except DigitutorError as error:
            self.error = one_line(str(error))
        except Exception as error:  # a click must never crash the lesson
            log.exception("tutor action %s failed", method.__name__)
            self.error = one_line(f"Something went wrong ({type(error).__name__}): {error}")
        return None

    return wrapper


@dataclass(frozen=True)
class MatchSpec:
    """How to (re)build a match: game, seed, setup and who sits where."""

    game: str
    seed: int = 1
    setup: dict[str, Any] | None = None
    agents: tuple[str, ...] = ("human", "random")
    source: str = "setup"
    viewpoint: str = "seat"  #: ``seat`` (fixed), ``to-move`` (hot-seat) or ``all`` (nothing hidden)
    seat: int = 0  #: the learner's seat for the ``seat`` viewpoint
    label: str = ""  #: what this match is, for the title bar
    script: tuple[str, ...] = ()  #: intended answers of people, in order (shown as suggestions)
    follow_script: bool = False  #: Next/Run answer a person's decision from the script themselves
    extra: dict[str, Any] = field(default_factory=dict)

    def build(self) -> Match:
        return Match(self.game, self.seed, self.setup, self.agents, self.source)


def exercise_spec(exercise: Any, agents: tuple[str, ...]) -> MatchSpec:
    """How an exercise's match is built: its board, the learner at its seat, titled with its title."""
    label = f"Exercise: {exercise.title}"
    return MatchSpec(exercise.game, exercise.seed, exercise.setup, agents, exercise.path, "seat", exercise.seat, label)


class TutorModel(HasTraits):
    """One match and how the learner is looking at it."""

    step = Int(-1, help="index of the viewed step (-1: before the first step)")
    length = Int(0, help="number of steps the match has")
    revision = Int(0, help="bumps when the match changes but the viewed step index does not")
    presenter = Bool(False, help="presenter mode: large type, high contrast, arrow keys")
    autoplay = Bool(False, help="step on by itself at ``speed`` steps per second")
    speed = Float(2.0, min=0.25, max=20.0, help="autoplay speed in steps per second")
    error = Unicode("", help="one-line message about the last action that failed")
    notice = Unicode("", help="one-line hint about the last action")
    at_screen = Int(0, help="hot-seat: the seat whose player has the screen; it changes only at a hand-over")
    asking = Unicode("", help="a question the learner must answer Yes or No to before an action goes ahead")

    @validate("speed")
    def _finite_speed(self, proposal: Any) -> float:
        """A browser may send any float: NaN passes ``min``/``max`` (every comparison is false), so refuse it here."""
        if not math.isfinite(proposal["value"]):
            raise TraitError(f"speed: expected a finite number of steps per second, got {proposal['value']!r}")
        return proposal["value"]

    def __init__(self, spec: MatchSpec, lesson: Lesson | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.spec = spec
        self.lesson = lesson
        self.match: Match = spec.build()
        self.tracker = LessonTracker(lesson)
        self._answer_listeners: list[Callable[[str, int, bool], None]] = []
        #: the exercise being played on this board (None: a lesson or a game), and the lesson it belongs to
        self.exercise: ExerciseSession | None = None
        self.exercise_lesson: Lesson | None = None
        self._star_listeners: list[Callable[[str, str, int], None]] = []
        self._on_yes: Callable[[], None] | None = None
        self._here: tuple[Any, tuple[Decision | None, str | None]] = (None, (None, None))
        self._coached: tuple[Decision | None, str | None] = (None, None)

    # -- reading ------------------------------------------------------------------------------

    @property
    def game(self) -> Any:
        return self.match.game

    @property
    def at_end(self) -> bool:
        return self.step == len(self.match.steps) - 1

    def state(self) -> GameState:
        """The state after the viewed step (the live state at the end of history)."""
        return self.match.state if self.at_end else self.match.state_at(self.step)

    def viewed(self) -> Step | None:
        return self.match.steps[self.step] if self.step >= 0 else None

    def pending(self) -> Decision | None:
        """The decision waiting for a person, when the live end is viewed."""
        return self.match.pending if self.at_end else None

    def humans(self) -> tuple[int, ...]:
        return tuple(seat for seat, agent in enumerate(self.match.agents) if agent is None)

    @property
    def hot_seat(self) -> bool:
        """Two or more people share the screen, each seeing only their own side."""
        return self.spec.viewpoint == "to-move"

    def viewer(self) -> int | None:
        """Whose eyes everything is shown through: the learner's seat, the hot-seat player who has the screen,
        or None, the judge's view, which shows everything."""
        mode = self.spec.viewpoint
        if mode == "all":
            return None
        if mode == "seat":
            return self.spec.seat
        return self.at_screen

    def handover_to(self) -> int | None:
        """Hot-seat: the seat the screen must pass to before anything more is shown (None: no hand-over now).

        That is the seat of a person who must decide at the live end while another person has the screen.
        Until that person says they are ready, nothing of either side is shown and nothing can be done.
        """
        if not self.hot_seat:
            return None
        pending = self.pending()
        if pending is None or pending.seen_by(self.at_screen) or self.match.agents[pending.player] is not None:
            return None
        return pending.player

    def name(self, seat: int) -> str:
        return self.game.player_name(seat)

    def saved_end(self) -> int:
        """The last step a saved position may hold: in hot-seat, the last one up to which every seat may see every
        answer (``Match.shared_end``: a secret choice not yet revealed never leaves the page); else the live end."""
        return self.match.shared_end() if self.hot_seat else len(self.match.steps) - 1

    def saved_match(self) -> tuple[dict[str, Any], int]:
        """The match as it may leave the page (a file, a link, this browser's storage) and the step to view in it."""
        end = self.saved_end()
        return self.match.save(shared=self.hot_seat), min(self.step, end)

    def notes(self) -> tuple[Note, ...]:
        """The lesson notes that belong to the viewed step."""
        return self.tracker.notes_at(self.step)

    @property
    def lesson_done(self) -> bool:
        """True once the game has reached the lesson's end: its ``until``, else the game's end."""
        return self.lesson is not None and (self.match.over or self.tracker.end is not None)

    def lesson_over_here(self) -> bool:
        """True when the viewed step is at or past the lesson's end (the lesson panel shows the outro there)."""
        if self.lesson is None:
            return False
        return (self.match.over and self.at_end) or self.tracker.ended(self.step)

    def questions(self) -> tuple[tuple[int, Question], ...]:
        """The lesson questions asked at the viewed step, each with its number in the lesson file."""
        return self.tracker.questions_at(self.step)

    def on_answered(self, listener: Callable[[str, int, bool], None]) -> None:
        """Call ``listener(lesson_id, question_number, right)`` whenever the learner answers a lesson question."""
        self._answer_listeners.append(listener)

    def answered(self, lesson_id: str, number: int, right: bool) -> None:
        """The question panel reports an answer: every ``on_answered`` listener hears it."""
        for listener in list(self._answer_listeners):
            listener(lesson_id, number, right)

    def on_stars(self, listener: Callable[[str, str, int], None]) -> None:
        """Call ``listener(lesson_id, exercise_id, stars)`` whenever the learner solves an exercise (or is shown it)."""
        self._star_listeners.append(listener)

    def shown_decision(self) -> tuple[Decision | None, str | None]:
        """The decision the panels show at the viewed point (and the answer given there, for a past one).

        Only a decision the viewer may see (``Decision.seen_by``): another seat's options show that
        seat's hand, and its answer may be a secret choice, so in hot-seat they are never shown.
        """
        decision, taken = self.decision_here()
        if decision is None or not decision.seen_by(self.viewer()):
            return None, None
        return decision, taken

    def hidden_decision(self) -> int | None:
        """The seat whose decision at the viewed point is hidden from the viewer (None: nothing hidden here)."""
        decision, _taken = self.decision_here()
        return None if decision is None or decision.seen_by(self.viewer()) else decision.player

    def phase_shown(self) -> str:
        """The turn-map id of what is shown: the decision's phase at a decision, else the viewed step's own phase."""
        decision, _taken = self.decision_here()
        if decision is not None:
            return decision.phase or self.game.phase_of(self.state())
        step = self.viewed()
        return step.phase if step is not None else self.game.phase_of(self.state())

    def has_progress(self) -> bool:
        """True once the match has moved: starting another one would throw something away."""
        return bool(self.match.steps)

    def suggestion(self) -> str | None:
        """The suggested (★) answer for the pending decision: the script's, or in a lesson the coach's."""
        pending = self.pending()
        if pending is None or self.exercise is not None:  # an exercise is the learner's own work: no ★
            return None
        answered = sum(1 for record in self.match.decisions if record.by == "human")
        script = self.spec.script
        if answered < len(script):
            try:  # scripts may name cards by card id: the suggestion is the option's own key
                return self.match.resolve_key(script[answered]).key
            except DigitutorError:
                return script[answered]
        if self.lesson is None or pending.player != self.spec.seat:
            return None
        if self._coached[0] is not pending:
            self._coached = (pending, coach_answer(self.match, pending))
        return self._coached[1]

    def decision_here(self) -> tuple[Decision | None, str | None]:
        """The decision a person answered right after the viewed step, and their answer (past views only)."""
        if self.at_end:
            return self.match.pending, None
        if self._here[0] != self.step:
            self._here = (self.step, self._decision_before(self.step + 1))
        return self._here[1]

    def _decision_before(self, index: int) -> tuple[Decision | None, str | None]:
        record = next((d for d in self.match.decisions if d.step == index), None)
        if record is None or record.by != "human":
            return None, None
        outcome = self.match.fork(index - 1).advance()  # a fork: the match itself is not touched
        return (outcome, record.answer) if isinstance(outcome, Decision) else (None, None)

    # -- hand-over and questions ---------------------------------------------------------------------

    @guarded
    def ready(self) -> None:
        """Hot-seat: the player the screen was passed to is ready; from now on their side is shown."""
        seat = self.handover_to()
        if seat is None:
            self.notice = "There is no hand-over to make now."
            return
        self.notice = ""
        self.at_screen = seat
        self.revision += 1

    def _held(self) -> bool:
        """True (with a notice saying why) while the screen waits for a hand-over: nothing else may happen."""
        seat = self.handover_to()
        if seat is None:
            return False
        self.notice = f"Pass the screen to {self.name(seat)} first: they press the button when they are ready."
        return True

    def _ask(self, question: str, on_yes: Callable[[], None]) -> None:
        """Ask before an action goes ahead: the view shows ``question`` with Yes and No.

        The question holds only for the point it was asked at: moving on drops it.
        """
        self.asking = ""  # the same question asked twice is still a new question
        self._on_yes = on_yes
        self.asking = question

    @observe("step", "revision")
    def _drop_question(self, _change: Any) -> None:
        self._on_yes = None
        self.asking = ""

    def answer(self, yes: bool) -> None:
        """The learner's answer to ``asking``: Yes carries the action out, No changes nothing."""
        action, self._on_yes = self._on_yes, None
        self.asking = ""
        if yes and action is not None:
            action()

    # -- moving through the match -------------------------------------------------------------------

    @guarded
    def next(self) -> None:
        """One step on: through the recorded future, or a new step from the engine."""
        self.notice = ""
        if self._held():
            return
        if not self.at_end:
            self.step += 1
            return
        self._advance_once()

    @guarded
    def back(self) -> None:
        """One step back, keeping the future."""
        self.notice = ""
        if self._held():
            return
        if self.step < 0:
            self.notice = "This is the start of the game."
            return
        self.step -= 1

    @guarded
    def jump(self, index: int) -> None:
        """View step ``index`` (-1: the start), keeping the future."""
        self.notice = ""
        if self._held():
            return
        if not -1 <= index < len(self.match.steps):
            raise DigitutorError(f"step {index} does not exist (steps 0 to {len(self.match.steps) - 1})")
        self.step = index

    @guarded
    def restart(self) -> None:
        """Start the same match again from the beginning (an exercise: its next try, on the same board)."""
        self.autoplay = False
        if self.exercise is not None:
            self.exercise.retry()
            return
        self.match = self.spec.build()
        self.tracker = LessonTracker(self.lesson)
        self.notice = ""
        self._seat_first()
        self._changed(-1)

    @guarded
    def run_to_my_decision(self) -> None:
        """Play on until a person must decide, the game ends, or the lesson has something new to say."""
        self.notice = ""
        if self._held():
            return
        if not self.at_end:
            self.step = len(self.match.steps) - 1
        for _ in range(RUN_LIMIT):
            if not self._advance_once() or self._should_stop():
                return
        self.notice = f"Stopped after {RUN_LIMIT} steps."

    @guarded
    def tick(self) -> None:
        """One autoplay step; autoplay stops at a person's decision, a lesson note, or the end."""
        if self._held():
            self.autoplay = False
            return
        if not self.at_end:
            self.step += 1
        else:
            self._advance_once()
        if self.at_end and self._should_stop():
            self.autoplay = False

    @guarded
    def choose(self, key: str, rewrite: bool = False) -> None:
        """Answer the decision at the viewed point.

        At an earlier point the answer given there is committed: a new answer replaces the later history
        only with ``rewrite`` (the view asks "rewrite from here?" first), and only the seat that decided
        there may change it — another seat's answer is not even shown.
        """
        self.notice = ""
        if self._held():
            return
        if self.exercise is not None:
            if not self.at_end:
                raise DigitutorError("In an exercise an answer given stays: press Retry to start it again.")
            self.exercise.answer(key)  # the exercise's play moves on; _exercise_moved shows it
            return
        if not self.at_end:
            decision, taken = self.decision_here()
            if decision is None:
                raise DigitutorError("there is no decision to answer at this step")
            if not decision.seen_by(self.viewer()):
                raise DigitutorError(f"that was {self.name(decision.player)}'s decision: only they may change it")
            if key == taken:
                self.step += 1
                self.notice = "That is the answer already given here: the game goes on as it did."
                return
            if not rewrite:
                self._ask(self._rewrite_question(decision), lambda: self.choose(key, rewrite=True))
                return
            self.match.truncate(self.step)
            outcome = self.match.advance()
            if not isinstance(outcome, Decision):
                self._changed(len(self.match.steps) - 1)
                raise DigitutorError("there is no decision to answer at this step")
        elif self.match.pending is None:
            raise DigitutorError("there is no decision to answer right now")
        self.match.choose(key)
        self._changed(len(self.match.steps) - 1)

    def _rewrite_question(self, decision: Decision) -> str:
        """The question before a committed answer is replaced: what is thrown away, and whose answers."""
        later = len(self.match.steps) - self.step - 1
        others = sorted(
            {
                record.player
                for record in self.match.decisions
                if record.step > self.step and record.by == "human" and record.player != decision.player
            }
        )
        also = "".join(
            f" {self.name(seat)}'s later answers are thrown away too, unseen: ask them first." for seat in others
        )
        return (
            f"Rewrite from here? {self.name(decision.player)} already answered at this step; a new answer "
            f"replaces the {later} step(s) after it.{also}"
        )

    @guarded
    def choose_number(self, number: int) -> None:
        """Answer the decision shown with its ``number``-th option as the panel numbers them (counting from 1)."""
        if self._held():
            return
        decision, taken = self.shown_decision()
        if decision is None:
            self.notice = "There is nothing to choose at this step."
            return
        legal = numbered_keys(decision, self.suggestion() if taken is None else None, self.game, self.state())
        if not isinstance(number, int) or not 1 <= number <= len(legal):
            raise DigitutorError(f"there is no option {number} here (options 1 to {len(legal)})")
        self.choose(legal[number - 1])

    @guarded
    def undo(self, agreed: bool = False) -> None:
        """Take back the last answer a person gave; that decision is asked again.

        In hot-seat, taking back another player's answer asks first (it is theirs, and may be a secret:
        it stays hidden, and they are asked again after a hand-over).
        """
        self.autoplay = False
        if self._held():
            return
        if self.exercise is not None:
            self.notice = "In an exercise an answer given stays: press Retry to start it again."
            return
        humans = [record for record in self.match.decisions if record.by == "human"]
        had_human = bool(humans)
        last = humans[-1] if humans else None
        if self.hot_seat and not agreed and last is not None and last.player != self.at_screen:
            who = self.name(last.player)
            self._ask(
                f"Take back {who}'s last answer? It stays hidden; {who} is asked again once the screen is passed "
                "to them.",
                lambda: self.undo(agreed=True),
            )
            return
        if not self.match.undo():
            self.notice = "There is nothing to undo yet."
            return
        if had_human:
            self.match.advance()  # asks the taken-back decision again (it changes nothing)
        self.notice = (
            f"{self.name(last.player)}'s last answer was taken back."
            if self.hot_seat and last is not None
            else "Your last answer was taken back."
        )
        self._changed(len(self.match.steps) - 1)

    def adopt(
        self, match: Match, step: int, spec: MatchSpec | None = None, lesson: Lesson | None = None, screen: Any = None
    ) -> None:
        """Continue with ``match`` (e.g. a loaded position), viewing ``step`` (clamped to the steps it has).

        With ``spec``, the tutor also switches to that kind of game (and ``lesson``) for Restart; in hot-seat,
        ``screen`` is the seat that had the screen when the position was saved.
        """
        if match.game.id != (spec or self.spec).game:
            raise DigitutorError(f"that position is a {match.game.title} game, not {self.game.title}")
        if spec is not None:
            self.spec, self.lesson = spec, lesson
        self._leave_exercise()
        self.autoplay = False
        self.match = match
        self.tracker = LessonTracker(self.lesson)
        self.notice = ""
        self._seat_first(screen)
        self._changed(max(-1, min(step, len(match.steps) - 1)))

    def start(self, spec: MatchSpec, lesson: Lesson | None = None) -> None:
        """Switch to a different match (e.g. from the guided game to free play)."""
        self.spec, self.lesson = spec, lesson
        self._leave_exercise()
        self.restart()

    @guarded
    def start_exercise(self, lesson: Lesson, index: int) -> ExerciseSession | None:
        """Play exercise ``index`` of ``lesson`` on this board: the learner at its seat, no ★, no "Tempting" list."""
        exercise = lesson.exercises[index]
        session = ExerciseSession(exercise)
        self._leave_exercise()
        self.spec, self.lesson = exercise_spec(exercise, tuple(session.match.agent_names)), None
        self.exercise, self.exercise_lesson = session, lesson
        session.on_stars(self._stars)
        session.observe(self._exercise_moved, "revision")
        self.autoplay = False
        self.match = session.match
        self.tracker = LessonTracker(None)
        self.notice = ""
        self._seat_first()
        self._changed(len(self.match.steps) - 1)
        return session

    def _leave_exercise(self) -> None:
        if self.exercise is not None:
            self.exercise.unobserve(self._exercise_moved, "revision")
        self.exercise = self.exercise_lesson = None

    def _stars(self, exercise: Any, stars: int) -> None:
        for listener in list(self._star_listeners):
            listener(exercise.lesson, exercise.id, stars)

    def _exercise_moved(self, _change: Any) -> None:
        """The exercise's try moved on (an answer, a retry, "Show me", a hint): show its live end."""
        session = self.exercise
        if session is None:
            return
        if self.match is not session.match:
            self.match = session.match
            self.tracker = LessonTracker(None)
        self._changed(len(self.match.steps) - 1)

    # -- internals ------------------------------------------------------------------------------------

    def _seat_first(self, screen: Any = None) -> None:
        """Who has the screen when a game starts or is loaded: in hot-seat, the seat that had it when the position
        was saved (``screen``), else the person who answered last (a reloaded page shows them only their own side),
        else the first seat; a hand-over follows if another must decide."""
        self.answer(False)
        answered = [record.player for record in self.match.decisions if record.by == "human"]
        if self.spec.viewpoint == "seat":
            self.at_screen = self.spec.seat
        elif type(screen) is int and 0 <= screen < self.game.players:  # (a link may hold anything: not True)
            self.at_screen = screen
        else:
            self.at_screen = answered[-1] if answered else 0

    def _advance_once(self) -> bool:
        """Ask the engine for one more step; False when nothing new happened."""
        if self.exercise is not None:  # the exercise's play has run to the learner's decision, or to its verdict
            decided = self.exercise.decided
            self.notice = "The exercise is decided: press Retry to try it again." if decided else "Your turn."
            return False
        before = len(self.match.steps)
        had_pending = self.match.pending is not None
        outcome = self.match.advance()
        if outcome is None:
            self.notice = "The game is over."
            return False
        if len(self.match.steps) == before:
            if not had_pending:
                self._changed(before - 1)  # a new decision is waiting
                return True
            answer = self.suggestion() if self.spec.follow_script else None
            if answer is None:  # (at a hot-seat hand-over the hand-over screen says what to do)
                self.notice = (
                    ""
                    if self.handover_to() is not None
                    else self.spec.extra.get("waiting", "Your turn: choose one of the options.")
                )
                return False
            self.match.choose(answer)
        self._changed(len(self.match.steps) - 1)
        return True

    def _should_stop(self) -> bool:
        """Autoplay and runs stop for a person's decision, the end, the lesson's
        end, or a new lesson note or question."""
        waiting = self.match.pending is not None and not (self.spec.follow_script and self.suggestion())
        lesson_end = self.tracker.end is not None and self.step == self.tracker.end
        return waiting or self.match.over or lesson_end or bool(self.notes()) or bool(self.questions())

    def _changed(self, step: int) -> None:
        self._here = (None, (None, None))  # the history changed: forget the cached past decision
        self.tracker.update(self.match)
        self.length = len(self.match.steps)
        if self.step == step:
            self.revision += 1  # views re-render on a step change or a revision, never twice for one action
        else:
            self.step = step

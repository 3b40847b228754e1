"""The Tutor: one composite widget for any registered game, over a TutorModel.

>>> Tutor.for_lesson("dtector")             # guided first game
>>> Tutor.for_scenario("dtector/spirit-beats-all")
>>> Tutor.free_play("dtector", seed=3, opponent="random")   # opponent=None: hot-seat
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets

from ..core.errors import DigitutorError
from ..core.game import BEYOND_RULES
from ..core.match import Match
from ..core.registry import get_game
from .board import BoardPanel
from .citation import RuleNowPanel, note_quotes_html
from .controls import ConfirmBar, Controls, Timeline
from .decision import DecisionPanel
from .detail import DetailPanel
from .exercise_panel import ExercisePanel
from .handover import HandOver, secret_html
from .keys import key_listener
from .lessons import Lesson, lesson_for
from .model import MatchSpec, TutorModel, one_line
from .position import Position, load_match, position_link, read_position
from .publish import publish_from
from .query import on_query, query_params
from .questions import QuestionPanel
from .save import SavePanel, hot_seat_save_html
from .style import esc, paragraphs, style
from .termlinks import link_terms
from .turnmap import TurnMap
from .words import phase_title, step_number

log = logging.getLogger("digitutor.widgets")

#: a restorer: brings a checked position (and its replayed match) into the app, or raises DigitutorError
Restorer = Callable[[Position, Match], None]


#: where a position sent back by the page on opening came from (its local storage)
KEPT = "position kept by this browser"


def presenter_requested(query: str | None = None) -> bool:
    """True when the page was opened with ``?mode=presenter``."""
    return query_params(query).get("mode") == "presenter"


def lesson_spec(lesson: Lesson) -> MatchSpec:
    agents = tuple("human" if seat == lesson.seat else lesson.opponent for seat in range(get_game(lesson.game).players))
    return MatchSpec(
        lesson.game, lesson.seed, lesson.setup, agents, lesson.path, "seat", lesson.seat, lesson.title, lesson.script
    )


def setup_from_decks(game_id: str, decks: Sequence[Any]) -> dict[str, Any]:
    """A ``{"decks": [...]}`` setup from deck documents or YAML texts; an illegal deck raises with its reasons."""
    from ..decks import check_deck_document, check_deck_text

    lists = []
    for number, deck in enumerate(decks, 1):
        source = f"deck {number}"
        report = (
            check_deck_text(deck, source, game_id)
            if isinstance(deck, str)
            else check_deck_document(deck, source, game_id)
        )
        if not report.legal:
            raise DigitutorError(report.one_line())
        lists.append(list(report.cards))
    return {"decks": lists}


def free_play_spec(
    game_id: str, seed: int = 1, opponent: str | None = "random", decks: Sequence[Any] | None = None, seat: int = 0
) -> MatchSpec:
    players = get_game(game_id).players
    setup = setup_from_decks(game_id, decks) if decks else None
    # the seed is shown on this page's title only, never in a follower's (it determines every hidden card)
    shown = {"seed_in_title": True}
    if opponent is None:
        return MatchSpec(
            game_id, seed, setup, ("human",) * players, viewpoint="to-move", label="Hot-seat game", extra=shown
        )
    agents = tuple("human" if index == seat else opponent for index in range(players))
    return MatchSpec(
        game_id, seed, setup, agents, seat=seat, label=f"Free play against the computer ({opponent})", extra=shown
    )


#: said under the outro of a lesson that ends before its game does
PLAY_ON = (
    "The lesson ends here, but the game goes on: press Next to keep playing, or open the next lesson from the Course."
)


def closing_words(model: TutorModel) -> str:
    """The lesson's last heading, matching how the game ended for the learner (or that the lesson ended before it)."""
    result = model.match.result
    if not (model.match.over and model.at_end):
        return "End of the lesson"
    if result is None:
        return "Game over"
    seat = model.spec.seat
    if result.winner is None:
        return "A draw!"
    return "You won — well played!" if result.winner == seat else "The computer won this time"


#: a lesson text longer than this (plain characters) gets a "more" that opens it whole in the detail place
TASK_CHARS = 160


class LessonPanel(widgets.HTML):
    """The lesson's words for the viewed step: the intro, the latest note, or the outro.

    In the task place it shows its first three lines; "more" opens the whole text, with the clauses the note
    quotes, in the detail place (``full``).
    """

    def __init__(self) -> None:
        super().__init__()
        self.add_class("dt-lesson")
        self.add_class("dt-panel")
        self.full = ""

    def show(self, model: TutorModel) -> None:
        lesson = model.lesson
        if lesson is None:
            self.layout.display = "none"
            self.full = ""
            return
        self.layout.display = ""
        words = link_terms(self._words(model, lesson), lesson.game)  # game words explained where they appear
        words += self._quotes(model)  # after link_terms: a quote stays verbatim
        self.full = words
        long = len(re.sub(r"<[^>]*>", "", words)) > TASK_CHARS
        more = (
            '<button type="button" class="jupyter-widgets jupyter-button widget-button dt-task-more" '
            'data-detail="note" title="The whole text, in the detail place below">more ▸</button>'
            if long
            else ""
        )
        self.value = f'<div class="dt-lesson-body" tabindex="0" role="region" aria-label="Lesson">{words}</div>{more}'

    @staticmethod
    def _quotes(model: TutorModel) -> str:
        """The clauses the shown notes quote, each in full with its breadcrumb."""
        latest = None if model.lesson_over_here() else model.tracker.latest(model.step)
        return "" if latest is None else note_quotes_html(c for note in latest[1] for c in note.quotes)

    @staticmethod
    def _words(model: TutorModel, lesson: Lesson) -> str:
        if model.lesson_over_here():
            goes_on = "" if model.match.over and model.at_end else f'<p class="dt-play-on">{esc(PLAY_ON)}</p>'
            return f'<h2 class="dt-panel-title">{esc(closing_words(model))}</h2>{paragraphs(lesson.outro)}{goes_on}'
        latest = model.tracker.latest(model.step)
        if latest is None:
            title = f'<h2 class="dt-panel-title">{esc(lesson.title)}</h2>'
            return f"{title}{paragraphs(lesson.intro)}{beyond_rules_html(lesson)}"
        index, notes = latest
        fresh = "" if index == model.step else f'<div class="dt-step-head">(from step {step_number(index)})</div>'
        return fresh + "".join(
            f'<h2 class="dt-panel-title">{esc(note.title)}</h2>{paragraphs(note.text)}' for note in notes
        )


def beyond_rules_html(lesson: Lesson) -> str:
    """A lesson's board that says it is beyond a legal game (``beyond-rules``): the reason, shown to the learner."""
    board = (lesson.setup or {}).get("board")
    reason = board.get(BEYOND_RULES) if isinstance(board, dict) else None
    if not isinstance(reason, str) or not reason.strip():
        return ""
    return f'<p class="dt-beyond-rules"><b>Beyond a legal game:</b> {esc(reason.strip())}</p>'


class Tutor(widgets.VBox):
    """Board, rule now, decision, controls, timeline and turn map for one match of any game.

    ``presenter_toggle=False`` when the page around it has the presenter toggle; ``store_key``
    keeps the position in the browser so a reload brings it back.
    """

    def __init__(self, model: TutorModel, presenter_toggle: bool = True, store_key: str = "", app_id: str = "") -> None:
        self.model = model
        game = model.game
        self.app_id = app_id or f"tutor:{game.id}"
        self.mode_info: Callable[[], tuple[str, dict[str, Any]]] = lambda: ("play", {})
        self.restorer: Restorer = self._adopt
        self._asked = False
        self.title = widgets.HTML()
        self.title.add_class("dt-title")
        self.error = widgets.HTML(layout=widgets.Layout(display="none"))
        self.error.add_class("dt-error")
        self.notice = widgets.HTML(layout=widgets.Layout(display="none"))
        self.notice.add_class("dt-notice")
        self.confirm = ConfirmBar()
        self.turn_map = TurnMap(game.turn_map())
        self.controls = Controls(model, self.confirm, presenter=presenter_toggle)
        self.save = SavePanel(self.restore)
        self.status = widgets.HTML()
        self.status.add_class("dt-status")
        self.board = BoardPanel()
        self.lesson = LessonPanel()
        self.questions = QuestionPanel()
        self.questions.on_settled = self._show_detail  # the tempting list opens once the question is answered right
        self.decision = DecisionPanel()
        self.rule = RuleNowPanel()
        self.handover = HandOver(model)
        # the four places of docs/layout.md: task, decision, rule now, detail (the secret note stands in for a
        # decision another seat took in hot-seat, so it shares place 2 with it: never both at once)
        self.exercise = ExercisePanel(model, lambda lesson: model.start(lesson_spec(lesson), lesson))
        self.task = widgets.VBox([self.exercise, self.lesson])
        self.task.add_class("dt-task")
        self._watched: set[int] = set()
        self.task.observe(self._watch_task, "children")
        self._watch_task()
        self.secret = widgets.HTML(layout=widgets.Layout(display="none"))
        self.secret.add_class("dt-secret-place")
        self.detail = DetailPanel(self.questions)
        side = widgets.VBox([self.task, self.secret, self.decision, self.rule, self.detail])
        side.add_class("dt-side")
        main = widgets.HBox([self.board, side])
        main.add_class("dt-main")
        self.main = main
        self.timeline = Timeline(model)
        actions: dict[str, Callable[..., Any]] = {
            "next": model.next,
            "back": model.back,
            "tick": model.tick,
            "option": model.choose_number,
            "jump": model.jump,
            "detail": self.detail.page_choice,
            "restore": lambda text: self.restore(text, KEPT),
            "open": lambda text: self.restore(text, "link"),
        }
        self.page_actions = actions  #: what the page bridge may ask for; an app adds its own (e.g. ``place``)
        self.key_listener = key_listener(actions, store_key=store_key)
        top = widgets.HBox([self.turn_map, self.status])
        top.add_class("dt-top")
        parts = [
            style(),
            self.title,
            self.error,
            self.notice,
            self.confirm,
            top,
            self.controls,
            self.save,
            self.handover,
            main,
            self.timeline,
        ]
        super().__init__(parts + ([self.key_listener] if self.key_listener is not None else []))
        self.add_class("dt-app")
        self.add_class("dt-tutor")
        model.observe(self._render, ["step", "revision"])
        model.observe(self._messages, ["error", "notice"])
        model.observe(self._ask, "asking")
        model.observe(self._presenter, "presenter")
        model.observe(self._clock, ["autoplay", "speed"])
        self.controls.save.observe(self._toggle_save, "value")
        self._presenter()
        self._clock()
        if presenter_toggle:
            on_query(self._query)
        self._render()
        publish_from(self)  # follow mode: only on the teacher's page (``?teacher=`` the room's key)

    # -- constructors ---------------------------------------------------------------------------

    @classmethod
    def for_lesson(cls, game_id: str, name: str = "first-game") -> Tutor:
        """The guided first game of ``game_id``; raises DigitutorError if it has no such lesson."""
        lesson = lesson_for(game_id, name)
        if lesson is None:
            raise DigitutorError(f"{game_id} has no lesson {name!r} yet")
        return cls(TutorModel(lesson_spec(lesson), lesson))

    @classmethod
    def for_scenario(cls, scenario_id: str, presenter_toggle: bool = True) -> Tutor:
        """A rulings scenario (id or file), every seat a person, Next following its script."""
        from ..scenarios.model import find_scenario

        scenario = find_scenario(scenario_id)
        players = get_game(scenario.game).players
        spec = MatchSpec(
            scenario.game,
            scenario.seed,
            scenario.setup,
            ("human",) * players,
            scenario.path,
            "all",
            label=scenario.title,
            script=scenario.script,
            follow_script=True,
        )
        return cls(TutorModel(spec), presenter_toggle=presenter_toggle)

    @classmethod
    def free_play(
        cls,
        game_id: str,
        seed: int = 1,
        opponent: str | None = "random",
        decks: Sequence[Any] | None = None,
        seat: int = 0,
    ) -> Tutor:
        """A game from the default decks (or ``decks``) against ``opponent``; None: hot-seat for two people."""
        return cls(TutorModel(free_play_spec(game_id, seed, opponent, decks, seat)))

    # -- positions ---------------------------------------------------------------------------

    def position(self) -> Position:
        """The viewed position, for a file, a link or the browser's storage (in hot-seat: only what every seat may see,
        and who has the screen, so that a reload shows nobody another's side)."""
        mode, options = self.mode_info()
        match, step = self.model.saved_match()
        if self.model.hot_seat:
            options = {**options, "screen": self.model.at_screen}
        return Position(self.app_id, mode, match, step, options)

    def restore(self, text: str, source: str) -> None:
        """Open a saved position (file, link or browser storage); a bad one is a one-line error, never a traceback."""
        model = self.model
        try:
            position = read_position(text, source)
            if position.app != self.app_id:
                raise DigitutorError(f"{source}: saved by another app ({position.app!r}, this is {self.app_id!r})")
            match = load_match(position, source)
            self.restorer(position, match)
        except DigitutorError as error:
            if source == KEPT:  # an old game this browser kept no longer fits (e.g. the lesson changed): start afresh
                model.notice = "The game this browser kept could not be brought back, so a new one starts."
                log.info("dropped a kept position: %s", error)
            else:
                model.error = one_line(f"Could not open that position — {error}")
            return
        except Exception as error:  # untrusted input must never show a traceback
            log.exception("restoring a position from %s failed", source)
            model.error = one_line(f"Could not open that position ({type(error).__name__})")
            return
        self.confirm.layout.display = "none"
        model.notice = f"Opened the {source}: step {step_number(model.step)} of {len(model.match.steps)}."

    def _adopt(self, position: Position, match: Match) -> None:
        self.model.adopt(match, position.step, screen=position.options.get("screen"))

    # -- rendering ---------------------------------------------------------------------------

    def close(self) -> None:
        """Close this Tutor and every widget inside it (so a replaced Tutor frees its comms)."""
        stack: list[widgets.Widget] = [self]
        while stack:
            widget = stack.pop()
            stack.extend(getattr(widget, "children", ()))
            if widget is not self:
                widget.close()
        listener = getattr(self, "key_listener", None)
        if listener is not None:
            listener.close()
        super().close()

    def _keep(self) -> None:
        """What the page keeps in its storage: sent before anything is drawn, so that what the learner sees is
        already kept when a reload comes."""
        if self.key_listener is not None and self.key_listener.store_key:
            self.key_listener.saved = position_link(self.position())

    def _point(self) -> None:
        """Tell the page the step viewed, after it is drawn (the page scrolls the timeline to it)."""
        if self.key_listener is not None:
            self.key_listener.current = self.model.step

    def _render(self, _change: Any = None) -> None:
        model = self.model
        self._keep()
        seat = model.handover_to()
        self.handover.show(model, seat)
        if seat is not None:
            self._render_handover()
            return
        for part in (self.main, self.controls, self.timeline):
            part.layout.display = ""
        state = model.state()
        viewer = model.viewer()
        board = model.game.board(state, viewer)
        players = {player.index: player.name for player in board.players}
        phase = model.phase_shown()
        decision, taken = model.shown_decision()
        hidden = model.hidden_decision()
        self.secret.value = "" if hidden is None else secret_html(model, hidden)
        self.secret.layout.display = "none" if hidden is None else ""
        # the rule first: it is what the learner reads next (each update goes out as soon as it is set)
        self.rule.show(model.step, model.viewed(), players, phase_title(model.game, phase), decision, viewer)
        self.turn_map.show(phase)
        self.board.show(board, viewer, None if decision is None else decision.player)
        self.title.value = self._title()
        tempting = model.exercise is None  # an exercise lists no "Tempting, but not allowed" (it would give it away)
        suggested = model.suggestion() if taken is None else None
        self.decision.show(decision, players, suggested, taken, model.game, state, tempting)
        self.exercise.show(model)
        self.lesson.show(model)
        self.questions.show(model)
        self._show_detail()
        self.controls.show(model)
        self.timeline.show(model)
        self.status.value = self._status(players)
        if self.save.shown:
            self.save.show(self.position(), model.game.id, self._save_note())
        self._point()

    def _render_handover(self) -> None:
        """The hand-over screen: the title, the turn map and the status, and nothing of either side.

        The hidden panels are emptied too (a hidden panel still sends its HTML to the page).
        """
        model = self.model
        self.board.value = self.secret.value = ""
        self.rule.clear()
        self.decision.show(None, {})
        self.detail.clear()
        self.timeline.clear()
        self.controls.save.value = False
        for part in (self.main, self.controls, self.timeline, self.lesson, self.exercise):
            part.layout.display = "none"
        self.title.value = self._title()
        self.turn_map.show(model.game.phase_of(model.state()))
        self.status.value = self._status({seat: model.name(seat) for seat in range(model.game.players)})
        self._point()

    def _show_detail(self) -> None:
        """What the detail place's tabs hold for the step shown."""
        lesson = self.lesson
        note = lesson.full if lesson.layout.display != "none" and "dt-task-more" in lesson.value else ""
        self.detail.show(
            {
                "note": (1 if note else 0, note),
                "questions": (len(self.questions.cards), ""),
                # while a question is open its answer stays off the screen (issue 33 item 4)
                "whynot": (0, "") if self.questions.unanswered else self.decision.why_not,
                "rules": self.rule.more,
                "words": (self.rule.words.count('class="dt-term"'), self.rule.words),
            }
        )

    def _watch_task(self, _change: Any = None) -> None:
        """Hide the task place when everything in it is hidden (a panel added later is watched too)."""
        for child in self.task.children:
            if id(child) not in self._watched:
                self._watched.add(id(child))
                child.layout.observe(self._sync_task, "display")
        self._sync_task()

    def _sync_task(self, _change: Any = None) -> None:
        shown = any(child.layout.display != "none" for child in self.task.children)
        self.task.layout.display = "" if shown else "none"

    def _title(self, public: bool = False) -> str:
        """The game, the match, and whose eyes the tutor shows it through (the judge's view says it shows all).

        ``public``: the title a follower sees, without the seed (from which the whole game, hidden cards included,
        can be rebuilt).
        """
        model = self.model
        label = model.spec.label
        if model.spec.extra.get("seed_in_title") and not public:
            label += f", seed {model.spec.seed}"
        viewer = model.viewer()
        if viewer is None:
            eyes = "Judge's view: shows all — every hand, face-down card and secret choice"
        elif model.hot_seat:
            eyes = f"Hot-seat: {model.name(viewer)} has the screen"
        else:
            eyes = f"{model.name(viewer)}'s view"
        return (
            f'<span class="dt-game-name">{esc(model.game.title)}</span> <span class="dt-sub">{esc(label)}</span>'
            f' <span class="dt-eyes">{esc(eyes)}</span>'
        )

    def public_title(self) -> str:
        """The title as a follower sees it (follow mode): no seed."""
        return self._title(public=True)

    def _ask(self, _change: Any = None) -> None:
        """A question from the model (rewrite from here? take back their answer?) in the confirm bar."""
        model = self.model
        if model.asking:
            self.confirm.ask(model.asking, "Yes, go ahead", lambda: model.answer(True), lambda: model.answer(False))
        elif self._asked:
            self.confirm.layout.display = "none"
        self._asked = bool(model.asking)

    def _status(self, players: dict[int, str]) -> str:
        model, match = self.model, self.model.match
        total = len(match.steps)
        where = "Start of the game" if model.step < 0 else f"Step {step_number(model.step)} of {total}"
        if not model.at_end:
            return f"{where} · looking back (the game goes on at step {total})"
        if match.result is not None:
            result = match.result
            winner = "a draw" if result.winner is None else f"{esc(players.get(result.winner, result.winner))} wins"
            scores = f" ({' to '.join(map(str, result.scores))})" if result.scores else ""
            return f'{where} · <span class="dt-result">Game over: {winner} — {esc(result.reason)}{scores}</span>'
        if match.pending is not None:
            return f"{where} · waiting for {esc(players.get(match.pending.player, ''))} to decide"
        return where

    def _messages(self, _change: Any = None) -> None:
        for box, text in ((self.error, self.model.error), (self.notice, self.model.notice)):
            box.value = esc(text)
            box.layout.display = "" if text else "none"

    def _toggle_save(self, _change: Any = None) -> None:
        on = self.controls.save.value
        self.save.layout.display = "" if on else "none"
        if on:
            self.save.show(self.position(), self.model.game.id, self._save_note())

    def _save_note(self) -> str:
        """What the Save panel says first in hot-seat: a secret choice held back on this page, what the seed tells."""
        model = self.model
        if not model.hot_seat:
            return ""
        return hot_seat_save_html(model.game.players, model.saved_end(), len(model.match.steps))

    def _clock(self, _change: Any = None) -> None:
        if self.key_listener is not None:
            self.key_listener.interval = int(1000 / self.model.speed)
            self.key_listener.playing = self.model.autoplay

    def _query(self, params: dict[str, str]) -> None:
        if params.get("mode") == "presenter":
            self.model.presenter = True

    def _presenter(self, _change: Any = None) -> None:
        (self.add_class if self.model.presenter else self.remove_class)("dt-presenting")

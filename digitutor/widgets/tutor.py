"""The Tutor: one composite widget for any registered game, over a TutorModel.

>>> Tutor.for_lesson("dtector")             # guided first game
>>> Tutor.for_scenario("dtector/spirit-beats-all")
>>> Tutor.free_play("dtector", seed=3, opponent="random")   # opponent=None: hot-seat
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Sequence
from typing import Any
from urllib.parse import parse_qs

import ipywidgets as widgets

from ..core.errors import DigitutorError
from ..core.registry import get_game
from .board import BoardPanel
from .citation import RuleNowPanel
from .controls import Controls, Timeline
from .decision import DecisionPanel
from .keys import key_listener
from .lessons import Lesson, lesson_for
from .model import MatchSpec, TutorModel
from .style import esc, paragraphs, style
from .turnmap import TurnMap


log = logging.getLogger("digitutor.widgets")


def presenter_requested(query: str | None = None) -> bool:
    """True when the page was opened with ``?mode=presenter`` (Voila passes the query as QUERY_STRING)."""
    query = os.environ.get("QUERY_STRING", "") if query is None else query
    return "presenter" in parse_qs(query.lstrip("?")).get("mode", [])


def follow_query(model: TutorModel) -> None:
    """Switch presenter mode on from the page's query string.

    A preheated Voila kernel builds the app before anyone asks for the page, so there
    the query string arrives later: a background thread waits for it.
    """
    if os.environ.get("VOILA_PREHEAT") == "True" and "QUERY_STRING" not in os.environ:
        threading.Thread(target=_await_query, args=(model,), name="digitutor-query", daemon=True).start()
    elif presenter_requested():
        model.presenter = True


def _await_query(model: TutorModel) -> None:
    try:
        from ..serve import query_string  # standard library only: voila.utils would double the kernel's memory

        query_string()
        if presenter_requested():
            model.presenter = True
    except Exception:  # noqa: BLE001 - without the query string the app simply stays in normal mode
        log.exception("could not read the page's query string")


def lesson_spec(lesson: Lesson) -> MatchSpec:
    agents = tuple("human" if seat == lesson.seat else lesson.opponent for seat in range(get_game(lesson.game).players))
    return MatchSpec(lesson.game, lesson.seed, lesson.setup, agents, lesson.path, "seat", lesson.seat,
                     lesson.title, lesson.script)


def setup_from_decks(game_id: str, decks: Sequence[Any]) -> dict[str, Any]:
    """A ``{"decks": [...]}`` setup from deck documents or YAML texts; an illegal deck raises with its reasons."""
    from ..decks import check_deck_document, check_deck_text

    lists = []
    for number, deck in enumerate(decks, 1):
        source = f"deck {number}"
        report = check_deck_text(deck, source, game_id) if isinstance(deck, str) else check_deck_document(deck, source, game_id)
        if not report.legal:
            raise DigitutorError(report.one_line())
        lists.append(list(report.cards))
    return {"decks": lists}


def free_play_spec(game_id: str, seed: int = 1, opponent: str | None = "random", decks: Sequence[Any] | None = None,
                   seat: int = 0) -> MatchSpec:
    players = get_game(game_id).players
    setup = setup_from_decks(game_id, decks) if decks else None
    if opponent is None:
        return MatchSpec(game_id, seed, setup, ("human",) * players, viewpoint="to-move", label=f"Hot-seat game, seed {seed}")
    agents = tuple("human" if index == seat else opponent for index in range(players))
    return MatchSpec(game_id, seed, setup, agents, seat=seat, label=f"Free play against the computer ({opponent}), seed {seed}")


class LessonPanel(widgets.HTML):
    """The lesson's words for the viewed step: the intro, the latest note, or the outro."""

    def __init__(self) -> None:
        super().__init__()
        self.add_class("dt-lesson")
        self.add_class("dt-panel")

    def show(self, model: TutorModel) -> None:
        lesson = model.lesson
        if lesson is None:
            self.layout.display = "none"
            return
        self.layout.display = ""
        if model.match.over and model.at_end and lesson.outro:
            self.value = f"<h3>Well played!</h3>{paragraphs(lesson.outro)}"
            return
        latest = model.tracker.latest(model.step)
        if latest is None:
            self.value = f"<h3>{esc(lesson.title)}</h3>{paragraphs(lesson.intro)}"
            return
        index, notes = latest
        fresh = "" if index == model.step else f'<div class="dt-step-head">(from step {index})</div>'
        self.value = fresh + "".join(f"<h3>{esc(note.title)}</h3>{paragraphs(note.text)}" for note in notes)


class Tutor(widgets.VBox):
    """Board, rule now, decision, controls, timeline and turn map for one match of any game."""

    def __init__(self, model: TutorModel) -> None:
        self.model = model
        game = model.game
        self.title = widgets.HTML()
        self.title.add_class("dt-title")
        self.error = widgets.HTML(layout=widgets.Layout(display="none"))
        self.error.add_class("dt-error")
        self.notice = widgets.HTML(layout=widgets.Layout(display="none"))
        self.notice.add_class("dt-notice")
        self.turn_map = TurnMap(game.turn_map())
        self.controls = Controls(model)
        self.status = widgets.HTML()
        self.status.add_class("dt-status")
        self.board = BoardPanel()
        self.board.layout = widgets.Layout(flex="3 1 0%", min_width="360px")
        self.lesson = LessonPanel()
        self.decision = DecisionPanel(model.choose)
        self.rule = RuleNowPanel()
        side = widgets.VBox([self.lesson, self.decision, self.rule], layout=widgets.Layout(flex="2 1 0%"))
        side.add_class("dt-side")
        main = widgets.HBox([self.board, side], layout=widgets.Layout(flex_flow="row wrap"))
        main.add_class("dt-main")
        self.timeline = Timeline(model)
        self.key_listener = key_listener({"next": model.next, "back": model.back})
        parts = [style(), self.title, self.error, self.notice, self.turn_map, self.controls, self.status, main, self.timeline]
        super().__init__(parts + ([self.key_listener] if self.key_listener is not None else []))
        self.add_class("dt-app")
        self.add_class("dt-tutor")
        model.observe(self._render, ["step", "revision"])
        model.observe(self._messages, ["error", "notice"])
        model.observe(self._presenter, "presenter")
        self._presenter()
        follow_query(model)
        self._render()

    # -- constructors ---------------------------------------------------------------------------

    @classmethod
    def for_lesson(cls, game_id: str, name: str = "first-game") -> Tutor:
        """The guided first game of ``game_id``; raises DigitutorError if it has no such lesson."""
        lesson = lesson_for(game_id, name)
        if lesson is None:
            raise DigitutorError(f"{game_id} has no lesson {name!r} yet")
        return cls(TutorModel(lesson_spec(lesson), lesson))

    @classmethod
    def for_scenario(cls, scenario_id: str) -> Tutor:
        """A rulings scenario (id or file), every seat a person, Next following its script."""
        from ..scenarios.model import find_scenario

        scenario = find_scenario(scenario_id)
        players = get_game(scenario.game).players
        spec = MatchSpec(scenario.game, scenario.seed, scenario.setup, ("human",) * players, scenario.path, "all",
                         label=scenario.title, script=scenario.script, follow_script=True)
        return cls(TutorModel(spec))

    @classmethod
    def free_play(cls, game_id: str, seed: int = 1, opponent: str | None = "random",
                  decks: Sequence[Any] | None = None, seat: int = 0) -> Tutor:
        """A game from the default decks (or ``decks``) against ``opponent``; None: hot-seat for two people."""
        return cls(TutorModel(free_play_spec(game_id, seed, opponent, decks, seat)))

    # -- rendering ---------------------------------------------------------------------------

    def close(self) -> None:
        """Close this Tutor and every widget inside it (so a replaced Tutor frees its comms)."""
        stack: list[widgets.Widget] = [self]
        while stack:
            widget = stack.pop()
            stack.extend(getattr(widget, "children", ()))
            if widget is not self:
                widget.close()
        if self.key_listener is not None:
            self.key_listener.close()
        super().close()

    def _render(self, _change: Any = None) -> None:
        model = self.model
        state = model.state()
        viewer = model.viewer()
        board = model.game.board(state, viewer)
        players = {player.index: player.name for player in board.players}
        self.title.value = (
            f"<h2>{esc(model.game.title)}</h2><span class=\"dt-sub\">{esc(model.spec.label)}</span>"
        )
        self.board.show(board, viewer)
        self.turn_map.show(model.game.phase_of(state))
        self.rule.show(model.step, model.viewed(), players)
        decision, taken = model.decision_here()
        self.decision.show(decision, players, model.suggestion() if taken is None else None, taken)
        self.lesson.show(model)
        self.controls.show(model)
        self.timeline.show(model)
        self.status.value = self._status(players)

    def _status(self, players: dict[int, str]) -> str:
        model, match = self.model, self.model.match
        where = "Start of the game" if model.step < 0 else f"Step {model.step} of {len(match.steps) - 1}"
        if not model.at_end:
            return f"{where} · looking back (the game goes on at step {len(match.steps) - 1})"
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

    def _presenter(self, _change: Any = None) -> None:
        on = self.model.presenter
        (self.add_class if on else self.remove_class)("dt-presenting")
        if self.key_listener is not None:
            self.key_listener.enabled = on

"""Laying out a D-Tector game: from two decks, or from a prepared board (scenarios)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ...core.errors import InputError, counted
from ...core.fields import whole_number
from ...core.frames import Frame, frame, stack_of
from ...core.layout import MAX_TURN, CardLayout
from ...core.records import Reason
from . import citations as C
from .cards import DECK_SIZE, Card, card_set, tutorial_decks
from .procedure import turn_frames
from .state import DState, Side, Unit

#: the phases a prepared board may start in
START_AT = ("setup", "draw", "battle-call", "digivolve", "digi-battle")


def start_frames(phase: str, active: int) -> list[Frame]:
    """The frame stack of a board that starts in ``phase`` of ``active``'s turn."""
    if phase == "setup":
        return stack_of(frame("setup.decks"))
    frames = turn_frames(active)
    kinds = [f.kind.partition(".")[0] for f in frames]
    return stack_of(*frames[kinds.index(phase) :])


ZONES = ("deck", "hand", "d_dock", "discard", "score")


def deck_problems(card_ids: list[str]) -> tuple[Reason, ...]:
    """Every reason a list of card ids is not a legal D-Tector deck (empty: legal)."""
    reasons = []
    if len(card_ids) != DECK_SIZE:
        reasons.append(
            Reason(f"The deck has {counted(len(card_ids), 'card')}; it needs exactly {DECK_SIZE}.", C.DECK_SIZE)
        )
    return tuple(reasons)


class Layout(CardLayout[Card]):
    """A D-Tector layout: cards, and D-Dock Digimon made of them."""

    def __init__(self, source: str) -> None:
        super().__init__(source, card_set())

    def unit(self, entry: Any, where: str) -> Unit:
        if isinstance(entry, str):
            return Unit((self.place(entry, where),))
        if isinstance(entry, list) and entry:
            return Unit(tuple(self.pile(entry, where)))
        if (
            isinstance(entry, dict)
            and isinstance(entry.get("stack"), list)
            and entry["stack"]
            and set(entry) <= {"stack", "spirits"}
        ):
            return Unit(
                tuple(self.pile(entry["stack"], f"{where}.stack")),
                tuple(self.pile(entry.get("spirits"), f"{where}.spirits")),
            )
        raise InputError(
            self.source, where, "expected a card id, a list (bottom first) or {stack: [...], spirits: [...]}"
        )


def state_from_decks(decks: Any, source: str, rng: random.Random) -> DState:
    """A new game from two lists of card ids: ``{"decks": [[...], [...]]}``."""
    layout = Layout(source)
    sides = [Side(piles) for piles in layout.decks(decks, str(DECK_SIZE), deck_problems)]
    return DState(layout.instances(rng), sides)


def state_from_board(board: Mapping[str, Any], source: str, rng: random.Random) -> DState:
    """A prepared board: any card in any zone, points, whose turn, and the phase to start in."""
    unknown = set(board) - {"turn", "active", "phase", "players"}
    if unknown:
        raise InputError(source, f"setup.{sorted(unknown)[0]}", "unknown field (expected turn, active, phase, players)")
    phase = board.get("phase", "battle-call")
    if not isinstance(phase, str) or phase not in START_AT:
        raise InputError(source, "setup.phase", f"expected one of {', '.join(START_AT)}, got {phase!r}")
    active = board.get("active", 0)
    if type(active) is not int or active not in (0, 1):
        raise InputError(source, "setup.active", f"expected 0 or 1, got {active!r}")
    turn = whole_number(board.get("turn", 1), 1, MAX_TURN, source, "setup.turn")
    layout = Layout(source)
    sides = layout.sides(board.get("players"), "setup.players", lambda entry, where: _side(layout, entry, where))
    frames = start_frames(phase, active)
    if phase != "setup" and any(not side.deck for side in sides):
        frames = stack_of(
            frame("game-over.end")
        )  # How To Win: a player already ran out of cards, so the game ends at once
    return DState(layout.instances(rng), sides, frames, turn, active, active)


def _side(layout: Layout, entry: Any, where: str) -> Side:
    if not isinstance(entry, dict):
        raise InputError(layout.source, where, f"expected a mapping with {', '.join(ZONES)}, points")
    unknown = set(entry) - {*ZONES, "points"}
    if unknown:
        raise InputError(
            layout.source, f"{where}.{sorted(unknown)[0]}", f"unknown field (expected {', '.join(ZONES)}, points)"
        )
    points = entry.get("points", 0)
    if type(points) is not int or points < 0:
        raise InputError(layout.source, f"{where}.points", f"expected a whole number, got {points!r}")
    deck = layout.pile(entry.get("deck"), f"{where}.deck")
    deck.reverse()  # files list the deck top first; the engine draws from the end
    d_dock = entry.get("d_dock") or []
    if not isinstance(d_dock, list):
        raise InputError(layout.source, f"{where}.d_dock", "expected a list of Digimon")
    return Side(
        deck=deck,
        hand=layout.pile(entry.get("hand"), f"{where}.hand"),
        ddock=[layout.unit(unit, f"{where}.d_dock[{i}]") for i, unit in enumerate(d_dock)],
        discard=layout.pile(entry.get("discard"), f"{where}.discard"),
        score=layout.pile(entry.get("score"), f"{where}.score"),
        points=points,
    )


def new_state(setup: Mapping[str, Any], source: str = "setup", rng: random.Random | None = None) -> DState:
    """Either ``{"decks": [...]}`` or ``{"board": {...}}``; ``rng`` numbers the card instances."""
    rng = rng or random.Random(0)
    if not isinstance(setup, Mapping):
        raise InputError(source, "setup", "expected a mapping with 'decks' or 'board'")
    if setup.get("decks") == "tutorial":
        return state_from_decks([list(ids) for _, ids in tutorial_decks()], source, rng)
    if "decks" in setup:
        return state_from_decks(setup["decks"], source, rng)
    if "board" in setup and isinstance(setup["board"], Mapping):
        return state_from_board(setup["board"], source, rng)
    raise InputError(source, "setup", "expected 'decks: tutorial', 'decks: [[...], [...]]' or 'board: {...}'")

"""What every game sub-package provides to the engine, the CLI and the widgets."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..rules.model import Citation
from .records import Decision, Result, Step


class GameState(Protocol):
    """A game's mutable state. ``copy`` must be cheap: snapshots rely on it."""

    turn: int
    over: bool

    def copy(self) -> GameState: ...


@dataclass(frozen=True, slots=True)
class PhaseInfo:
    """One entry of a game's turn map."""

    id: str
    title: str
    citation: Citation


@dataclass(frozen=True, slots=True)
class CardView:
    """A card as a board shows it; ``hidden`` cards show only their back.

    Every field after ``hidden`` is optional, so one drawing fits all five games: a D-Tector
    card (level, battle type, power), an Arena card (colour, level, attacks), a DCG card
    (colour, level, DP, play cost, cards under it, suspended) and a DMB/DBE card (HP and
    its three attack powers).
    """

    uid: str
    name: str = ""
    level: str = ""
    kind: str = ""  #: battle type, colour, card type — whatever that game sorts by
    stats: Mapping[str, str] = field(default_factory=dict)  #: the numbers that matter in that game
    text: str = ""
    hidden: bool = False
    colour: str = ""  #: the card's colour as the game names it (frame colour); empty: drawn from ``kind``
    power_label: str = ""  #: the headline number's name: ``Power``, ``DP``, ``HP``
    printed: str = ""  #: the headline number as printed on the card
    current: str = ""  #: the headline number now, after effects (empty: as printed)
    cost: str = ""  #: play cost (DCG memory, …)
    attacks: Mapping[str, str] = field(default_factory=dict)  #: e.g. DMB/DBE {"Circle": "40", "Triangle": "30", "Cross": "20"}
    face_down: bool = False  #: lies face down (its owner, or a judge's view, may still read it)
    suspended: bool = False  #: DCG: suspended (turned sideways)
    under: tuple[CardView, ...] = ()  #: cards under it (digivolution sources), top first


@dataclass(frozen=True, slots=True)
class ZoneView:
    """One zone of one player; piles show a count, rows and stacks show cards."""

    id: str
    title: str
    cards: tuple[CardView, ...]
    layout: str = "row"  #: ``row`` (side by side), ``stack`` (on top of each other), ``pile`` (count only)
    count: int = 0


@dataclass(frozen=True, slots=True)
class PlayerView:
    """One side of the board."""

    index: int
    name: str
    counters: Mapping[str, str]  #: e.g. {"Points": "3"}, {"HP": "40"}, {"Memory": "3"}
    zones: tuple[ZoneView, ...]
    active: bool = False


@dataclass(frozen=True, slots=True)
class BoardView:
    """The whole board as seen by ``viewer`` (None: everything visible)."""

    game: str
    turn: int
    phase: str
    players: tuple[PlayerView, ...]
    shared: Mapping[str, str] = field(default_factory=dict)  #: e.g. a shared memory gauge


class Game(Protocol):
    """The interface of a game sub-package (``digitutor.games.<id>``)."""

    id: str
    title: str
    players: int

    def default_setup(self) -> dict[str, Any]:
        """A JSON-able setup for a normal game (the two tutorial decks)."""

    def new_state(self, setup: Mapping[str, Any], source: str = "setup") -> GameState:
        """Lay out a game from a setup (decks or a scenario board); raises InputError."""

    def advance(self, state: GameState, rng: random.Random) -> Step | Decision:
        """Take the next step, or stop at a decision. A decision must not change state or use rng."""

    def result(self, state: GameState) -> Result | None:
        """How the game ended, or None while it goes on."""

    def all_cards(self, state: GameState) -> list[str]:
        """Every card instance in every zone (for the no-card-lost-or-duplicated invariant)."""

    def board(self, state: GameState, viewer: int | None = None) -> BoardView:
        """The board for a view."""

    def turn_map(self) -> tuple[PhaseInfo, ...]:
        """The game's phases in order, each citing its rule."""

    def phase_of(self, state: GameState) -> str:
        """The id (in ``turn_map``) of the phase the state is in."""

"""The D-Tector board: zones per player, the D-Dock's Digimon, and where the procedure is."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from .cards import Card


class Phase(StrEnum):
    """The parts of a D-Tector game, in order."""

    SETUP = "setup"  #: Game Requirements: decks, shuffle, opening hands, coin flip
    DRAW = "draw"  #: refill hands (an interpretation)
    BATTLE_CALL = "battle-call"  #: Battle Call Command Phase
    DIGIVOLVE = "digivolve"  #: Digivolve Phase
    DIGI_BATTLE = "digi-battle"  #: Digi-Battle Phase
    END = "end"  #: the turn passes
    GAME_OVER = "game-over"  #: How To Win


@dataclass(frozen=True, slots=True)
class Unit:
    """A Digimon in a D-Dock: its digivolution stack (bottom first) and any combined Spirits."""

    stack: tuple[int, ...]
    spirits: tuple[int, ...] = ()

    @property
    def top(self) -> int:
        return self.stack[-1]

    @property
    def cards(self) -> tuple[int, ...]:
        return self.stack + self.spirits


@dataclass(slots=True)
class Side:
    """One player's zones. Cards are instance numbers into ``DState.cards``."""

    deck: list[int]  #: top of the deck is the end of the list
    hand: list[int] = field(default_factory=list)
    ddock: list[Unit] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)
    score: list[int] = field(default_factory=list)
    points: int = 0

    def copy(self) -> Side:
        return Side(list(self.deck), list(self.hand), list(self.ddock), list(self.discard), list(self.score), self.points)


@dataclass(slots=True)
class DState:
    """The whole game state. ``cursor`` names the procedure step to run next."""

    cards: tuple[Card, ...]  #: instance number -> card; shared, never changed
    sides: list[Side]
    cursor: str = "setup.decks"
    turn: int = 0
    active: int = 0  #: whose turn it is
    first: int = 0
    face_down: list[int | None] = field(default_factory=lambda: [None, None])
    digivolved: frozenset[int] = frozenset()  #: bottom cards of Digimon that digivolved this phase
    digivolver: int = 0  #: who is digivolving now
    attacker: int | None = None  #: D-Dock position of the attacking Digimon
    over: bool = False
    winner: int | None = None

    def copy(self) -> DState:
        return DState(
            self.cards,
            [side.copy() for side in self.sides],
            self.cursor,
            self.turn,
            self.active,
            self.first,
            list(self.face_down),
            self.digivolved,
            self.digivolver,
            self.attacker,
            self.over,
            self.winner,
        )

    @property
    def phase(self) -> Phase:
        return Phase(self.cursor.partition(".")[0])

    def card(self, uid: int) -> Card:
        return self.cards[uid]

    def label(self, uid: int) -> str:
        return self.cards[uid].name

    def unit_power(self, unit: Unit) -> int:
        """A D-Dock Digimon's power: its top card plus every combined Spirit."""
        return self.cards[unit.top].power + sum(self.cards[s].power for s in unit.spirits)

    def unit_label(self, unit: Unit) -> str:
        names = self.cards[unit.top].name
        if unit.spirits:
            names += " + " + " + ".join(self.cards[s].name for s in unit.spirits)
        return names

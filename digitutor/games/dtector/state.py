"""The D-Tector board: zones per player, the D-Dock's Digimon, and where the procedure is."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from ...core.frames import Frame, frame
from ...core.instances import Instances
from ...core.state import StateBase


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
        return Side(
            list(self.deck), list(self.hand), list(self.ddock), list(self.discard), list(self.score), self.points
        )


@dataclass(slots=True)
class DState(StateBase):
    """The whole game state: zones of card instances and the stack of pending procedure frames."""

    instances: Instances  #: every physical card: uid -> card, public id, owner
    sides: list[Side]
    frames: list[Frame] = field(default_factory=lambda: [frame("setup.decks")])
    turn: int = 0
    active: int = 0  #: whose turn it is
    first: int = 0
    face_down: list[int | None] = field(default_factory=lambda: [None, None])

    def copy(self) -> DState:
        return DState(
            self.instances,
            [side.copy() for side in self.sides],
            list(self.frames),
            self.turn,
            self.active,
            self.first,
            list(self.face_down),
            **self.ending(),
        )

    @property
    def phase(self) -> Phase:
        return Phase(self.frames[-1].kind.partition(".")[0])

    def unit_power(self, unit: Unit) -> int:
        """A D-Dock Digimon's power: its top card plus every combined Spirit."""
        return self.cards[unit.top].power + sum(self.cards[s].power for s in unit.spirits)

    def unit_label(self, unit: Unit) -> str:
        names = self.cards[unit.top].name
        if unit.spirits:
            names += " + " + " + ".join(self.cards[s].name for s in unit.spirits)
        return names

    def unit_at(self, player: int, top: int) -> int | None:
        """Where in ``player``'s D-Dock the Digimon with top card ``top`` stands (None: not there)."""
        for position, unit in enumerate(self.sides[player].ddock):
            if unit.top == top:
                return position
        return None

"""The Digimon Card Game state: each player's zones of card instances, the shared memory gauge, the frames."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

import msgspec
from msgspec.structs import replace

from ...core.frames import Frame, frame
from ...core.instances import Instances
from ...core.state import StateBase

MEMORY_LIMIT = 10  #: "Neither player can have more than 10 memory."


class Phase(StrEnum):
    """Where a turn is (the turn map), plus setting up and the end of the game."""

    SETUP = "setup"
    UNSUSPEND = "unsuspend"
    DRAW = "draw"
    BREEDING = "breeding"
    MAIN = "main"
    GAME_OVER = "game-over"


class Stack(msgspec.Struct, frozen=True):
    """A Digimon or Tamer in play: its cards bottom first (the last is the top card), and its state."""

    cards: tuple[int, ...]
    suspended: bool = False
    played: int = 0  #: the turn it was played (0: not played this game's way, e.g. moved out of the breeding area)
    burst: bool = False  #: burst digivolved this turn
    digivolved: int = 0  #: the turn it last digivolved

    @property
    def top(self) -> int:
        return self.cards[-1]

    @property
    def sources(self) -> tuple[int, ...]:
        """Its digivolution cards (everything under the top card)."""
        return self.cards[:-1]

    def but(self, **changes: object) -> Stack:
        return replace(self, **changes)


@dataclass(slots=True)
class Side:
    """One player's zones. Piles list their top card last."""

    deck: list[int]
    eggs: list[int] = field(default_factory=list)
    hand: list[int] = field(default_factory=list)
    security: list[int] = field(default_factory=list)
    trash: list[int] = field(default_factory=list)
    breeding: Stack | None = None
    battle: list[Stack] = field(default_factory=list)
    field_cards: list[int] = field(default_factory=list)  #: an Option being used, a security card being checked

    def copy(self) -> Side:
        return Side(
            list(self.deck),
            list(self.eggs),
            list(self.hand),
            list(self.security),
            list(self.trash),
            self.breeding,
            list(self.battle),
            list(self.field_cards),
        )


@dataclass(slots=True)
class CState(StateBase):
    """The whole game: zones of card instances, the memory gauge, and the stack of pending frames.

    ``memory`` is the gauge seen from Player 1: positive on Player 1's side, negative on
    Player 2's. ``player_memory`` gives one player's memory.
    """

    instances: Instances
    sides: list[Side]
    frames: list[Frame] = field(default_factory=lambda: [frame("setup.shuffle")])
    turn: int = 0
    active: int = 0  #: whose turn it is
    first: int = 0  #: who went first
    memory: int = 0
    overflowed: list[int] = field(default_factory=list)  #: ACE cards whose <Overflow> applied since the last step: uids
    overflow_sources: bool = False  #: one of them was a digivolution card
    used: list[str] = field(default_factory=list)  #: [Once Per Turn] effects used this turn: "<iid>/<part>/<index>"
    searched: list[int] = field(default_factory=list)  #: cards an effect's owner is looking at (a searched deck): uids
    revealed: list[int] = field(
        default_factory=list
    )  #: cards an effect revealed (face up in the field until moved): uids

    def copy(self) -> CState:
        return CState(
            self.instances,
            [side.copy() for side in self.sides],
            list(self.frames),
            self.turn,
            self.active,
            self.first,
            self.memory,
            list(self.overflowed),
            self.overflow_sources,
            list(self.used),
            list(self.searched),
            list(self.revealed),
            **self.ending(),
        )

    @property
    def phase(self) -> Phase:
        """The phase the turn is in; effects resolving belong to the phase they activated in (the frame below them)."""
        for running in reversed(self.frames):
            kind = running.kind.partition(".")[0]
            if kind not in EFFECT_FRAMES:
                return PHASE_OF.get(kind, Phase.MAIN)
        return Phase.MAIN if self.frames else Phase.GAME_OVER

    def player_memory(self, player: int) -> int:
        """``player``'s memory: positive on their side of the gauge, negative on the opponent's."""
        return self.memory if player == 0 else -self.memory

    def set_memory(self, player: int, value: int) -> None:
        """Put the counter at ``value`` from ``player``'s side, within the gauge."""
        value = max(-MEMORY_LIMIT, min(MEMORY_LIMIT, value))
        self.memory = value if player == 0 else -value

    def stack_of(self, uid: int) -> tuple[int, int | None] | None:
        """(owner, position in the battle area; None for the breeding area) of the stack holding ``uid``."""
        for owner, side in enumerate(self.sides):
            if side.breeding is not None and uid in side.breeding.cards:
                return owner, None
            for position, stack in enumerate(side.battle):
                if uid in stack.cards:
                    return owner, position
        return None

    def stack_in_play(self, uid: int) -> tuple[int, int | None]:
        """``stack_of`` for a card that must be in a stack (an attacker, a blocker): a ValueError if it is not."""
        found = self.stack_of(uid)
        if found is None:
            raise ValueError(f"{self.instances.ids[uid]} is in no stack")
        return found

    def stack_at(self, owner: int, position: int | None) -> Stack:
        side = self.sides[owner]
        if position is not None:
            return side.battle[position]
        if side.breeding is None:
            raise ValueError(f"player {owner} has no stack in the breeding area")
        return side.breeding

    def set_stack(self, owner: int, position: int | None, stack: Stack | None) -> None:
        """Replace (or, with None, remove) the stack at ``position``."""
        side = self.sides[owner]
        if position is None:
            side.breeding = stack
        elif stack is None:
            del side.battle[position]
        else:
            side.battle[position] = stack


PHASE_OF = {
    "setup": Phase.SETUP,
    "unsuspend": Phase.UNSUSPEND,
    "draw": Phase.DRAW,
    "breeding": Phase.BREEDING,
    "main": Phase.MAIN,
    "attack": Phase.MAIN,
    "end": Phase.MAIN,
    "game-over": Phase.GAME_OVER,
    "turn": Phase.UNSUSPEND,
}
#: Frames of effects waiting or resolving: they run in whatever phase the frame below them is in
#: ([Start of Your Turn] effects in the Unsuspend Phase, [On Play] effects in the Main Phase, ...).
EFFECT_FRAMES = frozenset({"effect", "effects"})

"""The part of a game state every game has: the card records, the result and the lasting changes."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .effects import Lasting
from .frames import FrameStack
from .instances import CardTable


@dataclass(slots=True, kw_only=True)
class StateBase(FrameStack, CardTable):
    """Base of a game's state class; the game adds ``instances``, its zones and its ``frames``.

    The fields here are keyword-only, so a game's own fields keep their positions.
    """

    over: bool = False
    winner: int | None = None
    cards: tuple[Any, ...] = ()  #: uid -> card (the instance table's records, for speed)
    lasting: list[Lasting] = field(default_factory=list)  #: changes made by effects that last until a duration ends

    def __post_init__(self) -> None:
        self.cards = self.instances.cards

    def ending(self) -> dict[str, Any]:
        """The keyword arguments that copy these fields into a new state."""
        return {"over": self.over, "winner": self.winner, "lasting": list(self.lasting)}

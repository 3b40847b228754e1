"""Laying cards out from a file: each placed card gets its own instance."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, TypeVar

from .errors import InputError
from .instances import Instances
from .records import Reason

#: the latest turn a prepared board may start at (every game's boards: a bound, never a real game's length)
MAX_TURN = 10_000

CardT = TypeVar("CardT")
SideT = TypeVar("SideT")


class CardLayout(Generic[CardT]):
    """Numbers card instances as they are placed, so every card has one identity.

    ``known`` maps card ids to a game's card records; ``source`` names the file for errors.
    Internal numbers follow the order of placing (the file's order); the public ids
    (``instances``) are numbered per owner in a shuffled order (see ``Instances.numbered``).
    """

    def __init__(self, source: str, known: Mapping[str, CardT]) -> None:
        self.source = source
        self.known = known
        self.cards: list[CardT] = []
        self.owners: list[int | None] = []
        self.owner: int | None = None  #: who owns the cards placed next

    def place(self, card_id: Any, where: str) -> int:
        """One card by id, owned by ``self.owner``; an unknown id raises InputError naming ``where``."""
        if not isinstance(card_id, str) or card_id not in self.known:
            raise InputError(self.source, where, f"unknown card {str(card_id)[:60]!r}")
        self.cards.append(self.known[card_id])
        self.owners.append(self.owner)
        return len(self.cards) - 1

    def pile(self, ids: Any, where: str) -> list[int]:
        """A list of card ids (None: an empty pile)."""
        if ids is None:
            return []
        if not isinstance(ids, list):
            raise InputError(self.source, where, "expected a list of card ids")
        return [self.place(card_id, f"{where}[{i}]") for i, card_id in enumerate(ids)]

    def decks(self, decks: Any, size: str, problems_of: Callable[[list[str]], Sequence[Reason]]) -> list[list[int]]:
        """Two decks of card ids, each placed and checked; an illegal deck raises with every cited reason."""
        if not isinstance(decks, list) or len(decks) != 2:
            raise InputError(self.source, "decks", f"expected two decks (lists of {size} card ids)")
        piles = []
        for player, deck in enumerate(decks):
            self.owner = player
            piles.append(self.pile(deck, f"decks[{player}]"))
            problems = problems_of(deck)
            if problems:
                why = "; ".join(f'{r.why} ("{r.citation.quote}")' for r in problems)
                raise InputError(self.source, f"decks[{player}]", why)
        return piles

    def sides(self, players: Any, where: str, read: Callable[[Any, str], SideT]) -> list[SideT]:
        """Two players of a prepared board, each read by ``read(entry, where)`` with its cards owned by that player."""
        if not isinstance(players, list) or len(players) != 2:
            raise InputError(self.source, where, "expected a list of two players")
        sides = []
        for player, entry in enumerate(players):
            self.owner = player
            sides.append(read(entry, f"{where}[{player}]"))
        return sides

    def instances(self, rng: random.Random) -> Instances:
        """The placed cards as the match's instance table."""
        return Instances.numbered(self.cards, self.owners, rng)

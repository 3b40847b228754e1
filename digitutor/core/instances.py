"""Card instances: every physical card of a match, told apart from its copies.

A state numbers its cards internally (``uid``: an index into ``cards``) and names
each one publicly with an instance id that is stable for the match: ``p0.c17`` is
one physical card of Player 1, ``pool.c3`` a card nobody owns yet (a draft pile).
Public numbers are drawn in a seeded shuffled order, so an id says nothing about
where the card stood in a deck list; a face-down card is never shown with its id.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .records import Event


def owner_prefix(owner: int | None) -> str:
    return "pool" if owner is None else f"p{owner}"


@dataclass(frozen=True, slots=True)
class Instances:
    """The match's card table: uid -> card record, public id and owner; plus the ledger."""

    cards: tuple[Any, ...]
    ids: tuple[str, ...]
    owners: tuple[int | None, ...]
    created: tuple[int, ...] = ()  #: uids of cards made during play (tokens)
    removed: tuple[int, ...] = ()  #: uids of cards removed from the game
    index: dict[str, int] = field(default_factory=dict, compare=False, repr=False)
    #: answers worked out from this match's cards that never change (a game may keep them here)
    memo: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        if not self.index:
            self.index.update((iid, uid) for uid, iid in enumerate(self.ids))

    @classmethod
    def numbered(cls, cards: Sequence[Any], owners: Sequence[int | None], rng: random.Random) -> Instances:
        """Give each card a public id, numbered per owner in a shuffled order drawn from ``rng``."""
        ids = [""] * len(cards)
        for owner in dict.fromkeys(owners):
            uids = [uid for uid, who in enumerate(owners) if who == owner]
            numbers = list(range(1, len(uids) + 1))
            rng.shuffle(numbers)
            for uid, number in zip(uids, numbers, strict=True):
                ids[uid] = f"{owner_prefix(owner)}.c{number}"
        return cls(tuple(cards), tuple(ids), tuple(owners))

    def uid(self, instance_id: str) -> int | None:
        """The internal number of an instance id (None: no such card in this match)."""
        return self.index.get(instance_id)

    def iid(self, uid: int) -> str:
        return self.ids[uid]

    def create(self, card: Any, owner: int | None) -> tuple[Instances, int]:
        """A new table with a token made during play; returns it and the token's uid."""
        uid = len(self.cards)
        number = sum(1 for u in self.created if self.owners[u] == owner) + 1
        table = Instances(
            (*self.cards, card),
            (*self.ids, f"{owner_prefix(owner)}.t{number}"),
            (*self.owners, owner),
            (*self.created, uid),
            self.removed,
        )
        return table, uid

    def remove(self, uid: int) -> Instances:
        """A new table that records ``uid`` as removed from the game (it is in no zone now)."""
        return Instances(self.cards, self.ids, self.owners, self.created, (*self.removed, uid), self.index)

    def owner(self, uid: int) -> int:
        """The player who owns card ``uid``; a card of the shared pool has none (a ValueError here)."""
        owner = self.owners[uid]
        if owner is None:
            raise ValueError(f"{self.ids[uid]} belongs to no player")
        return owner

    def accounted(self, in_zones: Sequence[int]) -> bool:
        """Card conservation: every card is in exactly one zone or recorded as removed."""
        return sorted([*in_zones, *self.removed]) == list(range(len(self.cards)))


class CardTable:
    """Mixin for a game state with ``instances`` and ``cards``: the card accessors every game uses."""

    __slots__ = ()
    instances: Instances
    cards: tuple[Any, ...]

    def card(self, uid: int) -> Any:
        return self.cards[uid]

    def iid(self, uid: int) -> str:
        """The public instance id of a card (``p0.c17``)."""
        return self.instances.ids[uid]

    def uid(self, instance_id: str) -> int:
        uid = self.instances.uid(instance_id)
        if uid is None:
            raise KeyError(instance_id)
        return uid

    def label(self, uid: int) -> str:
        name: str = self.cards[uid].name
        return name

    def labels(self, uids: Sequence[int]) -> tuple[str, ...]:
        return tuple(self.cards[uid].name for uid in uids)

    def card_event(
        self,
        kind: str,
        player: int | None,
        uids: Iterable[int],
        data: dict[str, Any] | None = None,
        secret: bool = False,
        seen_by: Iterable[int] | None = None,
    ) -> Event:
        """An event naming card instances; ``secret``: only ``player`` may see which cards they are; ``seen_by``: only
        these seats may (whoever moves the cards, the card's owner or nobody but the judge, as the rules say)."""
        ids, cards = self.instances.ids, self.cards
        uids = tuple(uids)
        visible = (
            tuple(sorted(seen_by)) if seen_by is not None else (player,) if secret and player is not None else None
        )
        return Event(
            kind, player, tuple([ids[u] for u in uids]), tuple([cards[u].name for u in uids]), data or {}, visible
        )


class Renumbering:
    """Fresh numbers for a copy of a state as one viewer may know it: hidden cards become ``unknown``.

    Numbers follow the order cards are given in (zone by zone), so neither a number nor an
    instance id says anything about a hidden card; ``fresh`` maps old numbers to new ones.
    """

    def __init__(self, state: Any, unknown: Any) -> None:
        self.state, self.unknown = state, unknown
        self.cards: list[Any] = []
        self.ids: list[str] = []
        self.fresh: dict[int, int] = {}

    def pile(self, uids: Iterable[int], hidden: bool) -> list[int]:
        """New numbers for ``uids``, blanked when ``hidden``."""
        numbers = []
        for uid in uids:
            self.cards.append(self.unknown if hidden else self.state.cards[uid])
            self.ids.append("" if hidden else self.state.instances.ids[uid])
            self.fresh[uid] = len(self.cards) - 1
            numbers.append(self.fresh[uid])
        return numbers

    def table(self) -> Instances:
        return Instances(tuple(self.cards), tuple(self.ids), tuple(None for _ in self.cards))

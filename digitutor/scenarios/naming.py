"""How a scenario file names one physical card, and effect numbers as a card prints them.

A scenario may name a card by its instance id (``p0.c17``), which says nothing a judge can
read, or by **card id with a copy number**: ``agumon#2`` is its owner's second Agumon,
``p1.agumon#2`` Player 2's (see ``CopyNumbers`` for the order). A card keeps its number
wherever it goes.

``effect-no=N`` names a card's N-th effect counted as printed, from 1; the engine's own
``effect=N`` (kept for old files, with its old meaning) counts from 0.
"""

from __future__ import annotations

import re
from typing import Any

from ..core.errors import DigitutorError

COPY = re.compile(r"^(?:p(?P<owner>[01])\.)?(?P<card>[A-Za-z0-9_-]+)#(?P<number>[0-9]{1,4})$")
OWNED = re.compile(r"^p(?P<owner>[01])\.(?P<card>[A-Za-z0-9_-]+)$")
PRINTED_EFFECT = "effect-no="


class NamingError(DigitutorError):
    """A card or effect named in a way that fits no card of this match."""


class CopyNumbers:
    """The copy numbers of one match, fixed from its start: by owner and card id, each copy's instance in order.

    Copies are numbered in the order the setup writes them: zone by zone in the order the file lists a
    player's zones, each zone's cards in the order written (cards are placed in that order, so their
    internal numbers follow it); cards the file does not place (the decks of ``decks:`` setups keep
    their list order) and cards made during play come after, in the order they were placed or made.
    """

    def __init__(self, game: Any, state: Any, setup: Any) -> None:
        self.zone_of = {uid: zone for zone, _, uids in game.zones(state) for uid in uids}
        board = setup.get("board") if isinstance(setup, dict) else None
        players = board.get("players") if isinstance(board, dict) else None
        self.written: list[list[str]] = [
            [str(key).replace("_", "-") for key in entry] if isinstance(entry, dict) else []
            for entry in (players if isinstance(players, list) else [])
        ]

    def rank(self, uid: int, owner: int) -> tuple[int, int]:
        written = self.written[owner] if owner < len(self.written) else []
        zone = self.zone_of.get(uid)
        return (written.index(zone) if zone in written else len(written), uid)

    def copies(self, state: Any, card_id: str, owner: int) -> list[int]:
        """Every copy of ``card_id`` that ``owner`` owns, in copy-number order."""
        table = state.instances
        found = [
            uid
            for uid, card in enumerate(table.cards)
            if getattr(card, "id", None) == card_id and table.owners[uid] == owner
        ]
        return sorted(found, key=lambda uid: self.rank(uid, owner))

    def copy_instance(self, state: Any, name: str, player: int) -> str | None:
        """The instance id ``name`` stands for if it has a copy number (else
        None); raises NamingError if no such copy."""
        found = COPY.match(name)
        if found is None:
            return None
        owner = player if found["owner"] is None else int(found["owner"])
        number = int(found["number"])
        uids = self.copies(state, found["card"], owner)
        if not 1 <= number <= len(uids):
            have = f"has {len(uids)} cop{'y' if len(uids) == 1 else 'ies'}" if uids else "has none"
            raise NamingError(f"{name!r}: Player {owner + 1} {have} of {found['card']!r} (copies count from #1)")
        return str(state.instances.ids[uids[number - 1]])

    def card_instance(self, state: Any, name: str, owner: int) -> str:
        """The instance id of one card named by instance id, by copy number, or by a card id its owner has once
        (``owner``'s, or Player 2's when written ``p1.<card id>``)."""
        if state.instances.uid(name) is not None:
            return name
        numbered = self.copy_instance(state, name, owner)
        if numbered is not None:
            return numbered
        prefixed = OWNED.match(name)
        if prefixed is not None:
            owner, name = int(prefixed["owner"]), prefixed["card"]
        uids = self.copies(state, name, owner)
        if len(uids) == 1:
            return str(state.instances.ids[uids[0]])
        if not uids:
            raise NamingError(
                f"Player {owner + 1} has no card {name!r} (name a card by card id, card id#copy or instance id)"
            )
        raise NamingError(
            f"Player {owner + 1} has {len(uids)} copies of {name!r}: name one as {name}#1 to {name}#{len(uids)}"
        )

    def resolve_key(self, state: Any, key: str, player: int) -> str:
        """An action key with every ``card#N`` replaced by its instance and every ``effect-no=N`` by ``effect=N-1``."""
        parts = key.split(":")
        for position, part in enumerate(parts[1:], start=1):
            if part.startswith(PRINTED_EFFECT):
                number = part.removeprefix(PRINTED_EFFECT)
                if not number.isdigit() or int(number) < 1:
                    raise NamingError(f"{key!r}: effect-no counts a card's effects as printed, from 1 (got {number!r})")
                parts[position] = f"effect={int(number) - 1}"
                continue
            numbered = self.copy_instance(state, part, player)
            if numbered is not None:
                parts[position] = numbered
        return ":".join(parts)

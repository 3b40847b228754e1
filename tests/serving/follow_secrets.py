"""What the seat shown may not see, and whether a follower's message names any of it (shared by the follow tests)."""

from __future__ import annotations

import re
from typing import Any

from digitutor.rules.corpus import load_corpus


def card_names(board: Any) -> dict[str, str]:
    """uid -> name of every card a board shows face up (cards under others included)."""
    found: dict[str, str] = {}

    def visit(cards: Any) -> None:
        for card in cards:
            if not card.hidden:
                found[card.uid] = card.name
            visit(card.under)

    for player in board.players:
        for zone in player.zones:
            visit(zone.cards)
    return found


def secrets_of(tutor: Any) -> tuple[set[str], set[str]]:
    """(uids, names) the judge sees and the shown seat may not; names also printed elsewhere for that seat
    (its own cards, the rulebook's examples) are left out: showing them reveals nothing."""
    model = tutor.model
    state, viewer = model.state(), model.viewer()
    judge, seen = card_names(model.game.board(state, None)), card_names(model.game.board(state, viewer))
    hidden = {uid: name for uid, name in judge.items() if uid not in seen}
    rulebook = load_corpus(model.game.id).text
    names = {
        name
        for name in hidden.values()
        if name not in seen.values() and not re.search(rf"\b{re.escape(name)}\b", rulebook)
    }
    return set(hidden), names


def leaks(message: dict[str, Any], uids: set[str], names: set[str]) -> list[str]:
    """The hidden cards (by instance id or by name) a message names."""
    # a word-break hint inside a long name ("Metal<wbr>Greymon") is not a word boundary: the name shown is MetalGreymon
    text = " ".join(str(value) for value in message.values()).replace("<wbr>", "")
    text = text.replace('<span class="dt-wb"></span>', "")  # (presenter mode's break before a name's "-mon")
    return [uid for uid in uids if re.search(rf"\b{re.escape(uid)}\b", text)] + [
        name for name in names if re.search(rf"\b{re.escape(name)}\b", text)
    ]

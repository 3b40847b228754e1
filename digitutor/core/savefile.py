"""Saved matches are input like any other: the document is checked against a schema first.

``read_saved_match`` returns typed values (or raises one InputError naming the field);
``Match.load`` then rebuilds the match from them. The ``setup`` is checked by the game
when it lays out the board.
"""

from __future__ import annotations

from typing import Any, Literal

from .errors import InputError, excerpt
from .schema import Count, Player, Schema, Seed, ShortText, validate

SAVE_FORMAT = "digitutor-match"
SAVE_VERSION = 2  #: 2: answers name card instances (p0.c17); 1 named cards by position and card id


class SavedDecision(Schema, frozen=True):
    """One answer given at a decision."""

    step: Count
    answer: ShortText
    player: Player | None = None
    decision: ShortText | None = None
    by: ShortText = "human"


class SavedMatch(Schema, frozen=True):
    """A saved match: game, seed, agents, setup, how many steps were played, the answers given."""

    format: Literal["digitutor-match"]
    version: Literal[2]
    game: ShortText
    seed: Seed
    agents: list[ShortText]
    setup: dict[str, Any]
    steps: Count
    decisions: list[SavedDecision]


def read_saved_match(doc: Any, source: str = "saved match") -> SavedMatch:
    """The saved-match document as typed values; a wrong shape raises InputError naming the field."""
    if not isinstance(doc, dict):
        raise InputError(
            source, "", f"expected a saved match (a mapping with format: {SAVE_FORMAT}), got {excerpt(doc)}"
        )
    return validate(doc, SavedMatch, source)


def answers_by_step(saved: SavedMatch) -> dict[int, dict[str, Any]]:
    """The answers keyed by the step they were given at (the shape ``Match._replay`` reads)."""
    return {d.step: {"step": d.step, "answer": d.answer, "by": d.by} for d in saved.decisions}

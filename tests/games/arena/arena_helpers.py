"""Shared helpers for the Arena tests: prepared boards played through the real engine."""

from __future__ import annotations

from typing import Any

from digitutor.core.match import Match
from digitutor.core.records import Decision, Step

FILLER = ["biyomon", "guilmon", "veemon", "tentomon", "hawkmon", "wormmon", "renamon", "salamon"]


def player(duel: list[str], **zones: Any) -> dict[str, Any]:
    """One player of a prepared board; Online gets a few filler cards unless given."""
    return {"duel_zone": duel, "online": list(FILLER), **zones}


def board(players: list[dict[str, Any]], phase: str = "battle", **fields: Any) -> dict[str, Any]:
    return {"board": {"phase": phase, "players": players, **fields}}


def play(
    setup: dict[str, Any], answers: list[str] = (), seed: int = 1, until: str | None = None
) -> tuple[Match, list[Decision]]:
    """Play a setup as two people answering from ``answers``.

    Stops at the first decision left unanswered, at the end of the game, or as soon as the
    procedure reaches the step ``until`` (e.g. ``re-group.discard``: the Duel is over).
    """
    match = Match("arena", seed, setup, ("human", "human"))
    seen: list[Decision] = []
    answers = list(answers)
    while until is None or match.state.top_frame.kind != until:
        outcome = match.advance()
        if outcome is None:
            break
        if isinstance(outcome, Decision):
            seen.append(outcome)
            if not answers:
                break
            match.choose(answers.pop(0))
    return match, seen


def steps_citing(match: Match, citation: Any) -> list[Step]:
    return [step for step in match.steps if citation in step.citations]


def names(match: Match, uids: list[int]) -> list[str]:
    return [match.state.label(uid) for uid in uids]


def options(decision: Decision, match: Match) -> dict[str, Any]:
    """A decision's options keyed with card ids in place of instance ids (``play:power-charge``)."""
    return {match.game.alias(match.state, option.key): option for option in decision.options}

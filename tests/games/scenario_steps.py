"""Small boards for rules tests: a board in the scenario format, run through the engine, and its steps."""

from __future__ import annotations

from digitutor.core.records import Step
from digitutor.scenarios.model import parse_scenario
from digitutor.scenarios.runner import run_scenario


def run(game: str, players: list[dict], script: list[str], active: int = 0) -> list[Step]:
    """The steps of a Strategy Phase board of turn 3 played with ``script``; the
    run must meet its (empty) expectations."""
    doc = {
        "game": game,
        "title": "citations",
        "demonstrates": [],
        "script": script,
        "setup": {"board": {"phase": "strategy", "active": active, "turn": 3, "players": players}},
    }
    done = run_scenario(parse_scenario(doc, "<test>"))
    assert not done.failures, done.failures
    return done.match.steps


def ids(step: Step) -> list[str]:
    return [c.id for c in step.citations]


def first(steps: list[Step], words: str) -> Step:
    return next(s for s in steps if words in s.narration)

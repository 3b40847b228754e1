"""Helpers shared by the widget tests (imported by name: tests/ has no packages)."""

from __future__ import annotations

from digitutor.core.registry import GAME_MODULES
from digitutor.widgets.tutor import Tutor


def to_first_decision(tutor: Tutor) -> None:
    """Press Next until a person must decide."""
    for _ in range(500):
        if tutor.model.pending() is not None:
            return
        tutor.model.next()
    raise AssertionError("no decision within 500 steps")


GAMES = list(GAME_MODULES)

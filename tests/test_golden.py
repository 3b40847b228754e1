"""Golden JSON traces of a few seeded games: any change to a game's course or wording is deliberate.

Regenerate after an intended change with ``UPDATE_GOLDEN=1 python -m pytest tests/test_golden.py``
and review the diff.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from digitutor.core.match import Match
from digitutor.core.registry import GAME_MODULES

GOLDEN = Path(__file__).parent / "golden"
SEEDS = (1, 2, 3)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game", list(GAME_MODULES))
def test_seeded_game_matches_its_golden_trace(game, seed):
    match = Match(game, seed)
    match.run()
    trace = json.dumps(match.trace(), indent=1, ensure_ascii=False, sort_keys=True) + "\n"
    path = GOLDEN / f"{game}-seed-{seed}.json"
    if os.environ.get("UPDATE_GOLDEN"):
        path.write_text(trace, encoding="utf-8")
    assert path.exists(), f"no golden trace {path.name}: run with UPDATE_GOLDEN=1 and review it"
    assert trace == path.read_text(encoding="utf-8")

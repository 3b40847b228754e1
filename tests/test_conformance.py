"""Conformance over every registered game: 1,000 seeded random games each, invariants after every step.

After every step: no card is lost or duplicated across zones, the step cites at
least one clause, and every citation still matches the shipped rulebook (or a
declared interpretation). Every game ends.
"""

from __future__ import annotations

import pytest

from digitutor.core.match import Match
from digitutor.core.records import Decision
from digitutor.core.registry import registered_games
from digitutor.rules.citations import resolve

GAMES_PER_RULESET = 1_000
MAX_STEPS = 20_000


@pytest.mark.slow
@pytest.mark.parametrize("game", [g.id for g in registered_games()])
def test_thousand_random_games_keep_every_invariant(game):
    checked: set = set()
    for seed in range(GAMES_PER_RULESET):
        match = Match(game, seed)
        cards = sorted(match.game.all_cards(match.state))  # card uids: the same multiset after every step
        for _ in range(MAX_STEPS):
            outcome = match.advance()
            if outcome is None:
                break
            assert not isinstance(outcome, Decision), "random agents answer every decision"
            assert outcome.citations, f"seed {seed} step {len(match.steps) - 1} cites nothing: {outcome.narration}"
            for citation in outcome.citations:
                if citation not in checked:
                    assert resolve(citation), f"seed {seed}: citation {citation} does not match the rulebook"
                    checked.add(citation)
            assert sorted(match.game.all_cards(match.state)) == cards, (
                f"seed {seed} step {len(match.steps) - 1}: a card was lost or duplicated"
            )
        assert match.over, f"seed {seed} did not end within {MAX_STEPS} steps"
        assert match.result is not None

"""A step cites what makes *that* step happen (issue 22): few clauses, the governing one first, the rest in
rulebook order. A term's definition belongs in the glossary link, not in a step's list of quotes.

Over 20 seeded random games per game: at most 5% of steps cite more than 4 rulebook clauses (card citations
and interpretations not counted), no step more than 8, and after the first (governing) citation the rulebook
clauses stand in the order the rulebook gives them.
"""

from __future__ import annotations

import pytest

from digitutor.core.match import Match
from digitutor.core.registry import GAME_MODULES
from digitutor.rules.corpus import find_clause
from digitutor.rules.model import CitationKind

SEEDS = range(9_000, 9_020)
MOST_STEPS_AT_MOST = 4
SHARE_OVER = 0.05
NEVER_OVER = 8


def _steps(game: str):
    for seed in SEEDS:
        match = Match(game, seed)
        match.run()
        yield from ((seed, index, step) for index, step in enumerate(match.steps))


@pytest.mark.parametrize("game", list(GAME_MODULES))
def test_steps_cite_few_clauses_governing_first_then_in_rulebook_order(game):
    total = over = 0
    worst: tuple[int, str] = (0, "")
    disordered: list[str] = []
    for seed, index, step in _steps(game):
        rules = [c for c in step.citations if c.kind is CitationKind.RULE]
        total += 1
        over += len(rules) > MOST_STEPS_AT_MOST
        worst = max(worst, (len(rules), f"seed {seed} step {index}: {step.narration[:90]}"))
        after_first = [find_clause(c.id).start for c in step.citations[1:] if c.kind is CitationKind.RULE]
        if after_first != sorted(after_first):
            disordered.append(f"seed {seed} step {index}: {[c.id for c in step.citations]}")
    assert total > 500
    assert over / total <= SHARE_OVER, (
        f"{over} of {total} steps ({over / total:.1%}) cite more than {MOST_STEPS_AT_MOST} clauses"
    )
    assert worst[0] <= NEVER_OVER, f"a step cites {worst[0]} clauses: {worst[1]}"
    assert not disordered, "\n".join(disordered[:10])

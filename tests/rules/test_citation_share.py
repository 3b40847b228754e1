"""Issue 35 item 6: at most 5% of steps make the learner read more than 4 quotes, counting named interpretations.

``test_citation_counts`` counts rulebook clauses only, on seeds 9000-9019; this counts what the learner reads as a
quote — rulebook clauses and named interpretations (``citation_share.clauses_read``) — on seeds no other test
plays. ``benchmarks/citation_share.py`` measures any seeds (issue 35: DCG 5.6% and Arena 9.0% when it was filed).
"""

from __future__ import annotations

import pytest
from citation_share import MOST_STEPS_AT_MOST, SHARE_OVER, citation_share, clauses_read, seeded_steps

from digitutor.core.match import Match
from digitutor.core.registry import GAME_MODULES
from digitutor.rules.corpus import find_clause
from digitutor.rules.model import CitationKind

SEEDS = range(31_000, 31_020)


@pytest.mark.parametrize("game", list(GAME_MODULES))
def test_at_most_5_percent_of_steps_quote_more_than_4_clauses_counting_interpretations(game):
    found = citation_share(game, SEEDS)
    assert found.steps > 500
    assert found.share <= SHARE_OVER, found.line()


def test_an_interpretation_counts_as_a_quote_and_a_card_text_does_not():
    match = Match("arena", 31_000)
    match.run()
    steps = [s for s in match.steps if any(c.kind is CitationKind.INTERPRETATION for c in s.citations)]
    assert steps, "an Arena game cites its named interpretations"
    step = steps[0]
    rules = {c.id for c in step.citations if c.kind is CitationKind.RULE}
    told = {c.id for c in step.citations if c.kind is CitationKind.INTERPRETATION}
    assert clauses_read(step) == len(rules) + len(told) > len(rules)
    assert MOST_STEPS_AT_MOST == 4


@pytest.mark.parametrize("game", list(GAME_MODULES))
def test_a_steps_glossary_holds_only_rulebook_clauses_the_tutor_can_show(game):
    """A definition moved out of a step's quotes goes to its glossary ("Words used"), which shows rulebook clauses."""
    for _seed, _index, step in seeded_steps(game, SEEDS[:5]):
        for word in step.glossary:
            assert word.kind is CitationKind.RULE and find_clause(word.id).text, word.id

"""Every clause of a playable game that nothing cites is listed with its reason, and nothing else is listed."""

from __future__ import annotations

from digitutor.cli import scenario_coverage
from digitutor.core.registry import GAME_MODULES
from digitutor.rules.corpus import find_clause, uncited_reasons
from digitutor.rules.coverage import coverage


def test_uncited_clauses_of_playable_games_are_exactly_the_listed_ones():
    report = {g.game: g for g in coverage(scenario_coverage())}
    uncited = {clause for game in GAME_MODULES for clause in report[game].uncited}
    listed = set(uncited_reasons())
    for clause in listed:
        find_clause(clause)  # a listed id is a real clause
    assert uncited - listed == set(), f"uncited with no reason listed: {sorted(uncited - listed)}"
    assert listed - uncited == set(), f"listed but cited now (take them off the list): {sorted(listed - uncited)}"

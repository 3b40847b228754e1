"""The DBE greedy opponent: registered by name, beats random play, and decides only from what its seat may see."""

from __future__ import annotations

import pytest
from greedy_checks import GAMES, choices_ignoring_hidden_cards, greedy_wins_against_random

from digitutor.core.registry import get_game
from digitutor.games.dbe import GreedyAgent


def test_greedy_is_offered_by_name():
    assert get_game("dbe").agents["greedy"] is GreedyAgent


@pytest.mark.slow
def test_greedy_beats_random_in_at_least_70_percent_of_200_seeded_games_from_either_seat():
    wins = greedy_wins_against_random("dbe")
    assert wins >= 0.7 * GAMES, f"greedy won only {wins} of {GAMES} seeded games against random"


def _swap_hand_and_dark_area(theirs, pool) -> bool:
    hand, dark = len(theirs.hand), len(theirs.dark)
    if not hand or len(pool) < hand + dark:
        return False
    theirs.hand, theirs.dark = pool[:hand], pool[hand : hand + dark]
    return True


def test_greedy_choices_do_not_change_when_the_opponents_hidden_cards_do():
    """Swap the opponent's hand (and Dark Area) for other cards of their deck: every choice stays the same."""
    assert choices_ignoring_hidden_cards("dbe", GreedyAgent, _swap_hand_and_dark_area) > 50

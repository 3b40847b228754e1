"""The DCG greedy opponent: registered by name, beats random play, and decides only from what its seat may see."""

from __future__ import annotations

from greedy_checks import GAMES, choices_ignoring_hidden_cards, greedy_wins_against_random

from digitutor.core.registry import get_game
from digitutor.games.dcg.agents import GreedyAgent


def test_greedy_is_offered_by_name():
    assert get_game("dcg").agents["greedy"] is GreedyAgent


def test_greedy_beats_random_in_at_least_80_percent_of_200_seeded_games_from_either_seat():
    wins = greedy_wins_against_random("dcg")
    assert wins >= 0.8 * GAMES, f"greedy won only {wins} of {GAMES} seeded games against random"


def _swap_hand_and_security(theirs, pool) -> bool:
    hand, security = len(theirs.hand), len(theirs.security)
    if len(pool) < hand + security:
        return False
    theirs.hand, theirs.security = pool[:hand], pool[hand : hand + security]
    return True


def test_greedy_choices_do_not_change_when_the_opponents_hidden_cards_do():
    """Swap the opponent's hand and both security stacks for other cards: every choice stays the same."""
    assert choices_ignoring_hidden_cards("dcg", GreedyAgent, _swap_hand_and_security) > 50

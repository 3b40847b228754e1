"""The DBE greedy opponent: registered by name, beats random play, and decides only from what its seat may see."""

from __future__ import annotations

import random

import pytest

from digitutor.core.game import Observation
from digitutor.core.match import Match
from digitutor.core.registry import get_game
from digitutor.games.dbe import GreedyAgent

GAMES = 200


def test_greedy_is_offered_by_name():
    assert get_game("dbe").agents["greedy"] is GreedyAgent


@pytest.mark.slow
def test_greedy_beats_random_in_at_least_70_percent_of_200_seeded_games_from_either_seat():
    wins = 0
    for seed in range(GAMES):
        seat = seed % 2
        agents = ("greedy", "random") if seat == 0 else ("random", "greedy")
        match = Match("dbe", seed, None, agents)
        match.run()
        wins += match.result.winner == seat
    assert wins >= 0.7 * GAMES, f"greedy won only {wins} of {GAMES} seeded games against random"


def test_greedy_choices_do_not_change_when_the_opponents_hidden_cards_do():
    """Swap the opponent's hand (and Dark Area) for other cards of their deck: every choice stays the same."""
    agent = GreedyAgent(random.Random(0))
    checked = 0
    for seed in range(6):
        match = Match("dbe", seed, None, ("human", "random"))
        for _ in range(300):
            if match.advance() is None:
                break
            if match.pending is None:
                continue
            decision, state = match.pending, match.state
            choice = agent.choose(decision, Observation(match.game, state, decision.player, decision))
            other = state.copy()
            theirs = other.sides[1 - decision.player]
            pool = list(reversed(theirs.deck))
            if len(pool) >= len(theirs.hand) + len(theirs.dark) and theirs.hand:
                theirs.hand = pool[: len(theirs.hand)]
                theirs.dark = pool[len(theirs.hand): len(theirs.hand) + len(theirs.dark)]
                seen = Observation(match.game, other, decision.player, decision)
                assert agent.choose(decision, seen) == choice, f"seed {seed}: the choice changed with the hidden cards"
                checked += 1
            match.choose(choice)
    assert checked > 50

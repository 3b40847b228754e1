"""The D-Tector greedy opponent: registered by name, plays sensibly, and decides only from what its seat may see."""

from __future__ import annotations

import random

from digitutor.core.game import Observation
from digitutor.core.match import Match
from digitutor.core.registry import get_game
from digitutor.games.dtector.agents import GreedyAgent


def test_greedy_is_offered_by_name():
    assert get_game("dtector").agents["greedy"] is GreedyAgent
    match = Match("dtector", 1, None, ("human", "greedy"))
    assert match.agent_names == ("human", "greedy")


def test_greedy_beats_the_random_opponent_in_most_seeded_games():
    wins = 0
    for seed in range(30):
        match = Match("dtector", seed, None, ("greedy", "random"))
        match.run()
        wins += match.result.winner == 0
    assert wins >= 20, f"greedy won only {wins} of 30 seeded games against random"


def test_greedy_never_looks_at_the_opponents_hand_or_face_down_card():
    """Swap the opponent's hidden cards for others: every choice stays the same."""
    agent = GreedyAgent(random.Random(0))
    checked = 0
    for seed in range(6):
        match = Match("dtector", seed, None, ("human", "random"))
        for _ in range(400):
            outcome = match.advance()
            if outcome is None:
                break
            if match.pending is None:
                continue
            decision, state = match.pending, match.state
            choice = agent.choose(decision, Observation(match.game, state, decision.player, decision))
            other = state.copy()
            theirs = other.sides[1]
            spare = list(theirs.deck)
            if decision.player == 0 and len(spare) > len(theirs.hand):
                theirs.hand = spare[: len(theirs.hand)]
                if other.face_down[1] is not None:
                    other.face_down[1] = spare[-1]
                seen = Observation(match.game, other, decision.player, decision)
                assert agent.choose(decision, seen) == choice, f"seed {seed}: the choice changed with the hidden cards"
                checked += 1
            match.choose(choice)
    assert checked > 50

"""What every game's greedy opponent must show: it beats random play, and sees only what its seat may see."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from digitutor.core.game import Observation
from digitutor.core.match import Match

GAMES = 200


def greedy_wins_against_random(game: str, games: int = GAMES) -> int:
    """Seeded games greedy against random, greedy's seat alternating; how many greedy won."""
    wins = 0
    for seed in range(games):
        seat = seed % 2
        agents = ("greedy", "random") if seat == 0 else ("random", "greedy")
        match = Match(game, seed, None, agents)
        match.run()
        wins += match.result.winner == seat
    return wins


def choices_ignoring_hidden_cards(game: str, agent_class: type, swap: Callable[[Any, list[Any]], bool]) -> int:
    """Play seeded games; at each decision ``swap(their_side, pool)`` replaces the opponent's hidden cards
    with others of their deck (False: too few to swap), and the agent must choose the same.
    Returns how many decisions were checked."""
    agent = agent_class(random.Random(0))
    checked = 0
    for seed in range(6):
        match = Match(game, seed, None, ("human", "random"))
        for _ in range(300):
            if match.advance() is None:
                break
            if match.pending is None:
                continue
            decision, state = match.pending, match.state
            choice = agent.choose(decision, Observation(match.game, state, decision.player, decision))
            other = state.copy()
            theirs = other.sides[1 - decision.player]
            if swap(theirs, list(reversed(theirs.deck))):
                seen = Observation(match.game, other, decision.player, decision)
                assert agent.choose(decision, seen) == choice, f"seed {seed}: the choice changed with the hidden cards"
                checked += 1
            match.choose(choice)
    return checked

"""Engine speed: steps per second, ms per game, and time-travel cost in a long game.

Plays seeded games with random agents through the full ``Match`` (history,
snapshots, citations), in this one process, so the figures are per core.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

from .core.actions import Action
from .core.match import Match
from .core.registry import get_game, registered_games


@dataclass(frozen=True)
class GameBench:
    game: str
    games: int
    steps: int
    seconds: float

    @property
    def steps_per_second(self) -> float:
        return self.steps / self.seconds

    @property
    def ms_per_game(self) -> float:
        return 1000 * self.seconds / self.games


def bench_game(game_id: str, seconds: float = 2.0, first_seed: int = 1) -> GameBench:
    """Play seeded random games for about ``seconds``, after one untimed game that loads the rules and card files."""
    Match(game_id, first_seed - 1).run()
    games = steps = 0
    started = time.perf_counter()
    while True:
        match = Match(game_id, first_seed + games)
        match.run()
        games += 1
        steps += len(match.steps)
        elapsed = time.perf_counter() - started
        if elapsed >= seconds:
            return GameBench(game_id, games, steps, elapsed)


def long_match(game_id: str, min_steps: int = 1_100) -> Match:
    """A seeded game with at least ``min_steps`` steps (games may supply a long setup)."""
    game = get_game(game_id)
    setup = game.long_setup() if hasattr(game, "long_setup") else None
    for seed in range(1, 500):
        match = Match(game_id, seed, setup)
        match.run()
        if len(match.steps) >= min_steps:
            return match
    raise RuntimeError(f"no {game_id} game reached {min_steps} steps")


def time_travel(game_id: str, at: int = 1_000, repeats: int = 20) -> dict[str, float]:
    """Median ms to rebuild the state at step ``at``, and to undo there (truncate + re-ask)."""
    match = long_match(game_id)
    jumps, undos = [], []
    for _ in range(repeats):
        started = time.perf_counter()
        match.state_at(at)
        jumps.append(time.perf_counter() - started)
        twin = match.fork()
        twin.truncate(at)
        started = time.perf_counter()
        twin.undo()
        undos.append(time.perf_counter() - started)
    jumps.sort()
    undos.sort()
    return {
        "steps": len(match.steps),
        "jump_ms": 1000 * jumps[len(jumps) // 2],
        "undo_ms": 1000 * undos[len(undos) // 2],
    }


def why_not_timing(game_id: str, games: int = 20) -> dict[str, float]:
    """Median microseconds of ``why_not`` on proposed actions: every option of every decision of seeded games,
    legal or not, plus one action of each kind the game knows (mostly not on offer: a timing reason)."""
    timings = []
    for seed in range(games):
        match = Match(game_id, seed, agents=("human", "human"))
        rng = random.Random(seed)
        while not match.over:
            decision = match.run()
            if decision is None:
                break
            game, state = match.game, match.state
            proposals = [option.action for option in decision.options]
            proposals += [Action(kind, decision.player) for kind in game.actions]
            for proposed in proposals:
                started = time.perf_counter()
                game.why_not(state, proposed)
                timings.append(time.perf_counter() - started)
            legal = decision.legal_options
            match.choose(legal[rng.randrange(len(legal))].key)
    timings.sort()
    return {"proposals": len(timings), "median_us": 1e6 * timings[len(timings) // 2]}


def legal_actions_timing(game_id: str, repeats: int = 200) -> dict[str, float] | None:
    """Median microseconds to list the legal actions of a busy decision (the game's ``busy_setup``), or None."""
    game = get_game(game_id)
    if not hasattr(game, "busy_setup"):
        return None
    match = Match(game_id, 1, game.busy_setup(), agents=("human", "human"))
    match.run()
    timings = []
    for _ in range(repeats):
        started = time.perf_counter()
        list(game.legal_actions(match.state))
        timings.append(time.perf_counter() - started)
    timings.sort()
    return {"median_us": 1e6 * timings[len(timings) // 2]}


def run_bench(game_ids: list[str] | None = None, seconds: float = 2.0) -> list[dict[str, Any]]:
    """The figures for every (or the named) game."""
    rows = []
    for game_id in game_ids or [game.id for game in registered_games()]:
        speed = bench_game(game_id, seconds)
        travel = time_travel(game_id)
        rows.append(
            {
                "game": game_id,
                "games": speed.games,
                "steps": speed.steps,
                "steps_per_second": round(speed.steps_per_second),
                "ms_per_game": round(speed.ms_per_game, 2),
                "long_game_steps": travel["steps"],
                "jump_to_1000_ms": round(travel["jump_ms"], 3),
                "undo_at_1000_ms": round(travel["undo_ms"], 3),
                "why_not_median_us": round(why_not_timing(game_id)["median_us"], 1),
                "legal_actions_busy_us": None
                if (busy := legal_actions_timing(game_id)) is None
                else round(busy["median_us"], 1),
            }
        )
    return rows

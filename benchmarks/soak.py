"""Soak one game: seeded random games for a while, every promise of "one check for every action" checked.

    .venv/bin/python benchmarks/soak.py GAME --seconds N [--first-seed S] [--json PATH]

At every decision: every offered option's ``why_not`` equals its reasons; generated proposals (every
action kind x cards in play x junk parameters, mutated offered keys) are refused with a reason, or carried
out on a copy that keeps every card and plays on without an error. After every step: citations verbatim,
no card lost or duplicated; every 60 steps: save -> load gives the same trace (digitutor/core/conformance.py).
Seeds start at 100000, far from the seeds tests use. Prints, and writes with --json, a summary:
games, steps, decisions, proposals, failures (each with seed and step). Exit 1 if anything failed.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from digitutor.core.conformance import Tally, check_game
from digitutor.core.registry import GAME_MODULES


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=list(GAME_MODULES))
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--first-seed", type=int, default=100_000)
    parser.add_argument("--proposals", type=int, default=12, help="generated proposals per decision")
    parser.add_argument("--json", type=Path, help="also write the summary here")
    args = parser.parse_args(argv)
    tally = Tally()
    started = time.perf_counter()
    seed = args.first_seed
    while time.perf_counter() - started < args.seconds:
        check_game(args.game, seed, tally, args.proposals)
        seed += 1
    summary = {
        "game": args.game,
        "seconds": round(time.perf_counter() - started, 1),
        "seeds": [args.first_seed, seed - 1],
        **tally.to_json(),
    }
    text = json.dumps(summary, indent=1)
    if args.json:
        args.json.write_text(text + "\n", encoding="utf-8")
    print(text if tally.failures else json.dumps({k: v for k, v in summary.items() if k != "failures"}))
    return 1 if tally.failures else 0


if __name__ == "__main__":
    sys.exit(main())

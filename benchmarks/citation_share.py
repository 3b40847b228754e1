"""How many steps make the learner read more than 4 quotes (rulebook clauses and named interpretations).

    python benchmarks/citation_share.py [--games dcg,arena] [--windows 40] [--every 100] [--first 0]

For each game: the share of steps citing more than 4 clauses over 20 seeded random games, for each window of
20 seeds (first to first+19, first+100 to first+119, ...), the worst window and the clause lists behind the most
such steps. Issue 35 item 6 asks for at most 5% on any 20 seeds; tests/rules/test_citation_share.py checks seeds
31000-31019, and no test plays seeds from 40000 on (``--first 40000`` measures seeds the tests do not use).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "rules"))
from citation_share import citation_share

from digitutor.core.registry import GAME_MODULES


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(GAME_MODULES))
    parser.add_argument("--windows", type=int, default=40, help="how many windows of 20 seeds")
    parser.add_argument("--every", type=int, default=100, help="the first seeds of two windows lie this far apart")
    parser.add_argument("--first", type=int, default=0, help="the first seed of the first window")
    args = parser.parse_args()
    for game in args.games.split(","):
        starts = range(args.first, args.first + args.windows * args.every, args.every)
        shares = [citation_share(game, range(s, s + 20)) for s in starts]
        worst = max(range(len(shares)), key=lambda i: shares[i].share)
        first = starts[worst]
        median = sorted(s.share for s in shares)[len(shares) // 2]
        lists = Counter(where.partition("[")[2] for share in shares for _, where in share.worst)
        print(
            f"{game}: worst {shares[worst].share:.2%} (seeds {first}-{first + 19}), "
            f"median {median:.2%} over {len(shares)} windows of 20 seeds"
        )
        for clauses, count in lists.most_common(3):
            print(f"    {count:5d} steps cite [{clauses}")


if __name__ == "__main__":
    main()

"""Import cost of the schema libraries digitutor considered (msgspec, pydantic), each in fresh processes.

    python benchmarks/schema_import.py [--runs 7]

For each library: the median wall time and RSS growth of importing it and defining and using a
small deck schema, (a) in a bare interpreter and (b) in a kernel-like process that has already
imported ipykernel and ipywidgets (what a Voila kernel holds before digitutor loads).
A library that is not installed is skipped.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys

PROBE = r"""
import json, sys, time
def rss_kib():
    with open("/proc/self/status") as f:
        return next(int(l.split()[1]) for l in f if l.startswith("VmRSS:"))
if sys.argv[2] == "kernel":
    import ipykernel.ipkernel, ipywidgets  # noqa: F401 - imported for what importing them costs
before, started = rss_kib(), time.perf_counter()
if sys.argv[1] == "msgspec":
    import msgspec
    class Entry(msgspec.Struct, forbid_unknown_fields=True):
        card: str
        count: int = 1
    class Deck(msgspec.Struct, forbid_unknown_fields=True):
        game: str
        cards: list[Entry]
    msgspec.convert({"game": "dtector", "cards": [{"card": "agumon", "count": 3}]}, Deck, strict=True)
elif sys.argv[1] == "pydantic":
    from pydantic import BaseModel, ConfigDict
    class Entry(BaseModel):
        model_config = ConfigDict(extra="forbid", strict=True)
        card: str
        count: int = 1
    class Deck(BaseModel):
        model_config = ConfigDict(extra="forbid", strict=True)
        game: str
        cards: list[Entry]
    Deck.model_validate({"game": "dtector", "cards": [{"card": "agumon", "count": 3}]})
print(json.dumps({"ms": 1000 * (time.perf_counter() - started), "rss_mib": (rss_kib() - before) / 1024}))
"""


def measure(library: str, where: str, runs: int) -> dict[str, float] | None:
    samples = []
    for _ in range(runs):
        done = subprocess.run([sys.executable, "-c", PROBE, library, where], capture_output=True, text=True)
        if done.returncode:
            return None
        samples.append(json.loads(done.stdout))
    return {key: round(statistics.median(s[key] for s in samples), 1) for key in ("ms", "rss_mib")}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    runs = parser.parse_args().runs
    for library in ("msgspec", "pydantic"):
        for where in ("bare", "kernel"):
            figures = measure(library, where, runs)
            shown = (
                "not installed (or failed)"
                if figures is None
                else f"{figures['ms']:7.1f} ms  {figures['rss_mib']:5.1f} MiB"
            )
            print(f"{library:9} {where:7} {shown}")


if __name__ == "__main__":
    main()

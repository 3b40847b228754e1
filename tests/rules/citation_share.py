"""How many clauses a step makes the learner read: the measure behind issue 35 item 6.

A step's quotes are its rulebook clauses and its named interpretations (both are shown to the learner as
quotes); a card's own effect text is the card, not a clause, and a step's glossary links are not quotes.
Shared by tests/rules/test_citation_share.py and benchmarks/citation_share.py.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from digitutor.core.match import Match
from digitutor.core.records import Step
from digitutor.rules.model import CitationKind

#: a step may cite this many clauses ...
MOST_STEPS_AT_MOST = 4
#: ... and at most this share of steps cite more
SHARE_OVER = 0.05
QUOTED = (CitationKind.RULE, CitationKind.INTERPRETATION)


def clauses_read(step: Step) -> int:
    """The distinct rulebook clauses and interpretations a step quotes."""
    return len({c.id for c in step.citations if c.kind in QUOTED})


@dataclass
class Share:
    """Steps counted, those citing more than ``MOST_STEPS_AT_MOST`` clauses, and the worst ones found."""

    game: str
    steps: int = 0
    over: int = 0
    worst: list[tuple[int, str]] = field(default_factory=list)

    @property
    def share(self) -> float:
        return self.over / self.steps if self.steps else 0.0

    def line(self) -> str:
        top = "; ".join(f"{n}: {where}" for n, where in sorted(self.worst, reverse=True)[:3])
        return f"{self.game}: {self.over} of {self.steps} steps ({self.share:.1%}) cite more than 4 clauses. {top}"


def seeded_steps(game: str, seeds: Iterable[int]) -> Iterator[tuple[int, int, Step]]:
    """(seed, index, step) of a whole seeded random game per seed."""
    for seed in seeds:
        match = Match(game, seed)
        match.run()
        yield from ((seed, index, step) for index, step in enumerate(match.steps))


def citation_share(game: str, seeds: Iterable[int]) -> Share:
    """The share of steps of ``game``'s seeded games that cite more than ``MOST_STEPS_AT_MOST`` clauses."""
    found = Share(game)
    for seed, index, step in seeded_steps(game, seeds):
        read = clauses_read(step)
        found.steps += 1
        if read > MOST_STEPS_AT_MOST:
            found.over += 1
            ids = ", ".join(dict.fromkeys(c.id for c in step.citations if c.kind in QUOTED))
            found.worst.append((read, f"seed {seed} step {index} [{ids}]"))
    return found

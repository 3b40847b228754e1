"""Which rulebook clauses the engine and the scenarios cite."""

from __future__ import annotations

from dataclasses import dataclass

from .citations import ENGINE_CITATIONS
from .corpus import GAMES, load_corpus
from .model import ClauseKind


@dataclass(frozen=True)
class GameCoverage:
    """Coverage of one rulebook: leaf clauses (everything but headings) and who cites them."""

    game: str
    sections: int
    clauses: tuple[str, ...]
    by_engine: frozenset[str]
    by_scenarios: frozenset[str]

    @property
    def cited(self) -> frozenset[str]:
        return (self.by_engine | self.by_scenarios) & frozenset(self.clauses)

    @property
    def percent(self) -> float:
        return 100.0 * len(self.cited) / len(self.clauses) if self.clauses else 100.0

    @property
    def uncited(self) -> list[str]:
        return [clause_id for clause_id in self.clauses if clause_id not in self.cited]


def engine_cited_ids() -> set[str]:
    """Clause ids the registered games can cite (importing them registers their citations)."""
    from ..core.registry import registered_games

    registered_games()
    return set(ENGINE_CITATIONS)


def coverage(scenario_cited: dict[str, set[str]] | None = None) -> list[GameCoverage]:
    """Coverage for all five rulebooks; ``scenario_cited`` maps game -> clause ids scenarios demonstrate."""
    engine = engine_cited_ids()
    scenario_cited = scenario_cited or {}
    report = []
    for game in GAMES:
        corpus = load_corpus(game)
        leaves = tuple(c.id for c in corpus.clauses.values() if c.kind is not ClauseKind.SECTION)
        sections = sum(1 for c in corpus.clauses.values() if c.kind is ClauseKind.SECTION)
        report.append(
            GameCoverage(
                game,
                sections,
                leaves,
                frozenset(i for i in engine if i.startswith(f"{game}:")),
                frozenset(scenario_cited.get(game, set())),
            )
        )
    return report

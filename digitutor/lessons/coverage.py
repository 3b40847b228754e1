"""What a course teaches: the leaf clauses its lessons quote, and a reason for each clause none teaches.

A lesson teaches the clauses its "rule now" panel shows the learner on its way, played to its end (its script,
then the first legal option): the rule of every step and of every decision the learner meets, and the definitions
a step links under "Words used" in that panel. The reasons the decision panel gives for options that are not
allowed do not count. The narrower figure, ``rules``, counts only the rule of a step or decision. Only clauses
of the game's rulebook count, against the leaf clauses ``digitutor rules coverage`` counts.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..core.errors import InputError, excerpt
from ..core.records import Decision
from ..core.yamlio import load_yaml
from ..rules.corpus import load_corpus, uncited_reasons
from ..rules.model import ClauseKind
from .course import UNTAUGHT_FILE, course_for, lesson_points, lessons_dir
from .model import Lesson


@dataclass(frozen=True)
class LessonCoverage:
    """One lesson played to its end: its presses of Next and the game's leaf clauses it cites."""

    lesson: Lesson
    presses: int  #: steps of the game (each is one press of Next, or one click answering a decision)
    clauses: frozenset[str]  #: every leaf clause the lesson's "rule now" panel quotes on its way
    rules: frozenset[str] = frozenset()  #: those quoted as the rule of a step or of a decision


@dataclass(frozen=True)
class CourseCoverage:
    """A game's course against its rulebook's leaf clauses."""

    game: str
    leaves: tuple[str, ...]  #: in rulebook order
    lessons: tuple[LessonCoverage, ...]
    reasons: dict[str, str]  #: why a clause no lesson teaches is left out: the course's own, else the rulebook index's

    @property
    def taught(self) -> frozenset[str]:
        return frozenset().union(*(lesson.clauses for lesson in self.lessons)) if self.lessons else frozenset()

    @property
    def percent(self) -> float:
        return 100.0 * len(self.taught) / len(self.leaves) if self.leaves else 100.0

    @property
    def as_rules(self) -> frozenset[str]:
        """The narrower figure: clauses quoted as the rule of a step or decision."""
        return frozenset().union(*(lesson.rules for lesson in self.lessons)) if self.lessons else frozenset()

    @property
    def untaught(self) -> list[str]:
        taught = self.taught
        return [clause for clause in self.leaves if clause not in taught]


def leaf_clauses(game: str) -> tuple[str, ...]:
    """The clauses ``digitutor rules coverage`` counts: every clause of the rulebook but its headings."""
    return tuple(c.id for c in load_corpus(game).clauses.values() if c.kind is not ClauseKind.SECTION)


def lesson_coverage(lesson: Lesson, leaves: frozenset[str] | None = None) -> LessonCoverage:
    """The leaf clauses a lesson quotes, played to its end, and its presses of Next."""
    leaves = frozenset(leaf_clauses(lesson.game)) if leaves is None else leaves
    rules: set[str] = set()
    quoted: set[str] = set()
    played = None
    for played, outcome in lesson_points(lesson):  # noqa: B007 - the last match is read after the loop
        if isinstance(outcome, Decision):
            rules.update(c.id for c in outcome.citations)
    steps = played.steps if played is not None else []
    for step in steps:
        rules.update(c.id for c in step.citations)
        quoted.update(c.id for c in step.glossary)
    return LessonCoverage(lesson, len(steps), frozenset(rules | quoted) & leaves, frozenset(rules) & leaves)


def untaught_reasons(game: str, folder: Path | None = None) -> dict[str, str]:
    """A course's reasons for clauses no lesson teaches (``lessons/untaught.yaml``: clause id -> one-line reason)."""
    path = (lessons_dir(game) if folder is None else folder) / UNTAUGHT_FILE
    if not path.is_file():
        return {}
    doc = load_yaml(path) or {}
    source = str(path)
    if not isinstance(doc, dict):
        raise InputError(source, "", f"expected a mapping of clause id -> one-line reason, got {excerpt(doc)}")
    leaves = set(leaf_clauses(game))
    reasons = {}
    for clause, reason in doc.items():
        if clause not in leaves:
            raise InputError(source, str(clause), f"unknown clause id (expected a leaf clause of the {game} rulebook)")
        if not isinstance(reason, str) or not reason.strip() or "\n" in reason.strip():
            raise InputError(source, str(clause), f"expected a one-line reason, got {excerpt(reason)}")
        reasons[clause] = reason.strip()
    return reasons


def course_coverage(game: str, folder: Path | None = None) -> CourseCoverage:
    """Every lesson of a game's course played to its end, against the rulebook's leaf clauses."""
    leaves = leaf_clauses(game)
    lessons = tuple(lesson_coverage(lesson, frozenset(leaves)) for lesson in course_for(game, folder))
    index = {k: v for k, v in uncited_reasons().items() if k.startswith(f"{game}:")}
    return CourseCoverage(game, leaves, lessons, {**index, **untaught_reasons(game, folder)})

"""What a course teaches: the leaf clauses its lessons quote, and a reason for each clause none teaches.

The first figure, ``shown``, counts what the learner sees unfolded on the lesson's path: the rule the "rule now"
panel shows of every step and learner's decision (``shown_unfolded``: the governing citation, a lead-in with the
items that apply; not what it folds under "+ N more rules"), the rule an exercise's verdict quotes (its solving
line's deciding step), and the clauses the lesson's notes quote in full.

The wider figure: a lesson teaches the clauses its "rule now" panel quotes on its way, folded or not, played to
its end (its script, then the coach's answer): the rule of every step and of every decision the learner meets,
and the definitions a step links under "Words used" in that panel. The reasons the decision panel gives for options that
are not allowed do not count. The narrower figure, ``rules``, counts only the rule of a step or decision. Only clauses
of the game's rulebook count, against the leaf clauses ``digitutor rules coverage`` counts.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..core.errors import InputError, excerpt
from ..core.records import Decision
from ..core.yamlio import load_yaml
from ..rules.citations import shown_unfolded
from ..rules.corpus import load_corpus, uncited_reasons
from ..rules.model import Citation, CitationKind, ClauseKind
from .course import UNTAUGHT_FILE, course_for, lesson_points, lessons_dir
from .model import Lesson
from .proofs import prove


@dataclass(frozen=True)
class LessonCoverage:
    """One lesson played to its end: its presses of Next and the game's leaf clauses it cites."""

    lesson: Lesson
    presses: int  #: steps of the game (each is one press of Next, or one click answering a decision)
    clauses: frozenset[str]  #: every leaf clause the lesson's "rule now" panel quotes on its way
    rules: frozenset[str] = frozenset()  #: those quoted as the rule of a step or of a decision
    #: the leaf clauses the learner sees unfolded: the rule now panel's shown rule, exercise verdicts, note quotes
    shown: frozenset[str] = frozenset()


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
    def shown(self) -> frozenset[str]:
        """The first figure: clauses the learner sees unfolded (the rule shown, a verdict's rule, a note's quote)."""
        return frozenset().union(*(lesson.shown for lesson in self.lessons)) if self.lessons else frozenset()

    @property
    def shown_percent(self) -> float:
        return 100.0 * len(self.shown) / len(self.leaves) if self.leaves else 100.0

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
    shown: set[str] = {clause for note in lesson.notes for clause in note.quotes}
    played = None
    for played, outcome in lesson_points(lesson):  # noqa: B007 - the last match is read after the loop
        if isinstance(outcome, Decision):
            rules.update(c.id for c in outcome.citations)
            shown.update(shown_ids(outcome.citations))
    steps = played.steps if played is not None else []
    for step in steps:
        rules.update(c.id for c in step.citations)
        quoted.update(c.id for c in step.glossary)
        shown.update(shown_ids(step.citations))
    shown.update(verdict_ids(lesson))
    return LessonCoverage(
        lesson, len(steps), frozenset(rules | quoted) & leaves, frozenset(rules) & leaves, frozenset(shown) & leaves
    )


def shown_ids(citations: tuple[Citation, ...]) -> list[str]:
    """The rule clauses the "rule now" panel shows unfolded for these citations (``shown_unfolded``)."""
    return [c.id for c in shown_unfolded(citations)[0] if c.kind is CitationKind.RULE]


def verdict_ids(lesson: Lesson) -> list[str]:
    """The rules the lesson's exercises quote in their verdict: each solving line's deciding step's citation."""
    found = []
    for exercise in lesson.exercises:
        solving = prove(exercise).solving
        if solving is not None and solving.citation is not None and solving.citation.kind is CitationKind.RULE:
            found.append(solving.citation.id)
    return found


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

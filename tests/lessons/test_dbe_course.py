"""The DBE course (issue 33): every note's quotes are about the step it pauses at, and every why-not asks about the
lesson's own rule."""

from __future__ import annotations

from pathlib import Path

import pytest

from digitutor.core.records import Decision
from digitutor.lessons import course_for
from digitutor.lessons.ask_check import why_not_problems
from digitutor.lessons.course import lesson_points
from digitutor.lessons.tracker import LessonTracker
from digitutor.rules.model import CitationKind

LESSONS = course_for("dbe")
#: notes of main that quote a heading their step does not cite (left to the text review of the DBE lessons): the
#: lead-in of the turn's steps at step 20, a card part at "Power and abilities", and the Dark Area FAQ's question
KNOWN = {
    ("first-game", "dbe:prep-phase.turn"),
    ("first-game", "dbe:anatomy-of-cards.10"),
    ("02-dark-area", "dbe:rules-faq.dark-area"),
}


def cited_at(lesson) -> tuple[dict[int, set[str]], LessonTracker]:
    """Per step index: the rule clauses the "rule now" panel quotes there (folded or not, "Words used" too), with
    those of the learner's decision that follows the step; and the tracker that says where each note pauses."""
    cited: dict[int, set[str]] = {}
    played = None
    for played, outcome in lesson_points(lesson):
        index = len(played.steps) - 1
        quoted = outcome.citations if isinstance(outcome, Decision) else (*outcome.citations, *outcome.glossary)
        cited.setdefault(index, set()).update(c.id for c in quoted if c.kind is CitationKind.RULE)
    tracker = LessonTracker(lesson)
    assert played is not None
    tracker.update(played)
    return cited, tracker


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: Path(lesson.path).stem)
def test_a_note_quotes_only_rules_its_step_cites(lesson):
    """A note's quotes are about what is on screen: rules the step (or decision) it pauses at cites."""
    cited, tracker = cited_at(lesson)
    for number, note in enumerate(lesson.notes):
        if not note.quotes:
            continue
        index = next(i for i in cited if note in tracker.notes_at(i))
        stem = Path(lesson.path).stem
        extra = {clause for clause in set(note.quotes) - cited[index] if (stem, clause) not in KNOWN}
        assert not extra, f"notes[{number}] ({note.title}): {sorted(extra)}"


def test_every_why_not_asks_about_the_lessons_own_rule():
    assert [problem for lesson in LESSONS for problem in why_not_problems(lesson)] == []

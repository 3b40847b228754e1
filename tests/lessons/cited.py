"""What the "rule now" panel quotes at each step of a lesson: shared by the course tests that check a note quotes only
rules its step cites."""

from __future__ import annotations

from digitutor.core.records import Decision
from digitutor.lessons.course import lesson_points
from digitutor.lessons.tracker import LessonTracker
from digitutor.rules.model import CitationKind


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


def uncited_quotes(lesson) -> list[tuple[int, str, set[str]]]:
    """(note number, note title, the clauses it quotes that its step does not cite) of every note that quotes."""
    cited, tracker = cited_at(lesson)
    found = []
    for number, note in enumerate(lesson.notes):
        if note.quotes:
            index = next(i for i in cited if note in tracker.notes_at(i))
            found.append((number, note.title, set(note.quotes) - cited[index]))
    return found

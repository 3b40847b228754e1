"""Lessons for the tutor: the lesson engine lives in :mod:`digitutor.lessons`; this module re-exports it."""

from __future__ import annotations

from ..lessons import (
    DEFAULT_LESSON,
    FIELDS,
    STEP_KEYS,
    WHEN_KEYS,
    Lesson,
    LessonTracker,
    Note,
    Question,
    course_for,
    lesson_for,
    lesson_path,
    load_lesson,
    parse_lesson,
    play_lesson,
)

__all__ = [
    "DEFAULT_LESSON",
    "FIELDS",
    "STEP_KEYS",
    "WHEN_KEYS",
    "Lesson",
    "LessonTracker",
    "Note",
    "Question",
    "course_for",
    "lesson_for",
    "lesson_path",
    "load_lesson",
    "parse_lesson",
    "play_lesson",
]

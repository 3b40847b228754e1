"""Lessons for the tutor: the lesson engine lives in :mod:`digitutor.lessons`; this module re-exports it."""

from __future__ import annotations

from ..lessons import (  # noqa: F401 - re-exported for the widgets and older imports
    DEFAULT_LESSON, FIELDS, STEP_KEYS, WHEN_KEYS, Lesson, LessonTracker, Note, Question, course_for, lesson_for,
    lesson_path, load_lesson, parse_lesson, play_lesson,
)

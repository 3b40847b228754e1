"""Courses of lessons: lesson files, their questions graded by the engine, and what a course teaches.

Used by the tutor widgets, the ``digitutor lessons`` command and the tests; needs no ipywidgets.
"""

from .course import (
    DEFAULT_LESSON, course_for, course_files, lesson_agents, lesson_for, lesson_path, lessons_dir, play_lesson,
    scripted_answer, start_lesson,
)
from .model import ASKS, FIELDS, Lesson, Note, Question, file_hash, load_lesson, parse_lesson
from .moments import STEP_KEYS, WHEN_KEYS, Moment
from .questions import Choice, Posed, QuestionError, pose
from .tracker import LessonTracker

__all__ = [
    "ASKS", "DEFAULT_LESSON", "FIELDS", "STEP_KEYS", "WHEN_KEYS", "Choice", "Lesson", "LessonTracker", "Moment", "Note",
    "Posed", "Question", "QuestionError", "course_files", "course_for", "file_hash", "lesson_agents", "lesson_for",
    "lesson_path", "lessons_dir", "load_lesson", "parse_lesson", "play_lesson", "pose", "scripted_answer", "start_lesson",
]

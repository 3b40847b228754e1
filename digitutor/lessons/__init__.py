"""Courses of lessons: lesson files, their questions and exercises graded by the engine, and what a course teaches.

Used by the tutor widgets, the ``digitutor lessons`` command and the tests; needs no ipywidgets.
"""

from .course import (
    DEFAULT_LESSON,
    course_files,
    course_for,
    lesson_agents,
    lesson_for,
    lesson_path,
    lessons_dir,
    play_lesson,
    scripted_answer,
    start_lesson,
)
from .exercise_model import Exercise
from .exercises import AnswerError, ExerciseError, ExercisePlay, Outcome, grade
from .model import ASKS, FIELDS, Lesson, Note, Question, file_hash, load_lesson, parse_lesson
from .moments import STEP_KEYS, WHEN_KEYS, Moment
from .proofs import Proof, prove
from .questions import Choice, Posed, QuestionError, pose
from .tracker import LessonTracker

__all__ = [
    "ASKS",
    "DEFAULT_LESSON",
    "FIELDS",
    "STEP_KEYS",
    "WHEN_KEYS",
    "AnswerError",
    "Choice",
    "Exercise",
    "ExerciseError",
    "ExercisePlay",
    "Lesson",
    "LessonTracker",
    "Moment",
    "Note",
    "Outcome",
    "Posed",
    "Proof",
    "Question",
    "QuestionError",
    "course_files",
    "course_for",
    "file_hash",
    "grade",
    "lesson_agents",
    "lesson_for",
    "lesson_path",
    "lessons_dir",
    "load_lesson",
    "parse_lesson",
    "play_lesson",
    "pose",
    "prove",
    "scripted_answer",
    "start_lesson",
]

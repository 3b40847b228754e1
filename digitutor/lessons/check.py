"""``digitutor lessons check``: a lesson plays through, every note fires, every question resolves.

One problem per line, naming the file and the field: ``cards/dcg/lessons/03-tamers.yaml: questions[2]: ...``.
"""

from __future__ import annotations

from ..core.errors import DigitutorError
from .ask_check import why_not_problems
from .chapters import CHAPTERS_FILE, course_problems
from .course import course_chapters, course_for, lesson_points, lessons_dir
from .model import Lesson
from .proofs import prove
from .questions import QuestionError, pose
from .tracker import LessonTracker

MAX_PRESSES = 60
MIN_QUESTIONS = 3


def _when(moment_when: tuple[tuple[str, object], ...]) -> str:
    return "{" + ", ".join(f"{key}: {value!r}" for key, value in moment_when) + "}"


def check_lesson(lesson: Lesson) -> list[str]:
    """Every problem of a lesson, one line each (empty: the lesson is sound).

    A lesson is played to its end: its ``until``, else the game's end. Every lesson, the guided first game too,
    is held to 60 presses of Next. Every exercise must be both solvable and failable (``proofs.prove``). A why-not
    question must ask about the lesson's own rule, not only the phase (``ask_check.why_not_problems``).
    """
    return _play_problems(lesson) + why_not_problems(lesson) + exercise_problems(lesson)


def check_course(game_id: str) -> list[str]:
    """What a course with a chapters file breaks as a whole (chapters.py), one line each; none without the file
    (the old form, one chapter by file name, is not held to chapters it does not have)."""
    folder = lessons_dir(game_id)
    if not (folder / CHAPTERS_FILE).is_file():
        return []
    return course_problems(course_chapters(game_id), course_for(game_id), str(folder / CHAPTERS_FILE))


def exercise_problems(lesson: Lesson) -> list[str]:
    """An exercise that cannot be played, solved or failed: one line each, naming the file and the exercise."""
    problems = []
    for exercise in lesson.exercises:
        where = f"{lesson.path}: {exercise.where} ({exercise.id})"
        try:
            proof = prove(exercise)
        except DigitutorError as error:  # the board, the opponent's script, an end that never comes
            named = str(error).startswith(f"{lesson.path}: ")  # already names the file and the field
            problems.append(str(error) if named else f"{where}: {error}")
            continue
        problems.extend(f"{where}: {missing}" for missing in proof.missing())
    return problems


def _play_problems(lesson: Lesson) -> list[str]:
    """The problems of the lesson's own game: its script, notes, questions and length."""
    where = lesson.path
    problems: list[str] = []
    tracker = LessonTracker(lesson)
    asked: set[int] = set()
    played = None
    try:
        for played, _ in lesson_points(lesson):
            tracker.update(played)
            for number, question in tracker.questions_at(len(played.steps) - 1):
                asked.add(number)
                try:
                    pose(question, played, lesson)
                except QuestionError as error:
                    problems.append(f"{where}: questions[{number}]: {error} (at: {_when(question.when)})")
    except DigitutorError as error:  # a refused script answer: the rest of the game is not the lesson's
        answered = sum(1 for d in played.decisions if d.by == "human") if played is not None else 0
        return [*problems, f"{where}: script[{answered}]: {error}"]
    if played is None or not (played.over or tracker.end is not None):
        never = "its until never comes and " if lesson.until is not None else ""
        problems.append(
            f"{where}: script: the lesson does not end: {never}the game does not end "
            "(the learner's answers then the coach's)"
        )
        return problems
    answered = sum(1 for d in played.decisions if d.by == "human")
    for unused in range(answered, len(lesson.script)):
        problems.append(f"{where}: script[{unused}]: never used: the lesson ends first ({lesson.script[unused]!r})")
    fired = {id(note) for index in range(-1, len(played.steps)) for note in tracker.notes_at(index)}
    for number, note in enumerate(lesson.notes):
        if id(note) not in fired:
            problems.append(f"{where}: notes[{number}]: never fires (when: {_when(note.when)})")
    for number, question in enumerate(lesson.questions):
        if number not in asked:
            problems.append(f"{where}: questions[{number}]: never reached (at: {_when(question.when)})")
    if len(lesson.questions) < MIN_QUESTIONS:
        problems.append(f"{where}: questions: expected at least {MIN_QUESTIONS}, got {len(lesson.questions)}")
    if len(played.steps) > MAX_PRESSES:
        problems.append(f"{where}: script: {len(played.steps)} presses of Next, more than {MAX_PRESSES}")
    return problems

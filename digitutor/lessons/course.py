"""A game's course: its lesson files in course order, and a lesson's game played to the end."""

from __future__ import annotations

from collections.abc import Iterator
from importlib import resources
from pathlib import Path

from ..core.errors import DigitutorError, InputError
from ..core.match import Match
from ..core.records import Decision, Step
from ..core.registry import get_game
from .chapters import CHAPTERS_FILE, Chapter, load_chapters, one_chapter
from .coach import coach_answer
from .model import Lesson, load_lesson

DEFAULT_LESSON = "first-game"
#: a lesson folder's file that is not a lesson: reasons for the clauses no lesson teaches
UNTAUGHT_FILE = "untaught.yaml"


def lessons_dir(game_id: str) -> Path:
    """The folder of a game's shipped lessons (it may not exist)."""
    return Path(str(resources.files("digitutor.cards"))) / game_id / "lessons"


def lesson_path(game_id: str, name: str = DEFAULT_LESSON) -> Path:
    """Where the shipped lesson ``name`` of ``game_id`` lives (it may not exist)."""
    return lessons_dir(game_id) / f"{name}.yaml"


def lesson_for(game_id: str, name: str = DEFAULT_LESSON) -> Lesson | None:
    """The shipped lesson of a game, or None when that game has none yet."""
    path = lesson_path(game_id, name)
    return load_lesson(path) if path.is_file() else None


def course_order(path: Path) -> tuple[bool, str]:
    """``first-game`` first (lesson 00 of every course), then the numbered files by name."""
    return (path.stem != DEFAULT_LESSON, path.stem)


def _by_name(folder: Path) -> list[Path]:
    """A lesson folder's lesson files by name (``first-game`` first)."""
    files = (path for path in folder.glob("*.yaml") if path.name not in (UNTAUGHT_FILE, CHAPTERS_FILE))
    return sorted(files, key=course_order)


def course_chapters(game_id: str, folder: Path | None = None) -> tuple[Chapter, ...]:
    """The chapters of a course (one chapter, "Lessons", for a folder without a chapters file)."""
    folder = lessons_dir(game_id) if folder is None else folder
    stems = [path.stem for path in _by_name(folder)] if folder.is_dir() else []
    chapters = load_chapters(folder, stems) if stems else None
    return one_chapter(stems) if chapters is None else chapters


def course_files(game_id: str, folder: Path | None = None) -> list[Path]:
    """The lesson files of a course, in course order: its chapters' order (chapters.py), else by name."""
    folder = lessons_dir(game_id) if folder is None else folder
    return [folder / f"{stem}.yaml" for chapter in course_chapters(game_id, folder) for stem in chapter.lessons]


def course_for(game_id: str, folder: Path | None = None) -> tuple[Lesson, ...]:
    """The lessons of a game in course order (its chapters', else first-game then NN-*.yaml by name); a bad file
    raises InputError."""
    get_game(game_id)  # an unknown game is one clear line
    lessons = tuple(load_lesson(path) for path in course_files(game_id, folder))
    for lesson in lessons:
        if lesson.game != game_id:
            raise InputError(
                lesson.path, "game", f"expected {game_id!r} (the course folder's game), got {lesson.game!r}"
            )
    return lessons


def lesson_agents(lesson: Lesson) -> tuple[str, ...]:
    """``human`` at the learner's seat, the lesson's opponent at every other."""
    return tuple("human" if seat == lesson.seat else lesson.opponent for seat in range(get_game(lesson.game).players))


def start_lesson(lesson: Lesson) -> Match:
    """A fresh match of the lesson's game, nothing played yet."""
    return Match(lesson.game, lesson.seed, lesson.setup, lesson_agents(lesson), lesson.path)


def lesson_points(lesson: Lesson, max_steps: int = 5000) -> Iterator[tuple[Match, Step | Decision]]:
    """Play the lesson's game to the lesson's end, yielding the match after each step (the learner's answers' steps
    too) and at each learner's decision (before the answer).

    The learner answers from the script, then with the coach's answer (the tutor's ★, coach.py). The lesson ends at
    its ``until`` (the first step or learner's decision matching it; that point is yielded, a decision left
    unanswered), else when the game ends. A refused script answer raises IllegalActionError; the game not ending
    within ``max_steps`` simply stops the walk (callers check ``over`` or the tracker's ``end``).
    """
    match = start_lesson(lesson)
    for _ in range(max_steps):
        outcome = match.advance()
        if outcome is None:
            return
        yield match, outcome
        if ends_here(lesson, match, outcome):
            return
        if isinstance(outcome, Decision) and match.pending is outcome:
            answer = scripted_answer(lesson, match)
            if answer is None:
                raise DigitutorError(f"{lesson.path}: the learner has no legal answer to {outcome.kind!r}")
            step = match.choose(answer)
            yield match, step  # the learner sees the step their answer makes, as the tutor shows it
            if ends_here(lesson, match, step):
                return


def ends_here(lesson: Lesson, match: Match, outcome: Step | Decision) -> bool:
    """True when the lesson's ``until`` matches this outcome: the match's latest step, or the learner's decision."""
    until = lesson.until
    if until is None:
        return False
    if isinstance(outcome, Decision):
        return match.pending is outcome and until.matches_decision(outcome.kind)
    return until.matches_step(len(match.steps) - 1, outcome)


def play_lesson(lesson: Lesson, max_steps: int = 5000) -> Match:
    """The lesson's game played to the lesson's end (its ``until``, else the game's end): the learner answers from the
    script, then with the coach's answer."""
    played: Match | None = None
    for played, _ in lesson_points(lesson, max_steps):  # noqa: B007 - runs to the end; the last match is read after
        pass
    return played if played is not None else start_lesson(lesson)


def scripted_answer(lesson: Lesson, match: Match) -> str | None:
    """The answer the lesson plays at the match's pending decision: the script's next, else the coach's (the ★)."""
    pending = match.pending
    if pending is None:
        return None
    answered = sum(1 for record in match.decisions if record.by == "human")
    if answered < len(lesson.script):
        return lesson.script[answered]
    return coach_answer(match, pending)

"""A course's chapters: ``cards/<game>/lessons/chapters.yaml``, and the checks a course must pass as a whole.

::

    chapters:                          # in the order they are taught
      - id: how-to-win                 # lowercase words joined by hyphens, unique in the course
        title: How to win              # shown on the course page
        lessons: [first-game, 01-a-whole-game]   # lesson file stems, in the order they are taught

Every lesson file of the folder is in exactly one chapter. A folder without ``chapters.yaml`` (the old form)
is one chapter, "Lessons", holding its files in name order (``first-game`` first).

The course checks (``course_problems``): a lesson's ``needs`` are concepts an earlier lesson's ``concepts``
introduced, and every chapter ends with a lesson holding at least two exercises.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.errors import InputError, excerpt
from ..core.yamlio import load_yaml
from .model import Lesson

CHAPTERS_FILE = "chapters.yaml"
#: the one chapter of a folder without a chapters file
ONE_CHAPTER_ID = "lessons"
ONE_CHAPTER_TITLE = "Lessons"
#: exercises the last lesson of every chapter holds at least
MIN_CHAPTER_EXERCISES = 2
CHAPTER_KEYS = {"id", "title", "lessons"}
_ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


@dataclass(frozen=True)
class Chapter:
    """One chapter: its id, its title and its lessons' file stems in teaching order."""

    id: str
    title: str
    lessons: tuple[str, ...]


def one_chapter(stems: Sequence[str]) -> tuple[Chapter, ...]:
    """The chapters of a folder without a chapters file: all its lessons in one."""
    return (Chapter(ONE_CHAPTER_ID, ONE_CHAPTER_TITLE, tuple(stems)),) if stems else ()


def load_chapters(folder: Path, stems: Sequence[str]) -> tuple[Chapter, ...] | None:
    """The chapters of a lesson folder whose lesson files have these ``stems``; None without a chapters file.

    Raises InputError (file, field, what was expected) for a bad file, an unknown or repeated lesson, or a lesson
    file in no chapter.
    """
    path = folder / CHAPTERS_FILE
    if not path.is_file():
        return None
    return parse_chapters(load_yaml(path), str(path), stems)


def parse_chapters(doc: Any, source: str, stems: Sequence[str]) -> tuple[Chapter, ...]:
    """Validate a chapters document against the folder's lesson stems."""
    if not isinstance(doc, dict) or set(doc) != {"chapters"} or not isinstance(doc["chapters"], list):
        raise InputError(source, "chapters", "expected a mapping with one key, chapters: a list of chapters")
    if not doc["chapters"]:
        raise InputError(source, "chapters", "expected at least one chapter")
    known, ids = set(stems), set()
    placed: dict[str, str] = {}  # lesson stem -> the chapter field it is in
    chapters = []
    for number, entry in enumerate(doc["chapters"]):
        chapter = _chapter(entry, f"chapters[{number}]", source, known, placed)
        if chapter.id in ids:
            raise InputError(source, f"chapters[{number}].id", f"expected a unique id, {chapter.id!r} is used twice")
        ids.add(chapter.id)
        chapters.append(chapter)
    missing = [stem for stem in stems if stem not in placed]
    if missing:
        raise InputError(source, "chapters", f"expected every lesson file in a chapter; {missing[0]!r} is in none")
    return tuple(chapters)


def _chapter(entry: Any, where: str, source: str, known: set[str], placed: dict[str, str]) -> Chapter:
    if not isinstance(entry, dict) or set(entry) != CHAPTER_KEYS:
        raise InputError(source, where, f"expected a mapping with {', '.join(sorted(CHAPTER_KEYS))}")
    chapter_id, title, lessons = entry["id"], entry["title"], entry["lessons"]
    if not isinstance(chapter_id, str) or not _ID.fullmatch(chapter_id):
        expected = f"expected lowercase words joined by hyphens, got {excerpt(chapter_id)}"
        raise InputError(source, f"{where}.id", expected)
    if not isinstance(title, str) or not title.strip() or "\n" in title.strip():
        raise InputError(source, f"{where}.title", f"expected a one-line title, got {excerpt(title)}")
    if not isinstance(lessons, list) or not lessons:
        raise InputError(source, f"{where}.lessons", f"expected a list of lesson file stems, got {excerpt(lessons)}")
    for number, stem in enumerate(lessons):
        field = f"{where}.lessons[{number}]"
        if not isinstance(stem, str) or stem not in known:
            raise InputError(source, field, f"expected the stem of a lesson file in this folder, got {excerpt(stem)}")
        if stem in placed:
            raise InputError(source, field, f"expected each lesson once; {stem!r} is already in {placed[stem]}")
        placed[stem] = where
    return Chapter(chapter_id, title.strip(), tuple(lessons))


def course_problems(chapters: Sequence[Chapter], lessons: Sequence[Lesson], source: str) -> list[str]:
    """What a course breaks as a whole, one line each: concepts needed before they are taught, and chapters that
    do not end in at least two exercises. ``lessons`` are in course order; ``source`` names the chapters file."""
    by_stem = {lesson.name: lesson for lesson in lessons}
    problems = []
    taught: set[str] = set()
    for lesson in lessons:
        for number, concept in enumerate(lesson.needs):
            if concept.casefold() not in taught:
                problems.append(
                    f"{lesson.path}: needs[{number}]: {concept!r} is not among the concepts of an earlier lesson"
                )
        taught.update(concept.casefold() for concept in lesson.concepts)
    for number, chapter in enumerate(chapters):
        last = by_stem.get(chapter.lessons[-1])
        count = len(last.exercises) if last is not None else 0
        if count < MIN_CHAPTER_EXERCISES:
            problems.append(
                f"{source}: chapters[{number}] ({chapter.id}): expected its last lesson ({chapter.lessons[-1]}) to "
                f"hold at least {MIN_CHAPTER_EXERCISES} exercises, it holds {count}"
            )
    return problems

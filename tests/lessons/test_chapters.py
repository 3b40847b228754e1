"""Chapters (issue 33 item 3): the chapters file orders the course, is validated in one line per fault, and the
course check holds concepts to their order and every chapter to its closing exercises."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from digitutor.core.errors import InputError
from digitutor.lessons import course_for, lessons_dir
from digitutor.lessons.chapters import course_problems, parse_chapters
from digitutor.lessons.course import course_chapters, course_files

SOURCE = "cards/dtector/lessons/chapters.yaml"
STEMS = ["first-game", "00-first-game-part-2", "01-a-whole-game"]


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A copy of the D-Tector course, to which a test adds a chapters file."""
    for path in lessons_dir("dtector").glob("*.yaml"):
        shutil.copy(path, tmp_path / path.name)
    return tmp_path


def write(folder: Path, chapters: list[dict]) -> None:
    (folder / "chapters.yaml").write_text(yaml.safe_dump({"chapters": chapters}), encoding="utf-8")


def test_without_a_chapters_file_the_course_is_one_chapter_in_name_order(folder: Path) -> None:
    (folder / "chapters.yaml").unlink(missing_ok=True)
    chapters = course_chapters("dtector", folder)
    assert [(c.id, c.title) for c in chapters] == [("lessons", "Lessons")]
    assert list(chapters[0].lessons) == STEMS


def test_the_chapters_file_sets_the_course_order(folder: Path) -> None:
    write(
        folder,
        [
            {"id": "a-whole-game", "title": "A whole game", "lessons": ["01-a-whole-game"]},
            {"id": "first-steps", "title": "First steps", "lessons": ["00-first-game-part-2", "first-game"]},
        ],
    )
    assert [path.stem for path in course_files("dtector", folder)] == [
        "01-a-whole-game",
        "00-first-game-part-2",
        "first-game",
    ]
    assert course_for("dtector", folder)[0].name == "01-a-whole-game"


@pytest.mark.parametrize(
    ("chapters", "field", "expected"),
    [
        ([{"id": "a", "title": "A", "lessons": ["first-game", "00-first-game-part-2"]}], "chapters", "is in none"),
        ([{"id": "A b", "title": "A", "lessons": STEMS}], "chapters[0].id", "lowercase words"),
        ([{"id": "a", "title": "", "lessons": STEMS}], "chapters[0].title", "one-line title"),
        ([{"id": "a", "title": "A", "lessons": [*STEMS, "99-nowhere"]}], "chapters[0].lessons[3]", "lesson file"),
        (
            [{"id": "a", "title": "A", "lessons": STEMS}, {"id": "b", "title": "B", "lessons": ["first-game"]}],
            "chapters[1].lessons[0]",
            "already in chapters[0]",
        ),
        (
            [{"id": "a", "title": "A", "lessons": STEMS[:1]}, {"id": "a", "title": "B", "lessons": STEMS[1:]}],
            "chapters[1].id",
            "used twice",
        ),
        ([{"id": "a", "title": "A", "lessons": STEMS, "extra": 1}], "chapters[0]", "a mapping with id"),
    ],
)
def test_a_bad_chapters_file_is_one_line_naming_the_field(chapters: list[dict], field: str, expected: str) -> None:
    with pytest.raises(InputError) as raised:
        parse_chapters({"chapters": chapters}, SOURCE, STEMS)
    line = str(raised.value)
    assert line.startswith(f"{SOURCE}: {field}: "), line
    assert expected in line and "\n" not in line


def test_a_concept_needed_before_it_is_taught_and_a_chapter_without_two_exercises_are_refused() -> None:
    lessons = course_for("dtector")
    first, part_2, whole = lessons
    chapters = parse_chapters(
        {
            "chapters": [
                {"id": "first", "title": "First", "lessons": ["first-game", "00-first-game-part-2"]},
                {"id": "whole", "title": "Whole", "lessons": ["01-a-whole-game"]},
            ]
        },
        SOURCE,
        STEMS,
    )
    taught = whole.concepts[0]
    assert taught not in first.concepts + part_2.concepts, "the test needs a concept only the last lesson teaches"
    needy = type(part_2)(**{**part_2.__dict__, "needs": (taught,), "exercises": ()})  # and no closing exercises
    problems = course_problems(chapters, [first, needy, whole], SOURCE)
    assert problems[0] == f"{part_2.path}: needs[0]: {taught!r} is not among the concepts of an earlier lesson"
    assert len(whole.exercises) >= 2, "the D-Tector whole-game lesson ends its chapter with two exercises"
    assert problems[1:] == [
        f"{SOURCE}: chapters[0] (first): expected its last lesson (00-first-game-part-2) to hold at least 2 "
        "exercises, it holds 0"
    ]
    later = type(whole)(**{**whole.__dict__, "needs": (part_2.concepts[0].upper(),)})  # names match in any case
    assert not [line for line in course_problems(chapters, [first, part_2, later], SOURCE) if "needs" in line]

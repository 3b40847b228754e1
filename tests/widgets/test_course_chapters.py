"""The course page by chapters (issue 33 item 3): a heading per chapter with the stars of its exercises, its lessons
under it, and where the learner is: the first chapter not done (every lesson finished, every exercise solved), kept
in the browser's progress so that a reload shows the same place. A course without a chapters file looks as before.

The fixture course (tests/fixtures/course/dcg: three two-step lessons) stands in for the shipped one through
``DIGITUTOR_LESSONS``; a chapters file is written into a copy of it where a test needs one.
"""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

import pytest

from digitutor.widgets.apps import COURSE, LearnApp
from digitutor.widgets.course import CourseChapter, CoursePage, course, next_up
from digitutor.widgets.progress import LESSONS_ENV, Progress, course_hashes

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "course"
FIRST, SECOND, THIRD = "dcg/first-game", "dcg/01-garurumon-is-no-target", "dcg/02-a-third-lesson"
CHAPTERS = """\
chapters:
  - id: how-to-win
    title: How to win
    lessons: [first-game, 01-garurumon-is-no-target]
  - id: more-attacks
    title: More attacks
    lessons: [02-a-third-lesson]
"""


def page_sends(progress: Progress, game: str, text: object) -> None:
    """What the progress bridge sends when the page opens: the text this browser kept for ``game``."""
    assert progress.bridge is not None
    progress.bridge._handle_custom_msg({"action": "progress", "game": game, "text": text}, [])


@pytest.fixture
def chaptered(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """The fixture course with a chapters file: lesson ids -> content hashes."""
    shutil.copytree(FIXTURES / "dcg", tmp_path / "dcg")
    (tmp_path / "dcg" / "chapters.yaml").write_text(CHAPTERS, encoding="utf-8")
    monkeypatch.setenv(LESSONS_ENV, str(tmp_path))
    return course_hashes("dcg")


def test_a_course_without_a_chapters_file_shows_no_chapter_heading(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(LESSONS_ENV, str(FIXTURES))
    app = LearnApp("dcg")
    page = app.course
    assert page.headings == [] and not page.titled
    assert "chapter" not in page.summary.value.casefold()
    assert '<h3 class="dt-course-title">Lesson 1: One attack wins</h3>' in page.rows[0].value
    assert "lesson 1, One attack wins" in page.resume.description


def test_each_chapter_has_a_heading_over_its_lessons_and_the_learner_is_at_the_first(chaptered) -> None:
    app = LearnApp("dcg")
    app.mode.value = COURSE
    page = app.course
    listing = page.children[2].children
    assert listing[0] is page.headings[0] and listing[3] is page.headings[1], "a heading, then its lessons"
    assert "Chapter 1 of 2: How to win" in page.headings[0].value
    assert "Chapter 2 of 2: More attacks" in page.headings[1].value
    assert "dt-chapter-current" in page.headings[0].value and "you are here" in page.headings[0].value
    assert "dt-chapter-current" not in page.headings[1].value
    assert "You are at chapter 1 of 2: How to win" in page.summary.value
    assert '<h4 class="dt-course-title">Lesson 3: A third short lesson</h4>' in page.rows[2].value


def test_the_next_chapter_is_kept_over_a_reload(chaptered) -> None:
    app = LearnApp("dcg")
    app.progress.mark_finished(FIRST)
    assert "dt-chapter-current" in app.course.headings[0].value, "one lesson of the chapter is left"
    app.progress.mark_finished(SECOND)
    assert "✓ done" in app.course.headings[0].value and "dt-chapter-current" in app.course.headings[1].value
    reloaded = LearnApp("dcg")  # a new page: the browser sends what it kept
    assert "dt-chapter-current" in reloaded.course.headings[0].value
    page_sends(reloaded.progress, "dcg", app.progress.bridge.store["dcg"])
    assert "dt-chapter-current" in reloaded.course.headings[1].value
    assert "You are at chapter 2 of 2: More attacks" in reloaded.course.summary.value
    assert "lesson 3, A third short lesson" in reloaded.course.resume.description


def test_a_chapter_is_done_only_when_its_exercises_are_solved_and_continue_offers_them(chaptered) -> None:
    lessons = list(course("dcg"))
    # the chapter's last lesson holds two exercises (stand-ins: the page reads their ids and titles only)
    lessons[1] = dataclasses.replace(lessons[1], exercises=(("first-one", "First one"), ("second-one", "Second one")))
    chapters = (
        CourseChapter("how-to-win", "How to win", tuple(lessons[:2])),
        CourseChapter("more-attacks", "More attacks", tuple(lessons[2:])),
    )
    progress = Progress({"dcg": course_hashes("dcg")})
    opened: list[str] = []
    practised: list[str] = []
    page = CoursePage(lessons, progress, lambda e: opened.append(e.id), lambda e: practised.append(e.id), chapters)
    assert "★ 0/6" in page.headings[0].value
    progress.mark_finished(FIRST)
    progress.mark_finished(SECOND)
    where = next_up(page.chapters, progress.state("dcg"), progress.stars)
    assert where is not None and where[0].id == "how-to-win" and where[1].id == SECOND and where[2]
    assert "dt-chapter-current" in page.headings[0].value, "the lessons are finished, not the exercises"
    assert page.resume.description == "Continue where you left off: the exercises of lesson 2, Garurumon is no target"
    page.resume.click()
    assert practised == [SECOND] and opened == []
    progress.record_stars(SECOND, "first-one", 3)
    assert "dt-chapter-current" in page.headings[0].value and "★ 3/6" in page.headings[0].value
    progress.record_stars(SECOND, "second-one", 2)
    assert "✓ done" in page.headings[0].value and "★ 5/6" in page.headings[0].value
    assert "dt-chapter-current" in page.headings[1].value
    page.resume.click()
    assert opened == [THIRD]
    progress.mark_finished(THIRD)
    assert next_up(page.chapters, progress.state("dcg"), progress.stars) is None
    assert page.resume.layout.display == "none" and "the whole course!" in page.summary.value

"""The course page of one game: its chapters in order (a heading each, with the stars of its exercises), their
lessons, the concepts of each, what is done (questions right, each exercise's stars), where the learner is (the
chapter to work on now), "Continue", and a way into each lesson and its exercises.

A course without a chapters file (the old form, one chapter "Lessons") shows no chapter heading: it looks as before.
A chapter is **done** when every lesson of it is finished and every exercise of it solved (a star or more); the
learner is at the first chapter not done. What is done is read from the progress kept in the browser, so a reload
shows the same place.

>>> lessons = course("dcg")                       # CourseLesson records, in course order
>>> page = CoursePage(lessons, progress, on_open=lambda entry: ...)   # chapters from the game's chapters file
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from ..lessons.chapters import ONE_CHAPTER_ID, Chapter
from ..lessons.course import course_chapters
from ..lessons.model import Lesson, load_lesson
from .exercise import MAX_STARS, stars_text
from .progress import Progress, course_paths, lesson_hash, lessons_folder
from .style import esc


@dataclass(frozen=True)
class CourseLesson:
    """One lesson of a course, with what the course page shows of it."""

    lesson: Lesson
    stem: str  #: the file's name without ``.yaml``: what ``?lesson=`` names
    digest: str  #: the lesson file's content hash (progress is kept under it)
    concepts: tuple[str, ...]
    questions: int  #: how many questions the lesson asks
    exercises: tuple[tuple[str, str], ...] = ()  #: (id, title) of each of its exercises

    @property
    def id(self) -> str:
        return self.lesson.id

    @property
    def title(self) -> str:
        return self.lesson.title


def load_course_lesson(path: Path) -> CourseLesson:
    """A lesson file of a course; raises InputError naming the file and field when it is not valid."""
    lesson = load_lesson(path)
    exercises = tuple((exercise.id, exercise.title) for exercise in lesson.exercises)
    return CourseLesson(lesson, path.stem, lesson_hash(path), lesson.concepts, len(lesson.questions), exercises)


def course(game_id: str) -> tuple[CourseLesson, ...]:
    """The lessons of a game in course order (first-game first, then ``NN-*.yaml`` by name)."""
    return tuple(load_course_lesson(path) for path in course_paths(game_id))


@dataclass(frozen=True)
class CourseChapter:
    """One chapter of a course as the course page shows it: its id, title and lessons in order."""

    id: str
    title: str
    lessons: tuple[CourseLesson, ...]

    @property
    def exercises(self) -> int:
        return sum(len(entry.exercises) for entry in self.lessons)


def group_chapters(lessons: Sequence[CourseLesson], chapters: Sequence[Chapter]) -> tuple[CourseChapter, ...]:
    """The lessons grouped by ``chapters`` (stems); a lesson no chapter names goes in a last chapter of its own."""
    by_stem = {entry.stem: entry for entry in lessons}
    grouped = [
        CourseChapter(chapter.id, chapter.title, tuple(by_stem[stem] for stem in chapter.lessons if stem in by_stem))
        for chapter in chapters
    ]
    placed = {entry.stem for chapter in grouped for entry in chapter.lessons}
    rest = tuple(entry for entry in lessons if entry.stem not in placed)
    if rest:
        grouped.append(CourseChapter(ONE_CHAPTER_ID if not grouped else "more", "More lessons", rest))
    return tuple(chapter for chapter in grouped if chapter.lessons)


def course_chapter_list(game_id: str, lessons: Sequence[CourseLesson]) -> tuple[CourseChapter, ...]:
    """The chapters of a game's course (its chapters file, else one chapter) holding these lessons."""
    return group_chapters(lessons, course_chapters(game_id, lessons_folder(game_id)))


def chapter_done(
    chapter: CourseChapter, state: dict[str, dict[str, Any]], stars: Callable[[str], dict[str, int]]
) -> bool:
    """Every lesson of the chapter finished and every exercise of it solved (one star or more)."""
    return all(
        state.get(entry.id, {}).get("finished") and all(stars(entry.id).get(ex, 0) > 0 for ex, _ in entry.exercises)
        for entry in chapter.lessons
    )


def next_up(
    chapters: Sequence[CourseChapter], state: dict[str, dict[str, Any]], stars: Callable[[str], dict[str, int]]
) -> tuple[CourseChapter, CourseLesson, bool] | None:
    """Where the learner is: the first chapter not done, and in it the first lesson not finished, else the first
    lesson with an exercise not solved (``True``: its exercises); None when the whole course is done."""
    for chapter in chapters:
        for entry in chapter.lessons:
            if not state.get(entry.id, {}).get("finished"):
                return chapter, entry, False
        for entry in chapter.lessons:
            if any(stars(entry.id).get(ex, 0) <= 0 for ex, _ in entry.exercises):
                return chapter, entry, True
    return None


def find_lesson(lessons: Sequence[CourseLesson], stem: str) -> CourseLesson | None:
    """The lesson whose file is ``<stem>.yaml``, or None."""
    return next((entry for entry in lessons if entry.stem == stem), None)


def continue_lesson(lessons: Sequence[CourseLesson], state: dict[str, dict[str, Any]]) -> CourseLesson | None:
    """Where to continue: the first lesson not finished (None when every lesson is)."""
    return next((entry for entry in lessons if not state.get(entry.id, {}).get("finished")), None)


def exercise_stars_html(entry: CourseLesson, stars: dict[str, int]) -> str:
    """Each exercise of the lesson with the best stars kept for it (☆☆☆ when not solved yet)."""
    if not entry.exercises:
        return ""
    items = "".join(
        f'<li data-exercise="{esc(exercise)}" title="{esc(title)}: {stars.get(exercise, 0)} of 3 stars">'
        f'<span class="dt-ex-stars">{stars_text(stars.get(exercise, 0))}</span> {esc(title)}</li>'
        for exercise, title in entry.exercises
    )
    return f'<ul class="dt-course-exercises" aria-label="Exercises">{items}</ul>'


def lesson_row(
    number: int,
    entry: CourseLesson,
    done: dict[str, Any],
    next_up: bool,
    stars: dict[str, int] | None = None,
    heading: str = "h3",
) -> str:
    """One lesson of the list: number, title, concepts, what is done, and its exercises' stars (``heading``: the
    title's tag, one level under the chapter's)."""
    finished = bool(done.get("finished"))
    right = len(done.get("right", ()))
    marks = []
    if finished:
        marks.append('<span class="dt-course-done">✓ finished</span>')
    elif next_up:
        marks.append('<span class="dt-course-next">next</span>')
    if entry.questions:
        marks.append(
            f'<span class="dt-course-right">questions right {min(right, entry.questions)}/{entry.questions}</span>'
        )
    concepts = "".join(f"<li>{esc(name)}</li>" for name in entry.concepts)
    return (
        f'<div class="dt-course-row" data-lesson="{esc(entry.stem)}">'
        f'<span class="dt-course-n" aria-hidden="true">{number}</span>'
        f'<div class="dt-course-what"><{heading} class="dt-course-title">Lesson {number}: {esc(entry.title)}'
        f"</{heading}>"
        + (f'<ul class="dt-concepts" aria-label="Concepts">{concepts}</ul>' if concepts else "")
        + exercise_stars_html(entry, stars or {})
        + f'</div><div class="dt-course-state">{" ".join(marks)}</div></div>'
    )


def chapter_html(number: int, total: int, chapter: CourseChapter, done: bool, here: bool, stars: int) -> str:
    """A chapter's heading: its number and title, done or where the learner is, and its exercises' stars."""
    marks = []
    if done:
        marks.append('<span class="dt-course-done">✓ done</span>')
    elif here:
        marks.append('<span class="dt-chapter-here">you are here</span>')
    if chapter.exercises:
        most = MAX_STARS * chapter.exercises
        words = f"{stars} of {most} stars from {chapter.exercises} exercise{'s' if chapter.exercises != 1 else ''}"
        marks.append(f'<span class="dt-chapter-stars" title="{esc(words)}">★ {stars}/{most}</span>')
    css = "dt-chapter" + (" dt-chapter-done" if done else "") + (" dt-chapter-current" if here else "")
    current = ' aria-current="step"' if here else ""
    return (
        f'<div class="{css}" data-chapter="{esc(chapter.id)}"{current}><h3 class="dt-chapter-title">Chapter {number} '
        f'of {total}: {esc(chapter.title)}</h3><div class="dt-chapter-state">{" ".join(marks)}</div></div>'
    )


class CoursePage(widgets.VBox):
    """The chapters of one course and their lessons with their progress; a click opens a lesson (``on_open``) or its
    exercises (``on_exercises``). ``chapters``: default, the game's chapters file (one chapter without it)."""

    def __init__(
        self,
        lessons: Sequence[CourseLesson],
        progress: Progress,
        on_open: Callable[[CourseLesson], None],
        on_exercises: Callable[[CourseLesson], None] | None = None,
        chapters: Sequence[CourseChapter] | None = None,
    ) -> None:
        self.lessons = tuple(lessons)
        self.progress = progress
        self.on_open = on_open
        self.on_exercises = on_exercises
        self.game = self.lessons[0].lesson.game if self.lessons else ""
        if chapters is None:
            chapters = course_chapter_list(self.game, self.lessons) if self.lessons else ()
        self.chapters = tuple(chapters)
        #: the old form (one chapter, no chapters file) shows no chapter heading
        self.titled = not (len(self.chapters) == 1 and self.chapters[0].id == ONE_CHAPTER_ID)
        self.summary = widgets.HTML()
        self.summary.add_class("dt-course-summary")
        self.resume = widgets.Button(button_style="success", layout=widgets.Layout(width="auto"))
        self.resume.add_class("dt-continue")
        self.resume.on_click(lambda _button: self._continue())
        self.rows: list[widgets.HTML] = []
        self.buttons: list[widgets.Button] = []
        self.headings: list[widgets.HTML] = []
        self.order = [entry for chapter in self.chapters for entry in chapter.lessons]
        boxes: list[widgets.Widget] = []
        for chapter in self.chapters:
            if self.titled:
                heading = widgets.HTML()
                heading.add_class("dt-chapter-head")
                self.headings.append(heading)
                boxes.append(heading)
            boxes.extend(self._lesson_box(self.order.index(entry) + 1, entry) for entry in chapter.lessons)
        listing = widgets.VBox(boxes)
        listing.add_class("dt-course-list")
        super().__init__([self.summary, self.resume, listing])
        self.add_class("dt-course")
        progress.observe(lambda _change: self.show(), "revision")
        self.show()

    def _lesson_box(self, number: int, entry: CourseLesson) -> widgets.HBox:
        row = widgets.HTML()
        button = widgets.Button(
            description=f"Open lesson {number}", tooltip=entry.title, layout=widgets.Layout(width="auto")
        )
        button.add_class("dt-course-open")
        button.on_click(lambda _button, chosen=entry: self.on_open(chosen))
        parts = [row, button]
        if entry.exercises and self.on_exercises is not None:
            practice = widgets.Button(
                description=f"Exercises of lesson {number}",
                tooltip=f"{len(entry.exercises)} exercise(s) to solve on your own",
                layout=widgets.Layout(width="auto"),
            )
            practice.add_class("dt-course-practice")
            practice.on_click(lambda _button, chosen=entry: self._exercises(chosen))
            parts.append(practice)
        box = widgets.HBox(parts)
        box.add_class("dt-course-lesson")
        self.rows.append(row)
        self.buttons.append(button)
        return box

    def where(self) -> tuple[CourseChapter, CourseLesson, bool] | None:
        """Where the learner is now (``next_up``): chapter, lesson, and whether it is that lesson's exercises."""
        return next_up(self.chapters, self.progress.state(self.game), self.progress.stars)

    def show(self) -> None:
        """Draw the chapters, the list and "Continue" from the progress known now."""
        state = self.progress.state(self.game)
        here = self.where()
        upcoming = here[1] if here is not None and not here[2] else None  # the lesson marked "next"
        finished = sum(bool(state.get(entry.id, {}).get("finished")) for entry in self.order)
        total = len(self.order)
        lessons = "lesson" if total == 1 else "lessons"
        words = f"{finished} of {total} {lessons} finished"
        if here is None and total:
            words += " — the whole course! Open any lesson to play it again."
        place = ""
        if here is not None and self.titled:
            number = self.chapters.index(here[0]) + 1
            place = (
                f'<p class="dt-course-here">You are at chapter {number} of {len(self.chapters)}: '
                f"{esc(here[0].title)}</p>"
            )
        chapters = f"{len(self.chapters)} chapters, " if self.titled else ""
        self.summary.value = (
            f'<h2 class="dt-panel-title">The course: {chapters}{total} short {lessons}, in order</h2>'
            f'<p class="dt-course-count">{esc(words)}</p>{place}'
        )
        if here is None:
            self.resume.layout.display = "none"
        else:
            _chapter, entry, practice = here
            number = self.order.index(entry) + 1
            self.resume.layout.display = ""
            if practice:
                self.resume.description = (
                    f"Continue where you left off: the exercises of lesson {number}, {entry.title}"
                )
                self.resume.tooltip = f"Solve the exercises of lesson {number}: the chapter ends with them"
            else:
                self.resume.description = f"Continue where you left off: lesson {number}, {entry.title}"
                self.resume.tooltip = f"Open lesson {number}, the first lesson not finished yet"
        for number, (chapter, heading) in enumerate(zip(self.chapters, self.headings, strict=False), 1):
            stars = sum(sum(self.progress.stars(entry.id).values()) for entry in chapter.lessons)
            done = chapter_done(chapter, state, self.progress.stars)
            current = here is not None and here[0] is chapter
            heading.value = chapter_html(number, len(self.chapters), chapter, done, current, stars)
        tag = "h4" if self.titled else "h3"
        for number, (entry, row, button) in enumerate(zip(self.order, self.rows, self.buttons, strict=True), 1):
            done_here = state.get(entry.id, {})
            row.value = lesson_row(number, entry, done_here, entry is upcoming, self.progress.stars(entry.id), tag)
            button.description = f"Play lesson {number} again" if done_here.get("finished") else f"Open lesson {number}"

    def _exercises(self, entry: CourseLesson) -> None:
        if self.on_exercises is not None:
            self.on_exercises(entry)

    def _continue(self) -> None:
        here = self.where()
        if here is None:
            return
        _chapter, entry, practice = here
        if practice and self.on_exercises is not None:
            self.on_exercises(entry)
        else:
            self.on_open(entry)

"""The course page of one game: its lessons in order, the concepts of each, what is done (questions right, each
exercise's stars), "Continue", and a way into each lesson and its exercises.

>>> lessons = course("dcg")                       # CourseLesson records, first-game first
>>> page = CoursePage(lessons, progress, on_open=lambda entry: ...)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from ..lessons.model import Lesson, load_lesson
from .exercise import stars_text
from .progress import Progress, course_paths, lesson_hash
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
    number: int, entry: CourseLesson, done: dict[str, Any], next_up: bool, stars: dict[str, int] | None = None
) -> str:
    """One lesson of the list: number, title, concepts, what is done, and its exercises' stars."""
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
        f'<div class="dt-course-what"><h3 class="dt-course-title">Lesson {number}: {esc(entry.title)}</h3>'
        + (f'<ul class="dt-concepts" aria-label="Concepts">{concepts}</ul>' if concepts else "")
        + exercise_stars_html(entry, stars or {})
        + f'</div><div class="dt-course-state">{" ".join(marks)}</div></div>'
    )


class CoursePage(widgets.VBox):
    """The lessons of one course with their progress; a click opens a lesson (``on_open``)."""

    def __init__(
        self,
        lessons: Sequence[CourseLesson],
        progress: Progress,
        on_open: Callable[[CourseLesson], None],
        on_exercises: Callable[[CourseLesson], None] | None = None,
    ) -> None:
        self.lessons = tuple(lessons)
        self.progress = progress
        self.on_open = on_open
        self.on_exercises = on_exercises
        self.game = self.lessons[0].lesson.game if self.lessons else ""
        self.summary = widgets.HTML()
        self.summary.add_class("dt-course-summary")
        self.resume = widgets.Button(button_style="success", layout=widgets.Layout(width="auto"))
        self.resume.add_class("dt-continue")
        self.resume.on_click(lambda _button: self._continue())
        self.rows: list[widgets.HTML] = []
        self.buttons: list[widgets.Button] = []
        boxes = []
        for number, entry in enumerate(self.lessons, 1):
            row = widgets.HTML()
            button = widgets.Button(
                description=f"Open lesson {number}", tooltip=entry.title, layout=widgets.Layout(width="auto")
            )
            button.add_class("dt-course-open")
            button.on_click(lambda _button, chosen=entry: self.on_open(chosen))
            parts = [row, button]
            if entry.exercises and on_exercises is not None:
                practice = widgets.Button(
                    description=f"Exercises of lesson {number}",
                    tooltip=f"{len(entry.exercises)} exercise(s) to solve on your own",
                    layout=widgets.Layout(width="auto"),
                )
                practice.add_class("dt-course-practice")
                practice.on_click(lambda _button, chosen=entry: on_exercises(chosen))
                parts.append(practice)
            box = widgets.HBox(parts)
            box.add_class("dt-course-lesson")
            self.rows.append(row)
            self.buttons.append(button)
            boxes.append(box)
        listing = widgets.VBox(boxes)
        listing.add_class("dt-course-list")
        super().__init__([self.summary, self.resume, listing])
        self.add_class("dt-course")
        progress.observe(lambda _change: self.show(), "revision")
        self.show()

    def show(self) -> None:
        """Draw the list and "Continue" from the progress known now."""
        state = self.progress.state(self.game)
        upcoming = continue_lesson(self.lessons, state)
        finished = sum(bool(state.get(entry.id, {}).get("finished")) for entry in self.lessons)
        total = len(self.lessons)
        lessons = "lesson" if total == 1 else "lessons"
        words = f"{finished} of {total} {lessons} finished"
        if upcoming is None and total:
            words += " — the whole course! Open any lesson to play it again."
        self.summary.value = (
            f'<h2 class="dt-panel-title">The course: {total} short {lessons}, in order</h2>'
            f'<p class="dt-course-count">{esc(words)}</p>'
        )
        if upcoming is None:
            self.resume.layout.display = "none"
        else:
            number = self.lessons.index(upcoming) + 1
            self.resume.layout.display = ""
            self.resume.description = f"Continue where you left off: lesson {number}, {upcoming.title}"
            self.resume.tooltip = f"Open lesson {number}, the first lesson not finished yet"
        for number, (entry, row, button) in enumerate(zip(self.lessons, self.rows, self.buttons, strict=True), 1):
            done = state.get(entry.id, {})
            row.value = lesson_row(number, entry, done, entry is upcoming, self.progress.stars(entry.id))
            button.description = f"Play lesson {number} again" if done.get("finished") else f"Open lesson {number}"

    def _continue(self) -> None:
        upcoming = continue_lesson(self.lessons, self.progress.state(self.game))
        if upcoming is not None:
            self.on_open(upcoming)

"""The address is the place (issue 34, item 4): the Learn app says in the page's address which lesson it plays or
that it shows the course, Back and Forward bring that place back, and a finished lesson offers the next one at once.

The page bridge puts ``place`` into the address (a history entry per change) and sends the address back after Back
or Forward; here the kernel side is driven as the bridge drives it.
"""

from __future__ import annotations

from test_lesson_end import to_lesson_end

from digitutor.widgets.apps import COURSE, FREE, GUIDED, LearnApp


def place(app: LearnApp) -> str:
    assert app.tutor.key_listener is not None
    return app.tutor.key_listener.place


def test_the_address_names_the_lesson_played_and_the_course_list() -> None:
    app = LearnApp("dcg")
    first, third = app.lessons[0], app.lessons[2]
    assert place(app) == f"lesson={first.stem}"
    app.mode.value = COURSE
    assert place(app) == "view=course"
    app.open_lesson(third)
    assert place(app) == f"lesson={third.stem}"
    app.mode.value = FREE  # a new game at once: the lesson had no progress to lose
    assert app.mode.value == FREE and place(app) == "", "free play is no lesson: the address names none"


def test_back_and_forward_bring_back_the_lesson_or_the_course_the_address_names() -> None:
    app = LearnApp("dcg")
    second = app.lessons[1]
    app.open_lesson(second)
    app.tutor.page_actions["place"]("?view=course")  # Back, to the course list
    assert app.mode.value == COURSE and place(app) == "view=course"
    app.tutor.page_actions["place"](f"?lesson={second.stem}")  # Forward, to the lesson
    assert app.mode.value == GUIDED and app.tutor.model.lesson is not None
    assert app.tutor.model.lesson.id == second.id and place(app) == f"lesson={second.stem}"
    app.mode.value = COURSE
    app.tutor.page_actions["place"]("")  # Back to an address that names no place: the game the list hid
    assert app.mode.value == GUIDED and app.tutor.model.lesson.id == second.id


def test_a_finished_lesson_offers_the_next_one_at_once_and_it_opens() -> None:
    app = LearnApp("dtector")
    button = app.next_lesson
    assert button in app.tutor.task.children and button.layout.display == "none"
    to_lesson_end(app.tutor.model)
    following = app.lessons[1]
    assert button.layout.display == "", "the lesson's end shows Next lesson"
    assert following.lesson.title in button.description
    button.click()
    assert app.tutor.model.lesson is not None and app.tutor.model.lesson.id == following.id
    assert button.layout.display == "none" and place(app) == f"lesson={following.stem}"


def test_the_last_lesson_offers_no_next_one() -> None:
    app = LearnApp("dtector")
    app.open_lesson(app.lessons[-1])
    to_lesson_end(app.tutor.model)
    assert app.next_lesson.layout.display == "none"

"""The rulebook browser's "Shown by" lists every lesson of the course that cites a clause, with a link that opens
that lesson (issue 25: the course's later lessons and the parts of a split first game are demonstrations too)."""

from __future__ import annotations

from digitutor.lessons import course_for
from digitutor.lessons.course import play_lesson
from digitutor.widgets.rulebook import demonstrations

#: D-Tector, How to Win: "The player with the highest number of points at the
#: moment when either player runs out of cards wins"
WIN = "dtector:how-to-win.p1"


def cites(lesson, clause: str) -> bool:
    return any(c.id == clause for step in play_lesson(lesson).steps for c in step.citations)


def test_every_lesson_citing_a_clause_is_listed_once_with_its_own_link():
    expected = {f"./learn_dtector.ipynb?lesson={lesson.name}" for lesson in course_for("dtector") if cites(lesson, WIN)}
    links = [link for _, link in demonstrations("dtector")[WIN] if "?lesson=" in link]
    assert expected and len(links) == len(set(links)) and set(links) == expected

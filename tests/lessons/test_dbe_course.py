"""The DBE course (issue 33): every note's quotes are about the step it pauses at, and every why-not asks about the
lesson's own rule."""

from __future__ import annotations

from pathlib import Path

import pytest
from cited import uncited_quotes

from digitutor.lessons import course_for
from digitutor.lessons.ask_check import why_not_problems

LESSONS = course_for("dbe")
#: notes of main that quote a heading their step does not cite (left to the text review of the DBE lessons): the
#: lead-in of the turn's steps at step 20, a card part at "Power and abilities", and the Dark Area FAQ's question
KNOWN = {
    ("first-game", "dbe:prep-phase.turn"),
    ("first-game", "dbe:anatomy-of-cards.10"),
    ("02-dark-area", "dbe:rules-faq.dark-area"),
}


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: Path(lesson.path).stem)
def test_a_note_quotes_only_rules_its_step_cites(lesson):
    """A note's quotes are about what is on screen: rules the step (or decision) it pauses at cites."""
    stem = Path(lesson.path).stem
    for number, title, uncited in uncited_quotes(lesson):
        extra = {clause for clause in uncited if (stem, clause) not in KNOWN}
        assert not extra, f"notes[{number}] ({title}): {sorted(extra)}"


def test_every_why_not_asks_about_the_lessons_own_rule():
    assert [problem for lesson in LESSONS for problem in why_not_problems(lesson)] == []

"""Issue 33: the tutor's ★ suggests, at every learner decision of a lesson, the answer the lesson itself plays.

The lesson checks (questions, notes, coverage, presses) verify the game ``lesson_points`` plays: the script, then the
coach's answer. A learner who follows the ★ must play that same game: every lesson of every course is walked.
"""

from __future__ import annotations

import pytest

from digitutor.core.records import Decision
from digitutor.core.registry import GAME_MODULES
from digitutor.lessons import Lesson, course_for, scripted_answer
from digitutor.lessons.course import lesson_points
from digitutor.widgets.model import TutorModel
from digitutor.widgets.tutor import lesson_spec

LESSONS = [lesson for game in GAME_MODULES for lesson in course_for(game)]


def played_answers(lesson: Lesson) -> list[tuple[str, str]]:
    """(decision kind, option key) of every learner decision the lesson plays, in order."""
    answers = []
    for match, outcome in lesson_points(lesson):
        if isinstance(outcome, Decision) and match.pending is outcome:
            answer = scripted_answer(lesson, match)
            assert answer is not None
            answers.append((outcome.kind, match.resolve_key(answer).key))
    return answers


def starred_answers(lesson: Lesson, wanted: int) -> list[tuple[str, str]]:
    """(decision kind, ★ key) at the learner's first ``wanted`` decisions, following the ★ each time."""
    model = TutorModel(lesson_spec(lesson), lesson)
    stars: list[tuple[str, str]] = []
    for _ in range(2000):
        if len(stars) == wanted or model.match.over:
            break
        model.run_to_my_decision()
        decision = model.pending()
        if decision is None:
            continue
        star = model.suggestion()
        assert star is not None, f"no ★ at decision {len(stars)} ({decision.kind})"
        stars.append((decision.kind, star))
        model.choose(star)
    return stars


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_the_star_is_the_answer_the_lesson_plays_at_every_learner_decision(lesson):
    played = played_answers(lesson)
    assert played, f"{lesson.id}: the learner decides nothing"
    assert starred_answers(lesson, len(played)) == played

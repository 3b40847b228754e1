"""Issue 25: for every question of every shipped lesson, the answer the tutor accepts is the engine's.

Each lesson is replayed here by hand (its script, then the coach's answer, the ★) and each question's point found
from its ``at`` (the first step, or learner's decision, that matches). The right answers are then recomputed
from the Match itself: the legal option keys (may-now), ``Match.why_not`` (why-not), and the step that follows
in the played game (next-rule: its first citation; what-next: its narration).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest

from digitutor.core.match import Match
from digitutor.core.records import Decision, Step
from digitutor.core.registry import GAME_MODULES, get_game
from digitutor.lessons import Lesson, Question, course_for, pose
from digitutor.lessons.coach import coach_answer
from digitutor.lessons.questions import MAY_NOT_PROMPT, Posed


@dataclass
class Asked:
    question: Question
    number: int
    posed: Posed
    point: int  #: the step the question follows
    decision: Decision | None
    why_not: tuple  #: Match.why_not(action) at the point (why-not only)
    option_legal: dict[str, bool]  #: may-now: each option label -> why_not(key) is empty


def matches_step(at: dict, index: int, step: Step) -> bool:
    checks = {
        "step": lambda v: index == v,
        "phase": lambda v: step.phase == v,
        "narration": lambda v: v in step.narration,
        "event": lambda v: any(e.kind == v for e in step.events),
        "cites": lambda v: any(c.id == v for c in step.citations),
    }
    return "decision" not in at and all(checks[k](v) for k, v in at.items())


#: an action as the engine names it ("attack:st1-03:st1-07"), which a prompt must put in the game's words (issue 33)
ENGINE_KEY = re.compile(r"\b[a-z]+(?:-[a-z]+)*:[\w.=-]+")


def ask_all(lesson: Lesson) -> tuple[Match, list[Asked]]:
    """Play the lesson; pose each question at its first matching point, recording the engine's own view there."""
    agents = tuple("human" if seat == lesson.seat else lesson.opponent for seat in range(get_game(lesson.game).players))
    match = Match(lesson.game, lesson.seed, lesson.setup, agents, lesson.path)
    script, waiting, asked = list(lesson.script), dict(enumerate(lesson.questions)), []

    def fire(point: int, decision: Decision | None, hit) -> None:
        for number, question in list(waiting.items()):
            if hit(dict(question.when)):
                del waiting[number]
                reasons = match.why_not(question.action) if question.ask == "why-not" else ()
                legal = (
                    {o.label: not match.why_not(o.key) for o in decision.options}
                    if decision and question.ask == "may-now"
                    else {}
                )
                asked.append(Asked(question, number, pose(question, match, lesson), point, decision, reasons, legal))

    while (outcome := match.advance()) is not None:
        point = len(match.steps) - 1
        if isinstance(outcome, Decision):
            fire(point, outcome, lambda at: at.get("decision") == outcome.kind)
            answered = match.choose(script.pop(0) if script else coach_answer(match, outcome))
            fire(point + 1, None, lambda at: matches_step(at, point + 1, answered))  # noqa: B023 - fire() calls it at once; the step the answer makes
        else:
            fire(point, None, lambda at: matches_step(at, point, outcome))  # noqa: B023 - fire() calls it at once
    assert not waiting, f"questions never reached: {sorted(waiting)}"
    return match, asked


def shipped() -> list[Lesson]:
    return [lesson for game in GAME_MODULES for lesson in course_for(game)]


@pytest.mark.parametrize("lesson", shipped(), ids=lambda lesson: lesson.id)
def test_every_question_accepts_exactly_the_engines_answers(lesson):
    assert len(lesson.questions) >= 3, "every lesson has at least three questions"
    played, asked = ask_all(lesson)
    for item in asked:
        posed, where = item.posed, f"{lesson.id} questions[{item.number}] ({item.question.ask})"
        right = {choice.label for choice in posed.choices if choice.right}
        assert right and len(right) < len(posed.choices), f"{where}: at least one right and one wrong choice"
        assert len({c.label for c in posed.choices}) == len(posed.choices), f"{where}: no two choices read the same"
        assert not ENGINE_KEY.search(posed.prompt), f"{where}: the prompt shows an engine key: {posed.prompt}"
        if item.question.ask == "may-now":
            assert item.decision is not None
            assert set(item.option_legal) >= {c.label for c in posed.choices}, f"{where}: every choice is an option"
            shown = {c.label for c in posed.choices}
            assert len(right) == 1 and len(shown) >= 3, f"{where}: exactly one right choice among three or more"
            wanted = posed.prompt != MAY_NOT_PROMPT  # "may you not do": the one the rules refuse is the answer
            assert right == {label for label, legal in item.option_legal.items() if legal == wanted} & shown, where
        elif item.question.ask == "why-not":
            assert item.why_not, f"{where}: the action must be illegal there"
            assert right == {reason.citation.quote for reason in item.why_not}, where
            ids = {reason.citation.id for reason in item.why_not}
            assert all(why.id not in ids for c in posed.choices if not c.right for why in c.why), (
                f"{where}: a wrong choice quotes another clause"
            )
        else:
            following = played.steps[item.point + 1]  # the step the lesson's game played next
            expected = (
                following.citations[0].quote
                if item.question.ask == "next-rule"
                else following.narration_for(lesson.seat)
            )
            assert right == {expected}, where
            if item.question.ask == "next-rule":
                (choice,) = (c for c in posed.choices if c.right)
                assert choice.why[0].id == following.citations[0].id, where


@pytest.mark.parametrize("lesson", shipped(), ids=lambda lesson: lesson.id)
def test_a_wrong_choice_carries_a_cited_explanation_and_the_order_gives_nothing_away(lesson):
    _, asked = ask_all(lesson)
    for item in asked:
        labels = [c.label for c in item.posed.choices]
        assert labels == sorted(labels, key=lambda label: (label.casefold(), label)), "choices are sorted by label"
        for choice in item.posed.choices:
            assert choice.why, f"{lesson.id} questions[{item.number}]: {choice.label!r} has no citation"
        assert item.posed.prompt and all(c.label not in item.posed.prompt for c in item.posed.choices if c.right), (
            "the prompt does not contain the answer"
        )


def test_posing_a_question_does_not_change_the_learners_match():
    lesson = course_for("dcg")[0]
    agents = ("human", lesson.opponent)
    match = Match(lesson.game, lesson.seed, lesson.setup, agents, lesson.path)
    outcome = match.advance()
    while not (isinstance(outcome, Decision) and outcome.kind == "counter"):
        if isinstance(outcome, Decision):
            match.choose(lesson.script[sum(d.by == "human" for d in match.decisions)])
        outcome = match.advance()
    before = (len(match.steps), match.pending, match.state.copy(), match.rng.getstate())
    for question in lesson.questions:
        if question.ask in ("next-rule", "what-next"):
            pose(question, match, lesson)
    assert (len(match.steps), match.pending, match.rng.getstate()) == (before[0], before[1], before[3])
    assert match.state == before[2]

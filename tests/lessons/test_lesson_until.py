"""A lesson may end before its game does (``until``, docs/lessons.md): the
check, the tracker and the coverage stop there.

Issue 25, "What to build" 1: each lesson is at most 60 presses of Next. A long guided game is split with ``until``;
"played to its end" is then played to its ``until`` (the first step, or learner's decision, matching it).
"""

from __future__ import annotations

import shutil

import yaml

from digitutor.core.match import Match
from digitutor.core.records import Decision
from digitutor.lessons import LessonTracker, lesson_path, load_lesson, play_lesson
from digitutor.lessons.check import check_lesson
from digitutor.lessons.coach import coach_answer
from digitutor.lessons.course import lesson_points
from digitutor.lessons.coverage import course_coverage


def dtector_first_game(tmp_path, name: str = "01-until.yaml", **change) -> object:
    """The shipped dtector first game with some fields changed, as a lesson file of its own."""
    doc = {**yaml.safe_load(lesson_path("dtector").read_text(encoding="utf-8")), **change}
    path = tmp_path / name
    path.write_text(yaml.safe_dump(doc), encoding="utf-8")
    return load_lesson(path)


def test_a_lesson_with_until_ends_at_the_first_step_that_matches_it(tmp_path):
    # D-Tector "Battle Call": Spirit beats all; the first such step ends the lesson, long before the game ends
    lesson = dtector_first_game(tmp_path, until={"narration": "Spirit beats all"})
    played = play_lesson(lesson)
    assert not played.over
    assert "Spirit beats all" in played.steps[-1].narration
    assert all("Spirit beats all" not in step.narration for step in played.steps[:-1])
    match, last = list(lesson_points(lesson))[-1]
    assert last is match.steps[-1] and len(match.steps) == len(played.steps), "nothing is played after the lesson's end"


def test_a_lesson_may_end_at_a_learners_decision_which_is_left_unanswered(tmp_path):
    lesson = dtector_first_game(tmp_path, until={"decision": "attack"})
    played = play_lesson(lesson)
    assert played.pending is not None and played.pending.kind == "attack"
    assert not any(record.kind == "attack" for record in played.decisions)
    tracker = LessonTracker(lesson)
    tracker.update(played)
    assert tracker.end == len(played.steps) - 1  # a decision moment belongs to the step it follows


def test_nothing_of_the_lesson_fires_after_its_end_and_the_check_says_so(tmp_path):
    lesson = dtector_first_game(tmp_path, until={"narration": "Spirit beats all"})
    whole = Match("dtector", lesson.seed, lesson.setup, ("human", lesson.opponent), lesson.path)
    script = list(lesson.script)
    while (outcome := whole.advance()) is not None:  # the same game, played on past the lesson's end
        if isinstance(outcome, Decision):
            whole.choose(script.pop(0) if script else coach_answer(whole, outcome))
    tracker = LessonTracker(lesson)
    tracker.update(whole)
    end = next(i for i, step in enumerate(whole.steps) if "Spirit beats all" in step.narration)
    assert tracker.end == end and tracker.ended(end) and not tracker.ended(end - 1)
    assert not any(tracker.notes_at(i) or tracker.questions_at(i) for i in range(end + 1, len(whole.steps)))
    combine = next(n for n, note in enumerate(lesson.notes) if note.title == "Combining with a Spirit")
    problems = check_lesson(lesson)
    assert any(line.endswith(f"notes[{combine}]: never fires (when: {{event: 'combine'}})") for line in problems), (
        problems
    )
    assert not any("presses of Next" in line or "does not end" in line for line in problems)


def test_the_shipped_guided_games_end_at_their_until_within_60_presses():
    for game in ("dtector", "arena", "dbe"):
        lesson = load_lesson(lesson_path(game))
        assert lesson.until is not None, game
        played = play_lesson(lesson)
        assert not played.over and len(played.steps) <= 60, game


def test_coverage_counts_only_up_to_the_until_point(tmp_path):
    lesson = dtector_first_game(tmp_path, "first-game.yaml", until={"step": 20})
    report = course_coverage("dtector", tmp_path)
    (taught,) = report.lessons
    assert taught.presses == 21
    whole = Match("dtector", lesson.seed, lesson.setup, ("human", lesson.opponent), lesson.path)
    script = list(lesson.script)
    rules: set[str] = set()
    while (outcome := whole.advance()) is not None:
        if isinstance(outcome, Decision):
            if len(whole.steps) <= 21:  # a decision the learner meets before the lesson's end
                rules.update(c.id for c in outcome.citations)
            whole.choose(script.pop(0) if script else coach_answer(whole, outcome))
    before = whole.steps[:21]
    cited = rules | {c.id for step in before for c in (*step.citations, *step.glossary)}
    leaves = set(report.leaves)
    assert taught.clauses == cited & leaves
    # the D-Tector rule that ends the game ("runs out of cards") is cited only by the game's last step
    ending = {c.id for c in whole.steps[-1].citations} - {c.id for step in whole.steps[:-1] for c in step.citations}
    assert ending & leaves and not ending & taught.clauses


def test_a_course_copy_keeps_its_until(tmp_path):
    shutil.copy(lesson_path("dtector"), tmp_path / "first-game.yaml")
    (taught,) = course_coverage("dtector", tmp_path).lessons
    assert taught.presses == len(play_lesson(load_lesson(lesson_path("dtector"))).steps) <= 60

"""The exercise panel (issue 33, item 1): an exercise played on the tutor's own board, graded, with stars.

The answers come from each exercise's goal and the rulebook, not from the engine's search:

- D-Tector ``type-beats-power``: Player 2 places Gabumon (Crush). The Battle Call Command Phase says "Ability beats
  Crush, Crush beats Energy and Energy beats Ability": Patamon (Ability) wins, Agumon (Energy) loses.
- DCG ``draw-out-the-blocker``: Ikkakumon (<Blocker>) blocks whenever it can; "Blocking suspends the Blocker"
  (the rulebook's Blocker text), so Agumon attacks first and draws the block, then Greymon (<Security A. +1>)
  reaches Player 2 and checks both security cards.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from digitutor.lessons import load_lesson
from digitutor.widgets.apps import LearnApp
from digitutor.widgets.course import CourseLesson, find_lesson
from digitutor.widgets.exercise import ExerciseSession, stars_text
from digitutor.widgets.position import position_link
from digitutor.widgets.progress import Progress, progress_text, read_progress
from digitutor.widgets.tutor import KEPT, Tutor

ROOT = Path(__file__).resolve().parents[2]
RULEBOOKS = ROOT / "digitutor" / "rulebooks"
DTECTOR_LESSON = "01-a-whole-game"
DTECTOR_ID = f"dtector/{DTECTOR_LESSON}"
#: dtector rulebook, Battle Call Command Phase: the clause that decides a Battle Call of two types
BATTLE_TYPES = "Ability beats Crush, Crush beats Energy and Energy beats Ability."


def dtector_tutor() -> Tutor:
    tutor = Tutor.for_lesson("dtector", DTECTOR_LESSON)
    return tutor


def start(tutor: Tutor, index: int = 0) -> ExerciseSession:
    lesson = tutor.model.lesson
    assert lesson is not None
    session = tutor.model.start_exercise(lesson, index)
    assert session is not None, tutor.model.error
    return session


def dtector_exercises() -> tuple[LearnApp, CourseLesson]:
    """The D-Tector Learn app with its first lesson's exercises opened, and that lesson's course entry."""
    app = LearnApp("dtector")
    entry = find_lesson(app.lessons, DTECTOR_LESSON)
    assert entry is not None
    app.open_exercises(entry)
    return app, entry


def test_an_exercise_is_played_on_the_tutors_board_with_no_star_and_no_tempting_list() -> None:
    tutor = Tutor.for_lesson("dcg", "04-blockers-and-security")
    session = start(tutor)  # draw-out-the-blocker
    model = tutor.model
    decision = model.pending()
    assert decision is not None and decision.player == session.exercise.seat
    assert any(not option.legal for option in decision.options), "this decision has tempting illegal options"
    assert model.suggestion() is None
    assert "dt-option-suggested" not in tutor.decision.value and "★" not in tutor.decision.value
    assert "Tempting" not in tutor.decision.value and "dt-option-illegal" not in tutor.decision.value
    assert tutor.exercise.layout.display == "" and tutor.task.children[0] is tutor.exercise  # docs/layout.md place 1
    assert "whynot" not in tutor.detail.contents, "no Why not? tab in an exercise: it would give the answer away"
    assert "Two checks past a Blocker" in tutor.exercise.body.value
    assert "★★★" in tutor.exercise.body.value  # what a first try with no hint is worth


def test_a_failure_quotes_the_rule_that_decided_it_verbatim() -> None:
    tutor = dtector_tutor()
    session = start(tutor)
    tutor.model.choose("place:agumon")  # Energy against Gabumon's Crush: Crush beats Energy
    outcome = session.outcome
    assert tutor.model.error == "" and outcome is not None and not outcome.success
    assert outcome.citation is not None and BATTLE_TYPES in outcome.citation.quote
    assert outcome.citation.quote in (RULEBOOKS / "d-tector-card-game.txt").read_text(encoding="utf-8")
    panel = tutor.exercise.body.value
    assert "Not solved" in panel and "dt-ex-failed" in panel
    assert BATTLE_TYPES.replace("'", "&#x27;") in panel  # the quote, verbatim (HTML-escaped)
    assert "Compare the battle types first" in panel  # the exercise's own ``failed`` words
    assert session.stars == 0 and session.best == 0


def test_retry_puts_the_board_back_exactly() -> None:
    tutor = dtector_tutor()
    session = start(tutor)
    board, state, decision = tutor.board.value, tutor.model.match.save(), tutor.model.pending()
    assert decision is not None
    tutor.model.choose("place:agumon")
    assert session.decided and tutor.board.value != board
    tutor.exercise.retry.click()
    again = tutor.model.pending()
    assert session.tries == 2 and not session.decided
    assert tutor.board.value == board and tutor.model.match.save() == state
    assert again is not None and [o.key for o in again.options] == [o.key for o in decision.options]
    tutor.model.choose("place:patamon")  # Ability beats Crush
    assert session.outcome is not None and session.outcome.success
    assert session.stars == 2  # solved, but after a retry
    assert "Solved!" in tutor.exercise.body.value and "Ability beats Crush" in tutor.exercise.body.value


def test_solved_at_the_first_try_without_a_hint_is_three_stars() -> None:
    tutor = Tutor.for_lesson("dcg", "04-blockers-and-security")
    session = start(tutor)
    for key in ("attack:st1-03", "attack:st1-07", "pass"):  # Agumon draws the block; Greymon checks twice
        if session.decided:
            break
        tutor.model.choose(key)
        assert tutor.model.error == ""
    assert session.outcome is not None and session.outcome.success
    assert session.stars == 3 and stars_text(3) in tutor.exercise.body.value


def test_a_hint_names_the_concept_and_costs_a_star() -> None:
    tutor = dtector_tutor()
    session = start(tutor)
    assert session.stars == 3
    tutor.exercise.hint.click()
    assert session.hinted and session.stars == 2
    assert "Battle types are compared first" in tutor.exercise.body.value
    assert tutor.exercise.hint.layout.display == "none"  # asked once
    tutor.model.choose("place:patamon")
    assert session.outcome is not None and session.outcome.success and session.stars == 2


def test_show_me_plays_a_cited_solution_worth_one_star() -> None:
    tutor = dtector_tutor()
    session = start(tutor)
    tutor.exercise.show_me.click()
    assert tutor.model.error == ""
    assert session.outcome is not None and session.outcome.success and session.stars == 1
    assert session.shown and all(item.quote for item in session.shown)
    assert tutor.model.match is session.match and tutor.model.at_end
    assert "Shown by the tutor" in tutor.exercise.body.value
    session.retry()
    tutor.model.choose("place:patamon")
    assert session.stars == 1  # after "Show me", a solve is worth 1


def test_answers_given_stay_and_next_says_the_exercise_is_decided() -> None:
    tutor = dtector_tutor()
    session = start(tutor)
    tutor.model.choose("place:agumon")
    steps = len(tutor.model.match.steps)
    tutor.model.next()
    assert len(tutor.model.match.steps) == steps and "decided" in tutor.model.notice
    tutor.model.undo()
    assert session.decided and "Retry" in tutor.model.notice
    tutor.model.restart()  # the Restart button is the next try
    assert session.tries == 2 and not session.decided


def test_stars_are_kept_with_the_progress_and_shown_on_the_course_page() -> None:
    app, entry = dtector_exercises()
    app.tutor.model.choose("place:patamon")
    assert app.progress.stars(DTECTOR_ID) == {"type-beats-power": 3}
    row = app.course.rows[app.lessons.index(entry)].value
    assert "★★★</span> Win a Battle Call" in row and "☆☆☆</span> Defend and score" in row
    stored = app.progress.bridge.store["dtector"] if app.progress.bridge is not None else ""
    assert '"stars":{"type-beats-power":3}' in stored
    # a later, worse try does not lower the kept stars
    app.tutor.exercise.retry.click()
    app.tutor.model.choose("place:patamon")
    assert app.progress.stars(DTECTOR_ID) == {"type-beats-power": 3}


def test_the_stored_stars_read_back_and_the_old_form_still_reads() -> None:
    hashes = {DTECTOR_ID: "0123456789ab"}
    progress = Progress({"dtector": hashes})
    progress.record_stars(DTECTOR_ID, "type-beats-power", 2)
    progress.record_stars(DTECTOR_ID, "type-beats-power", 1)
    text = progress_text(progress._entries["dtector"], hashes)
    kept = read_progress(text, hashes)
    assert dict(kept[DTECTOR_ID].stars) == {"type-beats-power": 2}
    old = '{"version":1,"lessons":{"dtector/01-a-whole-game":{"hash":"0123456789ab","finished":true,"right":[0]}}}'
    assert read_progress(old, hashes)[DTECTOR_ID].finished
    assert progress_text(read_progress(old, hashes), hashes) == old  # no stars: the old form, byte for byte


@pytest.mark.parametrize(
    "stars",
    [{"type-beats-power": 4}, {"type-beats-power": -1}, {"Not An Id": 1}, {"type-beats-power": "3"}, ["x"]],
)
def test_malformed_stored_stars_count_as_no_progress(stars: object) -> None:
    hashes = {DTECTOR_ID: "0123456789ab"}
    text = json.dumps({"version": 1, "lessons": {DTECTOR_ID: {"hash": "0123456789ab", "stars": stars}}})
    assert read_progress(text, hashes) == {}


def test_a_reload_brings_the_exercise_back_with_the_answers_given() -> None:
    app = LearnApp("dcg")
    entry = find_lesson(app.lessons, "04-blockers-and-security")
    assert entry is not None
    app.open_exercises(entry)  # draw-out-the-blocker
    app.tutor.model.choose("attack:st1-03")
    steps = len(app.tutor.model.match.steps)
    link = position_link(app.tutor.position())
    again = LearnApp("dcg")
    again.tutor.restore(link, KEPT)
    session = again.tutor.model.exercise
    assert session is not None and session.exercise.id == "draw-out-the-blocker" and not session.decided
    assert session.play.answers == app.tutor.model.exercise.play.answers and len(session.match.steps) == steps
    assert again.tutor.model.match is session.match


def test_a_reload_keeps_the_tries_and_the_hint_so_it_never_earns_more_stars() -> None:
    app, _entry = dtector_exercises()
    app.tutor.model.choose("place:agumon")
    app.tutor.exercise.retry.click()
    app.tutor.exercise.hint.click()
    app.tutor.model.choose("place:patamon")
    assert app.progress.stars(DTECTOR_ID) == {"type-beats-power": 2}
    link = position_link(app.tutor.position())
    again = LearnApp("dtector")
    again.tutor.restore(link, KEPT)
    session = again.tutor.model.exercise
    assert session is not None and session.tries == 2 and session.hinted and session.decided
    assert session.stars == 2 and again.progress.stars(DTECTOR_ID) == {"type-beats-power": 2}


def test_the_offer_to_start_appears_when_a_lesson_with_exercises_ends() -> None:
    tutor = dtector_tutor()
    lesson = load_lesson(ROOT / "cards" / "dtector" / "lessons" / f"{DTECTOR_LESSON}.yaml")
    count = len(lesson.exercises)
    assert count >= 2
    assert tutor.exercise.layout.display == "none"  # the lesson is not done yet
    model = tutor.model
    for _ in range(200):
        if model.lesson_done:
            break
        model.run_to_my_decision()
        if model.pending() is not None:
            model.choose(model.suggestion() or model.pending().legal_options[0].key)
    assert model.lesson_done
    tutor._render()
    assert tutor.exercise.layout.display == "" and f"{count} exercises" in tutor.exercise.body.value
    tutor.exercise.start.click()
    assert model.exercise is not None and model.exercise.exercise.id == "type-beats-power"
    tutor.exercise.lesson.click()  # back to the lesson
    assert model.exercise is None and model.lesson is not None and model.lesson.id == DTECTOR_ID

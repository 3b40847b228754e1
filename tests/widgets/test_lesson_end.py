"""The tutor at a lesson's end (issue 25, "What to build" 1): a guided game split at 60 presses ends at its ``until``.

There the lesson panel shows the outro, the Learn app keeps the lesson as finished, autoplay and "run to my
decision" stop, and the learner may press Next and play on freely, with no more notes or questions.
"""

from __future__ import annotations

import html

from digitutor.widgets.apps import GUIDED, LearnApp
from digitutor.widgets.tutor import PLAY_ON, Tutor


def to_lesson_end(model) -> None:
    """Play the lesson as a learner would: Run, and the suggested (★) answer at each decision."""
    for _ in range(200):
        if model.lesson_done:
            return
        model.run_to_my_decision()
        if model.pending() is not None and not model.lesson_done:
            model.choose(model.suggestion() or model.pending().legal_options[0].key)
    raise AssertionError("the lesson did not end")


def test_the_lesson_ends_at_its_until_with_the_outro_and_the_game_goes_on():
    tutor = Tutor.for_lesson("dtector")
    model, lesson = tutor.model, tutor.model.lesson
    assert lesson.until is not None
    to_lesson_end(model)
    assert not model.match.over
    assert model.step == model.tracker.end, "running stops at the lesson's end"
    panel = tutor.lesson.value
    assert "End of the lesson" in panel and html.escape(PLAY_ON) in panel
    assert "The end of your first lesson" in lesson.outro and "The end of your first lesson" in panel
    end = model.step
    for _ in range(5):  # the learner plays on freely: Next still moves the game
        model.next()
        if model.pending() is not None:
            model.choose(model.pending().legal_options[0].key)
    assert model.step > end and not model.match.over
    assert model.questions() == () and model.notes() == ()
    assert "End of the lesson" in tutor.lesson.value, "past the end the panel keeps the outro"
    assert not tutor.controls.next.disabled
    model.jump(end - 1)  # looking back before the end: the lesson's own words again
    assert "End of the lesson" not in tutor.lesson.value


def test_autoplay_stops_at_the_lesson_end():
    tutor = Tutor.for_lesson("dtector")
    model = tutor.model
    to_lesson_end(model)
    end = model.tracker.end
    model.jump(end - 1)
    model.autoplay = True
    model.tick()
    assert model.step == end and not model.autoplay


def test_the_learn_app_keeps_a_lesson_finished_at_its_until():
    app = LearnApp("dtector")
    assert app.mode.value == GUIDED and app.tutor.model.lesson.name == "first-game"
    assert app.tutor.model.lesson.setup["board"]["phase"] == "draw", (
        "with no ?lesson= the guided game starts from setup"
    )
    assert not app.progress.state("dtector").get("dtector/first-game", {}).get("finished")
    to_lesson_end(app.tutor.model)
    assert not app.tutor.model.match.over
    assert app.progress.state("dtector")["dtector/first-game"]["finished"]
    assert "lesson 2, Your first D-Tector game, part 2" in app.course.resume.description


def test_a_position_kept_past_the_lesson_end_comes_back_with_the_outro():
    """A game this browser kept, played on past the lesson's end (e.g. the old, longer guided game): the outro shows."""
    from digitutor.widgets.position import position_link

    app = LearnApp("dtector")
    model = app.tutor.model
    to_lesson_end(model)
    for _ in range(5):
        model.next()
        if model.pending() is not None:
            model.choose(model.pending().legal_options[0].key)
    kept, step = position_link(app.tutor.position()), model.step
    reloaded = LearnApp("dtector")
    reloaded.tutor.restore(kept, "position kept by this browser")
    assert reloaded.tutor.model.step == step and reloaded.tutor.model.error == ""
    assert "End of the lesson" in reloaded.tutor.lesson.value
    assert reloaded.progress.state("dtector")["dtector/first-game"]["finished"]

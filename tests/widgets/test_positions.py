"""Saving, sharing and restoring a position; asking before progress is thrown away. A position is untrusted input."""

from __future__ import annotations

import json

import pytest

from digitutor.core.errors import InputError
from digitutor.widgets.apps import FREE, GUIDED, LearnApp
from digitutor.widgets.position import position_link, position_text, read_position


def played(app: LearnApp, moves: int = 6) -> None:
    model = app.tutor.model
    for _ in range(moves):
        model.run_to_my_decision()
        if model.pending() is not None:
            model.choose(model.suggestion() or model.pending().legal_options[0].key)


def test_a_position_round_trips_through_a_file_and_a_link():
    app = LearnApp("dtector")
    played(app)
    model = app.tutor.model
    position = app.tutor.position()
    other = LearnApp("dtector")
    for text in (position_text(position), position_link(position)):
        other.tutor.restore(text, "test")
        assert not other.tutor.model.error, other.tutor.model.error
        assert other.tutor.model.step == model.step
        assert [s.narration for s in other.tutor.model.match.steps] == [s.narration for s in model.match.steps]


def test_a_free_play_position_brings_back_its_mode_and_settings():
    app = LearnApp("arena")
    app.seed.value = 7
    app.mode.value = FREE
    played(app, 3)
    saved = position_link(app.tutor.position())
    other = LearnApp("arena")
    other.tutor.restore(saved, "link")
    assert other.mode.value == FREE and other.seed.value == 7 and not other.tutor.model.error
    assert other.tutor.model.match.seed == 7


@pytest.mark.parametrize(
    "text",
    [
        "",
        "not json",
        "[1, 2]",
        '{"format": "digitutor-position"}',
        "dt1.!!!!",
        "dt1." + "A" * 100,
        json.dumps(
            {
                "format": "digitutor-position",
                "version": 1,
                "app": "learn:dtector",
                "mode": "guided",
                "step": 3,
                "options": {},
                "match": {"format": "nonsense"},
            }
        ),
        json.dumps(
            {
                "format": "digitutor-position",
                "version": 1,
                "app": "learn:dtector",
                "mode": "free",
                "step": 3,
                "options": {"seed": -5},
                "match": {},
            }
        ),
        "x" * 500_000,
    ],
)
def test_a_bad_position_is_one_line_never_a_traceback(text):
    app = LearnApp("dtector")
    played(app, 2)
    before = len(app.tutor.model.match.steps)
    app.tutor.restore(text, "uploaded file")
    error = app.tutor.model.error
    assert error and "\n" not in error and "Traceback" not in error
    assert len(app.tutor.model.match.steps) == before, "a bad position changes nothing"


def saved_position() -> dict:
    app = LearnApp("dtector")
    played(app, 3)
    return app.tutor.position().to_json()


@pytest.mark.parametrize(
    ("edit", "error"),
    [
        (
            lambda d: d.update(version=True),
            "version: expected 1, got True",
        ),  # True == 1 in Python: refused all the same
        (lambda d: d["match"].update(version=True), "version: expected a whole number, got True"),
        (lambda d: d.update(step=True), "step: expected a whole number, got True"),
        (lambda d: d.update(step="@"), "step: expected a whole number, got a number of 5,000 digits"),
        (lambda d: d["match"].update(seed="@"), "seed: expected a whole number, got a number of 5,000 digits"),
        (
            lambda d: d["match"]["decisions"][0].update(step="@"),
            "decisions[0].step: expected a whole number, got a number of 5,000 digits",
        ),
        (
            lambda d: d["match"]["setup"]["board"].update(turn="@"),
            "setup.turn: expected a whole number from 1 to 10000, got a number of 5,000 digits",
        ),
    ],
)
def test_a_position_field_of_the_wrong_kind_is_one_line_naming_the_field(edit, error):
    doc = saved_position()
    edit(doc)
    text = json.dumps(doc).replace('"@"', "9" * 5000)  # a number past Python's int-string limit (4,300 digits)
    app = LearnApp("dtector")
    app.tutor.restore(text, "file")
    assert app.tutor.model.error == f"Could not open that position — file: {error}"


def test_tampered_answers_are_refused_by_the_rules():
    app = LearnApp("dtector")
    played(app)
    doc = app.tutor.position().to_json()
    doc["match"]["decisions"][0]["answer"] = "no-such-card"
    other = LearnApp("dtector")
    other.tutor.restore(json.dumps(doc), "file")
    assert other.tutor.model.error and not other.tutor.model.match.steps


def test_a_position_from_another_game_is_refused():
    arena = LearnApp("arena")
    played(arena, 2)
    dtector = LearnApp("dtector")
    dtector.tutor.restore(position_link(arena.tutor.position()), "link")
    assert "another app" in dtector.tutor.model.error
    with pytest.raises(InputError):
        read_position('{"format": "digitutor-position", "version": 2}')


def test_switching_mode_or_restarting_asks_before_progress_is_lost():
    app = LearnApp("dtector")
    played(app, 2)
    model = app.tutor.model
    steps = len(model.match.steps)
    app.mode.value = FREE
    assert app.tutor.confirm.layout.display != "none", "asks first"
    assert len(model.match.steps) == steps and model.lesson is not None
    app.tutor.confirm.no.click()
    assert app.mode.value == GUIDED and len(model.match.steps) == steps
    app.tutor.controls.restart.click()
    assert len(model.match.steps) == steps and app.tutor.confirm.layout.display != "none"
    app.tutor.confirm.yes.click()
    assert not model.match.steps
    app.mode.value = FREE  # nothing to lose: no question
    assert app.tutor.confirm.layout.display == "none" and model.lesson is None


def test_the_browser_keeps_the_position_for_a_reload():
    app = LearnApp("dtector")
    bridge = app.tutor.key_listener
    if bridge is None:
        pytest.skip("anywidget is not installed")
    assert bridge.store_key == "digitutor:learn:dtector"
    played(app, 3)
    kept = bridge.saved
    assert kept.startswith("dt1.")
    reloaded = LearnApp("dtector")
    for handler in reloaded.tutor.key_listener._msg_callbacks.callbacks:
        handler(reloaded.tutor.key_listener, {"action": "restore", "saved": kept, "from": "storage"}, [])
    assert reloaded.tutor.model.step == app.tutor.model.step and not reloaded.tutor.model.error


def test_a_kept_position_that_no_longer_fits_starts_afresh_with_a_notice():
    app = LearnApp("dtector")
    bridge = app.tutor.key_listener
    if bridge is None:
        pytest.skip("anywidget is not installed")
    for handler in bridge._msg_callbacks.callbacks:
        handler(bridge, {"action": "restore", "saved": "dt1.garbage"}, [])
    assert not app.tutor.model.error and "new one starts" in app.tutor.model.notice
    for handler in bridge._msg_callbacks.callbacks:
        handler(bridge, {"action": "open", "saved": "dt1.garbage"}, [])
    assert app.tutor.model.error.startswith("Could not open that position")

"""The TutorModel over the real engine: moving through time, choosing, undo, restart, errors."""

from __future__ import annotations

import pytest
from widget_helpers import GAMES, to_first_decision

from digitutor.core.registry import get_game
from digitutor.widgets.model import MatchSpec, TutorModel
from digitutor.widgets.tutor import Tutor


def hot_seat(game: str = "dtector", seed: int = 5) -> Tutor:
    return Tutor.free_play(game, seed=seed, opponent=None)


def answer_first(tutor: Tutor, decisions: int) -> None:
    """Answer ``decisions`` decisions with their first legal option, stepping on between them."""
    for _ in range(decisions):
        to_first_decision(tutor)
        if tutor.model.handover_to() is not None:
            tutor.model.ready()  # hot-seat: the screen is passed to the player who decides
        tutor.model.choose(tutor.model.pending().legal_options[0].key)
        assert not tutor.model.error


def test_next_takes_one_step_and_back_keeps_the_future():
    tutor = hot_seat()
    model = tutor.model
    for _ in range(3):
        model.next()
    assert model.step == 2 and model.length == 3
    model.back()
    model.back()
    assert model.step == 0 and len(model.match.steps) == 3
    assert model.game.board(model.state()) == model.game.board(model.match.state_at(0))
    model.next()
    assert model.step == 1 and len(model.match.steps) == 3, "Next walks the recorded future first"


def test_jump_shows_any_past_step_and_refuses_a_missing_one():
    tutor = hot_seat()
    answer_first(tutor, 4)
    model = tutor.model
    model.jump(1)
    assert model.step == 1 and not model.error
    model.jump(-1)
    assert model.step == -1
    model.jump(10_000)
    assert model.step == -1 and "does not exist" in model.error


def test_choosing_at_an_earlier_point_replaces_the_later_history():
    tutor = hot_seat()
    answer_first(tutor, 3)
    model = tutor.model
    record = model.match.decisions[1]
    model.at_screen = record.player  # (the seat that answered there has the screen)
    model.jump(record.step - 1)
    decision, taken = model.decision_here()
    assert decision is not None and taken == record.answer
    other = next((o.key for o in decision.legal_options if o.key != record.answer), record.answer)
    before = len(model.match.steps)
    model.choose(other)
    assert model.asking.startswith("Rewrite from here?") and len(model.match.steps) == before, (
        "a committed answer asks first"
    )
    model.answer(True)
    assert not model.error
    assert model.match.decisions[-1].answer == other and model.match.decisions[-1].step == record.step
    assert len(model.match.steps) == record.step + 1 <= before
    assert model.at_end


def test_undo_takes_back_the_last_answer_and_asks_again():
    tutor = hot_seat()
    answer_first(tutor, 2)
    model = tutor.model
    last = model.match.decisions[-1]
    model.undo()
    assert not model.error and model.pending() is not None
    assert model.pending().kind == last.kind and len(model.match.steps) == last.step
    assert [d.step for d in model.match.decisions] == [d.step for d in model.match.decisions if d.step < last.step]


def test_undo_with_nothing_to_undo_says_so():
    tutor = hot_seat()
    tutor.model.undo()
    assert tutor.model.notice and not tutor.model.error


def test_restart_starts_the_same_game_again():
    tutor = hot_seat()
    answer_first(tutor, 2)
    first_steps = [s.narration for s in tutor.model.match.steps[:4]]
    tutor.model.restart()
    assert tutor.model.step == -1 and tutor.model.length == 0
    for _ in range(4):
        tutor.model.next()
    assert [s.narration for s in tutor.model.match.steps[:4]] == first_steps


def test_run_to_my_decision_stops_where_a_person_must_choose():
    tutor = Tutor.free_play("dtector", seed=2, opponent="random")
    tutor.model.run_to_my_decision()
    pending = tutor.model.pending()
    assert pending is not None and pending.player == 0


def test_autoplay_stops_at_a_persons_decision():
    tutor = Tutor.free_play("dtector", seed=2, opponent="random")
    model = tutor.model
    model.autoplay = True
    for _ in range(50):
        model.tick()
        if not model.autoplay:
            break
    assert not model.autoplay and model.pending() is not None


def test_an_illegal_answer_is_shown_as_one_line_never_raised():
    tutor = hot_seat()
    to_first_decision(tutor)
    if tutor.model.handover_to() is not None:
        tutor.model.ready()
    tutor.model.choose("no-such-option")
    assert tutor.model.error and "\n" not in tutor.model.error
    assert not tutor.error.layout.display, "the error label is visible"
    tutor.model.next()
    assert not tutor.model.error and tutor.error.layout.display == "none"


def test_an_unexpected_failure_is_shown_not_raised(monkeypatch, caplog):
    tutor = hot_seat()

    def broken() -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(tutor.model.match, "advance", broken)
    tutor.model.next()
    assert tutor.model.error.startswith("Something went wrong (RuntimeError)")
    assert "boom" in caplog.text


@pytest.mark.parametrize("game", GAMES)
def test_every_registered_game_plays_through_the_tutor(game):
    """Hot-seat, first legal answer each time, rendering every step: no error, and the board shows both players."""
    tutor = Tutor.free_play(game, seed=3, opponent=None)
    model = tutor.model
    for _ in range(400):
        if model.match.over:
            break
        pending = model.pending()
        if model.handover_to() is not None:
            model.ready()
        elif pending is not None:
            model.choose(pending.legal_options[0].key)
        else:
            model.next()
        assert not model.error, model.error
    assert model.length > 10
    assert tutor.board.value.count("data-player=") == get_game(game).players


def test_a_spec_with_an_unknown_agent_is_refused_in_one_line():
    with pytest.raises(ValueError, match="unknown agent"):
        TutorModel(MatchSpec("dtector", agents=("human", "nobody")))

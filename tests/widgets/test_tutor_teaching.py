"""What the tutor shows agrees with the engine: phase chip, the rule at a decision, counters, keys."""

from __future__ import annotations

import html
import re

import pytest
from widget_helpers import GAMES

from digitutor.core.registry import get_game
from digitutor.widgets.tutor import Tutor
from digitutor.widgets.words import crumb_text, phase_title

CURRENT_CHIP = re.compile(r'dt-phase dt-phase-current" data-phase="([^"]+)"')


def lit_phase(tutor: Tutor) -> str:
    found = CURRENT_CHIP.findall(tutor.turn_map.value)
    assert len(found) == 1, "exactly one phase chip is lit"
    return found[0]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_the_lit_phase_is_the_phase_of_the_step_shown_over_whole_games(game, seed):
    """Every step of whole games (computer against computer, viewed step by step, then walked back)."""
    tutor = Tutor.free_play(game, seed=seed, opponent="random")
    model = tutor.model
    model.match.agents[0] = model.match.agents[1]  # the computer plays both seats: a whole game, no person
    for _ in range(3000):
        if model.match.over and model.at_end:
            break
        model.next()
        assert not model.error
        step = model.viewed()
        if model.pending() is None:
            assert lit_phase(tutor) == step.phase, f"step {model.step}: {step.narration}"
    assert model.match.over
    for index in range(len(model.match.steps) - 1, -1, -7):
        model.jump(index)
        decision, _taken = model.decision_here()
        expected = decision.phase or model.game.phase_of(model.state()) if decision else model.match.steps[index].phase
        assert lit_phase(tutor) == expected


def test_at_a_decision_the_rule_panel_shows_the_rule_of_the_choice():
    tutor = Tutor.for_lesson("dtector")
    model = tutor.model
    for _ in range(50):
        if model.pending() is not None:
            break
        model.next()
    decision = model.pending()
    assert decision is not None
    value = tutor.rule.value
    for citation in decision.citations:
        assert html.escape(citation.quote) in value
    assert "chooses" in value
    assert "Rules for this choice" not in tutor.decision.value, "the rule is not hidden in a fold"
    assert lit_phase(tutor) == (decision.phase or model.game.phase_of(model.state()))


def test_counters_agree_and_speak_plainly():
    tutor = Tutor.free_play("dtector", seed=3, opponent="random")
    model = tutor.model
    assert "Start of the game" in tutor.status.value and "no steps yet" in tutor.timeline.where.value
    model.next()
    assert "Step 1 of 1" in tutor.status.value and "steps 1–1 of 1" in tutor.timeline.where.value
    model.run_to_my_decision()
    total = len(model.match.steps)
    assert f"Step {total} of {total}" in tutor.status.value
    assert "Player 1's view" in tutor.board.value and "seen by" not in tutor.board.value
    step = model.viewed()
    assert html.escape(phase_title(model.game, step.phase)) in tutor.timeline.rows.value
    assert crumb_text("Battle Call Command Phase › p2") == "Battle Call Command Phase › paragraph 2"
    assert "› p1" not in tutor.rule.value and "› p2" not in tutor.rule.value


def test_number_keys_choose_and_arrows_move_in_every_mode():
    tutor = Tutor.free_play("dtector", seed=2, opponent="random")
    if tutor.key_listener is None:
        pytest.skip("anywidget is not installed")
    model = tutor.model
    assert tutor.key_listener.enabled and not model.presenter, "keys work outside presenter mode too"
    for handler in tutor.key_listener._msg_callbacks.callbacks:
        handler(tutor.key_listener, {"action": "next"}, [])
    assert model.step == 0
    model.run_to_my_decision()
    decision = model.pending()
    before = len(model.match.decisions)
    for handler in tutor.key_listener._msg_callbacks.callbacks:
        handler(tutor.key_listener, {"action": "option", "number": 1}, [])
        handler(tutor.key_listener, {"action": "option", "number": "1; import os"}, [])  # ignored: not a number
        handler(tutor.key_listener, {"action": "eval", "code": "1"}, [])  # ignored: unknown action
    assert len(model.match.decisions) == before + 1
    assert model.match.decisions[-1].answer == decision.legal_options[0].key


def test_every_control_has_a_text_or_a_tooltip():
    tutor = Tutor.free_play("dtector")
    controls = tutor.controls
    for widget in controls.children:
        text = getattr(widget, "description", "") or getattr(widget, "tooltip", "")
        assert text, f"{type(widget).__name__} has no label"
    assert controls.autoplay.description == "Autoplay"


def test_cards_are_drawn_as_cards_and_open_whole():
    tutor = Tutor.free_play("dtector", seed=1, opponent="random")
    tutor.model.run_to_my_decision()
    board = tutor.board.value
    assert '<details class="dt-card' in board and "dt-card-full" in board and "dt-power" in board
    game = get_game("dtector")
    mine = next(z for z in game.board(tutor.model.state(), 0).players[0].zones if z.id == "hand")
    for card in mine.cards:
        if card.text:
            assert html.escape(card.text) in board, "the whole text is in the opened card, not only a tooltip"


def test_one_drawing_fits_dcg_and_dmb_cards():
    from digitutor.core.game import CardView
    from digitutor.widgets.board import card_html

    dcg = CardView(
        "p0.c1",
        "Greymon",
        "Lv.4",
        "Digimon",
        colour="Red",
        power_label="DP",
        printed="4000",
        current="6000",
        cost="5",
        suspended=True,
        under=(CardView("p0.c2", "Agumon"),),
    )
    drawn = card_html(dcg)
    assert "dt-suspended" in drawn and "6000" in drawn and "4000" in drawn and "+1" in drawn and "Agumon" in drawn
    dmb = CardView(
        "p1.c9",
        "Garurumon",
        "C",
        "Ice",
        power_label="HP",
        printed="950",
        attacks={"Circle": "400", "Triangle": "250", "Cross": "150"},
    )
    drawn = card_html(dmb)
    assert "950" in drawn and "400" in drawn and "Cross" in drawn
    assert "Greymon" not in card_html(CardView("x", "Greymon", hidden=True)), "a hidden card shows nothing of itself"


@pytest.mark.parametrize("game", GAMES)
def test_a_guided_first_game_suggests_every_move_pauses_at_concepts_and_ends_with_fitting_words(game):
    from digitutor.widgets.apps import LearnApp

    app = LearnApp(game)
    tutor, model = app.tutor, app.tutor.model
    assert model.lesson is not None
    pauses = 0
    for _ in range(600):
        if model.match.over:
            break
        model.run_to_my_decision()
        pauses += bool(model.notes())
        decision = model.pending()
        if decision is None:
            continue
        suggested = model.suggestion()
        assert suggested in {o.key for o in decision.legal_options}, f"no suggested move at {decision.kind}"
        assert "dt-option-suggested" in tutor.decision.value
        model.choose(suggested)
    assert model.match.over, "the guided game ends"
    assert len(model.match.steps) <= 300, f"a first game of {len(model.match.steps)} steps is too long"
    assert pauses >= 4, "the lesson pauses at new concepts"
    words = tutor.lesson.value
    result = model.match.result
    if result.winner == model.spec.seat:
        assert "You won" in words
    elif result.winner is None:
        assert "draw" in words
    else:
        assert "computer won" in words and "Well played" not in words

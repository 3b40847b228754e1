"""The board editor's "Attack under way" control for DMB and DBE: each player's attack chosen in secret in the Strategy
Phase (strategy-phase.2: "Both players choose one of: Circle / Triangle / Cross attacks simultaneously and secretly.
Attacks aren't revealed until Step 2 of the Battle Phase."); the board keeps it through play, the link and the YAML.

Expected reasons come from the rulebooks; the widgets only forward to the engine.
"""

from __future__ import annotations

import pytest
import yaml
from widget_helpers import put, to_first_decision

from digitutor.scenarios.boardlink import board_link
from digitutor.scenarios.model import parse_scenario
from digitutor.scenarios.runner import run_scenario
from digitutor.widgets.editor import BoardEditor, editor_app_part

#: each game's two Rookies: Player 1's and Player 2's active Digimon, and a deck filler
ROOKIES = {"dmb": ("agumon", "gabumon", "palmon"), "dbe": ("hawkmon", "agumon", "gomamon")}


def duel(game: str) -> BoardEditor:
    """A Strategy Phase board of turn 3 (DBE's first turn has no Strategy Phase) with an active Digimon each."""
    editor = BoardEditor(game)
    first, second, filler = ROOKIES[game]
    put(editor, 0, "active", first)
    put(editor, 1, "active", second)
    for player in (0, 1):
        for _ in range(4):
            put(editor, player, "deck", filler)
    editor.settings.children[0].value = "strategy"
    editor.settings.children[2].value = 3
    assert editor.board["phase"] == "strategy" and editor.board["turn"] == 3
    return editor


@pytest.mark.parametrize("game", ["dmb", "dbe"])
def test_the_control_offers_each_players_three_attacks(game: str) -> None:
    editor = duel(game)
    assert editor.chosen_attacks.layout.display == "" and editor.attack.layout.display == "none"
    for box in editor.chosen:
        assert [value for _, value in box.options] == ["", "circle", "triangle", "cross"]
        assert box.value == ""
    assert "Circle (" in editor.chosen[0].options[1][0]  # labelled with its Power, as the tutor shows the choice
    assert "attack" not in editor.board


@pytest.mark.parametrize("game", ["dmb", "dbe"])
def test_both_choices_make_the_attack_under_way_and_one_alone_is_refused_with_the_rule(game: str) -> None:
    editor = duel(game)
    editor.chosen[0].value = "cross"
    # strategy-phase.2 — "Both players choose": half an attack under way is not a board the rules can have
    assert editor.board["attack"] == {"chosen": ["cross", None]}
    assert f"[{game}:strategy-phase.2]" in editor.verdict.value and editor.play.disabled
    editor.chosen[1].value = "circle"
    assert editor.board["attack"] == {"chosen": ["cross", "circle"]}
    assert "✓ The rules can have this board" in editor.verdict.value and not editor.play.disabled
    editor.chosen[0].value = ""
    editor.chosen[1].value = ""
    assert "attack" not in editor.board


@pytest.mark.parametrize("game", ["dmb", "dbe"])
def test_a_wrong_phase_is_refused_with_the_rule(game: str) -> None:
    editor = duel(game)
    editor.chosen[0].value = "circle"
    editor.chosen[1].value = "circle"
    editor.settings.children[0].value = "evolution"
    assert "Attacks are chosen in the Strategy Phase." in editor.verdict.value and editor.play.disabled


@pytest.mark.parametrize("game", ["dmb", "dbe"])
def test_the_attack_under_way_is_played_from_the_support_phase_and_shared(game: str) -> None:
    editor = duel(game)
    editor.chosen[0].value = "cross"
    editor.chosen[1].value = "circle"
    editor.play.click()
    assert editor.message.value == ""
    note = editor.stage.children[0].value
    assert "An attack is under way: Player 1 chose ✕ Cross" in note and "play starts at the Support Phase" in note
    tutor = editor.tutor()
    assert tutor is not None
    to_first_decision(tutor)
    match = tutor.model.match
    # support-phase.3 — "Non-turn player declares their Support (or lack thereof) first": no attack is asked for again
    assert match.pending.kind == "support" and match.pending.player == 1
    editor.question.value = "Who attacks first?"
    editor.share.click()
    doc = yaml.safe_load(editor.shared_text)
    assert doc["setup"]["board"]["attack"] == {"chosen": ["cross", "circle"]}
    assert run_scenario(parse_scenario(doc, "shared.yaml")).passed
    link = editor.shared.value.split('href="./rulings.ipynb?board=')[1].split('"')[0]
    again = editor_app_part({"board": link})
    assert again.board == editor.board and [box.value for box in again.chosen] == ["cross", "circle"]


def test_an_attack_written_in_the_yaml_is_shown_as_written() -> None:
    editor = duel("dmb")
    editor.text.value = editor.text.value + "attack: {chosen: [circle, hexagon]}\n"
    editor.apply.click()
    assert editor.chosen[1].value == "hexagon" and "(as written)" in editor.chosen[1].label
    assert "[dmb:strategy-phase.2]" in editor.verdict.value


def test_other_games_do_not_show_the_control() -> None:
    for game in ("dcg", "dtector", "arena"):
        assert BoardEditor(game).chosen_attacks.layout.display == "none", game
    opened = editor_app_part({"board": board_link(BoardEditor("dbe").current_board())})
    assert opened.chosen_attacks.layout.display == ""

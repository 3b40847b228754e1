"""The board editor's "Attack under way" control (DCG): name the turn player's attacking Digimon and its target;
the board keeps it through play, the link and the shared YAML.

Expected reasons come from the rule manual, E. Attacking; the widgets only forward to the engine.
"""

from __future__ import annotations

import yaml
from widget_helpers import blockers, to_first_decision

from digitutor.scenarios.boardlink import board_link
from digitutor.scenarios.model import parse_scenario
from digitutor.scenarios.runner import run_scenario
from digitutor.widgets.editor import BoardEditor, editor_app_part


def test_the_control_offers_the_turn_players_digimon_and_what_they_may_attack() -> None:
    editor = BoardEditor("dcg")
    blockers(editor)
    assert editor.attack.layout.display == ""
    assert [value for _, value in editor.attacker.options] == ["", "st1-05"]
    assert [value for _, value in editor.target.options] == ["player", "st2-07#1", "st2-07#2"]
    assert "attack" not in editor.board and editor.target.disabled
    editor.attacker.value = "st1-05"
    assert editor.board["attack"] == {"attacker": "st1-05", "target": "player"}
    assert "✓ The rules can have this board" in editor.verdict.value and not editor.play.disabled
    editor.attacker.value = ""
    assert "attack" not in editor.board


def test_a_pending_attack_is_played_from_blocker_timing_and_shared() -> None:
    editor = BoardEditor("dcg")
    blockers(editor)
    editor.attacker.value = "st1-05"
    editor.play.click()
    tutor = editor.tutor()
    assert tutor is not None
    assert "An attack is under way: Birdramon · st1-05 attacks the opposing player" in editor.stage.children[0].value
    to_first_decision(tutor)
    match = tutor.model.match
    # dcg:attacking.p4-p5: after the [When Attacking] effects and counter timing, blocker timing; only the unsuspended
    # Ikkakumon may block ("by suspending one of their unsuspended Digimon with <Blocker>")
    assert match.pending.kind == "block" and match.pending.player == 1
    legal = {o.key: o.legal for o in match.pending.options}
    assert sorted(legal.values()) == [False, True, True]
    editor.question.value = "Can my suspended Blocker block this attack?"
    editor.share.click()
    doc = yaml.safe_load(editor.shared_text)
    assert doc["setup"]["board"]["attack"] == {"attacker": "st1-05", "target": "player"}
    assert run_scenario(parse_scenario(doc, "shared.yaml")).passed
    link = editor.shared.value.split('href="./rulings.ipynb?board=')[1].split('"')[0]
    again = editor_app_part({"board": link})
    assert again.board == editor.board and again.attacker.value == "st1-05" and again.target.value == "player"


def test_a_refused_attack_is_one_cited_line_and_cannot_be_played() -> None:
    editor = BoardEditor("dcg")
    blockers(editor)
    editor.attacker.value = "st1-05"
    editor.target.value = "st2-07#2"  # dcg:attacking.p2: only a suspended Digimon can be the target
    assert "dcg:attacking.p2" in editor.verdict.value and editor.play.disabled
    assert editor.board["attack"] == {"attacker": "st1-05", "target": "st2-07#2"}  # kept as set, never repaired
    editor.target.value = "st2-07#1"
    assert "✓ The rules can have this board" in editor.verdict.value


def test_a_name_written_in_the_yaml_is_shown_as_written() -> None:
    editor = BoardEditor("dcg")
    blockers(editor)
    editor.text.value = editor.text.value + "attack: {attacker: p1.st2-07#2}\n"
    editor.apply.click()
    assert editor.attacker.value == "p1.st2-07#2" and "(as written)" in editor.attacker.label
    assert "[dcg:attacking.p1]" in editor.verdict.value


def test_other_games_do_not_show_the_control() -> None:
    for game in ("dtector", "arena", "dmb", "dbe"):
        assert BoardEditor(game).attack.layout.display == "none", game
    opened = editor_app_part({"board": board_link(BoardEditor("dcg").current_board())})
    assert opened.attack.layout.display == ""


def test_the_control_sets_how_far_the_attack_has_come() -> None:
    # dcg:attacking.p4 — "After all counter timing effects have been resolved, blocker timing occurs": an attack set at
    # blocker timing plays on from there; its [When Attacking] "Gain 1 memory" has already activated, so memory stays.
    editor = BoardEditor("dcg")
    blockers(editor)
    assert editor.attack_at.disabled and editor.attack_at.value == "declared"
    editor.attacker.value = "st1-05"
    assert [value for _, value in editor.attack_at.options] == ["declared", "counter", "block", "battle"]
    memory = editor.board.get("memory", 0)
    editor.attack_at.value = "block"
    assert editor.board["attack"] == {"attacker": "st1-05", "target": "player", "at": "block"}
    assert "✓ The rules can have this board" in editor.verdict.value
    editor.play.click()
    assert "resumes it at blocker timing" in editor.stage.children[0].value
    tutor = editor.tutor()
    assert tutor is not None
    to_first_decision(tutor)
    match = tutor.model.match
    assert match.pending.kind == "block" and match.state.memory == memory
    link = board_link(editor.current_board())
    again = editor_app_part({"board": link})
    assert again.board == editor.board and again.attack_at.value == "block"


def test_a_point_written_in_the_yaml_that_is_not_one_is_shown_and_refused() -> None:
    editor = BoardEditor("dcg")
    blockers(editor)
    editor.text.value = editor.text.value + "attack: {attacker: st1-05, at: check}\n"
    editor.apply.click()
    assert editor.attack_at.value == "check" and "(as written)" in editor.attack_at.label
    assert "setup.attack.at" in editor.verdict.value and editor.play.disabled

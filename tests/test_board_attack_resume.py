"""A DCG attack under way resumes where it was: ``attack: {attacker, target, at}``.

From the rule manual, E. Attacking (dcg:attacking.p3-p4), the steps of an attack in their order: "suspend an unsuspended
Digimon you want to attack with and declare your attack. Any When Attacking effects ... are activated at this point.
After all effects have been activated, counter timing occurs. ... After all counter timing effects have been resolved,
blocker timing occurs." (then the battle, or the security check). A game paused at counter timing or blocker timing,
made a board and played on, takes the same next steps as the game itself, and its [When Attacking] effects do not
activate a second time.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
import yaml
from scenario_checks import assert_cli_check_passes

from digitutor.core.errors import InputError
from digitutor.core.match import Match
from digitutor.scenarios.boardlink import Board, board_link, read_board_link, scenario_doc
from digitutor.scenarios.boardstate import board_from_state
from digitutor.scenarios.model import parse_scenario
from digitutor.scenarios.runner import run_scenario
from digitutor.widgets.editor import BoardEditor

#: Player 1's Birdramon (ST1-05, 4000 DP, "[When Attacking] Gain 1 memory.") with memory 2; Player 2 has Gatomon
#: (ST3-06, "[Counter] When an opponent's Digimon attacks, 1 of your Digimon gets +2000 DP for the turn.") and Ikkakumon
#: (ST2-07, 5000 DP, <Blocker>), both unsuspended.
BOARD: dict[str, Any] = {
    "phase": "main",
    "active": 0,
    "first": 0,
    "turn": 5,
    "memory": 2,
    "players": [
        {"deck": ["st1-02"] * 5, "security": ["st1-03"] * 3, "battle": ["st1-05"]},
        {"deck": ["st2-02"] * 5, "security": ["st2-03"] * 3, "battle": ["st3-06", "st2-07"]},
    ],
}


def to_decision(match: Match) -> None:
    while match.pending is None and not match.over:
        match.advance()


def attacking(board: dict[str, Any] = BOARD) -> Match:
    """The game from ``board``: Birdramon attacks Player 2; paused at the next decision."""
    match = Match("dcg", 1, {"board": board}, ("human", "human"), "game")
    to_decision(match)
    match.choose(
        next(o.key for o in match.pending.options if o.legal and o.key.startswith("attack:") and o.key.count(":") == 1)
    )
    to_decision(match)
    return match


def loaded(match: Match) -> Match:
    """The board of ``match`` as the editor makes it, played from: paused at its first decision."""
    board = yaml.safe_load(yaml.safe_dump(board_from_state("dcg", match.state)))  # as a file or link keeps it
    again = Match("dcg", 1, {"board": board}, ("human", "human"), "board")
    to_decision(again)
    return again


def played_on(match: Match, answers: list[str]) -> list[tuple[str, tuple[str, ...]]]:
    """The narrations and citations of the steps ``match`` takes from here, answering ``answers`` in turn, until its
    next decision after them."""
    start = len(match.steps)
    for key in answers:
        to_decision(match)
        match.choose(key)
    to_decision(match)
    return [(step.narration, tuple(c.id for c in step.citations)) for step in match.steps[start:]]


def test_a_game_paused_at_counter_timing_resumes_at_counter_timing() -> None:
    # dcg:attacking.p3 — "Any When Attacking effects ... are activated at this point": Birdramon's "Gain 1 memory" takes
    # memory 2 to 3. dcg:attacking.p4 — "After all effects have been activated, counter timing occurs": Player 2 may use
    # Gatomon's [Counter] effect.
    match = attacking()
    assert match.pending.kind == "counter" and match.pending.player == 1 and match.state.memory == 3
    board = board_from_state("dcg", match.state)
    assert board["attack"] == {"attacker": "st1-05", "target": "player", "at": "counter"}
    again = loaded(match)
    assert again.pending.kind == "counter" and again.pending.player == 1
    assert again.state.memory == 3  # the [When Attacking] effect does not activate a second time
    assert again.state.sides[0].battle[0].suspended  # dcg:attacking.p3: the attacker was suspended to attack
    assert [o.key for o in again.pending.options] == [o.key for o in match.pending.options]
    answers = ["no-counter", "no-block"]  # then blocker timing (dcg:attacking.p4), then the security check
    assert played_on(again, answers) == played_on(match, answers)
    assert again.state.memory == match.state.memory


def test_a_game_paused_at_blocker_timing_resumes_at_blocker_timing() -> None:
    # dcg:attacking.p4 — "After all counter timing effects have been resolved, blocker timing occurs": counter timing is
    # over, so the board does not offer Gatomon's [Counter] effect again ("once per attack").
    match = attacking()
    match.choose("no-counter")
    to_decision(match)
    assert match.pending.kind == "block" and match.state.memory == 3
    assert board_from_state("dcg", match.state)["attack"]["at"] == "block"
    again = loaded(match)
    assert again.pending.kind == "block" and again.state.memory == 3
    block = next(o.key for o in match.pending.options if o.legal and o.key.startswith("block:"))
    # dcg:attacking.p5 — "Blocking switches the target of the attack to the
    # blocking Digimon, and the two Digimon battle"
    assert played_on(again, [block]) == played_on(match, [block])
    assert again.state.memory == match.state.memory == 3


def test_a_game_paused_after_a_block_resumes_at_the_battle() -> None:
    # dcg:attacking.p5: after a block the attack's target is the blocker (suspended by blocking), and blocker timing is
    # over ("Blocking can only be performed once per battle"): the board resumes at the battle.
    match = attacking()
    match.choose("no-counter")
    to_decision(match)
    match.choose(next(o.key for o in match.pending.options if o.legal and o.key.startswith("block:")))
    board = board_from_state("dcg", match.state)
    assert board["attack"] == {"attacker": "st1-05", "target": "st2-07", "at": "battle"}
    again = Match("dcg", 1, {"board": board}, ("human", "human"), "board")
    # dcg:attacking.battle.p2-p3: Birdramon (4000 DP) battles Ikkakumon (5000 DP) and is deleted
    assert played_on(again, []) == played_on(match, [])
    assert not again.state.sides[0].battle and again.state.memory == 3


def test_a_game_whose_when_attacking_effects_wait_writes_no_point() -> None:
    # dcg:attacking.p3: an attack just declared, its [When Attacking] effects still to activate, is the default point
    match = Match("dcg", 1, {"board": BOARD}, ("human", "human"), "game")
    to_decision(match)
    match.choose(
        next(o.key for o in match.pending.options if o.legal and o.key.startswith("attack:") and o.key.count(":") == 1)
    )
    assert match.state.frames[-1].kind == "effects.pending"
    assert board_from_state("dcg", match.state)["attack"] == {"attacker": "st1-05", "target": "player"}


@pytest.mark.parametrize("at, expected", [("declared", 3), ("counter", 2), ("block", 2), ("battle", 2)])
def test_each_point_resumes_with_the_steps_after_it(at: str, expected: int) -> None:
    # dcg:attacking.p3-p4: only the declared point activates [When Attacking] ("Gain 1 memory": 2 → 3); the others have
    # had it already (the board's memory is as the game left it)
    board = {**copy.deepcopy(BOARD), "attack": {"attacker": "st1-05", "target": "player", "at": at}}
    match = Match("dcg", 1, {"board": board}, ("human", "human"), "board")
    to_decision(match)
    assert match.state.memory == expected
    assert match.pending.kind == {"declared": "counter", "counter": "counter", "block": "block", "battle": "main"}[at]


@pytest.mark.parametrize("at", ["check", "Counter", 2, None, ["block"]])
def test_an_unknown_point_is_refused_in_one_line(at: Any) -> None:
    board = {**copy.deepcopy(BOARD), "attack": {"attacker": "st1-05", "target": "player", "at": at}}
    with pytest.raises(InputError) as refused:
        Match("dcg", 1, {"board": board}, ("human", "human"), "board.yaml")
    text = str(refused.value)
    assert "\n" not in text and "setup.attack.at" in text and "expected one of declared, counter, block, battle" in text
    assert "[dcg:attacking.p4]" in text  # "After all effects have been activated, counter timing occurs. ..."


def test_the_link_and_the_scenario_file_keep_the_point(tmp_path: Path) -> None:
    # dcg:attacking.p4: at blocker timing, Player 2 decides whether to block
    board = {**copy.deepcopy(BOARD), "attack": {"attacker": "st1-05", "target": "player", "at": "block"}}
    opened = read_board_link(board_link(Board("dcg", board, "Can Ikkakumon still block?")), "link")
    assert opened.board["attack"] == {"attacker": "st1-05", "target": "player", "at": "block"}
    doc = scenario_doc(
        Board("dcg", board, "Can Ikkakumon still block?", "Yes: blocker timing comes after counter timing.")
    )
    assert doc["setup"]["board"]["attack"]["at"] == "block" and doc["expect"]["now"]["decision"] == "block"
    assert run_scenario(parse_scenario(yaml.safe_load(yaml.safe_dump(doc)), "shared.yaml")).passed
    assert_cli_check_passes(doc, tmp_path / "at-block.yaml")


def test_a_bad_point_in_a_link_is_one_line() -> None:
    board = {**copy.deepcopy(BOARD), "attack": {"attacker": "st1-05", "target": "player", "at": "security"}}
    with pytest.raises(InputError) as refused:
        read_board_link(board_link(Board("dcg", board)), "link")
    assert "\n" not in str(refused.value) and "setup.attack.at" in str(refused.value)


def test_the_editor_control_shows_and_sets_the_point() -> None:
    match = attacking()
    match.choose("no-counter")
    to_decision(match)
    editor = BoardEditor("dcg", current=lambda: match)
    editor.start.value = "current"
    editor.load.click()
    assert editor.message.value == ""  # no notice: nothing activates again
    assert editor.attack_at.value == "block" and not editor.attack_at.disabled
    assert [value for _, value in editor.attack_at.options] == ["declared", "counter", "block", "battle"]
    assert "✓ The rules can have this board" in editor.verdict.value
    editor.attack_at.value = "counter"
    assert editor.board["attack"] == {"attacker": "st1-05", "target": "player", "at": "counter"}
    editor.attack_at.value = "declared"  # the default is not written
    assert editor.board["attack"] == {"attacker": "st1-05", "target": "player"}
    editor.attack_at.value = "battle"
    editor.play.click()
    assert "after blocker timing" in editor.stage.children[0].value
    editor.attacker.value = ""
    assert "attack" not in editor.board and editor.attack_at.disabled


def test_a_counter_effect_used_on_the_resumed_board_plays_as_in_the_game() -> None:
    # dcg:attacking.p4 — "During counter timing, the defending player can activate 'when an opponent's Digimon attacks'
    # effects once per attack": Gatomon's [Counter] gives Ikkakumon +2000 DP; then blocker timing; Ikkakumon (7000 DP)
    # blocks and battles Birdramon (4000 DP), which is deleted (dcg:attacking.battle.p2-p3). The game and the board made
    # at its counter timing take the same steps.
    game = attacking()
    board = loaded(game)
    counter = next(o.key for o in game.pending.options if o.label.startswith("[Counter]"))
    steps = []
    for match in (game, board):
        told = played_on(match, [counter])
        pick = next(o.key for o in match.pending.options if o.label == "Choose Ikkakumon")
        told += played_on(match, [pick])
        if match.pending.kind == "choose":
            told += played_on(match, ["done"])
        assert match.pending.kind == "block"
        block = next(o.key for o in match.pending.options if o.legal and o.key.startswith("block:"))
        told += played_on(match, [block])
        steps.append(told)
        assert not match.state.sides[0].battle and match.state.memory == 3
    assert steps[0] == steps[1]
    assert any("dcg:attacking.battle.p3" in cited for _, cited in steps[0])
    assert any("Ikkakumon (7000 DP)" in told for told, _ in steps[0])  # ST2-07's 5000 DP + 2000 from ST3-06

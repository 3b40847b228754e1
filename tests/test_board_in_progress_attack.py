"""A game in progress paused in the middle of an attack, loaded into the board editor ("Start from: the game in
progress"), keeps its attack, so "Play from here" resumes the same attack.

DCG, from the rule manual, E. Attacking (dcg:attacking.p3-p5): an attack declared and not yet resolved is the board's
``attack: {attacker, target, at}``, the attacker written as it stood when it attacked (the declaration suspends it) and
``at`` the step the attack had reached (tests/test_board_attack_resume.py plays those on).
DMB/DBE (strategy-phase.2): attacks chosen in secret and not yet dealt are ``attack: {chosen: [...]}``.
"""

from __future__ import annotations

from typing import Any

import pytest
import yaml

from digitutor.core.match import Match
from digitutor.scenarios.boardstate import board_from_state
from digitutor.widgets.editor import BoardEditor

#: Player 1's Birdramon (ST1-05) may attack; Player 2 has two Ikkakumon (ST2-07, <Blocker>), the first suspended.
DCG_BOARD: dict[str, Any] = {
    "phase": "main",
    "active": 0,
    "first": 0,
    "turn": 5,
    "memory": 2,
    "players": [
        {"deck": ["st1-02"] * 5, "security": ["st1-03"] * 3, "battle": ["st1-05"]},
        {
            "deck": ["st2-02"] * 5,
            "security": ["st2-03"] * 3,
            "battle": [{"stack": ["st2-07"], "suspended": True}, "st2-07"],
        },
    ],
}
#: DMB/DBE: Agumon (Circle 30) against Gabumon (Cross: Counter Circle) / Hawkmon against Agumon, in the Strategy Phase.
BATTLES: dict[str, dict[str, Any]] = {
    "dmb": {
        "phase": "strategy",
        "active": 0,
        "turn": 3,
        "players": [{"deck": ["palmon"] * 5, "active": ["agumon"]}, {"deck": ["palmon"] * 5, "active": ["gabumon"]}],
    },
    "dbe": {
        "phase": "strategy",
        "active": 0,
        "turn": 3,
        "players": [{"active": ["hawkmon"], "deck": ["gomamon"] * 5}, {"active": ["agumon"], "deck": ["biyomon"] * 5}],
    },
}


def to_decision(played: Match) -> None:
    while played.pending is None and not played.over:
        played.advance()


def played(game: str, board: dict[str, Any], answers: list[str]) -> Match:
    """A game from ``board``, answered as a person would, paused at the next decision."""
    match = Match(game, 1, {"board": board}, ("human", "human"), "game in progress")
    for key in answers:
        to_decision(match)
        match.choose(key)
    to_decision(match)
    return match


def attack_on(match: Match, target: str) -> str:
    """The key of the main-phase attack of Player 1's Birdramon on ``target``
    (``player`` or Player 2's 2nd Ikkakumon)."""
    to_decision(match)
    keys = [o.key for o in match.pending.options if o.legal and o.key.startswith("attack:")]
    return next(key for key in keys if (key.count(":") == 1) == (target == "player"))


def dcg_mid_attack(target: str = "player") -> Match:
    match = Match("dcg", 1, {"board": DCG_BOARD}, ("human", "human"), "game in progress")
    match.choose(attack_on(match, target))
    to_decision(match)
    return match


def test_a_dcg_game_paused_at_blocker_timing_keeps_its_attack_in_the_editor() -> None:
    # dcg:attacking.p3 — "suspend an unsuspended Digimon you want to attack with and declare your attack": the game is
    # at blocker timing (dcg:attacking.p4) of Birdramon's attack on Player 2.
    match = dcg_mid_attack()
    assert match.pending.kind == "block" and match.state.sides[0].battle[0].suspended
    editor = BoardEditor("dcg", current=lambda: match)
    editor.start.value = "current"
    editor.load.click()
    assert editor.message.value == ""  # the board resumes at blocker timing: nothing activates again
    assert editor.board["attack"] == {"attacker": "st1-05", "target": "player", "at": "block"}
    assert editor.board["players"][0]["battle"] == ["st1-05"]  # written as it stood when it attacked: unsuspended
    assert editor.attacker.value == "st1-05" and editor.target.value == "player" and editor.attack_at.value == "block"
    assert "✓ The rules can have this board" in editor.verdict.value
    editor.play.click()
    tutor = editor.tutor()
    assert tutor is not None and "An attack is under way" in editor.stage.children[0].value
    while tutor.model.pending() is None:
        tutor.model.next()
    resumed = tutor.model.match
    # the same attack resumes: blocker timing of Birdramon's attack, where only the unsuspended Ikkakumon may block
    # ("A player can block by suspending one of their unsuspended Digimon with <Blocker>", dcg:attacking.p5)
    assert resumed.pending.kind == "block" and resumed.pending.player == 1
    assert sorted(o.legal for o in resumed.pending.options) == [False, True, True]


def test_a_dcg_attack_on_a_digimon_keeps_its_target() -> None:
    # dcg:attacking.p2 — "target one of your opponent's suspended Digimon": the suspended Ikkakumon is the target
    board = board_from_state("dcg", dcg_mid_attack("digimon").state)
    assert board["attack"] == {"attacker": "st1-05", "target": "st2-07#1", "at": "block"}


def test_a_dcg_attack_switched_by_a_block_keeps_the_blocker_as_its_target() -> None:
    # dcg:attacking.p5 — "Blocking switches the target of the attack to the blocking Digimon": paused before the
    # battle (the attack not yet resolved), the board's attack targets the blocker, suspended by blocking, after blocker
    # timing ("Blocking can only be performed once per battle", dcg:attacking.p6).
    match = dcg_mid_attack()
    block = next(o.key for o in match.pending.options if o.legal and o.key.startswith("block:"))
    match.choose(block)  # the answer only: the battle has not been fought yet
    board = board_from_state("dcg", match.state)
    assert board["attack"] == {"attacker": "st1-05", "target": "st2-07#2", "at": "battle"}
    assert board["players"][1]["battle"][1] == {"stack": ["st2-07"], "suspended": True}
    Match("dcg", 1, {"board": board}, ("human", "human"), "board")  # the board loads: the game's own checks pass


def test_a_dcg_game_after_its_attack_has_none() -> None:
    match = dcg_mid_attack()
    match.choose("no-block")
    to_decision(match)
    assert match.pending.kind == "main" and "attack" not in board_from_state("dcg", match.state)


@pytest.mark.parametrize("game", ["dmb", "dbe"])
def test_a_game_paused_in_the_support_phase_keeps_the_secret_attacks(game: str) -> None:
    # strategy-phase.2 — both chose in secret; "Attacks aren't revealed until Step 2 of the Battle Phase". Paused at the
    # turn player's Support (support-phase.4), the board keeps both choices and starts again at the Support Phase, the
    # non-turn player first (support-phase.3).
    match = played(game, BATTLES[game], ["attack:choice=circle", "attack:choice=cross", "no-support"])
    assert match.pending.kind == "support" and match.pending.player == 0
    editor = BoardEditor(game, current=lambda: match)
    editor.start.value = "current"
    editor.load.click()
    assert editor.message.value == ""
    assert editor.board["phase"] == "strategy" and editor.board["attack"] == {"chosen": ["circle", "cross"]}
    assert [box.value for box in editor.chosen] == ["circle", "cross"]
    assert "✓ The rules can have this board" in editor.verdict.value
    editor.play.click()
    tutor = editor.tutor()
    assert tutor is not None
    while tutor.model.pending() is None:
        tutor.model.next()
    resumed = tutor.model.match
    assert resumed.pending.kind == "support" and resumed.pending.player == 1


def test_dmb_a_game_paused_before_the_damage_resumes_the_same_battle() -> None:
    # dmb:battle-phase.3.2.3 / 5.1 — Gabumon's Counter Circle turns Agumon's Circle around: Agumon 60 - 30 = 30. The
    # game paused at the Support Phase and the board made from it end the same.
    match = played("dmb", BATTLES["dmb"], ["attack:choice=circle", "attack:choice=cross", "no-support"])
    board = board_from_state("dmb", match.state)
    resumed = played("dmb", board, ["no-support", "no-support"])
    assert [side.hp for side in resumed.state.sides] == [30, 60]


@pytest.mark.parametrize("game", ["dmb", "dbe"])
def test_a_game_before_both_choices_or_after_the_battle_has_no_attack(game: str) -> None:
    # strategy-phase.2 — "Both players choose": with one choice made, both choose again on the board
    one = played(game, BATTLES[game], ["attack:choice=circle"])
    assert one.pending.kind == "strategy" and "attack" not in board_from_state(game, one.state)
    done = played(game, BATTLES[game], ["attack:choice=circle", "attack:choice=cross", "no-support", "no-support"])
    assert done.state.phase not in ("strategy", "support") and "attack" not in board_from_state(game, done.state)


def test_the_board_of_a_game_in_progress_is_plain_yaml() -> None:
    match = played("dmb", BATTLES["dmb"], ["attack:choice=triangle", "attack:choice=circle"])
    board = board_from_state("dmb", match.state)
    assert yaml.safe_load(yaml.safe_dump(board)) == board and board["attack"] == {"chosen": ["triangle", "circle"]}

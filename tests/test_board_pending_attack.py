"""A DCG board with an attack under way (``attack: {attacker, target}`` in ``setup.board``).

Written from the rule manual, E. Attacking (dcg:attacking.p3-p5): "suspend an unsuspended Digimon you
want to attack with and declare your attack. Any When Attacking effects ... are activated at this point.
After all effects have been activated, counter timing occurs. ... After all counter timing effects have
been resolved, blocker timing occurs." and "A player can block by suspending one of their unsuspended
Digimon with <Blocker>." A board with an attack under way starts right after the declaration unless its ``at``
names a later step (tests/test_board_attack_resume.py).
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
from digitutor.scenarios.boardlink import Board, board_link, inspect_board, read_board_link, scenario_doc
from digitutor.scenarios.model import parse_scenario
from digitutor.scenarios.runner import run_scenario

#: Player 1's Birdramon (ST1-05, 4000 DP, "[When Attacking] Gain 1 memory.") has declared an attack on Player 2, who has
#: two Ikkakumon (ST2-07, 5000 DP, <Blocker>): the first is suspended (it attacked last turn), the second is not.
BOARD: dict[str, Any] = {
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
    "attack": {"attacker": "st1-05", "target": "player"},
}

SCENARIO = """
game: dcg
title: "An attack under way: a suspended Digimon with <Blocker> cannot block it; an unsuspended one can"
demonstrates: [dcg:attacking.p5]
explains: >
  Birdramon has declared an attack on Player 2. Declaring suspended it and its [When Attacking] effect
  gains 1 memory; then counter timing (nothing to use) and blocker timing. A player blocks "by suspending
  one of their unsuspended Digimon with <Blocker>": the suspended Ikkakumon cannot, the other can.
seed: 1
setup:
  board:
    phase: main
    active: 0
    first: 0
    turn: 5
    memory: 2
    players:
      - {deck: [st1-02, st1-02, st1-02, st1-02, st1-02], security: [st1-03, st1-03, st1-03], battle: [st1-05]}
      - deck: [st2-02, st2-02, st2-02, st2-02, st2-02]
        security: [st2-03, st2-03, st2-03]
        battle: [{stack: [st2-07], suspended: true}, st2-07]
    attack: {attacker: st1-05, target: player}
until: {decision: block}
expect:
  now: {turn: 5, phase: main, whose_turn: 0, decision: block, deciding: 1}
  cards:
    - {card: p0.st1-05, zone: battle, suspended: true}
    - {card: p1.st2-07#1, zone: battle, suspended: true}
    - {card: p1.st2-07#2, zone: battle, suspended: false}
  options:
    - {decision: block, option: "block:st2-07#1", legal: false, cites: [dcg:attacking.p5]}
    - {decision: block, option: "block:st2-07#2", legal: true}
  why_not:
    - {action: "block:p1.st2-07#1", player: 1, ask: "Can my suspended Blocker block the attack under way?", \
legal: false,
       cites: [dcg:attacking.p5]}
  counters:
    - {name: Memory, value: 3}
"""


def board(**changes: Any) -> dict[str, Any]:
    made = copy.deepcopy(BOARD)
    made.update(changes)
    return made


def refusal(made: dict[str, Any]) -> str:
    with pytest.raises(InputError) as caught:
        Match("dcg", 1, {"board": made}, ("human", "human"), "board.yaml")
    assert "\n" not in str(caught.value)
    return str(caught.value)


def test_a_suspended_blocker_cannot_block_the_attack_under_way_and_an_unsuspended_one_can() -> None:
    # dcg:attacking.p5 — "A player can block by suspending one of their unsuspended Digimon with <Blocker>."
    run = run_scenario(parse_scenario(yaml.safe_load(SCENARIO), "pending.yaml"))
    assert run.passed, run.failures


def test_the_board_resumes_after_the_declaration_when_attacking_effects_first() -> None:
    # dcg:attacking.p3 — declaring suspends the attacker; "Any When Attacking effects ... are activated at this point":
    # Birdramon's "[When Attacking] Gain 1 memory." takes memory 2 to 3 before blocker timing (dcg:attacking.p4).
    match = Match("dcg", 1, {"board": board()}, ("human", "human"), "board")
    cited = []
    while match.pending is None:
        step = match.advance()
        assert step is not None
        cited += [c.id for c in step.citations]
    assert match.pending.kind == "block" and match.pending.player == 1
    assert "dcg:card.st1-05" in cited
    assert match.state.memory == 3
    assert match.state.sides[0].battle[0].suspended


def test_the_unsuspended_blocker_blocks_and_the_two_battle() -> None:
    # dcg:attacking.p5 — "Blocking switches the target of the attack to the blocking Digimon, and the two Digimon
    # battle." Comparing DP: "The defeated Digimon is deleted": Ikkakumon (5000) defeats Birdramon (4000); no security
    # is checked.
    doc = yaml.safe_load(SCENARIO)
    doc.pop("until")
    doc["script"] = ["block:st2-07#2"]
    doc["expect"] = {
        "board": [{"player": 0, "zone": "trash", "cards": ["Birdramon"]}],
        "counters": [{"player": 1, "name": "Security", "value": 3}],
        "cites": ["dcg:attacking.p5"],
    }
    run = run_scenario(parse_scenario(doc, "blocked.yaml"))
    assert run.passed, run.failures


def test_an_attack_on_a_suspended_digimon_may_be_under_way() -> None:
    # dcg:attacking.p2 — "You can either target one of your opponent's suspended Digimon in their battle area"
    match = Match(
        "dcg", 1, {"board": board(attack={"attacker": "st1-05", "target": "st2-07#1"})}, ("human", "human"), "b"
    )
    while match.pending is None:
        assert match.advance() is not None
    assert match.pending.kind == "block"


@pytest.mark.parametrize(
    ("attack", "fragments"),
    [
        # dcg:attacking.p1 — the turn player's Digimon attacks: an opponent's Digimon is not one of theirs
        (
            {"attacker": "p1.st2-07#2"},
            ["p1.st2-07#2 is not one of your Digimon in the battle area", "[dcg:attacking.p1]"],
        ),
        # dcg:attacking.p2 — "one of your opponent's suspended Digimon ..., or the opposing player"
        (
            {"attacker": "st1-05", "target": "st2-07#2"},
            ["only a suspended Digimon can be attacked", "[dcg:attacking.p2]"],
        ),
        ({"attacker": "st1-05", "target": "p0.st1-05"}, ["[dcg:attacking.p2]"]),
        ({"attacker": "nope"}, ["setup.attack.attacker", "no card 'nope'"]),
        ({"attacker": "st1-05", "target": 3}, ["setup.attack.target"]),
        ({"attacker": "st1-05", "by": "x"}, ["setup.attack", "expected {attacker"]),
        ("st1-05", ["setup.attack", "expected {attacker"]),
        ({"attacker": ["st1-05"]}, ["setup.attack", "expected {attacker"]),
        ({"attacker": "x" * 10_000}, ["setup.attack.attacker", "at most 100 characters"]),
    ],
)
def test_an_attack_the_game_would_not_allow_is_refused_with_the_games_reason(attack: Any, fragments: list[str]) -> None:
    told = refusal(board(attack=attack))
    for fragment in fragments:
        assert fragment in told, told


def test_a_suspended_attacker_is_refused() -> None:
    # dcg:attacking.p3 — "suspend an unsuspended Digimon you want to attack with": the board names the attacker as it
    # stood when it attacked; a suspended one could not have attacked.
    made = board()
    made["players"][0]["battle"] = [{"stack": ["st1-05"], "suspended": True}]
    assert "only an unsuspended Digimon can attack. [dcg:attacking.p3]" in refusal(made)


def test_a_digimon_played_this_turn_is_refused() -> None:
    # dcg:playing-digimon.p4 — "Digimon can't attack on the turn they were played."
    made = board()
    made["players"][0]["battle"] = [{"stack": ["st1-05"], "played": True}]
    assert "Digimon can't attack on the turn they were played. [dcg:playing-digimon.p4]" in refusal(made)


def test_an_attack_outside_the_main_phase_is_refused() -> None:
    # dcg:main-phase.p2 — attacks are made in the main phase
    assert "Attacks are made in your main phase. [dcg:main-phase.p2]" in refusal(board(phase="breeding"))


def test_a_board_without_an_attack_is_unchanged() -> None:
    plain = {key: value for key, value in BOARD.items() if key != "attack"}
    match = Match("dcg", 1, {"board": plain}, ("human", "human"), "board")
    while match.pending is None:
        assert match.advance() is not None
    assert match.pending.kind == "main" and not match.state.sides[0].battle[0].suspended


def test_the_link_and_the_scenario_file_keep_the_attack(tmp_path: Path) -> None:
    shared = Board("dcg", board(), "Can my suspended Blocker block?")
    opened = read_board_link(board_link(shared))
    assert opened.board["attack"] == {"attacker": "st1-05", "target": "player"} and opened.board == shared.board
    assert inspect_board(opened).state is not None
    doc = scenario_doc(opened)
    assert doc["setup"]["board"]["attack"] == BOARD["attack"] and doc["expect"]["now"]["decision"] == "block"
    assert_cli_check_passes(doc, tmp_path / "pending.yaml")


def test_a_bad_attack_in_a_link_is_one_line() -> None:
    bad = Board("dcg", board(attack={"attacker": "st1-05", "target": "st2-07#2"}))
    with pytest.raises(InputError) as caught:
        read_board_link(board_link(bad))
    assert "\n" not in str(caught.value) and "[dcg:attacking.p2]" in str(caught.value)


def test_a_tamer_is_refused() -> None:
    # dcg:playing-tamers.p4 — "Tamers can't attack or block."
    made = board(attack={"attacker": "st1-12"})
    made["players"][0]["battle"] = ["st1-05", "st1-12"]
    assert "[dcg:playing-tamers.p4]" in refusal(made)

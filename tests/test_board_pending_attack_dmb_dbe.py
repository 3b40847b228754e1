"""DMB and DBE boards with an attack under way (``attack: {chosen: [<Player 1's>, <Player 2's>]}`` in ``setup.board``).

Written from the rulebooks' Strategy and Battle Phases (the same text in DMB and DBE): "Both players choose one of:
Circle / Triangle / Cross attacks simultaneously and secretly. Attacks aren't revealed until Step 2 of the Battle
Phase." (strategy-phase.2). Between the choice and the reveal lies the Support Phase, where a chosen Cross with
Jamming may already be revealed (support-phase.5.3). So the state a judge sets is both secret choices; the board
starts where the Strategy Phase ends, at the Support Phase, and everything after is the engine's own: Supports, the
reveal with the turn player's 1st Attack (battle-phase.2, 2.1), the attack abilities, the damage.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
from scenario_checks import assert_cli_check_passes

from digitutor.core.errors import InputError
from digitutor.core.match import Match
from digitutor.core.records import Step
from digitutor.core.registry import get_game
from digitutor.core.secret import HIDDEN, SECRET
from digitutor.scenarios.boardcheck import check_board
from digitutor.scenarios.boardlink import Board, board_link, inspect_board, read_board_link, scenario_doc
from digitutor.scenarios.model import parse_scenario
from digitutor.scenarios.runner import run_scenario

#: DMB: Agumon (Circle 30) against Gabumon (Cross: Counter Circle), Player 1's turn 3, in the Strategy Phase.
DMB_BOARD: dict[str, Any] = {
    "phase": "strategy",
    "active": 0,
    "turn": 3,
    "players": [
        {"deck": ["palmon"] * 5, "active": ["agumon"], "hand": ["candlemon"]},
        {"deck": ["palmon"] * 5, "active": ["gabumon"]},
    ],
    "attack": {"chosen": ["circle", "cross"]},
}
#: DBE: Hawkmon (Cross: Jamming) against Agumon (Cross: 1st Attack), Player 1's turn 3.
DBE_BOARD: dict[str, Any] = {
    "phase": "strategy",
    "active": 0,
    "turn": 3,
    "players": [{"active": ["hawkmon"], "deck": ["gomamon"] * 5}, {"active": ["agumon"], "deck": ["biyomon"] * 5}],
    "attack": {"chosen": ["cross", "cross"]},
}


def board(game: str, **changes: Any) -> dict[str, Any]:
    made = copy.deepcopy(DMB_BOARD if game == "dmb" else DBE_BOARD)
    made.update(changes)
    return made


def match(game: str, made: dict[str, Any]) -> Match:
    return Match(game, 1, {"board": made}, ("human", "human"), "board")


def to_decision(played: Match) -> list[Step]:
    steps = []
    while played.pending is None and not played.over:
        step = played.advance()
        if isinstance(step, Step):
            steps.append(step)
    return steps


def refusal(game: str, made: dict[str, Any]) -> str:
    with pytest.raises(InputError) as caught:
        match(game, made)
    assert "\n" not in str(caught.value)
    return str(caught.value)


def scenario(game: str, made: dict[str, Any], script: list[str], expect: dict[str, Any], shows: list[str]) -> Any:
    doc = {
        "game": game,
        "title": "An attack under way",
        "demonstrates": shows,
        "seed": 1,
        "setup": {"board": made},
        "script": script,
        "expect": expect,
    }
    return run_scenario(parse_scenario(doc, f"{game}-pending.yaml"))


@pytest.mark.parametrize("game", ["dmb", "dbe"])
def test_the_board_resumes_at_the_support_phase_the_non_turn_player_first(game: str) -> None:
    # support-phase.3 — "Non-turn player declares their Support (or lack thereof) first": the attacks are chosen
    # (strategy-phase.2), so the first answer due is Player 2's Support, and nobody is asked to choose an attack.
    played = match(game, board(game))
    steps = to_decision(played)
    assert played.pending.kind == "support" and played.pending.player == 1
    assert not any(step.phase == "strategy" for step in steps)
    assert played.state.phase == "support" and not played.state.attacks  # not revealed yet (strategy-phase.2)


@pytest.mark.parametrize("game", ["dmb", "dbe"])
def test_the_choices_stay_secret_until_the_reveal(game: str) -> None:
    # strategy-phase.2 — "simultaneously and secretly. Attacks aren't revealed until Step 2 of the Battle Phase."
    played = match(game, board(game))
    to_decision(played)
    seen = get_game(game).redact(played.state, 0)
    secret = next(dict(kept[SECRET]) for kept in seen.frames if kept.kind == "strategy.reveal")
    assert secret == {0: board(game)["attack"]["chosen"][0], 1: HIDDEN}


def test_dmb_the_counter_chosen_before_the_board_turns_the_attack_around() -> None:
    # dmb:battle-phase.2 — both attacks revealed, the turn player has 1st Attack (2.1); Counter Circle (Gabumon's Cross)
    # attacks second (3.2.3) and the countered Circle hits its own user (5.1): Agumon 60 - 30 = 30, Gabumon keeps 60.
    run = scenario(
        "dmb",
        board("dmb"),
        ["no-support", "no-support"],
        {
            "counters": [{"player": 0, "name": "HP", "value": "30"}, {"player": 1, "name": "HP", "value": "60"}],
            "order": [{"cites": "dmb:battle-phase.2"}, {"cites": "dmb:battle-phase.3.2.3"}],
        },
        ["dmb:battle-phase.2", "dmb:battle-phase.3.2.3"],
    )
    assert run.passed, run.failures


def test_dmb_a_chosen_jamming_cross_may_be_revealed_in_the_support_phase() -> None:
    # dmb:support-phase.5.3 — "if a player chose Cross while they have a "Jamming" attack ability, and their opponent
    # used a Digimon card to Support, they may reveal their chosen attack and Void the Digimon support": Tentomon's
    # Cross was chosen before the board; Candlemon's Boost is voided, Agumon's Circle stays 30 (Tentomon 50 -> 20),
    # Cross deals 10.
    made = board("dmb")
    made["players"][1]["active"] = ["tentomon"]
    run = scenario(
        "dmb",
        made,
        ["no-support", "support:candlemon", "jam"],
        {"counters": [{"player": 1, "name": "HP", "value": "20"}, {"player": 0, "name": "HP", "value": "50"}]},
        ["dmb:support-phase.5.3"],
    )
    assert run.passed, run.failures


def test_dbe_jamming_chosen_before_the_board_voids_the_cross_ability() -> None:
    # dbe:battle-phase.3.1 — "If a player has "Jamming", apply that effect immediately and void the opponent's Cross
    # abilities": Agumon's Cross 1st Attack is voided, so Hawkmon, the turn player, attacks first (battle-phase.2.1).
    run = scenario(
        "dbe",
        board("dbe"),
        ["no-support", "no-support"],
        {"narration": ["Jamming voids Player 2's Cross ability", "Player 1 attacks first"]},
        ["dbe:battle-phase.3.1"],
    )
    assert run.passed, run.failures


@pytest.mark.parametrize("game", ["dmb", "dbe"])
def test_a_board_without_an_attack_still_asks_for_the_choices(game: str) -> None:
    plain = {key: value for key, value in board(game).items() if key != "attack"}
    played = match(game, plain)
    to_decision(played)
    assert played.pending.kind == "strategy" and played.pending.player == 0


@pytest.mark.parametrize("game", ["dmb", "dbe"])
@pytest.mark.parametrize(
    ("change", "fragments"),
    [
        # strategy-phase.2 — attacks are chosen in the Strategy Phase
        ({"phase": "prep"}, ["Attacks are chosen in the Strategy Phase.", "strategy-phase.2]"]),
        ({"phase": "end"}, ["strategy-phase.2]"]),
        # strategy-phase.2 — "one of: Circle / Triangle / Cross"
        (
            {"attack": {"chosen": ["circle", "hexagon"]}},
            ["Player 2: Choose one of your active Digimon's three attacks", "strategy-phase.2]"],
        ),
        # strategy-phase.2 — "Both players choose"
        ({"attack": {"chosen": [None, "cross"]}}, ["Player 1 has chosen no attack", "strategy-phase.2]"]),
        # shapes: one line naming the field
        ({"attack": {"chosen": ["circle"]}}, ["setup.attack", "expected {chosen"]),
        ({"attack": "circle"}, ["setup.attack", "expected {chosen"]),
        ({"attack": {"chosen": ["circle", "cross"], "first": 1}}, ["setup.attack", "expected {chosen"]),
        ({"attack": {"chosen": ["circle", 3]}}, ["setup.attack.chosen[1]"]),
        ({"attack": {"chosen": ["x" * 10_000, "cross"]}}, ["setup.attack.chosen[0]"]),
    ],
)
def test_attacks_the_game_would_not_let_be_chosen_are_refused_with_the_reason(
    game: str, change: dict[str, Any], fragments: list[str]
) -> None:
    told = refusal(game, board(game, **change))
    assert len(told) < 400, told
    for fragment in fragments:
        assert fragment in told, told


@pytest.mark.parametrize("game", ["dmb", "dbe"])
def test_an_opponent_without_an_active_digimon_skips_the_choice(game: str) -> None:
    # strategy-phase.1 — "Skip to Support Phase if opponent player does not have an active Digimon"
    made = board(game)
    made["players"][1].pop("active")
    assert "Player 2 has no active Digimon" in (told := refusal(game, made)) and f"[{game}:strategy-phase.1]" in told


@pytest.mark.parametrize("game", ["dmb", "dbe"])
def test_a_turn_player_without_an_active_digimon_has_lost(game: str) -> None:
    # prep-phase.turn.4.1 — "If the turn player cannot place any Digimon on the active zone at this point, that player
    # loses the game immediately."
    made = board(game)
    made["players"][0].pop("active")
    assert f"[{game}:prep-phase.turn.4.1]" in refusal(game, made)


@pytest.mark.parametrize("game", ["dmb", "dbe"])
@pytest.mark.parametrize("phase", ["evolution", "strategy"])
def test_a_board_past_the_prep_phase_without_the_turn_players_digimon_is_refused(game: str, phase: str) -> None:
    # prep-phase.turn.4.1 — the same rule for a board without an attack: the board check refuses it, cited
    made = {key: value for key, value in board(game, phase=phase).items() if key != "attack"}
    made["players"][0].pop("active")
    reasons = check_board(game, made).impossible
    assert [reason.citation.id for reason in reasons] == [f"{game}:prep-phase.turn.4.1"]
    made["phase"] = "end"  # after a KO in the Battle Phase the active zone is empty until the next Prep Phase
    assert not check_board(game, made).impossible


def test_dbe_the_first_turn_has_no_strategy_phase() -> None:
    # dbe:strategy-phase.p1 — "Skip this entire phase during the first turn of the game."
    assert "[dbe:strategy-phase.p1]" in refusal("dbe", board("dbe", turn=1))


@pytest.mark.parametrize("game", ["dmb", "dbe"])
def test_the_link_and_the_scenario_file_keep_the_attack(game: str, tmp_path: Path) -> None:
    shared = Board(game, board(game), "Who attacks first?")
    opened = read_board_link(board_link(shared))
    assert opened.board == shared.board and opened.board["attack"] == board(game)["attack"]
    assert inspect_board(opened).state is not None and not inspect_board(opened).check.refused
    doc = scenario_doc(opened)
    assert doc["setup"]["board"]["attack"] == board(game)["attack"] and doc["expect"]["now"]["decision"] == "support"
    assert_cli_check_passes(doc, tmp_path / "pending.yaml")


@pytest.mark.parametrize("game", ["dmb", "dbe"])
def test_a_bad_attack_in_a_link_is_one_line(game: str) -> None:
    bad = Board(game, board(game, phase="prep"))
    with pytest.raises(InputError) as caught:
        read_board_link(board_link(bad))
    assert "\n" not in str(caught.value) and f"[{game}:strategy-phase.2]" in str(caught.value)

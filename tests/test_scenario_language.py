"""The scenario language a judge writes (issue 26, point 4): every expectation kind passes on the value the
rulebook gives and FAILS on a wrong one; copy numbers, stop points, ``*-done`` and printed effect numbers;
bad input is one line naming the file and the field.

Expected values come from the rulebook text (each test names its clause) or from the card's printed text.
"""

from __future__ import annotations

import copy
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from digitutor.core.errors import InputError
from digitutor.core.yamlio import load_yaml
from digitutor.scenarios.model import parse_scenario
from digitutor.scenarios.runner import ScenarioRun, run_scenario

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "cards"


def shipped(name: str) -> dict[str, Any]:
    game, stem = name.split("/")
    return load_yaml(next((SCENARIOS / game / "scenarios").glob(f"{stem}*.yaml")))


def run(doc: dict[str, Any]) -> ScenarioRun:
    return run_scenario(parse_scenario(doc, "judge.yaml"))


def with_expect(doc: dict[str, Any], **expect: Any) -> dict[str, Any]:
    doc = copy.deepcopy(doc)
    doc["expect"] = expect
    return doc


def passes(doc: dict[str, Any]) -> None:
    result = run(doc)
    assert result.passed, result.failures


def fails(doc: dict[str, Any], words: str) -> None:
    result = run(doc)
    assert not result.passed, "expected a failure"
    assert any(words in failure for failure in result.failures), result.failures


#: DCG, Player 1's turn 5 begins at the unsuspend phase: Greymon (on Agumon) and Player 2's Garurumon are suspended
UNSUSPEND = {
    "game": "dcg",
    "title": "t",
    "demonstrates": [],
    "seed": 1,
    "setup": {
        "board": {
            "phase": "unsuspend",
            "active": 0,
            "first": 0,
            "turn": 5,
            "memory": 3,
            "players": [
                {
                    "deck": ["st1-02"] * 5,
                    "security": ["st1-03"] * 3,
                    "egg_deck": ["st1-01"],
                    "battle": [{"stack": ["st1-03", "st1-07"], "suspended": True}, "st1-07"],
                },
                {
                    "deck": ["st2-02"] * 5,
                    "security": ["st2-03"] * 3,
                    "battle": [{"stack": ["st2-06"], "suspended": True}],
                },
            ],
        }
    },
    "script": [],
}


def at_main(doc: dict[str, Any]) -> dict[str, Any]:
    doc = copy.deepcopy(doc)
    doc["script"], doc["until"] = ["stay"], {"phase": "main"}
    return doc


# -- now: turn, phase, whose turn ------------------------------------------------------------------------------------


def test_now_dcg_game_flow_unsuspend_draw_breeding_main_in_the_same_turn():
    """dcg:game-flow: Unsuspend, Draw, Breeding, Main — one player's turn, so turn 5 is still Player 1's at main."""
    doc = at_main(UNSUSPEND)
    passes(with_expect(doc, now={"turn": 5, "phase": "main", "whose_turn": 0}))
    fails(with_expect(doc, now={"phase": "draw"}), "phase is 'main', expected 'draw'")
    fails(with_expect(doc, now={"turn": 6}), "turn is 5, expected 6")
    fails(with_expect(doc, now={"whose_turn": 1}), "whose_turn is 0, expected 1")


def test_now_names_the_waiting_decision_and_who_decides():
    """dcg:breeding-phase.p1: "Players can do only one of the following" — Player 1 decides at the breeding phase."""
    passes(with_expect(UNSUSPEND, now={"phase": "breeding", "deciding": 0}))
    fails(with_expect(UNSUSPEND, now={"deciding": 1}), "deciding is 0, expected 1")


# -- cards: suspended, zone, values ------------------------------------------------------------------------------------


def test_suspended_dcg_unsuspend_all_of_your_suspended_cards_only_yours():
    """dcg:unsuspend-phase.p1: "Unsuspend all of your suspended cards." — Player 2's Garurumon stays suspended."""
    doc = at_main(UNSUSPEND)
    passes(with_expect(doc, cards=[{"card": "st1-07#1", "suspended": False}, {"card": "p1.st2-06", "suspended": True}]))
    fails(with_expect(doc, cards=[{"card": "st1-07#1", "suspended": True}]), "is not suspended, expected suspended")
    fails(
        with_expect(doc, cards=[{"card": "st2-06", "player": 1, "suspended": False}]),
        "is suspended, expected not suspended",
    )


def test_card_zone_and_under_a_digimon():
    """dcg:digivolving (a digivolved Digimon's cards stay under it): Agumon lies under Greymon in the battle area."""
    doc = at_main(UNSUSPEND)
    passes(with_expect(doc, cards=[{"card": "st1-03#4", "zone": "battle", "under": "Greymon"}]))
    fails(with_expect(doc, cards=[{"card": "st1-03#4", "zone": "trash"}]), "is in battle, expected trash")
    fails(with_expect(doc, cards=[{"card": "st1-03#4", "under": "Garurumon"}]), "expected under Garurumon")
    fails(with_expect(doc, cards=[{"card": "st1-03#1", "zone": "battle"}]), "is in security, expected battle")


def test_copies_are_numbered_in_the_order_the_file_writes_zones_and_cards():
    """The documented copy order (docs/scenarios.md): the file's zone order, then each zone's written order."""
    doc = copy.deepcopy(UNSUSPEND)
    first = doc["setup"]["board"]["players"][0]
    doc["setup"]["board"]["players"][0] = {
        "battle": first["battle"],
        **{k: v for k, v in first.items() if k != "battle"},
    }
    passes(with_expect(doc, cards=[{"card": "st1-03#1", "zone": "battle"}, {"card": "st1-03#2", "zone": "security"}]))
    fails(with_expect(doc, cards=[{"card": "st1-03#4", "zone": "battle"}]), "is in security, expected battle")


def test_current_and_printed_dp_after_a_when_digivolving_boost():
    """dcg:ace-digimon.p4 (scenario 83): Greymon ACE, printed 6000 DP, "[When Digivolving] 1 of your Digimon gets
    +2000 DP for the turn." (its card text): 8000 now, 6000 printed."""
    doc = shipped("dcg/83")
    passes(with_expect(doc, cards=[{"card": "st15-08", "value": 8000, "printed": 6000}]))
    fails(with_expect(doc, cards=[{"card": "st15-08", "value": 6000}]), "DP is 8000, expected 6000")
    fails(with_expect(doc, cards=[{"card": "st15-08", "printed": 8000}]), "printed DP is 6000, expected 8000")


def test_stats_a_dtector_digimon_shows_its_printed_power():
    """dtector: Greymon's card gives Power 4 (cards/dtector/cards.yaml, its printed numbers); a wrong stat fails."""
    doc = {
        "game": "dtector",
        "title": "t",
        "demonstrates": [],
        "setup": {
            "board": {
                "phase": "digi-battle",
                "active": 0,
                "players": [
                    {"d_dock": ["greymon"], "deck": ["agumon"] * 3},
                    {"hand": ["agumon"], "deck": ["gabumon"] * 3},
                ],
            }
        },
    }
    power = str(load_power("greymon"))
    passes(with_expect(doc, cards=[{"card": "greymon", "zone": "d-dock", "stats": {"Power": power}}]))
    fails(with_expect(doc, cards=[{"card": "greymon", "stats": {"Power": "999"}}]), "Power is")
    fails(with_expect(doc, cards=[{"card": "greymon", "stats": {"Nothing": "1"}}]), "Nothing is not shown")


def load_power(card_id: str) -> int:
    cards = load_yaml(SCENARIOS / "dtector" / "cards.yaml")
    entries = cards["cards"] if isinstance(cards, dict) else cards
    return next(entry["power"] for entry in entries if entry["id"] == card_id)


# -- counters: present, absent, shared ---------------------------------------------------------------------------------


def test_status_abnormal_present_then_gone_after_enough_cards_under():
    """dbe:glossary.abnormal: "check if the zone now has enough cards under the active to remove abnormal status ...
    C (1)": ExVeemon (Level C) over Greymon is no longer Abnormal."""
    doc = shipped("dbe/09")
    start = copy.deepcopy(doc)
    start["script"], start["demonstrates"] = [], []
    passes(with_expect(start, counters=[{"player": 0, "name": "Status", "value": "Abnormal"}]))
    passes(with_expect(doc, counters=[{"player": 0, "name": "Status", "present": False}]))
    fails(with_expect(doc, counters=[{"player": 0, "name": "Status", "present": True}]), "expected it present")
    fails(with_expect(start, counters=[{"player": 0, "name": "Status", "present": False}]), "expected it absent")


def test_a_counter_value_and_the_shared_memory_gauge():
    """dcg:memory (the gauge): the board starts with 3 memory on Player 1's side; Player 1's Memory shows 3."""
    passes(
        with_expect(UNSUSPEND, counters=[{"player": 0, "name": "Memory", "value": 3}, {"name": "Memory", "value": 3}])
    )
    fails(with_expect(UNSUSPEND, counters=[{"player": 0, "name": "Memory", "value": 4}]), "Memory is 3, expected 4")
    fails(with_expect(UNSUSPEND, counters=[{"name": "Memory", "value": -3}]), "Memory is 3, expected -3")


# -- order of steps ----------------------------------------------------------------------------------------------------


def test_order_the_turn_players_effects_first():
    """dcg:effect-activation-order.p3/p4: the current turn's player's effects first, then the opponent's."""
    doc = shipped("dcg/58")
    first, then = "Player 1's Impmon: \"[On Deletion]", "Player 2's Impmon: \"[On Deletion]"
    passes(with_expect(doc, order=[first, then]))
    passes(with_expect(doc, order=[{"says": "both are deleted"}, {"cites": "dcg:card.bt2-070"}, then]))
    fails(with_expect(doc, order=[then, first]), "order[1]")
    fails(with_expect(doc, order=["no such narration"]), "at no step")


# -- demonstrates ------------------------------------------------------------------------------------------------------


def test_demonstrates_a_card_citation_some_step_cites():
    """A card's own effect text is a citation (kind card): Impmon's [On Deletion] step cites dcg:card.bt2-070."""
    doc = copy.deepcopy(shipped("dcg/58"))
    doc["demonstrates"] = ["dcg:card.bt2-070"]
    passes(doc)
    doc["demonstrates"] = ["dcg:card.st1-07"]
    fails(doc, "no step cites dcg:card.st1-07")
    doc["demonstrates"] = ["dcg:card.no-such-card"]
    with pytest.raises(InputError, match=r"judge.yaml: demonstrates\[0\]: no dcg card"):
        parse_scenario(doc, "judge.yaml")


def test_demonstrates_by_absence_needs_no_step_and_a_sentence():
    """dcg:overflow.p1 applies to an ACE card only: Impmon (no ACE) is deleted and no Overflow step occurs."""
    doc = copy.deepcopy(shipped("dcg/58"))
    doc["demonstrates"] = [{"clause": "dcg:overflow.p1", "by_absence": "Impmon is no ACE: no memory is lost."}]
    doc["expect"] = {"counters": [{"player": 0, "name": "Memory", "value": "3"}]}
    passes(doc)
    doc["demonstrates"] = ["dcg:overflow.p1"]  # the old form claims a step cites it
    fails(doc, "no step cites dcg:overflow.p1")
    doc["demonstrates"] = [{"clause": "dcg:overflow.p1", "by_absence": "   "}]
    with pytest.raises(InputError, match=r"demonstrates\[0\]\.by_absence"):
        parse_scenario(doc, "judge.yaml")


# -- naming cards: copy numbers, zone order ----------------------------------------------------------------------------


def test_copy_numbers_name_the_second_greymon():
    """dcg:attacking.p3: "suspend an unsuspended Digimon you want to attack with": Greymon #1 is suspended (the
    first written), Greymon #2 is not, so only #2 may attack."""
    doc = copy.deepcopy(UNSUSPEND)
    doc["setup"]["board"]["phase"] = "main"
    passes(
        with_expect(
            doc,
            cards=[{"card": "st1-07#1", "suspended": True}, {"card": "st1-07#2", "suspended": False}],
            why_not=[
                {"action": "attack:st1-07#1:p1.st2-06#1", "legal": False, "cites": ["dcg:attacking.p3"]},
                {"action": "attack:st1-07#2:p1.st2-06#1", "legal": True},
            ],
        )
    )
    fails(with_expect(doc, cards=[{"card": "st1-07#2", "suspended": True}]), "expected suspended")
    fails(with_expect(doc, cards=[{"card": "st1-07#3"}]), "has 2 copies")
    fails(with_expect(doc, cards=[{"card": "st1-07"}]), "name one as st1-07#1 to st1-07#2")
    scripted = copy.deepcopy(doc)
    scripted["script"] = ["attack:st1-07#2:p1.st2-06#1"]
    passes(
        with_expect(
            scripted,
            cites=["dcg:attacking.p3"],
            narration=["suspends Greymon"],
            cards=[{"card": "st1-07#1", "zone": "battle", "suspended": True}],
        )
    )


def test_the_battle_area_lists_digimon_in_the_order_written_then_as_they_enter():
    """Zone order (docs/scenarios.md): the battle area as written, each new Digimon at the end."""
    doc = copy.deepcopy(shipped("dcg/80"))
    doc["setup"]["board"]["players"][0]["battle"] = ["st1-03"]
    doc["demonstrates"] = []
    passes(with_expect(doc, board=[{"player": 0, "zone": "battle", "cards": ["Agumon", "Shoutmon X4"]}]))
    fails(with_expect(doc, board=[{"player": 0, "zone": "battle", "cards": ["Shoutmon X4", "Agumon"]}]), "holds")


# -- scripts: until, *-done, effect-no ---------------------------------------------------------------------------------


def test_until_stops_at_the_named_point_and_fails_if_never_reached():
    """dcg:draw-phase.p1 ("Draw one card from your deck."): stopped at Player 2's draw phase, nothing drawn yet."""
    doc = copy.deepcopy(UNSUSPEND)
    doc["setup"]["board"]["phase"] = "main"
    doc["script"], doc["until"] = ["pass"], {"turn": 6, "phase": "draw", "whose_turn": 1}
    passes(
        with_expect(
            doc, now={"turn": 6, "phase": "draw", "whose_turn": 1}, board=[{"player": 1, "zone": "hand", "count": 0}]
        )
    )
    fails(with_expect(doc, board=[{"player": 1, "zone": "hand", "count": 1}]), "holds 0 card(s), expected 1")
    doc["until"] = {"turn": 9}
    fails(with_expect(doc), "before reaching until")


def test_a_done_answer_is_passed_over_when_its_step_ended_by_itself():
    """dcg:digixros.p16 (scenario 80): with no third card to place the DigiXros ends by itself; xros-done passes."""
    doc = copy.deepcopy(shipped("dcg/80"))
    doc["script"] = [*doc["script"], "xros-done"]
    result = run(doc)
    assert result.passed, result.failures
    assert result.passed_over and "xros-done" in result.passed_over[0]
    doc["script"] = [*doc["script"][:-1], "no-such-kind"]
    assert run(doc).refused is not None


def test_effect_no_counts_as_printed_from_one_and_effect_keeps_its_old_meaning():
    """dmb:faq.simultaneous-effects (scenario 70): the second printed bonus ("Trash the top card") first."""
    doc = shipped("dmb/70")
    passes(doc)  # the old 0-based form: bonus:effect=1
    printed = copy.deepcopy(doc)
    printed["script"] = [*doc["script"][:-1], "bonus:effect-no=2"]
    passes(printed)
    printed["script"][-1] = "bonus:effect-no=1"  # the draw first: Gatomon drawn, so the scenario's expectations fail
    fails(printed, "Tentomon")
    printed["script"][-1] = "bonus:effect-no=0"
    assert "effect-no counts" in str(run(printed).refused)


# -- bad input ---------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"until": {"phase": "nowhere"}}, "until.phase"),
        ({"until": {}}, "until"),
        ({"until": {"turn": "3"}}, "until.turn"),
        ({"expect": {"counters": [{"player": 0, "name": "Memory"}]}}, "expect.counters[0]"),
        (
            {"expect": {"counters": [{"player": 0, "name": "Status", "value": "x", "present": False}]}},
            "expect.counters[0]",
        ),
        ({"expect": {"order": [{"says": "a", "cites": "dcg:main-phase.p1"}]}}, "expect.order[0]"),
        ({"expect": {"order": [{"cites": "dtector:x"}]}}, "expect.order[0].cites"),
        ({"expect": {"now": {"phase": "end"}}}, "expect.now.phase"),
        ({"expect": {"cards": [{"card": "st1-07", "suspended": "yes"}]}}, "expect.cards[0].suspended"),
        ({"demonstrates": [{"clause": "dcg:main-phase.p1", "why": "x"}]}, "demonstrates[0]"),
    ],
)
def test_bad_input_is_one_line_naming_the_file_and_field(change: dict[str, Any], field: str):
    doc = {**copy.deepcopy(UNSUSPEND), **change}
    with pytest.raises(InputError) as error:
        parse_scenario(doc, "judge.yaml")
    assert str(error.value).startswith(f"judge.yaml: {field}"), str(error.value)
    assert "\n" not in str(error.value)


# -- digitutor scenario new --------------------------------------------------------------------------------------------


def cli(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}  # this checkout's package, whatever the working directory
    return subprocess.run(
        [sys.executable, "-m", "digitutor.cli", *args], capture_output=True, text=True, cwd=cwd, env=env, timeout=120
    )


@pytest.mark.parametrize("game", ["dtector", "arena", "dcg", "dmb", "dbe"])
def test_scenario_new_writes_a_template_check_accepts(game: str, tmp_path: Path):
    out = tmp_path / f"{game}.yaml"
    made = cli("scenario", "new", game, "--out", str(out))
    assert made.returncode == 0, made.stderr
    checked = cli("scenario", "check", str(out))
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_scenario_new_from_a_board_file(tmp_path: Path):
    board = tmp_path / "board.yaml"
    board.write_text(
        "phase: main\nactive: 1\nturn: 4\nmemory: 2\nplayers:\n"
        "  - {deck: [st1-03, st1-03], security: [st1-03], battle: [st1-07]}\n"
        "  - {deck: [st2-03, st2-03], security: [st2-03], battle: [st2-06]}\n"
    )
    made = cli("scenario", "new", "dcg", "--board", str(board))
    assert made.returncode == 0, made.stderr
    assert "now: {turn: 4, phase: main, whose_turn: 1" in made.stdout


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("scenario", "new", "chess"), "GAME: expected one of"),
        (("scenario", "new", "dcg", "--board", "missing.yaml"), "missing.yaml"),
    ],
)
def test_scenario_new_bad_input_exit_2(args: tuple[str, ...], words: str, tmp_path: Path):
    done = cli(*args, cwd=tmp_path)
    assert done.returncode == 2
    assert words in done.stderr and done.stderr.count("\n") == 1


def test_scenario_new_refuses_a_board_the_game_cannot_lay_out(tmp_path: Path):
    board = tmp_path / "board.yaml"
    board.write_text("phase: main\nplayers:\n  - {battle: [no-such-card]}\n  - {}\n")
    done = cli("scenario", "new", "dcg", "--board", str(board), cwd=tmp_path)
    assert done.returncode == 2 and "unknown card" in done.stderr and done.stderr.count("\n") == 1


def test_the_older_expectation_kinds_fail_on_a_wrong_value_too():
    """dcg:attacking.p5 (scenario 92): "A player can block by suspending one of their unsuspended Digimon with
    <Blocker>." — the suspended Ikkakumon's block is refused, the unsuspended one's is not; nothing has ended."""
    doc = shipped("dcg/92")
    passes(doc)
    fails(with_expect(doc, cites=["dcg:attacking.battle.p3"]), "no step cites dcg:attacking.battle.p3")
    fails(with_expect(doc, narration=["Ikkakumon blocks"]), "no step says")
    fails(with_expect(doc, options=[{"decision": "block", "option": "block:st2-07#1", "legal": True}]), "is illegal")
    fails(with_expect(doc, options=[{"decision": "block", "option": "block:st2-07#2", "legal": False}]), "is legal")
    fails(with_expect(doc, why_not=[{"action": "block:p1.st2-07#1", "player": 1, "reasons": 0}]), "expected 0")
    fails(with_expect(doc, why_not=[{"action": "block:p1.st2-07#2", "player": 1, "legal": False}]), "is legal")
    fails(with_expect(doc, over=True), "expected the game to be over")
    fails(with_expect(doc, result={"winner": 0}), "expected the game to be over with a result")
    fails(with_expect(doc, board=[{"player": 1, "zone": "battle", "count": 1}]), "holds 2 card(s), expected 1")


def test_docs_name_every_key_of_the_scenario_schema():
    """docs/scenarios.md documents every key a scenario file may hold (issue 26: "documents every key")."""
    from digitutor.scenarios import model

    text = (ROOT / "docs" / "scenarios.md").read_text(encoding="utf-8")
    structs = (
        model.ScenarioFile,
        model.Expect,
        model.BoardExpect,
        model.CardExpect,
        model.CounterExpect,
        model.NowExpect,
        model.OrderEntry,
        model.OptionExpect,
        model.WhyNotExpect,
        model.ResultExpect,
        model.Until,
        model.Demonstration,
    )
    missing = [f"{s.__name__}.{name}" for s in structs for name in s.__struct_fields__ if f"`{name}`" not in text]
    assert not missing, missing


def test_board_facts_in_dmb_now_hp_and_ko_points():
    """dmb:object-of-the-game.p1 / dmb:battle-phase.7 (scenario 45): Player 1 starts its turn-3 Strategy Phase with
    3 KO points and Greymon (printed HP 90, its card); the KO of Agumon makes 4 KO points and wins."""
    doc = shipped("dmb/45")
    start = copy.deepcopy(doc)
    start["script"], start["demonstrates"] = [], []
    passes(
        with_expect(
            start,
            now={"turn": 3, "phase": "strategy", "whose_turn": 0},
            counters=[{"player": 0, "name": "KO points", "value": 3}],
            cards=[{"card": "greymon", "zone": "active", "value": 90, "printed": 90}],
        )
    )
    fails(with_expect(start, now={"phase": "battle"}), "phase is 'strategy', expected 'battle'")
    fails(with_expect(start, cards=[{"card": "greymon", "printed": 80}]), "printed HP is 90, expected 80")
    passes(with_expect(doc, result={"winner": 0}, counters=[{"player": 0, "name": "KO points", "value": 4}]))
    fails(with_expect(doc, counters=[{"player": 0, "name": "KO points", "value": 3}]), "KO points is 4, expected 3")


def test_board_facts_in_arena_score_and_game_over():
    """arena:battle.p4 / arena:battle.p7 (scenario 16): 950 points plus 90 for the Rookie is 1040, and the game ends."""
    doc = shipped("arena/16")
    passes(
        with_expect(
            doc, now={"phase": "game-over", "decision": None}, counters=[{"player": 1, "name": "Score", "value": 1040}]
        )
    )
    fails(with_expect(doc, counters=[{"player": 1, "name": "Score", "value": 950}]), "Score is 1040, expected 950")
    fails(with_expect(doc, now={"phase": "battle"}), "expected 'battle'")


# -- until inside the DMB/DBE End Phase (issue 35, item 5) -----------------------------------------------------------


@pytest.mark.parametrize("game", ["dtector", "arena", "dcg", "dmb", "dbe"])
def test_until_can_stop_in_every_phase_the_turn_map_shows(game: str) -> None:
    """Issue 35 item 5: `until: {phase: X}` is met in every phase X of the game's turn map. The runner checks `until`
    against the same facts (`now_facts`) before every step, so each phase must be the `now` phase between two steps
    of a played game (seeded random games; the first one already shows them all)."""
    from digitutor.core.match import Match
    from digitutor.core.registry import get_game
    from digitutor.scenarios.facts import now_facts, unmet

    wanted = [phase.id for phase in get_game(game).turn_map()]
    met: set[str] = set()
    for seed in (1, 2, 3):
        match = Match(game, seed)
        for _ in range(20_000):
            met |= {phase for phase in wanted if not unmet(now_facts(match), {"phase": phase})}
            if match.advance() is None:
                break
        met |= {phase for phase in wanted if not unmet(now_facts(match), {"phase": phase})}
        if met == set(wanted):
            break
    assert [phase for phase in wanted if phase not in met] == []


def test_until_end_phase_dmb_stops_after_the_battle_before_the_lingering_effects_end():
    """dmb:end-phase.3 ("Remove ALL "lingering" effects, such as Power boosting."), scenario 47: once both attacks are
    dealt (Gabumon 60 - 50 = 10 HP) and nobody is KO'd, the run stops in Player 1's turn-3 End Phase, before step 3."""
    doc = shipped("dmb/47")
    doc["until"], doc["demonstrates"] = {"phase": "end"}, []
    passes(
        with_expect(
            doc,
            now={"turn": 3, "phase": "end", "whose_turn": 0, "decision": None},
            counters=[{"player": 1, "name": "HP", "value": 10}],
        )
    )
    fails(with_expect(doc, cites=["dmb:end-phase.3"]), "no step cites dmb:end-phase.3")
    result = run(with_expect(doc))
    assert result.stopped_at_until
    after = result.match.advance()
    assert getattr(after, "phase", None) == "end" and "Lingering effects end" in getattr(after, "narration", "")


def test_until_end_phase_dbe_stops_after_the_battle_and_on_the_first_turn():
    """dbe:end-phase.1 (End Phase abilities activate now), scenario 22: after both attacks the run stops in the turn-3
    End Phase; dbe:strategy-phase.p1 ("Skip this entire phase during the first turn of the game"): on turn 1 the
    game goes from the skipped Strategy Phase to the End Phase, where the run stops too."""
    doc = shipped("dbe/22")
    doc["until"], doc["demonstrates"] = {"phase": "end"}, []
    passes(
        with_expect(
            doc,
            now={"turn": 3, "phase": "end", "whose_turn": 0},
            counters=[{"player": 0, "name": "HP", "value": 1300}, {"player": 1, "name": "HP", "value": 380}],
        )
    )
    first = shipped("dbe/24")
    first["until"], first["demonstrates"], first["script"] = {"turn": 1, "phase": "end"}, [], first.get("script", [])
    assert run(with_expect(first, now={"turn": 1, "phase": "end"})).stopped_at_until


def test_until_a_later_phase_is_not_met_in_the_battle_phase_while_a_ko_is_to_check():
    """dmb:battle-phase.6.6 ("Player that achieved the KO gains 1 KO point for victory. If a Level M was KO'd, 2 KO
    points are awarded instead."), scenario 39: with WarGreymon at 0 HP the KO check is still to come in the Battle
    Phase; the run stops in the End Phase only after it, with the 2 KO points counted."""
    doc = shipped("dmb/39")
    doc["until"], doc["demonstrates"] = {"phase": "end"}, []
    result = run(
        with_expect(
            doc,
            now={"turn": 3, "phase": "end"},
            cites=["dmb:battle-phase.6.6"],
            counters=[{"player": 0, "name": "KO points", "value": 2}],
        )
    )
    assert result.passed, result.failures


def test_dtector_defend_is_the_decision_whose_answers_are_block_and_no_block():
    """dtector:digi-battle-phase.p1 (scenario 12): after Greymon attacks, the run stops at Player 2's `defend`
    decision (documented in docs/scenarios.md); `block` is no D-Tector decision, so `until: {decision: block}` is
    never reached."""
    doc = shipped("dtector/12")
    doc["script"], doc["until"], doc["demonstrates"] = ["attack:greymon"], {"decision": "defend"}, []
    passes(
        with_expect(
            doc,
            now={"decision": "defend", "deciding": 1},
            why_not=[{"action": "block:agumon", "player": 1, "legal": True}],
        )
    )
    doc["until"] = {"decision": "block"}
    fails(with_expect(doc), "before reaching until")
    text = (ROOT / "docs" / "scenarios.md").read_text(encoding="utf-8")
    assert "`defend` — the defending player's choice, answered `block:<card>` or `no-block`" in text


# -- Attack Power facts, printed and current (issue 35, item 5) -------------------------------------------------------


def test_dmb_boost_raises_every_current_attack_power_until_the_end_phase_removes_it():
    """dmb:glossary.boost ("increase your *current* Power (as a lingering effect)") and dmb:end-phase.3 ("Remove ALL
    "lingering" effects, such as Power boosting."), scenario 47: Agumon's card prints HP 60, Circle 30, Triangle 20,
    Cross 10; Power Charge ("Boost your Power by 20.") makes them 50, 40 and 30 now, while Gabumon's 50 leaves it 10 HP
    and Gabumon's Triangle (20) leaves Agumon 40 HP. In the next turn the boost is gone: Circle is 30 again."""
    doc = shipped("dmb/47")
    doc["until"], doc["demonstrates"] = {"phase": "end"}, []
    printed = {"HP": 60, "Circle": 30, "Triangle": 20, "Cross": 10}
    passes(
        with_expect(
            doc,
            cards=[
                {
                    "card": "agumon",
                    "zone": "active",
                    "printed": printed,
                    "current": {"HP": 40, "Circle": 50, "Triangle": 40, "Cross": 30},
                },
                {"card": "p1.gabumon", "current": {"HP": 10, "Triangle": 20}, "printed": {"HP": 60, "Triangle": 20}},
            ],
        )
    )
    fails(with_expect(doc, cards=[{"card": "agumon", "current": {"Circle": 30}}]), "current Circle is 50, expected 30")
    fails(with_expect(doc, cards=[{"card": "agumon", "printed": {"Circle": 50}}]), "printed Circle is 30, expected 50")
    doc["until"] = {"turn": 4, "phase": "prep"}
    passes(with_expect(doc, cards=[{"card": "agumon", "printed": printed, "current": {"Circle": 30, "Cross": 10}}]))


def test_the_old_card_forms_keep_their_meaning_printed_value_and_stats_are_printed():
    """Scenario 47 at the End Phase: the old forms still read the headline number, HP — `value` now (40), `printed` as
    printed (60), `stats: {HP}` as printed (60) — and `current: 40` is the same as `value: 40`."""
    doc = shipped("dmb/47")
    doc["until"], doc["demonstrates"] = {"phase": "end"}, []
    passes(with_expect(doc, cards=[{"card": "agumon", "value": 40, "printed": 60, "current": 40, "stats": {"HP": 60}}]))
    fails(with_expect(doc, cards=[{"card": "agumon", "current": 60}]), "HP is 40, expected 60")
    fails(with_expect(doc, cards=[{"card": "agumon", "current": {"Power": 50}}]), "current Power is not shown")


def test_dbe_an_abnormal_champion_has_its_current_power_halved_printed_power_unchanged():
    """dbe:anatomy-of-cards.12 ("Level C stats are halved"), scenario 05: Greymon played un-evolved is Abnormal; its
    card prints 1000 HP and Circle 500 (its card), so now it has 500 HP and Circle 250."""
    doc = shipped("dbe/05")
    doc["demonstrates"] = []
    passes(
        with_expect(
            doc,
            cards=[{"card": "greymon", "printed": {"HP": 1000, "Circle": 500}, "current": {"HP": 500, "Circle": 250}}],
        )
    )
    fails(
        with_expect(doc, cards=[{"card": "greymon", "current": {"Circle": 500}}]), "current Circle is 250, expected 500"
    )


# -- one spelling per zone (issue 35, item 5) -------------------------------------------------------------------------


def _egg_board(player_0_key: str) -> dict[str, Any]:
    doc = copy.deepcopy(UNSUSPEND)
    doc["setup"]["board"]["players"][0] = {
        player_0_key if k == "egg_deck" else k: v for k, v in doc["setup"]["board"]["players"][0].items()
    }
    return doc


def test_egg_deck_is_one_spelling_on_boards_and_in_expectations_without_notes():
    """dcg:digi-egg-deck-zone.p1: Player 1's Digi-Egg deck holds the one Digi-Egg the board puts there; `egg_deck` is
    the spelling of a board and of an expectation alike, and a file written so has no note."""
    doc = with_expect(
        _egg_board("egg_deck"),
        board=[{"player": 0, "zone": "egg_deck", "count": 1}],
        cards=[{"card": "st1-01", "zone": "egg_deck"}],
    )
    assert run(doc).passed and parse_scenario(doc, "judge.yaml").notes == ()
    fails(
        with_expect(doc, board=[{"player": 0, "zone": "egg_deck", "count": 2}]), "egg_deck holds 1 card(s), expected 2"
    )
    fails(with_expect(doc, cards=[{"card": "st1-01", "zone": "hand"}]), "is in egg_deck, expected hand")


def test_the_other_zone_spelling_is_read_with_a_one_line_note_never_silently():
    """The view's id `egg-deck`, on a board or in an expectation, is read as `egg_deck`, each place with a note."""
    doc = with_expect(_egg_board("egg-deck"), board=[{"player": 0, "zone": "egg-deck", "count": 1}])
    scenario = parse_scenario(doc, "judge.yaml")
    assert scenario.notes == (
        "note: setup.board.players[0].egg-deck: zone 'egg-deck' is read as egg_deck "
        "(one spelling per zone: write egg_deck)",
        "note: expect.board[0].zone: zone 'egg-deck' is read as egg_deck (one spelling per zone: write egg_deck)",
    )
    assert run_scenario(scenario).passed


def test_scenario_check_prints_the_zone_spelling_note(tmp_path: Path):
    import yaml

    doc = with_expect(_egg_board("egg_deck"), board=[{"player": 0, "zone": "egg-deck", "count": 1}])
    doc["demonstrates"] = []
    path = tmp_path / "spelled.yaml"
    path.write_text(yaml.safe_dump(doc), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "digitutor.cli", "scenario", "check", str(path)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "note: expect.board[0].zone: zone 'egg-deck' is read as egg_deck" in done.stdout


def test_no_shipped_scenario_needs_a_zone_spelling_note():
    from digitutor.scenarios.model import shipped_scenarios

    noted = {scenario.id: scenario.notes for scenario in shipped_scenarios() if scenario.notes}
    assert not noted, noted

"""Boards no legal game reaches are refused, each reason citing its clause; a board may say it is beyond a legal game.

Each test is named after the clause it checks; the expected outcome is written from the rulebook text quoted in
it. A refused board is refused wherever a board is read: the board check (the editor's), a match started from it
(``scenario check``, lessons, saved positions), and a board link (``scenario link`` and ``open``).
"""

from __future__ import annotations

import copy
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from digitutor.core.errors import InputError
from digitutor.core.match import Match
from digitutor.scenarios.boardcheck import check_board
from digitutor.scenarios.boardlink import Board, board_link, inspect_board, read_board_link
from digitutor.scenarios.template import DEFAULT_BOARDS
from digitutor.widgets.editor import check_html
from digitutor.widgets.position import Position, load_match

ROOT = Path(__file__).resolve().parents[1]


def board(game: str, player: int = 0, **zones: Any) -> dict[str, Any]:
    """The template board of ``game`` with Player ``player + 1``'s zones (and the board's own keys) changed."""
    made = copy.deepcopy(DEFAULT_BOARDS[game])
    for key in [key for key in zones if key in ("first", "turn", "phase", "beyond-rules")]:
        made[key] = zones.pop(key)
    made["players"][player].update(zones)
    return made


def cited(game: str, made: dict[str, Any]) -> list[str]:
    """The clause ids of the reasons the board check refuses ``made`` for (empty: the rules can have it)."""
    return [reason.citation.id for reason in check_board(game, made).impossible]


def refused_everywhere(game: str, made: dict[str, Any], clause: str) -> None:
    """Refused with ``clause``, in one line quoting it, by a match, a link and the editor's check alike."""
    with pytest.raises(InputError) as caught:
        Match(game, 1, {"board": made}, ("human", "human"), "board.yaml")
    line = str(caught.value)
    assert "\n" not in line and line.startswith("board.yaml: board: a board the rules cannot have: ")
    assert f'[{clause}: "' in line
    with pytest.raises(InputError, match=clause):
        read_board_link(board_link(Board(game, made)))
    assert inspect_board(Board(game, made)).check.refused
    assert "The rules cannot have this board" in check_html(inspect_board(Board(game, made)))


# -- Digimon Card Game -----------------------------------------------------------------------------------------------
# dcg:digivolving.p2 — "If you have a Digimon in play that matches the required color and level, it can digivolve into
# the Digimon card you have in your hand." dcg:digivolving.p5 — "Place the digivolved Digimon card from your hand onto
# the card that meets its digivolution requirements." A card lies on another only as its digivolution (or by DNA,
# DigiXros).

REQUIREMENTS = "dcg:digivolving.p2"


@pytest.mark.parametrize(
    "where, stack",
    [
        ("breeding", {"breeding": ["st1-01", "st1-11"]}),  # WarGreymon (Lv.6) on Koromon (Digi-Egg)
        ("battle", {"battle": [["st1-03", "st1-11"]]}),  # WarGreymon (Lv.6) directly on Agumon (Lv.3)
        ("battle", {"battle": [["st1-07", "st1-03"]]}),  # upside down: Greymon under Agumon
        ("battle", {"battle": [["st1-03", "st1-07", "st1-09", "st1-09"]]}),  # MetalGreymon under MetalGreymon
        ("breeding", {"breeding": ["st1-01", "st1-01"]}),  # two Digi-Eggs stacked
        ("battle", {"battle": [["st1-03", "st1-12"]]}),  # a Tamer on top of Agumon
        ("battle", {"battle": [["st1-09", "st1-09"]]}),  # a Digimon listed under itself
    ],
)
def test_dcg_digivolving_p2_a_card_lies_only_on_one_that_meets_its_digivolution_requirements(
    where: str, stack: dict
) -> None:
    made = board("dcg", **stack)
    assert cited("dcg", made) == [REQUIREMENTS]
    refused_everywhere("dcg", made, REQUIREMENTS)


@pytest.mark.parametrize(
    "stack",
    [
        {"breeding": ["st1-01", "st1-03", "st1-07"]},  # Koromon → Agumon → Greymon, one at a time
        {"battle": [["st1-01", "st1-03", "st1-07", "st1-09", "st1-11"]]},  # a whole line, from its Digi-Egg
        {"battle": [["st1-07"], ["st1-12"]]},  # a Digimon and a Tamer, each alone
    ],
)
def test_dcg_digivolving_p2_stacks_built_one_digivolution_at_a_time_are_accepted(stack: dict) -> None:
    assert cited("dcg", board("dcg", **stack)) == []


def test_dcg_digivolving_p6_digivolution_cards_trashed_by_an_effect_leave_a_gap_only_under_that_card() -> None:
    # dcg:digivolving.p6 — "Cards placed below a Digimon due to digivolution or card effects become digivolution cards."
    # Myotismon (BT2-079): "[When Attacking] You may trash 1 of this Digimon's digivolution cards." — Devimon trashed
    # from under it leaves Myotismon on the purple Rookie Devimon digivolved from; with no such card, no gap.
    purple_rookie = next(
        card.id for card in _dcg_cards() if card.level == 3 and "purple" in [colour.value for colour in card.colours]
    )
    assert cited("dcg", board("dcg", battle=[[purple_rookie, "bt2-079"]])) == []
    assert cited("dcg", board("dcg", battle=[["st1-03", "st1-11"]])) == [REQUIREMENTS]


def test_dcg_dna_digivolution_diagram_a_dna_card_lies_on_both_stacks() -> None:
    # dcg:dna-digivolution-diagram — the card goes on both Digimon, the left requirement's stack on top of the right
    # one's: ExVeemon's stack (Veemon, ExVeemon) on Stingmon's (Palmon, Stingmon), Paildramon on top
    assert cited("dcg", board("dcg", battle=[["st4-02", "st9-04", "st9-02", "st9-03", "st9-05"]])) == []


def test_dcg_digixros_materials_lie_under_the_card_in_any_order() -> None:
    # dcg:digixros — the cards placed under a DigiXros card come from its requirements, in the order placed
    assert cited("dcg", board("dcg", battle=[["bt7-008", "bt7-008", "bt7-012"]])) == []


def test_dcg_breeding_area_p2_a_digimon_in_the_breeding_area_is_never_suspended() -> None:
    # dcg:breeding-area.p2 — "Digimon in the breeding area can't activate any effects, and unless an effect is
    # specifically meant to affect Digimon in the breeding area, they are not affected by effects from other cards."
    # A Digimon is suspended by attacking (dcg:attacking.p3) or blocking from the battle area, or by an effect.
    made = board("dcg", breeding={"stack": ["st1-01", "st1-03"], "suspended": True})
    assert cited("dcg", made) == ["dcg:breeding-area.p2"]
    refused_everywhere("dcg", made, "dcg:breeding-area.p2")


def test_dcg_paying_memory_costs_p2_turns_alternate_from_the_player_who_goes_first() -> None:
    # dcg:paying-memory-costs.p2 — "your turn ends and it becomes your opponent's turn": turns alternate, so the player
    # who goes first (dcg:game-flow.p1) has turns 1, 3, 5 ...
    made = board("dcg", first=0, turn=4)  # Player 1 went first and it is Player 1's turn 4
    assert cited("dcg", made) == ["dcg:paying-memory-costs.p2"]
    refused_everywhere("dcg", made, "dcg:paying-memory-costs.p2")
    assert cited("dcg", board("dcg", first=1, turn=4)) == []
    unsaid = board("dcg", turn=4)
    del unsaid["first"]  # who went first left out: it follows from the turn
    assert cited("dcg", unsaid) == []


# -- Digimon Battles and Digimon Battle Evolution --------------------------------------------------------------------
# <game>:prep-phase.turn.4 — "Play new Digimon: If active zone is empty, turn player plays an R, C or U from hand"


@pytest.mark.parametrize("game, mega", [("dmb", "wargreymon"), ("dbe", "wargreymon")])
def test_prep_phase_turn_4_a_lone_mega_is_never_the_active_digimon(game: str, mega: str) -> None:
    made = board(game, active=[mega])
    assert cited(game, made) == [f"{game}:prep-phase.turn.4"]
    refused_everywhere(game, made, f"{game}:prep-phase.turn.4")


@pytest.mark.parametrize("game, option", [("dmb", "power-charge"), ("dbe", "attack-chip")])
def test_prep_phase_turn_4_an_option_card_is_never_in_the_active_zone(game: str, option: str) -> None:
    made = board(game, active=[option])
    assert cited(game, made) == [f"{game}:prep-phase.turn.4"]
    refused_everywhere(game, made, f"{game}:prep-phase.turn.4")


@pytest.mark.parametrize("game", ["dmb", "dbe"])
def test_prep_phase_turn_4_2_only_an_unevolved_champion_or_ultimate_is_abnormal(game: str) -> None:
    # <game>:prep-phase.turn.4.2 — "Playing an un-evolved Level C or U changes to “Abnormal” status."
    made = board(game, active=["agumon"], abnormal=True)
    assert cited(game, made) == [f"{game}:prep-phase.turn.4.2"]
    refused_everywhere(game, made, f"{game}:prep-phase.turn.4.2")
    champion = "greymon"
    assert cited(game, board(game, active=[champion], abnormal=True)) == []


def test_dmb_evolution_phase_requirements_2_an_active_zone_is_a_line_of_evolutions() -> None:
    # dmb:evolution-phase.requirements.2-4 — "The level progression must be R -> C -> U -> M." "The type (color) must be
    # the same OR:" "Instead, if the new Digimon contains the previous Digimon’s in its evolution box, ignore *type* and
    # *level* but not DP." One Evolve card is played per turn (dmb:evolution-phase.4), so Warp Code ("ignoring the level
    # progression") and Type Bridge ("ignoring the type requirement") never both help one evolution.
    made = board("dmb", active=["tyrannomon", "ikkakumon"])  # Ice Ikkakumon (C) on Fire Tyrannomon (C): neither
    assert cited("dmb", made) == ["dmb:evolution-phase.requirements.2"]
    refused_everywhere("dmb", made, "dmb:evolution-phase.requirements.2")
    assert cited("dmb", board("dmb", active=["agumon", "greymon", "metalgreymon"])) == []  # R -> C -> U, one type
    assert cited("dmb", board("dmb", active=["agumon", "garurumon"])) == []  # R -> C of another type: Type Bridge
    # the rules reach these: Warp Code ignores the level (same type), and Rookie Rescue ("Place a Level R Digimon from
    # your trash under your Digimon.") puts a Rookie under the active one
    assert cited("dmb", board("dmb", active=["agumon", "agumon"])) == []
    assert cited("dmb", board("dmb", active=["greymon", "agumon"])) == []
    assert cited("dmb", board("dmb", active=["agumon", "gabumon", "greymon"])) == []
    assert cited("dmb", board("dmb", active=["agumon", "gabumon"])) == []  # Gabumon played, Agumon put under it
    assert cited("dmb", board("dmb", active=["greymon", "metalgarurumon"])) == ["dmb:evolution-phase.requirements.2"]


def test_dbe_evolution_phase_5_1_2_2_evolving_ignoring_the_level_may_go_to_the_same_or_a_lower_level() -> None:
    # dbe:evolution-phase.5.1.2.2 — "When “ignoring level”, Digimon may evolve backward (to a lower level, e.g.
    # C -> R), to the same level (C -> C) or to any other higher level that’s allowed by the effect (C -> M)."
    # (Download ignores type, level and DP): such active zones are reached, and accepted
    for active in (["agumon", "agumon"], ["greymon", "agumon"], ["agumon", "wormmon"]):
        assert cited("dbe", board("dbe", active=active)) == [], active


def test_dbe_glossary_flatten_flat_4_flat_tokens_lie_in_front_of_an_active_digimon() -> None:
    # dbe:glossary.flatten-flat — "add a token representing 1 instance of Flat in front of their active."
    # dbe:glossary.flatten-flat.4 — "The only time they are removed by default is when it is KO’d."
    made = board("dbe", phase="prep", active=[], flats=2)
    assert cited("dbe", made) == ["dbe:glossary.flatten-flat.4"]
    refused_everywhere("dbe", made, "dbe:glossary.flatten-flat.4")


def test_dbe_strategy_phase_p1_the_first_turn_has_no_strategy_phase() -> None:
    # dbe:strategy-phase.p1 — "Skip this entire phase during the first turn of the game."
    made = board("dbe", turn=1)
    assert cited("dbe", made) == ["dbe:strategy-phase.p1"]
    refused_everywhere("dbe", made, "dbe:strategy-phase.p1")
    assert cited("dbe", board("dbe", turn=1, phase="evolution")) == []
    assert cited("dmb", board("dmb", turn=1)) == []  # DMB's Strategy Phase has no such line


# -- D-Tector and Arena ----------------------------------------------------------------------------------------------


def test_dtector_digivolve_phase_p1_a_d_dock_stack_goes_one_level_up_as_the_card_says() -> None:
    # dtector:digivolve-phase.p1 — "The players may follow the Special Effects of the card and digivolve it to a higher
    # level at this time (Rookie to Champion to Ultimate to Mega)."
    made = board("dtector", d_dock=[["agumon", "agumon"]])  # a Digimon listed under itself
    assert set(cited("dtector", made)) == {"dtector:digivolve-phase.p1"}
    refused_everywhere("dtector", made, "dtector:digivolve-phase.p1")
    assert cited("dtector", board("dtector", d_dock=[["agumon", "metalgreymon"]]))  # Champion skipped
    assert cited("dtector", board("dtector", d_dock=[["agumon", "greymon", "metalgreymon"]])) == []


def test_arena_digivolve_p1_a_duel_zone_card_shows_the_one_under_it_in_its_box() -> None:
    # arena:digivolve.p1 — "if they have a card that Digivolves their Digimon to the next level ... The new next-level
    # card must show the name of the Digimon currently on the Duel Zone in its Digivolve Requirements box"
    made = board("arena", duel_zone=["palmon", "greymon"])  # Greymon's box shows Agumon
    assert cited("arena", made) == ["arena:digivolve.p1"]
    refused_everywhere("arena", made, "arena:digivolve.p1")
    assert cited("arena", board("arena", duel_zone=["agumon", "agumon"])) == ["arena:digivolve.p1"]  # under itself
    assert cited("arena", board("arena", duel_zone=["agumon", "greymon"])) == []


def test_arena_digivolve_p6_one_level_per_duel() -> None:
    # arena:digivolve.p6 — "You may Digivolve only one level per Duel."
    assert cited("arena", board("arena", duel_zone=["agumon", "metalgreymon"])) == ["arena:digivolve.p6"]


# -- A board beyond a legal game, as it says -------------------------------------------------------------------------

WHY = "Biyomon stands in for a purple Rookie with an inherited [When Attacking] effect."


def test_a_board_that_says_it_is_beyond_a_legal_game_is_accepted_with_its_reason_kept() -> None:
    made = board("dcg", battle=[["st1-02", "bt2-074"]])
    assert cited("dcg", made) == [REQUIREMENTS]
    made["beyond-rules"] = WHY
    check = check_board("dcg", made)
    assert check.beyond_rules == WHY and not check.refused
    assert [reason.citation.id for reason in check.impossible] == [REQUIREMENTS]
    Match("dcg", 1, {"board": made}, ("human", "human"))  # plays
    assert read_board_link(board_link(Board("dcg", made))).board["beyond-rules"] == WHY  # the link keeps it
    shown = check_html(inspect_board(Board("dcg", made)))
    assert "Beyond a legal game, as the board says" in shown and "purple Rookie" in shown and "digivolving.p2" in shown


@pytest.mark.parametrize("value", ["", "   ", 7, ["a"], "x" * 501])
def test_a_beyond_rules_that_is_not_a_short_text_is_one_line(value: Any) -> None:
    with pytest.raises(InputError, match=r"setup\.board\.beyond-rules: expected a text of 1 to 500 characters"):
        Match("dcg", 1, {"board": {**DEFAULT_BOARDS["dcg"], "beyond-rules": value}}, ("human", "human"))


def test_a_saved_position_of_an_impossible_board_is_refused() -> None:
    saved = Match("dcg", 1, {"board": board("dcg")}, ("human", "human")).save()
    saved["setup"] = {"board": board("dcg", battle=[["st1-07", "st1-03"]])}  # as a forged or old position holds it
    with pytest.raises(InputError, match=REQUIREMENTS):
        load_match(Position("rulings", "free", saved))


def test_scenario_check_refuses_an_impossible_board_and_notes_one_beyond_a_legal_deck(tmp_path: Path) -> None:
    def check(setup_board: dict[str, Any]) -> subprocess.CompletedProcess[str]:
        path = tmp_path / "s.yaml"
        doc = {"game": "dcg", "title": "t", "demonstrates": [], "setup": {"board": setup_board}, "script": []}
        path.write_text(yaml.safe_dump(doc))
        return subprocess.run(
            [sys.executable, "-m", "digitutor.cli", "scenario", "check", str(path)],
            capture_output=True,
            text=True,
            cwd=ROOT,
            timeout=120,
        )

    refused = check(board("dcg", battle=[["st1-07", "st1-03"]]))
    assert refused.returncode == 2 and len(refused.stderr.strip().splitlines()) == 1
    assert f'[{REQUIREMENTS}: "If you have a Digimon in play' in refused.stderr
    copies = check(board("dcg", deck=["st1-03"] * 8))
    assert copies.returncode == 0 and "note: beyond a legal deck: Player 1 has 11 copies of ST1-03" in copies.stdout
    assert '[dcg:decks.required-items.b1: "' in copies.stdout


def _dcg_cards() -> list[Any]:
    from digitutor.core.registry import get_game

    return list(get_game("dcg").plugs.cards().values())


def test_a_lesson_whose_board_is_beyond_a_legal_game_tells_the_learner_why() -> None:
    from digitutor.lessons.model import load_lesson
    from digitutor.widgets.tutor import beyond_rules_html

    lesson = load_lesson(ROOT / "cards" / "dcg" / "lessons" / "17-an-effect-cancelled-and-an-ace-in-security.yaml")
    assert "Beyond a legal game:</b> Biyomon (red) lies under Devimon" in beyond_rules_html(lesson)
    assert beyond_rules_html(load_lesson(ROOT / "cards" / "dcg" / "lessons" / "02-memory.yaml")) == ""


def test_scenario_link_and_open_note_copies_beyond_a_legal_deck_too(tmp_path: Path) -> None:
    # dcg:decks.required-items.b1 — "A deck can contain no more than four copies of cards with the same card number."
    path = tmp_path / "board.yaml"
    path.write_text(yaml.safe_dump({"game": "dcg", "board": board("dcg", deck=["st1-03"] * 8)}))

    def cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
        command = [sys.executable, "-m", "digitutor.cli", "scenario", *args]
        return subprocess.run(command, capture_output=True, text=True, cwd=ROOT, timeout=120, input=stdin)

    linked = cli("link", str(path))
    note = "note: beyond a legal deck: Player 1 has 11 copies of ST1-03; at most 4."
    assert linked.returncode == 0 and note in linked.stderr and '[dcg:decks.required-items.b1: "' in linked.stderr
    link = linked.stdout.strip().rpartition("?board=")[2]
    opened = cli("open", "-", stdin=link)
    assert opened.returncode == 0 and note in opened.stderr

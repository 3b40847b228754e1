"""Board links (``?board=db1.…``) and the board check: the codec, hostile links, boards the rules cannot have, the CLI.

Expected reasons come from the rulebooks' text (each test names the clause); a hostile link must end
in one line of error, quickly, whatever it holds.
"""

from __future__ import annotations

import base64
import json
import subprocess
import sys
import time
import zlib
from pathlib import Path
from typing import Any

import pytest
import yaml

from digitutor.core.errors import InputError
from digitutor.scenarios.boardcheck import check_board
from digitutor.scenarios.boardlink import (
    LINK_PREFIX,
    MAX_CARDS,
    Board,
    board_from_file_doc,
    board_link,
    read_board_link,
    scenario_doc,
    scenario_text,
)
from digitutor.scenarios.model import parse_scenario, shipped_scenarios
from digitutor.scenarios.runner import run_scenario
from digitutor.scenarios.template import DEFAULT_BOARDS

ROOT = Path(__file__).resolve().parents[1]
BLOCKER = ROOT / "cards" / "dcg" / "scenarios" / "92-a-suspended-blocker-cannot-block.yaml"


def token(doc: Any, text: str | None = None) -> str:
    """A db1 link holding ``doc`` as JSON (or ``text`` as it is): what a forger would send."""
    raw = (text if text is not None else json.dumps(doc, separators=(",", ":"))).encode("utf-8")
    return LINK_PREFIX + base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode("ascii").rstrip("=")


def refused(link: Any) -> str:
    """The one-line error a link gets (and it must come fast)."""
    start = time.process_time()
    with pytest.raises(InputError) as caught:
        read_board_link(link)
    assert time.process_time() - start < 5
    message = str(caught.value)
    assert "\n" not in message and len(message) < 1500
    return message


# -- The codec ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", sorted(DEFAULT_BOARDS))
def test_a_board_link_opens_the_same_board(game: str) -> None:
    board = Board(game, DEFAULT_BOARDS[game], "Can my Digimon attack?", "Yes.")
    link = board_link(board)
    assert link.startswith(LINK_PREFIX) and all(c.isalnum() or c in "-_." for c in link)
    assert read_board_link(link) == board
    assert read_board_link(f"https://example.org/voila/render/rulings.ipynb?board={link}&x=1") == board


def test_every_shipped_board_travels_as_a_link() -> None:
    boards = [(s.game, s.setup["board"]) for s in shipped_scenarios() if isinstance(s.setup.get("board"), dict)]
    assert len({game for game, _ in boards}) == 5
    for game, board in boards:
        assert read_board_link(board_link(Board(game, board))).board == board


def test_a_later_format_is_refused_naming_the_form_this_version_reads() -> None:
    message = refused("db2.eNqrVkrPz0_PSVWyUlAqSS0uUaoFADrEBgs")
    assert "db2" in message and LINK_PREFIX in message


def test_a_position_link_is_not_a_board_link() -> None:
    assert "position link" in refused("dt1.eNqrVkrPz0_PSVWyUlAqSS0uUaoFADrEBgs")


# -- Hostile links -----------------------------------------------------------------------------------------------


def test_an_oversized_link_is_refused_before_it_is_decoded() -> None:
    assert "too long" in refused(LINK_PREFIX + "A" * 1_000_000)


def test_a_zip_bomb_never_expands() -> None:
    bomb = LINK_PREFIX + base64.urlsafe_b64encode(zlib.compress(b" " * 10_000_000, 9)).decode("ascii")
    assert "too large" in refused(bomb)


@pytest.mark.parametrize("depth", [60, 40_000])
def test_deep_nesting_is_refused(depth: int) -> None:
    assert "nested too deeply" in refused(
        token(None, '{"game":"dcg","board":{"players":' + "[" * depth + "]" * depth + "}}")
    )


def test_a_board_of_ten_thousand_cards_is_refused_fast() -> None:
    doc = {"game": "dcg", "board": {"players": [{"deck": ["st1-03"] * 10_000}, {}]}}
    assert f"at most {MAX_CARDS}" in refused(token(doc))


@pytest.mark.parametrize(
    "doc, field",
    [
        ([1, 2], "expected a mapping"),
        ({"game": 5, "board": {}}, "game"),
        ({"game": "chess", "board": {}}, "game"),
        ({"game": "dcg", "board": ["x"]}, "board"),
        ({"game": "dcg", "board": {}, "question": 7}, "question"),
        ({"game": "dcg", "board": {}, "eval": "os.system"}, "unknown field"),
        ({"game": "dcg", "board": {"players": "both"}}, "players"),
        ({"game": "dcg", "board": {"turn": 10**40, "players": [{}, {}]}}, "41 digits"),
        ({"game": "dcg", "board": {"phase": ["main"], "players": [{}, {}]}}, "phase"),
        ({"game": "dtector", "board": {"players": [{"hand": "agumon"}, {}]}}, "hand"),
    ],
)
def test_wrong_types_get_one_line_naming_the_field(doc: Any, field: str) -> None:
    assert field in refused(token(doc))


def test_not_json_is_refused() -> None:
    assert "not a digitutor board" in refused(token(None, "game: dcg\nboard: {}"))
    assert "cut off or changed" in refused(LINK_PREFIX + "eNqrVk")
    assert "expected a board link" in refused(None)


def test_an_unknown_card_is_named_with_the_closest_cards() -> None:
    message = refused(token({"game": "dcg", "board": {"players": [{"hand": ["st1-3"]}, {}]}}))
    assert "unknown card 'st1-3'" in message and "closest: " in message and "st1-03" in message
    message = refused(token({"game": "dtector", "board": {"players": [{"hand": ["agumn"]}, {}]}}))
    assert "players[0].hand[0]" in message and "agumon" in message


# -- Boards the rules cannot have --------------------------------------------------------------------------------


def dcg_board(**sides: Any) -> dict[str, Any]:
    return {"phase": "main", "turn": 3, "memory": 3, "players": [sides, {"deck": ["st2-03"]}]}


def test_dcg_memory_beyond_ten_cites_the_limit() -> None:
    # dcg:paying-memory-costs.p4 — "Neither player can have more than 10 memory."
    check = check_board("dcg", {**dcg_board(), "memory": 11})
    assert [r.citation.id for r in check.impossible] == ["dcg:paying-memory-costs.p4"]
    assert "cannot have" in refused(token({"game": "dcg", "board": {**dcg_board(), "memory": -12}}))


def test_dcg_every_reason_not_the_first() -> None:
    # a Digi-Egg on top in the battle area (no DP: dcg:movable-to-battle-areas.p2), an Option card there
    # (dcg:using-option-cards.p3: trashed once used), a Tamer in the breeding area (dcg:hatch-a-digi-egg.p2),
    # a Token in the hand (dcg:tokens.b5)
    board = dcg_board(battle=["st1-01", "st1-16"], breeding="st1-12", hand=["token-goblimon"])
    check = check_board("dcg", board)
    cited = [r.citation.id for r in check.impossible]
    assert cited == [
        "dcg:movable-to-battle-areas.p2",
        "dcg:using-option-cards.p3",
        "dcg:hatch-a-digi-egg.p2",
        "dcg:tokens.b5",
    ]
    message = refused(token({"game": "dcg", "board": board}))
    assert message.count("[dcg:") == 4


def test_dcg_a_digi_egg_stack_in_the_breeding_area_is_fine() -> None:
    board = dcg_board(breeding=["st1-01", "st1-02"], battle=[{"stack": ["st1-03"], "suspended": True}])
    assert check_board("dcg", board).impossible == ()


def test_copies_beyond_a_deck_are_notes_not_refusals() -> None:
    # dcg:decks.required-items.b1 — "no more than four copies of cards with the same card number"
    board = dcg_board(deck=["st1-03"] * 5)
    check = check_board("dcg", board)
    assert not check.refused
    assert [r.citation.id for r in check.beyond_decks] == ["dcg:decks.required-items.b1"]
    read_board_link(
        token({"game": "dcg", "board": board})
    )  # laid out: a filler deck is how scenarios stand for unseen cards


def test_arena_every_card_of_a_deck_is_unique() -> None:
    # arena Setup: "Each player plays with preconstructed 30 card decks with all
    # unique cards within their individual decks."
    board = {
        "phase": "battle",
        "first": 0,
        "players": [
            {"duel_zone": ["palmon"], "online": ["palmon", "hawkmon"]},
            {"duel_zone": ["gabumon"], "online": ["agumon"]},
        ],
    }
    check = check_board("arena", board)
    assert [r.citation.quote for r in check.beyond_decks] and "Palmon" in check.beyond_decks[0].why
    assert "all unique cards" in check.beyond_decks[0].citation.quote


def test_dtector_more_cards_than_a_deck() -> None:
    # dtector:game-requirements.p1 — "A 50-Card Deck for each player."
    board = {"phase": "battle-call", "players": [{"deck": ["agumon"] * 51}, {"deck": ["agumon"]}]}
    assert [r.citation.id for r in check_board("dtector", board).beyond_decks] == ["dtector:game-requirements.p1"]


# -- Scenario files from boards ----------------------------------------------------------------------------------


@pytest.mark.parametrize("game", sorted(DEFAULT_BOARDS))
def test_an_opened_link_is_a_scenario_that_passes(game: str) -> None:
    board = read_board_link(board_link(Board(game, DEFAULT_BOARDS[game], "What happens next?", "Nothing yet.")))
    doc = scenario_doc(board)
    assert doc["title"] == "What happens next?" and doc["explains"] == "Nothing yet."
    run = run_scenario(parse_scenario(yaml.safe_load(scenario_text(board)), f"{game}.yaml"))
    assert run.passed, run.failures


def test_a_scenario_file_gives_its_board_and_its_title_as_the_question() -> None:
    doc = yaml.safe_load(BLOCKER.read_text())
    board = board_from_file_doc(doc, str(BLOCKER))
    assert board.board == doc["setup"]["board"] and board.question == doc["title"]
    with pytest.raises(InputError, match=r"setup.board"):
        board_from_file_doc({**doc, "setup": {"decks": "tutorial"}}, "x.yaml")


# -- The command line --------------------------------------------------------------------------------------------


def cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "digitutor.cli", *args],
        capture_output=True,
        text=True,
        input=stdin,
        cwd=ROOT,
        timeout=60,
    )


def test_cli_link_then_open_writes_a_scenario_that_checks(tmp_path: Path) -> None:
    linked = cli("scenario", "link", str(BLOCKER))
    assert linked.returncode == 0 and linked.stdout.startswith(f"?board={LINK_PREFIX}")
    out = tmp_path / "blocker.yaml"
    opened = cli("scenario", "open", linked.stdout.strip(), "--out", str(out))
    assert opened.returncode == 0, opened.stderr
    checked = cli("scenario", "check", str(out))
    assert checked.returncode == 0 and "1 passed" in checked.stdout
    assert cli("scenario", "open", "-", stdin=linked.stdout).stdout.startswith("# A dcg board")


@pytest.mark.parametrize(
    "link",
    [
        "db9.abc",
        "dt1.abc",
        "nonsense",
        LINK_PREFIX + "A" * 30_000,
        token({"game": "dcg", "board": {"players": [{"deck": ["st1-03"] * 10_000}, {}]}}),
        token({"game": "dcg", "board": {"players": [{"hand": ["nope"]}, {}]}}),
    ],
)
def test_cli_open_bad_links_exit_2_with_one_line_and_no_file(tmp_path: Path, link: str) -> None:
    out = tmp_path / "never.yaml"
    opened = cli("scenario", "open", link, "--out", str(out))
    assert opened.returncode == 2 and opened.stdout == ""
    assert opened.stderr.count("\n") == 1 and opened.stderr.startswith("digitutor: error: ")
    assert not out.exists() and list(tmp_path.iterdir()) == []


def test_cli_link_refuses_a_file_without_a_board(tmp_path: Path) -> None:
    decks = tmp_path / "decks.yaml"
    decks.write_text("game: dcg\ntitle: x\ndemonstrates: []\nsetup: {decks: tutorial}\n")
    linked = cli("scenario", "link", str(decks))
    assert linked.returncode == 2 and "setup.board" in linked.stderr


@pytest.mark.parametrize("game", ["dmb", "dbe"])
def test_four_ko_points_means_the_game_is_over(game: str) -> None:
    # <game>:battle-phase.7 — "If a player has 4 KO points (or more), they win!"
    board = {
        **DEFAULT_BOARDS[game],
        "players": [{**DEFAULT_BOARDS[game]["players"][0], "ko_points": 4}, DEFAULT_BOARDS[game]["players"][1]],
    }
    assert [r.citation.id for r in check_board(game, board).impossible] == [f"{game}:battle-phase.7"]
    assert f'[{game}:battle-phase.7: "' in refused(token({"game": game, "board": board}))


# -- A game in progress as a board -------------------------------------------------------------------------------

#: zones a board has no place for, and where their cards go (None: removed from the game, left out): a Battle Call
#: card back to the hand, a Support Phase's Supports back to the hand (the board starts at its Strategy Phase), cards
#: looked at or set aside before the game back on the deck
MOVED = {
    ("dtector", "battle-call"): "hand",
    ("dmb", "support"): "hand",
    ("dbe", "support"): "hand",
    ("dbe", "evolve-zone"): "hand",
    ("dbe", "side-pile"): "deck",
    ("dbe", "kept"): "deck",
    ("dbe", "looking"): "deck",
    ("dmb", "looking"): "deck",
    ("dmb", "deleted"): None,
    ("dbe", "deleted"): None,
}


def zone_cards(game: str, state: Any) -> dict[tuple[str, int | None], list[str]]:
    from digitutor.core.registry import get_game

    found: dict[tuple[str, int | None], list[str]] = {}
    for zone, owner, uids in get_game(game).zones(state):
        where = MOVED.get((game, zone), zone)
        if where is not None:
            found.setdefault((where, owner), []).extend(state.instances.cards[uid].id for uid in uids)
    return {key: sorted(cards) for key, cards in found.items() if cards}


@pytest.mark.parametrize("game", sorted(DEFAULT_BOARDS))
def test_a_game_in_progress_becomes_a_board_with_the_same_cards_in_the_same_zones(game: str) -> None:
    from digitutor.core.match import Match
    from digitutor.core.registry import get_game
    from digitutor.scenarios.boardstate import board_from_state

    for seed in (1, 2):
        match = Match(game, seed, None, ("random", "random"))
        for steps in (15, 40, 90):
            while len(match.steps) < steps and not match.over and match.advance() is not None:
                pass
            if match.over:
                break
            board = board_from_state(game, match.state)
            laid = get_game(game).new_state({"board": board}, "board")
            assert zone_cards(game, laid) == zone_cards(game, match.state), (seed, steps)
            assert not check_board(game, board, laid).impossible


def test_an_arena_game_still_in_setup_is_not_a_board_yet() -> None:
    from digitutor.core.match import Match
    from digitutor.scenarios.boardstate import board_from_state

    with pytest.raises(InputError, match="still in Setup"):
        board_from_state("arena", Match("arena", 1, None, ("random", "random")).state)

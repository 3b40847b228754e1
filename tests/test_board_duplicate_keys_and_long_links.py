"""Nothing taken silently (issue 35, item 4): a key written twice in a scenario or board file, in a ``?board=`` link's
JSON or in a saved position is refused in one line naming the key (YAML and JSON would keep the last one); a link or
an address too long is one line, however it arrives.
"""

from __future__ import annotations

import base64
import json
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

from digitutor.core.errors import InputError
from digitutor.core.yamlio import parse_yaml
from digitutor.scenarios.boardlink import LINK_PREFIX, MAX_LINK, board_link, read_board_link
from digitutor.scenarios.model import parse_scenario
from digitutor.widgets.position import read_position

ROOT = Path(__file__).resolve().parents[1]
BLOCKER = ROOT / "cards" / "dcg" / "scenarios" / "92-a-suspended-blocker-cannot-block.yaml"


def cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "digitutor.cli", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )


def packed(raw: str) -> str:
    return LINK_PREFIX + base64.urlsafe_b64encode(zlib.compress(raw.encode("utf-8"), 9)).decode("ascii").rstrip("=")


def test_a_scenario_file_with_a_key_written_twice_is_refused_naming_the_key_and_line() -> None:
    with pytest.raises(InputError) as refused:
        parse_yaml("game: dcg\ntitle: t\nseed: 1\nseed: 2\n", "judge.yaml")
    assert str(refused.value) == "judge.yaml: line 4: malformed YAML: duplicate key 'seed': write each key once"


def test_a_key_written_twice_deep_in_a_board_is_refused_too() -> None:
    text = "game: dcg\ntitle: t\nsetup:\n  board:\n    players:\n      - {deck: [st1-02], deck: [st1-03]}\n      - {}\n"
    with pytest.raises(InputError, match=r"line 6: .*duplicate key 'deck'"):
        parse_yaml(text, "board.yaml")


def test_scenario_check_refuses_a_file_with_a_duplicate_key_in_one_line_exit_2(tmp_path: Path) -> None:
    text = BLOCKER.read_text(encoding="utf-8") + "seed: 1\nseed: 3\n"
    bad = tmp_path / "twice.yaml"
    bad.write_text(text, encoding="utf-8")
    done = cli("scenario", "check", str(bad))
    assert done.returncode == 2
    assert done.stderr.strip().count("\n") == 0 and "duplicate key 'seed'" in done.stderr, done.stderr
    assert "Traceback" not in done.stderr


def test_distinct_keys_and_repeated_values_still_load() -> None:
    doc = parse_yaml("a: 1\nb: 1\nc: {a: 1}\nd: [{a: 1}, {a: 2}]\n", "ok.yaml")
    assert doc == {"a": 1, "b": 1, "c": {"a": 1}, "d": [{"a": 1}, {"a": 2}]}
    parse_scenario(parse_yaml(BLOCKER.read_text(encoding="utf-8"), str(BLOCKER)), str(BLOCKER))


def test_a_board_link_whose_json_writes_a_key_twice_is_refused_naming_the_key() -> None:
    raw = '{"game": "dcg", "board": {"phase": "main", "phase": "breeding", "players": [{}, {}]}}'
    with pytest.raises(InputError) as refused:
        read_board_link(packed(raw))
    assert str(refused.value) == "board link: the link's JSON has a duplicate key 'phase': write each key once"
    with pytest.raises(InputError, match="duplicate key 'game'"):
        read_board_link(packed('{"game": "dcg", "game": "dmb", "board": {}}'))


def test_a_shared_link_still_opens() -> None:
    board = read_board_link(packed('{"game": "dcg", "board": {"phase": "main", "players": [{}, {}]}}'))
    assert read_board_link(board_link(board)).board == board.board


def test_a_saved_position_whose_json_writes_a_key_twice_is_refused_naming_the_key() -> None:
    with pytest.raises(InputError, match="duplicate key 'step'"):
        read_position(json.dumps({"format": "x"})[:-1] + ', "step": 1, "step": 2}')


def test_scenario_open_refuses_a_200_kb_address_from_stdin_as_too_long_in_one_line() -> None:
    address = "https://example.org/voila/render/rulings.ipynb?board=" + LINK_PREFIX + "A" * 200_000
    done = cli("scenario", "open", "-", stdin=address)
    assert done.returncode == 2
    assert done.stderr.strip().count("\n") == 0 and "the link is too long" in done.stderr, done.stderr


def test_a_long_address_around_a_short_enough_link_is_still_measured_by_its_link() -> None:
    address = "https://example.org/rulings.ipynb?board=" + LINK_PREFIX + "A" * (MAX_LINK + 1)
    with pytest.raises(InputError, match=r"too long \(20,005 characters; a board link is at most 20,000\)"):
        read_board_link(address)


def test_a_board_link_or_board_file_reads_the_other_zone_spelling_with_a_note(tmp_path: Path) -> None:
    """One spelling per zone (issue 35, item 5): `egg-deck` in a board file is read as `egg_deck`, the link holds the
    documented spelling, and `scenario link` prints the note on stderr."""
    doc = {
        "game": "dcg",
        "board": {
            "phase": "main",
            "active": 0,
            "turn": 5,
            "memory": 2,
            "players": [
                {"deck": ["st1-02"] * 3, "security": ["st1-03"] * 3, "egg-deck": ["st1-01"], "battle": ["st1-05"]},
                {"deck": ["st2-02"] * 3, "security": ["st2-03"] * 3},
            ],
        },
    }
    board = read_board_link(packed(json.dumps(doc)))
    assert board.board["players"][0]["egg_deck"] == ["st1-01"] and "egg-deck" not in board.board["players"][0]
    assert board.notes == (
        "note: setup.board.players[0].egg-deck: zone 'egg-deck' is read as egg_deck "
        "(one spelling per zone: write egg_deck)",
    )
    path = tmp_path / "board.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    done = cli("scenario", "link", str(path))
    assert done.returncode == 0 and "zone 'egg-deck' is read as egg_deck" in done.stderr, done.stderr
    assert read_board_link(done.stdout.strip()).notes == ()

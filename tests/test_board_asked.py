"""A board link keeps the "why not?" the judge asked (issue 35 items 3 and 4): ``asked`` is read field by field, and
``scenario open`` writes it as a ``why_not`` expectation that ``scenario check`` passes."""

from __future__ import annotations

import pytest
import yaml

from digitutor.core.errors import InputError
from digitutor.scenarios.boardlink import Board, board_link, read_board_link, scenario_text
from digitutor.scenarios.model import parse_scenario
from digitutor.scenarios.runner import run_scenario

#: Birdramon (ST1-05) against an unsuspended Ikkakumon (ST2-07), turn 3 (Player 1's main phase)
BOARD = {
    "turn": 3,
    "players": [
        {"battle": ["st1-05"], "deck": ["st1-02"] * 3, "security": ["st1-02"] * 3},
        {"battle": ["st2-07"], "deck": ["st2-02"] * 3, "security": ["st2-02"] * 3},
    ],
}


def test_a_link_keeps_the_question_and_the_file_asks_it_where_it_was_asked() -> None:
    asked = {"action": "attack:st1-05:st2-07", "player": 0, "words": "Attack Ikkakumon with Birdramon"}
    board = read_board_link(board_link(Board("dcg", BOARD, "Can Birdramon attack Ikkakumon?", asked=asked)))
    assert board.asked == asked
    doc = yaml.safe_load(scenario_text(board))
    # dcg:attacking.p2: "You can either target one of your opponent's suspended Digimon in their battle area, or the
    # opposing player."
    assert doc["expect"]["why_not"] == [
        {
            "action": "attack:st1-05:st2-07",
            "player": 0,
            "ask": "Can Birdramon attack Ikkakumon?",
            "legal": False,
            "cites": ["dcg:attacking.p2"],
        }
    ]
    assert doc["demonstrates"] == ["dcg:attacking.p2"] and doc["script"] == []
    assert run_scenario(parse_scenario(doc, "opened.yaml")).passed


@pytest.mark.parametrize(
    ("asked", "field"),
    [
        ({"action": "attack", "player": 0, "why": "x"}, "asked.why"),
        ({"action": "", "player": 0}, "asked.action"),
        ({"action": "attack", "player": 2}, "asked.player"),
        ({"action": "attack", "player": True}, "asked.player"),
        ({"action": "attack", "player": 0, "script": ["pass"] * 501}, "asked.script"),
        ({"action": "attack", "player": 0, "script": [1]}, "asked.script"),
        ("attack", "asked"),
    ],
)
def test_a_kept_question_is_read_field_by_field(asked: object, field: str) -> None:
    link = board_link(Board("dcg", BOARD, asked=asked))  # type: ignore[arg-type] - a bad kept question, on purpose
    with pytest.raises(InputError) as refused:
        read_board_link(link, "link")
    assert field in str(refused.value) and "\n" not in str(refused.value)

"""The judge's bench asks "why not?" in the game's words (issue 35 item 3) and loses nothing (item 4).

Expected reasons come from the DCG rule manual; the widgets only forward to the engine.
"""

from __future__ import annotations

from datetime import UTC, datetime

import yaml
from widget_helpers import blockers, to_first_decision

from digitutor.scenarios.boardlink import Board, board_link, read_board_link
from digitutor.scenarios.model import parse_scenario
from digitutor.scenarios.runner import run_scenario
from digitutor.widgets.editor import BoardEditor, editor_app_part


def pick(editor: BoardEditor, starts: str, has: str = "") -> str:
    """Pick the Action line that starts with ``starts`` (and holds ``has``), as a judge picks it in the list."""
    label, index = next((lab, i) for lab, i in editor.whynot.action.options if lab.startswith(starts) and has in lab)
    editor.whynot.action.value = index
    return label


def test_the_actions_are_the_decisions_options_in_its_words_grouped_with_a_tempting_one_first() -> None:
    editor = BoardEditor("dcg")
    blockers(editor)
    labels = [label for label, _ in editor.whynot.action.options]
    assert "Attack: Attack the opponent with Birdramon" in labels
    # two Ikkakumon: the options are told apart by the place of the one that differs
    assert any(lab.startswith("✗ Attack: Attack Ikkakumon with Birdramon — Ikkakumon (st2-07)") for lab in labels)
    assert editor.whynot.action.label.startswith("✗ "), "a tempting illegal option is the default"
    assert not any(":" in lab.split(": ", 1)[0] or lab.startswith("None") for lab in labels)
    editor.whynot.ask.click()
    # dcg:attacking.p2: "You can either target one of your opponent's suspended Digimon in their battle area, or the
    # opposing player."
    result = editor.whynot.result.value
    assert "not allowed" in result and "dcg:attacking.p2" in result and "p1.c" not in result


def test_attacker_and_target_are_two_choices_and_cards_are_named_by_place() -> None:
    editor = BoardEditor("dcg")
    blockers(editor)
    pick(editor, "Attack: Attack … (pick the cards)")
    assert (editor.whynot.first.description, editor.whynot.second.description) == ("Attacker", "Target")
    places = dict(editor.whynot.first.options)
    assert "Birdramon (st1-05) in Player 1's Battle Area" in places
    assert "Ikkakumon (st2-07) in Player 2's Battle Area, suspended" in places
    editor.whynot.first.value = places["Birdramon (st1-05) in Player 1's Battle Area"]
    editor.whynot.second.value = places["Ikkakumon (st2-07) in Player 2's Battle Area"]
    editor.whynot.ask.click()
    result = editor.whynot.result.value
    assert "Attack by Player 1: Birdramon (st1-05)" in result and "; target: Ikkakumon (st2-07)" in result
    assert "dcg:attacking.p2" in result and "p1.c" not in result and "p0.c" not in result


def test_a_question_asked_before_play_is_kept_in_the_yaml_and_the_link() -> None:
    editor = BoardEditor("dcg")
    blockers(editor)
    asked = pick(editor, "✗ Attack: Attack Ikkakumon")
    editor.whynot.ask.click()
    editor.question.value = "Can Birdramon attack the unsuspended Ikkakumon?"
    editor.play.click()
    tutor = editor.tutor()
    assert tutor is not None
    to_first_decision(tutor)
    tutor.model.choose(tutor.model.match.pending.legal_options[0].key)  # play on past the moment asked
    editor.share.click()
    doc = yaml.safe_load(editor.shared_text)
    kept = doc["expect"]["why_not"][0]
    assert kept["legal"] is False and kept["cites"] == ["dcg:attacking.p2"] and doc["demonstrates"] == kept["cites"]
    assert kept["ask"] == "Can Birdramon attack the unsuspended Ikkakumon?" and doc["script"] == []
    assert run_scenario(parse_scenario(doc, "shared.yaml")).passed
    link = editor.shared.value.split('href="./rulings.ipynb?board=')[1].split('"')[0]
    assert read_board_link(link).asked["words"] == asked.removeprefix("✗ ")
    again = editor_app_part({"board": link})
    assert "Attack Ikkakumon with Birdramon" in again.whynot.result.value
    again.share.click()
    assert yaml.safe_load(again.shared_text)["expect"]["why_not"] == doc["expect"]["why_not"]


def test_a_link_the_rules_refuse_keeps_its_board_to_mend() -> None:
    upside_down = {"players": [{"battle": [{"stack": ["st1-07", "st1-03"]}]}, {}], "turn": 3}
    link = board_link(Board("dcg", upside_down, "Greymon under Agumon?"))
    editor = editor_app_part({"board": link})
    assert "dt-error" in editor.message.value and "to mend" in editor.message.value
    assert editor.board == upside_down and editor.question.value == "Greymon under Agumon?"
    # dcg:digivolving.p2: a card lies on one meeting its digivolution requirements
    assert "The rules cannot have this board" in editor.verdict.value and "dcg:digivolving.p2" in editor.verdict.value
    assert editor.play.disabled and editor.share.disabled


def test_a_link_that_holds_no_board_keeps_its_text() -> None:
    editor = editor_app_part({"board": "db1.not-a-board"})
    assert "dt-error" in editor.message.value and editor.opener.value == "db1.not-a-board"


def setting(editor: BoardEditor, key: str, value: object) -> None:
    box = next(b for b in editor.settings.children if b.setting[0].key == key and b.setting[1] is None)
    box.value = value


def test_start_from_is_searchable_and_a_search_that_finds_nothing_says_so() -> None:
    editor = BoardEditor("dcg")
    editor.start_search.value = "SUSPENDED blocker"
    labels = [label for label, _ in editor.start.options]
    assert labels == ["Scenario: A suspended Digimon with <Blocker> cannot block; an unsuspended one can"]
    editor.load.click()
    assert editor.question.value.startswith("A suspended Digimon with <Blocker>") and editor.message.value == ""
    editor.start_search.value = "zzz nothing"
    assert [label for label, _ in editor.start.options] == ["no start has the words “zzz nothing”"]
    editor.load.click()
    assert "dt-error" in editor.message.value and "change or clear the search" in editor.message.value
    editor.start_search.value = ""
    assert len(editor.start.options) > 50


def test_who_went_first_is_settable_and_checked_against_the_turn() -> None:
    editor = BoardEditor("dcg")
    blockers(editor)
    setting(editor, "turn", 3)
    assert "first" not in editor.board and "Went first: <b>as the turn says</b>" in editor.verdict.value
    setting(editor, "first", 1)  # Player 1's turn 3: Player 1 went first
    assert editor.board["first"] == 1
    # dcg:paying-memory-costs.p2: turns alternate, so the player who went first has the odd turns
    assert "The rules cannot have this board" in editor.verdict.value
    assert "dcg:paying-memory-costs.p2" in editor.verdict.value
    setting(editor, "first", 0)
    assert editor.board["first"] == 0 and "✓ The rules can have this board" in editor.verdict.value
    setting(editor, "first", "")
    assert "first" not in editor.board


def upload(editor: BoardEditor, name: str, text: str) -> None:
    data = text.encode()
    editor.upload.value = (
        {"name": name, "type": "", "size": len(data), "content": memoryview(data), "last_modified": datetime.now(UTC)},
    )


def test_a_refused_file_keeps_its_board_or_its_text_to_mend() -> None:
    editor = BoardEditor("dcg")
    board = {"players": [{"battle": [{"stack": ["st1-07", "st1-03"]}]}, {}], "turn": 3}
    upload(editor, "upside-down.yaml", yaml.safe_dump({"game": "dcg", "board": board, "question": "Greymon under?"}))
    assert "dt-editor-mend" in editor.message.value and editor.board == board
    # dcg:digivolving.p2: a card lies on one meeting its digivolution requirements
    assert "dcg:digivolving.p2" in editor.verdict.value and editor.play.disabled
    broken = "game: dcg\nboard: {players: [\n"
    upload(editor, "broken.yaml", broken)
    assert "dt-error" in editor.message.value and editor.text.value == broken

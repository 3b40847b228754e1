"""Exercises (docs/lessons.md, *Exercises*): graded by the real engine, proved solvable and failable, bad input refused.

Each shipped exercise's expected outcomes are written from the rulebook; the test names the clause that decides them.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from digitutor.cli import main
from digitutor.core.errors import InputError
from digitutor.core.registry import GAME_MODULES
from digitutor.lessons import course_for, lesson_path, load_lesson, parse_lesson
from digitutor.lessons.check import check_lesson
from digitutor.lessons.exercises import AnswerError, ExerciseError, ExercisePlay, grade
from digitutor.lessons.proofs import prove

DCG_LESSON = lesson_path("dcg", "04-blockers-and-security")
DTECTOR_LESSON = lesson_path("dtector", "01-a-whole-game")


def exercise(path: Path, exercise_id: str):
    return next(e for e in load_lesson(path).exercises if e.id == exercise_id)


def run(capsys, *args: str) -> tuple[int, str, str]:
    try:
        code = main(list(args))
    except SystemExit as exit_:  # a usage error: argparse exits with the code
        code = int(exit_.code or 0)
    out = capsys.readouterr()
    return code, out.out, out.err


# -- the shipped exercises, graded: outcomes written from the rulebook ---------------------------------------------


def test_dcg_attacking_p5_a_blocker_blocks_once_so_greymon_checks_two_cards():
    """dcg:attacking.p5 "A player can block by suspending one of their unsuspended Digimon with <Blocker>.": Agumon
    draws the block, and Greymon's <Security A. +1> attack then checks both cards, one at a time."""
    outcome = grade(exercise(DCG_LESSON, "draw-out-the-blocker"), ["attack:st1-03", "attack:st1-07", "pass"])
    assert outcome.success and not outcome.unmet
    assert outcome.citation is not None and outcome.citation.id == "dcg:attacking.security-check.p1"
    assert "flip over their top security card" in outcome.citation.quote
    assert "checks Player 2's top security card" in outcome.narration


def test_dcg_attacking_p5_greymon_blocked_first_fails_at_the_block():
    """dcg:attacking.p5 "A player can block by suspending one of their unsuspended Digimon with <Blocker>.": Ikkakumon
    blocks Greymon, so Greymon's two checks never come; the verdict quotes the block, not the passing of the turn."""
    outcome = grade(exercise(DCG_LESSON, "draw-out-the-blocker"), ["attack:st1-07"])
    assert not outcome.success and outcome.early and outcome.step == 1
    assert outcome.citation is not None and outcome.citation.id == "dcg:attacking.p5"
    assert "suspends Ikkakumon to block" in outcome.narration


def test_dcg_attacking_battle_p1_greymon_attacking_the_blocker_fails_at_the_battle():
    """dcg:attacking.battle.p1 "The attacking Digimon and the target Digimon battle each other.": Agumon draws the
    block, but Greymon then attacks the suspended Ikkakumon instead of the player, and loses (4000 DP against 5000)."""
    outcome = grade(exercise(DCG_LESSON, "draw-out-the-blocker"), ["attack:st1-03", "attack:st1-07:st2-07"])
    assert not outcome.success and outcome.early
    assert outcome.citation is not None and outcome.citation.id == "dcg:attacking.battle.p1"
    assert "Greymon (4000 DP) battles Ikkakumon" in outcome.narration


def test_dcg_option_and_tamer_cards_p2_the_attack_after_zero_security_wins():
    """dcg:attacking.security-check.option-and-tamer-cards.p2: "If your opponent has zero cards in their security stack
    and you successfully attack your opponent ... you win the game." Greymon takes the last card; Agumon wins."""
    outcome = grade(exercise(DCG_LESSON, "zero-security-is-not-a-win"), ["attack:st1-07", "attack:st1-03"])
    assert outcome.success and outcome.last_step == outcome.step
    assert outcome.citation is not None
    assert outcome.citation.id == "dcg:attacking.security-check.option-and-tamer-cards.p2"


def test_dcg_no_security_cards_p1_the_game_goes_on_after_the_last_card():
    """dcg:what-happens-when-a-player-has-no-security-cards: "The game continues even if a player has zero security
    cards at this point." Greymon's checks empty the stack, and passing then leaves the game going on."""
    outcome = grade(exercise(DCG_LESSON, "zero-security-is-not-a-win"), ["attack:st1-07", "pass"])
    assert not outcome.success and outcome.unmet == ("expected the game to be over with a result",)


def test_dcg_attacking_battle_greymon_deletes_gabumon_once_the_blocker_is_suspended():
    """dcg:attacking.p5 "Blocking switches the target of the attack to the blocking Digimon, and the two Digimon
    battle": Ikkakumon takes Agumon's attack; then "The winner of the battle is determined by which Digimon has the
    higher DP": Greymon (4000) deletes Gabumon (2000)."""
    chosen = exercise(DCG_LESSON, "delete-gabumon-keep-greymon")
    outcome = grade(chosen, ["attack:st1-03", "attack:st1-07:st2-03", "pass"])
    assert outcome.success and outcome.step == 4 and "Gabumon is deleted" in outcome.narration
    assert outcome.citation is not None and outcome.citation.id == "dcg:attacking.battle.p1"


def test_dcg_attacking_p5_greymon_blocked_is_deleted_so_the_goal_fails():
    """dcg:attacking.p5: Ikkakumon (5000 DP) blocks Greymon (4000 DP), which is deleted; Agumon (2000) then draws with
    Gabumon (2000), "both Digimon are deleted": Gabumon is in the trash, but so is Greymon."""
    chosen = exercise(DCG_LESSON, "delete-gabumon-keep-greymon")
    outcome = grade(chosen, ["attack:st1-07:st2-03"])
    assert not outcome.success and outcome.early and "Greymon is deleted" in outcome.narration
    assert outcome.citation is not None and outcome.citation.id == "dcg:attacking.battle.p1"


def test_dtector_battle_call_p1_ability_beats_crush_whatever_the_power():
    """dtector:battle-call-command-phase.p1 "Ability beats Crush": Patamon (Ability, 1) beats Gabumon (Crush, 2)."""
    outcome = grade(exercise(DTECTOR_LESSON, "type-beats-power"), ["place:patamon"])
    assert outcome.success and outcome.step == 3
    assert outcome.citation is not None and "Ability beats Crush" in outcome.citation.quote


@pytest.mark.parametrize(
    ("card", "rule"),
    [
        ("hawkmon", "In the case of both Digimon having the same Battle Type"),  # Crush 2 against Crush 2: nobody wins
        ("agumon", "Crush beats Energy"),
    ],
)
def test_dtector_battle_call_p1_a_lost_or_tied_battle_call_fails(card, rule):
    """dtector:battle-call-command-phase.p1: Agumon (Energy) loses to Crush; Hawkmon ties on type and power."""
    outcome = grade(exercise(DTECTOR_LESSON, "type-beats-power"), [f"place:{card}"])
    assert not outcome.success and outcome.step == 3
    assert outcome.citation is not None and outcome.citation.id == "dtector:battle-call-command-phase.p1"
    assert rule in outcome.citation.quote


def test_dtector_digi_battle_p1_a_spirit_from_the_hand_defends_and_wins():
    """dtector:digi-battle-phase.p1: a Spirit from the hand may defend; Loweemon's 3 + 2 (its Special Effect while
    defending) beats Greymon's 4, and the winner scores a point."""
    outcome = grade(exercise(DTECTOR_LESSON, "defend-and-score"), ["block:loweemon"])
    assert outcome.success and outcome.step == 1
    assert outcome.citation is not None and outcome.citation.id == "dtector:digi-battle-phase.p1"


@pytest.mark.parametrize("answer", ["block:kumamon", "block:agumon", "block:gabumon", "no-block"])
def test_dtector_digi_battle_p1_a_weaker_defender_or_no_block_fails(answer):
    """dtector:digi-battle-phase.p1 "the Digimon with the highest Digimon Power number wins": Kumamon (2 + 1), Agumon
    (2) and Gabumon (2) lose to Greymon's 4; not blocking scores nothing."""
    outcome = grade(exercise(DTECTOR_LESSON, "defend-and-score"), [answer])
    assert not outcome.success and outcome.unmet == ("Player 1's Points is 0, expected 1",)


# -- the search -------------------------------------------------------------------------------------------------------


def shipped_exercises():
    return [e for game in GAME_MODULES for lesson in course_for(game) for e in lesson.exercises]


@pytest.mark.parametrize("shipped", shipped_exercises(), ids=lambda e: e.name)
def test_the_search_finds_a_solving_and_a_failing_line_of_every_shipped_exercise(shipped):
    proof = prove(shipped)
    assert proof.proved, proof.missing()
    assert proof.solving is not None and proof.solving.success
    assert proof.failing is not None and not proof.failing.success
    assert grade(shipped, proof.solving.answers) == proof.solving  # the lines replay to the same outcome


def test_the_courses_hold_at_least_two_exercises_in_dcg_and_dtector():
    assert len(load_lesson(DCG_LESSON).exercises) >= 2 and len(load_lesson(DTECTOR_LESSON).exercises) >= 2


def test_a_search_cut_by_its_budget_says_so():
    proof = prove(exercise(DCG_LESSON, "draw-out-the-blocker"), budget=2)
    assert proof.cut and not proof.proved
    assert any(line.endswith("search cut at 2 nodes") for line in proof.missing())


# -- grading is a pure function; bad answers are clear errors ----------------------------------------------------------


def test_grading_is_deterministic_and_the_same_step_by_step():
    chosen = exercise(DCG_LESSON, "draw-out-the-blocker")
    answers = ["attack:st1-03", "attack:st1-07", "pass"]
    play = ExercisePlay(chosen)
    for key in answers:
        assert play.run() is not None
        play.answer(key)
    assert play.run() is None
    assert play.outcome == grade(chosen, answers) == grade(chosen, answers)


def test_an_illegal_answer_is_an_answer_error_naming_it_and_the_rule():
    with pytest.raises(AnswerError) as error:
        grade(exercise(DCG_LESSON, "draw-out-the-blocker"), ["attack:st1-03:st2-07"])  # Ikkakumon is unsuspended
    message = str(error.value)
    assert isinstance(error.value, ValueError) and "\n" not in message
    assert message.startswith("answers[0]: 'attack:st1-03:st2-07' is refused at the main decision")
    assert "dcg:attacking.p2" in message


def test_dtector_digi_battle_p1_a_defender_of_another_element_is_refused_with_its_reasons():
    """dtector:digi-battle-phase.p1: Andromon (Steel, no Spirit) may not defend against Fire Greymon from the hand."""
    with pytest.raises(AnswerError) as error:
        grade(exercise(DTECTOR_LESSON, "defend-and-score"), ["block:andromon"])
    message = str(error.value)
    assert message.startswith("answers[0]: 'block:andromon' is refused at the defend decision")
    assert "Andromon is not a Spirit Digimon" in message and "dtector:digi-battle-phase.p1" in message


def test_a_key_that_is_no_option_is_an_answer_error():
    with pytest.raises(AnswerError, match=r"^answers\[0\]: 'castle' is refused"):
        grade(exercise(DTECTOR_LESSON, "type-beats-power"), ["castle"])


def test_a_missing_answer_names_the_decision_and_its_legal_options():
    with pytest.raises(AnswerError) as error:
        grade(exercise(DCG_LESSON, "draw-out-the-blocker"), ["attack:st1-03"])
    waits = "answers[1]: missing: the exercise waits for the learner's main decision (legal: "
    assert str(error.value).startswith(waits)
    assert "pass" in str(error.value)


def test_an_answer_left_over_once_decided_is_an_answer_error():
    unused = r"^answers\[1\]: 'place:agumon' is not used: the exercise was decided at step 3"
    with pytest.raises(AnswerError, match=unused):
        grade(exercise(DTECTOR_LESSON, "type-beats-power"), ["place:patamon", "place:agumon"])


# -- goals decided early -----------------------------------------------------------------------------------------------


def battle_call_exercise(goal: dict, until: dict | None = None):
    doc = yaml.safe_load(DTECTOR_LESSON.read_text(encoding="utf-8"))
    entry = next(e for e in doc["exercises"] if e["id"] == "type-beats-power")
    entry = {k: v for k, v in entry.items() if k != "until"} | {"goal": goal} | ({"until": until} if until else {})
    return parse_lesson({**doc, "exercises": [entry]}, "lessons/01-early.yaml").exercises[0]


def test_a_history_fact_that_holds_decides_the_goal_before_the_end():
    """Without an until the exercise would run to the game's end; the Battle Call's result decides it at step 3."""
    chosen = battle_call_exercise({"narration": ["Battle Call won by Player 1"]})
    outcome = grade(chosen, ["place:patamon"])
    assert outcome.success and outcome.early and outcome.step == outcome.last_step == 3


def test_not_of_a_history_fact_fails_as_soon_as_it_happens():
    chosen = battle_call_exercise({"not": {"narration": ["Battle Call won by Player 2"]}})
    lost = grade(chosen, ["place:agumon"])
    assert not lost.success and lost.early and lost.step == 3 and "Crush beats Energy" in lost.citation.quote


def test_all_and_any_combine_known_and_unknown_facts():
    """``any`` is met once a known part holds; ``all`` with an unknown board fact waits for the end."""
    won = {"narration": ["Battle Call won by Player 1"]}
    board = {"board": [{"player": 0, "zone": "d-dock", "count": 1}]}
    early = grade(battle_call_exercise({"any": [won, board]}), ["place:patamon"])
    assert early.success and early.early and early.step == 3
    placed = {"narration": "proceeds to the Digivolve phase"}
    waits = grade(battle_call_exercise({"all": [won, board]}, placed), ["place:patamon"])
    assert waits.success and not waits.early and waits.step == 4  # the step that put Patamon in the D-Dock
    assert waits.citation is not None and waits.citation.id == "dtector:battle-call-command-phase.p2"


# -- the format: old lessons load; a malformed exercise is one line naming the file and the field ---------------------


def test_lessons_without_exercises_load_unchanged():
    lesson = load_lesson(lesson_path("dtector"))
    assert lesson.exercises == ()


def good_doc() -> dict:
    return yaml.safe_load(DTECTOR_LESSON.read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"goal": None}, "exercises[0].goal"),
        ({"hint": ""}, "exercises[0].hint"),
        ({"id": "Two Words"}, "exercises[0].id"),
        ({"colour": "red"}, "exercises[0].colour"),
        ({"seat": 2}, "exercises[0].seat"),
        ({"opponent": "kasparov"}, "exercises[0].opponent"),
        ({"until": {"phase": "tea-time"}}, "exercises[0].until.phase"),
        ({"max_steps": 0}, "exercises[0].max_steps"),
        ({"goal": {"counters": [{"player": 0, "name": "Points"}]}}, "exercises[0].goal.counters[0]"),
        (
            {"goal": {"all": [{"counters": [{"name": "Points", "value": 1, "player": 7}]}]}},
            "exercises[0].goal.all[0].counters[0].player",
        ),
        ({"goal": {"any": []}}, "exercises[0].goal.any"),
        ({"goal": {"not": {"sparkle": True}}}, "exercises[0].goal.not.sparkle"),
        ({"goal": {"all": [{"over": True}], "over": False}}, "exercises[0].goal"),
        ({"goal": {"cites": ["dcg:attacking.p5"]}}, "exercises[0].goal.cites[0]"),
    ],
)
def test_a_malformed_exercise_is_refused_in_one_line_naming_the_file_and_field(change, field):
    doc = good_doc()
    doc["exercises"][0] = {**doc["exercises"][0], **change}
    with pytest.raises(InputError) as error:
        parse_lesson(doc, "cards/dtector/lessons/01-bad.yaml")
    message = str(error.value)
    assert "\n" not in message and message.startswith(f"cards/dtector/lessons/01-bad.yaml: {field}: "), message


def test_two_exercises_with_one_id_are_refused():
    doc = good_doc()
    doc["exercises"][1]["id"] = doc["exercises"][0]["id"]
    with pytest.raises(InputError, match=r"exercises\[1\]\.id: 'type-beats-power' is the id of an earlier exercise"):
        parse_lesson(doc, "lessons/01-twice.yaml")


def write_lesson(tmp_path: Path, doc: dict, name: str = "01-exercises.yaml") -> Path:
    path = tmp_path / name
    path.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    return path


def test_a_bad_board_is_named_under_the_exercise_when_it_is_played(tmp_path):
    doc = good_doc()
    doc["exercises"][0]["board"]["players"][0]["hand"] = ["agumon", "no-such-card"]
    path = write_lesson(tmp_path, doc)
    problems = check_lesson(load_lesson(path))
    assert problems == [f"{path}: exercises[0].board.players[0].hand[1]: unknown card 'no-such-card'"]


def test_lessons_check_refuses_an_exercise_that_cannot_be_failed_or_solved(tmp_path):
    doc = good_doc()
    doc["exercises"][0]["goal"] = {"over": False}  # the game never ends within the Battle Call: always met
    doc["exercises"][1]["goal"] = {"counters": [{"player": 0, "name": "Points", "value": 2}]}  # one battle, one point
    path = write_lesson(tmp_path, doc)
    problems = check_lesson(load_lesson(path))
    assert problems == [
        f"{path}: exercises[0] (type-beats-power): "
        "cannot be failed: every line of answers meets the goal (all 4 nodes tried)",
        f"{path}: exercises[1] (defend-and-score): "
        "cannot be solved: no line of answers meets the goal (all 6 nodes tried)",
    ]


# -- the command line -------------------------------------------------------------------------------------------------


def test_lessons_exercises_json_gives_both_lines_of_every_exercise(capsys):
    code, out, _ = run(capsys, "lessons", "exercises", "--json")
    proofs = json.loads(out)
    assert code == 0 and {p["exercise"] for p in proofs} >= {
        "dcg/04-blockers-and-security#draw-out-the-blocker",
        "dtector/01-a-whole-game#defend-and-score",
    }
    for proof in proofs:
        assert proof["proved"] and proof["missing"] == []
        assert proof["solving"]["success"] and not proof["failing"]["success"]
        assert proof["solving"]["citation"]["quote"] and proof["failing"]["answers"]


def test_lessons_exercises_prints_each_line_with_its_rule(capsys):
    code, out, _ = run(capsys, "lessons", "exercises", "--game", "dtector")
    lines = out.splitlines()
    at = lines.index("dtector/01-a-whole-game#type-beats-power: solvable and failable (4 nodes)")
    assert code == 0 and lines[at + 1].startswith("  solves: place:")
    assert '-> success at step 3: dtector:battle-call-command-phase.p1 "' in lines[at + 1]
    assert lines[at + 2].startswith("  fails: place:") and "-> failure at step 3" in lines[at + 2]
    count = sum(len(lesson.exercises) for lesson in course_for("dtector"))
    assert count >= 2 and lines[-1] == f"{count} exercises searched, 0 without both lines"


def test_lessons_exercises_exits_1_when_a_line_is_missing(tmp_path, capsys):
    doc = good_doc()
    doc["exercises"][0]["goal"] = {"over": False}
    code, out, _ = run(capsys, "lessons", "exercises", str(write_lesson(tmp_path, doc)))
    assert code == 1 and "type-beats-power: cannot be failed" in out and "  fails: none — cannot be failed" in out


@pytest.mark.parametrize("args", [("--game", "chess"), ("no/such/lesson.yaml",), ("--budget", "0")])
def test_lessons_exercises_bad_input_is_one_line_and_exit_2(capsys, args):
    code, _, err = run(capsys, "lessons", "exercises", *args)
    assert code == 2 and err.count("\n") == 1


# -- a scripted opponent ---------------------------------------------------------------------------------------------


def defend_exercise(opponent):
    doc = good_doc()
    entry = {**doc["exercises"][1], "opponent": opponent}
    return parse_lesson({**doc, "exercises": [entry]}, "lessons/01-scripted.yaml").exercises[0]


def test_a_scripted_opponent_answers_from_its_script():
    """dtector:digi-battle-phase.p1 "The player whose turn it is may attack": scripted not to, Player 2 does not attack,
    the learner has nothing to decide, and no point is scored."""
    outcome = grade(defend_exercise(["no-attack"]), [])
    assert not outcome.success and outcome.answers == ()
    assert grade(defend_exercise(["attack:greymon"]), ["block:loweemon"]).success


def test_an_exercise_that_never_ends_is_refused_by_the_check(tmp_path):
    doc = good_doc()
    entry = {k: v for k, v in doc["exercises"][0].items() if k != "until"}
    doc["exercises"][0] = {**entry, "max_steps": 4}  # a lost Battle Call leaves the goal open after step 3
    path = write_lesson(tmp_path, doc)
    assert check_lesson(load_lesson(path)) == [
        f"{path}: exercises[0].until: the exercise does not end within 4 steps (max_steps)"
    ]


def test_a_refused_opponent_answer_names_the_script_entry():
    with pytest.raises(ExerciseError, match=r"lessons/01-scripted\.yaml: exercises\[0\]\.opponent\[0\]: refused: "):
        grade(defend_exercise(["attack:palmon"]), [])  # Palmon is in Player 2's hand, not in the D-Dock


def test_the_docs_exercise_is_the_shipped_one_and_its_python_example_holds():
    text = (Path(__file__).parents[2] / "docs" / "lessons.md").read_text(encoding="utf-8")
    start = text.index("# in cards/dtector/lessons/01-a-whole-game.yaml")
    (documented,) = yaml.safe_load(text[start : text.index("```", start)])["exercises"]
    shipped = next(e for e in good_doc()["exercises"] if e["id"] == documented["id"])
    assert documented == {k: v for k, v in shipped.items() if k not in ("solved", "failed")}
    outcome = grade(exercise(DTECTOR_LESSON, "defend-and-score"), ["block:loweemon"])
    assert outcome.success and outcome.step == 1 and outcome.citation is not None
    assert f"Citation(id='{outcome.citation.id}', quote='The defender may defend with ...')" in text

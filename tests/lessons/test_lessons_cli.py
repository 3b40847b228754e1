"""``digitutor lessons coverage|check`` and the tracker that fires questions: one line per problem, exit 2."""

from __future__ import annotations

import json

import pytest
import yaml

from digitutor.cli import main
from digitutor.lessons import LessonTracker, lesson_path, load_lesson, play_lesson


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_lessons_coverage_prints_each_game_and_its_lessons(capsys):
    code, out, _ = run(capsys, "lessons", "coverage")
    assert code == 0
    for game in ("dtector", "arena", "dcg", "dmb", "dbe"):
        assert f"\n{game}: " in f"\n{out}" and "leaf clauses taught = " in out
    assert "first-game" in out


def test_lessons_coverage_of_one_game_lists_what_no_lesson_teaches(capsys):
    code, out, _ = run(capsys, "lessons", "coverage", "--game", "dcg")
    assert code == 0 and out.startswith("dcg: ") and "  not taught: dcg:" in out


def test_lessons_coverage_json_agrees_with_its_own_counts(capsys):
    code, out, _ = run(capsys, "lessons", "coverage", "--game", "dtector", "--json")
    (doc,) = json.loads(out)
    taught = set().union(*(set(lesson["clauses"]) for lesson in doc["lessons"]))
    assert code == 0 and doc["taught"] == len(taught) and doc["clauses"] == len(taught) + len(doc["untaught"])
    assert doc["lessons"][0]["id"] == "dtector/first-game" and len(doc["lessons"][0]["hash"]) == 12


@pytest.mark.parametrize("args", [("lessons", "coverage", "--game", "chess"), ("lessons", "check", "--game", "chess")])
def test_a_bad_game_is_one_line_and_exit_2(capsys, args):
    code, _, err = run(capsys, *args)
    assert code == 2 and err.count("\n") == 1 and "chess" in err


def test_lessons_check_passes_the_shipped_lessons(capsys):
    code, out, _ = run(capsys, "lessons", "check")
    assert code == 0, out
    assert out.strip().endswith("0 problems")


def test_lessons_check_names_each_problem_by_file_and_field(tmp_path, capsys):
    doc = yaml.safe_load(lesson_path("dtector").read_text(encoding="utf-8"))
    doc["script"] = [*doc["script"], "place:agumon"]  # one answer more than the game asks for
    doc["notes"].append({"when": {"narration": "never said"}, "title": "Silent", "text": "Never shown."})
    doc["questions"] = [
        {"at": {"decision": "digivolve"}, "ask": "why-not", "action": "done"},  # legal there: no reason it is not
        {"at": {"decision": "no-such-decision"}, "ask": "may-now"},
        {"at": {"decision": "battle-call"}, "ask": "may-now"},  # every Battle Call option is legal
    ]
    path = tmp_path / "01-broken.yaml"
    path.write_text(yaml.safe_dump(doc), encoding="utf-8")
    code, out, _ = run(capsys, "lessons", "check", str(path))
    lines = out.strip().splitlines()
    assert code == 2
    expected = {
        f"script[{len(doc['script']) - 1}]: never used",
        f"notes[{len(doc['notes']) - 1}]: never fires",
        "questions[0]: why-not: 'done' is legal here",
        "questions[1]: never reached",
        "questions[2]: may-now: 'battle-call' has",
    }
    for fragment in expected:
        assert any(line.startswith(f"{path}: {fragment}") for line in lines), (fragment, lines)
    assert lines[-1] == "1 lesson checked, 5 problems"


def test_lessons_check_holds_every_lesson_to_60_presses_the_first_game_too(tmp_path, capsys):
    """Issue 25, "What to build" 1: each lesson is at most 60 presses of Next; first-game has no exemption."""
    doc = yaml.safe_load(lesson_path("arena").read_text(encoding="utf-8"))
    del doc["until"]  # the guided Arena game played to the game's end: far more than 60 presses
    path = tmp_path / "first-game.yaml"
    path.write_text(yaml.safe_dump(doc), encoding="utf-8")
    code, out, _ = run(capsys, "lessons", "check", str(path))
    presses = play_lesson(load_lesson(path)).steps
    assert len(presses) > 60
    assert code == 2 and f"{path}: script: {len(presses)} presses of Next, more than 60" in out.splitlines()


def test_the_tracker_fires_each_question_once_at_its_first_point():
    lesson = load_lesson(lesson_path("dmb"))
    match = play_lesson(lesson)
    tracker = LessonTracker(lesson)
    tracker.update(match)
    fired = [number for index in range(-1, len(match.steps)) for number, _ in tracker.questions_at(index)]
    assert sorted(fired) == list(range(len(lesson.questions)))
    support = next(d.step - 1 for d in match.decisions if d.kind == "support" and d.by == "human")
    assert [q.ask for _, q in tracker.questions_at(support)] == ["may-now", "why-not"]
    tracker.update(match)  # a second update adds nothing
    assert [n for i in range(-1, len(match.steps)) for n, _ in tracker.questions_at(i)] == fired

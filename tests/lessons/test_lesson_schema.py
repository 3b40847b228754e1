"""The lesson file format (docs/lessons.md): every field validated, a bad value
refused in one line naming file and field."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
import yaml

from digitutor.core.errors import InputError
from digitutor.lessons import ASKS, FIELDS, WHEN_KEYS, course_for, lesson_path, load_lesson, parse_lesson
from digitutor.lessons.check import check_lesson

GOOD = {
    "game": "dtector",
    "title": "A lesson",
    "concepts": ["Battle Call", "Digivolving"],
    "notes": [{"when": {"phase": "battle-call"}, "title": "Battle Call", "text": "Words."}],
    "questions": [
        {"at": {"decision": "digivolve"}, "ask": "may-now"},
        {"at": {"decision": "digivolve"}, "ask": "why-not", "action": "digivolve:agumon:metalgreymon"},
        {"at": {"phase": "battle-call"}, "ask": "next-rule", "text": "Which rule decides what comes next?"},
        {"at": {"step": 3}, "ask": "what-next"},
    ],
}


def refused(doc: dict, source: str = "lessons/bad.yaml") -> str:
    with pytest.raises(InputError) as error:
        parse_lesson(doc, source)
    message = str(error.value)
    assert message.startswith(f"{source}: ") and "\n" not in message
    return message


def test_a_good_lesson_keeps_its_concepts_and_questions_in_file_order():
    lesson = parse_lesson(GOOD, "lessons/good.yaml")
    assert lesson.concepts == ("Battle Call", "Digivolving")
    assert [q.ask for q in lesson.questions] == ["may-now", "why-not", "next-rule", "what-next"]
    assert lesson.questions[1].action == "digivolve:agumon:metalgreymon"
    assert lesson.questions[2].text == "Which rule decides what comes next?"
    assert lesson.questions[0].on_decision and not lesson.questions[3].on_decision


def test_concepts_and_questions_are_optional():
    lesson = parse_lesson({k: v for k, v in GOOD.items() if k not in ("concepts", "questions")}, "lessons/plain.yaml")
    assert lesson.concepts == () and lesson.questions == ()


def test_a_bad_ask_names_the_question_and_lists_the_four_asks():
    doc = {**GOOD, "questions": [*GOOD["questions"][:2], {"at": {"step": 1}, "ask": "foo"}]}
    assert refused(doc).endswith(f"questions[2].ask: expected one of {', '.join(ASKS)}, got 'foo'")
    assert ASKS == ("may-now", "why-not", "next-rule", "what-next")


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"concepts": "Memory"}, "concepts"),
        ({"concepts": []}, "concepts"),
        ({"concepts": [f"c{i}" for i in range(7)]}, "concepts"),
        ({"concepts": ["ok", ""]}, "concepts[1]"),
        ({"concepts": ["x" * 61]}, "concepts[0]"),
        ({"concepts": [3]}, "concepts[0]"),
        ({"questions": {"at": {"step": 1}}}, "questions"),
        ({"questions": ["may-now"]}, "questions[0]"),
        ({"questions": [{"at": {"step": 1}, "ask": "what-next", "answer": "x"}]}, "questions[0].answer"),
        ({"questions": [{"ask": "what-next"}]}, "questions[0].at"),
        ({"questions": [{"at": {"colour": "red"}, "ask": "what-next"}]}, "questions[0].at"),
        ({"questions": [{"at": {"step": "one"}, "ask": "what-next"}]}, "questions[0].at.step"),
        ({"questions": [{"at": {"phase": "lunch"}, "ask": "what-next"}]}, "questions[0].at.phase"),
        ({"questions": [{"at": {"decision": "attack", "step": 1}, "ask": "what-next"}]}, "questions[0].at"),
        ({"questions": [{"at": {"step": 1}}]}, "questions[0].ask"),
        ({"questions": [{"at": {"step": 1}, "ask": "may-now"}]}, "questions[0].at"),
        ({"questions": [{"at": {"step": 1}, "ask": "why-not", "action": "attack:greymon"}]}, "questions[0].at"),
        ({"questions": [{"at": {"decision": "attack"}, "ask": "why-not"}]}, "questions[0].action"),
        ({"questions": [{"at": {"decision": "attack"}, "ask": "why-not", "action": 3}]}, "questions[0].action"),
        (
            {"questions": [{"at": {"decision": "attack"}, "ask": "may-now", "action": "attack:greymon"}]},
            "questions[0].action",
        ),
        ({"questions": [{"at": {"step": 1}, "ask": "what-next", "text": ["x"]}]}, "questions[0].text"),
        ({"notes": [{"when": {"step": 1}, "title": "t", "text": ""}]}, "notes[0].text"),
        ({"notes": "note"}, "notes"),
        ({"seed": "one"}, "seed"),
        ({"opponent": 3}, "opponent"),
        ({"setup": [1]}, "setup"),
        ({"intro": 5}, "intro"),
        ({"outro": ["x"]}, "outro"),
        ({"until": None}, "until"),
        ({"until": {"phase": "nowhere"}}, "until.phase"),
        ({"until": {"decision": "attack", "step": 3}}, "until"),
        ({"until": {"steps": 3}}, "until"),
    ],
)
def test_a_bad_value_is_refused_in_one_line_naming_file_and_field(change, field):
    assert f"lessons/bad.yaml: {field}: " in refused({**GOOD, **change})


def test_a_loaded_lesson_carries_the_short_sha256_of_its_file_bytes(tmp_path):
    path = tmp_path / "01-hash.yaml"
    path.write_text(yaml.safe_dump(GOOD), encoding="utf-8")
    lesson = load_lesson(path)
    assert lesson.hash == hashlib.sha256(path.read_bytes()).hexdigest()[:12]
    path.write_text(yaml.safe_dump({**GOOD, "title": "Another"}), encoding="utf-8")
    assert load_lesson(path).hash != lesson.hash, "progress is keyed by the hash: a changed file is a new lesson"


def test_a_course_is_first_game_then_the_numbered_lessons_by_name(tmp_path):
    for name in ("02-later", "first-game", "01-sooner", "10-last"):
        (tmp_path / f"{name}.yaml").write_text(yaml.safe_dump({**GOOD, "title": name}), encoding="utf-8")
    (tmp_path / "untaught.yaml").write_text("{}", encoding="utf-8")
    assert [lesson.title for lesson in course_for("dtector", tmp_path)] == [
        "first-game",
        "01-sooner",
        "02-later",
        "10-last",
    ]


def test_a_course_refuses_a_lesson_of_another_game(tmp_path):
    (tmp_path / "01-stray.yaml").write_text(
        yaml.safe_dump({"game": "arena", "title": "Arena in the wrong folder"}), encoding="utf-8"
    )
    with pytest.raises(InputError, match=r"01-stray.yaml: game: expected 'dtector'"):
        course_for("dtector", tmp_path)


def test_every_shipped_course_starts_with_its_first_game():
    for game in ("dtector", "arena", "dcg", "dmb", "dbe"):
        course = course_for(game)
        assert course[0].path == str(lesson_path(game)) and course[0].name == "first-game"


DOCS = Path(__file__).resolve().parents[2] / "docs" / "lessons.md"


def test_docs_lessons_md_documents_every_field_and_ask():
    text = DOCS.read_text(encoding="utf-8")
    for name in [*FIELDS, *ASKS, *WHEN_KEYS, "action", "untaught.yaml"]:
        assert f"`{name}" in text or f"{name}:" in text or f"{name}`" in text, name
    assert "digitutor lessons check" in text and "digitutor lessons coverage" in text


def test_the_example_lesson_of_the_docs_passes_the_check(tmp_path):
    text = DOCS.read_text(encoding="utf-8")
    start = text.index("# cards/dtector/lessons/01-digivolving.yaml")
    path = tmp_path / "01-digivolving.yaml"
    path.write_text(text[start : text.index("```", start)], encoding="utf-8")
    assert check_lesson(load_lesson(path)) == []

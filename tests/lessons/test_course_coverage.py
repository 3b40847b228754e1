"""Course coverage (issue 25): a course teaches the leaf clauses its lessons' "rule now" panel shows on their way.

The clause set is the one ``digitutor rules coverage`` counts (every clause of the rulebook but its headings);
each lesson is replayed here by hand, as the contract describes it, and the arithmetic checked against that.
"""

from __future__ import annotations

import shutil

import pytest
import yaml

from digitutor.core.errors import InputError
from digitutor.core.match import Match
from digitutor.core.records import Decision
from digitutor.lessons import lesson_path, load_lesson
from digitutor.lessons.coach import coach_answer
from digitutor.lessons.coverage import course_coverage, untaught_reasons
from digitutor.rules.coverage import coverage

SHORT = {  # a second dtector lesson: the default 50-card decks from another seed, no script
    "game": "dtector",
    "title": "A whole game",
    "seed": 3,
    "concepts": ["Scoring"],
    "notes": [{"when": {"phase": "battle-call"}, "title": "Again", "text": "Words."}],
}
#: "A 50-Card Deck for each player." (Game Requirements): a requirement no step of play cites
REQUIREMENT = "dtector:game-requirements.p1"


def dtector_leaves() -> list[str]:
    return list(next(g.clauses for g in coverage({}) if g.game == "dtector"))


def cited_by_hand(path) -> tuple[set[str], set[str], int]:
    """The script, then the coach's answer (the ★): (every clause quoted on the way, those quoted as a rule, presses).

    Quoted in the "rule now" panel: the rule of each step and learner's decision, each step's "Words used".
    The reasons of options not allowed are shown in the decision panel instead and do not count. The lesson
    ends at its ``until`` (the first step or learner's decision matching it), else at the game's end."""
    lesson = load_lesson(path)
    match = Match("dtector", lesson.seed, lesson.setup, ("human", lesson.opponent), str(path))
    script, rules, quoted = list(lesson.script), set(), set()
    until = lesson.until
    while (outcome := match.advance()) is not None:
        if isinstance(outcome, Decision):
            rules.update(c.id for c in outcome.citations)
            if until is not None and until.matches_decision(outcome.kind):
                break
            match.choose(script.pop(0) if script else coach_answer(match, outcome))
        if until is not None and until.matches_step(len(match.steps) - 1, match.steps[-1]):
            break
    rules.update(c.id for step in match.steps for c in step.citations)
    quoted.update(c.id for step in match.steps for c in step.glossary)
    return rules | quoted, rules, len(match.steps)


@pytest.fixture
def course(tmp_path):
    shutil.copy(lesson_path("dtector"), tmp_path / "first-game.yaml")
    (tmp_path / "01-whole-game.yaml").write_text(yaml.safe_dump(SHORT), encoding="utf-8")
    (tmp_path / "untaught.yaml").write_text(
        f"{REQUIREMENT}: Deck building is the Learn app's deck check, not a step of play.\n", encoding="utf-8"
    )
    return tmp_path


def test_course_coverage_is_the_union_of_its_lessons_over_the_leaf_clauses(course):
    report = course_coverage("dtector", course)
    leaves = dtector_leaves()
    assert list(report.leaves) == leaves
    assert [taught.lesson.name for taught in report.lessons] == ["first-game", "01-whole-game"]
    union: set[str] = set()
    for taught in report.lessons:
        cited, rules, steps = cited_by_hand(taught.lesson.path)
        assert taught.clauses == cited & set(leaves), taught.lesson.name
        assert taught.rules == rules & set(leaves) <= taught.clauses, taught.lesson.name
        assert taught.presses == steps
        union |= cited & set(leaves)
    assert report.taught == union
    assert report.percent == pytest.approx(100 * len(union) / len(leaves))
    assert report.untaught == [clause for clause in leaves if clause not in union]


def test_a_clause_no_lesson_teaches_takes_the_courses_own_reason(course):
    (course / "01-whole-game.yaml").unlink()  # a game from the default setup cites the deck requirements
    report = course_coverage("dtector", course)
    assert REQUIREMENT in report.untaught
    assert report.reasons[REQUIREMENT] == "Deck building is the Learn app's deck check, not a step of play."


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("dtector:no-such-clause: Because.\n", "dtector:no-such-clause"),
        ("dcg:attacking.p2: Another game's clause.\n", "dcg:attacking.p2"),
        (f"{REQUIREMENT}: ''\n", REQUIREMENT),
        (f"{REQUIREMENT}: [a, list]\n", REQUIREMENT),
        ("- a list\n", ""),
    ],
)
def test_a_bad_untaught_file_is_refused_in_one_line(tmp_path, text, field):
    (tmp_path / "untaught.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as refused:
        untaught_reasons("dtector", tmp_path)
    message = str(refused.value)
    assert message.startswith(str(tmp_path / "untaught.yaml")) and f": {field}" in message and "\n" not in message

"""Questions that ask (issue 33 item 4): a why-not whose right answer is only the phase is refused, unless the phase
is the lesson's rule (a note quotes the timing clause, or a concept names a phase).

The board: DBE's Strategy Phase, Player 1 to choose an attack. DBE's rulebook, Support Phase › 2: "Supporting:
Support-timing cards (usually Digimon or Options) may be played either from hand or the top of the deck" — in the
Support Phase, so a Support is refused in the Strategy Phase for the phase alone (the engine's timing reason, citing
dbe:support-phase.2).
"""

from __future__ import annotations

from pathlib import Path

from digitutor.core.records import Reason
from digitutor.lessons import load_lesson
from digitutor.lessons.ask_check import is_timing, why_not_problems
from digitutor.rules.model import Citation, CitationKind

LESSON = """\
game: dbe
title: A phase-only why-not
seed: 1
seat: 0
opponent: greedy
setup:
  board:
    phase: "strategy"
    active: 0
    turn: 3
    players:
      - {active: [garurumon, weregarurumon], deck: [gomamon, gomamon, gomamon, gomamon, gomamon], ko_points: 3}
      - {active: [agumon], deck: [biyomon, biyomon, biyomon, biyomon, biyomon], ko_points: 3}
script: ["attack:choice=cross", no-support, "attack:choice=circle", blind]
concepts: [%(concepts)s]
notes:
  - when: {decision: strategy}
    title: 2nd Attack
    text: Choose Cross.%(quotes)s
questions:
  - at: {decision: support}
    ask: next-rule
  - at: {decision: strategy}
    ask: why-not
    action: "support:gomamon"
"""


def write(tmp_path: Path, concepts: str = "2nd Attack", quotes: str = "") -> Path:
    path = tmp_path / "dbe" / "01-phase-only.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(LESSON % {"concepts": concepts, "quotes": quotes}, encoding="utf-8")
    return path


def test_a_why_not_answered_only_by_the_phase_is_refused_naming_the_file_and_question(tmp_path: Path) -> None:
    path = write(tmp_path)
    problems = why_not_problems(load_lesson(path))
    assert len(problems) == 1, problems
    head = f"{path}: questions[1]: why-not 'support:gomamon': its right answer is only the phase"
    assert problems[0].startswith(head)
    assert "dbe:support-phase.2" in problems[0]


def test_the_phase_is_the_lessons_rule_when_a_note_quotes_it_or_a_concept_names_a_phase(tmp_path: Path) -> None:
    quoted = write(tmp_path, quotes="\n    quotes: [dbe:support-phase.2]")
    assert why_not_problems(load_lesson(quoted)) == []
    named = write(tmp_path, concepts="2nd Attack, Support Phase timing")
    assert why_not_problems(load_lesson(named)) == []


def test_a_why_not_about_the_lessons_own_rule_passes() -> None:
    # D-Tector, Digivolve Phase: "a Digimon digivolves one level up" — the reason is the rule, not the phase
    lesson = load_lesson(Path(__file__).resolve().parents[2] / "cards" / "dtector" / "lessons" / "first-game.yaml")
    assert any(question.ask == "why-not" for question in lesson.questions)
    assert why_not_problems(lesson) == []


def test_a_timing_reason_is_the_engines_now_words_only() -> None:
    cite = Citation("dbe:support-phase.2", "Supporting: Support-timing cards", CitationKind.RULE)
    assert is_timing(Reason("Supports are declared in the Support Phase. Now it is the Strategy Phase.", cite))
    assert not is_timing(Reason("Level R evolves only to Level C, not U.", cite))


def test_a_timing_reason_citing_a_faq_answer_or_a_glossary_entry_is_the_actions_own_rule() -> None:
    # DBE's Rules FAQ, "Paying DP": an attachment's "Pay X DP from this" is used in the Support Phase; the clause
    # is the paying rule itself (when it is used), not the turn's phase order
    faq = Citation("dbe:rules-faq.paying-dp", "Paying DP", CitationKind.RULE)
    glossary = Citation("dbe:glossary.proxy", "Proxy", CitationKind.RULE)
    now = " Now it is the Strategy Phase."
    assert not is_timing(Reason('An attachment\'s "Pay X DP from this" is used in the Support Phase.' + now, faq))
    partner = "A Partner Option supports from the Destiny Zone in the Support Phase."
    assert not is_timing(Reason(partner + now, glossary))


def test_the_dbe_attachment_paying_and_proxy_lessons_ask_about_their_own_rule() -> None:
    # their why-nots cite dbe:rules-faq.attachment-conditions, dbe:rules-faq.paying-dp and dbe:glossary.proxy
    folder = Path(__file__).resolve().parents[2] / "cards" / "dbe" / "lessons"
    for stem in ("13-attachments", "18-paying-dp", "31-proxy"):
        lesson = load_lesson(folder / f"{stem}.yaml")
        assert any(question.ask == "why-not" for question in lesson.questions), stem
        assert why_not_problems(lesson) == [], stem


def test_lessons_check_enforces_it(tmp_path: Path) -> None:
    from digitutor.lessons.check import check_lesson

    path = write(tmp_path)
    head = f"{path}: questions[1]: why-not 'support:gomamon': its right answer is only the phase"
    assert any(line.startswith(head) for line in check_lesson(load_lesson(path)))
    quoted = write(tmp_path, quotes="\n    quotes: [dbe:support-phase.2]")
    assert not any("only the phase" in line for line in check_lesson(load_lesson(quoted)))

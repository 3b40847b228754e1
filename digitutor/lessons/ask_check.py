"""Questions that ask (issue 33 item 4): a "why not" asks about the lesson's own rule, not only the phase.

A why-not question whose every right answer is a **timing reason** (the engine's "... Now it is the X Phase", built
by ``Game.now``) teaches only that the action belongs in another phase. That is the lesson's rule only when the
lesson says so: the phase is **the lesson's rule** when

- a note of the lesson quotes the clause the timing reason cites (``notes[].quotes``), or
- one of the lesson's ``concepts`` names a phase (its words hold "phase", e.g. "Support Phase timing").

A timing reason that cites a **FAQ answer or a glossary entry** (``dbe:rules-faq.paying-dp``, ``dbe:glossary.proxy``)
is not "only the phase": that clause is the card's or the action's own rule, which says when it is used (an
attachment's "Pay X DP from this" in the Support Phase); ``Game.now`` only adds the phase it is now.

Anything else is refused, one line naming the file and the question (docs/lessons.md, *Questions that ask*).

>>> why_not_problems(load_lesson("cards/dbe/lessons/80-second-attack.yaml"))
["cards/dbe/lessons/80-second-attack.yaml: questions[2]: why-not 'support:gomamon': its right answer is only ..."]
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..core.errors import DigitutorError
from ..core.records import Reason
from .course import lesson_points
from .model import Lesson
from .questions import QuestionError, pose
from .tracker import LessonTracker

#: the words ``Game.now`` gives a timing reason ("... Now it is the Strategy Phase.")
TIMING = re.compile(r"(?:^|\s)Now it is the \S")
#: the sections whose clauses are a card's or an action's own rule, not the turn's phases ("dbe:rules-faq.x")
OWN_RULE_SECTION = re.compile(r"^[^:]+:[^.]*(?:faq|glossary)", re.IGNORECASE)
#: a concept that names a phase ("Support Phase timing", "The End Phase")
PHASE_CONCEPT = re.compile(r"\bphases?\b", re.IGNORECASE)


def is_timing(reason: Reason) -> bool:
    """A reason that says only "not in this phase": the engine's ``Game.now`` words, citing a clause of the turn
    (not a FAQ answer or a glossary entry, which is the action's own rule and when it applies)."""
    return bool(TIMING.search(reason.why)) and not OWN_RULE_SECTION.search(reason.citation.id)


def phase_is_rule(lesson: Lesson, reasons: Iterable[Reason]) -> bool:
    """Whether the phase is the lesson's rule: a note quotes a timing reason's clause, or a concept names a phase."""
    quoted = {clause for note in lesson.notes for clause in note.quotes}
    if any(reason.citation.id in quoted for reason in reasons):
        return True
    return any(PHASE_CONCEPT.search(concept) for concept in lesson.concepts)


def why_not_problems(lesson: Lesson) -> list[str]:
    """Each why-not question of the lesson whose right answers are only the phase while the phase is not the
    lesson's rule, one line each; questions that cannot be posed are left to ``lessons check``."""
    problems: list[str] = []
    tracker = LessonTracker(lesson)
    try:
        for played, _ in lesson_points(lesson):
            tracker.update(played)
            for number, question in tracker.questions_at(len(played.steps) - 1):
                if question.ask != "why-not":
                    continue
                try:
                    posed = pose(question, played, lesson)
                except QuestionError:
                    continue
                reasons = [item for choice in posed.right for item in choice.why if isinstance(item, Reason)]
                if reasons and all(is_timing(reason) for reason in reasons) and not phase_is_rule(lesson, reasons):
                    clauses = ", ".join(dict.fromkeys(reason.citation.id for reason in reasons))
                    problems.append(
                        f"{lesson.path}: questions[{number}]: why-not {question.action!r}: its right answer is only "
                        f"the phase ({clauses}), and the phase is not the lesson's rule (no note quotes it, no concept "
                        "names a phase): ask about the lesson's own rule"
                    )
    except DigitutorError:  # a script that does not play is lessons check's to report
        pass
    return problems

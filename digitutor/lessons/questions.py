"""Engine-graded questions: the choices and the right answers come from the engine at the question's point.

- ``may-now``: exactly one right choice among three or four: one allowed option of the learner's decision among
  options the rules refuse, or, where they refuse only one, that one among allowed ones ("which may you not do?").
- ``why-not``: right = any of ``Match.why_not(action)``'s cited reasons; wrong = other clauses the lesson cites.
- ``next-rule``: right = the governing (first) citation of the next step; wrong = other steps' governing clauses.
- ``what-next``: right = the next step's narration; wrong = other narrations of the lesson's game.

The next step is computed on a fork of the match (the learner's match is never changed); at a decision the
learner's answer is the lesson's scripted one. Choices are sorted by label, so their order says nothing.
"""

from __future__ import annotations

import copy
import random
import re
from dataclasses import dataclass

from ..core.errors import DigitutorError
from ..core.match import Match
from ..core.records import Decision, Option, Reason, Step
from ..rules.model import Citation, CitationKind
from .course import play_lesson, scripted_answer
from .model import Lesson, Question

#: the most wrong choices a question shows (drawn with a seeded shuffle from the lesson's own game)
WRONG_CHOICES = 3
#: the most choices a may-now question shows: one right, the others (at least ``MAY_NOW_OTHERS``) wrong
MAY_NOW_CHOICES = 4
MAY_NOW_OTHERS = 2
#: a may-now question where the rules refuse one option only: that one is the answer
MAY_NOT_PROMPT = "Which one of these may you not do now?"

PROMPTS = {
    "may-now": "Which of these may you do now?",
    "why-not": "Why can't you choose “{action}” now?",
    "next-rule": "Which rule decides what happens next?",
    "what-next": "What happens next?",
}


class QuestionError(DigitutorError):
    """A question that cannot be asked or answered at its point (the lesson check reports it)."""


@dataclass(frozen=True)
class Choice:
    """One clickable answer: whether the engine counts it right, and the citations that say why."""

    label: str
    right: bool
    why: tuple[Citation | Reason, ...]


@dataclass(frozen=True)
class Posed:
    """A question as the learner sees it at its point: the prompt and the choices, in a stable order."""

    prompt: str
    choices: tuple[Choice, ...]

    @property
    def right(self) -> tuple[Choice, ...]:
        return tuple(choice for choice in self.choices if choice.right)

    def grade(self, label: str) -> Choice:
        """The choice with this label (raises QuestionError for a label that is not one of the choices)."""
        for choice in self.choices:
            if choice.label == label:
                return choice
        raise QuestionError(f"{label[:80]!r} is not one of this question's choices")


def pose(
    question: Question, match: Match, lesson: Lesson, index: int | None = None, answer: str | None = None
) -> Posed:
    """The question as asked at the match's live end (or right after step ``index``); raises QuestionError.

    ``answer``: the learner's answer that next-rule and what-next assume at a decision (default: the script's,
    then the coach's, as the lesson is played to its end); the tutor passes its ★ suggestion.
    """
    at = len(match.steps) - 1 if index is None else index
    live = at == len(match.steps) - 1
    if question.ask in ("next-rule", "what-next"):
        step, answered = _next_step(match, lesson, at, live, answer)
        posed = (_next_rule if question.ask == "next-rule" else _what_next)(question, lesson, step, answered)
    else:
        posed = (_may_now if question.ask == "may-now" else _why_not)(question, match, lesson, at, live)
    if not any(choice.right for choice in posed.choices):
        raise QuestionError(f"{question.ask}: no choice is right")
    if all(choice.right for choice in posed.choices):
        raise QuestionError(f"{question.ask}: no choice is wrong, so it cannot be answered wrongly")
    return posed


def question_number(lesson: Lesson, question: Question) -> int:
    return next(i for i, q in enumerate(lesson.questions) if q is question or q == question)


# -- the point of a question -----------------------------------------------------------------------------


def _twin(match: Match, at: int, live: bool) -> Match:
    """An independent copy of the match right after step ``at``; at the live end the agents think on as they would."""
    twin = match.fork(at)
    if live:
        twin.agents = copy.deepcopy(match.agents)
    return twin


def _decision(match: Match, at: int, live: bool) -> tuple[Match, Decision]:
    """The learner's decision right after step ``at``, on a match standing at it."""
    if live and match.pending is not None:
        return match, match.pending
    twin = _twin(match, at, live)
    outcome = twin.advance()
    if not isinstance(outcome, Decision):
        raise QuestionError("no decision of the learner is waiting at this point")
    return twin, outcome


def _next_step(match: Match, lesson: Lesson, at: int, live: bool, answer: str | None = None) -> tuple[Step, str | None]:
    """The step after step ``at`` (the learner answering from the script), and that answer's label if one was given.

    An agent's decision is answered inside ``advance``, so at most one learner's decision comes first.
    """
    twin = _twin(match, at, live)
    outcome = twin.advance()
    if outcome is None:
        raise QuestionError("the game is over here: there is no next step")
    if isinstance(outcome, Step):
        return outcome, None
    answer = answer if answer is not None else scripted_answer(lesson, twin)
    option = _option(twin, answer) if answer is not None else None
    if option is None or not option.legal:  # the script does not fit the learner's game here: the first legal option
        option = next(iter(outcome.legal_options), None)
    if option is None:
        raise QuestionError(f"the learner has no legal answer to {outcome.kind!r} here")
    return twin.choose(option.key), option.label


def _option(match: Match, key: str) -> Option | None:
    """The pending decision's option a key names (option key, or the same naming cards by card id)."""
    assert match.pending is not None
    try:
        return match.pending.find(match.resolve_key(key).key)
    except DigitutorError:
        return None


#: the lesson's game played to the end, by lesson object (a lesson holds a dict, so it is not hashable)
_PLAYED: dict[int, tuple[Lesson, tuple[Step, ...]]] = {}


def _lesson_steps(lesson: Lesson) -> tuple[Step, ...]:
    """Every step of the lesson's game played to the end (the pool of wrong choices)."""
    kept = _PLAYED.get(id(lesson))
    if kept is None or kept[0] is not lesson:
        if len(_PLAYED) >= 64:
            _PLAYED.clear()
        kept = _PLAYED[id(lesson)] = (lesson, tuple(play_lesson(lesson).steps))
    return kept[1]


def _seeded(lesson: Lesson, question: Question) -> random.Random:
    return random.Random(f"{lesson.id}/{lesson.seed}/{question_number(lesson, question)}")


INSTANCE_ID = re.compile(r"p\d+\.c\d+")


def action_words(match: Match, key: str) -> str:
    """An action that is not an option of the decision, in words rather than the engine's key: its kind, then each
    card by name (``support:gomamon``: "Support with Gomamon"; ``attack:choice=circle``: "Attack (choice circle)")."""
    kind, *parts = key.split(":")
    table = match.state.instances
    by_id = {card.id.casefold(): card.name for card in table.cards}
    names, settings = [], []
    for part in parts:
        if "=" in part:
            settings.append(part.replace("=", " "))
        elif INSTANCE_ID.fullmatch(part) and (uid := table.uid(part)) is not None:
            names.append(table.cards[uid].name)
        else:
            names.append(by_id.get(part.casefold(), part))
    words = kind.replace("-", " ").capitalize() + (" with " + " and ".join(names) if names else "")
    return words + (f" ({', '.join(settings)})" if settings else "")


def _prompt(question: Question, **words: str) -> str:
    if question.text:
        return question.text
    return PROMPTS[question.ask].format(**words)


def _answered(prompt: str, label: str | None, question: Question) -> str:
    return prompt if label is None or question.text else f"You answer “{label}”. {prompt}"


def _sorted(choices: list[Choice]) -> tuple[Choice, ...]:
    return tuple(sorted(choices, key=lambda choice: (choice.label.casefold(), choice.label)))


# -- the four asks ------------------------------------------------------------------------------------------


def _may_now(question: Question, match: Match, lesson: Lesson, at: int, live: bool) -> Posed:
    """Exactly one right choice among three or four: one legal option among options the rules refuse or, where they
    refuse only one, that one among legal options ("may not"); a random click is right at most a third of the time.
    Each choice carries its cited reasons (a refused option's) or the decision's rule (an allowed one's)."""
    _, decision = _decision(match, at, live)
    seen: dict[str, Choice] = {}
    for option in decision.options:
        seen.setdefault(option.label, Choice(option.label, option.legal, option.reasons or decision.citations))
    allowed = [c for c in seen.values() if c.right]
    refused = [c for c in seen.values() if not c.right]
    rng = _seeded(lesson, question)
    if len(refused) >= MAY_NOW_OTHERS and allowed:
        wrong = rng.sample(refused, min(len(refused), MAY_NOW_CHOICES - 1))
        return Posed(_prompt(question), _sorted([*wrong, rng.choice(allowed)]))
    if len(refused) == 1 and len(allowed) >= MAY_NOW_OTHERS:
        others = [Choice(c.label, False, c.why) for c in rng.sample(allowed, min(len(allowed), MAY_NOW_CHOICES - 1))]
        return Posed(MAY_NOT_PROMPT, _sorted([*others, Choice(refused[0].label, True, refused[0].why)]))
    raise QuestionError(
        f"may-now: {decision.kind!r} has {len(allowed)} allowed and {len(refused)} refused option(s) here: one right "
        f"choice cannot stand among {MAY_NOW_OTHERS} wrong ones"
    )


def _rule_citations(steps: tuple[Step, ...], governing_only: bool) -> list[Citation]:
    """The distinct rulebook and interpretation citations of steps, in order of first use."""
    found: dict[str, Citation] = {}
    for step in steps:
        for citation in step.citations[:1] if governing_only else step.citations:
            if citation.kind is not CitationKind.CARD:
                found.setdefault(citation.id, citation)
    return list(found.values())


def _why_not(question: Question, match: Match, lesson: Lesson, at: int, live: bool) -> Posed:
    standing, decision = _decision(match, at, live)
    assert question.action is not None
    try:
        reasons = standing.why_not(question.action, decision.player)
    except DigitutorError as error:
        raise QuestionError(f"why-not: {question.action!r} is not an action here ({error})") from None
    if not reasons:
        raise QuestionError(f"why-not: {question.action!r} is legal here, so there is no reason it is not")
    right: dict[str, Choice] = {}
    for reason in reasons:
        right.setdefault(reason.citation.quote, Choice(reason.citation.quote, True, (reason,)))
    ids = {reason.citation.id for reason in reasons}
    pool = [c for c in _rule_citations(_lesson_steps(lesson), False) if c.id not in ids and c.quote not in right]
    wrong = [
        Choice(c.quote, False, (c,)) for c in _seeded(lesson, question).sample(pool, min(len(pool), WRONG_CHOICES))
    ]
    option = _option(standing, question.action)
    words = option.label if option is not None else action_words(standing, question.action)
    return Posed(_prompt(question, action=words), _sorted(list(right.values()) + wrong))


def _next_rule(question: Question, lesson: Lesson, step: Step, answered: str | None) -> Posed:
    if not step.citations:
        raise QuestionError("next-rule: the next step cites no rule")
    governing = step.citations[0]
    cited = {c.id for c in step.citations}  # the next step's other rules are not wrong answers either
    pool = [c for c in _rule_citations(_lesson_steps(lesson), True) if c.id not in cited and c.quote != governing.quote]
    wrong = [
        Choice(c.quote, False, (c,)) for c in _seeded(lesson, question).sample(pool, min(len(pool), WRONG_CHOICES))
    ]
    prompt = _answered(_prompt(question), answered, question)
    return Posed(prompt, _sorted([Choice(governing.quote, True, (governing,)), *wrong]))


def _what_next(question: Question, lesson: Lesson, step: Step, answered: str | None) -> Posed:
    told = step.narration_for(lesson.seat)
    others: dict[str, Step] = {}
    for other in _lesson_steps(lesson):
        text = other.narration_for(lesson.seat)
        if text != told:
            others.setdefault(text, other)
    picked = _seeded(lesson, question).sample(sorted(others), min(len(others), WRONG_CHOICES))
    wrong = [Choice(text, False, others[text].citations[:1]) for text in picked]
    prompt = _answered(_prompt(question), answered, question)
    return Posed(prompt, _sorted([Choice(told, True, step.citations[:1]), *wrong]))

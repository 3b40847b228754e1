"""Grading an exercise: ``grade(exercise, answers) -> Outcome``, a pure function of the exercise and the answers.

The exercise's board is laid out (the scenario board format), the learner answers their seat's decisions with
``answers`` in order, the other seat answers by its agent or script (seeded: the same answers give the same game),
and the play stops at the exercise's end (its ``until``, else the game's end) or as soon as the goal is decided
(see ``goals.py``: met, or no longer possible to meet). The outcome says success or failure, the step that
decided it and that step's governing clause (its first citation: id and verbatim quote).

**The deciding step.** Decided early, it is the step that decided the goal. Decided at the end, it is the step after
which the goal (read as if the exercise ended there) took the value it ends with and kept it: the step that put
the last security card in the trash, or the one that deleted Gabumon. When the goal had that value from the start
and nothing changed it, it is the exercise's last step: its end (so an exercise ends at the step whose rule says
why, e.g. ``until: {step: 1}`` right after the learner's block).

Answers are option keys as the engine names them (``attack:p0.c4``), the same keys naming cards by card id
(``attack:st1-03``) or by copy number (``attack:st1-03#2``). An answer the rules refuse, an answer missing where the
learner must decide, or one left over when the exercise is decided raises ``AnswerError`` naming it.

``ExercisePlay`` is the same play one answer at a time, for a panel that lets a learner play it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..core.errors import DigitutorError, InputError
from ..core.match import Match
from ..core.records import Decision, Step
from ..core.registry import get_game
from ..rules.model import Citation
from ..scenarios.naming import CopyNumbers
from .exercise_model import Exercise
from .goals import Board, evaluate, unmet_facts


class ExerciseError(DigitutorError):
    """An exercise that cannot be played as written: its board, its opponent's script, or an end that never comes."""


class AnswerError(DigitutorError):
    """A learner's answer the exercise cannot take: refused by the rules, missing, or one too many."""


@dataclass(frozen=True)
class Outcome:
    """How an exercise ended for a sequence of answers."""

    exercise: str  #: ``<lesson id>#<exercise id>``
    success: bool
    step: int  #: the deciding step's index (-1: no step was played)
    citation: Citation | None  #: the deciding step's governing (first) citation: id, verbatim quote, kind
    narration: str  #: what the deciding step did, in words
    early: bool  #: decided before the exercise's end
    last_step: int  #: the last step played
    answers: tuple[str, ...]  #: the learner's answers, as the engine names them
    labels: tuple[str, ...] = ()  #: each answer's option in words (``Attack the opponent with Agumon``)
    unmet: tuple[str, ...] = ()  #: a failure at the end: the goal's facts that do not hold, in words

    def to_json(self) -> dict[str, Any]:
        return {
            "exercise": self.exercise,
            "success": self.success,
            "step": self.step,
            "citation": self.citation.to_json() if self.citation is not None else None,
            "narration": self.narration,
            "early": self.early,
            "last_step": self.last_step,
            "answers": list(self.answers),
            "labels": list(self.labels),
            "unmet": list(self.unmet),
        }


def start_match(exercise: Exercise) -> Match:
    """The exercise's board laid out: ``human`` at the learner's seat (and at a scripted opponent's)."""
    seats = range(get_game(exercise.game).players)
    agents = tuple("human" if seat == exercise.seat else exercise.opponent for seat in seats)
    try:
        return Match(exercise.game, exercise.seed, exercise.setup, agents, exercise.path)
    except InputError as error:  # the board's fields, named under the exercise: exercises[0].board.players[1]...
        field = error.field.removeprefix("setup").removeprefix("board")
        raise InputError(exercise.path, f"{exercise.where}.board{field}", error.expected) from None


class ExercisePlay:
    """One play of an exercise: ``run`` to the learner's next decision, ``answer`` it, until ``outcome`` is set."""

    def __init__(self, exercise: Exercise, track: bool = True) -> None:
        """``track``: follow the goal's value after every step, to name the deciding step (off for a fast search)."""
        self.exercise = exercise
        self.match = start_match(exercise)
        self.board = Board(self.match, CopyNumbers(self.match.game, self.match.state, exercise.setup), [])
        self.track = track
        self.answers: list[str] = []
        self.labels: list[str] = []
        self.outcome: Outcome | None = None
        self._opponent_answers = 0
        self._values: list[bool] = [self._value()] if track else []  # before the first step, then after each

    @property
    def waiting(self) -> Decision | None:
        """The learner's decision the play waits for (None: decided, or not yet run)."""
        pending = self.match.pending
        if self.outcome is not None or pending is None or pending.player != self.exercise.seat:
            return None
        return pending

    def run(self) -> Decision | None:
        """Play on to the learner's next decision and return it; None once the exercise is decided."""
        while self.outcome is None:
            if self.waiting is not None:
                return self.waiting
            if len(self.match.steps) >= self.exercise.max_steps:
                where = f"{self.exercise.path}: {self.exercise.where}.until"
                steps = self.exercise.max_steps
                raise ExerciseError(f"{where}: the exercise does not end within {steps} steps (max_steps)")
            outcome = self.match.advance()
            if outcome is None:
                self._finish(early=False)
            elif isinstance(outcome, Step):
                self._after(outcome)
            elif outcome.player != self.exercise.seat:
                self._after(self._opponent(outcome))
            elif self.exercise.until is not None and self.exercise.until.matches_decision(outcome.kind):
                self._finish(early=False)
            else:
                self.board.decisions.append(outcome)
        return None

    def answer(self, key: str) -> Step:
        """Answer the learner's waiting decision; raises AnswerError with every cited reason the rules refuse it."""
        decision = self.waiting
        number = len(self.answers)
        if decision is None:
            decided = self.outcome
            why = f"the exercise was decided at step {decided.step}" if decided else "no decision waits (run first)"
            raise AnswerError(f"answers[{number}]: {key!r} is not used: {why}")
        try:
            step = self.match.choose(self.board.copies.resolve_key(self.match.state, key, decision.player))
        except DigitutorError as error:
            refused = f"answers[{number}]: {key!r} is refused at the {decision.kind} decision"
            raise AnswerError(f"{refused}: {error}") from None
        self.answers.append(self.match.decisions[-1].answer)
        option = decision.find(self.answers[-1])
        self.labels.append(option.label if option is not None else self.answers[-1])
        self._after(step)
        return step

    def _opponent(self, decision: Decision) -> Step:
        """The scripted opponent's next answer, then its first legal option."""
        script, number = self.exercise.opponent_script, self._opponent_answers
        self._opponent_answers += 1
        key = script[number] if number < len(script) else decision.legal_options[0].key
        try:
            return self.match.choose(self.board.copies.resolve_key(self.match.state, key, decision.player))
        except DigitutorError as error:
            where = f"{self.exercise.path}: {self.exercise.where}.opponent[{number}]"
            raise ExerciseError(f"{where}: refused: {error}") from None

    def _value(self) -> bool:
        return bool(evaluate(self.exercise.goal, self.board, final=True))

    def _after(self, step: Step) -> None:
        if self.track:
            self._values.append(self._value())
        until = self.exercise.until
        if self.match.over or (until is not None and until.matches_step(len(self.match.steps) - 1, step)):
            self._finish(early=False)
        elif evaluate(self.exercise.goal, self.board, final=False) is not None:
            self._finish(early=True)

    def _finish(self, early: bool) -> None:
        value = evaluate(self.exercise.goal, self.board, final=not early)
        success = bool(value)
        last = len(self.match.steps) - 1
        index = last if early else self._deciding_step(success)
        step = self.match.steps[index] if index >= 0 else None
        self.outcome = Outcome(
            exercise=self.exercise.name,
            success=success,
            step=index,
            citation=step.citations[0] if step is not None and step.citations else None,
            narration=step.narration if step is not None else "",
            early=early,
            last_step=last,
            answers=tuple(self.answers),
            labels=tuple(self.labels),
            unmet=() if success or early else tuple(unmet_facts(self.exercise.goal, self.board)),
        )

    def _deciding_step(self, final: bool) -> int:
        """The step after which the goal kept its final value (see the module's docstring)."""
        last = len(self.match.steps) - 1
        if not self.track:
            return last
        values = self._values  # values[0]: before the first step; values[i + 1]: after step i
        changed = max((i for i in range(len(values)) if values[i] != final), default=None)
        # values[changed + 1] is the first of the final run: the value after step ``changed``
        return last if changed is None else min(changed, last)


def legal_keys(decision: Decision) -> tuple[str, ...]:
    """The keys of a decision's legal options, in the engine's order."""
    return tuple(option.key for option in decision.legal_options)


def grade(exercise: Exercise, answers: Sequence[str]) -> Outcome:
    """Play ``exercise`` with the learner's ``answers``; success or failure, the deciding step and its clause.

    Raises AnswerError for an answer the rules refuse, an answer missing where the learner must decide, or an
    answer left over once the exercise is decided; ExerciseError (or InputError) for an exercise that cannot be played.
    """
    play = ExercisePlay(exercise)
    for key in answers:
        play.run()
        play.answer(key)
    decision = play.run()
    if decision is not None:
        legal = ", ".join(legal_keys(decision))
        waits = f"the exercise waits for the learner's {decision.kind} decision"
        raise AnswerError(f"answers[{len(play.answers)}]: missing: {waits} (legal: {legal})")
    assert play.outcome is not None
    return play.outcome

"""Which lesson notes and questions fire at which step of a match (each fires once, at its first match)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

from ..core.match import Match
from ..core.records import Step
from .model import Lesson, Moment, Note, Question

#: a question as it fires: its number in the lesson's ``questions`` (0-based) and the question
Fired = tuple[int, Question]


class LessonTracker:
    """Which lesson notes and questions fire at which step of a match (each once, at its first match).

    A step moment fires at that step's index; a decision moment at the index of the step the decision
    follows (the learner's answer is the next step). A lesson with an ``until`` ends at its first match
    (``end``): nothing of the lesson fires after it, and the learner may play on freely.
    """

    def __init__(self, lesson: Lesson | None) -> None:
        self.lesson = lesson
        self._reset()

    def _reset(self) -> None:
        self._at: dict[int, list[Note]] = {}
        self._asked: dict[int, list[Fired]] = {}
        self._fired: set[int] = set()
        self._fired_questions: set[int] = set()
        self._scanned = 0
        self._last: Step | None = None
        self._points: set[int] = set()
        #: the index of the step where the lesson ends (its ``until``), once the match has reached it
        self.end: int | None = None

    def notes_at(self, index: int) -> tuple[Note, ...]:
        return tuple(self._at.get(index, ()))

    def questions_at(self, index: int) -> tuple[Fired, ...]:
        """The questions that fire at step ``index`` (or at the learner's decision right after it), numbered."""
        return tuple(self._asked.get(index, ()))

    def latest(self, index: int) -> tuple[int, tuple[Note, ...]] | None:
        """The notes of the last step at or before ``index`` that has any."""
        best = max((i for i in self._at if i <= index), default=None)
        return None if best is None else (best, tuple(self._at[best]))

    def ended(self, index: int) -> bool:
        """True when the lesson has ended at or before step ``index`` (its ``until`` reached)."""
        return self.end is not None and index >= self.end

    def update(self, match: Match) -> None:
        """Scan the steps and decisions that are new since the last update (all, after a rewind)."""
        if self.lesson is None:
            return
        steps = match.steps
        if self._scanned > len(steps) or (self._scanned and steps[self._scanned - 1] is not self._last):
            self._reset()
        points = [(d.step - 1, d.kind) for d in match.decisions if d.by == "human"]
        if match.pending is not None:
            points.append((len(steps) - 1, match.pending.kind))
        self._find_end(steps, points)
        for index in range(self._scanned, len(steps)):
            self._fire(index, partial(_at_step, index=index, step=steps[index]))
        self._scanned = len(steps)
        self._last = steps[-1] if steps else None
        for index, kind in points:
            if index not in self._points:
                self._points.add(index)
                self._fire(index, partial(_at_decision, kind=kind))

    def _find_end(self, steps: Sequence[Step], points: list[tuple[int, str]]) -> None:
        """The first step or learner's decision matching the lesson's ``until`` (a decision follows its step)."""
        until = self.lesson.until if self.lesson is not None else None
        if until is None or self.end is not None:
            return
        found = [i for i in range(self._scanned, len(steps)) if until.matches_step(i, steps[i])]
        found += [index for index, kind in points if index not in self._points and until.matches_decision(kind)]
        self.end = min(found, default=None)

    def _fire(self, index: int, test: Callable[[Moment], bool]) -> None:
        assert self.lesson is not None
        if self.end is not None and index > self.end:  # after the lesson's end the learner plays on freely
            return
        for number, note in enumerate(self.lesson.notes):
            if number not in self._fired and test(note):
                self._fired.add(number)
                self._at.setdefault(index, []).append(note)
        for number, question in enumerate(self.lesson.questions):
            if number not in self._fired_questions and test(question):
                self._fired_questions.add(number)
                self._asked.setdefault(index, []).append((number, question))


def _at_step(moment: Moment, index: int, step: Step) -> bool:
    return moment.matches_step(index, step)


def _at_decision(moment: Moment, kind: str) -> bool:
    return moment.matches_decision(kind)

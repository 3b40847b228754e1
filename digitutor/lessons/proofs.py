"""Proving an exercise is a real one: a bounded search finds a line of answers that solves it and one that fails it.

The search is depth-first over the learner's legal option keys, in the engine's order, at each of the learner's
decisions; a line stops where the exercise is decided (its end, or the goal decided early, as ``grade`` plays it).
Each node is one prefix of answers, replayed from the board (the opponent's seeded answers stay the same). The
search stops when it has one line of each kind, when every line is tried, or at its node budget: then the
proof says "search cut at N nodes" for what it has not found.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .exercise_model import Exercise
from .exercises import ExercisePlay, Outcome, grade, legal_keys

DEFAULT_BUDGET = 2000


@dataclass(frozen=True)
class Proof:
    """What the search found: a solving and a failing line (each graded), how many nodes it tried, and whether it
    stopped at its budget before trying every line."""

    exercise: Exercise
    solving: Outcome | None
    failing: Outcome | None
    nodes: int
    cut: bool  #: the budget ran out before every line was tried

    @property
    def proved(self) -> bool:
        return self.solving is not None and self.failing is not None

    def missing(self) -> list[str]:
        """What is not proved, in words: ``cannot be failed: ...``, ``no solving line found: search cut at N nodes``."""
        found = []
        for line, kind, never in (
            (self.solving, "solving", "cannot be solved: no line of answers meets the goal"),
            (self.failing, "failing", "cannot be failed: every line of answers meets the goal"),
        ):
            if line is None:
                found.append(
                    f"no {kind} line found: search cut at {self.nodes} nodes"
                    if self.cut
                    else f"{never} (all {self.nodes} nodes tried)"
                )
        return found

    def to_json(self) -> dict[str, Any]:
        return {
            "exercise": self.exercise.name,
            "lesson": self.exercise.path,
            "id": self.exercise.id,
            "title": self.exercise.title,
            "proved": self.proved,
            "nodes": self.nodes,
            "cut": self.cut,
            "solving": self.solving.to_json() if self.solving else None,
            "failing": self.failing.to_json() if self.failing else None,
            "missing": self.missing(),
        }


def prove(exercise: Exercise, budget: int = DEFAULT_BUDGET) -> Proof:
    """Search the learner's choices for one solving and one failing line, trying at most ``budget`` nodes."""
    found: dict[bool, tuple[str, ...]] = {}
    stack: list[tuple[str, ...]] = [()]
    nodes = 0
    while stack and len(found) < 2:
        if nodes >= budget:
            break
        nodes += 1
        line = stack.pop()
        play = ExercisePlay(exercise, track=False)
        for key in line:
            play.run()
            play.answer(key)
        decision = play.run()
        if decision is None:
            assert play.outcome is not None
            found.setdefault(play.outcome.success, line)
            continue
        stack.extend((*line, key) for key in reversed(legal_keys(decision)))
    lines = {success: grade(exercise, line) for success, line in found.items()}  # graded again: the deciding step
    return Proof(exercise, lines.get(True), lines.get(False), nodes, cut=bool(stack) and len(found) < 2)

"""A moment of a lesson's game: the first step, or learner's decision, matching every key of a ``when``.

Notes (``when``), questions (``at``), a lesson's end (``until``) and an exercise's end (``until``) name moments.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core.errors import InputError, excerpt
from ..core.records import Step

STEP_KEYS = {"step", "phase", "narration", "event", "cites"}
WHEN_KEYS = STEP_KEYS | {"decision"}


@dataclass(frozen=True)
class Moment:
    """A point of a lesson's game: the first step, or learner's decision, matching every key of ``when``."""

    when: tuple[tuple[str, Any], ...]

    @property
    def on_decision(self) -> bool:
        return any(key == "decision" for key, _ in self.when)

    def matches_step(self, index: int, step: Step) -> bool:
        """True when every key of ``when`` holds for step ``index``."""
        checks = {
            "step": lambda v: index == v,
            "phase": lambda v: step.phase == v,
            "narration": lambda v: v in step.narration,
            "event": lambda v: any(event.kind == v for event in step.events),
            "cites": lambda v: any(citation.id == v for citation in step.citations),
        }
        return not self.on_decision and all(checks[key](value) for key, value in self.when)

    def matches_decision(self, kind: str) -> bool:
        return self.on_decision and dict(self.when)["decision"] == kind


def parse_when(when: Any, where: str, source: str, phases: set[str]) -> tuple[tuple[str, Any], ...]:
    """A note's ``when`` (a question's ``at``): some of the WHEN_KEYS, each with a value of its type."""
    if not isinstance(when, dict) or not when or set(when) - WHEN_KEYS:
        raise InputError(source, where, f"expected a mapping with some of {', '.join(sorted(WHEN_KEYS))}")
    if "decision" in when and set(when) != {"decision"}:
        raise InputError(source, where, "a decision moment takes only the key 'decision'")
    for key, value in when.items():
        kind = int if key == "step" else str
        if not isinstance(value, kind) or isinstance(value, bool):
            raise InputError(source, f"{where}.{key}", f"expected a {kind.__name__}, got {excerpt(value)}")
    if "phase" in when and when["phase"] not in phases:
        expected = f"expected one of {', '.join(sorted(phases))}, got {excerpt(when['phase'])}"
        raise InputError(source, f"{where}.phase", expected)
    return tuple(sorted(when.items()))

"""Frozen, self-describing records of what the engine did and what it asks."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..rules.model import Citation
from .errors import IllegalActionError


@dataclass(frozen=True, slots=True)
class Event:
    """One structured fact of a step: a card moved, a counter changed, a coin landed."""

    kind: str
    player: int | None = None
    cards: tuple[str, ...] = ()
    data: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"kind": self.kind}
        if self.player is not None:
            doc["player"] = self.player
        if self.cards:
            doc["cards"] = list(self.cards)
        doc.update(self.data)
        return doc


@dataclass(frozen=True, slots=True)
class Step:
    """What happened in one step, and the rule(s) that made it happen.

    A step's index is its position in the match's history.
    """

    turn: int
    player: int | None
    phase: str
    narration: str
    citations: tuple[Citation, ...]
    events: tuple[Event, ...] = ()

    def to_json(self, index: int) -> dict[str, Any]:
        return {
            "index": index,
            "turn": self.turn,
            "player": self.player,
            "phase": self.phase,
            "narration": self.narration,
            "citations": [c.to_json() for c in self.citations],
            "events": [e.to_json() for e in self.events],
        }


@dataclass(frozen=True, slots=True)
class Reason:
    """One reason an option is illegal: plain words for the learner, and the rule behind them."""

    why: str
    citation: Citation

    def to_json(self) -> dict[str, Any]:
        return {"why": self.why, **self.citation.to_json()}


@dataclass(frozen=True, slots=True)
class Option:
    """One answer to a decision; an illegal one carries every reason, each cited."""

    key: str
    label: str
    reasons: tuple[Reason, ...] = ()  #: every reason it is not allowed; empty when legal

    @property
    def legal(self) -> bool:
        return not self.reasons

    def to_json(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"key": self.key, "label": self.label, "legal": self.legal}
        if self.reasons:
            doc["why_not"] = [c.to_json() for c in self.reasons]
        return doc


@dataclass(frozen=True, slots=True)
class Decision:
    """The engine stops here until ``player`` picks one of ``options``."""

    player: int
    kind: str  #: a stable name for the kind of choice, e.g. ``battle-call``
    prompt: str
    options: tuple[Option, ...]
    citations: tuple[Citation, ...]
    resolve: Callable[[str], Step] = field(repr=False, compare=False)
    phase: str = ""

    @property
    def legal_options(self) -> tuple[Option, ...]:
        return tuple(o for o in self.options if o.legal)

    def option(self, key: str) -> Option:
        for option in self.options:
            if option.key == key:
                return option
        known = ", ".join(o.key for o in self.legal_options)
        raise IllegalActionError(f"{key!r} is not an option of this decision ({self.kind}); legal: {known}")

    def choose(self, key: str) -> Step:
        """Check ``key`` against the rules (the same check that built the options), then apply it."""
        option = self.option(key)
        if not option.legal:
            raise IllegalActionError(f"{option.label!r} is not allowed", option.reasons)
        return self.resolve(key)

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "kind": self.kind,
            "prompt": self.prompt,
            "options": [o.to_json() for o in self.options],
            "citations": [c.to_json() for c in self.citations],
        }


@dataclass(frozen=True, slots=True)
class Result:
    """How a game ended."""

    winner: int | None  #: None for a draw
    reason: str
    scores: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"winner": self.winner, "reason": self.reason, "scores": list(self.scores)}

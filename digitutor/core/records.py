"""Frozen, self-describing records of what the engine did and what it asks."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Any

import msgspec
import msgspec.structs

from ..rules.citations import in_rulebook_order
from ..rules.model import Citation
from .actions import Action
from .errors import IllegalActionError

HIDDEN_CARD = "a face-down card"


class Event(msgspec.Struct, frozen=True):
    """One structured fact of a step: a card moved, a counter changed, a coin landed.

    ``cards`` are instance ids and ``names`` what is printed on them; ``visible_to``
    says which players may see which cards they are (None: everyone). To any other
    viewer the event shows only that something happened to face-down cards.
    """

    kind: str
    player: int | None = None
    cards: tuple[str, ...] = ()
    names: tuple[str, ...] = ()
    data: dict[str, Any] = msgspec.field(default_factory=dict)
    visible_to: tuple[int, ...] | None = None

    def seen_by(self, viewer: int | None) -> bool:
        """May ``viewer`` (None: the all-seeing judge's view) see which cards this event names?"""
        return viewer is None or self.visible_to is None or viewer in self.visible_to

    def to_json(self, viewer: int | None = None) -> dict[str, Any]:
        doc: dict[str, Any] = {"kind": self.kind}
        if self.player is not None:
            doc["player"] = self.player
        if self.cards:
            if self.seen_by(viewer):
                doc["cards"] = list(self.names)
                doc["instances"] = list(self.cards)
            else:
                doc["cards"] = [HIDDEN_CARD] * len(self.cards)
        doc.update(self.data)
        return doc


def seat_name(seat: int) -> str:
    """A player as every game names them: ``Player 1`` for seat 0."""
    return f"Player {seat + 1}"


def judges_view(events: Iterable[Event]) -> str:
    """The cards a step's events hide from some seat, named for the judge (who sees everything): " Judge's view:
    Gomamon, Palmon (only Player 1 sees them)." ("" when the step hides nothing). A step whose narration already
    tells each viewer what it may see carries that in ``Step.views`` instead."""
    hidden: dict[tuple[int, ...], list[str]] = {}
    for event in events:
        if event.cards and event.visible_to is not None:
            hidden.setdefault(event.visible_to, []).extend(event.names)
    if not hidden:
        return ""
    parts = []
    for seats, names in hidden.items():
        them = "them" if len(names) > 1 else "it"
        who = (
            f"only {' and '.join(seat_name(seat) for seat in seats)} {'see' if len(seats) > 1 else 'sees'} {them}"
            if seats
            else f"no player sees {them}"
        )
        parts.append(f"{', '.join(names)} ({who})")
    return " Judge's view: " + "; ".join(parts) + "."


def words_used(glossary: Iterable[Citation], cited: Iterable[Citation] = ()) -> tuple[Citation, ...]:
    """A step's glossary: each term's definition once, none that the step already quotes as a rule."""
    return _words_used(tuple(glossary), tuple(cited))


@lru_cache(maxsize=8192)  # steps use the same few terms with the same few rules again and again
def _words_used(glossary: tuple[Citation, ...], cited: tuple[Citation, ...]) -> tuple[Citation, ...]:
    quoted = set(cited)
    return tuple(c for c in dict.fromkeys(glossary) if c not in quoted)


class Step(msgspec.Struct, frozen=True):
    """What happened in one step, and the rule(s) that made it happen.

    A step's index is its position in the match's history. ``turn`` and ``phase`` say when it
    happened: the setup's steps are turn 0, the step that ends a turn carries that turn (the
    state after it is already the next one's), and an effect shows the phase it resolves in.
    ``narration`` is what every seat may read; ``views`` holds the narration as a viewer who may see
    more reads it — a seat (0, 1) naming cards only it sees, or the judge (None), who sees everything —
    for the viewers it differs for.
    """

    turn: int
    player: int | None
    phase: str
    narration: str
    citations: tuple[Citation, ...]  #: the governing one first, then the others in rulebook order
    events: tuple[Event, ...] = ()
    #: terms the step uses, each with the clause that defines it: a glossary link, not a rule that made it happen
    glossary: tuple[Citation, ...] = ()
    views: tuple[tuple[int | None, str], ...] = ()

    def __post_init__(self) -> None:
        if len(self.citations) > 1:  # (one citation is in order already: the common case costs one len())
            msgspec.structs.force_setattr(self, "citations", in_rulebook_order(tuple(self.citations)))

    def narration_for(self, viewer: int | None) -> str:
        """The narration as ``viewer`` may read it (None: the judge's view, which names every card)."""
        for seat, told in self.views:
            if seat == viewer:
                return told
        if viewer is None:
            return self.narration + judges_view(self.events)
        return self.narration

    def to_json(self, index: int, viewer: int | None = None) -> dict[str, Any]:
        return {
            "index": index,
            "turn": self.turn,
            "player": self.player,
            "phase": self.phase,
            "narration": self.narration_for(viewer),
            "citations": [c.to_json() for c in self.citations],
            "events": [e.to_json(viewer) for e in self.events],
            **({"glossary": [c.to_json() for c in self.glossary]} if self.glossary else {}),
        }


class Reason(msgspec.Struct, frozen=True):
    """One reason an option is illegal: plain words for the learner, and the rule behind them."""

    why: str
    citation: Citation

    def to_json(self) -> dict[str, Any]:
        return {"why": self.why, **self.citation.to_json()}


class Option(msgspec.Struct, frozen=True):
    """One answer to a decision: an action; an illegal one carries every reason, each cited."""

    action: Action
    label: str
    reasons: tuple[Reason, ...] = ()  #: every reason it is not allowed; empty when legal

    @property
    def key(self) -> str:
        return self.action.key

    @property
    def legal(self) -> bool:
        return not self.reasons

    def to_json(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"key": self.key, "label": self.label, "legal": self.legal}
        if self.reasons:
            doc["why_not"] = [c.to_json() for c in self.reasons]
        return doc


class Decision(msgspec.Struct, frozen=True):
    """The engine stops here until ``player`` answers with an action: plain data, no closure.

    Answering is ``game.apply(state, action)``, which checks the action with the same
    ``why_not`` that built the options.
    """

    player: int
    kind: str  #: a stable name for the kind of choice, e.g. ``battle-call``
    prompt: str
    options: tuple[Option, ...]
    citations: tuple[Citation, ...]
    phase: str = ""

    @property
    def legal_options(self) -> tuple[Option, ...]:
        return tuple([o for o in self.options if not o.reasons])

    def seen_by(self, viewer: int | None) -> bool:
        """May ``viewer`` (None: the judge's view) see this decision, its options and the answer given to it?

        Only the deciding player may: the options show that player's hand, and the answer may be a
        secret choice (a trace shows another player's answer only as its kind).
        """
        return viewer is None or viewer == self.player

    def find(self, key: str) -> Option | None:
        for option in self.options:
            if option.key == key:
                return option
        return None

    def option(self, key: str) -> Option:
        option = self.find(key)
        if option is None:
            known = ", ".join(o.key for o in self.legal_options)
            raise IllegalActionError(f"{key[:80]!r} is not an option of this decision ({self.kind}); legal: {known}")
        return option

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "kind": self.kind,
            "prompt": self.prompt,
            "options": [o.to_json() for o in self.options],
            "citations": [c.to_json() for c in self.citations],
        }


class Result(msgspec.Struct, frozen=True):
    """How a game ended."""

    winner: int | None  #: None for a draw
    reason: str
    scores: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"winner": self.winner, "reason": self.reason, "scores": list(self.scores)}

"""Records for the rulebook corpus: clauses, citations and interpretations."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from enum import StrEnum

import msgspec


class ClauseKind(StrEnum):
    """What part of a rulebook a clause is."""

    SECTION = "section"  #: a heading; its text is the heading line
    PARAGRAPH = "paragraph"  #: a block of prose
    STEP = "step"  #: a numbered step of a procedure, at any depth
    BULLET = "bullet"  #: an item of an unnumbered list
    GLOSSARY = "glossary"  #: a defined term with its definition
    FAQ = "faq"  #: a question with its answer


class CitationKind(StrEnum):
    """Whether a citation quotes the rulebook or the tutor's own reading."""

    RULE = "rule"  #: a verbatim quote of the shipped rulebook
    INTERPRETATION = "interpretation"  #: a named assumption where the rulebook is silent
    CARD = "card"  #: a card's own effect text, quoted from its card file


def content_hash(text: str) -> str:
    """The short hash that pins a clause's text (first 10 hex digits of SHA-256)."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:10]


@dataclass(frozen=True, slots=True)
class Clause:
    """One addressable piece of a rulebook, quoted verbatim from its span."""

    id: str  #: ``<game>:<section-slug>[.<n>...]``
    game: str
    kind: ClauseKind
    breadcrumb: str  #: e.g. ``Battle Phase › 4 › 1 › 1``
    text: str  #: exactly ``rulebook[start:end]``
    start: int
    end: int
    hash: str  #: ``content_hash(text)``
    parent: str | None = None
    children: tuple[str, ...] = ()
    note: str | None = None  #: editor's note where the copy lost something


@dataclass(frozen=True, slots=True)
class Interpretation:
    """A named, documented reading where a rulebook is silent or ambiguous."""

    id: str  #: ``<game>:interpretation.<slug>``
    game: str
    title: str
    text: str  #: the assumption, in the tutor's own words
    why: str  #: which gap it fills and why this reading was chosen
    fills: tuple[str, ...] = ()  #: clause ids whose silence it answers


class Citation(msgspec.Struct, frozen=True, cache_hash=True):  # hashed often: steps and caches key on them
    """What a step, a refusal or a scenario carries: a clause id and its quote."""

    id: str
    quote: str
    kind: CitationKind = CitationKind.RULE

    def to_json(self) -> dict[str, str]:
        return {"id": self.id, "quote": self.quote, "kind": str(self.kind)}


@dataclass(frozen=True, slots=True)
class SearchHit:
    """A clause found by a search, with how well it matched."""

    clause: Clause
    score: float = field(default=0.0)

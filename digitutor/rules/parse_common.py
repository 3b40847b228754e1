"""Shared machinery for the rulebook parsers: lines, spans and a clause-tree builder.

A parser walks the exact rulebook text and calls :class:`BookBuilder` for every
heading, paragraph, step, bullet, glossary entry or FAQ entry it finds; the
builder turns character spans into verbatim, hashed :class:`Clause` records with
ids, breadcrumbs and parent/child links.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from digitutor.rules.model import Clause, ClauseKind, content_hash

CRUMB = " › "


@dataclass(frozen=True, slots=True)
class Line:
    """One line of a rulebook: its offset and its text without the newline."""

    start: int
    text: str

    @property
    def end(self) -> int:
        return self.start + len(self.text)

    @property
    def blank(self) -> bool:
        return not self.text.strip()

    @property
    def indent(self) -> int:
        return len(self.text) - len(self.text.lstrip(" "))


def iter_lines(text: str) -> Iterator[Line]:
    """Every line of ``text`` with its offset (only ``\\n`` ends a line)."""
    pos = 0
    for raw in text.split("\n"):
        yield Line(pos, raw)
        pos += len(raw) + 1


def trim(text: str, start: int, end: int) -> tuple[int, int]:
    """Shrink ``[start, end)`` so that it neither starts nor ends with whitespace."""
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end


def after_match(line: Line, pattern: re.Pattern[str]) -> int:
    """Offset just past ``pattern`` matched at the start of ``line`` (a list marker)."""
    match = pattern.match(line.text)
    return line.start + (match.end() if match else 0)


@dataclass(eq=False)
class Draft:
    """A clause under construction."""

    path: str  #: the id without its ``<game>:`` prefix
    kind: ClauseKind
    breadcrumb: str
    start: int
    end: int
    parent: Draft | None
    synthetic: bool = False  #: a heading the copy lost; its span is its content
    children: list[Draft] = field(default_factory=list)
    counters: dict[str, int] = field(default_factory=dict)

    def next_local(self, prefix: str) -> str:
        """The next ``p<n>`` / ``b<n>`` name among this clause's children."""
        self.counters[prefix] = self.counters.get(prefix, 0) + 1
        return f"{prefix}{self.counters[prefix]}"

    def has_child(self, path: str) -> bool:
        return any(child.path == path for child in self.children)


class BookBuilder:
    """Collects the clauses of one rulebook in document order."""

    def __init__(self, game: str, text: str) -> None:
        self.game = game
        self.text = text
        self.drafts: list[Draft] = []
        self._paths: set[str] = set()

    def add(
        self,
        kind: ClauseKind,
        path: str,
        title: str,
        start: int,
        end: int,
        parent: Draft | None,
    ) -> Draft:
        """Add a clause whose text is ``text[start:end]`` trimmed of whitespace."""
        start, end = trim(self.text, start, end)
        if start >= end:
            raise ValueError(f"{self.game}: empty clause {path!r} at offset {start}")
        return self._register(kind, path, title, start, end, parent, synthetic=False)

    def add_local(self, kind: ClauseKind, prefix: str, start: int, end: int, parent: Draft) -> Draft:
        """Add an unnumbered paragraph (``p``) or bullet (``b``) under ``parent``."""
        local = parent.next_local(prefix)
        return self.add(kind, f"{parent.path}.{local}", local, start, end, parent)

    def add_synthetic_section(self, path: str, title: str, at: int) -> Draft:
        """A section for a heading the copy lost; its text becomes its whole content."""
        return self._register(ClauseKind.SECTION, path, title, at, at, None, synthetic=True)

    def _register(
        self,
        kind: ClauseKind,
        path: str,
        title: str,
        start: int,
        end: int,
        parent: Draft | None,
        *,
        synthetic: bool,
    ) -> Draft:
        if path in self._paths:
            raise ValueError(f"duplicate clause id {self.game}:{path}")
        self._paths.add(path)
        crumb = f"{parent.breadcrumb}{CRUMB}{title}" if parent else title
        draft = Draft(path, kind, crumb, start, end, parent, synthetic=synthetic)
        if parent is not None:
            parent.children.append(draft)
        self.drafts.append(draft)
        return draft

    def clauses(self, notes: dict[str, str] | None = None) -> list[Clause]:
        """The finished clauses, in document order, with editor's notes attached."""
        notes = notes or {}
        for draft in reversed(self.drafts):  # children before parents
            if draft.synthetic and draft.children:
                draft.start = min(d.start for d in draft.children)
                draft.end = max(d.end for d in draft.children)
        result = []
        for draft in self.drafts:
            ident = self._id(draft)
            text = self.text[draft.start : draft.end]
            result.append(
                Clause(
                    id=ident,
                    game=self.game,
                    kind=draft.kind,
                    breadcrumb=draft.breadcrumb,
                    text=text,
                    start=draft.start,
                    end=draft.end,
                    hash=content_hash(text),
                    parent=self._id(draft.parent) if draft.parent else None,
                    children=tuple(self._id(child) for child in draft.children),
                    note=notes.get(ident),
                )
            )
        return result

    def _id(self, draft: Draft) -> str:
        return f"{self.game}:{draft.path}"

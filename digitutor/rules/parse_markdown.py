"""Parser for the markdown rulebook: ``dcg`` (Digimon Card Game rule manual 3.0).

Blocks are separated by blank lines. ``#`` headings open sections; ``- ``, ``● ``
and ``• `` lines start bullets, ``1. ``, ``- 1 `` and ``① `` lines start numbered
steps; any other line continues the current item or starts a paragraph. The
copy came from a PDF, so some heading levels are wrong and a few section ids
are chosen by hand: see :data:`LEVELS` and :data:`SECTION_IDS`.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from digitutor.rules.model import ClauseKind
from digitutor.rules.parse_common import BookBuilder, Draft, Line, iter_lines
from digitutor.rules.slugs import circled_number, clean_title, term_slug

SECTION, PARAGRAPH = ClauseKind.SECTION, ClauseKind.PARAGRAPH
STEP, BULLET = ClauseKind.STEP, ClauseKind.BULLET

_HEADING = re.compile(r"(#{1,6})[ \t]+")
_HEADING_MARKS = re.compile(r"(?:\\\*|\*\*|[●•\u2460-\u2473])\s*")
_LETTER_ENUM = re.compile(r"^[A-F]\.\s*")  # "A. Playing Digimon", "E.Attacking"
_ITEM_MARKERS: tuple[tuple[re.Pattern[str], ClauseKind], ...] = (
    (re.compile(r"- (?P<n>\d+) +"), STEP),  # "- 1 Shuffle your deck"
    (re.compile(r"(?P<n>\d+)\. +"), STEP),
    (re.compile(r"(?P<c>[\u2460-\u2473]) +"), STEP),  # "① Attack Effect A"
    (re.compile(r"[-*] +"), BULLET),
    (re.compile(r"[●•] *"), BULLET),
)

#: heading levels fixed by hand where the PDF conversion got them wrong (by title)
LEVELS = {
    "Tamer Cards": 3,
    "Option Cards": 3,
    "What Happens if a Digimon's DP Falls to Zero?": 3,
    "Attacking the Opposing Player": 3,
    "Check the security effect": 4,
    "Digimon Cards": 5,
    "Option and Tamer Cards": 5,
    "Main Phase F": 1,
    "Burst Digivolve": 1,
    "Card Text Standardization": 1,
    "Partial Revisions to Digimon Card Game Rules": 1,
}

#: section ids chosen by hand (by title): the attack procedure reads as one path,
#: and two very long headings get short names
SECTION_IDS = {
    "E.Attacking": "attacking",
    "Comparing DP": "attacking.comparing-dp",
    "Attacking the Opponent's Digimon Blocking an Opponent's Digimon": "attacking.battle",
    "Attacking the Opposing Player": "attacking.security-check",
    "Check the security effect": "attacking.security-check.security-effect",
    "Digimon Cards": "attacking.security-check.digimon-cards",
    "Option and Tamer Cards": "attacking.security-check.option-and-tamer-cards",
    "The following items are required to play the Digimon Card Game.": "decks.required-items",
    "Conditions for Digimon to Be Movable to Battle Areas, and Ruling for Lv.2 Digimon "
    "Appearing in Battle Areas": "movable-to-battle-areas",
}

_TABLE_OF_CONTENTS = "Table of Contents"


@dataclass
class _Item:
    """A bullet, step or paragraph whose end is not known yet."""

    kind: ClauseKind
    number: int | None
    start: int
    end: int


def _item_number(match: re.Match[str]) -> int | None:
    """The number a step marker carries (``1.``, ``- 1``, ``①``); None for bullets."""
    groups = match.groupdict()
    if groups.get("n"):
        return int(groups["n"])
    return circled_number(groups.get("c") or "")


def heading_slug(title: str) -> str:
    """The default slug of a dcg heading (enumerating letters, "(Ver. 3.0)" dropped)."""
    return term_slug(_LETTER_ENUM.sub("", title))


def parse_dcg(book: BookBuilder) -> None:
    """Digimon Card Game."""
    _MarkdownParser(book).run()


class _MarkdownParser:
    """Walks the markdown line by line, keeping the open sections on a stack."""

    def __init__(self, book: BookBuilder) -> None:
        self.book = book
        self.stack: list[tuple[int, Draft]] = []  #: open sections with their levels
        self.item: _Item | None = None
        self.lines = list(iter_lines(book.text))
        self.slug_counts = self._count_default_slugs()

    def _count_default_slugs(self) -> Counter[str]:
        """How often each default heading slug occurs (a repeated one gets its parent's)."""
        counts: Counter[str] = Counter()
        for line in self.lines:
            if _HEADING.match(line.text) and self._is_numbered(line) is None:
                title = self._title(line)[2]
                if title not in SECTION_IDS:
                    counts[heading_slug(title)] += 1
        return counts

    @property
    def section(self) -> Draft | None:
        return self.stack[-1][1] if self.stack else None

    def run(self) -> None:
        for line in self.lines:
            if line.blank:
                self._flush()
            elif _HEADING.match(line.text):
                self._flush()
                self._heading(line)
            else:
                self._text_line(line)
        self._flush()

    def _title(self, line: Line) -> tuple[int, int, str]:
        """Span and cleaned title of a heading line, without ``#``, ``**``, ``●``, ``①``."""
        match = _HEADING.match(line.text)
        assert match is not None
        start, end = line.start + match.end(), line.end
        text = self.book.text
        while (mark := _HEADING_MARKS.match(text, start, end)) and mark.end() > start:
            start = mark.end()
        heading = text[start:end].rstrip().removesuffix("**").rstrip()
        return start, start + len(heading), clean_title(heading)

    @staticmethod
    def _is_numbered(line: Line) -> int | None:
        """The number of a ``## ① Unsuspend Phase`` heading, else None."""
        return circled_number(line.text.lstrip("#").strip()[:1])

    def _heading(self, line: Line) -> None:
        match = _HEADING.match(line.text)
        assert match is not None
        start, end, title = self._title(line)
        level = LEVELS.get(title, len(match.group(1)))
        while self.stack and self.stack[-1][0] >= level:
            self.stack.pop()
        parent = self.section
        path = self._section_path(line, title, parent)
        self.stack.append((level, self.book.add(SECTION, path, title, start, end, parent)))

    def _section_path(self, line: Line, title: str, parent: Draft | None) -> str:
        """Hand-picked id, ``<parent>.<n>`` for ① headings, else the (unique) slug."""
        if title in SECTION_IDS:
            return SECTION_IDS[title]
        number = self._is_numbered(line)
        if number is not None and parent is not None:
            return f"{parent.path}.{number}"
        slug = heading_slug(title)
        if self.slug_counts[slug] > 1 and parent is not None:
            return f"{parent.path}.{slug}"
        return slug

    def _text_line(self, line: Line) -> None:
        if self.section is None:
            cover = self.book.add_synthetic_section("cover", "Cover", line.start)
            self.stack.append((1, cover))  # the first heading closes it
        # the contents list is kept whole: its "* Paying Memory Costs" lines are not bullets
        in_contents = self.section is not None and self.section.breadcrumb.endswith(_TABLE_OF_CONTENTS)
        for pattern, kind in () if in_contents else _ITEM_MARKERS:
            match = pattern.match(line.text, line.indent)
            if match:
                self._flush()
                self.item = _Item(kind, _item_number(match), line.start + match.end(), line.end)
                return
        if self.item is None:
            self.item = _Item(PARAGRAPH, None, line.start, line.end)
        else:
            self.item.end = line.end

    def _flush(self) -> None:
        """Add the pending item under the current section."""
        item, self.item = self.item, None
        section = self.section
        if item is None or section is None:
            return
        if item.kind is STEP:
            path = f"{section.path}.{item.number}"
            self.book.add(STEP, path, str(item.number), item.start, item.end, section)
        else:
            prefix = "b" if item.kind is BULLET else "p"
            self.book.add_local(item.kind, prefix, item.start, item.end, section)

"""Deck lists as players paste them, and finding a card by its id, printed number or name.

A text deck list has one card a line: ``4 Gabumon ST2-03``, ``4 Gabumon``, ``4x ST2-03``,
``ST2-03 x4`` or ``4 ST2-03``. Blank lines, ``//`` and ``#`` comments and section headers
(``Digimon``, ``Digi-Egg``, ``Tamer``, ``Option``, ``// Digimon (16)``) are skipped; a header
says which part of the deck the lines after it go to (the Digi-Egg deck, the Destiny Zone).

A list is read line by line into counts only: it is capped by its number of lines, and its
copies are summed, before any card is looked up or built.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from typing import Any

from .core.errors import InputError, counted, excerpt

#: the most lines a text deck list may have (the biggest deck, 50 cards and 5 Digi-Eggs, needs 55 and a few headers)
MAX_LINES = 1_000
#: the closest cards an unknown card's line names
CLOSEST = 3

#: a line that only a YAML deck file has: a top-level field of the deck format
_YAML_FIELD = re.compile(r"^(?:game|name|cards|eggs|destiny|partner)\s*:", re.MULTILINE)
_COUNT_FIRST = re.compile(r"^(\d+)\s*[x×]?\s+(\S.*)$", re.IGNORECASE)
_COUNT_LAST = re.compile(r"^(\S.*?)\s+[x×]\s*(\d+)$", re.IGNORECASE)
_TRAILING_COMMENT = re.compile(r"\s+(?://|#).*$")
_HEADER = re.compile(r"^([a-z][a-z \-]*?)\s*(?:\(\s*\d+\s*\))?\s*:?$")

#: section headers players write, each with the part of the deck its lines go to
SECTIONS = {
    **dict.fromkeys(
        (
            "digimon",
            "tamer",
            "option",
            "main",
            "main deck",
            "deck",
            "support",
            "digivolve",
            "power option",
            "evolution",
            "program",
            "field",
            "training",
        ),
        "cards",
    ),
    **dict.fromkeys(("digi-egg", "digi egg", "digiegg", "egg", "egg deck", "digi-egg deck", "digi egg deck"), "eggs"),
    **dict.fromkeys(("destiny", "destiny zone"), "destiny"),
    "partner": "partner",
}


def is_text_list(text: str) -> bool:
    """Whether ``text`` is a plain-text deck list rather than a YAML deck file (which has top-level fields)."""
    start = text.lstrip()
    if not start or start[0] in "{[" or start.startswith(("---", "- ", "-\n")):
        return False
    return _YAML_FIELD.search(text) is None


@dataclass(frozen=True)
class ListedLine:
    """One card line of a text deck list: its line number, the part of the deck, the copies and the card as written."""

    number: int
    part: str  #: cards, eggs, destiny or partner
    count: int
    card: str


def _section(line: str) -> str | None:
    """The part of the deck a header line starts (``Digi-Egg``, ``// Digimon (16)``, ``Tamers:``), if it is one."""
    found = _HEADER.match(line.lower())
    if found is None:
        return None
    words = re.sub(r"\s+cards?$", "", found.group(1).strip())
    return SECTIONS.get(words) or SECTIONS.get(words.removesuffix("s"))


def _card_line(line: str) -> tuple[str, str] | None:
    """(count, card) of a card line, or None if it is not one."""
    if found := _COUNT_FIRST.match(line):
        return found.group(1), found.group(2).strip()
    if found := _COUNT_LAST.match(line):
        return found.group(2), found.group(1).strip()
    return None


def read_lines(text: str, source: str, max_count: int) -> list[ListedLine]:
    """The card lines of a text deck list (counts only: nothing looked up); a line it cannot read raises InputError."""
    lines = text.count("\n") + (not text.endswith("\n"))
    if lines > MAX_LINES:
        raise InputError(source, "", f"{counted(lines, 'line')}; a text deck list has at most {MAX_LINES:,}")
    part = "cards"
    listed: list[ListedLine] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith(("//", "#")):
            part = _section(line.lstrip("/#").strip()) or part
            continue
        line = _TRAILING_COMMENT.sub("", line)
        if (section := _section(line)) is not None:
            part = section
            continue
        found = _card_line(line)
        if found is None:
            raise InputError(
                source, f"line {number}", f"expected 'count name' or 'count number', got {excerpt(raw.strip())}"
            )
        count, card = found
        if len(count) > 3 or not 1 <= int(count) <= max_count:
            raise InputError(source, f"line {number}", f"expected a count from 1 to {max_count}, got {excerpt(count)}")
        if part == "partner" and int(count) != 1:
            raise InputError(source, f"line {number}", f"a deck has one partner, got {count}")
        listed.append(ListedLine(number, part, int(count), card))
    return listed


class CardIndex:
    """A game's cards found by id, printed number or name, case-insensitively."""

    def __init__(self, cards: dict[str, Any]) -> None:
        self.cards = cards
        self.exact: dict[str, str] = {}  #: id or printed number, lower case -> card id
        self.names: dict[str, list[str]] = {}  #: name, lower case -> card ids
        for card_id, card in cards.items():
            self.exact[card_id.lower()] = card_id
            if number := getattr(card, "number", None):
                self.exact.setdefault(str(number).lower(), card_id)
            self.names.setdefault(_key(card.name), []).append(card_id)

    def label(self, card_id: str) -> str:
        """The card as a suggestion names it: its name, and its number (or id) when that is not the name."""
        card = self.cards[card_id]
        number = str(getattr(card, "number", None) or card_id)
        return card.name if number.lower() == card.name.lower() else f"{card.name} ({number})"

    def find(self, written: str) -> tuple[str | None, str]:
        """(card id, "") for a card written by id, number or name (``Gabumon ST2-03`` too); else (None, the problem)."""
        key = _key(written)
        words = key.split(" ")
        # the whole text first; then "Name NUMBER" (or "NUMBER Name") by its number, then by its name
        tries = [
            (key, True),
            (key, False),
            (words[-1], True),
            (words[0], True),
            (" ".join(words[:-1]), False),
            (" ".join(words[1:]), False),
        ]
        for candidate, by_number in tries if len(words) > 1 else tries[:2]:
            if by_number:
                if candidate in self.exact:
                    return self.exact[candidate], ""
                continue
            found = self.names.get(candidate, [])
            if len(found) == 1:
                return found[0], ""
            if found:
                which = ", ".join(self.label(card_id) for card_id in found[:CLOSEST])
                return None, f"{excerpt(written)} names {len(found)} cards ({which}); write its card number"
        close = self.closest(key)
        return None, f"unknown card {excerpt(written)}" + (f" (closest: {', '.join(close)})" if close else "")

    def closest(self, key: str) -> list[str]:
        """The cards whose id, number or name is closest to ``key`` (never one written exactly as ``key``)."""
        keys = [*self.exact, *self.names]
        words = key.split(" ")
        found: list[str] = []
        for query in dict.fromkeys((key, words[-1], words[0])):
            for near in difflib.get_close_matches(query, keys, n=CLOSEST * 2, cutoff=0.5):
                found += [self.exact[near]] if near in self.exact else self.names[near]
        labels = [self.label(card_id) for card_id in dict.fromkeys(found)]
        return [label for label in labels if label.lower() != key][:CLOSEST]


def _key(written: str) -> str:
    return " ".join(written.lower().split())

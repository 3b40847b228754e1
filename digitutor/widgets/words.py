"""Plain words for what the engine names by id: phases, breadcrumbs, step numbers (display only).

Quotes are never touched here: only headings, breadcrumbs and labels are made readable.
"""

from __future__ import annotations

import re
from typing import Any

#: a breadcrumb part made by the rulebook parser for an unnamed paragraph or bullet
_PART = re.compile(r"^(p|b)(\d+)$")
_PART_WORDS = {"p": "paragraph", "b": "point"}
#: markup left in a heading by the source file: **bold**, \* escapes, empty [] links, # marks
_DEBRIS = (
    (re.compile(r"\*\*(.+?)\*\*"), r"\1"),
    (re.compile(r"__(.+?)__"), r"\1"),
    (re.compile(r"\\([*_#\[\]()])"), r"\1"),
    (re.compile(r"\[\s*\]"), ""),
    (re.compile(r"^#+\s*"), ""),
    (re.compile(r"\s{2,}"), " "),
)


def clean_heading(text: str) -> str:
    """A heading or snippet without source markup (``Digivolve Phase[]`` -> ``Digivolve Phase``)."""
    for pattern, replacement in _DEBRIS:
        text = pattern.sub(replacement, text)
    return text.strip()


def crumb_part(part: str) -> str:
    """One breadcrumb part in words: ``p2`` -> ``paragraph 2``, ``b3`` -> ``point 3``."""
    part = part.strip()
    found = _PART.match(part)
    return f"{_PART_WORDS[found.group(1)]} {found.group(2)}" if found else clean_heading(part)


def crumb_text(breadcrumb: str) -> str:
    """A whole breadcrumb in words: ``Battle Call Command Phase › p2`` -> ``… › paragraph 2``."""
    return " › ".join(crumb_part(part) for part in breadcrumb.split("›"))


def phase_title(game: Any, phase_id: str) -> str:
    """The rulebook's name of a phase (its turn map title); the id when the map does not list it."""
    for phase in game.turn_map():
        if phase.id == phase_id:
            return phase.title
    return phase_id


def step_number(index: int) -> int:
    """The number a person reads for step ``index`` (people count from 1)."""
    return index + 1

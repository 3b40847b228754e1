"""Fitting text on a card face: how wide a line of text is, where it wraps, and where to shorten it.

The board sends HTML only (no script measures the page), so text that could overflow a card face is laid out
here first, with the character widths of DejaVu Sans — the widest of the common sans-serif faces (and the one
Debian's Chromium uses), so text that fits with it fits with narrower faces too. Text is only ever cut at a word
boundary, with "…" after it; the whole text stays on the card (its ``title`` and its details).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

#: advance widths of DejaVu Sans (em), by character; others: ``_OTHER``
_WIDTHS: dict[str, float] = {
    **dict.fromkeys("ijl", 0.28),
    **dict.fromkeys("ft", 0.37),
    "r": 0.41,
    **dict.fromkeys("sz", 0.53),
    "c": 0.55,
    **dict.fromkeys("kvxy", 0.59),
    "m": 0.98,
    "w": 0.82,
    **dict.fromkeys("IJ", 0.30),
    **dict.fromkeys("MW", 0.99),
    **dict.fromkeys("DGHNOQU", 0.79),
    **dict.fromkeys("ABCKRVXZ", 0.70),
    **dict.fromkeys("EFLPSTY", 0.64),
    **dict.fromkeys("0123456789", 0.64),
    **dict.fromkeys(" .,:;'|!", 0.34),
    **dict.fromkeys("-()[]/", 0.40),
    **dict.fromkeys('"*', 0.50),
    **dict.fromkeys("+<>=", 0.84),
    "…": 1.0,
    **dict.fromkeys("○△✕", 0.92),
}
_OTHER = 0.62
_LOWER = 0.63  #: the other lower-case letters (a b d e g h n o p q u)
#: bold faces are wider (DejaVu Sans Bold against Book: about 10 %)
BOLD = 1.1
ELLIPSIS = "…"
#: where a name may wrap without a hyphen: after a space, and between a lower-case and an upper-case letter
CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")


def width(text: str, bold: bool = False) -> float:
    """The width of ``text`` in em of its own font size."""
    total = sum(_WIDTHS.get(ch, _LOWER if "a" <= ch <= "z" else _OTHER) for ch in text)
    return total * (BOLD if bold else 1.0)


def lines_needed(words: list[str], line_em: float, bold: bool = False, joiner: str = " ") -> int:
    """How many lines ``words`` take when wrapped greedily at ``line_em`` wide (a word wider than a line: 99)."""
    lines, used = 1, 0.0
    for word in words:
        size = width(word, bold)
        if size > line_em:
            return 99
        gap = width(joiner, bold) if used else 0.0
        if used and used + gap + size > line_em:
            lines, used = lines + 1, size
        else:
            used += gap + size
    return lines


def name_lines(name: str, line_em: float, camel: bool = True) -> int:
    """Lines a bold name takes; ``camel``: it may wrap inside a CamelCase name (the pieces join without a space
    when they share a line)."""
    lines, used = 1, 0.0
    for word in name.split():
        pieces = CAMEL.split(word) if camel else [word]
        for index, piece in enumerate(pieces):
            size = width(piece, True)
            gap = 0.0 if index or not used else width(" ", True)
            if size > line_em:
                return 99
            if used and used + gap + size > line_em:
                lines, used = lines + 1, size
            else:
                used += gap + size
    return lines


@dataclass(frozen=True, slots=True)
class Shortened:
    """Text as it fits: ``shown`` (cut at a word boundary, "…" after it, when ``cut``)."""

    shown: str
    cut: bool


def shorten(text: str, line_em: float, lines: int) -> Shortened:
    """The longest start of ``text`` that ends at a word boundary and fits ``lines`` lines of ``line_em``."""
    words = text.split()
    if not words or lines <= 0:
        return Shortened("", bool(words))
    if lines_needed(words, line_em) <= lines:
        return Shortened(" ".join(words), False)
    low, high = 0, len(words)  # the most words that fit with "…" after them
    while low < high:
        middle = (low + high + 1) // 2
        if lines_needed([*words[: middle - 1], words[middle - 1].rstrip(".,;:—–-") + ELLIPSIS], line_em) <= lines:
            low = middle
        else:
            high = middle - 1
    if low == 0:
        return Shortened(ELLIPSIS, True)
    kept = words[:low]
    kept[-1] = kept[-1].rstrip(".,;:—–-") + ELLIPSIS
    return Shortened(" ".join(kept), True)

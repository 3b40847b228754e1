"""Readable, stable slugs for rulebook headings and defined terms."""

from __future__ import annotations

import re

_CIRCLED = "".join(chr(c) for c in range(0x2460, 0x2474))  # ① .. ⑳
_MARKUP = re.compile(r"\\\*|\*\*|\*|__|[●•" + _CIRCLED + "]")
_APOSTROPHES = re.compile(r"[’'‘]")
_NON_ALNUM = re.compile(r"[^a-z0-9]+")
_TRAILING_PARENS = re.compile(r"\s*\([^()]*\)\s*$")
_LISTED_BRACKETS = re.compile(r"\s*\[[^\]]*,[^\]]*\]")


def circled_number(char: str) -> int | None:
    """The value of a circled digit (① -> 1), or None for any other character."""
    index = _CIRCLED.find(char)
    return index + 1 if index >= 0 and char else None


def clean_title(title: str) -> str:
    """A heading as a reader sees it: markdown emphasis, escapes, ● and ① dropped."""
    title = re.sub(r"\[\]$", "", title.strip())
    return re.sub(r"\s+", " ", _MARKUP.sub("", title)).strip()


def slugify(title: str) -> str:
    """``'Battle Call Command Phase[]'`` -> ``'battle-call-command-phase'``.

    Lowercase; emphasis, ``\\*``, ``●``, circled digits, a trailing ``[]`` and
    apostrophes are dropped; every other run of non-alphanumerics becomes ``-``.
    """
    text = _APOSTROPHES.sub("", clean_title(title)).lower()
    return _NON_ALNUM.sub("-", text).strip("-")


def term_slug(term: str) -> str:
    """Slug of a defined term, leaving out a trailing ``(...)`` aside and ``[a, b]`` lists.

    ``'[Type] x3 VS (or x3 for short)'`` -> ``'type-x3-vs'``;
    ``'(Parenthesis effect)'`` -> ``'parenthesis-effect'`` (nothing else to keep).
    """
    short = _LISTED_BRACKETS.sub("", _TRAILING_PARENS.sub("", term))
    return slugify(short) or slugify(term)

"""Rulebook text as HTML: the markdown rulebook (DCG) rendered, the plain-text rulebooks escaped as they are.

A small renderer for the markdown the DCG rule manual uses: ``**bold**``, ``*italic*``, backslash escapes
(``\\*``), ``#`` headings and ``- `` / ``* `` / ``1. `` list items; a line break stays a line break. The text is
HTML-escaped first and the markup applied after, so nothing a rulebook holds can become HTML of its own. Only the
markup characters become formatting: every word stays as the rulebook prints it.
"""

from __future__ import annotations

import functools
import html
import re
from collections.abc import Iterable

from ..rules.model import Citation, CitationKind
from .style import esc

#: games whose rulebook is markdown (the others are plain text, where "*" is just a character)
MARKDOWN_GAMES = frozenset({"dcg"})

#: where a <mark> opens and closes while the text is rendered (private-use characters: never in a rulebook)
MARK_OPEN, MARK_CLOSE = "\ue000", "\ue001"

_ESCAPE = re.compile(r"\\([!-/:-@\[-`{-~])")
_BOLD = re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*")
_ITALIC = re.compile(r"(?<![\w*])\*(?=[^\s*])(.+?)(?<=[^\s*])\*(?![\w*])")
#: half of a bold or italic pair whose other half lies outside the quote: markup, not words
_LONE_BOLD = re.compile(r"\*\*")
_LONE_STAR = re.compile(r"(?<!\S)\*(?=\S)|(?<=\S)\*(?!\S)")
_MARKS = f"[{MARK_OPEN}{MARK_CLOSE}]*"
_HEADING = re.compile(rf"^(?P<pre>{_MARKS}) {{0,3}}#{{1,6}}[ \t]+(?P<text>.*?)[ \t#]*$")
_BULLET = re.compile(rf"^(?P<pre>{_MARKS})\s*[-*+][ \t]+(?P<text>.*)$")
_NUMBERED = re.compile(rf"^(?P<pre>{_MARKS})\s*(?P<n>\d{{1,9}})\.[ \t]+(?P<text>.*)$")
_TAG = re.compile(r"<[^>]*>")


def _escaped_char(found: re.Match[str]) -> str:
    """A backslash escape as the character it stands for, safe from any further markup.

    Text is escaped before markup, so ``\\&`` always starts an entity (``\\<`` became ``\\&lt;``): keep the entity.
    """
    char = found.group(1)
    return char if char == "&" else f"&#{ord(char)};"


def inline_html(line: str) -> str:
    """One already-escaped line with its inline markup applied."""
    line = _ESCAPE.sub(_escaped_char, line)
    line = _BOLD.sub(r"<strong>\1</strong>", line)
    line = _LONE_BOLD.sub("", line)
    line = _ITALIC.sub(r"<em>\1</em>", line)
    return _LONE_STAR.sub("", line)


def _block(line: str) -> tuple[str, str]:
    """One escaped line as ("text", html), or a list item as ("ul", html) / ("ol<number>", html)."""
    if found := _HEADING.match(line):
        return "text", f'{found["pre"]}<strong class="dt-md-heading">{inline_html(found["text"])}</strong>'
    if found := _NUMBERED.match(line):
        return f"ol{found['n']}", found["pre"] + inline_html(found["text"])
    if found := _BULLET.match(line):
        return "ul", found["pre"] + inline_html(found["text"])
    return "text", inline_html(line)


def _joined(lines: list[str]) -> str:
    """Escaped lines as HTML: list items gathered in <ul>/<ol>, which are blocks of their own (blank lines around
    a list and between its items dropped: its margin spaces it); text lines joined by their line breaks (the quote
    box keeps them: ``white-space: pre-wrap``)."""
    out: list[str] = []
    open_list, previous = "", ""  # the open list's tag; what was emitted last: "text", "list" or nothing yet
    for kind, body in map(_block, lines):
        tag = kind[:2] if kind != "text" else ""
        if open_list and not tag and not body.strip():
            continue  # a blank line inside or after a list
        if open_list and tag != open_list:
            out.append(f"</{open_list}>")
            open_list = ""
        if not tag:
            out += ["\n", body] if previous == "text" else [body]
            previous = "text"
            continue
        if not open_list:
            while out and out[-1] in ("\n", ""):
                out.pop()  # blank lines before a list
            start = f' start="{kind[2:]}"' if tag == "ol" and kind[2:] != "1" else ""
            out.append(f'<{tag} class="dt-md-list"{start}>')
            open_list = tag
        out.append(f"<li>{body}</li>")
        previous = "list"
    if open_list:
        out.append(f"</{open_list}>")
    return "".join(out)


def _marks_nested(text: str) -> str:
    """The mark sentinels as <mark> elements holding text only (closed and reopened around each tag), so a quote
    that starts or ends inside a bold span never misnests."""
    out: list[str] = []
    marking, at = False, 0
    for found in re.finditer(f"{_TAG.pattern}|[{MARK_OPEN}{MARK_CLOSE}]", text):
        out.append(text[at : found.start()])
        token = found.group(0)
        if token == MARK_OPEN:
            marking = True
            out.append("<mark>")
        elif token == MARK_CLOSE:
            marking = False
            out.append("</mark>")
        else:
            out.append(f"</mark>{token}<mark>" if marking else token)
        at = found.end()
    out.append(text[at:])
    return "".join(out).replace("<mark></mark>", "")


def markdown_html(text: str) -> str:
    """Markdown rulebook text as safe HTML (escaped first, markup after)."""
    return _marks_nested(_joined(esc(text).split("\n")))


@functools.lru_cache(maxsize=4096)
def rulebook_html(game: str, text: str) -> str:
    """Rulebook text of ``game`` as HTML: rendered for a markdown rulebook, escaped as it is for the others."""
    return markdown_html(text) if game in MARKDOWN_GAMES else esc(text)


@functools.lru_cache(maxsize=4096)
def rulebook_plain(game: str, text: str) -> str:
    """Rulebook text of ``game`` without its markup, for places that show plain text only (a tooltip)."""
    if game not in MARKDOWN_GAMES:
        return text
    return html.unescape(_TAG.sub("", markdown_html(text)))


def quote_plain(citation: Citation) -> str:
    """A citation's quote without markup, for a tooltip (a rulebook quote's game is its clause id's prefix)."""
    if citation.kind is not CitationKind.RULE:
        return citation.quote
    return rulebook_plain(citation.id.split(":", 1)[0], citation.quote)


def _with_marks(text: str, quotes: Iterable[str], offset: int, end: int) -> str:
    """``text`` with each quote (where it occurs in ``text[offset:end]``) between the mark sentinels."""
    found = {(text.find(q, offset, end), len(q)) for q in quotes if q}
    spans = sorted((start, start + length) for start, length in found if start >= 0)
    out, at = [], 0
    for first, last in spans:
        if first < at:
            continue
        out += [text[at:first], MARK_OPEN, text[first:last], MARK_CLOSE]
        at = last
    return "".join(out) + text[at:]


def context_html(game: str, before: str, text: str, after: str, quotes: Iterable[str]) -> str:
    """The rulebook around a clause, each quote of it in a <mark>; markdown rendered for a markdown rulebook."""
    marked = _with_marks(before + text + after, quotes, len(before), len(before) + len(text))
    if game in MARKDOWN_GAMES:
        return markdown_html(marked)
    return esc(marked).replace(MARK_OPEN, "<mark>").replace(MARK_CLOSE, "</mark>")


def whole_lines(game: str, before: str, after: str) -> tuple[str, str]:
    """The context around a clause of a markdown rulebook cut at line ends, so no bold or list is cut in two."""
    if game not in MARKDOWN_GAMES:
        return before, after
    if "\n" in before:
        before = before[before.index("\n") + 1 :].lstrip("\n")
    if "\n" in after:
        after = after[: after.rindex("\n")].rstrip("\n")
    return before, after

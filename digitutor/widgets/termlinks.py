"""Game words explained where they appear: lesson text, narration and card text link each term to its clause.

>>> link_terms("Pay 3 memory.", "dcg")  # doctest: +ELLIPSIS
'Pay 3 <span class="dt-termlink" tabindex="0" data-clause="dcg:paying-memory-costs.p1" title="memory — ...'

The words and their clauses come from the reviewed index (``rules/terms.py``). A linked word shows the exact quote
— the clause verbatim, with its id and breadcrumb — on hover (its ``title``, as the card faces' shorthand does) and,
for a tablet or a keyboard, when it is tapped or focused (a box in the text's flow, shown by CSS alone: the block
"terms explained where they appear" in style.py). Display only: no script, nothing from the page is run, and the
text given is already-escaped HTML that keeps every tag and attribute as it was. Rulebook quotes are never touched
(they are verbatim), nor headings, labels, code or anything already explained.
"""

from __future__ import annotations

import functools
import html
import re
from collections.abc import Iterable

from ..core.errors import DigitutorError
from ..rules.corpus import find_clause
from ..rules.model import Citation
from ..rules.terms import Term, defining_text, load_terms
from .markup import rulebook_plain
from .style import esc
from .words import crumb_text

#: elements whose text is never linked: rulebook quotes, headings, labels, controls, code, and links themselves
SKIP_TAGS = frozenset(
    {
        "a",
        "button",
        "summary",
        "code",
        "pre",
        "kbd",
        "samp",
        "blockquote",
        "q",
        "script",
        "style",
        "textarea",
        "select",
        "option",
        "label",
        "title",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "dt",
        "svg",
        "math",
    }
)
#: classes of this app's elements that hold a quote, a breadcrumb or an explanation already
SKIP_CLASSES = frozenset(
    {
        "dt-quote",
        "dt-crumb",
        "dt-context",
        "dt-cite",
        "dt-glossary",
        "dt-card-words",
        "dt-termlink",
        "dt-label",
        "dt-shorthand",
        "dt-named",
    }
)
#: elements that have no closing tag
VOID_TAGS = frozenset(
    {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
)

_TAG = re.compile(r"<[^>]*>")
_TAG_NAME = re.compile(r"^</?\s*([a-zA-Z][\w-]*)")
_CLASS = re.compile(r"""\bclass\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))""")


@functools.cache
def _index(game: str) -> tuple[re.Pattern[str] | None, dict[str, Term], dict[str, Term]]:
    """The game's terms as one pattern (longest form first) and the forms -> term, exact and casefolded."""
    try:
        terms = load_terms(game)
    except DigitutorError:
        return None, {}, {}
    exact: dict[str, Term] = {}
    folded: dict[str, Term] = {}
    parts: list[tuple[int, str]] = []
    for term in terms:
        for form in term.forms:
            shown = esc(form)  # the text it is found in is escaped HTML
            if term.exact:
                exact[shown] = term
            else:
                folded[shown.casefold()] = term
            body = re.escape(shown)
            before = r"(?<!\w)" if re.match(r"\w", form) else ""
            after = r"(?!\w)" if re.search(r"\w$", form) else ""
            parts.append((len(shown), f"{before}{f'(?-i:{body})' if term.exact else body}{after}"))
    if not parts:
        return None, {}, {}
    pattern = "|".join(part for _, part in sorted(parts, key=lambda p: -p[0]))
    return re.compile(pattern, re.IGNORECASE), exact, folded


def _skips(tag: str) -> bool:
    """True when the text inside this opening tag is not to be linked."""
    name = _TAG_NAME.match(tag)
    if name and name.group(1).lower() in SKIP_TAGS:
        return True
    if "data-verbatim" in tag:
        return True
    found = _CLASS.search(tag)
    classes = set(next(group for group in found.groups() if group is not None).split()) if found else set()
    return bool(classes & SKIP_CLASSES)


def term_tooltip(term: Term, shown: str) -> str:
    """Plain text for the word's ``title``: the word, where its meaning is written, the exact quote."""
    heading, text = defining_text(term)
    if term.interpretation:
        return (
            f"{shown} — Tutor's interpretation: {heading} [{term.clause}] (the rulebook does not define this word):"
            f"\n{text}"
        )
    clause = find_clause(term.clause)
    note = f"\nEditor’s note: {clause.note}" if clause.note else ""
    return f"{shown} — Rulebook, {crumb_text(heading)} [{term.clause}]:\n“{rulebook_plain(term.game, text)}”{note}"


def term_box(term: Term) -> str:
    """The quote shown in the text's flow when the word is tapped or focused: breadcrumb, id, the clause verbatim."""
    heading, text = defining_text(term)
    if term.interpretation:
        where = (
            f'<span class="dt-label">Tutor\'s interpretation</span> {esc(heading)} <code>{esc(term.clause)}</code>'
            " — the rulebook does not define this word; this is the tutor's reading"
        )
        quote = esc(text)
        note = ""
    else:
        clause = find_clause(term.clause)
        where = f'<span class="dt-label">Rulebook</span> {esc(crumb_text(heading))} <code>{esc(term.clause)}</code>'
        quote = esc(rulebook_plain(term.game, text))
        note = f'<span class="dt-term-note">Editor’s note: {esc(clause.note)}</span>' if clause.note else ""
    return (
        f'<span class="dt-term-box" role="note"><span class="dt-term-where">{where}</span>'
        f'<span class="dt-term-quote">{quote}</span>{note}</span>'
    )


@functools.lru_cache(maxsize=4096)  # a board draws the same words on every step
def term_html(term: Term, shown_html: str) -> str:
    """The word (already-escaped HTML) as a linked term: its quote on hover, tap or keyboard focus."""
    tip = term_tooltip(term, html.unescape(shown_html))
    return (
        f'<span class="dt-termlink" tabindex="0" data-clause="{esc(term.clause)}" title="{esc(tip)}">'
        f'<span class="dt-term-word">{shown_html}</span>{term_box(term)}</span>'
    )


def _link_text(
    text: str, pattern: re.Pattern[str], exact: dict[str, Term], folded: dict[str, Term], done: set[str], every: bool
) -> str:
    """One run of escaped text between tags, its terms linked."""
    out: list[str] = []
    last = 0
    for found in pattern.finditer(text):
        word = found.group(0)
        term = exact.get(word) or folded.get(word.casefold())
        if term is None or (term.term in done and not every):
            continue
        done.add(term.term)
        out += [text[last : found.start()], term_html(term, word)]
        last = found.end()
    return "".join(out) + text[last:]


def link_terms(text_html: str, game: str, every: bool = False) -> str:
    """``text_html`` (escaped HTML) with the first occurrence of each of ``game``'s terms linked to its quote
    (``every``: each occurrence); text inside tags, attributes, rulebook quotes and headings is left as it is."""
    pattern, exact, folded = _index(game)
    if pattern is None or not text_html:
        return text_html
    out: list[str] = []
    stack: list[tuple[str, bool]] = []  # open elements: (name, whether their text is skipped)
    done: set[str] = set()
    last = 0
    for tag in _TAG.finditer(text_html):
        text = text_html[last : tag.start()]
        skipping = any(skip for _, skip in stack)
        out.append(text if skipping or not text else _link_text(text, pattern, exact, folded, done, every))
        out.append(tag.group(0))
        last = tag.end()
        _follow(tag.group(0), stack)
    rest = text_html[last:]
    skipping = any(skip for _, skip in stack)
    out.append(rest if skipping or not rest else _link_text(rest, pattern, exact, folded, done, every))
    return "".join(out)


def _follow(tag: str, stack: list[tuple[str, bool]]) -> None:
    """Keep ``stack`` the list of open elements after ``tag``."""
    name = _TAG_NAME.match(tag)
    if name is None:  # a comment or a doctype
        return
    tag_name = name.group(1).lower()
    if tag.startswith("</"):
        for depth in range(len(stack) - 1, -1, -1):
            if stack[depth][0] == tag_name:
                del stack[depth:]
                break
        return
    if tag_name in VOID_TAGS or tag.rstrip(">").rstrip().endswith("/"):
        return
    stack.append((tag_name, _skips(tag)))


def game_of(citations: Iterable[Citation]) -> str:
    """The game a step belongs to, read from its citations' ids (``dcg:...``); "" when it cites nothing."""
    for citation in citations:
        return citation.id.split(":", 1)[0]
    return ""


#: one linked word as ``term_html`` writes it: the word, then its box (breadcrumb, quote, maybe a note)
_LINKED = re.compile(
    r'<span class="dt-termlink"[^>]*><span class="dt-term-word">(?P<word>[^<]*)</span>'
    r'<span class="dt-term-box" role="note">'
    r'<span class="dt-term-where">.*?</span><span class="dt-term-quote">[^<]*</span>'
    r'(?:<span class="dt-term-note">[^<]*</span>)?</span></span>'
)


def unlinked(text_html: str) -> str:
    """``text_html`` with every linked term back to its plain word: what ``link_terms`` was given."""
    return _LINKED.sub(lambda found: found["word"], text_html)

"""Building citations: verified rulebook quotes and named interpretations.

Every citation the engine can emit is built here, at import time of the game
modules, so a quote that is not verbatim fails at once (and in the tests), never
in front of a learner. The registries below are what `rules coverage` counts.
"""

from __future__ import annotations

from functools import lru_cache

from ..core.errors import DigitutorError
from .corpus import find_clause
from .model import Citation, CitationKind, ClauseKind, Interpretation


class CitationError(DigitutorError):
    """A quote that is not a verbatim part of the clause it claims to quote."""


#: every rule citation the engine can emit, by clause id
ENGINE_CITATIONS: dict[str, list[Citation]] = {}
#: every interpretation any game declares, by id
INTERPRETATIONS: dict[str, Interpretation] = {}


def cite(clause_id: str, quote: str | None = None) -> Citation:
    """A rule citation of ``clause_id``: the whole clause, or ``quote`` taken from it."""
    clause = find_clause(clause_id)
    text = clause.text if quote is None else quote
    if text not in clause.text:
        raise CitationError(f"quote {text!r} is not verbatim in clause {clause_id!r}")
    citation = Citation(clause_id, text, CitationKind.RULE)
    ENGINE_CITATIONS.setdefault(clause_id, []).append(citation)
    return citation


def interpretation(interpretation_id: str, title: str, text: str, why: str, fills: tuple[str, ...] = ()) -> Citation:
    """Declare a named interpretation and return the citation that carries it."""
    game, _, slug = interpretation_id.partition(":")
    if not slug.startswith("interpretation."):
        raise CitationError(f"interpretation id {interpretation_id!r} must be '<game>:interpretation.<slug>'")
    for clause_id in fills:
        find_clause(clause_id)
    known = INTERPRETATIONS.get(interpretation_id)
    record = Interpretation(interpretation_id, game, title, text, why, fills)
    if known is not None and known != record:
        raise CitationError(f"interpretation {interpretation_id!r} is declared twice, differently")
    INTERPRETATIONS[interpretation_id] = record
    return Citation(interpretation_id, text, CitationKind.INTERPRETATION)


def resolve(citation: Citation) -> bool:
    """True when the citation still matches the shipped text (a declared interpretation, a card's text)."""
    if citation.kind is CitationKind.CARD:
        from ..core.registry import get_game

        game, _, card = citation.id.partition(":card.")
        text = get_game(game).card_text(card)
        return text is not None and citation.quote in text
    if citation.kind is CitationKind.INTERPRETATION:
        if citation.id not in INTERPRETATIONS:
            from ..core.registry import registered_games

            registered_games()  # importing the games declares their interpretations
        known = INTERPRETATIONS.get(citation.id)
        return known is not None and known.text == citation.quote
    try:
        return citation.quote in find_clause(citation.id).text
    except ValueError:
        return False


@lru_cache(maxsize=16384)  # steps cite the same few lists again and again
def in_rulebook_order(citations: tuple[Citation, ...]) -> tuple[Citation, ...]:
    """A step's citations as a learner reads them: the governing one first (as the step gives it), then
    the others in the order their clauses stand in the rulebook, each once.

    An interpretation stands where the first clause it fills stands (else after the rules); a card's
    own text comes last.
    """
    unique = tuple(dict.fromkeys(citations))
    if len(unique) <= 2:
        return unique
    return (unique[0], *sorted(unique[1:], key=_place))


@lru_cache(maxsize=8192)
def _place(citation: Citation) -> tuple[int, int]:
    if citation.kind is CitationKind.RULE:
        return (0, find_clause(citation.id).start)
    if citation.kind is CitationKind.INTERPRETATION:
        known = INTERPRETATIONS.get(citation.id)
        if known is not None and known.fills:
            return (0, find_clause(known.fills[0]).start)
        return (1, 0)
    return (2, 0)


def lead_in_items(clause_id: str) -> tuple[str, ...]:
    """The items of the list a lead-in clause introduces ("... one of the following:"), or () when it is no lead-in.

    A lead-in is a clause (not a heading) whose text ends with ":"; its items are its own children, else the
    bullets or numbered steps that follow it under the same parent, up to the first clause that is neither.
    """
    return _lead_in_items(clause_id)


@lru_cache(maxsize=4096)
def _lead_in_items(clause_id: str) -> tuple[str, ...]:
    clause = find_clause(clause_id)
    if clause.kind is ClauseKind.SECTION or not clause.text.rstrip().endswith(":"):
        return ()
    if clause.children:
        return tuple(clause.children)
    if clause.parent is None:
        return ()
    siblings = find_clause(clause.parent).children
    items = []
    for sibling in siblings[siblings.index(clause_id) + 1 :] if clause_id in siblings else ():
        if find_clause(sibling).kind not in (ClauseKind.BULLET, ClauseKind.STEP):
            break
        items.append(sibling)
    return tuple(items)


def shown_unfolded(citations: tuple[Citation, ...]) -> tuple[tuple[Citation, ...], tuple[Citation, ...]]:
    """What the "rule now" panel shows unfolded, and what it folds under "+ N more rules" (in the given order).

    The governing (first) citation is shown, every quote of its clause with it. When that clause is a lead-in
    ("Players can do only one of the following:"), the lead-in alone does not say what decides the step, so the
    items of its list that the step also cites are shown with it; when it cites none (a decision among the
    items), every item is shown, quoted whole. The widget and the lessons' coverage both read this.
    """
    if not citations:
        return (), ()
    first = citations[0]
    items = lead_in_items(first.id) if first.kind is CitationKind.RULE else ()
    cited_items = [c for c in citations if c.kind is CitationKind.RULE and c.id in items]
    shown = [c for c in citations if (c.id, c.kind) == (first.id, first.kind) or c in cited_items]
    if items and not cited_items:
        shown.extend(Citation(item, find_clause(item).text, CitationKind.RULE) for item in items)
    folded = tuple(c for c in citations if c not in shown)
    return tuple(shown), folded

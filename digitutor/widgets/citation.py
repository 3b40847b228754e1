"""The "rule now" panel: the step's narration and the exact quotes behind it, with their place in the rulebook."""

from __future__ import annotations

from collections.abc import Iterable

import ipywidgets as widgets

from ..core.records import Decision, Step
from ..rules.citations import INTERPRETATIONS, shown_unfolded
from ..rules.corpus import GAME_TITLES, find_clause, load_corpus
from ..rules.model import Citation, CitationKind
from .markup import context_html, rulebook_html, whole_lines
from .style import esc
from .termlinks import game_of, link_terms
from .words import crumb_text, step_number

CONTEXT_CHARS = 300


def rule_html(clause_id: str, quotes: list[str]) -> str:
    """Quotes of one rulebook clause: breadcrumb, verbatim quotes, and the clause in context."""
    clause = find_clause(clause_id)
    before, text, after = load_corpus(clause.game).context(clause_id, CONTEXT_CHARS)
    before, after = whole_lines(clause.game, before, after)
    crumb = f"{esc(GAME_TITLES[clause.game])} › {esc(crumb_text(clause.breadcrumb))}"
    note = f'<div class="dt-crumb">Editor\'s note: {esc(clause.note)}</div>' if clause.note else ""
    body = "".join(f'<blockquote class="dt-quote">{rulebook_html(clause.game, q)}</blockquote>' for q in quotes)
    context = f"…{context_html(clause.game, before, text, after, quotes)}…"
    return (
        f'<div class="dt-cite dt-rule" data-clause="{esc(clause_id)}">'
        f'<div class="dt-crumb" title="{esc(clause_id)}"><span class="dt-label">Rulebook</span> {crumb}</div>'
        f'{body}{note}<details><summary>In the rulebook</summary><div class="dt-context">{context}</div>'
        "</details></div>"
    )


def interpretation_html(citation_id: str, quotes: list[str]) -> str:
    """The tutor's own reading, styled and labelled apart from rulebook text."""
    known = INTERPRETATIONS.get(citation_id)
    title = f" {esc(known.title)}" if known else ""
    body = "".join(f'<blockquote class="dt-quote">{esc(q)}</blockquote>' for q in quotes)
    why = ""
    if known is not None:
        fills = "".join(
            f'<div class="dt-crumb" title="{esc(c)}">{esc(crumb_text(find_clause(c).breadcrumb))}</div>'
            for c in known.fills
        )
        why = (
            f'<details><summary>Why this reading</summary><div class="dt-context">{esc(known.why)}</div>'
            f"{'<div class=dt-crumb>It fills a gap in:</div>' + fills if fills else ''}</details>"
        )
    return (
        f'<div class="dt-cite dt-interpretation" data-clause="{esc(citation_id)}">'
        f'<div class="dt-crumb" title="{esc(citation_id)}"><span class="dt-label">Tutor\'s interpretation</span>{title}'
        f" — the rulebook is silent here; this is the tutor's reading, not rulebook text.</div>{body}{why}</div>"
    )


def card_html(citation_id: str, quotes: list[str]) -> str:
    """A card's own effect text: what the card says, marked as card text (not rulebook text)."""
    body = "".join(f'<blockquote class="dt-quote">{esc(quote)}</blockquote>' for quote in quotes)
    return (
        f'<div class="dt-cite dt-card-text" data-clause="{esc(citation_id)}">'
        f'<div class="dt-crumb"><span class="dt-label">Card text</span> <code>{esc(citation_id)}</code>'
        f" — what the card itself says.</div>{body}</div>"
    )


def citations_html(citations: Iterable[Citation], fold: bool = False) -> str:
    """Every citation, quotes of the same clause grouped under one breadcrumb, in order; ``fold``: what
    ``shown_unfolded`` shows (the governing rule, a lead-in with its items), the others in a native <details>
    ("+ 3 more rules") that opens on click without a widget round trip."""
    if not fold:
        return _groups_html(citations)
    shown, folded = shown_unfolded(tuple(citations))
    more = len(dict.fromkeys((c.id, c.kind) for c in folded))
    if not more:
        return _groups_html(shown)
    return (
        f'{_groups_html(shown)}<details class="dt-more-rules"><summary>+ {more} more rule{"s" if more != 1 else ""}'
        f"</summary>{_groups_html(folded)}</details>"
    )


def rule_now_html(citations: Iterable[Citation]) -> str:
    """What the rule now place shows of these citations: only what ``shown_unfolded`` shows (the others are the
    detail place's "+ N more rules", ``more_rules``)."""
    return _groups_html(shown_unfolded(tuple(citations))[0])


def more_rules(citations: Iterable[Citation]) -> tuple[int, str]:
    """How many rules ``shown_unfolded`` leaves folded, and their HTML (the detail place's "+ N more rules")."""
    folded = shown_unfolded(tuple(citations))[1]
    return len(dict.fromkeys((c.id, c.kind) for c in folded)), _groups_html(folded)


def _groups_html(citations: Iterable[Citation]) -> str:
    groups: dict[tuple[str, CitationKind], list[str]] = {}
    for citation in citations:
        quotes = groups.setdefault((citation.id, citation.kind), [])
        if citation.quote not in quotes:
            quotes.append(citation.quote)
    parts = []
    for (clause_id, kind), quotes in groups.items():
        if kind is CitationKind.INTERPRETATION:
            parts.append(interpretation_html(clause_id, quotes))
        elif kind is CitationKind.CARD:
            parts.append(card_html(clause_id, quotes))
        else:
            parts.append(rule_html(clause_id, quotes))
    return "".join(parts)


def note_quotes_html(clause_ids: Iterable[str]) -> str:
    """The clauses a lesson note quotes, each in full with its breadcrumb (shown unfolded in the note panel)."""
    return "".join(rule_html(clause_id, [find_clause(clause_id).text]) for clause_id in clause_ids)


def glossary_html(terms: Iterable[Citation]) -> str:
    """Terms a step uses, each folded under its breadcrumb with the clause that defines it (not a rule of the step)."""
    parts = []
    for term in dict.fromkeys(terms):
        clause = find_clause(term.id)
        parts.append(
            f'<details class="dt-term" data-clause="{esc(term.id)}">'
            f"<summary>{esc(crumb_text(clause.breadcrumb))}</summary>"
            f'<blockquote class="dt-quote">{rulebook_html(clause.game, term.quote)}</blockquote></details>'
        )
    return f'<div class="dt-glossary"><span class="dt-label">Words used</span>{"".join(parts)}</div>' if parts else ""


def step_head(index: int, step: Step, players: dict[int, str], phase: str) -> str:
    who = f" · {esc(players.get(step.player, ''))}" if step.player is not None else ""
    return f'<div class="dt-step-head">Step {step_number(index)} · Turn {step.turn}{who} · {esc(phase)}</div>'


def step_html(
    index: int,
    step: Step | None,
    players: dict[int, str],
    phase: str = "",
    viewer: int | None = None,
    detail: bool = True,
) -> str:
    """The viewed step: where it is, what happened (as ``viewer`` may read it; None: the judge, who sees all),
    and the rule(s) that made it happen; ``detail=False``: without the folded rules and the words used (the
    tutor shows those in its detail place)."""
    if step is None:
        return (
            '<h2 class="dt-panel-title">The rule now</h2><div class="dt-narration">The game has not started yet.</div>'
            '<div class="dt-step-head">Press <b>Next step</b> (or →) to take the first step.</div>'
        )
    head = step_head(index, step, players, phase or step.phase)
    return (
        f'<h2 class="dt-panel-title">The rule now</h2>{head}<div '
        f'class="dt-narration">{link_terms(esc(step.narration_for(viewer)), game_of(step.citations))}</div>'
        + (
            f"{citations_html(step.citations, fold=True)}{glossary_html(step.glossary)}"
            if detail
            else rule_now_html(step.citations)
        )
    )


def decision_rule_html(
    decision: Decision,
    players: dict[int, str],
    phase: str,
    index: int,
    step: Step | None,
    viewer: int | None = None,
    detail: bool = True,
) -> str:
    """At a decision: the rule that governs the choice, then (small) the step just before it; ``detail=False``:
    without the folded rules (the tutor shows those in its detail place)."""
    who = esc(players.get(decision.player, f"Player {decision.player + 1}"))
    before = ""
    if step is not None:
        before = (
            f'<div class="dt-step-head dt-before">Just before (step {step_number(index)}): '
            f"{esc(step.narration_for(viewer))}</div>"
        )
    return (
        f'<h2 class="dt-panel-title">The rule now: {who} chooses</h2><div class="dt-step-head">{esc(phase)} · '
        f"the rule for this choice</div>"
        f"{citations_html(decision.citations, fold=True) if detail else rule_now_html(decision.citations)}{before}"
    )


class RuleNowPanel(widgets.HTML):
    """The rule now place: one HTML widget with the governing rule; what it folds (the other rules, the words used)
    is kept in ``more`` and ``words`` for the detail place."""

    def __init__(self) -> None:
        super().__init__()
        self.add_class("dt-citation")
        self.add_class("dt-panel")
        self.more: tuple[int, str] = (0, "")
        self.words = ""

    def show(
        self,
        index: int,
        step: Step | None,
        players: dict[int, str],
        phase: str = "",
        decision: Decision | None = None,
        viewer: int | None = None,
    ) -> None:
        """The step's rule, or at a decision the rule of the choice; narrations as ``viewer`` may read them."""
        if decision is not None:
            self.value = decision_rule_html(decision, players, phase, index, step, viewer, detail=False)
            self.more, self.words = more_rules(decision.citations), ""
        else:
            self.value = step_html(index, step, players, phase, viewer, detail=False)
            self.more = more_rules(step.citations) if step is not None else (0, "")
            self.words = glossary_html(step.glossary) if step is not None else ""

    def clear(self) -> None:
        """Nothing shown, nothing kept (the hand-over screen)."""
        self.value, self.more, self.words = "", (0, ""), ""

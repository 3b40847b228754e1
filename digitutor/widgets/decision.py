"""The decision panel: a button per legal option, and the tempting illegal ones with every "why not"."""

from __future__ import annotations

import ipywidgets as widgets

from ..core.records import Decision, Option
from .citation import citations_html
from .style import esc


def reasons_html(option: Option) -> str:
    """Every reason an option is illegal, each with its quote and breadcrumb."""
    return "".join(
        f'<div class="dt-reason"><b>✗ {esc(reason.why)}</b>{citations_html([reason.citation])}</div>'
        for reason in option.reasons
    )


#: ipywidgets' own button classes, so the plain buttons look like the other controls
BUTTON_CSS = "jupyter-widgets jupyter-button widget-button"


def option_button(option: Option, suggested: bool, taken: bool, number: int) -> str:
    """A legal option as a plain button; the page bridge sends its click as ``option`` ``number`` (1-based)."""
    key = f"{number}. " if 0 < number < 10 else ""
    label = key + ("★ " if suggested else "") + option.label
    tip = option.label + (" (suggested)" if suggested else "") + (f" · key {number}" if key else "")
    css = "dt-option" + (" dt-option-suggested" if suggested else "") + (" dt-option-taken" if taken else "")
    return f'<button type="button" class="{BUTTON_CSS} {css}" data-option="{number}" title="{esc(tip)}">{esc(label)}</button>'


def illegal_row(option: Option) -> str:
    """A disabled option and a "why not?" toggle (a native <details>: no round trip) with every reason."""
    return (
        f'<div class="dt-illegal-row"><button type="button" class="{BUTTON_CSS} dt-option dt-option-illegal" disabled '
        f'title="Not allowed: {esc(option.label)}">✗ {esc(option.label)}</button>'
        f'<details class="dt-why"><summary class="dt-why-not" title="Why “{esc(option.label)}” is not allowed">why not?</summary>'
        f'<div class="dt-reasons">{reasons_html(option)}</div></details></div>'
    )


def decision_html(decision: Decision, players: dict[int, str], suggested: str | None, taken: str | None) -> str:
    """The whole decision: who decides, the prompt, the legal options, then the tempting illegal ones."""
    who = esc(players.get(decision.player, f"Player {decision.player + 1}"))
    if taken is None:
        head = f'<h2 class="dt-panel-title">{who} to decide</h2>'
    else:
        head = (f'<h2 class="dt-panel-title">{who} decided here</h2>'
                '<div class="dt-step-head">Choosing again replaces everything after this step.</div>')
    keys = '<span class="dt-keys-hint">keys 1–9 choose</span>' if len(decision.legal_options) > 1 else ""
    legal = "".join(option_button(o, o.key == suggested, o.key == taken, n)
                    for n, o in enumerate(decision.legal_options, 1))
    illegal = "".join(illegal_row(o) for o in decision.options if not o.legal)
    if illegal:
        illegal = f'<div class="dt-step-head">Tempting, but not allowed:</div>{illegal}'
    return (f'{head}<div class="dt-prompt">{esc(decision.prompt)} {keys}</div>'
            f'<div class="dt-options" role="group" aria-label="Options">{legal}</div>{illegal}')


class DecisionPanel(widgets.HTML):
    """One HTML widget, redrawn only when the decision shown changes; hidden when there is nothing to decide.

    A decision used to be a tree of widgets (a button, a toggle and a box per option): every new
    decision opened dozens of widget models in the page, the slowest part of a step. Now it is one
    string; the option buttons' clicks reach the kernel through the page bridge (``option``).
    """

    def __init__(self) -> None:
        super().__init__(layout=widgets.Layout(display="none"))
        self.add_class("dt-decision")
        self.add_class("dt-panel")
        self._shown: tuple | None = None

    def show(self, decision: Decision | None, players: dict[int, str], suggested: str | None = None,
             taken: str | None = None) -> None:
        key = (id(decision), suggested, taken)
        if key == self._shown:
            return
        self._shown = key
        if decision is None:
            self.layout.display = "none"
            self.value = ""
            return
        self.value = decision_html(decision, players, suggested, taken)
        self.layout.display = ""

"""The decision panel: a button per legal option, and the tempting illegal ones with every "why not"."""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as widgets

from ..core.records import Decision, Option
from .citation import citations_html
from .style import esc

Choose = Callable[[str], None]


def reasons_html(option: Option) -> str:
    """Every reason an option is illegal, each with its quote and breadcrumb."""
    return "".join(
        f'<div class="dt-reason"><b>✗ {esc(reason.why)}</b>{citations_html([reason.citation])}</div>'
        for reason in option.reasons
    )


def option_button(option: Option, choose: Choose, suggested: bool, taken: bool, number: int = 0) -> widgets.Button:
    key = f"{number}. " if 0 < number < 10 else ""
    label = key + ("★ " if suggested else "") + option.label
    tip = option.label + (" (suggested)" if suggested else "") + (f" · key {number}" if key else "")
    button = widgets.Button(description=label, tooltip=tip, layout=widgets.Layout(width="auto"))
    button.add_class("dt-option")
    if suggested:
        button.add_class("dt-option-suggested")
    if taken:
        button.add_class("dt-option-taken")
    button.on_click(lambda _button, key=option.key: choose(key))
    return button


def illegal_row(option: Option) -> widgets.VBox:
    """A disabled option, a "why not?" toggle, and its reasons (hidden until the toggle is pressed)."""
    button = widgets.Button(description=f"✗ {option.label}", tooltip=f"Not allowed: {option.label}", disabled=True,
                            layout=widgets.Layout(width="auto"))
    button.add_class("dt-option")
    button.add_class("dt-option-illegal")
    toggle = widgets.ToggleButton(description="why not?", value=False, tooltip=f"Why “{option.label}” is not allowed",
                                  layout=widgets.Layout(width="auto"))
    toggle.add_class("dt-why-not")
    reasons = widgets.HTML(reasons_html(option), layout=widgets.Layout(display="none"))
    reasons.add_class("dt-reasons")

    def flip(change: dict) -> None:
        reasons.layout.display = "" if change["new"] else "none"

    toggle.observe(flip, "value")
    return widgets.VBox([widgets.HBox([button, toggle], layout=widgets.Layout(flex_flow="row wrap")), reasons])


class DecisionPanel(widgets.VBox):
    """Rebuilt only when the decision shown changes; hidden when there is nothing to decide."""

    def __init__(self, choose: Choose) -> None:
        super().__init__(layout=widgets.Layout(display="none"))
        self.add_class("dt-decision")
        self.add_class("dt-panel")
        self._choose = choose
        self._shown: tuple | None = None

    def show(self, decision: Decision | None, players: dict[int, str], suggested: str | None = None,
             taken: str | None = None) -> None:
        key = (id(decision), suggested, taken)
        if key == self._shown:
            return
        self._shown = key
        if decision is None:
            self.children = ()
            self.layout.display = "none"
            return
        self.layout.display = ""
        self.children = self._build(decision, players, suggested, taken)

    def _build(self, decision: Decision, players: dict[int, str], suggested: str | None,
               taken: str | None) -> tuple[widgets.Widget, ...]:
        who = esc(players.get(decision.player, f"Player {decision.player + 1}"))
        if taken is None:
            head = f'<h2 class="dt-panel-title">{who} to decide</h2>'
        else:
            head = (f'<h2 class="dt-panel-title">{who} decided here</h2>'
                    '<div class="dt-step-head">Choosing again replaces everything after this step.</div>')
        keys = '<span class="dt-keys-hint">keys 1–9 choose</span>' if len(decision.legal_options) > 1 else ""
        top = widgets.HTML(f'{head}<div class="dt-prompt">{esc(decision.prompt)} {keys}</div>')
        legal = [option_button(o, self._choose, o.key == suggested, o.key == taken, n)
                 for n, o in enumerate(decision.legal_options, 1)]
        options = widgets.HBox(legal, layout=widgets.Layout(flex_flow="row wrap"))
        options.add_class("dt-options")
        illegal = [illegal_row(o) for o in decision.options if not o.legal]
        parts: list[widgets.Widget] = [top, options]
        if illegal:
            parts.append(widgets.HTML('<div class="dt-step-head">Tempting, but not allowed:</div>'))
            parts += illegal
        return tuple(parts)

"""The decision panel: the legal options (★ suggestion first, grouped by kind, copies folded, each numbered for
the keyboard), then the tempting illegal ones with every "why not"."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from ..core.records import Decision, Option
from .citation import citations_html
from .options import Entry, entries, group_title, illegal_groups
from .style import esc

#: a list this long gets group titles and the typing hint for two-digit numbers
LONG_LIST = 5


def reasons_html(option: Option) -> str:
    """Every reason an option is illegal, each with its quote and breadcrumb."""
    return "".join(
        f'<div class="dt-reason"><b>✗ {esc(reason.why)}</b>{citations_html([reason.citation])}</div>'
        for reason in option.reasons
    )


#: ipywidgets' own button classes, so the plain buttons look like the other controls
BUTTON_CSS = "jupyter-widgets jupyter-button widget-button"


def entry_label(entry: Entry) -> str:
    """The words on an entry's button: its label, and how many identical copies it stands for."""
    return entry.label + (f" — {entry.copies} copies" if entry.copies > 1 else "")


def option_button(entry: Entry, taken: str | None, number: int) -> str:
    """An entry as a plain button; the page bridge sends its click (or its number typed) as ``option`` ``number``."""
    label = entry_label(entry)
    words = f"{number}. " + ("★ " if entry.suggested else "") + label
    tip = label + (" (suggested)" if entry.suggested else "") + f" · key {number}"
    if entry.copies > 1:
        tip += " · any copy does the same: the first offered is taken"
    css = "dt-option" + (" dt-option-suggested" if entry.suggested else "") + (" dt-option-taken" if taken in entry.keys else "")
    copies = f' data-copies="{entry.copies}"' if entry.copies > 1 else ""
    return (f'<button type="button" class="{BUTTON_CSS} {css}" data-option="{number}"{copies} '
            f'title="{esc(tip)}">{esc(words)}</button>')


def illegal_row(option: Option) -> str:
    """A disabled option and a "why not?" toggle (a native <details>: no round trip) with every reason."""
    return (
        f'<div class="dt-illegal-row"><button type="button" class="{BUTTON_CSS} dt-option dt-option-illegal" disabled '
        f'title="Not allowed: {esc(option.label)}">✗ {esc(option.label)}</button>'
        f'<details class="dt-why"><summary class="dt-why-not" title="Why “{esc(option.label)}” is not allowed">why not?</summary>'
        f'<div class="dt-reasons">{reasons_html(option)}</div></details></div>'
    )


def group_html(game_id: str, group: str, body: str, titled: bool) -> str:
    """A group of options under its title; the ★ group's title sits beside its one button (a line saved)."""
    title = group_title(game_id, group)
    css = "dt-group-title dt-group-title-inline" if group == "suggested" else "dt-group-title"
    head = f'<div class="{css}">{esc(title)}</div>' if titled else ""
    return f'<div class="dt-option-group" data-group="{esc(group)}" role="group" aria-label="{esc(title)}">{head}{body}</div>'


def keys_hint(count: int) -> str:
    """How to choose from the keyboard (also in the Keys help)."""
    if count < 2:
        return ""
    if count < 10:
        return f'<span class="dt-keys-hint">keys 1–{count} choose</span>'
    tens, units = divmod(min(count, 99), 10)
    return (f'<span class="dt-keys-hint">keys 1–{count}; past 9 type both digits quickly '
            f'({tens} then {units}: option {tens * 10 + units})</span>')


def legal_html(shown: list[Entry], game_id: str, taken: str | None) -> str:
    """The numbered entries, group by group (group titles only on a long list with more than one group)."""
    groups: dict[str, list[str]] = {}
    for number, entry in enumerate(shown, 1):
        groups.setdefault(entry.group, []).append(option_button(entry, taken, number))
    titled = len(groups) > 1 and len(shown) >= LONG_LIST
    return "".join(group_html(game_id, group, "".join(buttons), titled) for group, buttons in groups.items())


def decision_html(decision: Decision, players: dict[int, str], suggested: str | None, taken: str | None,
                  game: Any = None, state: Any = None) -> str:
    """The whole decision: who decides, the prompt, the legal options, then the tempting illegal ones.

    ``game`` and ``state`` (the state the decision is asked in) fold identical copies and name the groups
    in the game's words.
    """
    game_id = getattr(game, "id", "") or ""
    who = esc(players.get(decision.player, f"Player {decision.player + 1}"))
    if taken is None:
        head = f'<h2 class="dt-panel-title">{who} to decide</h2>'
    else:
        head = (f'<h2 class="dt-panel-title">{who} decided here</h2>'
                '<div class="dt-step-head">Choosing again replaces everything after this step.</div>')
    shown = entries(decision, suggested, game, state)
    legal = legal_html(shown, game_id, taken)
    groups = illegal_groups(decision, game_id)
    titled = len(groups) > 1 and sum(len(options) for _, options in groups) >= LONG_LIST
    illegal = "".join(group_html(game_id, group, "".join(illegal_row(o) for o in options), titled) for group, options in groups)
    if illegal:
        illegal = f'<div class="dt-step-head">Tempting, but not allowed:</div><div class="dt-illegal">{illegal}</div>'
    return (f'{head}<div class="dt-prompt">{esc(decision.prompt)} {keys_hint(len(shown))}</div>'
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
             taken: str | None = None, game: Any = None, state: Any = None) -> None:
        key = (id(decision), suggested, taken)
        if key == self._shown:
            return
        self._shown = key
        if decision is None:
            self.layout.display = "none"
            self.value = ""
            return
        self.value = decision_html(decision, players, suggested, taken, game, state)
        self.layout.display = ""

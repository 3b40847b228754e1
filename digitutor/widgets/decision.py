"""The decision panel: the legal options (★ suggestion first, grouped by kind, copies folded, each numbered for
the keyboard), then the tempting illegal ones with every "why not"."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

import ipywidgets as widgets

from ..core.records import Decision, Option, Reason
from .citation import citations_html
from .options import Entry, entries, group_title, illegal_groups
from .style import esc

#: a list this long gets group titles and the typing hint for two-digit numbers
LONG_LIST = 5


def reasons_html(option: Option) -> str:
    """Every reason an option is illegal, each with its quote and breadcrumb."""
    return cited_reasons_html(option.reasons)


def cited_reasons_html(reasons: Iterable[Reason]) -> str:
    """Each reason with its quote and breadcrumb."""
    return "".join(
        f'<div class="dt-reason"><b>✗ {esc(reason.why)}</b>{citations_html([reason.citation])}</div>'
        for reason in reasons
    )


#: ipywidgets' own button classes, so the plain buttons look like the other controls
BUTTON_CSS = "jupyter-widgets jupyter-button widget-button"


#: a group this long whose labels all share this many words (DBE's Side Pile: "Put … in the Side Pile") says them once
SHARED_MIN_OPTIONS, SHARED_MIN_WORDS = 4, 3


def shared_words(labels: list[str]) -> tuple[int, int] | None:
    """How many words every label starts and ends with, when a long group can say them once in its title."""
    if len(labels) < SHARED_MIN_OPTIONS:
        return None
    split = [label.split(" ") for label in labels]
    shortest = min(len(words) for words in split)
    head = 0
    while head < shortest - 1 and len({words[head] for words in split}) == 1:
        head += 1
    tail = 0
    while head + tail < shortest - 1 and len({words[len(words) - tail - 1] for words in split}) == 1:
        tail += 1
    return (head, tail) if head + tail >= SHARED_MIN_WORDS else None


def short_label(label: str, shared: tuple[int, int] | None) -> str:
    """The words a label does not share with the rest of its group (the whole label when nothing is shared)."""
    if shared is None:
        return label
    words = label.split(" ")
    head, tail = shared
    return " ".join(words[head : len(words) - tail])


def shared_title(label: str, shared: tuple[int, int]) -> str:
    """The shared words with "…" where each option's own words go: "Put … in the Side Pile"."""
    words = label.split(" ")
    head, tail = shared
    return " ".join([*words[:head], "…", *words[len(words) - tail :]])


#: a label longer than this hides its details on a small presenter screen (``.dt-option-detail``; the whole label
#: stays in the button's tooltip), so every option of a long list fits the decision panel at 1024x768
LONG_LABEL = 30
#: a label's details: the text after ": " (a Power Option's or an effect's words), or words in brackets that
#: describe a card or explain the choice — with a comma in them ("(Lv.3, red, 2000 DP)", "(Red; attack vs Red 220, …)")
#: or three words and more ("(memory goes to 3 on your opponent's side)") —
#: never a bare number ("(cost 2)", "(power 9)")
DETAIL = re.compile(r": .*$| \([^()]*[,;][^()]*\)| \([^() ]+ [^() ]+ [^()]+\)")


def detail_html(label: str) -> str:
    """The escaped label with its details (``DETAIL``) in a span a small presenter screen hides."""
    found = DETAIL.search(label) if len(label) > LONG_LABEL else None
    if found is None or found.start() == 0:
        return esc(label)
    return (
        f'{esc(label[: found.start()])}<span class="dt-option-detail">{esc(found.group())}</span>'
        f"{esc(label[found.end() :])}"
    )


def entry_label(entry: Entry) -> str:
    """The words on an entry's button: its label, and how many identical copies it stands for."""
    return entry.label + (f" — {entry.copies} copies" if entry.copies > 1 else "")


def option_button(entry: Entry, taken: str | None, number: int, shared: tuple[int, int] | None = None) -> str:
    """An entry as a plain button; the page bridge sends its click (or its number typed) as ``option`` ``number``.

    With ``shared`` the button shows only the label's own words (its group's title says the rest); its
    tooltip and accessible name keep the whole label.
    """
    label = entry_label(entry)
    shown = short_label(entry.label, shared) + (f" — {entry.copies} copies" if entry.copies > 1 else "")
    start = f"{number}. " + ("★ " if entry.suggested else "")
    words = start + shown
    full = f"{words}: {label}"  # the visible words first: a screen reader's name must start with what is shown
    # (a shortened button shows its own words whole; any other may hide its details on a small presenter screen)
    face = esc(words) if shared is not None else esc(start) + detail_html(entry.label) + esc(shown[len(entry.label) :])
    tip = label + (" (suggested)" if entry.suggested else "") + f" · key {number}"
    if entry.copies > 1:
        tip += " · any copy does the same: the first offered is taken"
    css = (
        "dt-option"
        + (" dt-option-suggested" if entry.suggested else "")
        + (" dt-option-taken" if taken in entry.keys else "")
    )
    copies = f' data-copies="{entry.copies}"' if entry.copies > 1 else ""
    name = f' aria-label="{esc(full)}"' if shared is not None else ""
    return (
        f'<button type="button" class="{BUTTON_CSS} {css}" data-option="{number}"{copies}{name} '
        f'title="{esc(tip)}">{face}</button>'
    )


def illegal_row(option: Option) -> str:
    """A disabled option and a "why not?" toggle (a native <details>: no round trip) with every reason."""
    return (
        f'<div class="dt-illegal-row"><button type="button" class="{BUTTON_CSS} dt-option dt-option-illegal" disabled '
        f'title="Not allowed: {esc(option.label)}">✗ {detail_html(option.label)}</button>'
        f'<details class="dt-why"><summary class="dt-why-not" title="Why “{esc(option.label)}” is not '
        'allowed">why not?</summary>'
        f'<div class="dt-reasons">{reasons_html(option)}</div></details></div>'
    )


def group_html(game_id: str, group: str, body: str, titled: bool, words: str = "") -> str:
    """A group of options under its title; the ★ group's title sits beside its one button (a line saved).

    ``words``: what every option of the group says (its buttons show only the rest); it is always shown.
    """
    title = group_title(game_id, group)
    css = "dt-group-title dt-group-title-inline" if group == "suggested" else "dt-group-title"
    head = f'<div class="{css}">{esc(title)}</div>' if titled and not words else ""
    if words:
        head = f'<div class="dt-group-title dt-group-shared">{esc(words)}</div>'
    return (
        f'<div class="dt-option-group" data-group="{esc(group)}" role="group" aria-label="{esc(words or title)}'
        f'">{head}{body}</div>'
    )


def keys_hint(count: int) -> str:
    """How to choose from the keyboard (also in the Keys help)."""
    if count < 2:
        return ""
    if count < 10:
        return f'<span class="dt-keys-hint">keys 1–{count} choose</span>'
    tens, units = divmod(min(count, 99), 10)
    return (
        f'<span class="dt-keys-hint">keys 1–{count}<span class="dt-keys-more">; past 9 type both digits quickly '
        f"({tens} then {units}: option {tens * 10 + units})</span></span>"
    )


def legal_html(shown: list[Entry], game_id: str, taken: str | None) -> str:
    """The numbered entries, group by group (group titles only on a long list with more than one group)."""
    groups: dict[str, list[tuple[int, Entry]]] = {}
    for number, entry in enumerate(shown, 1):
        groups.setdefault(entry.group, []).append((number, entry))
    titled = len(groups) > 1 and len(shown) >= LONG_LIST
    html = []
    for group, numbered in groups.items():
        shared = None if group == "suggested" else shared_words([entry.label for _, entry in numbered])
        words = shared_title(numbered[0][1].label, shared) if shared else ""
        buttons = "".join(option_button(entry, taken, number, shared) for number, entry in numbered)
        html.append(group_html(game_id, group, buttons, titled, words))
    return "".join(html)


def decision_html(
    decision: Decision,
    players: dict[int, str],
    suggested: str | None,
    taken: str | None,
    game: Any = None,
    state: Any = None,
    illegal: bool = True,
) -> str:
    """The whole decision: who decides, the prompt, the legal options, then (``illegal``) the tempting illegal ones.

    ``game`` and ``state`` (the state the decision is asked in) fold identical copies and name the groups
    in the game's words. The tutor's decision place leaves the illegal ones to its detail place (``why_not_html``).
    """
    game_id = getattr(game, "id", "") or ""
    who = esc(players.get(decision.player, f"Player {decision.player + 1}"))
    if taken is None:
        head = f'<h2 class="dt-panel-title">{who} to decide</h2>'
    else:
        head = (
            f'<h2 class="dt-panel-title">{who} decided here</h2>'
            '<div class="dt-step-head">Choosing again asks first (“Rewrite from here?”), then replaces '
            "everything after "
            "this step.</div>"
        )
    shown = entries(decision, suggested, game, state)
    legal = legal_html(shown, game_id, taken)
    tempting = why_not_html(decision, game_id)[1] if illegal else ""
    if tempting:
        tempting = f'<div class="dt-step-head">Tempting, but not allowed:</div>{tempting}'
    return (
        f'{head}<div class="dt-prompt">{esc(decision.prompt)} {keys_hint(len(shown))}</div>'
        f'<div class="dt-options" role="group" aria-label="Options">{legal}</div>{tempting}'
    )


def why_not_html(decision: Decision, game_id: str) -> tuple[int, str]:
    """How many tempting illegal options a decision lists, and their rows (each behind its "why not?" toggle)."""
    groups = illegal_groups(decision, game_id)
    count = sum(len(options) for _, options in groups)
    titled = len(groups) > 1 and count >= LONG_LIST
    rows = "".join(
        group_html(game_id, group, "".join(illegal_row(o) for o in options), titled) for group, options in groups
    )
    return count, f'<div class="dt-illegal">{rows}</div>' if rows else ""


class DecisionPanel(widgets.HTML):
    """One HTML widget, redrawn only when the decision shown changes; hidden when there is nothing to decide.

    A decision used to be a tree of widgets (a button, a toggle and a box per option): every new
    decision opened dozens of widget models in the page, the slowest part of a step. Now it is one
    string; the option buttons' clicks reach the kernel through the page bridge (``option``). The tempting
    illegal options are kept in ``why_not`` (how many, their rows) for the tutor's detail place.
    """

    def __init__(self) -> None:
        super().__init__(layout=widgets.Layout(display="none"))
        self.add_class("dt-decision")
        self.add_class("dt-panel")
        self._shown: tuple | None = None
        self.why_not: tuple[int, str] = (0, "")

    def show(
        self,
        decision: Decision | None,
        players: dict[int, str],
        suggested: str | None = None,
        taken: str | None = None,
        game: Any = None,
        state: Any = None,
        tempting: bool = True,
    ) -> None:
        key = (id(decision), suggested, taken, tempting)
        if key == self._shown:
            return
        self._shown = key
        if decision is None:
            self.layout.display = "none"
            self.value = ""
            self.why_not = (0, "")
            return
        self.value = decision_html(decision, players, suggested, taken, game, state, illegal=False)
        # the detail place's Why not? tab; none in an exercise (the tempting list would give the answer away)
        self.why_not = why_not_html(decision, getattr(game, "id", "") or "") if tempting else (0, "")
        self.layout.display = ""

"""What every app page shares: a header with the way home, a human title, presenter mode, the query string.

>>> page = AppPage("Rulebook browser", [body], css="dt-rulebook")   # header + body, presenter toggle
>>> on_query(lambda params: ...)   # called with ``{"game": "dmb"}`` now, or once a preheated page is asked for
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets
import traitlets

from .keys import key_listener
from .query import on_query
from .style import esc, style

HOME = "./start.ipynb"
SITE = "digitutor"


def presenter_toggle() -> widgets.ToggleButton:
    toggle = widgets.ToggleButton(
        description="Presenter mode",
        value=False,
        tooltip="Large type and high contrast for a projector (also ?mode=presenter)",
        layout=widgets.Layout(width="auto"),
    )
    toggle.add_class("dt-presenter")
    toggle.observe(_name_the_way_out, "value")
    return toggle


def _name_the_way_out(change: dict[str, Any]) -> None:
    """While presenter mode is on, the toggle says how to leave it (issue 34, item 3)."""
    change["owner"].description = "Leave presenter mode" if change["new"] else "Presenter mode"


def header_html(title: str, home: bool = True) -> str:
    way_home = f'<a class="dt-home" href="{HOME}">⌂ {SITE} home</a><span class="dt-nav-sep">›</span>' if home else ""
    return f'<nav class="dt-nav" aria-label="digitutor">{way_home}<h1 class="dt-page-title">{esc(title)}</h1></nav>'


class AppPage(widgets.VBox):
    """One app: header (home link, title, presenter toggle), then the app's own widgets."""

    presenter = traitlets.Bool(False, help="presenter mode: large type, high contrast, full width")

    def __init__(self, title: str, body: Sequence[widgets.Widget], css: str = "", home: bool = True) -> None:
        self.toggle = presenter_toggle()
        self.heading = widgets.HTML(header_html(title, home))
        self.heading.add_class("dt-heading")
        bar = widgets.HBox([self.heading, self.toggle])
        bar.add_class("dt-titlebar")
        self.bridge = key_listener({}, title=f"{title} · {SITE}")
        if self.bridge is not None:
            self.bridge.enabled = False  # this bridge only names the tab; a Tutor has its own for keys
        parts: list[widgets.Widget] = [style(), bar, *body]
        super().__init__(parts + ([self.bridge] if self.bridge is not None else []))
        self.add_class("dt-app")
        if css:
            self.add_class(css)
        traitlets.link((self, "presenter"), (self.toggle, "value"))
        self.observe(self._presenting, "presenter")
        on_query(self._query)

    def _query(self, params: dict[str, str]) -> None:
        if params.get("mode") == "presenter":
            self.presenter = True

    def _presenting(self, _change: Any = None) -> None:
        (self.add_class if self.presenter else self.remove_class)("dt-presenting")

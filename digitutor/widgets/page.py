"""What every app page shares: a header with the way home, a human title, presenter mode, the query string.

>>> page = AppPage("Rulebook browser", [body], css="dt-rulebook")   # header + body, presenter toggle
>>> on_query(lambda params: ...)   # called with ``{"game": "dmb"}`` now, or once a preheated page is asked for
"""

from __future__ import annotations

import logging
import os
import sys
import threading
from collections.abc import Callable, Sequence
from typing import Any
from urllib.parse import parse_qs

import ipywidgets as widgets
import traitlets

from .keys import key_listener
from .style import esc, style

log = logging.getLogger("digitutor.widgets")

HOME = "./start.ipynb"
SITE = "digitutor"


def query_params(query: str | None = None) -> dict[str, str]:
    """The page's query string as a dict (last value wins); the environment's when ``query`` is None."""
    query = os.environ.get("QUERY_STRING", "") if query is None else query
    return {key: values[-1] for key, values in parse_qs(query.lstrip("?")).items()}


_waiting: list[Callable[[dict[str, str]], None]] = []
_lock = threading.Lock()


def in_browser() -> bool:
    """True when this Python runs in the page itself (Pyodide, the static build): no server knows the query."""
    return sys.platform == "emscripten"


def on_query(callback: Callable[[dict[str, str]], None]) -> None:
    """Call ``callback(params)`` with the page's query parameters, now or (preheated kernel) once they arrive.

    Voila puts the query string in QUERY_STRING while it runs a notebook for a request;
    a preheated kernel ran the notebook before any request, so one thread waits for it
    and then calls every callback registered meanwhile. In the browser (the static build) the
    page's bridge sends the query string once it is drawn (``query_arrived``).
    """
    with _lock:
        if in_browser() and "QUERY_STRING" not in os.environ:
            _waiting.append(callback)
            return
        if os.environ.get("VOILA_PREHEAT") == "True" and "QUERY_STRING" not in os.environ:
            _waiting.append(callback)
            if len(_waiting) == 1:
                threading.Thread(target=_await_query, name="digitutor-query", daemon=True).start()
            return
    _call(callback, query_params())


def query_arrived(query: str) -> None:
    """The page's own query string, from its bridge (in the browser only): call the waiting callbacks."""
    if not in_browser():
        return
    os.environ.setdefault("QUERY_STRING", query.lstrip("?")[:2000])
    with _lock:
        callbacks = list(_waiting)
        _waiting.clear()
    for callback in callbacks:
        _call(callback, query_params())


def _await_query() -> None:
    try:
        from ..serve import query_string  # standard library only: voila.utils would double the kernel's memory

        query_string()
    except Exception:  # noqa: BLE001 - without the query string the app simply opens as it is
        log.exception("could not read the page's query string")
        os.environ.setdefault("QUERY_STRING", "")
    with _lock:
        callbacks = list(_waiting)
        _waiting.clear()
    for callback in callbacks:
        _call(callback, query_params())


def _call(callback: Callable[[dict[str, str]], None], params: dict[str, str]) -> None:
    try:
        callback(params)
    except Exception:  # noqa: BLE001 - a bad link opens the app as it is, never a traceback
        log.exception("applying the page's query string failed")


def presenter_toggle() -> widgets.ToggleButton:
    toggle = widgets.ToggleButton(description="Presenter mode", value=False,
                                  tooltip="Large type and high contrast for a projector (also ?mode=presenter)",
                                  layout=widgets.Layout(width="auto"))
    toggle.add_class("dt-presenter")
    return toggle


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

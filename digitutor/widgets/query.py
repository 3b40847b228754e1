"""The page's query string: read it now, or once a preheated or in-browser page is asked for.

Below every widget module (it imports none of them), so the page bridge in keys.py and the
app pages in page.py can both use it.
"""

from __future__ import annotations

import logging
import os
import sys
import threading
from collections.abc import Callable
from urllib.parse import parse_qs

log = logging.getLogger("digitutor.widgets")


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
    except Exception:  # without the query string the app simply opens as it is
        log.exception("could not read the page's query string")
        os.environ.setdefault("QUERY_STRING", "")
    with _lock:
        callbacks = list(_waiting)
        _waiting.clear()
    # The callbacks build and change widgets: on this thread they raced the page fetching every widget's state as it
    # connects (a bench half-built for ?edit=1 drew "widget model not found"); the kernel's thread does one at a time.

    def run() -> None:
        for callback in callbacks:
            _call(callback, query_params())

    _on_kernel_thread(run)


def _on_kernel_thread(run: Callable[[], None]) -> None:
    """Run ``run`` on the kernel's own thread, which also answers the page's widget messages (here, with no kernel)."""
    try:
        from IPython import get_ipython
    except ImportError:  # no IPython: nothing else touches the widgets
        run()
        return
    loop = getattr(getattr(get_ipython(), "kernel", None), "io_loop", None)
    if loop is None:
        run()
    else:
        loop.add_callback(run)


def _call(callback: Callable[[dict[str, str]], None], params: dict[str, str]) -> None:
    try:
        callback(params)
    except Exception:  # a bad link opens the app as it is, never a traceback
        log.exception("applying the page's query string failed")

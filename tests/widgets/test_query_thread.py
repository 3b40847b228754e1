"""A preheated kernel's query callbacks run on the kernel's own thread, never on the thread that waits for the query.

They build widgets (``?edit=1`` adds the bench): built on the waiting thread, they raced the page fetching every
widget's state as it connects, and the page drew "widget model not found" instead of the bench.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from types import SimpleNamespace

import pytest

from digitutor import serve
from digitutor.widgets import query


class Loop:
    """A stand-in for the kernel's IO loop: keeps what it is asked to run, to run it on the test's own thread."""

    def __init__(self) -> None:
        self.queued: list[Callable[[], None]] = []

    def add_callback(self, run: Callable[[], None]) -> None:
        self.queued.append(run)


def test_callbacks_waiting_for_a_preheated_query_run_on_the_kernels_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    loop = Loop()
    shell = SimpleNamespace(kernel=SimpleNamespace(io_loop=loop))
    monkeypatch.setattr("IPython.get_ipython", lambda: shell)
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.delenv("QUERY_STRING", raising=False)
    monkeypatch.setattr(query, "_waiting", [])
    arrived = threading.Event()
    monkeypatch.setattr(serve, "query_string", lambda: arrived.wait(30) and "")
    called: list[tuple[dict[str, str], str]] = []

    query.on_query(lambda params: called.append((params, threading.current_thread().name)))
    waiting = next(t for t in threading.enumerate() if t.name == "digitutor-query")
    monkeypatch.setenv("QUERY_STRING", "edit=1")
    arrived.set()
    waiting.join(30)

    assert not waiting.is_alive() and called == [] and len(loop.queued) == 1  # nothing ran on the waiting thread
    loop.queued[0]()
    assert called == [({"edit": "1"}, threading.current_thread().name)]


def test_without_a_kernel_the_callbacks_run_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("IPython.get_ipython", lambda: None)
    ran: list[int] = []
    query._on_kernel_thread(lambda: ran.append(1))
    assert ran == [1]

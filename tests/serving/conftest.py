"""Follow-mode tests run outside Voila: no query string, no preheated kernel."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True)
def no_query_string(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("QUERY_STRING", raising=False)
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)


@pytest.fixture(autouse=True)
def own_event_loop() -> Iterator[None]:
    """Each test runs a tornado IOLoop of its own; Playwright's sync API (the browser tests, earlier in the same
    session) leaves its loop marked as running in this thread, which would refuse ``run_sync``. The mark is put aside
    for the test and put back after it."""
    running = asyncio.events._get_running_loop()
    asyncio.events._set_running_loop(None)
    try:
        yield
    finally:
        asyncio.events._set_running_loop(running)

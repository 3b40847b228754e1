"""Follow-mode tests run outside Voila: no query string, no preheated kernel."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def no_query_string(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("QUERY_STRING", raising=False)
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)

"""An idle page keeps its kernel connection: the server's keep-alive pings never drop it (issue 13, item 3)."""

from __future__ import annotations

import pytest
from drive import press, wait_ready
from harness import Server
from playwright.sync_api import Page, WebSocket

IDLE_MS = 125_000  # four of the server's 30 s pings, and then some


@pytest.mark.slow
def test_a_learn_page_left_idle_for_two_minutes_never_reconnects(app: Page, tutor: Server) -> None:
    channels: list[str] = []

    def on_websocket(socket: WebSocket) -> None:
        if "/channels" in socket.url:
            channels.append(socket.url)

    app.on("websocket", on_websocket)
    log_start = len(tutor.output())
    app.goto("/voila/render/learn_dtector.ipynb")
    root = wait_ready(app)
    assert len(channels) == 1, channels
    app.wait_for_timeout(IDLE_MS)
    assert press(root, "button.dt-next", watch_css=".dt-citation"), "Next step did nothing after the idle time"
    assert len(channels) == 1, f"the page reconnected to its kernel {len(channels) - 1} time(s) while idle"
    log = tutor.output()[log_start:]
    assert "ping timeout" not in log.lower(), log

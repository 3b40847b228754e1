"""An idle page keeps its kernel connection: the server's keep-alive pings never drop it (issue 13, item 3).

The page is the one the ``idle_page`` fixture opened when this worker's first browser test started; this test runs
after the others (``last``), so its idle minutes have mostly passed by then, and it waits only for what is left.
"""

from __future__ import annotations

import time

import pytest
from drive import press
from harness import IdlePage, Server

IDLE_MS = 125_000  # four of the server's 30 s pings, and then some


@pytest.mark.last
def test_a_learn_page_left_idle_for_two_minutes_never_reconnects(idle_page: IdlePage, tutor: Server) -> None:
    page = idle_page.page
    left_ms = IDLE_MS - (time.monotonic() - idle_page.opened) * 1000
    if left_ms > 0:
        page.wait_for_timeout(left_ms)
    assert len(idle_page.channels) == 1, idle_page.channels
    root = page.locator(".dt-tutor").first
    assert press(root, "button.dt-next", watch_css=".dt-citation"), "Next step did nothing after the idle time"
    assert len(idle_page.channels) == 1, f"the page reconnected to its kernel {len(idle_page.channels) - 1} time(s)"
    log = tutor.output()[idle_page.log_start :]
    assert "ping timeout" not in log.lower(), log

"""``digitutor serve --room N``: a pool filled before the server says it is ready, a queue with a clear message."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from drive import wait_ready
from harness import READY_TEXT, Server, start_server
from playwright.sync_api import Browser, Page, expect

ROOM = 2
PAGES = 5
BOARD_TIMEOUT_MS = 240_000  # a loaded 2-core machine starting kernels one per core
#: remembers, across the page's own navigations, every queue message it showed
RECORD_QUEUE = """
document.addEventListener("DOMContentLoaded", () => {
  const line = document.querySelector(".dt-queue-line");
  if (!line) { return; }
  const keep = () => sessionStorage.setItem("dt-queue", (sessionStorage.getItem("dt-queue") || "") + "|" + \
line.textContent);
  keep();
  new MutationObserver(keep).observe(line, {childList: true, characterData: true, subtree: true});
});
"""


@pytest.fixture(scope="module")
def room() -> Iterator[Server]:
    server = start_server(["--room", str(ROOM), "--game", "dtector"])
    yield server
    server.stop()
    server.discard_log()


def test_the_server_fills_its_pool_before_printing_its_link(room: Server) -> None:
    output = room.output()
    ready = output.index(READY_TEXT)
    assert re.search(r"\[#+\] \d+/\d+ kernels ready", output[:ready]), output
    assert re.search(r"ready in \d+\.\d s", output), output
    assert output.index("serving the tutor at http://127.0.0.1:") > ready, "the link came before the pool was full"
    assert len(room.kernels()) >= ROOM + 1  # dtector's pool, and arena's one kernel


@pytest.mark.slow
def test_pages_past_the_pool_say_they_wait_then_get_their_board(room: Server, browser: Browser) -> None:
    contexts = [browser.new_context(base_url=room.url, viewport={"width": 1000, "height": 700}) for _ in range(PAGES)]
    pages: list[Page] = [context.new_page() for context in contexts]
    try:
        for page in pages:
            page.add_init_script(RECORD_QUEUE)
            page.goto("/voila/render/learn_dtector.ipynb", wait_until="commit")
        for page in pages:
            wait_ready(page, timeout_ms=BOARD_TIMEOUT_MS)
            expect(page.locator(".dt-cannot-draw")).to_have_count(0)
            assert "dt-ticket" not in page.url, "the queue's ticket stayed in the address bar"
        shown = [page.evaluate("sessionStorage.getItem('dt-queue') || ''") for page in pages]
        waited = [messages for messages in shown if messages]
        assert waited, f"{PAGES} pages on a room of {ROOM}: some should have waited in the queue"
        for messages in waited:
            assert re.search(r"ahead of you|You are next", messages), messages
    finally:
        for context in contexts:
            context.close()

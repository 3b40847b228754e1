"""Browser tests: one real ``digitutor serve`` for the session, headless Debian Chromium via pytest-playwright.

Every page a test opens is watched: a console error or warning (such as JupyterLab's
"Unsatisfied version ... of shared singleton module", which mismatched Voila and widget
releases log), an uncaught exception, a request that leaves 127.0.0.1, or a notebook cell
that failed fails the test.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from drive import wait_ready
from harness import CELL_FAILURE, CHROMIUM_ARGS, LOOPBACK, TEST_CHROMIUM, VIEWPORT, IdlePage, Server, start_server
from playwright.sync_api import Browser, Page, WebSocket, expect

TIMEOUT_MS = 30_000
# what a page shows may take long on a busy machine: every ``expect`` waits as long as the page's own calls do
expect.set_options(timeout=TIMEOUT_MS)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/browser/" in item.nodeid.replace("\\", "/"):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def chromium() -> str:
    """Debian's Chromium (its headless shell where installed): Playwright cannot download its own browsers here (CI
    installs both with apt)."""
    if not TEST_CHROMIUM.exists():
        pytest.skip(
            f"{TEST_CHROMIUM} is missing: install Debian's chromium-headless-shell or chromium (apt-get install "
            "chromium chromium-headless-shell) to run the browser tests"
        )
    return str(TEST_CHROMIUM)


@pytest.fixture(scope="session")
def tutor() -> Iterator[Server]:
    """One ``digitutor serve`` for the whole session, stopped with Ctrl-C at the end.

    The session opens far more app pages than one attendee would (about fifty), so its kernel cap
    is raised; the cap itself is tested on a server of its own (test_hardening.py).
    """
    server = start_server(["--max-kernels", "200"])
    yield server
    server.stop()
    server.discard_log()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any], chromium: str) -> dict[str, Any]:
    return {**browser_type_launch_args, "executable_path": chromium, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def base_url(tutor: Server) -> str:
    return tutor.url


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any], base_url: str) -> dict[str, Any]:
    return {**browser_context_args, "viewport": VIEWPORT, "base_url": base_url}


@pytest.fixture(scope="session")
def idle_page(browser: Browser, browser_context_args: dict[str, Any], tutor: Server) -> Iterator[IdlePage]:
    """A page left idle while the worker's other browser tests run (test_idle.py checks it last).

    Its two idle minutes used to be two minutes in which a worker did nothing else.
    """
    context = browser.new_context(**browser_context_args)
    page = context.new_page()
    channels: list[str] = []
    page.on("websocket", lambda socket: channels.append(socket.url) if "/channels" in socket.url else None)
    log_start = len(tutor.output())
    page.goto("/voila/render/learn_dtector.ipynb")
    wait_ready(page)
    yield IdlePage(page, time.monotonic(), log_start, channels)
    context.close()


@dataclass
class Watch:
    """What went wrong on a page: console errors and warnings, page errors, requests off the loopback server."""

    origin: str
    errors: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    foreign: list[str] = field(default_factory=list)

    def local(self, url: str) -> bool:
        if url.startswith(("data:", "blob:", "about:")):
            return True
        host = url.split("://", 1)[-1].split("/", 1)[0]
        return host == self.origin

    def check(self) -> None:
        problems = (
            [f"console/page error: {e}" for e in self.errors]
            + [f"console warning: {w}" for w in self.warnings]
            + [f"request off 127.0.0.1: {u}" for u in self.foreign]
        )
        assert not problems, "\n".join(problems)


@pytest.fixture
def app(page: Page, tutor: Server, idle_page: IdlePage) -> Iterator[Page]:
    """A page on the tutor server that fails the test on any error or non-local request."""
    watch = Watch(origin=f"{LOOPBACK}:{tutor.port}")

    def on_console(message: Any) -> None:
        if message.type == "error":
            where = (message.location or {}).get("url", "")  # "Failed to load resource" says which only here
            watch.errors.append(f"{message.text} ({where})" if where else message.text)
        elif message.type == "warning":
            watch.warnings.append(message.text)

    def on_request(request: Any) -> None:
        if not watch.local(request.url):
            watch.foreign.append(request.url)  # and it fails: the browser's only proxy is a closed loopback port

    def on_websocket(socket: WebSocket) -> None:
        if not watch.local(socket.url):
            watch.foreign.append(socket.url)

    page.on("console", on_console)
    page.on("pageerror", lambda error: watch.errors.append(f"uncaught: {error}"))
    page.on("websocket", on_websocket)
    page.on("request", on_request)
    page.set_default_timeout(TIMEOUT_MS)
    page.watch = watch  # type: ignore[attr-defined] - for tests that look at it before the end
    yield page
    if page.locator(CELL_FAILURE).count():
        watch.errors.append("a notebook cell failed: " + page.locator(CELL_FAILURE).first.inner_text()[:300])
    watch.check()

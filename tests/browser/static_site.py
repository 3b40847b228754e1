"""The static build (``digitutor build-static``) served by a plain ``python -m
http.server``, and a browser held to loopback.

Shared by tests/browser/test_static.py and benchmarks/room_load.py --static.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from harness import CHROMIUM_ARGS, LOOPBACK, ROOT, Server, free_port, start_command
from playwright.sync_api import BrowserContext, Route

#: Chromium resolves no host name but loopback: what the route handler misses (a worker's or a service
#: worker's request) cannot leave the machine either
OFFLINE_ARGS = [*CHROMIUM_ARGS, f"--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE {LOOPBACK}, EXCLUDE localhost"]
#: where the Learn apps live in the static site
LEARN_PAGE = "/voici/render/learn_{game}.html"
BUILD_TIMEOUT_S = 900


def build_site(target: Path) -> subprocess.CompletedProcess:
    """Run the real CLI: ``digitutor build-static TARGET``."""
    return subprocess.run(
        [sys.executable, "-m", "digitutor.cli", "build-static", str(target)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=BUILD_TIMEOUT_S,
        check=False,
    )


def serve_site(site: Path) -> Server:
    """``python -m http.server`` on a free loopback port, serving ``site``."""
    port = free_port()
    command = [sys.executable, "-m", "http.server", str(port), "--bind", LOOPBACK, "--directory", str(site)]
    return start_command(command, port, site, kernels=0, timeout=60)


def hold_to_loopback(context: BrowserContext, origin: str, foreign: list[str], seen: list[str] | None = None) -> None:
    """Abort every request of the context (pages and their workers) that is not for ``origin``; record them."""

    def on_route(route: Route) -> None:
        url = route.request.url
        if seen is not None:
            seen.append(url)
        if url.startswith(("data:", "blob:", "about:")) or url.split("://", 1)[-1].split("/", 1)[0] == origin:
            route.continue_()
        else:
            foreign.append(url)
            route.abort()

    context.route("**/*", on_route)


def watch_errors(page: Any, errors: list[str]) -> None:
    """Collect console errors and uncaught exceptions of a page."""
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(f"uncaught: {error}"))


def play_guided_to_end(
    root: Any, act: Callable[[Any], bool], on_step: Callable[[int], None] | None = None, limit: int = 600
) -> int:
    """Press Next (or answer the decision shown) until the guided game says it is over; returns the moves made."""
    result = root.locator(".dt-status .dt-result")
    for moves in range(limit):
        if result.count():
            return moves
        if not act(root) and not result.count():
            raise AssertionError(
                f"the guided game stopped moving at move {moves}: {root.locator('.dt-status').first.inner_text()}"
            )
        if on_step is not None:
            on_step(moves + 1)
    raise AssertionError(f"the guided game did not end within {limit} moves")

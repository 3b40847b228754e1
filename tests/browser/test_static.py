"""The static build in a real browser: built by the real CLI, served by ``python -m http.server``,
opened in headless Chromium that may reach nothing but that server, and a guided D-Tector game
played step by step to its end, every step's rulebook quote shown — all in the page's own Pyodide.

The build fetches from PyPI and npm (or their caches); it is skipped, with the reason, only when
its tools (the ``static`` extra, npm) are missing — and never on CI, which installs them.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from drive import act, text, wait_ready
from harness import CELL_FAILURE, LOOPBACK, VIEWPORT, Server
from playwright.sync_api import Browser, Playwright, expect
from static_site import (
    LEARN_PAGE,
    OFFLINE_ARGS,
    build_site,
    hold_to_loopback,
    play_guided_to_end,
    serve_site,
    watch_errors,
)

pytestmark = pytest.mark.slow

#: a cold start: Pyodide (about 13 MB) and the wheels load, then the notebook runs in the page
FIRST_BOARD_MS = 240_000
STEP_MS = 30_000


@pytest.fixture(scope="module")
def static_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from digitutor.serving.static import BuildProblem, check_tools

    try:
        check_tools()
    except BuildProblem as missing:
        if os.environ.get("CI"):
            pytest.fail(f"CI must run the static build test: {missing}")
        pytest.skip(f"the static build's tools are missing: {missing}")
    site = tmp_path_factory.mktemp("static") / "site"
    done = build_site(site)
    assert done.returncode == 0, f"build-static failed:\n{done.stdout}\n{done.stderr}"
    assert (site / "index.html").is_file() and (site / "voici" / "render" / "learn_dtector.html").is_file()
    return site


@pytest.fixture(scope="module")
def static_server(static_site: Path) -> Iterator[Server]:
    server = serve_site(static_site)
    yield server
    server.stop()
    server.discard_log()


@pytest.fixture(scope="module")
def offline_browser(playwright: Playwright, chromium: str) -> Iterator[Browser]:
    browser = playwright.chromium.launch(executable_path=chromium, args=OFFLINE_ARGS)
    yield browser
    browser.close()


def test_site_has_no_reference_to_another_host_it_would_load(static_site: Path) -> None:
    """No page links a stylesheet or script from a CDN (the runtime check below would only see the ones used)."""
    for page in (static_site / "voici" / "render").glob("*.html"):
        head = page.read_text(encoding="utf-8").split("</head>")[0]
        assert 'href="https://' not in head and 'src="https://' not in head, f"{page.name} loads from another host"


def test_a_guided_dtector_game_plays_to_its_end_offline_with_citations(
    static_server: Server, offline_browser: Browser
) -> None:
    origin = f"{LOOPBACK}:{static_server.port}"
    context = offline_browser.new_context(viewport=VIEWPORT, base_url=static_server.url)
    foreign: list[str] = []
    seen: list[str] = []
    errors: list[str] = []
    hold_to_loopback(context, origin, foreign, seen)
    try:
        page = context.new_page()
        page.set_default_timeout(STEP_MS)
        watch_errors(page, errors)
        page.goto("/")
        page.wait_for_url("**/voici/render/start.html")
        expect(page.locator(".dt-start")).to_be_visible(timeout=FIRST_BOARD_MS)
        page.locator('.dt-start a[href="./learn_dtector.ipynb"]').click()
        page.wait_for_url("**" + LEARN_PAGE.format(game="dtector"))
        root = wait_ready(page, timeout_ms=FIRST_BOARD_MS)

        quotes: set[str] = set()

        def quote_shown(_moves: int) -> None:
            quote = root.locator(".dt-citation .dt-quote").first
            if quote.count():
                quotes.add(quote.inner_text().strip())

        moves = play_guided_to_end(root, lambda r: act(r, timeout_ms=STEP_MS), quote_shown)
        assert moves > 10, f"the guided game ended after {moves} moves"
        expect(root.locator(".dt-status .dt-result")).to_contain_text("Game over")
        assert len(quotes) >= 5, f"only {len(quotes)} different rulebook quotes were shown: {sorted(quotes)[:3]}"
        assert all(quotes), "a citation was shown without its quote"
        assert "Game over" in text(root, ".dt-status")
        assert not page.locator(CELL_FAILURE).count(), page.locator(CELL_FAILURE).first.inner_text()[:300]
    finally:
        context.close()
    # the watch saw the worker's traffic (Pyodide and the wheels), so "nothing else was asked for" means something
    assert any(url.endswith("pyodide.asm.wasm") for url in seen), "Pyodide was not loaded through the watched context"
    assert any(url.endswith(".whl") for url in seen), "no wheel was loaded through the watched context"
    assert not foreign, f"requests off {origin}: {foreign}"
    assert not errors, "console/page errors:\n" + "\n".join(errors)


def test_presenter_mode_from_the_query_string_in_the_browser(static_server: Server, offline_browser: Browser) -> None:
    """No server hands the page's Python its query string here: the page's bridge does."""
    context = offline_browser.new_context(viewport=VIEWPORT, base_url=static_server.url)
    foreign: list[str] = []
    errors: list[str] = []
    hold_to_loopback(context, f"{LOOPBACK}:{static_server.port}", foreign)
    try:
        page = context.new_page()
        watch_errors(page, errors)
        page.goto(LEARN_PAGE.format(game="dtector") + "?mode=presenter")
        root = wait_ready(page, timeout_ms=FIRST_BOARD_MS)
        expect(page.locator(".dt-app.dt-presenting").first).to_be_visible(timeout=STEP_MS)
        expect(page.locator("button.dt-presenter").first).to_contain_class("mod-active")
        before = text(root, ".dt-citation")
        page.keyboard.press("ArrowRight")
        expect(root.locator(".dt-citation")).not_to_have_text(before, timeout=STEP_MS)
    finally:
        context.close()
    assert not foreign, foreign
    assert not errors, "console/page errors:\n" + "\n".join(errors)

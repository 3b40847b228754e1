"""Progress that is kept (issue 25, point 3), in a real browser against a real ``digitutor serve``.

The server of this file serves the fixture course (tests/fixtures/course/dcg: three two-step lessons)
through ``DIGITUTOR_LESSONS``, so a lesson is finished in a few clicks. Every page is watched like the
``app`` fixture does: a console error or warning, an uncaught exception or a failed cell fails the test.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from drive import act, text, wait_ready
from harness import CELL_FAILURE, VIEWPORT, Server, start_server
from playwright.sync_api import Browser, Page, Route, expect

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "course"
STORE = "digitutor:progress:dcg"
COURSE_VIEW = "/voila/render/learn_dcg.ipynb?view=course"
TIMEOUT_MS = 60_000


@pytest.fixture(scope="module")
def course_server() -> Iterator[Server]:
    """A ``digitutor serve`` whose DCG course is the fixture course."""
    before = os.environ.get("DIGITUTOR_LESSONS")
    os.environ["DIGITUTOR_LESSONS"] = str(FIXTURES)
    try:
        server = start_server(["--max-kernels", "30"])
    finally:
        if before is None:
            os.environ.pop("DIGITUTOR_LESSONS", None)
        else:
            os.environ["DIGITUTOR_LESSONS"] = before
    yield server
    server.stop()
    server.discard_log()


@pytest.fixture
def watched(browser: Browser, course_server: Server) -> Iterator[Page]:
    """A fresh browser context (empty local storage) on the course server, watched as the ``app`` fixture watches.

    Fails the test on any console error or warning, uncaught exception, failed cell or request off the server.
    """
    context = browser.new_context(viewport=VIEWPORT, base_url=course_server.url)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    problems: list[str] = []

    def on_console(message: Any) -> None:
        if message.type in ("error", "warning"):
            problems.append(f"console {message.type}: {message.text} ({message.location.get('url', '')})")

    page.on("console", on_console)
    page.on("pageerror", lambda error: problems.append(f"uncaught: {error}"))
    origin = course_server.url

    def on_route(route: Route) -> None:
        if route.request.url.startswith((origin, "data:", "blob:")):
            route.continue_()
        else:
            problems.append(f"request off 127.0.0.1: {route.request.url}")
            route.abort()

    page.route("**/*", on_route)
    yield page
    if page.locator(CELL_FAILURE).count():
        problems.append("a notebook cell failed: " + page.locator(CELL_FAILURE).first.inner_text()[:300])
    context.close()
    assert not problems, "\n".join(problems)


def open_course(page: Page) -> None:
    page.goto(COURSE_VIEW)
    page.locator(".dt-course .dt-course-row").first.wait_for(state="visible")


def finish_lesson(page: Page, title: str) -> None:
    """Play the lesson shown to its end (it ends with the learner's win)."""
    root = wait_ready(page)
    expect(root.locator(".dt-title")).to_contain_text(title)
    for _ in range(20):
        if "You won" in text(root, ".dt-lesson"):
            return
        assert act(root), f"the lesson stopped moving: {text(root, '.dt-status')}"
    raise AssertionError("the lesson did not end")


def kept(page: Page) -> str | None:
    return page.evaluate(f"() => localStorage.getItem({json.dumps(STORE)})")


def wait_kept_finished(page: Page, lesson_id: str) -> None:
    """Until the page's local storage says the lesson is finished."""
    page.wait_for_function(
        "([key, id]) => { try { const d = JSON.parse(localStorage.getItem(key) || '{}');"
        " return !!(d.lessons && d.lessons[id] && d.lessons[id].finished); } catch (e) { return false; } }",
        arg=[STORE, lesson_id],
    )


def test_a_finished_lesson_is_kept_over_a_reload_and_continue_offers_the_next(watched: Page) -> None:
    page = watched
    open_course(page)
    course = page.locator(".dt-course")
    expect(course.locator(".dt-course-row")).to_have_count(3)
    expect(course.locator(".dt-course-count")).to_have_text("0 of 3 lessons finished")
    expect(course.locator(".dt-concepts li").first).to_have_text("Attacking a player")
    continue_button = course.locator("button.dt-continue")
    expect(continue_button).to_contain_text("lesson 1, One attack wins")
    continue_button.click()
    finish_lesson(page, "One attack wins")
    wait_kept_finished(page, "dcg/first-game")

    page.reload()  # the address names the lesson (issue 34 item 4): it comes back at its end, the next one offered
    expect(page.locator("button.dt-next-lesson")).to_contain_text("Garurumon is no target")
    page.go_back()  # to the course view the lesson was opened from
    page.locator(".dt-course .dt-course-row").first.wait_for(state="visible")
    course = page.locator(".dt-course")
    expect(course.locator('.dt-course-row[data-lesson="first-game"] .dt-course-done')).to_have_text("✓ finished")
    expect(course.locator('.dt-course-row[data-lesson="01-garurumon-is-no-target"] .dt-course-done')).to_have_count(0)
    expect(course.locator(".dt-course-count")).to_have_text("1 of 3 lessons finished")
    expect(course.locator("button.dt-continue")).to_contain_text("lesson 2, Garurumon is no target")
    course.locator("button.dt-continue").click()
    finish_lesson(page, "Garurumon is no target")
    wait_kept_finished(page, "dcg/01-garurumon-is-no-target")

    page.goto("/voila/render/start.ipynb")
    expect(page.locator('.dt-course-progress[data-game="dcg"] .dt-course-count')).to_have_text(
        "2 of 3 lessons finished"
    )


def test_a_lesson_link_opens_that_lesson_and_an_unknown_one_says_so_in_one_line(watched: Page) -> None:
    page = watched
    page.goto("/voila/render/learn_dcg.ipynb?lesson=02-a-third-lesson")
    root = wait_ready(page)
    expect(root.locator(".dt-title")).to_contain_text("A third short lesson")
    page.goto("/voila/render/learn_dcg.ipynb?lesson=no-such-lesson")
    root = wait_ready(page)
    expect(root.locator(".dt-error").first).to_contain_text("There is no lesson 'no-such-lesson'")
    expect(root.locator(".dt-title")).to_contain_text("One attack wins")


HOSTILE = {
    "not JSON": "{not json at all",
    "huge": json.dumps({"version": 1, "lessons": {}, "padding": "x" * 1_000_000}),
    "wrong types": json.dumps(
        {"version": 1, "lessons": {"dcg/first-game": {"hash": 7, "finished": "yes", "right": "all"}}}
    ),
}


@pytest.mark.parametrize("kind", list(HOSTILE))
def test_hostile_kept_progress_leaves_a_working_page_with_no_progress(watched: Page, kind: str) -> None:
    page = watched
    # put the hostile text in this origin's storage before the app's scripts run
    # (once: a reload keeps what the app wrote)
    page.add_init_script(
        "if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1');"
        f" localStorage.setItem({json.dumps(STORE)}, {json.dumps(HOSTILE[kind])}); }}"
    )
    page.goto("/voila/render/start.ipynb")
    expect(page.locator('.dt-course-progress[data-game="dcg"] .dt-course-count')).to_have_text(
        "0 of 3 lessons finished"
    )
    open_course(page)
    expect(page.locator(".dt-course .dt-course-count")).to_have_text("0 of 3 lessons finished")
    expect(page.locator(".dt-course .dt-course-done")).to_have_count(0)
    page.locator(".dt-course button.dt-continue").click()
    finish_lesson(page, "One attack wins")
    wait_kept_finished(page, "dcg/first-game")  # the bad text is replaced by good progress
    page.reload()
    expect(page.locator("button.dt-next-lesson")).to_be_visible()  # the lesson again, at its end
    page.go_back()
    page.locator(".dt-course .dt-course-row").first.wait_for(state="visible")
    expect(page.locator(".dt-course .dt-course-count")).to_have_text("1 of 3 lessons finished")
    assert json.loads(kept(page) or "{}")["version"] == 1

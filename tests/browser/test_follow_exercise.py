"""The room plays along, in real browsers (issue 36, item 4): a teacher and three followers on ``digitutor serve
--room``. The teacher opens an exercise of the D-Tector course and sends it to the room; each follower presses
"Solve it" on the follow page, which opens their own Learn page at that exercise (a new tab, a kernel from the pool);
two solve it, one fails; the teacher's line shows each result within 1 s of the follower's verdict, and which first
moves they chose. Then the teacher plays the lesson's game to a decision of the seat shown: a follower's "Try from
here" opens at that pending decision (no Next pressed), and the position sent to the room ("Play it") does too, the
teacher's line counting that follower as playing with its first move.

The answers come from the rulebook (d-tector-card-game.txt): "Ability beats Crush, Crush beats Energy and Energy
beats Ability." Against the opponent's Crush, Patamon (Ability) wins the Battle Call and Agumon (Energy) loses it.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator

import pytest
from drive import advance_until, legal_options, wait_ready
from harness import Server, start_server
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect
from test_follow_room import links, watch

FOLLOWERS = 3
WITHIN_MS = 1000
TIMEOUT_MS = 120_000
#: each follower's answer and its verdict
ANSWERS = (("Patamon", "dt-ex-solved"), ("Patamon", "dt-ex-solved"), ("Agumon", "dt-ex-failed"))
LINE = ".dt-follow-count"


@pytest.fixture(scope="module")
def room() -> Iterator[Server]:
    server = start_server(["--room", str(FOLLOWERS + 1), "--game", "dtector"])
    yield server
    server.stop()
    server.discard_log()


def line_shows(teacher: Page, pattern: str, since: float, what: str) -> None:
    """The teacher's line matches ``pattern`` within WITHIN_MS of ``since``."""
    left = max(50.0, WITHIN_MS - (time.monotonic() - since) * 1000)
    try:
        teacher.wait_for_function(
            "([line, pattern]) => new RegExp(pattern).test(document.querySelector(line).textContent)",
            arg=[LINE, pattern],
            timeout=left,
        )
    except Exception:
        said = teacher.locator(LINE).first.inner_text()
        raise AssertionError(
            f"{what}: the teacher's line says {said!r}, not /{pattern}/ within {WITHIN_MS} ms"
        ) from None


def test_two_followers_solve_the_teachers_exercise_one_fails_and_the_teacher_sees_it_live(
    room: Server, browser: Browser
) -> None:
    teacher_link, follow_link = links(room)
    errors: list[str] = []
    contexts: list[BrowserContext] = [
        browser.new_context(viewport={"width": 1100, "height": 800}) for _ in range(FOLLOWERS + 1)
    ]
    try:
        teacher = watch(contexts[0].new_page(), errors)
        teacher.goto(re.sub(r"learn_\w+\.ipynb", "learn_dtector.ipynb", teacher_link) + "&view=course")
        row = teacher.locator(".dt-course-lesson", has=teacher.locator('.dt-course-row[data-lesson="01-a-whole-game"]'))
        row.locator("button.dt-course-practice").click(timeout=TIMEOUT_MS)
        expect(teacher.locator(".dt-tutor .dt-exercise").first).to_contain_text("Exercise 1 of", timeout=TIMEOUT_MS)
        followers = [watch(context.new_page(), errors) for context in contexts[1:]]
        for page in followers:
            page.goto(follow_link)
        teacher.wait_for_function(
            "line => /3 following/.test(document.querySelector(line).textContent)", arg=LINE, timeout=30_000
        )
        teacher.locator("button.dt-follow-send").click(timeout=TIMEOUT_MS)

        own: list[Page] = []
        for page in followers:
            expect(page.locator("#dt-challenge")).to_contain_text("Win a Battle Call", timeout=30_000)
            with page.expect_popup() as opened:
                page.locator("#dt-solve").click()
            attempt = watch(opened.value, errors)
            wait_ready(attempt, timeout_ms=TIMEOUT_MS)
            expect(attempt.locator(".dt-tutor .dt-exercise").first).to_contain_text("Exercise 1 of", timeout=TIMEOUT_MS)
            own.append(attempt)
        line_shows(teacher, r"3 still playing", time.monotonic() + 10, "three followers opened it")

        solved = failed = 0
        for attempt, (card, verdict) in zip(own, ANSWERS, strict=True):
            option = attempt.locator(".dt-tutor .dt-decision button.dt-option", has_text=card).first
            option.click(timeout=TIMEOUT_MS)
            attempt.locator(f".dt-tutor .dt-ex-verdict.{verdict}").first.wait_for(state="visible", timeout=TIMEOUT_MS)
            since = time.monotonic()
            solved, failed = solved + (verdict == "dt-ex-solved"), failed + (verdict == "dt-ex-failed")
            line_shows(teacher, rf"{solved} solved, {failed} failed", since, f"a follower chose {card}")
        said = teacher.locator(LINE).first.inner_text()
        assert "2 solved, 1 failed, 0 still playing" in said, said
        assert re.search(r"first moves: Patamon \([^)]*\) × 2, Agumon \([^)]*\) × 1$", said), said
        # the follow tabs kept following while their own pages played
        for page in followers:
            assert "dt-follow-lost" not in (page.locator("#dt-follow-link").get_attribute("class") or "")
    finally:
        for context in contexts:
            context.close()
    assert not errors, errors


PENDING_MS = 240_000  # a page of its own needs a kernel the pool refills after the test above took four


def prompt(root: Locator) -> str:
    """The decision's prompt, without the keyboard hint."""
    shown = root.locator(".dt-decision .dt-prompt").first.inner_text()
    return shown.split("keys")[0].strip()


def test_a_followers_try_from_here_and_the_position_sent_open_at_the_pending_decision(
    room: Server, browser: Browser
) -> None:
    teacher_link, follow_link = links(room)
    errors: list[str] = []
    contexts = [browser.new_context(viewport={"width": 1100, "height": 800}) for _ in range(2)]
    try:
        teacher = watch(contexts[0].new_page(), errors)
        teacher.goto(re.sub(r"learn_\w+\.ipynb", "learn_dtector.ipynb", teacher_link))
        root = wait_ready(teacher, timeout_ms=PENDING_MS)
        advance_until(root, ".dt-decision button.dt-option:not(.dt-option-illegal)")
        asked = prompt(root)
        assert asked.startswith("Player 1:"), asked  # the seat shown decides: the followers' "what would you do?"
        follower = watch(contexts[1].new_page(), errors)
        follower.goto(follow_link)
        follower.locator("#dt-decision button[data-option]").first.wait_for(state="visible", timeout=30_000)

        # Try from here: the follower's own page opens at the pending decision, as the teacher's shows it
        with follower.expect_popup(timeout=PENDING_MS) as opened:
            follower.locator("a.dt-try").click()
        attempt = watch(opened.value, errors)
        own = wait_ready(attempt, timeout_ms=PENDING_MS)
        expect(legal_options(own).first).to_be_visible(timeout=30_000)
        expect(own.locator(".dt-status").first).to_contain_text("waiting for Player 1 to decide")
        assert prompt(own) == asked, (prompt(own), asked)
        assert "dealt afresh" in own.locator(".dt-title").first.inner_text()
        attempt.close()

        # the position sent to the room: Play it opens it at the same decision; the teacher's line counts it
        teacher.locator("button.dt-follow-send-position").click(timeout=TIMEOUT_MS)
        expect(follower.locator("#dt-challenge")).to_contain_text("play this position", timeout=30_000)
        expect(follower.locator("#dt-solve")).to_have_text("Play it")
        with follower.expect_popup(timeout=PENDING_MS) as opened:
            follower.locator("#dt-solve").click()
        played = watch(opened.value, errors)
        own = wait_ready(played, timeout_ms=PENDING_MS)
        expect(legal_options(own).first).to_be_visible(timeout=30_000)
        assert prompt(own) == asked, (prompt(own), asked)
        line_shows(teacher, r"0 solved, 0 failed, 1 still playing", time.monotonic() + 30, "the position opened")
        # the card's name on the button ("1. Patamon (Ability, Light, power 1)"), the words the line counts by
        card = re.sub(r"^\d+\.\s*(★\s*)?", "", legal_options(own).first.inner_text()).split("(")[0].strip()
        legal_options(own).first.click()
        since = time.monotonic()
        line_shows(teacher, rf"1 still playing · first moves: {re.escape(card)}.* × 1", since, "its first move")
    finally:
        for context in contexts:
            context.close()
    assert not errors, errors

"""Driving a Tutor widget in a Voila page: wait for it, press Next, answer decisions.

The widgets promise these CSS classes: dt-tutor, dt-board, dt-next, dt-back, dt-status,
dt-citation, dt-quote, dt-decision, dt-option, dt-option-illegal, dt-option-suggested,
dt-why-not, dt-reasons, dt-reason, dt-notice.
"""

from __future__ import annotations

import base64
import json
import time
import zlib

from playwright.sync_api import Locator, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

STEP_TIMEOUT_MS = 10_000


def tutor(page: Page, scope: str = "") -> Locator:
    """The (first) Tutor widget on the page, inside ``scope`` if given."""
    return page.locator(f"{scope} .dt-tutor".strip()).first


def wait_ready(page: Page, scope: str = "", timeout_ms: float = 60_000) -> Locator:
    """Wait until the board is drawn and Next step can be pressed; returns the Tutor."""
    root = tutor(page, scope)
    root.locator(".dt-board").first.wait_for(state="visible", timeout=timeout_ms)
    page.wait_for_function(
        "root => { const b = root.querySelector('button.dt-next'); return b && !b.disabled; }",
        arg=root.element_handle(timeout=timeout_ms),
        timeout=timeout_ms,
    )
    return root


def kept_step(page: Page, key: str) -> int | None:
    """The step index of the position this browser keeps under ``key`` (None: nothing kept yet)."""
    kept = page.evaluate("key => localStorage.getItem(key) || ''", key)
    if not kept:
        return None
    token = kept.removeprefix("dt1.")
    document = json.loads(zlib.decompress(base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))))
    return int(document["step"])


def wait_kept(page: Page, key: str, step_index: int, timeout_s: float = 30.0) -> None:
    """Wait until the browser keeps the position at ``step_index`` (the page writes it after the step is drawn)."""
    deadline = time.monotonic() + timeout_s
    while (kept := kept_step(page, key)) != step_index:
        assert time.monotonic() < deadline, f"the browser keeps step {kept}, not {step_index}, after {timeout_s} s"
        page.wait_for_timeout(100)


def text(root: Locator, css: str) -> str:
    return root.locator(css).first.inner_text()


def _wait_change(root: Locator, css: str, before: str, timeout_ms: float) -> bool:
    handle = root.locator(css).first.element_handle()
    try:
        root.page.wait_for_function(
            "([el, before]) => el.innerText !== before", arg=[handle, before], timeout=timeout_ms
        )
        return True
    except PlaywrightTimeout:
        return False


def press(root: Locator, button_css: str, watch_css: str = ".dt-status", timeout_ms: float = STEP_TIMEOUT_MS) -> bool:
    """Click a button and wait until ``watch_css`` shows new text; False if nothing changed."""
    before = text(root, watch_css)
    root.locator(button_css).first.click()
    return _wait_change(root, watch_css, before, timeout_ms)


def legal_options(root: Locator) -> Locator:
    return root.locator(".dt-decision button.dt-option:not(.dt-option-illegal)")


def act(root: Locator, timeout_ms: float = STEP_TIMEOUT_MS, attempts: int = 3) -> bool:
    """One move forward: answer the decision shown (the suggested option if any), else press Next.

    Looking back, it presses Next: an answer already given is not replaced by a click (it asks first).
    False when the move changed nothing; a control rebuilt under the pointer is looked up again.
    """
    for _ in range(attempts):
        before = text(root, ".dt-status")
        options = legal_options(root)
        suggested = root.locator(".dt-decision button.dt-option-suggested")
        control = (suggested if suggested.count() else options) if options.count() else root.locator("button.dt-next")
        if "looking back" in before:
            control = root.locator("button.dt-next")
        try:
            control.first.click(timeout=timeout_ms)
        except PlaywrightTimeout:
            continue
        return _wait_change(root, ".dt-status", before, timeout_ms)
    status, shown = text(root, ".dt-status"), root.locator(".dt-decision").first.inner_text()[:300]
    raise AssertionError(f"no control could be clicked {attempts} times; status {status!r}; decision {shown!r}")


def open_questions(root: Locator, timeout_ms: float = STEP_TIMEOUT_MS) -> None:
    """Open the lesson questions (the "Check yourself" tab of the detail place) if the step has them."""
    if root.locator(".dt-detail button.dt-q-toggle").count():
        open_detail(root, "questions", timeout_ms)


def open_detail(root: Locator, tab: str, timeout_ms: float = STEP_TIMEOUT_MS) -> None:
    """Open a tab of the detail place (``note``, ``questions``, ``whynot``, ``rules``, ``words``) and wait for it.

    Whether a tab is open is read from its toggle (``mod-active``), never from the place's class: the class and the
    toggle arrive in separate messages, and a click on a toggle that is already on closes it. On a busy machine the
    tab may be drawn a moment after what it holds, so it is waited for; a redraw that closes it meets a second click.
    """
    button = root.locator(f".dt-detail button.dt-tab-{tab}").first
    opened = root.locator(f".dt-detail.dt-detail-{tab}").first
    for _ in range(3):
        try:
            if "mod-active" not in (button.get_attribute("class", timeout=timeout_ms) or "").split():
                button.click(timeout=timeout_ms)
            opened.wait_for(state="visible", timeout=timeout_ms)
            return
        except PlaywrightTimeout:
            continue
    raise AssertionError(f"the detail place's tab {tab!r} did not open")


def advance_until(root: Locator, found: str, limit: int = 120) -> Locator:
    """Act until an element matching ``found`` is visible; raises AssertionError after ``limit`` moves."""
    for _ in range(limit):
        target = root.locator(found)
        if target.count() and target.first.is_visible():
            return target.first
        if not act(root):
            raise AssertionError(f"the game stopped moving before {found!r} appeared: {text(root, '.dt-status')}")
    raise AssertionError(f"{found!r} did not appear within {limit} moves")


def answer_questions(root: Locator, timeout_ms: float = STEP_TIMEOUT_MS) -> int:
    """Answer every lesson question of the step shown until it is right (a wrong answer may be followed by another:
    issue 33), so that what waits for them (the "Why not?" tab) shows; returns how many were answered."""
    toggle = root.locator(".dt-detail button.dt-q-toggle")
    if not toggle.count() or not toggle.first.is_visible():
        return 0
    open_questions(root, timeout_ms)
    cards = root.locator(".dt-question")
    answered = 0
    for index in range(cards.count()):
        card = cards.nth(index)
        right = card.locator(".dt-q-verdict.dt-q-right")
        for _ in range(card.locator("button.dt-q-choice").count() + 2):
            if right.count():
                break
            # the first choice not graded yet; a right answer disables them all a moment after it disables itself,
            # so a click that meets a choice disabled in between is met by looking again
            choice = card.locator("button.dt-q-choice:not([disabled])").first
            try:
                handle = choice.element_handle(timeout=timeout_ms / 3)
                choice.click(timeout=timeout_ms / 3)
                root.page.wait_for_function("el => el.disabled", arg=handle, timeout=timeout_ms)
            except PlaywrightTimeout:
                continue
        right.first.wait_for(state="visible", timeout=timeout_ms)
        answered += 1
    return answered


def advance_to_why_not(root: Locator, limit: int = 120) -> Locator:
    """Act until the detail place's "Why not?" tab shows, answering the questions that keep it closed on the way."""
    for _ in range(limit):
        tab = root.locator(".dt-detail button.dt-tab-whynot")
        if tab.count() and tab.first.is_visible():
            return tab.first
        if answer_questions(root) and tab.count() and tab.first.is_visible():
            return tab.first
        if not act(root):
            raise AssertionError(f"the game stopped moving before a Why not? tab: {text(root, '.dt-status')}")
    raise AssertionError(f"no Why not? tab within {limit} moves")

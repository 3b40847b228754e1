"""The Digimon Card Game's Learn app in a real browser: the guided first game, followed to its end.

The ``app`` fixture fails the test on any console error, uncaught exception, failed notebook
cell or request that leaves 127.0.0.1.
"""

from __future__ import annotations

from drive import act, text, wait_ready
from playwright.sync_api import Page, expect

SECURITY_CHECK = "dcg:attacking.security-check.p1"


def test_the_dcg_lesson_plays_through_a_security_check_and_the_memory_gauge_to_its_end(app: Page) -> None:
    app.goto("/voila/render/learn_dcg.ipynb")
    root = wait_ready(app)
    gauge = root.locator(".dt-board .dt-gauge")
    expect(gauge).to_be_visible()
    expect(gauge.locator(".dt-gauge-mark")).to_have_count(21)
    checked = False
    for _ in range(150):
        if root.locator(f'.dt-citation [data-clause="{SECURITY_CHECK}"]').count():
            checked = True
        if "You won" in text(root, ".dt-lesson"):
            break
        assert act(root), f"the lesson stopped moving: {text(root, '.dt-status')}"
    assert checked, "the lesson showed no security check"
    expect(root.locator(".dt-lesson")).to_contain_text("That was your first Digimon Card Game")

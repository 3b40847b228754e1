"""Digimon Battles' Learn app in a real browser: the guided first game through a Support Phase and a KO, to its end.

The ``app`` fixture fails the test on any console error, uncaught exception, failed notebook
cell or request that leaves 127.0.0.1.
"""

from __future__ import annotations

from drive import act, text, wait_ready
from playwright.sync_api import Page, expect

SUPPORTS_RESOLVE = "dmb:support-phase.5"  # "Resolve Support cards starting with the TURN-player."
KO_POINT = "dmb:battle-phase.6.6"  # "Player that achieved the KO gains 1 KO point for victory."
SYMBOLS = ("○ Circle", "△ Triangle", "✕ Cross")  # the symbols the copy lost, named in the editor's notes


def test_the_dmb_lesson_plays_through_a_support_phase_and_a_ko_to_its_end(app: Page) -> None:
    app.goto("/voila/render/learn_dmb.ipynb")
    root = wait_ready(app)
    supported = knocked_out = symbols = False
    for _ in range(150):
        decision = root.locator(".dt-decision")
        if decision.count() and "choose your attack" in decision.first.inner_text():
            shown = decision.first.inner_text()
            symbols = symbols or all(symbol in shown for symbol in SYMBOLS)
        if root.locator(f'.dt-citation [data-clause="{SUPPORTS_RESOLVE}"]').count():
            supported = True
        if root.locator(f'.dt-citation [data-clause="{KO_POINT}"]').count():
            knocked_out = True
        if "That was your first Digimon Battles game" in text(root, ".dt-lesson"):
            break
        assert act(root), f"the lesson stopped moving: {text(root, '.dt-status')}"
    assert supported, "the lesson showed no Support resolving"
    assert knocked_out, "the lesson showed no KO point"
    assert symbols, "the secret attack choice did not show the three attack symbols"
    expect(root.locator(".dt-lesson")).to_contain_text("That was your first Digimon Battles game")

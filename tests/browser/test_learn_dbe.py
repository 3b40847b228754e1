"""Digimon Battle Evolution's Learn app in a real browser: the guided first game through an evolution by DP (removing
a flat token), a Support Phase and a KO, to its end.

The ``app`` fixture fails the test on any console error, uncaught exception, failed notebook
cell or request that leaves 127.0.0.1.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from drive import act, text, wait_ready

EVOLVED_BY_DP = "dbe:evolution-phase.5.3"  # "Evolving by DP: This is the most common and most available evolution method ..."
FLAT_REMOVED = "dbe:evolution-phase.5.3.3.7"  # "... to remove 1 "flat" token from in front of your active Digimon."
DARK_AREA = "dbe:prep-phase.turn.2.1"  # "If the turn player has any cards in their Dark Area, they must take each ..."
SUPPORTS_RESOLVE = "dbe:support-phase.5"  # "Resolve Support cards starting with the TURN-player."
KO_POINT = "dbe:battle-phase.6.6"  # "Player that achieved the KO gains 1 KO point for victory."


def test_the_dbe_lesson_plays_through_an_evolution_by_dp_and_a_ko_to_its_end(app: Page) -> None:
    app.goto("/voila/render/learn_dbe.ipynb")
    root = wait_ready(app)
    seen = {clause: False for clause in (DARK_AREA, EVOLVED_BY_DP, FLAT_REMOVED, SUPPORTS_RESOLVE, KO_POINT)}
    for _ in range(150):
        for clause in seen:
            seen[clause] = seen[clause] or bool(root.locator(f'.dt-citation [data-clause="{clause}"]').count())
        if "That was your first Digimon Battle Evolution game" in text(root, ".dt-lesson"):
            break
        assert act(root), f"the lesson stopped moving: {text(root, '.dt-status')}"
    assert all(seen.values()), f"the lesson did not show: {[clause for clause, shown in seen.items() if not shown]}"
    expect(root.locator(".dt-lesson")).to_contain_text("That was your first Digimon Battle Evolution game")

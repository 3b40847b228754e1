"""Digimon Battle Evolution's Learn app in a real browser: the guided first game from the Pre-Game Setup (the Side
Pile) through all three ways to evolve (by Evolution card, by DNA, by DP removing a flat token), Support Phases and a
KO, to its end. The game is two lessons of at most 60 presses each (issue 25): ``first-game``, which the Learn app
opens and which ends after turn 2, and ``00-first-game-part-2``, which goes on from there.

The ``app`` fixture fails the test on any console error, uncaught exception, failed notebook
cell or request that leaves 127.0.0.1.
"""

from __future__ import annotations

from drive import act, open_detail, text, wait_ready
from playwright.sync_api import Page, expect

SIDE_PILE = (
    "dbe:pre-game-setup.3"  # "Side Piles: Create your Side Pile by removing any cards from your deck, face down ..."
)
# "Evolving by Evolution card: [AKA “by card”] Turn player must play an Evolution card ..."
EVOLVED_BY_CARD = "dbe:evolution-phase.5.1"
EVOLVED_BY_DNA = (
    "dbe:evolution-phase.5.2"  # "Evolving by DNA: DNA evolution takes a Future Digimon and counts it as 1 “Evolve” ..."
)
EVOLVED_BY_DP = (
    "dbe:evolution-phase.5.3"  # "Evolving by DP:This is the most common and most available evolution method ..."
)
FLAT_REMOVED = "dbe:evolution-phase.5.3.3.7"  # "... to remove 1 "flat" token from in front of your active Digimon."
SUPPORTS_RESOLVE = "dbe:support-phase.5"  # "Resolve Support cards starting with the TURN-player."
KO_POINT = "dbe:battle-phase.6.6"  # "Player that achieved the KO gains 1 KO point for victory."
CLAUSES = (SIDE_PILE, EVOLVED_BY_CARD, EVOLVED_BY_DNA, EVOLVED_BY_DP, FLAT_REMOVED, SUPPORTS_RESOLVE, KO_POINT)


def play_to(root, words: str, seen: dict[str, bool]) -> None:
    """Answer and press Next until the lesson box says ``words``, noting the clauses the rule panel showed."""
    for _ in range(200):  # each lesson is at most 60 steps, and about 15 answers
        tab = root.locator(".dt-detail button.dt-tab-rules")
        if tab.count() and tab.first.is_visible() and not root.locator(".dt-detail-rules").count():
            open_detail(root, "rules")  # the learner opens "+ N more rules" (the tab stays open from step to step)
        for clause in seen:
            shown = f'.dt-citation [data-clause="{clause}"], .dt-detail-rules [data-clause="{clause}"]'
            seen[clause] = seen[clause] or bool(root.locator(shown).count())
        if words in text(root, ".dt-lesson"):
            return
        assert act(root), f"the lesson stopped moving: {text(root, '.dt-status')}"
    raise AssertionError(f"the lesson never said {words!r}")


def test_the_dbe_lesson_plays_from_the_side_pile_through_three_ways_to_evolve_and_a_ko_to_its_end(app: Page) -> None:
    seen = dict.fromkeys(CLAUSES, False)
    app.goto("/voila/render/learn_dbe.ipynb")
    play_to(wait_ready(app), "The end of your first lesson", seen)
    app.goto("/voila/render/learn_dbe.ipynb?lesson=00-first-game-part-2")
    root = wait_ready(app)
    play_to(root, "That was your first Digimon Battle Evolution game", seen)
    assert all(seen.values()), f"the lesson did not show: {[clause for clause, shown in seen.items() if not shown]}"
    expect(root.locator(".dt-lesson")).to_contain_text("That was your first Digimon Battle Evolution game")

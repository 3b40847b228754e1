"""Issue 24, items 5 and 8 in the browser: quotes you can read (the governing clause first, the others folded,
DCG's markdown rendered) and the deck lists DCG players paste, read by the deck-check app.
"""

from __future__ import annotations

import re
from pathlib import Path

from drive import advance_until, open_detail, wait_ready
from playwright.sync_api import Page, expect

#: raw markdown of the DCG rule manual that must never reach the screen: bold stars, escaped characters
RAW_MARKDOWN = re.compile(r"\*\*|\\[*_<>\[\]]")


def test_a_dcg_step_with_several_rules_shows_the_governing_one_and_folds_the_others(app: Page) -> None:
    """The rule-now place shows one quote; "+ N more rules", a tab of the detail place, opens the others on a click;
    no raw markdown shows."""
    app.goto("/voila/render/learn_dcg.ipynb")
    root = wait_ready(app)
    tab = advance_until(root, ".dt-detail button.dt-tab-rules", limit=80)
    told = tab.inner_text()
    match = re.fullmatch(r"\+ (\d+) more rules?", told.strip())
    assert match, told
    more = int(match[1])
    panel = root.locator(".dt-citation").first
    governing = panel.locator(".dt-cite").first
    assert governing.is_visible() and governing.locator(".dt-quote").first.is_visible()
    assert panel.locator(".dt-more-rules").count() == 0, "the others are not folded in the rule now place"
    open_detail(root, "rules")
    hidden = root.locator(".dt-detail .dt-detail-pane .dt-cite")
    assert hidden.count() == more, (hidden.count(), more)
    expect(hidden.nth(more - 1)).to_be_attached()
    expect(hidden.first).to_be_visible(timeout=10_000)
    shown = panel.inner_text() + root.locator(".dt-detail").first.inner_text()
    assert not RAW_MARKDOWN.search(shown), RAW_MARKDOWN.search(shown)


#: the Blue Wolf starter (cards/dcg/decks/blue-wolf.yaml) as a player pastes it: sections, numbers in every spelling
BLUE_WOLF = (Path(__file__).resolve().parents[1] / "fixtures" / "blue-wolf-pasted.txt").read_text()


def check(app: Page, text: str) -> str:
    area = app.locator(".dt-deck-check textarea").first
    expect(area).to_be_visible(timeout=60_000)
    verdict = app.locator(".dt-verdict").first
    before = verdict.inner_text()
    area.fill(text)
    app.locator("button.dt-check").first.click()
    app.wait_for_function(
        "([el, before]) => el.innerText !== before", arg=[verdict.element_handle(), before], timeout=30_000
    )
    return verdict.inner_text()


def test_the_deck_check_app_reads_a_dcg_list_as_players_paste_it(app: Page) -> None:
    """dcg:decks.required-items: 50 cards in the deck, up to 5 Digi-Eggs; the Blue Wolf starter, pasted with section
    headers and counts written "4 Name NUMBER", "4x NUMBER" and "NUMBER x4", is a legal deck of 50 cards; an unknown
    name is refused on its line with its closest cards and no word about deck size; an unreadable line says which."""
    app.goto("/voila/render/deck_check.ipynb?game=dcg")
    legal = check(app, BLUE_WOLF)
    assert "✓ Legal" in legal and "deck of 50 cards" in legal, legal
    unknown = check(app, "// Digimon\n4 Gabumon ST2-03\n4 Garurumom\n")
    assert "line 3: unknown card 'Garurumom' (closest: Garurumon (ST2-06)" in unknown, unknown
    problem = next(line for line in unknown.splitlines() if "Garurumom" in line)
    assert "50" not in problem, problem
    unreadable = check(app, "// Digimon\n4 Gabumon ST2-03\ncard: Garurumon\n")
    assert "line 3: expected 'count name' or 'count number', got 'card: Garurumon'" in unreadable, unreadable
    assert "expected a mapping" not in unreadable

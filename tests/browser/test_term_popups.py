"""Game words explained where they appear, in a real browser: the exact quote on hover, on click and on focus.

On learn_dcg and learn_dmb a linked word of the lesson text, of the narration and (DCG) of an opened card carries
its clause verbatim in its ``title`` (hover) and shows it in a box when clicked or focused with the keyboard — a
learner on a tablet has no hover. The quote is compared with the shipped rulebook's clause. Screenshots go to
``$DIGITUTOR_SHOTS`` when it is set.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from drive import act, wait_ready
from playwright.sync_api import Locator, Page, expect

from digitutor.rules.corpus import find_clause
from digitutor.rules.terms import Term, load_terms
from digitutor.widgets.markup import rulebook_plain

SHOTS = os.environ.get("DIGITUTOR_SHOTS", "")


def _squeeze(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _quote(clause_id: str) -> str:
    clause = find_clause(clause_id)
    return _squeeze(rulebook_plain(clause.game, clause.text))


def _shot(page: Page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"))


def _first_link(root: Locator, scope: str, limit: int = 60) -> Locator:
    """The first linked word inside ``scope``, pressing on until one is shown."""
    for _ in range(limit):
        found = root.locator(f"{scope} .dt-termlink")
        if found.count():
            return found.first
        assert act(root), "the lesson stopped moving before a linked word was shown"
    raise AssertionError(f"no linked word in {scope} within {limit} moves")


def _check_link(page: Page, link: Locator, name: str) -> None:
    clause = link.get_attribute("data-clause") or ""
    quote = _quote(clause)
    box = link.locator(".dt-term-box")
    # hover: the title holds the clause's id and its exact text
    link.hover()
    title = link.get_attribute("title") or ""
    assert clause in title and quote in _squeeze(title)
    expect(box).to_be_hidden()
    # click (a tap): the box shows the exact quote, its id and breadcrumb
    link.click()
    expect(box).to_be_visible()
    assert _squeeze(box.locator(".dt-term-quote").inner_text()) == quote
    assert clause in box.locator(".dt-term-where").inner_text()
    _shot(page, name)
    # leaving it closes it; keyboard focus opens it again
    link.evaluate("element => element.blur()")
    expect(box).to_be_hidden()
    link.focus()
    expect(box).to_be_visible()
    link.evaluate("element => element.blur()")


@pytest.mark.parametrize("game", ["dcg", "dmb"])
def test_a_linked_word_shows_its_exact_quote_on_hover_click_and_focus(app: Page, game: str) -> None:
    app.goto(f"/voila/render/learn_{game}.ipynb")
    root = wait_ready(app)
    _check_link(app, _first_link(root, ".dt-lesson"), f"terms-{game}-lesson")
    _check_link(app, _first_link(root, ".dt-narration"), f"terms-{game}-narration")
    if game == "dcg":  # an opened card's text
        card = root.locator(".dt-board details.dt-card:has(.dt-card-full .dt-termlink)").first
        card.locator("summary").first.click()
        _check_link(app, card.locator(".dt-card-full .dt-termlink").first, "terms-dcg-card")
    assert all(isinstance(term, Term) for term in load_terms(game))

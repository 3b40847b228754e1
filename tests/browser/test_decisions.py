"""Decisions you can scan, in a real browser (issue 24.4).

DBE's Side Pile (dbe:pre-game-setup.3, "Create your Side Pile by removing any cards from your deck, face down")
asks six times in a row with about twenty cards to choose from: the ★ suggestion is the first option and marked,
every option has a number, and one past the 9th is chosen by typing its two digits. Identical copies (two Palmon
in a DMB hand to rack up) are one option, "— 2 copies".
"""

from __future__ import annotations

import re

from drive import act, legal_options, press, text, wait_ready
from playwright.sync_api import Page, expect

from digitutor.scenarios.model import find_scenario

RACK_UP = "dmb/53-recycle-attack-shuffles"  # its board gives Player 1 two Palmon to rack up
PROMPT = ".dt-decision .dt-prompt"


def advance_to_prompt(root, words: str, limit: int = 60) -> None:
    for _ in range(limit):
        prompt = root.locator(PROMPT)
        if prompt.count() and prompt.first.is_visible() and words in prompt.first.inner_text():
            return
        assert act(root), f"the game stopped before a decision about {words!r}: {text(root, '.dt-status')}"
    raise AssertionError(f"no decision about {words!r} within {limit} moves")


def label_of(button_text: str) -> str:
    """A button's words without its number and ★."""
    return re.sub(r"^\d+\.\s*(★\s*)?", "", button_text.strip())


def test_the_side_pile_lists_the_star_first_and_a_twelfth_option_is_chosen_by_its_two_digits(app: Page) -> None:
    app.goto("/voila/render/learn_dbe.ipynb")
    root = wait_ready(app)
    advance_to_prompt(root, "Side Pile")
    options = legal_options(root)
    count = options.count()
    assert count >= 12, f"the Side Pile offers {count} options"
    first = options.first
    expect(first).to_have_class(re.compile(r"\bdt-option-suggested\b"))
    assert first.inner_text().startswith("1. ★ ")
    expect(root.locator(".dt-decision .dt-option-suggested")).to_have_count(1)
    numbers = [int(options.nth(i).get_attribute("data-option")) for i in range(count)]
    assert numbers == list(range(1, count + 1)), "every option is numbered, past the 9th too"
    assert all(options.nth(i).inner_text().startswith(f"{i + 1}. ") for i in range(count))
    expect(root.locator(".dt-decision .dt-keys-hint")).to_contain_text("type both digits")
    twelfth = label_of(options.nth(11).inner_text())

    before = text(root, ".dt-status")
    app.keyboard.press("1")
    app.keyboard.press("2")
    app.wait_for_function(
        "([el, before]) => el.innerText !== before", arg=[root.locator(".dt-status").first.element_handle(), before]
    )
    # one step back shows the decision just answered, the answer outlined
    assert press(root, "button.dt-back")
    taken = root.locator(".dt-decision .dt-option-taken")
    expect(taken).to_have_count(1)
    assert label_of(taken.inner_text()) == twelfth


def test_identical_copies_are_one_option(app: Page) -> None:
    """dmb:glossary / Rack-up: the hand holds two Palmon; racking up either is the same move, offered once."""
    app.goto(f"/voila/render/rulings.ipynb?scenario={RACK_UP}")
    expect(app.locator(".dt-rulings .dt-tutor .dt-title")).to_contain_text(find_scenario(RACK_UP).title)
    root = wait_ready(app, ".dt-rulings")
    folded = root.locator(".dt-decision button.dt-option", has_text="copies")
    for _ in range(30):
        if folded.count():
            break
        assert act(root), f"the scenario stopped before a folded option: {text(root, '.dt-status')}"
    expect(folded.first).to_contain_text("Rack up Palmon for +10 DP — 2 copies")
    options = legal_options(root)
    labels = [label_of(options.nth(i).inner_text()) for i in range(options.count())]
    assert len(labels) == len(set(labels)), f"an option is listed twice: {labels}"

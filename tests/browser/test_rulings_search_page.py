"""The rulings library in a real browser (issue 24.7): search as you type over every game's scenarios, a scenario run
to its end says it is complete and quotes what it showed, and the judge's view names the face-down cards.
"""

from __future__ import annotations

from drive import press, text, wait_ready
from playwright.sync_api import Page, expect

from digitutor.scenarios.model import find_scenario, shipped_scenarios
from digitutor.widgets.rulings import search

#: Ikkakumon is in this DCG scenario's title; DCG boards name it by number (st2-07)
BLOCKER = "dcg/41-blocker-switches-the-target"
#: dtector:battle-call-command-phase.p1: both players place a Digimon face down, then reveal
FACE_DOWN = "dtector/02-ability-beats-crush"


def run_to_the_end(root, limit: int = 60) -> None:
    """Press Next (which takes the scenario's own answers) until the library says the scenario is complete."""
    done = root.page.locator(".dt-rulings .dt-scenario-complete")
    for _ in range(limit):
        if done.is_visible():
            return
        press(root, "button.dt-next")
    raise AssertionError(f"the scenario did not end: {text(root, '.dt-status')}")


def test_typing_a_card_name_narrows_the_list_and_a_scenario_ends_saying_what_it_showed(app: Page) -> None:
    app.goto("/voila/render/rulings.ipynb")
    rulings = app.locator(".dt-rulings")
    total = len(shipped_scenarios())
    expect(rulings.locator(".dt-found")).to_contain_text(f"{total} scenarios")
    box = rulings.locator(".dt-rulings-search input")
    box.click()
    box.press_sequentially("Ikkakumon", delay=40)
    found = search("Ikkakumon")
    expect(rulings.locator(".dt-found")).to_contain_text(f"{len(found)} of {total} scenarios match")
    listing = rulings.locator(".dt-scenario-list select option")
    expect(listing).to_have_count(len(found))
    assert 0 < len(found) < total
    scenario = find_scenario(BLOCKER)
    label = f"DCG · {scenario.title}"
    expect(listing.filter(has_text=scenario.title)).to_have_count(1)

    rulings.locator(".dt-scenario-list select").select_option(label=label)
    expect(rulings.locator(".dt-tutor .dt-title")).to_contain_text(scenario.title)
    root = wait_ready(app, ".dt-rulings")
    run_to_the_end(root)
    done = rulings.locator(".dt-scenario-complete")
    expect(done).to_contain_text("Scenario complete")
    for clause_id in scenario.demonstrates:
        expect(done.locator(f'[data-clause="{clause_id}"]').first).to_be_visible()
        expect(done.locator(f'[data-clause="{clause_id}"] .dt-quote').first).not_to_be_empty()
    if not root.locator("button.dt-next").is_disabled():
        press(root, "button.dt-next", ".dt-notice")
        expect(root.locator(".dt-notice")).to_contain_text("Scenario complete")
    expect(root).not_to_contain_text("Your turn: choose one of the options.")


def test_the_judges_view_names_the_cards_placed_face_down(app: Page) -> None:
    app.goto(f"/voila/render/rulings.ipynb?scenario={FACE_DOWN}")
    rulings = app.locator(".dt-rulings")
    expect(rulings.locator(".dt-tutor .dt-title")).to_contain_text(find_scenario(FACE_DOWN).title)
    root = wait_ready(app, ".dt-rulings")
    run_to_the_end(root)
    timeline = root.locator(".dt-tl")
    expect(timeline).to_contain_text(
        "Player 1 places a Digimon face down. Judge's view: Garurumon (only Player 1 sees it)."
    )
    expect(timeline).to_contain_text("Judge's view: MetalGreymon (only Player 2 sees it).")
    expect(root).not_to_contain_text("keeps hidden")

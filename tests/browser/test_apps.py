"""Every app, in a real browser, against a real ``digitutor serve``: what a learner does first.

The ``app`` fixture fails a test on any console error, uncaught exception, failed
notebook cell or request that leaves 127.0.0.1.
"""

from __future__ import annotations

import pytest
from drive import act, advance_to_why_not, advance_until, legal_options, open_detail, press, text, wait_ready
from harness import NOTEBOOKS
from playwright.sync_api import Page, expect

from digitutor.core.registry import GAME_MODULES, get_game
from digitutor.rules.corpus import GAME_TITLES
from digitutor.scenarios.model import shipped_scenarios

GAMES = list(GAME_MODULES)
MORE_APPS = ("rulings.ipynb", "rulebook.ipynb", "deck_check.ipynb", "compare.ipynb")


def open_landing(app: Page) -> None:
    app.goto("/")
    app.wait_for_url("**/voila/render/start.ipynb")
    app.locator(".dt-start").wait_for()


def test_root_lands_on_the_start_page_listing_every_game_and_app(app: Page) -> None:
    open_landing(app)
    start = app.locator(".dt-start")
    for title in GAME_TITLES.values():
        expect(start).to_contain_text(title)
    for game in GAMES:
        expect(start.locator(f'a[href="./learn_{game}.ipynb"]')).to_have_count(1)
        expect(start.locator(f'a[href="./learn_{game}.ipynb?mode=presenter"]')).to_have_count(1)
    for notebook in MORE_APPS:
        expect(start.locator(f'a[href="./{notebook}"]').first).to_be_visible()
    linked = {
        href.split("?")[0].removeprefix("./")
        for href in start.locator("a[href$='.ipynb'], a[href*='.ipynb?']").evaluate_all(
            "links => links.map(a => a.getAttribute('href'))"
        )
    }
    assert linked <= {path.name for path in NOTEBOOKS.glob("*.ipynb")}, (
        "the start page links a notebook that does not exist"
    )


@pytest.mark.parametrize("game", GAMES)
def test_learn_app_next_decision_back_and_why_not(app: Page, game: str) -> None:
    open_landing(app)
    app.locator(f'.dt-start a[href="./learn_{game}.ipynb"]').click()
    app.wait_for_url(f"**/learn_{game}.ipynb")
    root = wait_ready(app)

    assert press(root, "button.dt-next", watch_css=".dt-citation"), "Next step did not change the rule shown"
    expect(root.locator(".dt-citation .dt-quote").first).not_to_be_empty()

    advance_until(root, ".dt-decision button.dt-option:not(.dt-option-illegal)")
    status = text(root, ".dt-status")
    assert act(root), "answering the decision changed nothing"
    assert text(root, ".dt-status") != status

    assert press(root, "button.dt-back"), "Back changed nothing"
    expect(root.locator(".dt-status")).to_contain_text("looking back")

    advance_to_why_not(root)  # the why-not list: a tab of the detail place, once the step's questions are answered
    open_detail(root, "whynot")
    illegal = root.locator(".dt-detail .dt-option-illegal").first
    expect(illegal).to_be_disabled()
    why_not = root.locator(".dt-detail .dt-why-not").first
    why_not.click()
    reason = root.locator(".dt-detail .dt-reasons").first
    expect(reason).to_be_visible()
    expect(reason.locator(".dt-reason").first).to_be_visible()
    expect(reason.locator(".dt-quote").first).not_to_be_empty()


@pytest.mark.parametrize("game", GAMES)
def test_presenter_mode_from_the_query_string(app: Page, game: str) -> None:
    open_landing(app)
    app.locator(f'.dt-start a[href="./learn_{game}.ipynb?mode=presenter"]').click()
    root = wait_ready(app)
    # A preheated kernel learns the query string only once the page is asked for: allow it a moment.
    expect(app.locator(".dt-app.dt-presenting").first).to_be_visible(timeout=15_000)
    expect(app.locator("button.dt-presenter").first).to_contain_class("mod-active")
    before = text(root, ".dt-citation")
    app.keyboard.press("ArrowRight")
    expect(root.locator(".dt-citation")).not_to_have_text(before)


def test_learn_app_without_query_is_not_in_presenter_mode(app: Page) -> None:
    app.goto(f"/voila/render/learn_{GAMES[0]}.ipynb")
    wait_ready(app)
    app.wait_for_timeout(1_000)  # the same moment the presenter test allows
    expect(app.locator(".dt-presenting")).to_have_count(0)


@pytest.mark.parametrize("game", GAMES)
def test_rulings_app_plays_a_scenario_to_its_end(app: Page, game: str) -> None:
    app.goto("/voila/render/rulings.ipynb")
    rulings = app.locator(".dt-rulings")
    rulings.wait_for()
    scenarios = shipped_scenarios(game)
    if not scenarios:
        pytest.fail(f"{game} ships no scenario for the rulings library")
    first = scenarios[0].title
    pickers = rulings.locator("select")
    pickers.nth(0).select_option(label=get_game(game).title)
    expect(pickers.nth(1).locator("option").first).to_have_text(first)  # the list is this game's now
    pickers.nth(1).select_option(label=first)
    expect(rulings.locator(".dt-tutor .dt-title")).to_contain_text(first)
    root = wait_ready(app, ".dt-rulings")
    expect(rulings).to_contain_text("demonstrates")

    # Next follows the scenario's script, its decisions included; the scenario ends when the game
    # does (Next disabled) or when the script has no answer left (Next changes nothing and says so).
    next_step, steps = root.locator("button.dt-next"), 0
    for steps in range(400):  # noqa: B007 - the count is read after the loop
        if next_step.is_disabled():
            break
        if legal_options(root).count() and not root.locator(".dt-option-suggested").count():
            next_step.click()  # the script is done: Next says so instead of choosing for a person
            expect(root.locator(".dt-notice")).to_be_visible()
            break
        assert press(root, "button.dt-next"), f"Next changed nothing mid-scenario: {text(root, '.dt-status')}"
    else:
        pytest.fail("the scenario did not end within 400 presses of Next")
    assert steps > 1
    expect(root.locator(".dt-citation .dt-quote").first).not_to_be_empty()


def test_every_registered_game_has_a_learn_notebook() -> None:
    missing = [game for game in GAMES if not (NOTEBOOKS / f"learn_{game}.ipynb").is_file()]
    assert not missing, f"no notebooks/learn_<game>.ipynb for: {', '.join(missing)}"

"""Every app page, one load each: it opens without an error or a console warning, in presenter mode from the query
string (large title, a way home, a human tab title), and axe-core (issue 34, item 5) finds no serious or critical
violation, nor a heading out of order, on start, every Learn app (its course view and at a decision), rulings,
rulebook, deck check and compare, in presenter and then in normal mode; every control shows focus; the rulings
board follows the search.

One load serves what four tests loaded a page for each (issue 32: a page load is most of a browser test's cost):
test_apps.py's ``test_app_loads_without_error`` and ``test_a_page_load_logs_no_console_warning``, and
test_tutor_screen.py's ``test_every_app_has_presenter_mode_a_way_home_and_a_human_title`` and
``test_accessibility_no_serious_violations`` (which checked the same pages as this one, in normal mode only).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from drive import advance_until, wait_ready
from harness import NOTEBOOKS
from playwright.sync_api import Page, expect

AXE = Path(__file__).resolve().parent / "vendor" / "axe.min.js"
FIRST_OPTION = ".dt-decision button.dt-option:not(.dt-option-illegal)"
LEARN = sorted(path.stem for path in NOTEBOOKS.glob("learn_*.ipynb"))
OTHERS = sorted(path.stem for path in NOTEBOOKS.glob("*.ipynb") if not path.stem.startswith("learn_"))
#: (notebook, query, what to reach before the check): each app page a learner or a teacher opens
PAGES = (
    [(name, "", "") for name in OTHERS]
    + [(name, "view=course", ".dt-course") for name in LEARN]
    + [(name, "", FIRST_OPTION) for name in LEARN]
)
#: moderate rules the issue names besides every serious or critical one
ALSO = ("heading-order",)

AXE_RUN = """async also => {
  const result = await axe.run(document, {resultTypes: ["violations"]});
  return result.violations
    .filter(v => v.impact === "serious" || v.impact === "critical" || also.includes(v.id))
    .map(v => `${v.id} (${v.impact}) x${v.nodes.length}: ` +
      v.nodes.slice(0, 3).map(n => n.target.join(" ") + " " + (n.failureSummary || "").split("\\n").slice(1, 2))
        .join(" | "));
}"""

FOCUS = """el => { const s = getComputedStyle(el); return {visible: el === document.activeElement &&
  el.matches(":focus-visible"), style: s.outlineStyle, width: parseFloat(s.outlineWidth)}; }"""


TITLE_FONT = """() => parseFloat(getComputedStyle(document.querySelector(".dt-presenting .dt-page-title")).fontSize)"""


def open_page(app: Page, notebook: str, query: str, reach: str) -> None:
    app.goto(f"/voila/render/{notebook}.ipynb" + (f"?{query}" if query else ""))
    expect(app.locator(".dt-app").first).to_be_visible(timeout=90_000)
    reach_state(app, reach)


def reach_state(app: Page, reach: str) -> None:
    """Go on to what the check is about: the first decision of a Learn app, or a view such as the course."""
    if reach == FIRST_OPTION:
        advance_until(wait_ready(app), FIRST_OPTION)
    elif reach:
        expect(app.locator(reach).first).to_be_visible(timeout=60_000)
    app.wait_for_load_state("networkidle")


def loaded_clean(app: Page, notebook: str) -> None:
    """The page opened with no visible error and, once the network is idle, no console warning (Voila's page bundle
    and the widget extensions must agree: newer jupyterlab_widgets or Voila releases log 13 "Unsatisfied version"
    warnings per page); the ``app`` fixture fails the test on any console error."""
    app.wait_for_load_state("networkidle")
    app.wait_for_timeout(500)
    expect(app.locator(".dt-error:visible")).to_have_count(0)
    assert app.watch.warnings == [], f"{notebook}: console warnings"  # type: ignore[attr-defined] - set by app


def presenter_from_the_query(app: Page, notebook: str) -> None:
    """``?mode=presenter`` opens presenter mode: a large page title, a way home (but on the start page) and a human
    tab title."""
    expect(app.locator(".dt-app.dt-presenting").first).to_be_visible(timeout=30_000)
    assert app.evaluate(TITLE_FONT) >= 20, f"{notebook}: the page title is small in presenter mode"
    if notebook != "start":
        expect(app.locator("a.dt-home").first).to_have_attribute("href", "./start.ipynb")
    expect(app).not_to_have_title(notebook, timeout=15_000)
    assert "digitutor" in app.title() and ".ipynb" not in app.title()


@pytest.mark.parametrize(("notebook", "query", "reach"), PAGES)
def test_every_page_opens_clean_in_presenter_mode_and_axe_finds_no_serious_violation_in_either_mode(
    app: Page, notebook: str, query: str, reach: str
) -> None:
    """One load per page, in presenter mode from the query string; axe runs there, then again after the page's own
    toggle has left presenter mode."""
    app.goto(f"/voila/render/{notebook}.ipynb?" + "&".join(q for q in (query, "mode=presenter") if q))
    expect(app.locator(".dt-app").first).to_be_visible(timeout=90_000)
    loaded_clean(app, notebook)
    presenter_from_the_query(app, notebook)
    reach_state(app, reach)
    app.add_script_tag(path=str(AXE))
    violations = app.evaluate(AXE_RUN, list(ALSO))
    assert not violations, f"{notebook}?{query} (presenter):\n" + "\n".join(violations)
    app.locator(".dt-app button.dt-presenter").first.click()
    expect(app.locator(".dt-app.dt-presenting")).to_have_count(0, timeout=30_000)
    violations = app.evaluate(AXE_RUN, list(ALSO))
    assert not violations, f"{notebook}?{query} (normal):\n" + "\n".join(violations)


def test_the_speed_list_term_links_and_buttons_show_focus(app: Page) -> None:
    open_page(app, "learn_dmb", "", FIRST_OPTION)
    controls = {
        "the speed list": ".dt-speed select",
        "Next": "button.dt-next",
        "an option": FIRST_OPTION,
        "a term link": ".dt-termlink >> visible=true",
    }
    for what, css in controls.items():
        found = app.locator(css).first
        expect(found).to_be_attached()
        found.focus()
        app.keyboard.press("Shift+Tab")  # and back with the keyboard: a ring is for keyboard focus
        app.keyboard.press("Tab")
        focus = found.evaluate(FOCUS)
        assert focus["visible"], f"{what} ({css}) did not take keyboard focus"
        if css.startswith(
            ".dt-termlink"
        ):  # the word inside the link carries the ring (the box below it opens on focus)
            focus = found.locator(".dt-term-word").first.evaluate(
                "el => { const s = getComputedStyle(el); "
                "return {style: s.outlineStyle, width: parseFloat(s.outlineWidth)}; }"
            )
        assert focus["style"] != "none" and focus["width"] >= 2, f"{what} ({css}) shows no focus ring: {focus}"


def test_a_search_that_hides_the_open_scenario_clears_its_board(app: Page) -> None:
    app.goto("/voila/render/rulings.ipynb")
    rulings = app.locator(".dt-rulings")
    board = rulings.locator(".dt-tutor .dt-title")
    expect(board).to_be_visible(timeout=60_000)
    shown = board.inner_text()
    box = rulings.locator(".dt-rulings-search input")
    box.click()
    box.press_sequentially("Ikkakumon", delay=40)
    listing = rulings.locator(".dt-scenario-list select option")
    expect(listing.filter(has_text=shown)).to_have_count(0)
    expect(rulings.locator(".dt-tutor")).to_have_count(0)
    expect(rulings).not_to_contain_text(shown)

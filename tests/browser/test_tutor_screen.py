"""The tutor as a teacher and a learner meet it in the browser: presenter sizes, keys, the phase map,
positions kept across a reload and shared by link, the way home, and an accessibility check of every app.
"""

from __future__ import annotations

import pytest
from drive import act, advance_until, text, wait_kept, wait_ready
from playwright.sync_api import Page, expect

LEARN = "/voila/render/learn_dtector.ipynb"
FIRST_OPTION = ".dt-decision button.dt-option:not(.dt-option-illegal)"

BOX = """sel => { const e = document.querySelector(sel); if (!e) return null; const b = e.getBoundingClientRect();
  return {top: b.top, bottom: b.bottom, left: b.left, right: b.right, font: parseFloat(getComputedStyle(e).fontSize),
          color: getComputedStyle(e).color}; }"""


def box(page: Page, css: str) -> dict:
    found = page.evaluate(BOX, css)
    assert found is not None, f"{css} is not on the page"
    return found


def to_first_decision(page: Page, url: str) -> None:
    page.goto(url)
    root = wait_ready(page)
    advance_until(root, FIRST_OPTION)


@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080)])
def test_presenter_mode_shows_board_decision_and_rule_on_one_screen_in_large_type(
    app: Page, size: tuple[int, int]
) -> None:
    width, height = size
    app.set_viewport_size({"width": width, "height": height})
    to_first_decision(app, f"{LEARN}?mode=presenter")
    expect(app.locator(".dt-app.dt-presenting").first).to_be_visible(timeout=15_000)
    app.wait_for_timeout(500)  # the layout settles to the window (no timing is asserted)
    app.evaluate("() => window.scrollTo(0, 0)")
    for css in (".dt-board", ".dt-decision", ".dt-citation", ".dt-citation .dt-quote", FIRST_OPTION):
        found = box(app, css)
        assert found["top"] >= 0 and found["bottom"] <= height + 1, (
            f"{css} is not on the screen without scrolling: {found}"
        )
        assert found["right"] <= width + 1, f"{css} runs off the right edge: {found}"
    for css in (".dt-citation", ".dt-lesson", ".dt-decision .dt-prompt", ".dt-board .dt-player-name"):
        assert box(app, css)["font"] >= 20, f"{css} is not large type"
    assert box(app, ".dt-citation .dt-quote")["font"] > box(app, ".dt-citation")["font"], "the quote is larger still"
    page = app.evaluate(
        "() => [document.documentElement.scrollWidth, innerWidth, "
        "document.querySelector('.dt-app').getBoundingClientRect().width]"
    )
    assert page[0] <= page[1] and page[2] >= page[1] - 2, f"presenter mode uses the full width: {page}"


def test_presenter_timeline_header_is_readable(app: Page) -> None:
    app.goto(f"{LEARN}?mode=presenter")
    root = wait_ready(app)
    act(root)
    expect(app.locator(".dt-presenting").first).to_be_visible(timeout=15_000)
    for css in (".dt-timeline-title", ".dt-timeline-where"):
        red, green, blue = (int(part) for part in box(app, css)["color"].split("(")[1].split(")")[0].split(",")[:3])
        assert min(red, green, blue) >= 200, f"{css} is not light on the black background"


def test_the_phase_chip_is_the_phase_of_the_step_shown(app: Page) -> None:
    app.goto(LEARN)
    root = wait_ready(app)
    checked = 0
    for _ in range(40):
        act(root)
        if root.locator(".dt-decision").first.is_visible():
            continue
        chip = text(root, ".dt-phase-current")
        row = text(root, ".dt-tl-current .dt-tl-where")
        assert row.endswith(chip), f"the step shown is in {row!r} but the map lights {chip!r}"
        checked += 1
    assert checked > 10


def test_keys_move_and_choose_outside_presenter_mode(app: Page) -> None:
    app.goto(LEARN)
    root = wait_ready(app)
    expect(app.locator(".dt-presenting")).to_have_count(0)
    before = text(root, ".dt-status")
    app.keyboard.press("ArrowRight")
    expect(root.locator(".dt-status")).not_to_have_text(before)
    advance_until(root, FIRST_OPTION)
    before = text(root, ".dt-status")
    app.keyboard.press("1")
    expect(root.locator(".dt-status")).not_to_have_text(before)


def test_a_reload_in_the_middle_of_a_guided_game_resumes_at_the_same_step(app: Page) -> None:
    app.goto(LEARN)
    root = wait_ready(app)
    for _ in range(14):
        act(root)
    where = text(root, ".dt-status").split(" · ")[0]
    assert where.startswith("Step ")
    wait_kept(app, "digitutor:learn:dtector", int(where.split()[1]) - 1)  # a reload brings back what was kept
    app.reload()
    root = wait_ready(app)
    expect(root.locator(".dt-status")).to_contain_text(where + " ", timeout=30_000)


def test_a_shared_link_opens_the_same_position_and_a_bad_one_is_one_line(app: Page) -> None:
    app.goto(LEARN)
    root = wait_ready(app)
    for _ in range(8):
        act(root)
    where = text(root, ".dt-status").split(" · ")[0]
    root.locator("button.dt-save-toggle").click()
    link = root.locator("a.dt-share-link")
    expect(link).to_be_visible()
    href = link.get_attribute("href")
    assert href and href.startswith("?position=dt1.")
    app.evaluate("() => localStorage.clear()")
    app.goto(LEARN + href)
    root = wait_ready(app)
    expect(root.locator(".dt-status")).to_contain_text(where + " ", timeout=30_000)
    app.evaluate("() => localStorage.clear()")
    app.goto(LEARN + "?position=dt1.not-a-position")
    root = wait_ready(app)
    error = root.locator(".dt-error").first
    expect(error).to_be_visible(timeout=30_000)
    assert "\n" not in error.inner_text() and "Traceback" not in error.inner_text()


def test_at_a_decision_the_rule_of_the_choice_is_on_screen_at_1366x768(app: Page) -> None:
    app.set_viewport_size({"width": 1366, "height": 768})
    to_first_decision(app, LEARN)
    app.evaluate("() => window.scrollTo(0, 0)")
    quote = box(app, ".dt-citation .dt-quote")
    assert quote["top"] >= 0 and quote["bottom"] <= 768, f"the rule's quote is cut off: {quote}"
    expect(app.locator(".dt-citation")).to_contain_text("chooses")


def test_the_deck_text_box_stays_inside_the_page_and_shows_the_games_format(app: Page) -> None:
    app.set_viewport_size({"width": 1366, "height": 768})
    app.goto("/voila/render/deck_check.ipynb?game=arena")
    area = app.locator(".dt-deck-check textarea").first
    expect(area).to_be_visible(timeout=60_000)
    expect(area).to_have_attribute("placeholder", __import__("re").compile("game: arena"), timeout=15_000)
    found = box(app, ".dt-deck-check textarea")
    app_box = box(app, ".dt-deck-check")
    assert found["right"] <= app_box["right"] + 1 and found["right"] <= 1366, (
        f"the text box runs past the edge: {found}"
    )


BOMB = (
    "game: dtector\nname: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: [*b, *b, "
    "*b, *b, *b, *b, *b, *b, *b]\ncards: []\n"
)


def test_a_pasted_yaml_alias_bomb_gets_one_short_error_in_the_deck_check_app(app: Page) -> None:
    """Hostile input: the aliases are refused before anything expands them; the page shows one short line."""
    app.goto("/voila/render/deck_check.ipynb?game=dtector")
    area = app.locator(".dt-deck-check textarea").first
    expect(area).to_be_visible(timeout=60_000)
    area.fill(BOMB)
    app.locator("button.dt-check").first.click()
    verdict = app.locator(".dt-verdict").first
    expect(verdict).to_contain_text("alias", timeout=30_000)
    shown = verdict.inner_text()
    assert len(shown) < 400 and "Traceback" not in shown, shown

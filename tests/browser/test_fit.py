"""The tutor at a glance (issues 24, 32 and 34): one walk of each guided game measures every screen it must fit.

Each game's guided game (its Learn app's first lesson) is followed to its end once. At every decision, in the same
page, it is measured:

- on a laptop, 1366x768, in the normal view (issue 34, item 2): the deciding seat's side of the board (every zone
  of it), the prompt, the ★ and the first five legal options (the rest scroll inside the options list,
  docs/layout.md) and the rule now (its breadcrumb, its quote's first lines) on the screen without scrolling the
  page, each the element a click at its centre reaches; the four places of the right column in order, never
  overlapping. At the decisions that matter most (the first three, each with more options than any before it and,
  in DCG, each with more cards on the board than any before it) every tab of the detail place is opened in turn
  (the lesson note, "Check yourself", the why-not list, "+ N more rules", the words used): the same must hold, and
  the task, the decision and the rule now must not move;
- in presenter mode at 1024x768 and at 1920x1080 (issues 24 and 34, item 3): the same fit, every text outside the
  card faces at 20 px or more (on a face its name and big number), and at least 90% of the visible characters
  (card faces included: levels, costs, DP/HP/Power and attack values) at 20 px or more.

Between decisions, every fifth step, the narration and the quote of the rule now are measured in presenter mode at
both sizes. Presenter mode is switched with its button, so one page serves every size. The file also checks the
presenter button's words, axe-core's colour contrast in presenter mode (learn_dcg, learn_dmb, learn_dbe), a card's
details dialog, and DBE's "Looked at" pile (no zone draws card backs one by one).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pytest
from drive import act, open_detail, text, wait_ready
from playwright.sync_api import Locator, Page, expect
from screen import RULE_FONTS, SMALL_TEXT, fit_problems, seen, settle, type_share

AXE = Path(__file__).resolve().parent / "vendor" / "axe.min.js"
GAMES = ("dcg", "dmb", "dbe", "dtector", "arena")
BIG_GAMES = ("dcg", "dmb", "dbe")
LAPTOP = (1366, 768)
PRESENTER_SIZES = ((1024, 768), (1920, 1080))
LEGAL = ".dt-decision button.dt-option:not(.dt-option-illegal)"
TABS = ("note", "questions", "whynot", "rules", "words")
SHARE = 0.9  #: of the visible characters in presenter mode, the share at 20 px or more (issue 34, item 3)
MOVES = 400


def finished(root: Locator) -> bool:
    return "Game over" in text(root, ".dt-status")


def sized(page: Page, width: int, height: int) -> None:
    page.set_viewport_size({"width": width, "height": height})
    settle(page)


def presenting(page: Page, on: bool) -> None:
    """Switch presenter mode with its button (the page and the tutor both take the class) and wait for it."""
    shown = page.locator(".dt-app.dt-presenting, .dt-tutor.dt-presenting")
    if bool(page.locator(".dt-app.dt-presenting").count()) != on:
        page.locator("button.dt-presenter").first.click()
    if on:
        expect(page.locator(".dt-app.dt-presenting").first).to_be_visible(timeout=15_000)
        expect(page.locator(".dt-tutor.dt-presenting").first).to_be_visible(timeout=15_000)
    else:
        expect(shown).to_have_count(0, timeout=15_000)


def tabs_here(root: Locator) -> list[str]:
    return [tab for tab in TABS if root.locator(f".dt-detail button.dt-tab-{tab}").first.is_visible()]


def close_tabs(root: Locator) -> None:
    active = root.locator(".dt-detail .dt-detail-tab.mod-active")
    if active.count():
        active.first.click()
        root.locator(".dt-detail .dt-detail-tab.mod-active").first.wait_for(state="detached", timeout=10_000)


@dataclass
class Walk:
    """What one walk found, by the check that found it."""

    game: str
    laptop: list[str] = field(default_factory=list)  #: 1366x768: fit, places, tabs
    presenter: list[str] = field(default_factory=list)  #: 1024x768 and 1920x1080: fit
    fonts: set[str] = field(default_factory=set)  #: presenter texts under 20 px
    shares: list[str] = field(default_factory=list)  #: presenter type shares under 90%
    opened: set[str] = field(default_factory=set)  #: the detail tabs opened
    most_options: int = 0
    most_cards: int = 0

    def report(self) -> str:
        parts = [
            ("at 1366x768", self.laptop),
            ("in presenter mode", self.presenter),
            ("in presenter mode, text under 20px", sorted(self.fonts)),
            (f"in presenter mode, under {SHARE:.0%} of the visible characters at >= 20px", self.shares),
        ]
        return "\n".join(f"learn_{self.game} {what}:\n  " + "\n  ".join(found[:20]) for what, found in parts if found)


def at_laptop(page: Page, root: Locator, walk: Walk, n: int) -> None:
    """1366x768, normal view: the side, the decision and the rule fit, with nothing and with each tab open."""
    presenting(page, False)
    sized(page, *LAPTOP)
    close_tabs(root)
    where = f"decision {n} ({text(root, '.dt-status')[:40]})"
    before = seen(page)
    walk.laptop.extend(f"{where}, nothing open: {p}" for p in before["problems"] + fit_problems(page))
    options, cards = root.locator(LEGAL).count(), root.locator(".dt-board .dt-card").count()
    if not (n <= 3 or options > walk.most_options or (walk.game == "dcg" and cards > walk.most_cards)):
        return
    walk.most_options, walk.most_cards = max(walk.most_options, options), max(walk.most_cards, cards)
    for tab in tabs_here(root):
        open_detail(root, tab)
        walk.opened.add(tab)
        after = seen(page)
        walk.laptop.extend(f"{where}, {tab} open: {p}" for p in after["problems"] + fit_problems(page))
        for place in ("task", "decision", "citation"):
            if after["places"].get(place) != before["places"].get(place):
                walk.laptop.append(
                    f"{where}: opening {tab} moved the {place}: {before['places'].get(place)} -> "
                    f"{after['places'].get(place)}"
                )
    close_tabs(root)


def at_presenter(page: Page, walk: Walk, n: int) -> None:
    """Presenter mode at both sizes: the fit, every text outside the faces at 20 px, nine in ten characters at 20 px."""
    presenting(page, True)
    for width, height in PRESENTER_SIZES:
        sized(page, width, height)
        size = f"{width}x{height}"
        walk.presenter.extend(f"decision {n} at {size}: {p}" for p in fit_problems(page))
        walk.fonts.update(f"at {size}: {t}" for t in page.evaluate(SMALL_TEXT))
        share, characters, worst = type_share(page)
        if share < SHARE:
            walk.shares.append(f"decision {n} at {size}: {share:.0%} of {characters}; " + "; ".join(worst))


def rule_in_large_type(page: Page, walk: Walk) -> None:
    """Between decisions: the narration and the quote of the rule now at 20 px or more, at both presenter sizes."""
    for width, height in PRESENTER_SIZES:
        sized(page, width, height)
        walk.fonts.update(
            f"at {width}x{height}: {css} {size}px" for css, size in page.evaluate(RULE_FONTS) if size < 20
        )


@pytest.mark.parametrize("game", GAMES)
def test_one_walk_of_the_guided_game_fits_a_laptop_and_a_projector_at_every_decision(app: Page, game: str) -> None:
    app.set_viewport_size({"width": 1920, "height": 1080})
    app.goto(f"/voila/render/learn_{game}.ipynb?mode=presenter")
    root = wait_ready(app)
    presenting(app, True)
    walk, decisions, between = Walk(game), 0, 0
    for _ in range(MOVES):
        if root.locator(LEGAL).count():
            decisions += 1
            at_presenter(app, walk, decisions)
            at_laptop(app, root, walk, decisions)
            presenting(app, True)
        else:
            between += 1
            if between % 5 == 1:  # every fifth step between decisions
                rule_in_large_type(app, walk)
        if finished(root):
            break
        assert act(root), f"the lesson stopped moving: {text(root, '.dt-status')}"
    else:
        raise AssertionError(f"the guided game did not end within {MOVES} moves")
    assert decisions, "the guided game asked nothing"
    if game == "dcg":  # a note, a question, the why-not list and "+ N more rules", each opened at least once
        assert {"note", "questions", "whynot", "rules"} <= walk.opened, f"tabs opened: {sorted(walk.opened)}"
    assert not walk.report(), walk.report()


def test_the_presenter_button_says_how_to_leave_while_presenter_mode_is_on(app: Page) -> None:
    app.goto("/voila/render/learn_dmb.ipynb")
    wait_ready(app)
    button = app.locator("button.dt-presenter").first
    expect(button).to_have_text("Presenter mode")
    button.click()
    expect(app.locator(".dt-app.dt-presenting").first).to_be_visible()
    expect(button).to_have_text("Leave presenter mode")
    button.click()
    expect(app.locator(".dt-app.dt-presenting")).to_have_count(0)
    expect(button).to_have_text("Presenter mode")


@pytest.mark.parametrize("game", BIG_GAMES)
def test_presenter_mode_passes_axe_colour_contrast_with_the_gauge_and_every_counter(app: Page, game: str) -> None:
    app.set_viewport_size({"width": 1920, "height": 1080})
    app.goto(f"/voila/render/learn_{game}.ipynb?mode=presenter")
    root = wait_ready(app)
    expect(app.locator(".dt-app.dt-presenting").first).to_be_visible(timeout=15_000)
    for _ in range(3):  # a few moves in: a decision, counters that changed, a gauge that moved
        act(root)
    app.add_script_tag(path=str(AXE))
    violations = app.evaluate(
        """async () => {
          const result = await axe.run(document.querySelector('.dt-app'), {runOnly: ['color-contrast'], \
resultTypes: ['violations']});
          return result.violations.flatMap(v => v.nodes.slice(0, 8).map(n => \
`${n.target.join(' ')}: ${n.failureSummary.split('\\n').pop()}`));
        }"""
    )
    assert not violations, "\n".join(violations)


def test_a_cards_details_open_in_a_dialog_inside_the_window_with_the_cards_under_it(app: Page) -> None:
    """The DCG lesson digivolves Koromon: the Digimon on top has a card under it, named in its details."""
    app.set_viewport_size(dict(zip(("width", "height"), LAPTOP, strict=True)))
    app.goto("/voila/render/learn_dcg.ipynb")
    root = wait_ready(app)
    stacked = root.locator(".dt-board .dt-card:has(.dt-under)")
    for _ in range(MOVES):
        if stacked.count() or finished(root):
            break
        act(root)
    assert stacked.count(), "the lesson never put a card under another"
    for presenter in (False, True):
        if presenter:
            app.locator("button.dt-presenter").first.click()
            expect(app.locator(".dt-app.dt-presenting").first).to_be_visible()
            for width, height in PRESENTER_SIZES[:1]:
                app.set_viewport_size({"width": width, "height": height})
        card = stacked.first
        card.locator("summary").first.click()
        dialog = card.locator(".dt-card-full")
        expect(dialog).to_be_visible()
        inside = app.evaluate(
            """el => { const r = el.getBoundingClientRect();
            return [r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight,
                    el.scrollHeight <= el.clientHeight + 1, [r.left, r.top, r.right, r.bottom].map(Math.round)]; }""",
            dialog.element_handle(),
        )
        assert inside[0], f"the card's details run out of the window: {inside[2]}"
        assert inside[1], "the card's details are cut (they scroll inside the dialog)"
        expect(dialog).to_contain_text("Under it:")
        app.mouse.click(5, app.viewport_size["height"] - 5)  # the shade around the dialog closes it
        expect(dialog).to_be_hidden()


def test_the_dbe_setup_looked_at_pile_is_one_tile_with_its_count(app: Page) -> None:
    app.set_viewport_size(dict(zip(("width", "height"), LAPTOP, strict=True)))
    app.goto("/voila/render/learn_dbe.ipynb")
    root = wait_ready(app)
    looked = root.locator('.dt-board [data-zone="looking"] .dt-pile b')
    for _ in range(60):
        if looked.count():
            break
        act(root)
    counts = [int(n) for n in looked.all_inner_texts()]
    assert counts and max(counts) >= 40, f"no 'Looked at' tile with the deck's count: {counts}"
    assert (
        root.locator('.dt-board [data-zone="looking"] .dt-card-back, .dt-board [data-zone="looking"] .dt-face').count()
        == 0
    )

"""A board that fits, and presenter mode for the big games (issue 24, items 3 and 6), measured in a real browser.

Every guided game (the Learn apps' first-game lessons) is followed to its end. At each decision the
deciding seat's side of the board (every zone of it), the decision (its prompt, the ★ and the first five legal
options; the rest scroll inside the options list, docs/layout.md) and the rule now (its breadcrumb and quote) must be
on the screen without scrolling, at every size: boxes are measured against the window and against every scrolling
box around them. That is checked at 1366x768 in the normal view and, in presenter
mode, at 1024x768 and at 1920x1080 (the same page resized at each decision). Presenter mode also measures font sizes
(every text at least 20px; card faces are drawn to scale and only their name and big number are measured) and runs
axe-core's colour-contrast rule on learn_dcg, learn_dmb and learn_dbe. A card's details open in a dialog fully inside
the window, and no zone draws card backs one by one (DBE's Pre-Game Setup "Looked at" pile is one tile with its count).

One server for the session, one page per game and mode, every decision of every guided game walked (no sampling;
between decisions, every fifth step is measured for the presenter fonts): the file takes about 4.5 minutes here.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from drive import act, text, wait_ready
from playwright.sync_api import Page, expect

AXE = Path(__file__).resolve().parent / "vendor" / "axe.min.js"
GAMES = ("dcg", "dmb", "dbe", "dtector", "arena")
BIG_GAMES = ("dcg", "dmb", "dbe")
LAPTOP = (1366, 768)
PRESENTER_SIZES = ((1024, 768), (1920, 1080))
LEGAL = ".dt-decision button.dt-option:not(.dt-option-illegal)"
MOVES = 400

#: JS: the problems of the screen as it is (an empty list: the side, the decision and the rule all fit)
FIT = """() => {
  const vw = innerWidth, vh = innerHeight, problems = [];
  const seen = (el) => {  // the part of el's box not clipped by the window or a scrolling/clipping box around it
    const r = el.getBoundingClientRect();
    let [l, t, rt, b] = [r.left, r.top, r.right, r.bottom];
    for (let a = el.parentElement; a; a = a.parentElement) {
      const s = getComputedStyle(a), c = a.getBoundingClientRect();
      if (s.overflowX !== 'visible') { l = Math.max(l, c.left); rt = Math.min(rt, c.right); }
      if (s.overflowY !== 'visible') { t = Math.max(t, c.top); b = Math.min(b, c.bottom); }
    }
    l = Math.max(l, 0); t = Math.max(t, 0); rt = Math.min(rt, vw); b = Math.min(b, vh);
    return {r, w: Math.max(0, rt - l), h: Math.max(0, b - t)};
  };
  const whole = (el, what) => {
    if (!el) { problems.push(`${what}: missing`); return; }
    const {r, w, h} = seen(el);
    if (r.width === 0 || w < r.width - 1 || h < r.height - 1)
      problems.push(`${what}: box ${[r.left, r.top, r.right, r.bottom].map(Math.round)}, only \
${Math.round(w)}x${Math.round(h)} on screen`);
  };
  const root = document.querySelector('.dt-tutor'), side = root.querySelector('.dt-board .dt-player.dt-deciding');
  whole(side, "the deciding seat's side");
  if (side) side.querySelectorAll('.dt-zone').forEach((z) => whole(z, \
`the deciding seat's zone ${z.dataset.zone || '(empty zones)'}`));
  whole(root.querySelector('.dt-decision .dt-prompt'), 'the prompt');
  // the ★ and the first five options whole; the rest one scroll away inside the options (docs/layout.md, place 2)
  const legal = [...root.querySelectorAll('.dt-decision button.dt-option:not(.dt-option-illegal)')];
  legal.slice(0, 5).forEach((b) => whole(b, `option "${b.innerText.slice(0, 60)}" (${legal.length} options)`));
  const star = root.querySelector('.dt-decision button.dt-option-suggested');
  if (star) whole(star, 'the ★');
  const list = root.querySelector('.dt-decision .dt-options');
  legal.slice(5).forEach((b) => {
    if (!list.contains(b)) problems.push(`option "${b.innerText.slice(0, 40)}" outside the list`);
  });
  whole(root.querySelector('.dt-citation .dt-crumb'), "the rule's breadcrumb");
  const quote = root.querySelector('.dt-citation .dt-quote');
  if (quote) {  // the quote whole, or (a long one) its first two lines
    const {r, w, h} = seen(quote), line = parseFloat(getComputedStyle(quote).lineHeight) || 24;
    if (w < r.width - 1 || h < Math.min(r.height - 1, 2 * line + 8)) \
problems.push(`the rule's quote: only ${Math.round(h)}px of ${Math.round(r.height)}px on screen`);
  }
  if (document.documentElement.scrollWidth > vw + 1) \
problems.push(`the page scrolls sideways (${document.documentElement.scrollWidth}px)`);
  const board = root.querySelector('.dt-board');
  if (board.getBoundingClientRect().right > vw + 1) problems.push('the board runs off the right edge');
  const backs = root.querySelectorAll('.dt-board .dt-card-back').length;
  if (backs) problems.push(`${backs} card backs drawn one by one`);
  return problems;
}"""

#: JS: every text on the presenter page smaller than 20px (card faces: only their name and big number)
SMALL_TEXT = """() => {
  const small = [], app = document.querySelector('.dt-app.dt-presenting');
  const walker = document.createTreeWalker(app, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!node.textContent.trim() || !el || !el.getClientRects().length) continue;
    if (el.closest('.dt-face') && !el.closest('.dt-card-name, .dt-power')) continue;
    if (el.closest('details:not([open]) > :not(summary)') || el.closest('style, script')) continue;
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (size < 19.5) small.push(`${Math.round(size * 10) / 10}px "${node.textContent.trim().slice(0, 40)}" \
(${el.className || el.tagName})`);
  }
  return [...new Set(small)].slice(0, 12);
}"""

#: JS: narration and quote font sizes of the rule now panel
RULE_FONTS = """() => [...document.querySelectorAll('.dt-tutor .dt-citation .dt-narration, .dt-tutor .dt-citation \
.dt-quote')]
  .map(e => [e.className, parseFloat(getComputedStyle(e).fontSize)])"""

#: JS: resolves once the layout has caught up with the window (the board knows where it starts) and painted
SETTLED = """() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => {
  const tutor = document.querySelector('.dt-tutor'), main = tutor.querySelector('.dt-main');
  done(tutor.style.getPropertyValue('--dt-main-top') === Math.round(main.getBoundingClientRect().top + scrollY) + 'px');
})))"""


def settle(page: Page) -> None:
    page.wait_for_function(SETTLED, polling=100, timeout=10_000)


def problems(page: Page) -> list[str]:
    return page.evaluate(FIT)


def finished(root) -> bool:
    return "Game over" in text(root, ".dt-status")


def walk(page: Page, url: str, at_decision, at_step=None) -> int:
    """Follow the guided game to its end, calling ``at_decision(n)`` at each decision; returns how many."""
    page.goto(url)
    root = wait_ready(page)
    if "mode=presenter" in url:
        expect(page.locator(".dt-app.dt-presenting").first).to_be_visible(timeout=15_000)
    decisions = 0
    for _ in range(MOVES):
        if root.locator(LEGAL).count():
            decisions += 1
            at_decision(decisions)
        elif at_step is not None:
            at_step()
        if finished(root):
            return decisions
        assert act(root), f"the lesson stopped moving: {text(root, '.dt-status')}"
    raise AssertionError(f"the guided game did not end within {MOVES} moves")


@pytest.mark.parametrize("game", GAMES)
def test_at_every_decision_of_the_guided_game_the_deciding_side_the_decision_and_the_rule_fit_a_laptop(
    app: Page, game: str
) -> None:
    app.set_viewport_size(dict(zip(("width", "height"), LAPTOP, strict=True)))
    failures: list[str] = []

    def check(n: int) -> None:
        settle(app)
        failures.extend(f"decision {n}: {p}" for p in problems(app))

    decisions = walk(app, f"/voila/render/learn_{game}.ipynb", check)
    assert decisions, "the guided game asked nothing"
    assert not failures, f"learn_{game} at 1366x768:\n" + "\n".join(failures[:20])


@pytest.mark.parametrize("game", GAMES)
def test_presenter_mode_fits_1024x768_and_1920x1080_at_every_decision_in_large_type(app: Page, game: str) -> None:
    failures: list[str] = []
    fonts: set[str] = set()

    def sized(width: int, height: int) -> None:
        app.set_viewport_size({"width": width, "height": height})
        settle(app)

    def check(n: int) -> None:
        for width, height in PRESENTER_SIZES:
            sized(width, height)
            found = problems(app)
            failures.extend(f"decision {n} at {width}x{height}: {p}" for p in found)
            fonts.update(f"at {width}x{height}: {t}" for t in app.evaluate(SMALL_TEXT))

    def step() -> None:  # between decisions: the narration and the quote in large type, at both sizes
        for width, height in PRESENTER_SIZES:
            sized(width, height)
            fonts.update(f"at {width}x{height}: {css} {size}px" for css, size in app.evaluate(RULE_FONTS) if size < 20)

    app.set_viewport_size({"width": 1920, "height": 1080})
    sampled = iter(range(10**6))
    decisions = walk(
        app, f"/voila/render/learn_{game}.ipynb?mode=presenter", check, lambda: next(sampled) % 5 == 0 and step()
    )  # every fifth step between decisions
    assert decisions
    assert not failures, f"learn_{game} in presenter mode:\n" + "\n".join(failures[:20])
    assert not fonts, f"learn_{game} in presenter mode, text under 20px:\n" + "\n".join(sorted(fonts)[:20])


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

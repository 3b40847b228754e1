"""One layout that keeps the decision in view (issue 34, item 2; docs/layout.md), measured as a person sees it.

At 1366x768 the guided game of each of the five games is followed to its end. At every decision, with nothing open
in the detail place, the prompt, the ★ and the first five options (all of them when fewer) and the first line of the
governing rule's quote must be on the screen without scrolling the page: their boxes inside the window and inside
every scrolling box around them, and each one the element a click at its centre reaches (nothing drawn over it). The
four places (task, decision, rule now, detail) must come in that order and never overlap.

At the decisions that matter most — the first three of each game, each one with more options than any before it, and
in DCG each one with more cards on the board than any before it — every tab of the detail place that has something is
opened in turn (the lesson note, "Check yourself", the why-not list, "+ N more rules", the words used): the same must
hold, the task, the decision and the rule now must not move, and the open tab must lie inside the window (it scrolls
inside itself).
"""

from __future__ import annotations

import pytest
from drive import act, open_detail, text, wait_ready
from playwright.sync_api import Page

GAMES = ("dcg", "dmb", "dbe", "dtector", "arena")
LAPTOP = {"width": 1366, "height": 768}
LEGAL = ".dt-decision button.dt-option:not(.dt-option-illegal)"
TABS = ("note", "questions", "whynot", "rules", "words")
MOVES = 400

#: JS: what a person sees of the four places: the problems found (an empty list: all is well) and the places' boxes
SEEN = """() => {
  const vw = innerWidth, vh = innerHeight, problems = [];
  const root = document.querySelector('.dt-tutor');
  const seen = (el) => {  // the part of el's box not clipped by the window or a scrolling/clipping box around it
    const r = el.getBoundingClientRect();
    let [l, t, rt, b] = [r.left, r.top, r.right, r.bottom];
    for (let a = el.parentElement; a; a = a.parentElement) {
      const s = getComputedStyle(a), c = a.getBoundingClientRect();
      if (s.overflowX !== 'visible') { l = Math.max(l, c.left); rt = Math.min(rt, c.right); }
      if (s.overflowY !== 'visible') { t = Math.max(t, c.top); b = Math.min(b, c.bottom); }
    }
    return {r, l: Math.max(l, 0), t: Math.max(t, 0), rt: Math.min(rt, vw), b: Math.min(b, vh)};
  };
  const reached = (el, x, y) => {
    const hit = document.elementFromPoint(x, y);
    return hit && (el === hit || el.contains(hit));
  };
  const whole = (el, what) => {  // el wholly on screen, and a click at its centre reaches it
    if (!el) { problems.push(`${what}: missing`); return; }
    const {r, l, t, rt, b} = seen(el);
    if (r.width === 0 || r.height === 0) { problems.push(`${what}: not drawn`); return; }
    if (rt - l < r.width - 1 || b - t < r.height - 1)
      problems.push(`${what}: box ${[r.left, r.top, r.right, r.bottom].map(Math.round)}, only \
${Math.round(Math.max(0, rt - l))}x${Math.round(Math.max(0, b - t))} on screen`);
    else if (!reached(el, (r.left + r.right) / 2, (r.top + r.bottom) / 2)) problems.push(`${what}: covered`);
  };
  if (scrollY !== 0 || scrollX !== 0) problems.push(`the page is scrolled to ${scrollX},${scrollY}`);
  whole(root.querySelector('.dt-decision .dt-prompt'), 'the prompt');
  const legal = [...root.querySelectorAll('.dt-decision button.dt-option:not(.dt-option-illegal)')];
  const star = root.querySelector('.dt-decision button.dt-option-suggested');
  if (star) whole(star, 'the ★');
  legal.slice(0, 5).forEach((b) => whole(b, `option "${b.innerText.slice(0, 50)}" (of ${legal.length})`));
  const quote = root.querySelector('.dt-citation .dt-quote');
  if (!quote) problems.push('the rule now has no quote');
  else {  // its first line: on screen and reached
    const {r, t, b, l, rt} = seen(quote), line = parseFloat(getComputedStyle(quote).lineHeight) || 24;
    const first = Math.min(r.bottom, r.top + line + 4);
    if (t > r.top + 1 || b < first - 1 || rt - l < 20)
      problems.push(`the rule's first line: box ${[r.left, r.top, r.right, r.bottom].map(Math.round)}, seen from \
${Math.round(t)} to ${Math.round(b)}`);
    else if (!reached(quote, (l + rt) / 2, r.top + line / 2)) problems.push("the rule's first line: covered");
  }
  const places = {};
  for (const name of ['task', 'decision', 'citation', 'detail']) {
    const el = root.querySelector(`.dt-side > .dt-${name}`);
    if (!el || !el.getClientRects().length) continue;
    const r = el.getBoundingClientRect();
    places[name] = [r.left, r.top, r.right, r.bottom].map(Math.round);
  }
  const names = Object.keys(places);
  names.forEach((a, i) => names.slice(i + 1).forEach((b) => {
    const [p, q] = [places[a], places[b]];
    const w = Math.min(p[2], q[2]) - Math.max(p[0], q[0]), h = Math.min(p[3], q[3]) - Math.max(p[1], q[1]);
    if (w > 1 && h > 1) problems.push(`the ${a} and the ${b} overlap (${Math.round(w)}x${Math.round(h)})`);
    if (p[1] > q[1]) problems.push(`the ${a} is below the ${b}`);
  }));
  const detail = places.detail;
  if (detail && detail[3] > vh + 1) problems.push(`the detail place ends at ${detail[3]}, below the window`);
  const open = root.querySelector('.dt-detail .dt-detail-tab.mod-active');
  if (open) {
    const body = root.querySelector('.dt-detail .dt-detail-body'), r = body.getBoundingClientRect();
    if (r.height < 20 || r.top > vh - 20)
      problems.push(`the open tab "${open.innerText}" has ${Math.round(r.height)}px`);
  }
  return {problems, places};
}"""

#: JS: resolves after two frames (the page has drawn what the kernel sent)
PAINTED = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => done(true))))"


def measure(page: Page) -> dict:
    page.evaluate(PAINTED)
    return page.evaluate(SEEN)


def tabs_here(root) -> list[str]:
    return [tab for tab in TABS if root.locator(f".dt-detail button.dt-tab-{tab}").first.is_visible()]


def close_tabs(root) -> None:
    active = root.locator(".dt-detail .dt-detail-tab.mod-active")
    if active.count():
        active.first.click()
        root.locator(".dt-detail .dt-detail-tab.mod-active").first.wait_for(state="detached", timeout=10_000)


@pytest.mark.parametrize("game", GAMES)
def test_at_1366x768_the_decision_and_the_rule_stay_in_view_whatever_the_detail_place_opens(
    app: Page, game: str
) -> None:
    app.set_viewport_size(LAPTOP)
    app.goto(f"/voila/render/learn_{game}.ipynb")
    root = wait_ready(app)
    failures: list[str] = []
    opened: set[str] = set()
    decisions = most_options = most_cards = 0
    for _ in range(MOVES):
        if root.locator(LEGAL).count():
            decisions += 1
            close_tabs(root)
            seen = measure(app)
            where = f"decision {decisions} ({text(root, '.dt-status')[:40]})"
            failures.extend(f"{where}, nothing open: {p}" for p in seen["problems"])
            options, cards = root.locator(LEGAL).count(), root.locator(".dt-board .dt-card").count()
            if decisions <= 3 or options > most_options or (game == "dcg" and cards > most_cards):
                most_options, most_cards = max(most_options, options), max(most_cards, cards)
                for tab in tabs_here(root):
                    open_detail(root, tab)
                    opened.add(tab)
                    after = measure(app)
                    failures.extend(f"{where}, {tab} open: {p}" for p in after["problems"])
                    for place in ("task", "decision", "citation"):
                        if after["places"].get(place) != seen["places"].get(place):
                            failures.append(
                                f"{where}: opening {tab} moved the {place}: {seen['places'].get(place)} -> "
                                f"{after['places'].get(place)}"
                            )
                close_tabs(root)
        if "Game over" in text(root, ".dt-status"):
            break
        assert act(root), f"the lesson stopped moving: {text(root, '.dt-status')}"
    assert decisions, "the guided game asked nothing"
    if game == "dcg":  # a note, a question, the why-not list and "+ N more rules", each opened at least once
        assert {"note", "questions", "whynot", "rules"} <= opened, f"tabs opened: {sorted(opened)}"
    assert not failures, f"learn_{game} at 1366x768:\n" + "\n".join(failures[:25])

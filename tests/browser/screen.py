"""What a person sees of a Learn page, measured in the page (JS run by Playwright) for tests/browser/test_fit.py.

Every measure cuts an element's box by the window and by every box around it that scrolls or clips, so what it
reports is what is on the screen without scrolling the page.
"""

from __future__ import annotations

from playwright.sync_api import Page

BIG_PX = 19.5  #: 20 px, give or take the rounding of a computed size

#: JS: the problems of the screen as it is (an empty list: the deciding side, the decision and the rule all fit)
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


#: JS: {all, large, worst}: the visible characters of the presenter page, those of them drawn at ``big`` px or more,
#: and the six biggest groups of the rest (size, class, a sample)
TYPE_SHARE = """(big) => {
  const app = document.querySelector('.dt-app.dt-presenting'), vw = innerWidth, vh = innerHeight;
  const shown = (el) => {  // el's box, cut by the window and every box around it that clips, is not empty
    for (let a = el; a; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.display === 'none' || s.visibility === 'hidden' || parseFloat(s.opacity) === 0) return false;
    }
    const r = el.getBoundingClientRect();
    let [l, t, rt, b] = [r.left, r.top, r.right, r.bottom];
    for (let a = el.parentElement; a; a = a.parentElement) {
      const s = getComputedStyle(a), c = a.getBoundingClientRect();
      if (s.overflowX !== 'visible') { l = Math.max(l, c.left); rt = Math.min(rt, c.right); }
      if (s.overflowY !== 'visible') { t = Math.max(t, c.top); b = Math.min(b, c.bottom); }
    }
    l = Math.max(l, 0); t = Math.max(t, 0); rt = Math.min(rt, vw); b = Math.min(b, vh);
    return rt - l > 1 && b - t > 1;
  };
  let all = 0, large = 0;
  const small = new Map();
  const walker = document.createTreeWalker(app, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement, chars = node.textContent.replace(/\\s+/g, '').length;
    if (!chars || !el || el.closest('style, script, template')) continue;
    if (el.closest('details:not([open]) > :not(summary)')) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0 && r.bottom > 0 &&
      r.right > 0 && r.top < vh && r.left < vw);
    if (!rects.length || !shown(el)) continue;
    const px = parseFloat(getComputedStyle(el).fontSize);
    all += chars;
    if (px >= big) large += chars;
    else {
      const key = `${Math.round(px * 10) / 10}px ${el.className || el.tagName}`;
      const seen = small.get(key) || [0, node.textContent.trim().slice(0, 30)];
      small.set(key, [seen[0] + chars, seen[1]]);
    }
  }
  const worst = [...small.entries()].sort((a, b) => b[1][0] - a[1][0]).slice(0, 6)
    .map(([key, [n, sample]]) => `${n} chars at ${key} ("${sample}")`);
  return {all, large, worst};
}"""


def settle(page: Page) -> None:
    """Wait until the layout has caught up with the window (the board knows where it starts) and painted."""
    page.wait_for_function(SETTLED, polling=100, timeout=10_000)


def fit_problems(page: Page) -> list[str]:
    return page.evaluate(FIT)


def seen(page: Page) -> dict:
    """The problems a person sees with the four places of the right column, and the places' boxes."""
    page.evaluate(PAINTED)
    return page.evaluate(SEEN)


def type_share(page: Page) -> tuple[float, int, list[str]]:
    """(share of the visible characters drawn at 20 px or more, how many characters, the biggest groups under it)."""
    found = page.evaluate(TYPE_SHARE, BIG_PX)
    return (found["large"] / found["all"] if found["all"] else 0.0), found["all"], found["worst"]

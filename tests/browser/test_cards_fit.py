"""Every card of every game drawn inside a real app's board (the served page's own CSS, in Chromium), at the normal
size and in presenter mode: no part of a card overflows its face, the "+2 under it" badge covers nothing, and no
face grows past its size (the text was fitted to it). Issue 24, item 2: "cards never clipped".

The cards are every card of every ``cards/<game>/cards.yaml``, as printed and in play (number changed both ways,
cards under it, suspended or face down): ``gallery_boards`` in tests/widgets/test_card_fit_gallery.py draws them with
``board_html``, and the test puts them into the board of a Learn app opened from ``digitutor serve``.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from drive import wait_ready
from playwright.sync_api import Page, expect

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "widgets"))
from test_card_fit_gallery import card_views, gallery_boards

#: (query string, window) for the two sizes a board draws cards at
SIZES = {"normal": ("", (1366, 768)), "presenter": ("?mode=presenter", (1024, 768))}
LEARN = "/voila/render/learn_dmb.ipynb"

#: the gallery goes next to the board's own content (a new board value would not wipe it)
INSERT = """([html, game]) => {
  const board = document.querySelector('.dt-tutor .dt-board');
  let gallery = board.querySelector(':scope > .dt-card-gallery');
  if (!gallery) { gallery = document.createElement('div'); gallery.className = 'dt-card-gallery'; \
board.appendChild(gallery); }
  gallery.dataset.game = game;
  gallery.innerHTML = html;
  return gallery.querySelectorAll('.dt-card:not(.dt-card-back)').length;
}"""

#: every drawn card's face: each element inside it (and the face itself) within the face's box and not scrolling
#: (clipped) content; the under-badge over no text; the face no taller than its drawn size (min-height)
MEASURE = """([scope, slack]) => {
  const problems = [];
  const cards = document.querySelectorAll(scope + ' .dt-card:not(.dt-card-back)');
  for (const card of cards) {
    const face = card.querySelector(':scope > summary .dt-face');
    const name = (card.querySelector('.dt-card-name') || {textContent: '?'}).textContent;
    const box = face.getBoundingClientRect();
    const say = (el, what) => problems.push(`${name}: ${el === face ? 'the face' : (el.className || el.tagName)} ` +
                                            `"${el.textContent.trim().slice(0, 40)}" ${what}`);
    const minimum = parseFloat(getComputedStyle(face).minHeight) || 0;  // (a face of fixed height cannot grow)
    if (minimum && box.height > minimum + slack) say(face, \
`grew to ${box.height.toFixed(1)} px (drawn ${minimum.toFixed(1)})`);
    for (const el of [face, ...face.querySelectorAll('*')]) {
      const r = el.getBoundingClientRect();
      if (!r.width && !r.height) continue;
      if (el.clientWidth && el.scrollWidth > el.clientWidth + 1) say(el, \
`is clipped across: ${el.scrollWidth} > ${el.clientWidth} px`);
      if (el.clientHeight && el.scrollHeight > el.clientHeight + 1) say(el, \
`is clipped down: ${el.scrollHeight} > ${el.clientHeight} px`);
      const out = Math.max(box.left - r.left, r.right - box.right, box.top - r.top, r.bottom - box.bottom);
      if (el !== face && out > 1) say(el, `runs ${out.toFixed(1)} px out of the face`);
    }
    const badge = card.querySelector(':scope > summary > .dt-under');
    if (badge) {
      const b = badge.getBoundingClientRect();
      for (const el of face.querySelectorAll('.dt-face-in *')) {
        if (el.children.length) continue;
        const r = el.getBoundingClientRect();
        if (r.width && r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top) say(el, \
'is under the "+N" badge');
      }
    }
  }
  return [cards.length, problems];
}"""


def open_board(app: Page, mode: str) -> None:
    query, (width, height) = SIZES[mode]
    app.set_viewport_size({"width": width, "height": height})
    app.goto(LEARN + query)
    wait_ready(app)
    if query:
        expect(app.locator(".dt-app.dt-presenting").first).to_be_visible(timeout=15_000)


@pytest.mark.parametrize("mode", list(SIZES))
def test_every_card_of_every_game_fits_its_face(app: Page, mode: str) -> None:
    open_board(app, mode)
    problems: list[str] = []
    for game, board in gallery_boards().items():
        drawn = app.evaluate(INSERT, [board, game])
        assert drawn >= len(card_views(game)), f"{game}: {drawn} cards drawn"
        measured, found = app.evaluate(MEASURE, [".dt-card-gallery", 1.5])
        assert measured == drawn
        problems += [f"{game} ({mode}) {problem}" for problem in found]
    assert not problems, f"{len(problems)} problems, e.g.:\n" + "\n".join(problems[:40])


@pytest.mark.parametrize("mode", list(SIZES))
def test_the_cards_on_a_learn_board_fit(app: Page, mode: str) -> None:
    """The tutor's own board (learn_dmb at its start): its cards fit the same way."""
    open_board(app, mode)
    measured, found = app.evaluate(MEASURE, [".dt-tutor .dt-board .widget-html-content", 1.5])
    assert measured > 0 and not found, "\n".join(found[:40])

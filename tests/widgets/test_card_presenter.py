"""Presenter mode's card faces (issue 24, items 2 and 6): the name at 20 px and whole, the face as tall as what it
holds at presenter sizes; the sizes ``cardface.PRESENTER`` restates are the ones the stylesheet sets."""

from __future__ import annotations

import re

from test_card_fit_gallery import card_views

from digitutor.widgets.cardface import (
    PRESENTER,
    PRESENTER_NAME,
    PRESENTER_POWER,
    face_html,
    presenter_face,
    presenter_name_lines,
)
from digitutor.widgets.style import CSS


def test_the_presenter_sizes_are_the_stylesheets() -> None:
    """cardface.PRESENTER restates the presenter face's font and width (wide window, then up to 1400 px)."""
    (narrow_font, narrow_width), (wide_font, wide_width) = PRESENTER
    assert f".dt-presenting .dt-face.dt-face-tall {{ font-size: {wide_font:g}px; width: {wide_width:g}em;" in CSS
    assert narrow_width == wide_width
    assert f".dt-presenting .dt-face {{ font-size: {narrow_font:g}px; }}" in CSS
    assert f".dt-presenting .dt-face .dt-card-name {{ font-size: {PRESENTER_NAME:g}px;" in CSS
    assert f".dt-presenting .dt-face .dt-power {{ font-size: {PRESENTER_POWER:g}px; }}" in CSS


def test_a_name_wider_than_the_face_wraps_inside_the_word_rather_than_shrink() -> None:
    """Presenter mode holds a card's name at 20 px: a long single word takes more lines."""
    assert presenter_name_lines("Agumon", 104) == 1
    assert presenter_name_lines("Redotamamon", 104) == 2
    assert presenter_name_lines("ShineGreymon: Burst Mode", 104) >= 3


def test_every_face_says_how_tall_it_is_in_presenter_mode() -> None:
    for game in ("dcg", "dmb", "dbe", "dtector", "arena"):
        for card in card_views(game):
            html, _ = face_html(card, game)
            height = int(re.search(r"--dt-presenter-face: (\d+)px", html).group(1))
            assert height == presenter_face(card, game) and height % 8 == 0

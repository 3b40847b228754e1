"""A board that fits (issue 24, item 3): piles are one tile with a count and the top card, backs are never drawn one by
one, the deciding (or viewing) seat's side comes first, and empty zones share one line."""

from __future__ import annotations

import re

from digitutor.core.game import BoardView, CardView, PlayerView, ZoneView
from digitutor.widgets.board import MANY, board_html, zone_html


def _cards(count: int, hidden: bool = False, prefix: str = "c") -> tuple[CardView, ...]:
    return tuple(CardView(f"{prefix}{n}", "" if hidden else f"Card {n}", hidden=hidden) for n in range(count))


def test_a_row_of_45_hidden_cards_is_one_tile_with_its_count_and_nothing_of_the_cards():
    html = zone_html(ZoneView("looking", "Looked at", _cards(45, hidden=True)))
    assert "dt-card-back" not in html and html.count("dt-pile") == 2  # the zone's class and its tile
    assert 'class="dt-pile dt-pile-back"' in html and "<b>45</b>" in html
    assert "c44" not in html and "Card" not in html


def test_a_deck_being_looked_through_is_a_pile_with_its_top_card_and_every_name_one_click_away():
    cards = _cards(MANY + 32)
    html = zone_html(ZoneView("looking", "Looked at", cards))
    assert html.count('class="dt-card dt-pile-card"') == 1 and "<b>40</b>" in html
    assert f"<span>{cards[-1].name}</span>" in html  # the top card (the last one, as piles list them)
    assert re.search(r'<details class="dt-pile-list"><summary>all 40</summary><ol>(<li>Card \d+</li>){40}</ol>', html)


def test_a_hand_is_never_folded_into_a_pile():
    html = zone_html(ZoneView("hand", "Hand", _cards(MANY + 2)))
    assert html.count('<details class="dt-card"') == MANY + 2


def test_hidden_cards_beside_shown_ones_are_one_tile_counting_them():
    html = zone_html(ZoneView("security", "Security", _cards(1) + _cards(3, hidden=True, prefix="h")))
    assert html.count('<details class="dt-card"') == 1 and "dt-card-back" not in html
    assert "<b>3</b><span>hidden</span>" in html


def _board() -> BoardView:
    zones = (
        ZoneView("hand", "Hand", _cards(2)),
        ZoneView("trash", "Trash", ()),
        ZoneView("deck", "Deck", (), "pile", 30),
    )
    return BoardView("dcg", 1, "main", tuple(PlayerView(i, f"Player {i + 1}", {"Deck": "30"}, zones) for i in range(2)))


def test_the_viewers_side_comes_first_and_the_deciding_seats_side_is_marked():
    html = board_html(_board(), viewer=1, decider=1)
    first, second = re.findall(r'<div class="(dt-player[^"]*)" data-player="(\d)"', html)
    assert first == ("dt-player dt-near dt-deciding", "1") and second == ("dt-player dt-far", "0")


def test_the_judges_view_puts_the_deciding_seat_first():
    html = board_html(_board(), viewer=None, decider=1)
    assert [seat for _, seat in re.findall(r'<div class="(dt-player[^"]*)" data-player="(\d)"', html)] == ["1", "0"]


def test_empty_zones_share_one_line_and_counters_of_drawn_zones_are_marked():
    html = board_html(_board(), viewer=0)
    assert html.count('Empty: <span data-zone="trash">Trash</span>') == 2
    assert html.count('class="dt-counter dt-counter-drawn">Deck') == 2

"""The deck-check app gets pasted text from anyone: an alias bomb or a wrong type is one short line, at once."""

from __future__ import annotations

import time
import tracemalloc

import pytest

from digitutor.widgets import deck_check_app


def bomb() -> str:
    parts = ["&a0 [x, x, x, x, x, x, x, x, x]"] + [f"&a{i} [{', '.join([f'*a{i - 1}'] * 9)}]" for i in range(1, 9)]
    return "game: dtector\nname: [" + ", ".join(parts) + "]\ncards: []\n"


def test_a_pasted_alias_bomb_is_refused_in_one_short_line():
    app = deck_check_app("dtector")
    app.text.value = bomb()
    started = time.perf_counter()
    app.run()
    assert time.perf_counter() - started < 1.0
    assert "alias" in app.verdict.value and len(app.verdict.value) < 300


def test_a_pasted_deck_with_several_problems_lists_every_one():
    app = deck_check_app("dtector")
    app.text.value = "game: dtector\ncards:\n  - {card: agumon, count: 45}\n  - {card: garurumom, count: 2}\n"
    app.run()
    verdict = app.verdict.value
    assert "unknown card" in verdict and "Garurumon" in verdict and "45 cards" in verdict


INFLATED = {  # game: (a card, the deck-size rule's clause and a quote of it)
    "dtector": ("agumon", "dtector:game-requirements.p1", "A 50-Card Deck for each player."),
    "arena": ("agumon", "arena:setup.b2", "preconstructed 30 card decks"),
    "dcg": ("st1-03", "dcg:decks.required-items.b1", "A deck with a total of 50 cards"),
    "dmb": ("agumon", "dmb:deck-construction.b1", "Deck is 40 cards"),
    "dbe": ("agumon", "dbe:deck-construction.b2", "Destiny Zone + Main Deck must add up to 50."),
}


@pytest.mark.parametrize("game", list(INFLATED))
def test_a_pasted_deck_of_millions_of_cards_is_refused_by_its_size_rule_without_building_them(game):
    card, clause, quote = INFLATED[game]
    app = deck_check_app(game)
    app.text.value = f"game: {game}\nname: Inflated\ncards: [" + ",".join([f"{{card: {card}, count: 100}}"] * 17_776) + "]\n"
    assert len(app.text.value) < 512_000  # inside the size limit: the cards are what is too many
    tracemalloc.start()
    try:
        app.run()
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    verdict = app.verdict.value
    assert "dt-illegal" in verdict and "1,777,600 cards" in verdict and clause in verdict and quote in verdict
    assert verdict.count('class="dt-reason"') == 1, "only the size rule: the other rules are not checked"
    assert peak < 100_000_000, f"{peak / 1e6:.0f} MB"  # building 1.78 million cards took over 400 MB


@pytest.mark.parametrize("count", ["1000000000000000000000000000000", "-1", "0", "true", "101"])
def test_a_pasted_count_out_of_range_is_one_line_naming_the_field(count):
    app = deck_check_app("dmb")
    app.text.value = f"game: dmb\nname: x\ncards: [{{card: agumon, count: {count}}}]\n"
    app.run()
    assert "pasted deck: cards[0].count: expected a whole number" in app.verdict.value and len(app.verdict.value) < 300


def test_a_pasted_deck_a_little_too_big_still_gets_every_reason():
    app = deck_check_app("dmb")
    app.text.value = "game: dmb\nname: x\ncards:\n  - {card: agumon, count: 41}\n"
    app.run()
    verdict = app.verdict.value
    assert "(41 cards)" in verdict and "it needs exactly 40" in verdict and "41 copies of Agumon; at most 4" in verdict

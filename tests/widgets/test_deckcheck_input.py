"""The deck-check app gets pasted text from anyone: an alias bomb or a wrong type is one short line, at once."""

from __future__ import annotations

import time

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

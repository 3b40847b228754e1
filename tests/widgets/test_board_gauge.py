"""The board draws a shared gauge (DCG's memory gauge: 10 on one side, through 0, to 10 on the other)."""

from __future__ import annotations

import re

from digitutor.core.game import BoardView, GaugeView, PlayerView
from digitutor.widgets.board import board_html


def _board(value: int, toward: int = 0) -> BoardView:
    players = tuple(PlayerView(i, f"Player {i + 1}", {}, ()) for i in range(2))
    return BoardView("dcg", 1, "main", players, gauges=(GaugeView("Memory", 10, value, toward),))


def _marks(page: str) -> list[tuple[str, str]]:
    return re.findall(r'<span class="dt-gauge-mark ([^"]*)">(\d+)</span>', page)


def test_the_gauge_has_21_marks_and_lights_only_the_memory_on_the_right_side():
    page = board_html(_board(3, toward=1), viewer=None)
    marks = _marks(page)
    assert len(marks) == 21
    lit = [(css, n) for css, n in marks if "dt-gauge-lit" in css]
    assert lit == [("dt-gauge-p1 dt-gauge-lit", "3")]
    assert "Memory: 3 on Player 2&#x27;s side" in page or "Memory: 3 on Player 2's side" in page


def test_the_viewers_end_of_the_gauge_is_drawn_nearest():
    for viewer, far_end in ((0, "p1"), (1, "p0")):
        marks = _marks(board_html(_board(0), viewer=viewer))
        assert marks[0] == (f"dt-gauge-{far_end}", "10") and marks[10][1] == "0"
        assert "dt-gauge-lit" in marks[10][0]


def test_a_board_without_gauges_draws_none():
    players = tuple(PlayerView(i, f"Player {i + 1}", {}, ()) for i in range(2))
    assert "dt-gauge" not in board_html(BoardView("dtector", 1, "draw", players), viewer=0)

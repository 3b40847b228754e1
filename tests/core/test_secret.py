"""Simultaneous secret choices as a core construct: each chooses, nobody sees another's choice until the reveal."""

from __future__ import annotations

from dataclasses import dataclass, field

from digitutor.core.frames import Frame, FrameStack, stack_of
from digitutor.core.secret import HIDDEN, choices, hide_secrets, record, secret_round


@dataclass
class Table(FrameStack):
    frames: list[Frame] = field(default_factory=list)


def test_a_secret_round_asks_each_player_then_reveals_and_hides_each_choice_from_the_other():
    table = Table(stack_of(*secret_round("strategy", (0, 1)), Frame("battle.support")))
    assert [f.kind for f in reversed(table.frames)] == ["strategy.choose", "strategy.choose", "strategy.reveal", "battle.support"]
    assert table.top_frame.player == 0
    record(table, "strategy", 0, "circle")
    table.pop()
    assert table.top_frame.player == 1
    # Player 2 decides now: their view of the stack holds no trace of Player 1's choice
    seen = hide_secrets(table.frames, 1)
    assert "circle" not in repr(seen) and choices(seen[-2]) == {0: HIDDEN}
    assert choices(hide_secrets(table.frames, 0)[-2]) == {0: "circle"}  # the chooser sees their own
    record(table, "strategy", 1, "cross")
    table.pop()
    assert table.top_frame.kind == "strategy.reveal" and choices(table.top_frame) == {0: "circle", 1: "cross"}
    assert choices(hide_secrets(table.frames, None)[-1]) == {0: "circle", 1: "cross"}  # the judge's view shows all

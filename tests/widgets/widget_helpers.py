"""Helpers shared by the widget tests (imported by name: tests/ has no packages)."""

from __future__ import annotations

from digitutor.core.registry import GAME_MODULES
from digitutor.widgets.editor import BoardEditor
from digitutor.widgets.tutor import Tutor


def to_first_decision(tutor: Tutor) -> None:
    """Press Next until a person must decide."""
    for _ in range(500):
        if tutor.model.pending() is not None:
            return
        tutor.model.next()
    raise AssertionError("no decision within 500 steps")


GAMES = list(GAME_MODULES)


def put(editor: BoardEditor, player: int, zone: str, card: str, where: str = "new") -> None:
    """Put a card with the board editor, as a judge would (pick player, zone, card, where; press Put)."""
    editor.player.value = player
    editor.zone.value = zone
    editor.card.value = card
    editor.where.value = where
    editor.put.click()
    assert editor.message.value == "", editor.message.value


def blockers(editor: BoardEditor, second: str = "st2-07") -> None:
    """Birdramon (ST1-05) for Player 1; two Ikkakumon (ST2-07, <Blocker>) for Player 2, the first suspended."""
    put(editor, 0, "battle", "Birdramon · st1-05")
    put(editor, 1, "battle", "st2-07")
    put(editor, 1, "battle", second)
    for player, filler in ((0, "st1-02"), (1, "st2-02")):
        for _ in range(3):
            put(editor, player, "deck", filler)
            put(editor, player, "security", filler)
    editor.player.value = 1
    editor.zone.value = "battle"
    editor.held.value = editor.held.options[0][1]
    editor.suspend.click()

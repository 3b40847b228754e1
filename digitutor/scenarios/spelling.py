"""One spelling per zone in a scenario file: a zone of two words is written with an underscore (``egg_deck``,
``d_dock``, ``duel_zone``, ``power_port``), on a board and in expectations alike. The other spelling (``egg-deck``,
the board view's id) is still read, and each place it is read gives a one-line note, never silently.
"""

from __future__ import annotations

from typing import Any


def zone_key(name: str) -> str:
    """The documented spelling of a zone: words joined by ``_``."""
    return name.replace("-", "_")


def view_zone(name: str) -> str:
    """The board view's id of a zone (words joined by ``-``): what a zone written either way is compared with."""
    return name.replace("_", "-")


def _note(where: str, written: str) -> str:
    key = zone_key(written)
    return f"note: {where}: zone {written!r} is read as {key} (one spelling per zone: write {key})"


def respell_board(setup: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """``setup`` with each player's zone keys in the documented spelling, and a note for each key respelled."""
    board = setup.get("board")
    players = board.get("players") if isinstance(board, dict) else None
    if not isinstance(players, list):
        return setup, []
    notes: list[str] = []
    respelled = []
    for index, player in enumerate(players):
        if isinstance(player, dict) and any(isinstance(key, str) and "-" in key for key in player):
            for key in (k for k in player if isinstance(k, str) and "-" in k):
                notes.append(_note(f"setup.board.players[{index}].{key}", key))
            player = {zone_key(key) if isinstance(key, str) else key: value for key, value in player.items()}
        respelled.append(player)
    if not notes:
        return setup, []
    assert isinstance(board, dict)
    return {**setup, "board": {**board, "players": respelled}}, notes


def expect_notes(expect: Any) -> list[str]:
    """A note for each ``zone`` of a ``board`` or ``cards`` expectation written in the other spelling."""
    notes: list[str] = []
    if not isinstance(expect, dict):
        return notes
    for kind in ("board", "cards"):
        entries = expect.get(kind)
        for index, entry in enumerate(entries if isinstance(entries, list) else []):
            zone = entry.get("zone") if isinstance(entry, dict) else None
            if isinstance(zone, str) and "-" in zone:
                notes.append(_note(f"expect.{kind}[{index}].zone", zone))
    return notes

"""The registered games. A game registers by being listed here."""

from __future__ import annotations

import importlib
from functools import cache

from .errors import DigitutorError, excerpt
from .game import Game

#: game id -> module that exposes ``GAME``
GAME_MODULES: dict[str, str] = {
    "dtector": "digitutor.games.dtector",
    "arena": "digitutor.games.arena",
    "dcg": "digitutor.games.dcg",
    "dmb": "digitutor.games.dmb",
    "dbe": "digitutor.games.dbe",
}


class UnknownGameError(DigitutorError):
    """A game id that is not registered."""


@cache
def get_game(game_id: str) -> Game:
    """The game object of ``game_id``; raises UnknownGameError naming the known ones."""
    module = GAME_MODULES.get(game_id)
    if module is None:
        known = ", ".join(GAME_MODULES)
        from ..rules.corpus import GAMES

        if game_id in GAMES:
            raise UnknownGameError(
                f"{game_id} is not playable yet: its rulebook is parsed and quotable "
                f"(digitutor rules tree {game_id}); playable games: {known}"
            )
        raise UnknownGameError(f"unknown game {excerpt(game_id)} (playable games: {known})")
    game: Game = importlib.import_module(module).GAME
    return game


def registered_games() -> list[Game]:
    """Every playable game, in registry order."""
    return [get_game(game_id) for game_id in GAME_MODULES]

"""A board to try a game on from one seat's view: what that seat sees kept, what it cannot see dealt afresh.

Follow mode's "Try from here" gives an attendee the teacher's position to play on, and a saved hot-seat or
follow-mode game is a view, not the game (docs/design: "hidden cards are dealt afresh from what they
could be"). The board (the scenario board format, ``boardstate.board_from_state``) is built twice:

- from the game as the seat may know it (``Game.redact``: every card hidden from it is an unknown card),
  which says which places of the board the seat cannot see;
- from the real game, which says which cards are in those places *as a whole* (per owner, and for DCG per
  deck: a Digi-Egg deck holds only Digi-Eggs, which everyone knows).

Each owner's hidden cards are then shuffled over that owner's hidden places: any hidden place holds any of
them with the same chance, whatever the real game holds there. A secret choice the seat has not seen (DMB,
DBE: the other player's attack, chosen in secret) is drawn afresh too. A deal the game's own loader refuses
(a place some cards may not be in) is dealt again: the deal is uniform over the deals the rules allow, and
which one the real game holds plays no part in it. What the seat could not know at all is therefore never
in the board: trying a move shows nothing of the real game's hidden cards beyond chance.

The pool of hidden cards is known to anyone who knows the decks: the Learn apps' decks and lessons ship with
the package.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from ..core.errors import DigitutorError
from ..core.registry import get_game
from .boardstate import board_from_state

#: the id ``Game.redact`` gives every card hidden from the viewer
UNKNOWN = "unknown"
#: board keys whose cards only ever trade places among themselves (everyone knows which deck a card is in)
APART = {"dcg": {"egg_deck"}}
#: DMB/DBE: the attacks a player chooses in secret
ATTACKS = ("circle", "triangle", "cross")
#: how many deals are tried before giving up (a refused deal is rare: a hidden place only some cards may take)
DEALS = 40

Path = tuple[Any, ...]


def _places(value: Any, path: Path = ()) -> Iterator[tuple[Path, Any]]:
    """Every card place (a string) of a board mapping, with its path of keys and indexes."""
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from _places(inner, (*path, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            yield from _places(inner, (*path, index))
    elif isinstance(value, str):
        yield path, value


def _at(board: Any, path: Path) -> Any:
    for step in path:
        board = board[step]
    return board


def _put(board: Any, path: Path, value: Any) -> None:
    _at(board, path[:-1])[path[-1]] = value


def _family(game_id: str, path: Path) -> tuple[Any, ...]:
    """Whose hidden cards, and which pile of them, a hidden place draws from."""
    owner = path[1] if len(path) > 2 and path[0] == "players" else None
    key = path[2] if owner is not None else path[0]
    return (owner, key if key in APART.get(game_id, set()) else "")


class Deal:
    """The hidden places of a seat's view of a game, and the cards that could be in them."""

    def __init__(self, game_id: str, state: Any, viewer: int) -> None:
        game = get_game(game_id)
        self.game_id, self.viewer = game_id, viewer
        self.real = board_from_state(game_id, state)
        self.seen = board_from_state(game_id, game.redact(state, viewer))
        self.hidden: dict[tuple[Any, ...], list[Path]] = {}
        for path, value in _places(self.seen):
            if value == UNKNOWN and path[-1] != "phase":
                self.hidden.setdefault(_family(game_id, path), []).append(path)
        try:
            self.pools = {family: [_at(self.real, path) for path in paths] for family, paths in self.hidden.items()}
        except (KeyError, IndexError, TypeError):
            raise DigitutorError("the seat's view and the game do not line up: no board to try") from None
        self.secret = self._secret_attack()

    def _secret_attack(self) -> int | None:
        """DMB/DBE: the player whose attack, chosen in secret, this seat has not seen (None: no such attack)."""
        real, seen = self.real.get("attack"), self.seen.get("attack")
        if self.game_id not in ("dmb", "dbe") or not isinstance(real, dict) or "chosen" not in real:
            return None
        shown = seen.get("chosen") if isinstance(seen, dict) else None  # the other's choice is blanked ("?")
        other = 1 - self.viewer
        return None if isinstance(shown, list) and shown[other] == real["chosen"][other] else other

    def board(self, rng: random.Random) -> dict[str, Any]:
        """One deal: the seat's view, each hidden place given one of its family's cards at random."""
        board = _copy(self.seen)
        for family, paths in self.hidden.items():
            cards = list(self.pools[family])
            rng.shuffle(cards)
            for path, card in zip(paths, cards, strict=True):  # a pool holds one card per hidden place
                _put(board, path, card)
        if self.secret is not None:
            chosen = list(self.real["attack"]["chosen"])
            chosen[self.secret] = rng.choice(ATTACKS)
            board["attack"] = {"chosen": chosen}
        return board


def _copy(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _copy(inner) for key, inner in value.items()}
    if isinstance(value, list):
        return [_copy(inner) for inner in value]
    return value


def determinized_board(
    game_id: str, state: Any, viewer: int, rng: random.Random, agents: tuple[str, ...], seed: int
) -> tuple[dict[str, Any], Any]:
    """A board of ``state`` as ``viewer`` sees it, hidden cards dealt afresh, and its match (``agents``, ``seed``),
    built by the game's own loader; raises DigitutorError when no deal in ``DEALS`` loads."""
    from ..core.match import Match

    deal = Deal(game_id, state, viewer)
    last: Exception | None = None
    for _ in range(DEALS):
        board = deal.board(rng)
        try:
            return board, Match(game_id, seed, {"board": board}, agents, "board")
        except DigitutorError as error:
            last = error
    raise DigitutorError(f"no deal of the hidden cards makes a board the game accepts: {last}")

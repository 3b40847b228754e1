"""Every card of every game, drawn as the board draws it: shared by the card tests (tests/widgets/test_card_fit.py) and
the browser test that measures them (tests/browser/test_cards_fit.py). It uses only the board's public drawing
(``board_html``), so the same boards can be drawn by any version of the widgets.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from importlib import import_module

from digitutor.core.game import BoardView, CardView, PlayerView, ZoneView
from digitutor.core.registry import GAME_MODULES
from digitutor.widgets.board import board_html

GAMES = tuple(GAME_MODULES)
#: where each game keeps its card file reader and its board's card drawing
_CARD_FILES = {"arena": "arena.cardfile", "dbe": "dbe.cards"}
_VIEWS = {"dbe": "dmb.view"}


class _Table:
    """The least a game's ``card_view`` reads of a state: the cards by number and their instance ids."""

    def __init__(self, cards: list) -> None:
        self.cards = cards

    def card(self, uid: int):
        return self.cards[uid]

    def iid(self, uid: int) -> str:
        return f"p0.c{uid + 1}"


def card_views(game: str) -> list[CardView]:
    """Every card of ``cards/<game>/cards.yaml`` as its board draws it face up."""
    cards = list(import_module(f"digitutor.games.{_CARD_FILES.get(game, game + '.cards')}").card_set().values())
    view = import_module(f"digitutor.games.{_VIEWS.get(game, game + '.view')}")
    table = _Table(cards)
    return [view.card_view(table, uid) for uid in range(len(cards))]


def in_play(card: CardView) -> Iterator[CardView]:
    """The card as printed, and in play: its number changed both ways (a digit more when doubled), two cards under
    it, suspended (DCG) or face down (its owner still reads it)."""
    yield card
    label = card.power_label or ("Power" if "Power" in card.stats else "")
    printed = card.printed or card.stats.get("Power", "")
    if not printed.isdigit():
        yield replace(card, face_down=True)
        return
    under = (replace(card, uid=card.uid + "u1"), CardView(uid="", hidden=True))
    lowered = str(max(int(printed) - max(int(printed) // 10, 1), 0))
    yield replace(card, power_label=label, printed=printed, current=lowered, under=under, suspended=bool(card.cost))
    yield replace(card, power_label=label, printed=printed, current=str(int(printed) * 2 or 10), under=under)


def gallery_boards() -> dict[str, str]:
    """Game -> a judge's-view board holding every card of that game in every way it is drawn (one zone per card)."""
    boards = {}
    for game in GAMES:
        zones = tuple(
            ZoneView(f"card-{n}", card.name, tuple(in_play(card)), "row") for n, card in enumerate(card_views(game))
        )
        board = BoardView(game, 1, "", (PlayerView(0, "Every card", {}, zones),), {})
        boards[game] = board_html(board, None)
    return boards

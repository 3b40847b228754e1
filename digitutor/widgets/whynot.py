"""“Why not?” of any action: pick a kind (every action of the game), the player and cards in play; every cited reason.

The question goes to ``Match.why_not``, which accepts any action key, on offer or not, and answers with
every reason the rules refuse it (empty: allowed). Nothing here decides legality.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from ..core.errors import DigitutorError
from ..core.match import Match
from ..core.registry import get_game
from .citation import citations_html
from .style import esc

#: zones whose cards a "why not?" rarely names (face-down piles): listed after the cards in play
PILES = ("deck", "online", "security", "egg-deck", "draft-pile")


def card_label(match: Match, zone: str, owner: int | None, uid: int, suspended: set[str]) -> str:
    card = match.state.instances.cards[uid]
    who = f"P{owner + 1}" if owner is not None else "Pool"
    iid = match.state.instances.iid(uid)
    return f"{who} {zone}: {card.name} ({iid})" + (" · suspended" if iid in suspended else "")


def suspended_cards(match: Match) -> set[str]:
    """The instance ids the judge's view draws suspended (DCG)."""
    view = match.game.board(match.state, None)
    return {card.uid for player in view.players for zone in player.zones for card in zone.cards if card.suspended}


def cards_in_play(match: Match) -> list[tuple[str, str]]:
    """(label, instance id) of every card of the match, the zones in play first, face-down piles last."""
    suspended = suspended_cards(match)
    rows = [
        (zone in PILES, card_label(match, zone, owner, uid, suspended), match.state.instances.iid(uid))
        for zone, owner, uids in match.game.zones(match.state)
        for uid in uids
    ]
    return [(label, iid) for _, label, iid in sorted(rows, key=lambda row: row[0])]


def action_key(kind: str, cards: tuple[str, ...], extra: str = "") -> str:
    """The action key ``kind:card:card[:extra]`` (``extra``: parameters such as ``effect=1``)."""
    return ":".join([kind, *cards, *([extra.strip()] if extra.strip() else [])])


def reasons_html(asked: str, reasons: tuple[Any, ...]) -> str:
    if not reasons:
        return f'<div class="dt-proposal"><b>{esc(asked)}</b> — allowed now.</div>'
    rows = "".join(f'<div class="dt-reason"><b>✗ {esc(r.why)}</b>{citations_html([r.citation])}</div>' for r in reasons)
    return f'<div class="dt-proposal"><b>{esc(asked)}</b> — not allowed, because:{rows}</div>'


def answer_words(reasons: tuple[Any, ...]) -> str:
    """The answer in words for the shared scenario: allowed, or every reason with its clause."""
    if not reasons:
        return "Allowed."
    return "No: " + " ".join(f"{r.why} ({r.citation.id})" for r in reasons)


class WhyNotPanel(widgets.VBox):
    """Kind, player, cards (in the order picked), optional parameters, and the answer with every cited reason.

    ``match_of()`` gives the match to ask (the one being played, or the board at its first decision);
    ``on_answer(words)`` is told each answer, to fill the judge's answer.
    """

    def __init__(self, match_of: Callable[[], Match], on_answer: Callable[[str], None]) -> None:
        self.match_of = match_of
        self.on_answer = on_answer
        self.asked: dict[str, Any] = {}  #: the last question, as a scenario's ``why_not`` expectation
        self.on_match: Match | None = None  #: the match it was asked of
        self.kind = widgets.Dropdown(description="Action")
        self.who = widgets.Dropdown(options=[("Player 1", 0), ("Player 2", 1)], description="By")
        self.cards = widgets.SelectMultiple(description="Cards", rows=6, layout=widgets.Layout(width="min(560px, 96%)"))
        self.extra = widgets.Text(description="More", placeholder="parameters, e.g. effect=1 (optional)")
        self.refresh_cards = widgets.Button(description="Cards now", tooltip="List the cards where the game is now")
        self.ask = widgets.Button(description="Why not?", button_style="warning")
        self.ask.add_class("dt-editor-ask")
        self.result = widgets.HTML()
        self.result.add_class("dt-whynot-result")
        self._picked: list[str] = []
        for part, name in ((self.kind, "kind"), (self.who, "who"), (self.cards, "cards"), (self.refresh_cards, "list")):
            part.add_class(f"dt-whynot-{name}")
        super().__init__(
            [
                widgets.HTML('<div class="dt-step-head">Why not? Ask of any action</div>'),
                widgets.HBox([self.kind, self.who, self.refresh_cards]),
                self.cards,
                self.extra,
                self.ask,
                self.result,
            ]
        )
        self.add_class("dt-whynot")
        self.cards.observe(self._order, "value")
        self.refresh_cards.on_click(lambda _b: self.list_cards())
        self.ask.on_click(lambda _b: self.ask_now())

    def set_game(self, game: str) -> None:
        self.kind.options = list(get_game(game).actions)

    def reset(self) -> None:
        """A changed board: forget the answer and the cards listed (they are listed again on demand)."""
        self.result.value = ""
        self.asked = {}
        self.on_match = None
        self.cards.options = []
        self._picked = []

    def list_cards(self) -> None:
        try:
            self.cards.options = cards_in_play(self.match_of())
        except DigitutorError as error:
            self.result.value = f'<div class="dt-error">{esc(error)}</div>'

    def _order(self, change: dict) -> None:
        """Keep the cards in the order they were picked (the key names them in that order)."""
        now = list(change["new"])
        self._picked = [c for c in self._picked if c in now] + [c for c in now if c not in self._picked]

    def ask_now(self) -> None:
        """Ask the match why not; the answer (or the one line the key is refused with) is shown."""
        if not self.cards.options:
            self.list_cards()
        key = action_key(str(self.kind.value), tuple(self._picked), self.extra.value)
        try:
            match = self.match_of()
            reasons = match.why_not(key, int(self.who.value))
        except DigitutorError as error:
            self.result.value = f'<div class="dt-error">{esc(key)}: {esc(error)}</div>'
            return
        self.result.value = reasons_html(key, reasons)
        self.on_match = match
        self.asked = {"action": key, "player": int(self.who.value), "legal": not reasons}
        if reasons:
            self.asked["cites"] = list(dict.fromkeys(r.citation.id for r in reasons))
        self.on_answer(answer_words(reasons))

"""“Why not?” of any action, in the game's words: pick an action as the decision panel words it, and its cards by
name and place; every cited reason.

The actions offered are the pending decision's options, legal and tempting illegal ones, grouped and labelled as
the decision panel shows them (``options.entries``, ``illegal_groups``, ``group_title``), then every other kind of
action of the game under the same group titles, with the cards picked as two choices (an attacker and a target).
The question goes to ``Match.why_not``, which accepts any action key, on offer or not, and answers with every
reason the rules refuse it (empty: allowed). Nothing here decides legality.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets

from ..core.errors import DigitutorError
from ..core.match import Match
from ..core.records import Reason, seat_name
from .citation import citations_html
from .decision import entry_label
from .options import GROUPS, entries, group_of, group_title, illegal_groups
from .style import esc

#: an instance id as the engine writes it in a reason (``p0.c17``)
INSTANCE = re.compile(r"\bp\d\.c\d+\b")
#: what the two card choices are called, by action kind (else "Card" and "and")
ROLES: dict[str, tuple[str, str, str]] = {
    "attack": ("Attacker", "Target", "none: the opposing player"),
    "block": ("Blocker", "Attacker", "none"),
    "digivolve": ("Digimon", "into", "none"),
    "evolve-with": ("Digimon", "with", "none"),
    "combine": ("Digimon", "with", "none"),
    "place": ("Card", "with", "none"),
}
GENERIC_ROLES = ("Card", "and card", "none (no second card)")


@dataclass(frozen=True)
class Proposal:
    """One line of the Action list: an option of the decision (``key``), or a kind whose cards the judge picks."""

    label: str
    key: str = ""
    kind: str = ""
    player: int | None = None


def card_places(match: Match) -> list[tuple[str, str]]:
    """(words, instance id) of every card: "Agumon (st1-02) under Greymon in Player 1's Battle Area", cards in play
    first, face-down piles last."""
    state = match.state
    table = state.instances
    view = match.game.board(state, None)
    rows: list[tuple[bool, str, str]] = []
    seen: set[str] = set()

    def add(pile: bool, iid: str, words: str) -> None:
        uid = table.uid(iid)
        if uid is None or iid in seen:
            return
        seen.add(iid)
        rows.append((pile, f"{table.cards[uid].name} ({table.cards[uid].id}) {words}", iid))

    for player in view.players:
        for zone in player.zones:
            where = f"in {seat_name(player.index)}'s {zone.title}"
            pile = zone.layout == "pile"
            top = zone.cards[-1] if zone.layout == "stack" and zone.cards else None
            for card in zone.cards:
                if top is not None and card is not top:
                    add(pile, card.uid, f"under {top.name} {where}")
                    continue
                add(pile, card.uid, where + (", suspended" if card.suspended else ""))
                for under in card.under:
                    add(pile, under.uid, f"under {card.name} {where}")
    for zone_id, owner, uids in match.game.zones(state):
        whose = f"{seat_name(owner)}'s" if owner is not None else "the shared"
        for uid in uids:
            add(True, table.ids[uid], f"in {whose} {zone_id.replace('-', ' ')}")
    return [(words, iid) for _, words, iid in sorted(rows, key=lambda row: row[0])]


def card_words(match: Match) -> dict[str, str]:
    """Instance id -> the card's name and place (for reasons that name an instance)."""
    return {iid: words for words, iid in card_places(match)}


def in_words(text: str, names: dict[str, str]) -> str:
    """``text`` with each instance id replaced by the card's name and place (an id the match lacks stays)."""
    return INSTANCE.sub(lambda found: names.get(found.group(), found.group()), text)


def kind_words(kind: str) -> str:
    """An action kind as words: ``use-effect`` -> ``Use effect``."""
    return kind.replace("-", " ").capitalize()


def told_apart(found: list[Proposal], cards: dict[str, tuple[str, ...]], names: dict[str, str]) -> list[Proposal]:
    """Options whose labels read the same (two Ikkakumon to attack) get the place of the card that differs."""
    by_label: dict[str, list[int]] = {}
    for index, proposal in enumerate(found):
        by_label.setdefault(proposal.label.removeprefix("✗ "), []).append(index)
    told = list(found)
    for indexes in by_label.values():
        if len(indexes) < 2:
            continue
        named = [cards.get(found[i].key, ()) for i in indexes]
        differ = next((n for n in range(min(map(len, named))) if len({c[n] for c in named}) > 1), None)
        if differ is None:
            continue
        for i, its in zip(indexes, named, strict=True):
            told[i] = Proposal(
                f"{found[i].label} — {names.get(its[differ], its[differ])}", found[i].key, player=found[i].player
            )
    return told


def proposals(match: Match) -> list[Proposal]:
    """What may be asked: the decision's options as its panel words them, then every kind with cards to pick."""
    game, state, decision = match.game, match.state, match.pending
    found: list[Proposal] = []
    if decision is not None:
        for entry in entries(decision, None, game, state):
            title = group_title(game.id, group_of(game.id, entry.options[0].action.kind))
            found.append(Proposal(f"{title}: {entry_label(entry)}", entry.key, player=decision.player))
        for group, options in illegal_groups(decision, game.id):
            found += [
                Proposal(f"✗ {group_title(game.id, group)}: {o.label}", o.key, player=decision.player) for o in options
            ]
        cards = {option.key: option.action.cards for option in decision.options}
        found = told_apart(found, cards, card_words(match))
    order = list(GROUPS)
    kinds = sorted(
        game.actions, key=lambda k: order.index(group_of(game.id, k)) if group_of(game.id, k) in order else 99
    )
    found += [
        Proposal(f"{group_title(game.id, group_of(game.id, kind))}: {kind_words(kind)} … (pick the cards)", kind=kind)
        for kind in kinds
    ]
    return found


def action_key(kind: str, cards: tuple[str, ...], extra: str = "") -> str:
    """The action key ``kind:card:card[:extra]`` (``extra``: parameters such as ``effect=1``)."""
    return ":".join([kind, *(c for c in cards if c), *([extra.strip()] if extra.strip() else [])])


def reasons_html(asked: str, reasons: tuple[Reason, ...], names: dict[str, str] | None = None) -> str:
    names = names or {}
    if not reasons:
        return f'<div class="dt-proposal"><b>{esc(asked)}</b> — allowed now.</div>'
    rows = "".join(
        f'<div class="dt-reason"><b>✗ {esc(in_words(r.why, names))}</b>{citations_html([r.citation])}</div>'
        for r in reasons
    )
    return f'<div class="dt-proposal"><b>{esc(asked)}</b> — not allowed, because:{rows}</div>'


def answer_words(reasons: tuple[Reason, ...], names: dict[str, str] | None = None) -> str:
    """The answer in words for the shared scenario: allowed, or every reason with its clause."""
    if not reasons:
        return "Allowed."
    return "No: " + " ".join(f"{in_words(r.why, names or {})} ({r.citation.id})" for r in reasons)


class WhyNotPanel(widgets.VBox):
    """Action (as the decision panel words it), who proposes it, its cards by name and place, and the answer.

    ``match_of()`` gives the match to ask (the one being played, or the board at its first decision);
    ``on_answer(words)`` is told each answer, to fill the judge's answer.
    """

    def __init__(self, match_of: Callable[[], Match], on_answer: Callable[[str], None]) -> None:
        self.match_of = match_of
        self.on_answer = on_answer
        self.asked: dict[str, Any] = {}  #: the last question, as a scenario's ``why_not`` expectation
        self.asked_script: list[str] = []  #: the answers given before the moment it was asked
        self.asked_words = ""  #: the question in words, as picked
        self.on_match: Match | None = None  #: the match it was asked of
        self._proposals: list[Proposal] = []
        self._quiet = False
        wide = widgets.Layout(width="min(640px, 96%)")
        self.action = widgets.Dropdown(description="Action", layout=wide)
        self.who = widgets.Dropdown(options=[("Player 1", 0), ("Player 2", 1)], description="By")
        self.first = widgets.Dropdown(description="Card", layout=wide, style={"description_width": "initial"})
        self.second = widgets.Dropdown(description="and card", layout=wide, style={"description_width": "initial"})
        self.extra = widgets.Text(description="More", placeholder="parameters, e.g. effect=1 (optional)")
        self.refresh_list = widgets.Button(
            description="Where the game is now",
            tooltip="List the actions and cards where the game is now",
            layout=widgets.Layout(width="auto"),
        )
        self.ask = widgets.Button(description="Why not?", button_style="warning")
        self.ask.add_class("dt-editor-ask")
        self.result = widgets.HTML()
        self.result.add_class("dt-whynot-result")
        for part, name in (
            (self.action, "action"),
            (self.who, "who"),
            (self.first, "first"),
            (self.second, "second"),
            (self.refresh_list, "list"),
        ):
            part.add_class(f"dt-whynot-{name}")
        self.cards = widgets.VBox([self.first, self.second, self.extra])
        super().__init__(
            [
                widgets.HTML('<div class="dt-step-head">Why not? Ask of any action</div>'),
                widgets.HBox([self.action, self.who, self.refresh_list]),
                self.cards,
                self.ask,
                self.result,
            ]
        )
        self.add_class("dt-whynot")
        self.action.observe(lambda _change: self._picked(), "value")
        self.refresh_list.on_click(lambda _b: self.list_now())
        self.ask.on_click(lambda _b: self.ask_now())

    # -- the lists ---------------------------------------------------------------------------------

    def list_now(self) -> None:
        """The actions and cards where the game is now (an offered option stays picked while it is offered)."""
        try:
            match = self.match_of()
            found = proposals(match)
            cards = card_places(match)
        except DigitutorError as error:
            self.result.value = f'<div class="dt-error">{esc(error)}</div>'
            return
        was = self._proposal()
        self._proposals = found
        self._quiet = True
        try:
            self.action.options = [(p.label, i) for i, p in enumerate(found)]
            self.first.options = cards
            self.second.options = [("none", ""), *cards]
            keep = next((i for i, p in enumerate(found) if was is not None and was.key and p == was), None)
            self.action.value = keep if keep is not None else self._default(found)
        finally:
            self._quiet = False
        self._picked()

    @staticmethod
    def _default(found: list[Proposal]) -> int:
        """A tempting illegal option first (what a player asks about), else the first option, else the first kind."""
        tempting = next((i for i, p in enumerate(found) if p.key and p.label.startswith("✗")), None)
        return tempting if tempting is not None else 0

    def _proposal(self) -> Proposal | None:
        index = self.action.value
        return self._proposals[index] if isinstance(index, int) and 0 <= index < len(self._proposals) else None

    def _picked(self) -> None:
        """An option names its cards and its player; a kind shows the two card choices named for it."""
        if self._quiet:
            return
        proposal = self._proposal()
        if proposal is None:
            return
        offered = bool(proposal.key)
        self.cards.layout.display = "none" if offered else ""
        self.who.disabled = offered
        if offered and proposal.player is not None:
            self.who.value = proposal.player
        first, second, none = ROLES.get(proposal.kind, GENERIC_ROLES)
        self.first.description, self.second.description = first, second
        self.second.options = [(none, ""), *self.first.options]

    def set_game(self, game: str) -> None:
        """A new game: the lists are made again on the next ``list_now``."""
        self.reset()

    def reset(self) -> None:
        """A changed board: forget the answer, the question asked and the lists (made again on demand)."""
        self.result.value = ""
        self.asked, self.asked_script, self.asked_words = {}, [], ""
        self.on_match = None
        self._proposals = []
        self._quiet = True
        try:
            self.action.options = []
            self.first.options = []
            self.second.options = []
        finally:
            self._quiet = False

    # -- asking ------------------------------------------------------------------------------------

    def question(self) -> tuple[str, int, str]:
        """The action key asked, who proposes it, and the question in words."""
        proposal = self._proposal()
        if proposal is None:
            raise DigitutorError("pick an action to ask about")
        if proposal.key:
            return proposal.key, int(proposal.player or 0), proposal.label.removeprefix("✗ ")
        cards = (str(self.first.value or ""), str(self.second.value or ""))
        words = (
            f"{kind_words(proposal.kind)} by {seat_name(int(self.who.value))}:"
            + (f" {self.first.label}" if cards[0] else "")
            + (f"; {self.second.description.lower()}: {self.second.label}" if cards[1] else "")
        )
        return action_key(proposal.kind, cards, self.extra.value), int(self.who.value), words

    def ask_now(self) -> None:
        """Ask the match why not; the answer (or the one line the question is refused with) is shown."""
        if not self._proposals:
            self.list_now()
        try:
            key, player, words = self.question()
            match = self.match_of()
            reasons = match.why_not(key, player)
            names = card_words(match)
        except DigitutorError as error:
            self.result.value = f'<div class="dt-error">{esc(error)}</div>'
            return
        self.result.value = reasons_html(words, reasons, names)
        self.on_match = match
        self.asked = {"action": key, "player": player, "legal": not reasons}
        if reasons:
            self.asked["cites"] = list(dict.fromkeys(r.citation.id for r in reasons))
        self.asked_script = [record.answer for record in match.decisions]
        self.asked_words = words
        self.on_answer(answer_words(reasons, names))

    def show_asked(self, action: str, player: int, words: str = "") -> None:
        """A question brought back by a link or a file: picked again when offered, else named by its key."""
        self.list_now()
        index = next((i for i, p in enumerate(self._proposals) if p.key == action and p.player == player), None)
        if index is not None:
            self.action.value = index
        self.asked = {"action": action, "player": player}
        self.asked_words = words or action
        self.result.value = (
            f'<div class="dt-proposal dt-whynot-kept">Asked: <b>{esc(self.asked_words)}</b> '
            f"({esc(seat_name(player))}) — press “Why not?” for the answer.</div>"
        )

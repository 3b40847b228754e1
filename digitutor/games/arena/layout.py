"""Laying out an Arena game: from two preconstructed decks, from a draft pool, or from a prepared board.

Setups (JSON-able mappings):

* ``{"decks": [[30 card ids], [30 card ids]]}`` — each deck 30 unique cards with a Rookie.
* ``{"draft": {}}`` or ``{"draft": {"pool": [60 card ids]}}`` — a blind draft from the shipped
  (or the given) pool of 60 unique cards; the picks are face-down draws, so the seed decides them.
* ``{"board": {...}}`` — a prepared board for scenarios: any card in any zone (see ``state_from_board``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ...core.errors import InputError
from ...core.fields import whole_number
from ...core.frames import Frame, frame, stack_of
from ...core.layout import MAX_TURN, CardLayout
from .actions import flag_if_empty, push_due_resets
from .cardfile import card_set, draft_pool
from .cards import Card
from .checks import deck_problems
from .state import POOL_SIZE, AState, Phase, Plan, Side

#: the phases a prepared board may start in, and the procedure frame that begins there
START_AT = {
    Phase.DIGIVOLVE.value: "digivolve.place",
    Phase.BATTLE.value: "battle.start",
    Phase.RE_GROUP.value: "re-group.discard",
}


def start_frame(phase: str, first: int | None) -> Frame:
    """The frame a prepared board starts with."""
    if phase == Phase.DIGIVOLVE.value:
        return frame("digivolve.place", 0) if first is None else frame("digivolve.turn", first)
    if phase == Phase.RE_GROUP.value:
        return frame("re-group.discard", first or 0)
    return frame("battle.start")


BOARD_FIELDS = {"phase", "duel", "first", "last_winner", "ties", "players"}
PLAYER_FIELDS = {
    "duel_zone",
    "new_rookie",
    "digivolve_zone",
    "power_port",
    "digivices",
    "hand",
    "online",
    "offline",
    "score",
}


class Layout(CardLayout[Card]):
    """An Arena layout over the shipped card set."""

    def __init__(self, source: str) -> None:
        super().__init__(source, card_set())

    def card(self, uid: int) -> Card:
        return self.cards[uid]


def state_from_decks(decks: Any, source: str, rng: random.Random) -> AState:
    """Two preconstructed decks; each must be 30 unique cards with a Rookie."""
    layout = Layout(source)
    piles = layout.decks(decks, "30", lambda deck: deck_problems(deck, layout.known))
    sides = [Side(deck=uids) for uids in piles]
    return AState(layout.instances(rng), sides)


def state_from_draft(draft: Any, source: str, rng: random.Random) -> AState:
    """A draft from a pool of 60 unique cards (the shipped pool unless ``pool`` is given)."""
    if not isinstance(draft, Mapping) or set(draft) - {"pool"}:
        raise InputError(source, "draft", "expected a mapping with an optional 'pool' of 60 card ids")
    pool = draft.get("pool", list(draft_pool()))
    layout = Layout(source)
    uids = layout.pile(pool, "draft.pool")
    if len(pool) != POOL_SIZE or len(set(pool)) != POOL_SIZE:
        raise InputError(
            source, "draft.pool", f"expected {POOL_SIZE} unique card ids, got {len(set(pool))} unique of {len(pool)}"
        )
    if sum(layout.card(uid).is_rookie for uid in uids) < 2:
        raise InputError(source, "draft.pool", "expected at least 2 Rookies (each drafted deck needs one)")
    return AState(layout.instances(rng), [Side(), Side()], pool=uids, drafting=True)


def _player(layout: Layout, entry: Any, where: str) -> Side:
    """One player's zones on a prepared board."""
    if not isinstance(entry, dict):
        raise InputError(layout.source, where, f"expected a mapping with {', '.join(sorted(PLAYER_FIELDS))}")
    unknown = set(entry) - PLAYER_FIELDS
    if unknown:
        raise InputError(
            layout.source,
            f"{where}.{sorted(unknown)[0]}",
            f"unknown field (expected {', '.join(sorted(PLAYER_FIELDS))})",
        )
    duel = layout.pile(entry.get("duel_zone"), f"{where}.duel_zone")
    if not duel or not layout.card(duel[0]).is_rookie:
        raise InputError(
            layout.source, f"{where}.duel_zone", "expected a list of Digimon with a Rookie at the bottom (first)"
        )
    side = Side(
        duel=duel,
        hand=layout.pile(entry.get("hand"), f"{where}.hand"),
        online=layout.pile(entry.get("online"), f"{where}.online")[::-1],  # files list the top first
        offline=layout.pile(entry.get("offline"), f"{where}.offline"),
        port=layout.pile(entry.get("power_port"), f"{where}.power_port"),
        spent=layout.pile(entry.get("digivices"), f"{where}.digivices"),
    )
    for uid in side.port + side.spent:
        if layout.card(uid).is_digimon:
            raise InputError(
                layout.source, f"{where}.power_port", f"expected Power Options, got the Digimon {layout.card(uid).name}"
            )
    if entry.get("new_rookie") is not None:
        side.new_rookie = layout.place(entry["new_rookie"], f"{where}.new_rookie")
        if not layout.card(side.new_rookie).is_rookie:
            raise InputError(layout.source, f"{where}.new_rookie", "expected a Rookie")
    if entry.get("digivolve_zone") is not None:
        side.plan = _plan(layout, entry["digivolve_zone"], f"{where}.digivolve_zone", side)
    score = entry.get("score", 0)
    if not isinstance(score, int) or isinstance(score, bool) or score < 0:
        raise InputError(layout.source, f"{where}.score", f"expected a whole number of points, got {score!r}")
    side.points = score
    return side


def _plan(layout: Layout, entry: Any, where: str, side: Side) -> Plan:
    """A face-down Digivolve Zone card: ``card_id`` or ``{card: id, digivice: id}`` (the Digivice stays in hand)."""
    if isinstance(entry, str):
        entry = {"card": entry}
    if not isinstance(entry, dict) or "card" not in entry or set(entry) - {"card", "digivice"}:
        raise InputError(layout.source, where, "expected a card id or {card: ID, digivice: ID}")
    uid = layout.place(entry["card"], f"{where}.card")
    card = layout.card(uid)
    if not card.is_digimon or card.is_rookie:
        raise InputError(layout.source, f"{where}.card", f"expected a Champion, Ultimate or Mega, got {card.name}")
    assert card.box is not None
    digivice = entry.get("digivice")
    if digivice is None:
        if card.box.digivice:
            raise InputError(
                layout.source, f"{where}.digivice", f"{card.name} needs a Digivice: name one from the hand"
            )
        return Plan(uid)
    matches = [u for u in side.hand if layout.card(u).id == digivice]
    if not matches or not layout.card(matches[0]).digivice:
        raise InputError(
            layout.source,
            f"{where}.digivice",
            f"expected a Digivice Power Option in this player's hand, got {digivice!r}",
        )
    return Plan(uid, matches[0])


def state_from_board(board: Mapping[str, Any], source: str, rng: random.Random) -> AState:
    """A prepared board: any card in any zone, points, who goes first, and the phase to start in.

    ``phase: digivolve`` starts with the face-down placements and the coin flip, unless
    ``first`` is given: then the Duel's Digivolve turns start at once (placements done).
    ``phase: re-group`` takes ``first`` as the player who will initiate the next Duel and
    ``last_winner`` as the winner of the Duel just played (null: a tie).
    """
    unknown = set(board) - BOARD_FIELDS
    if unknown:
        raise InputError(
            source, f"setup.board.{sorted(unknown)[0]}", f"unknown field (expected {', '.join(sorted(BOARD_FIELDS))})"
        )
    phase = board.get("phase", Phase.BATTLE.value)
    if not isinstance(phase, str) or phase not in START_AT:
        raise InputError(source, "setup.board.phase", f"expected one of {', '.join(START_AT)}, got {phase!r}")
    first = board.get("first")
    if first is not None and (type(first) is not int or first not in (0, 1)):
        raise InputError(source, "setup.board.first", f"expected 0 or 1, got {first!r}")
    last_winner = board.get("last_winner", first)
    if last_winner is not None and (type(last_winner) is not int or last_winner not in (0, 1)):
        raise InputError(source, "setup.board.last_winner", f"expected 0, 1 or null (a tie), got {last_winner!r}")
    layout = Layout(source)
    sides = layout.sides(
        board.get("players"), "setup.board.players", lambda entry, where: _player(layout, entry, where)
    )
    state = AState(layout.instances(rng), sides, stack_of(start_frame(phase, first)))
    state.turn = whole_number(board.get("duel", 1), 1, MAX_TURN, source, "setup.board.duel")
    state.ties = whole_number(board.get("ties", 0), 0, None, source, "setup.board.ties")
    state.first = state.actor = first or 0
    state.last_winner = last_winner
    for player in (0, 1):  # "If at any time during play the number of your Online cards goes down to zero": at once
        flag_if_empty(state, player)
    push_due_resets(state)
    return state


def new_state(setup: Mapping[str, Any], source: str = "setup", rng: random.Random | None = None) -> AState:
    """Either ``{"decks": [...]}``, ``{"draft": {...}}`` or ``{"board": {...}}``; ``rng`` numbers the instances."""
    rng = rng or random.Random(0)
    if not isinstance(setup, Mapping):
        raise InputError(source, "setup", "expected a mapping with 'decks', 'draft' or 'board'")
    if "decks" in setup:
        return state_from_decks(setup["decks"], source, rng)
    if "draft" in setup:
        return state_from_draft(setup["draft"], source, rng)
    if "board" in setup and isinstance(setup["board"], Mapping):
        return state_from_board(setup["board"], source, rng)
    raise InputError(source, "setup", "expected 'decks: [[...], [...]]', 'draft: {}' or 'board: {...}'")

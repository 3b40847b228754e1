"""How a D-Tector board looks to a viewer: zones, cards and counters (no rules here)."""

from __future__ import annotations

from ...core.game import BoardView, CardView, PlayerView, ZoneView
from .procedure import name
from .state import DState, Unit


def card_view(state: DState, uid: int, hidden: bool = False) -> CardView:
    if hidden:
        return CardView(uid=str(uid), hidden=True)
    card = state.card(uid)
    return CardView(
        uid=str(uid),
        name=card.name,
        level=str(card.level),
        kind=str(card.battle_type),
        stats={"Power": str(card.power), "Element": str(card.element)},
        text=card.special_effect,
    )


def unit_view(state: DState, unit: Unit) -> CardView:
    top = card_view(state, unit.top)
    if len(unit.cards) == 1:
        return top
    under = ", ".join(state.label(uid) for uid in unit.cards if uid != unit.top)
    stats = {**top.stats, "Power": str(state.unit_power(unit))}
    return CardView(top.uid, state.unit_label(unit), top.level, top.kind, stats, f"{top.text} (with {under})".strip())


def board(state: DState, viewer: int | None = None) -> BoardView:
    players = []
    for player, side in enumerate(state.sides):
        secret = viewer is not None and viewer != player
        face_down = state.face_down[player]
        zones = (
            ZoneView("deck", "Deck", (), "pile", len(side.deck)),
            ZoneView("hand", "Hand", tuple(card_view(state, uid, secret) for uid in side.hand), "row", len(side.hand)),
            ZoneView(
                "battle-call", "Battle Call",
                () if face_down is None else (card_view(state, face_down, viewer is not None and viewer != player),), "row",
                int(face_down is not None),
            ),
            ZoneView("d-dock", "D-Dock", tuple(unit_view(state, unit) for unit in side.ddock), "row", len(side.ddock)),
            ZoneView("discard", "Discard pile", tuple(card_view(state, uid) for uid in side.discard), "pile", len(side.discard)),
            ZoneView("score", "Score area", tuple(card_view(state, uid) for uid in side.score), "pile", len(side.score)),
        )
        counters = {"Points": str(side.points), "Deck": str(len(side.deck)), "Hand": str(len(side.hand))}
        players.append(PlayerView(player, name(player), counters, zones, active=player == state.active))
    return BoardView("dtector", state.turn, state.phase.value, tuple(players))

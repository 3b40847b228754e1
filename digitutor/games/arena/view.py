"""How an Arena board looks to a viewer: zones, cards and counters (no rules here)."""

from __future__ import annotations

from ...core.game import BoardView, CardView, PlayerView, ZoneView
from .actions import name
from .checks import power
from .state import AState, Zone


def card_view(state: AState, uid: int, hidden: bool = False, face_down: bool = False) -> CardView:
    """A card as a viewer sees it: only its back if ``hidden``; its owner sees a face-down card marked so."""
    if hidden:
        return CardView(uid=str(uid), hidden=True)
    card = state.card(uid)
    text = f"(face down) {card.text}" if face_down else card.text
    if card.is_digimon:
        stats = {"Colour": str(card.colour)}
        stats.update({f"vs {colour}": str(value) for colour, value in card.attack.items()})  # type: ignore[union-attr]
        return CardView(str(uid), card.name, str(card.level), str(card.colour), stats, text)
    kind = "Digivice Power Option" if card.digivice else "Power Option"
    return CardView(str(uid), card.name, "", kind, {}, text)


def _zones(state: AState, player: int, secret: bool) -> tuple[ZoneView, ...]:
    side = state.sides[player]
    duel = [card_view(state, uid) for uid in side.duel]
    if side.new_rookie is not None:
        duel.append(card_view(state, side.new_rookie, secret, face_down=True))
    plan = () if side.plan is None else (card_view(state, side.plan.card, secret, face_down=True),)
    port = tuple(card_view(state, uid) for uid in side.port + side.spent)
    zones = [
        ZoneView(Zone.DUEL_ZONE.value, "Duel Zone", tuple(duel), "stack", len(duel)),
        ZoneView(Zone.DIGIVOLVE_ZONE.value, "Digivolve Zone", plan, "row", len(plan)),
        ZoneView(Zone.POWER_PORT.value, "Power Port", port, "row", len(port)),
        ZoneView(Zone.HAND.value, "Hand", tuple(card_view(state, uid, secret) for uid in side.hand), "row", len(side.hand)),
        ZoneView(Zone.ONLINE.value, "Online", (), "pile", len(side.online)),
        ZoneView(Zone.OFFLINE.value, "Offline", tuple(card_view(state, uid) for uid in side.offline), "pile", len(side.offline)),
    ]
    if side.deck:
        zones.append(ZoneView(Zone.DECK.value, "Deck", (), "pile", len(side.deck)))
    return tuple(zones)


def board(state: AState, viewer: int | None = None) -> BoardView:
    players = []
    fighting = all(side.duel for side in state.sides)
    for player, side in enumerate(state.sides):
        counters = {
            "Score": str(side.points), "Online": str(len(side.online)),
            "Offline": str(len(side.offline)), "Hand": str(len(side.hand)),
        }
        if fighting:
            counters["Power"] = str(power(state, player))
        secret = viewer is not None and viewer != player
        players.append(PlayerView(player, name(player), counters, _zones(state, player, secret), active=player == state.actor))
    shared = {"Duel": str(state.turn), "Goes first": name(state.first)} if state.turn else {}
    if state.pool:
        shared = {**shared, "Draft pile": str(len(state.pool))}
    return BoardView("arena", state.turn, state.phase.value, tuple(players), shared)

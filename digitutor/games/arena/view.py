"""How an Arena board looks to a viewer: zones, cards and counters (no rules here).

Online piles, decks and the draft pile are face down to everyone; the hand, the
face-down card on the Digivolve Zone and a face-down new Rookie are seen by their
owner only. A hidden card shows only its back: no name, no id.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import replace

from ...core.effects import renumbered
from ...core.game import BoardView, CardView, PlayerView, ZoneView
from ...core.instances import Renumbering
from ...core.secret import hide_secrets
from .actions import name
from .cards import Card, Kind
from .checks import attack_value, colour_of, power
from .state import AState, Plan, Side, Zone

#: what stands in for a card its viewer may not see (in an observation's state)
UNKNOWN = Card("unknown", "a face-down card", Kind.POWER_OPTION)


def card_view(state: AState, uid: int, hidden: bool = False, face_down: bool = False) -> CardView:
    """A card as a viewer sees it: only its back if ``hidden``; its owner sees a face-down card marked so."""
    if hidden or state.card(uid) is UNKNOWN:
        return CardView(uid="", hidden=True)
    card = state.card(uid)
    text = f"(face down) {card.text}" if face_down else card.text
    if card.is_digimon:
        stats = {"Colour": str(card.colour)}
        stats.update({f"vs {colour}": str(value) for colour, value in card.attack.items()})
        return CardView(
            state.iid(uid),
            card.name,
            str(card.level),
            str(card.colour),
            stats,
            text,
            colour=str(card.colour),
            face_down=face_down,
        )
    kind = "Digivice Power Option" if card.digivice else "Power Option"
    return CardView(state.iid(uid), card.name, "", kind, {}, text, face_down=face_down)


def fighter_view(state: AState, player: int) -> CardView:
    """The Digimon showing on a Duel Zone: its attack value for the opposing colour, and its power now."""
    top = card_view(state, state.sides[player].duel[-1])
    if not all(side.duel for side in state.sides):
        return top
    return replace(
        top,
        power_label="Power",
        printed=str(attack_value(state, player)),
        current=str(power(state, player)),
        colour=str(colour_of(state, player)),
    )


def _zones(state: AState, player: int, secret: bool) -> tuple[ZoneView, ...]:
    side = state.sides[player]
    duel = [card_view(state, uid) for uid in side.duel[:-1]] + ([fighter_view(state, player)] if side.duel else [])
    if side.new_rookie is not None:
        duel.append(card_view(state, side.new_rookie, secret, face_down=True))
    plan = () if side.plan is None else (card_view(state, side.plan.card, secret, face_down=True),)
    port = tuple(card_view(state, uid) for uid in side.port + side.spent)
    zones = [
        ZoneView(Zone.DUEL_ZONE.value, "Duel Zone", tuple(duel), "stack", len(duel)),
        ZoneView(Zone.DIGIVOLVE_ZONE.value, "Digivolve Zone", plan, "row", len(plan)),
        ZoneView(Zone.POWER_PORT.value, "Power Port", port, "row", len(port)),
        ZoneView(
            Zone.HAND.value, "Hand", tuple(card_view(state, uid, secret) for uid in side.hand), "row", len(side.hand)
        ),
        ZoneView(Zone.ONLINE.value, "Online", (), "pile", len(side.online)),
        ZoneView(
            Zone.OFFLINE.value,
            "Offline",
            tuple(card_view(state, uid) for uid in side.offline),
            "pile",
            len(side.offline),
        ),
    ]
    if side.deck:
        zones.append(ZoneView(Zone.DECK.value, "Deck", (), "pile", len(side.deck)))
    return tuple(zones)


def board(state: AState, viewer: int | None = None) -> BoardView:
    players = []
    fighting = all(side.duel for side in state.sides)
    for player, side in enumerate(state.sides):
        counters = {
            "Score": str(side.points),
            "Online": str(len(side.online)),
            "Offline": str(len(side.offline)),
            "Hand": str(len(side.hand)),
        }
        if fighting:
            counters["Power"] = str(power(state, player))
        secret = viewer is not None and viewer != player
        players.append(
            PlayerView(player, name(player), counters, _zones(state, player, secret), active=player == state.actor)
        )
    shared = {"Duel": str(state.turn), "Goes first": name(state.first)} if state.turn else {}
    if state.pool:
        shared = {**shared, "Draft pile": str(len(state.pool))}
    return BoardView("arena", state.turn, state.phase.value, tuple(players), shared)


def zones(state: AState) -> Iterator[tuple[str, int | None, list[int]]]:
    """Every zone as (name, owner, uids)."""
    yield "draft-pile", None, state.pool
    for player, side in enumerate(state.sides):
        yield Zone.DECK.value, player, side.deck
        yield Zone.ONLINE.value, player, side.online
        yield Zone.HAND.value, player, side.hand
        yield Zone.DIGIVOLVE_ZONE.value, player, [side.plan.card] if side.plan else []
        yield "new-rookie", player, [side.new_rookie] if side.new_rookie is not None else []
        yield Zone.DUEL_ZONE.value, player, side.duel
        yield Zone.POWER_PORT.value, player, side.port + side.spent
        yield Zone.OFFLINE.value, player, side.offline


FACE_DOWN_TO_ALL = {"draft-pile", Zone.ONLINE.value}
#: a deck exists only during Setup, where its owner looks through it to select a Rookie
OWNER_ONLY = {Zone.DECK.value, Zone.HAND.value, Zone.DIGIVOLVE_ZONE.value, "new-rookie"}


def hidden_from(zone: str, owner: int | None, viewer: int) -> bool:
    return zone in FACE_DOWN_TO_ALL or (zone in OWNER_ONLY and owner != viewer)


def redact(state: AState, viewer: int | None) -> AState:
    """``state`` as ``viewer`` may know it: hidden cards become UNKNOWN, every card gets a fresh number."""
    if viewer is None:
        return state.copy()
    new = Renumbering(state, UNKNOWN)

    def pile(uids: Iterable[int], zone: str, owner: int | None) -> list[int]:
        return new.pile(uids, hidden_from(zone, owner, viewer))

    pool = pile(state.pool, "draft-pile", None)
    sides = []
    for player, side in enumerate(state.sides):
        hand = pile(side.hand, Zone.HAND.value, player)
        plan = None
        if side.plan is not None:  # its Digivice stays in the hand: the same card, the same new number
            (card,) = pile((side.plan.card,), Zone.DIGIVOLVE_ZONE.value, player)
            plan = Plan(card, None if side.plan.digivice is None else new.fresh[side.plan.digivice])
        new_rookie = pile((side.new_rookie,), "new-rookie", player)[0] if side.new_rookie is not None else None
        sides.append(
            Side(
                pile(side.deck, Zone.DECK.value, player),
                pile(side.duel, Zone.DUEL_ZONE.value, player),
                hand,
                pile(side.online, Zone.ONLINE.value, player),
                pile(side.offline, Zone.OFFLINE.value, player),
                pile(side.port, Zone.POWER_PORT.value, player),
                pile(side.spent, Zone.POWER_PORT.value, player),
                plan,
                new_rookie,
                side.points,
            )
        )
    return AState(
        new.table(),
        sides,
        hide_secrets(state.frames, viewer),
        state.turn,
        state.first,
        state.actor,
        list(state.passed),
        state.last_winner,
        state.ties,
        pool,
        state.drafting,
        state.reset_due,
        state.restoring,
        over=state.over,
        winner=state.winner,
        lasting=renumbered(state.lasting, new.fresh),
    )

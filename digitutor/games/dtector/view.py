"""How a D-Tector board looks to a viewer: zones, cards and counters (no rules here).

Hands and the Battle Call card before the reveal are seen by their owner only;
decks are face down to everyone. A hidden card shows only its back: no name, no id.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import replace

from ...core.effects import renumbered
from ...core.game import BoardView, CardView, PlayerView, ZoneView
from ...core.instances import Renumbering
from ...core.secret import hide_secrets
from .cards import BattleType, Card, Element, Level
from .procedure import name
from .state import DState, Side, Unit

#: what stands in for a card its viewer may not see (in an observation's state)
UNKNOWN = Card("unknown", "a face-down card", Level.ROOKIE, BattleType.ENERGY, Element.FIRE, 0)


def card_view(state: DState, uid: int, hidden: bool = False) -> CardView:
    if hidden or state.card(uid) is UNKNOWN:
        return CardView(uid="", hidden=True)
    card = state.card(uid)
    return CardView(
        uid=state.iid(uid),
        name=card.name,
        level=str(card.level),
        kind=str(card.battle_type),
        stats={"Power": str(card.power), "Element": str(card.element)},
        text=card.special_effect,
    )


def unit_view(state: DState, unit: Unit) -> CardView:
    """A D-Dock Digimon: its top card, its summed power next to the printed one, and the cards under it."""
    top = card_view(state, unit.top)
    printed = str(state.card(unit.top).power)
    if len(unit.cards) == 1:
        return replace(top, power_label="Power", printed=printed, current=printed)
    under = ", ".join(state.label(uid) for uid in unit.cards if uid != unit.top)
    stats = {**top.stats, "Power": str(state.unit_power(unit))}
    sources = tuple(card_view(state, uid) for uid in (*reversed(unit.stack[:-1]), *unit.spirits))
    return CardView(
        top.uid,
        state.unit_label(unit),
        top.level,
        top.kind,
        stats,
        f"{top.text} (with {under})".strip(),
        power_label="Power",
        printed=printed,
        current=str(state.unit_power(unit)),
        under=sources,
    )


def board(state: DState, viewer: int | None = None) -> BoardView:
    players = []
    for player, side in enumerate(state.sides):
        secret = viewer is not None and viewer != player
        face_down = state.face_down[player]
        revealed = state.frames[-1].kind in ("battle-call.compare", "battle-call.resolve")
        zones = (
            ZoneView("deck", "Deck", (), "pile", len(side.deck)),
            ZoneView("hand", "Hand", tuple(card_view(state, uid, secret) for uid in side.hand), "row", len(side.hand)),
            ZoneView(
                "battle-call",
                "Battle Call",
                () if face_down is None else (replace(card_view(state, face_down, secret), face_down=not revealed),),
                "row",
                int(face_down is not None),
            ),
            ZoneView("d-dock", "D-Dock", tuple(unit_view(state, unit) for unit in side.ddock), "row", len(side.ddock)),
            ZoneView(
                "discard",
                "Discard pile",
                tuple(card_view(state, uid) for uid in side.discard),
                "pile",
                len(side.discard),
            ),
            ZoneView(
                "score", "Score area", tuple(card_view(state, uid) for uid in side.score), "pile", len(side.score)
            ),
        )
        counters = {"Points": str(side.points), "Deck": str(len(side.deck)), "Hand": str(len(side.hand))}
        players.append(PlayerView(player, name(player), counters, zones, active=player == state.active))
    return BoardView("dtector", state.turn, state.phase.value, tuple(players))


def zones(state: DState) -> Iterator[tuple[str, int | None, list[int]]]:
    """Every zone as (name, owner, uids)."""
    for player, side in enumerate(state.sides):
        yield "deck", player, side.deck
        yield "hand", player, side.hand
        yield "d-dock", player, [uid for unit in side.ddock for uid in unit.cards]
        yield "discard", player, side.discard
        yield "score", player, side.score
        yield "battle-call", player, [uid for uid in (state.face_down[player],) if uid is not None]


def hidden_from(state: DState, zone: str, owner: int, viewer: int) -> bool:
    """Is a card in this zone hidden from ``viewer``? Decks from everyone; hands
    and the Battle Call card from the opponent."""
    return zone == "deck" or (zone in ("hand", "battle-call") and owner != viewer)


def redact(state: DState, viewer: int | None) -> DState:
    """``state`` as ``viewer`` may know it: hidden cards become UNKNOWN, and every card gets a fresh number.

    Fresh numbers follow the order of the zones, so neither a number nor an instance id
    says anything about a hidden card.
    """
    if viewer is None:
        return state.copy()
    new = Renumbering(state, UNKNOWN)
    sides = []
    face_down: list[int | None] = []
    for player, side in enumerate(state.sides):

        def pile(uids: Iterable[int], zone: str) -> list[int]:
            return new.pile(uids, hidden_from(state, zone, player, viewer))  # noqa: B023 - called within this iteration of the loop

        sides.append(
            Side(
                pile(side.deck, "deck"),
                pile(side.hand, "hand"),
                [Unit(tuple(pile(u.stack, "d-dock")), tuple(pile(u.spirits, "d-dock"))) for u in side.ddock],
                pile(side.discard, "discard"),
                pile(side.score, "score"),
                side.points,
            )
        )
        uid = state.face_down[player]
        face_down.append(None if uid is None else pile((uid,), "battle-call")[0])
    # frames name only face-up cards (the attacker, Digimon that digivolved), which keep their ids
    return DState(
        new.table(),
        sides,
        hide_secrets(state.frames, viewer),
        state.turn,
        state.active,
        state.first,
        face_down,
        over=state.over,
        winner=state.winner,
        lasting=renumbered(state.lasting, new.fresh),
    )

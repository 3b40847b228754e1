"""How a Digimon Battles board looks to a viewer: zones, cards and counters (no rules here).

Hands and the Destiny Zone are seen by their owner only; decks, and a Support played blind from the deck,
by nobody until they turn face up. A secret attack choice is blanked in another player's frames.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from ...core.effects import renumbered
from ...core.game import BoardView, CardView, PlayerView, ZoneView
from ...core.instances import Renumbering
from ...core.secret import hide_secrets
from .battle import attack_power
from .cards import ATTACKS, SYMBOLS, Card
from .common import name
from .state import DState, Side

UNKNOWN = Card(
    "unknown",
    "a face-down card",
    "option",
    None,
    None,
    0,
    None,
    0,
    (None, None, None),
    (),
    (),
    (),
    (),
    False,
    False,
    False,
    False,
    "",
    (),
)

REVEALED = -1  #: the ``looker`` of top cards revealed to both players (DBE: BIT-054 Matrix Evolve)

#: zones nobody sees (which zones only their owner sees is the game's: ``OWNER_ONLY`` in its citation table)
NOBODY = frozenset({"deck", "blind-support"})


def hidden_from(state: DState, zone: str, owner: int, viewer: int | None, looker: int | None = None) -> bool:
    if viewer is None:
        return False
    if zone == "looking":
        return looker != REVEALED and viewer != looker
    if zone == "hand" and state.sides[owner].battle.hand_open:  # DBE: an effect keeps this hand face up this turn
        return False
    return zone in NOBODY or (zone in state.cites.OWNER_ONLY and owner != viewer)


def _deck_view(state: DState, side) -> ZoneView:
    """The deck: a face-down pile, or (DBE: flipped over by an effect) a pile whose top card is open to both players."""
    if side.deck_face_up and side.deck:
        return ZoneView(
            "deck", "Deck (face up: the top card is open)", (card_view(state, side.deck[-1]),), "pile", len(side.deck)
        )
    return ZoneView("deck", "Deck", (), "pile", len(side.deck))


def zones(state: DState) -> Iterator[tuple[str, int | None, list[int]]]:
    """Every zone as (name, owner, uids)."""
    for player, side in enumerate(state.sides):
        yield "deck", player, side.deck
        yield "hand", player, side.hand
        yield "active", player, side.active
        yield "dp", player, side.dp
        yield "trash", player, side.trash
        yield "destiny", player, side.destiny
        yield "attached", player, side.attached
        yield ("blind-support" if side.blind else "support"), player, side.support
        yield "deleted", player, side.deleted
        yield "looking", player, side.looking
        yield "dark", player, side.dark
        yield "side-pile", player, side.side_pile
        yield "evolve-zone", player, side.evolve_zone
        yield "kept", player, side.kept


def card_view(state: DState, uid: int, hidden: bool = False) -> CardView:
    card = state.cards[uid]
    if hidden or card is UNKNOWN:
        return CardView(uid="", hidden=True)
    attacks = {SYMBOLS[a]: _attack_text(card, a) for a in ATTACKS} if card.is_digimon else {}
    stats = (
        {"HP": str(card.hp), "DP": "-" if card.dp is None else str(card.dp), "+P": str(card.plus_p)}
        if card.is_digimon
        else {"+P": str(card.plus_p)}
    )
    printed = (
        {"HP": str(card.hp), **{a.capitalize(): str(card.attack(a).power) for a in ATTACKS}} if card.is_digimon else {}
    )
    return CardView(
        uid=state.iid(uid),
        name=card.name,
        level=card.level or "",
        kind=card.type or card.kind,
        stats=stats,
        text=card.text,
        power_label="HP" if card.is_digimon else "",
        printed=str(card.hp) if card.is_digimon else "",
        attacks=attacks,
        figures={name: (value, value) for name, value in printed.items()},
    )


def _attack_text(card: Card, attack: str) -> str:
    chosen = card.attack(attack)
    return f"{chosen.power}" + (
        f" {chosen.ability}{' ' + SYMBOLS.get(chosen.arg, chosen.arg) if chosen.arg else ''}" if chosen.ability else ""
    )


def _active_view(state: DState, player: int, side: Side) -> tuple[CardView, ...]:
    if not side.active:
        return ()
    top = card_view(state, side.active[-1])
    under = tuple(card_view(state, uid) for uid in reversed(side.active[:-1]))
    now = {"HP": str(side.hp), **{a.capitalize(): str(attack_power(state, player, a)) for a in ATTACKS}}
    figures = {name: (printed, now.get(name, printed)) for name, (printed, _) in top.figures.items()}
    return (replace(top, current=str(side.hp), under=under, figures=figures),)


def board(state: DState, viewer: int | None = None) -> BoardView:
    players = []
    for player, side in enumerate(state.sides):

        def row(zone: str, uids: list[int]) -> tuple[CardView, ...]:
            return tuple(card_view(state, uid, hidden_from(state, zone, player, viewer)) for uid in uids)  # noqa: B023 - called within this iteration of the loop

        support_zone = "blind-support" if side.blind else "support"
        shown: tuple[ZoneView, ...] = (
            _deck_view(state, side),
            ZoneView("hand", "Hand", row("hand", side.hand), "row", len(side.hand)),
            ZoneView("active", "Active Zone", _active_view(state, player, side), "stack", len(side.active)),
            ZoneView("dp", "DP Zone", row("dp", side.dp), "row", len(side.dp)),
            ZoneView(
                "support",
                "Support",
                tuple(replace(c, face_down=side.blind) for c in row(support_zone, side.support)),
                "row",
                len(side.support),
            ),
            ZoneView("attached", "Attachment", row("attached", side.attached), "row", len(side.attached)),
            ZoneView("destiny", "Destiny Zone", row("destiny", side.destiny), "row", len(side.destiny)),
            ZoneView("trash", "Trash", row("trash", side.trash), "pile", len(side.trash)),
            ZoneView("deleted", "Deleted", row("deleted", side.deleted), "pile", len(side.deleted)),
            ZoneView(
                "looking",
                "Looked at",
                tuple(
                    card_view(state, uid, hidden_from(state, "looking", player, viewer, side.looker))
                    for uid in side.looking
                ),
                "row",
                len(side.looking),
            ),
        )
        shown += tuple(
            ZoneView(zone, title, row(zone, uids), "row", len(uids))  # DBE's zones, while they hold cards
            for zone, title, uids in (
                ("evolve-zone", "Evolution Zone", side.evolve_zone),
                ("kept", "Under the attachment", side.kept),
                ("dark", "Dark Area", side.dark),
                ("side-pile", "Side Pile", side.side_pile),
            )
            if uids
        )
        counters = {
            "KO points": str(side.ko_points),
            "HP": str(side.hp),
            "DP": str(side.dp_total(state.cards)),
            "Hand": str(len(side.hand)),
            "Deck": str(len(side.deck)),
        }
        if side.abnormal:
            counters["Status"] = "Abnormal"
        if side.flats:
            counters["Flats"] = str(side.flats)
        if side.dark:
            counters["Dark Area"] = str(len(side.dark))
        if side.kept or side.kept_dp:
            counters["Attachment DP"] = str(side.kept_dp)
        players.append(PlayerView(player, name(player), counters, shown, active=player == state.active))
    shared = (
        {"Attacks": " / ".join(f"{name(p)}: {SYMBOLS[a]}" for p, a in enumerate(state.attacks))}
        if state.attacks
        else {}
    )
    return BoardView(state.effect_rules.game, state.turn, state.phase.value, tuple(players), shared)


def redact(state: DState, viewer: int | None) -> DState:
    """``state`` as ``viewer`` may know it: hidden cards become UNKNOWN under fresh numbers; secret choices blanked."""
    if viewer is None:
        return state.copy()
    new = Renumbering(state, UNKNOWN)
    sides = []
    for player, side in enumerate(state.sides):

        def pile(uids: list[int], zone: str) -> list[int]:
            return new.pile(uids, hidden_from(state, zone, player, viewer))  # noqa: B023 - called within this iteration of the loop

        copy = side.copy()
        face_up = side.deck_face_up and bool(side.deck)  # DBE: a deck flipped over shows its top card to both players
        deck = pile(side.deck[:-1], "deck") + new.pile(side.deck[-1:], False) if face_up else pile(side.deck, "deck")
        copy.deck, copy.hand, copy.active = deck, pile(side.hand, "hand"), pile(side.active, "active")
        copy.dp, copy.trash, copy.destiny = (
            pile(side.dp, "dp"),
            pile(side.trash, "trash"),
            pile(side.destiny, "destiny"),
        )
        copy.attached = pile(side.attached, "attached")
        copy.support = pile(side.support, "blind-support" if side.blind else "support")
        copy.deleted = pile(side.deleted, "deleted")
        copy.looking = new.pile(side.looking, hidden_from(state, "looking", player, viewer, side.looker))
        copy.dark, copy.side_pile = pile(side.dark, "dark"), pile(side.side_pile, "side-pile")
        copy.evolve_zone = pile(side.evolve_zone, "evolve-zone")
        copy.kept = pile(side.kept, "kept")
        copy.destined = tuple(new.fresh[u] for u in side.destined if u in new.fresh)
        sides.append(copy)
    return DState(
        new.table(),
        sides,
        hide_secrets(state.frames, viewer),
        state.turn,
        state.active,
        state.first,
        state.attacks,
        state.order,
        state.gained,
        state.cites,
        state.effect_rules,
        over=state.over,
        winner=state.winner,
        lasting=renumbered(state.lasting, new.fresh),
    )

"""How a DCG board looks to a viewer: zones, stacks, the memory gauge (no rules here).

Hands are seen by their owner only; decks, Digi-Egg decks and security stacks by nobody
(a checked security card is face up in the field). A hidden card shows only its back: no
name, no id.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import replace

from ...core.choosing import hide_candidates
from ...core.effects import renumbered
from ...core.game import BoardView, CardPart, CardView, GaugeView, PlayerView, ZoneView
from ...core.instances import Renumbering
from . import anatomy
from . import citations as C
from .cards import Card, Category, Colour
from .layer import dp
from .moves import name
from .state import MEMORY_LIMIT, CState, Side, Stack

#: what stands in for a card its viewer may not see (in an observation's state)
UNKNOWN = Card("unknown", "X-00", "a face-down card", Category.DIGIMON, (Colour.WHITE,))
HIDDEN_ZONES = ("deck", "egg-deck", "security")


def card_view(state: CState, uid: int, hidden: bool = False) -> CardView:
    card = state.cards[uid]
    if hidden or card is UNKNOWN:
        return CardView(uid="", hidden=True)
    stats = {"Traits": ", ".join(card.traits)} if card.traits else {}
    text = " ".join(
        part
        for part in (
            card.text,
            f"Inherited: {card.inherited}" if card.inherited else "",
            f"Security: {card.security}" if card.security else "",
        )
        if part
    )
    printed = "" if card.dp is None else str(card.dp)
    return CardView(
        uid=state.iid(uid),
        name=card.name,
        level=f"Lv.{card.level}" if card.level else card.category.value.title(),
        kind=card.category.value.title(),
        stats=stats,
        text=text,
        colour="/".join(c.value for c in card.colours),
        power_label="DP" if printed else "",
        printed=printed,
        current=printed,
        cost="" if card.cost is None else str(card.cost),
        parts=anatomy.parts(card),
    )


def stack_view(state: CState, stack: Stack) -> CardView:
    """A Digimon or Tamer in play: its top card, current DP next to printed, suspended, the cards under it."""
    top = card_view(state, stack.top)
    current = top.current
    if state.cards[stack.top].dp is not None:
        current = str(dp(state, stack.top).value)
    under = tuple(card_view(state, uid) for uid in reversed(stack.sources))
    now = [CardPart("DP now", current, C.CARD_DP)] if current != top.printed else []
    return CardView(
        top.uid,
        top.name,
        top.level,
        top.kind,
        top.stats,
        top.text,
        colour=top.colour,
        power_label=top.power_label,
        printed=top.printed,
        current=current,
        cost=top.cost,
        suspended=stack.suspended,
        under=under,
        parts=(*top.parts, *now, anatomy.state_part(stack.suspended)),
    )


def board(state: CState, viewer: int | None = None) -> BoardView:
    players = []
    for player, side in enumerate(state.sides):
        secret = viewer is not None and viewer != player

        def face_down(uids: list[int]) -> tuple[CardView, ...]:
            """Face-down piles: only a judge's view (everything visible) shows their cards, bottom first."""
            return () if viewer is not None else tuple(replace(card_view(state, uid), face_down=True) for uid in uids)

        zones = (
            ZoneView("security", "Security", face_down(side.security), "pile", len(side.security), C.SECURITY_WALL),
            ZoneView("deck", "Deck", face_down(side.deck), "pile", len(side.deck), C.NAMED_DECK),
            ZoneView("egg-deck", "Digi-Egg Deck", face_down(side.eggs), "pile", len(side.eggs), C.NAMED_EGG_DECK),
            ZoneView(
                "breeding",
                "Breeding area",
                () if side.breeding is None else (stack_view(state, side.breeding),),
                "row",
                int(side.breeding is not None),
                C.BREEDING_AREA,
            ),
            ZoneView(
                "battle",
                "Battle Area",
                tuple(stack_view(state, stack) for stack in side.battle),
                "row",
                len(side.battle),
                C.NAMED_BATTLE_AREA,
            ),
            ZoneView(
                "field",
                "Being used or checked",
                tuple(card_view(state, uid) for uid in side.field_cards),
                "row",
                len(side.field_cards),
            ),
            ZoneView("hand", "Hand", tuple(card_view(state, uid, secret) for uid in side.hand), "row", len(side.hand)),
            ZoneView(
                "trash",
                "Trash",
                tuple(card_view(state, uid) for uid in side.trash),
                "pile",
                len(side.trash),
                C.TRASH_FACE_UP,
            ),
        )
        counters = {
            "Memory": str(state.player_memory(player)),
            "Security": str(len(side.security)),
            "Deck": str(len(side.deck)),
            "Hand": str(len(side.hand)),
        }
        players.append(
            PlayerView(player, name(player), counters, zones, active=player == state.active, you=C.NAMED_YOU)
        )
    gauge = GaugeView("Memory", MEMORY_LIMIT, state.memory, 0, C.NAMED_GAUGE)
    return BoardView("dcg", state.turn, state.phase.value, tuple(players), gauges=(gauge,))


def zones(state: CState) -> Iterator[tuple[str, int | None, list[int]]]:
    """Every zone as (name, owner, uids)."""
    for player, side in enumerate(state.sides):
        yield "deck", player, side.deck
        yield "egg-deck", player, side.eggs
        yield "hand", player, side.hand
        yield "security", player, side.security
        yield "trash", player, side.trash
        yield "field", player, side.field_cards
        yield "breeding", player, list(side.breeding.cards) if side.breeding is not None else []
        yield "battle", player, [uid for stack in side.battle for uid in stack.cards]


def hidden_from(zone: str, owner: int, viewer: int) -> bool:
    """Decks, Digi-Egg decks and security stacks are hidden from everyone; a hand from the opponent."""
    return zone in HIDDEN_ZONES or (zone == "hand" and owner != viewer)


def redact(state: CState, viewer: int | None) -> CState:
    """``state`` as ``viewer`` may know it: hidden cards become UNKNOWN, every card gets a fresh number."""
    if viewer is None:
        return state.copy()
    new = Renumbering(state, UNKNOWN)
    sides = []
    searched = set(state.searched)
    for player, side in enumerate(state.sides):

        def pile(uids: Iterable[int], zone: str) -> list[int]:
            if not hidden_from(zone, player, viewer):  # noqa: B023 - called within this iteration of the loop
                return new.pile(uids, False)
            # a card its owner is looking at (a searched deck) is seen by that owner only
            return [new.pile((uid,), not (uid in searched and player == viewer))[0] for uid in uids]  # noqa: B023 - called within this iteration of the loop

        def stack(kept: Stack) -> Stack:
            return kept.but(cards=tuple(pile(kept.cards, "battle")))

        sides.append(
            Side(
                pile(side.deck, "deck"),
                pile(side.eggs, "egg-deck"),
                pile(side.hand, "hand"),
                pile(side.security, "security"),
                pile(side.trash, "trash"),
                None if side.breeding is None else stack(side.breeding),
                [stack(s) for s in side.battle],
                pile(side.field_cards, "field"),
            )
        )
    table = new.table()
    visible = {iid for iid in table.ids if iid}
    frames = hide_candidates(state.frames, visible.__contains__)
    return CState(
        table,
        sides,
        frames,
        state.turn,
        state.active,
        state.first,
        state.memory,
        [],
        False,
        list(state.used),
        [new.fresh[u] for u in state.searched if u in new.fresh and state.instances.owners[u] == viewer],
        [new.fresh[u] for u in state.revealed if u in new.fresh],
        over=state.over,
        winner=state.winner,
        lasting=renumbered(state.lasting, new.fresh),
    )

"""DigiXros and Burst Digivolve: playing a Digimon on cards placed under it, and digivolving by returning a Tamer.

DigiXros (dcg:digixros): playing a card with DigiXros requirements, its player places
materials one at a time (``xros:<card>``), from the hand or the battle area (top cards
only), one of each name, then ``xros-done``; each placed card lowers the play cost.
"""

from __future__ import annotations

import random

from ...core.actions import Action, action
from ...core.frames import Frame, frame
from ...core.records import Decision, Option, Reason, Step
from . import citations as C
from .cards import Card, Category
from .moves import can_pay, memory_words, name, overflow, paid_memory, step, take, trash_all
from .state import CState, Phase, Stack
from .triggers import push_pending, triggered


def xros_materials(state: CState, player: int, card: Card, picked: tuple[str, ...] = ()) -> list[int]:
    """Cards that may still go under ``card``: named in its DigiXros requirements, a name not used yet."""
    assert card.digixros is not None
    names = card.digixros.names
    used = {state.cards[state.uid(i)].name for i in picked}
    side = state.sides[player]
    found = [uid for uid in side.hand if state.cards[uid].category is Category.DIGIMON]
    found += [
        stack.top
        for stack in side.battle
        if state.cards[stack.top].category is Category.DIGIMON and not state.cards[stack.top].token
    ]
    return [
        uid
        for uid in found
        if state.cards[uid].name in names and state.cards[uid].name not in used and state.iid(uid) not in picked
    ]


def xros_cost(card: Card, placed: int) -> int:
    """The play cost after the DigiXros reductions (minimum 0)."""
    assert card.digixros is not None and card.cost is not None
    return max(0, card.cost - card.digixros.reduce * placed)


def example_text(card: Card) -> tuple:
    """The manual's DigiXros example card shows in three of its pictures (p4, p10, p13: card text, not rules): those
    three citations when ``card`` is that card, else none."""
    if card.digixros is not None and card.digixros.names == ("Shoutmon", "Ballistamon", "Dorulumon", "Starmons"):
        return C.XROS_EXAMPLE_TEXT
    return ()


def cheapest(state: CState, player: int, card: Card) -> int:
    """The lowest play cost a DigiXros could reach now (for whether the card can be played at all)."""
    if card.digixros is None:
        return card.cost or 0
    names = {state.cards[uid].name for uid in xros_materials(state, player, card)}
    return xros_cost(card, len(names))


def declare(state: CState, player: int, uid: int) -> Step:
    """Declare playing a card with DigiXros requirements and place it; then choose the cards to place under it."""
    side = state.sides[player]
    side.hand.remove(uid)
    side.field_cards.append(uid)
    state.push(frame("xros.choose", player, card=state.iid(uid), picked=()))
    card = state.cards[uid]
    return step(
        state,
        Phase.MAIN,
        player,
        f"{name(player)} declares playing {card.name}, which has DigiXros requirements "
        f"({' × '.join(card.digixros.names)}, -{card.digixros.reduce} each).",
        (C.XROS_DECLARE, C.XROS, C.XROS_STEPS),
        glossary=(C.XROS_INTRO, C.CARD_XROS, *example_text(card)[:1]),
    )


def ask_xros(state: CState, top: Frame) -> Decision | None:
    player = top.player
    assert player is not None
    card = state.cards[state.uid(top["card"])]
    picked = top["picked"]
    materials = xros_materials(state, player, card, picked)
    if not materials:
        return None
    cost = xros_cost(card, len(picked))
    options = [
        Option(
            action("xros", player, state.iid(uid)),
            f"Place {state.label(uid)} under {card.name} (cost {xros_cost(card, len(picked) + 1)})",
        )
        for uid in materials
    ]
    done = action("xros-done", player)
    options.append(
        Option(
            done,
            f"Place no more and pay {cost}" if picked else f"Play {card.name} without a DigiXros (cost {cost})",
            check_xros(state, top, done),
        )
    )
    return Decision(
        player,
        "digixros",
        f"{name(player)}: place cards under {card.name} for its DigiXros?",
        tuple(options),
        (C.XROS_WHETHER, C.XROS_ANY, C.XROS_ONE_EACH, C.XROS_NOT_ALL),
        Phase.MAIN.value,
    )


def answer_xros(state: CState, top: Frame, chosen: Action) -> Step:
    if chosen.kind == "xros-done":
        return finish(state, top)
    picked = (*top["picked"], chosen.cards[0])
    state.frames[-1] = top.but(picked=picked)
    card = state.cards[state.uid(top["card"])]
    placed = state.uid(chosen.cards[0])
    from_play = (
        (C.NAMED_XROS_BATTLE_AREA,) if state.stack_of(placed) is not None else ()
    )  # the manual's picture: "Battle area Digimon"
    return step(
        state,
        Phase.MAIN,
        chosen.player,
        f"{name(chosen.player)} places {state.label(placed)} for the DigiXros "
        f"(cost now {xros_cost(card, len(picked))}).",
        (C.XROS_WHETHER, C.XROS, C.XROS_EACH_REDUCES),
        glossary=(C.XROS_PLACE, *from_play, *example_text(card)[1:2]),
    )  # captions of the manual's pictures


def no_more(state: CState, top: Frame, rng: random.Random) -> Step:
    return finish(state, top)


def finish(state: CState, top: Frame) -> Step:
    """Place the chosen cards under the card (leftmost name on top), pay the reduced cost, play it."""
    player = top.player
    assert player is not None
    uid = state.uid(top["card"])
    card = state.cards[uid]
    assert card.digixros is not None
    state.pop()
    materials = [state.uid(i) for i in top["picked"]]
    materials.sort(key=lambda m: -card.digixros.names.index(state.cards[m].name))
    cited, words = [C.XROS_PAY], [C.GAUGE_FOR_COSTS]
    for material in materials:
        where = state.stack_of(material)
        if (
            where is not None
        ):  # from the battle area: only the top card; the rest is trashed (not "trashed" for effects)
            rest = list(state.stack_at(*where).sources)
            state.set_stack(*where, None)
            overflow(state, rest)
            trash_all(state, rest)
            cited.append(C.XROS_FROM_BATTLE)
            words.append(C.XROS_FROM_BATTLE_TRASHED)
        else:
            take(state, material)
    state.sides[player].field_cards.remove(uid)
    cost = xros_cost(card, len(materials))
    state.sides[player].battle.append(Stack((*materials, uid), played=state.turn))
    paid, paying = paid_memory(state, player, cost)
    if materials:
        cited += [C.XROS_REDUCE] + ([C.XROS_ORDER] if len(materials) > 1 else [])
        words += [C.XROS_SOURCES, C.XROS_EACH_REDUCES, *example_text(card)[2:]]
        if example_text(card) and card.cost == 9 and card.digixros.reduce == 2 and len(materials) == 2:
            cited.append(C.XROS_EXAMPLE)  # the manual's worked example, exactly
    else:
        cited = [C.XROS_WITHOUT, C.PLACE_UNSUSPENDED, C.PAY_PLAY_COST]  # a normal play
    waiting = triggered(state, "on-play", player, uid)
    if waiting and materials:
        cited.append(C.XROS_IS_PLAYING)  # [On Play] effects activate as for a normal play
    if any(state.cards[m].ace is not None for m in materials):
        cited.append(C.OVERFLOW_NOT)
    push_pending(state, waiting)
    under = f" on {', '.join(state.cards[m].name for m in reversed(materials))}" if materials else ""
    return step(
        state,
        Phase.MAIN,
        player,
        f"{name(player)} plays {card.name}{under} and {paid}.",
        (*cited, *paying),
        [state.card_event("play", player, (*materials, uid))],
        glossary=words,
    )


def check_xros(state: CState, top: Frame | None, proposed: Action) -> tuple[Reason, ...]:
    if top is None:
        return ()
    player = proposed.player
    card = state.cards[state.uid(top["card"])]
    picked = top["picked"]
    if proposed.kind == "xros-done":
        cost = xros_cost(card, len(picked))
        if not can_pay(state, player, cost):
            return (
                Reason(
                    f"{card.name} would cost {cost}: with {memory_words(state.player_memory(player))} memory the "
                    "counter would have to move past 10 on your opponent's side.",
                    C.OVER_TEN,
                ),
            )
        return ()
    uid = state.instances.uid(proposed.cards[0]) if proposed.cards else None
    if uid is None or uid not in xros_materials(state, player, card, picked):
        return (
            Reason(
                "That card is not one of the DigiXros requirements you can still place (one of each name, from "
                "your hand or the top of your Digimon).",
                C.XROS_ONE_EACH,
            ),
        )
    return ()


# -- Burst Digivolve ---------------------------------------------------------------------------------------------------


def burst_tamer(state: CState, player: int, card: Card) -> int | None:
    """The Tamer ``card``'s Burst Digivolve returns, if ``player`` has it in the battle area."""
    assert card.burst is not None
    return next((s.top for s in state.sides[player].battle if state.cards[s.top].name == card.burst.tamer), None)


def why_not_burst(state: CState, player: int, stack: Stack, card: Card) -> tuple[Reason, ...]:
    if card.burst is None:
        return (Reason(f"{card.name} has no Burst Digivolve.", C.BURST),)
    reasons = []
    shown = state.cards[stack.top]
    if shown.name != card.burst.source:
        reasons.append(
            Reason(f"{card.name} burst digivolves from [{card.burst.source}]; this is {shown.name}.", C.BURST)
        )
    if burst_tamer(state, player, card) is None:
        reasons.append(
            Reason(f"Burst Digivolve returns your [{card.burst.tamer}] to the hand; you have none in play.", C.BURST)
        )
    if not can_pay(state, player, card.burst.cost):
        reasons.append(
            Reason(
                f"Burst digivolving costs {card.burst.cost}: the counter would pass 10 on your opponent's side.",
                C.OVER_TEN,
            )
        )
    return tuple(reasons)


def end_of_burst(state: CState, player: int) -> tuple[list[str], list]:
    """At the end of the turn, each Digimon that burst digivolved trashes its
    top card (not if it has no digivolution cards)."""
    told, cited = [], []
    side = state.sides[player]
    for position, stack in enumerate(list(side.battle)):
        if not stack.burst:
            continue
        if not stack.sources:
            side.battle[position] = stack.but(burst=False)
            told.append(f"{state.label(stack.top)} has no digivolution cards: its top card stays")
            cited.append(C.BURST_NO_SOURCES)
            continue
        side.battle[position] = stack.but(cards=stack.sources, burst=False)
        overflow(state, (stack.top,))
        trash_all(state, (stack.top,))
        told.append(f"{state.label(stack.top)} burst digivolved this turn: its top card is trashed")
        cited.append(C.BURST_END)
    return told, cited

"""DBE's own small choices inside effects: which card of the opponent's DP zone "Discard any 1" takes (the effect's
owner chooses), which Digimon among the top cards set apart goes into DP, and Jamming a Digimon Support once a
Support has given the player Jamming."""

from __future__ import annotations

import random

from ...core.actions import Action, action
from ...core.effects import Effect
from ...core.frames import Frame
from ...core.records import Decision, Event, Option, Reason, Step
from ..dmb.common import chosen_attack, name, step, to_owners_trash
from ..dmb.state import DState, Phase, frame_phase
from . import citations as C


def ask_discard_dp(state: DState, top: Frame) -> Decision | None:
    chooser, target = top.seat, top["target"]
    dp = state.sides[target].dp
    if not dp or top["count"] <= 0:
        return None
    ids = state.instances.ids
    options = tuple(
        Option(action("discard-dp", chooser, ids[uid]), f"Discard {state.label(uid)} from {name(target)}'s DP zone")
        for uid in dp
    )
    return Decision(
        chooser,
        "discard-dp",
        f"{name(chooser)}: choose a card of {name(target)}'s DP zone to discard.",
        options,
        (C.DISCARD_ANY,),
        state.phase.value,
    )


def answer_discard_dp(state: DState, top: Frame, chosen: Action) -> Step:
    phase = frame_phase(top)
    target = top["target"]
    uid = state.uid(chosen.cards[0])
    side = state.sides[target]
    side.dp.remove(uid)
    to_owners_trash(state, [uid], target)
    left = top["count"] - 1
    state.frames[-1] = top.but(count=left)
    if left <= 0:
        state.pop()
    return step(
        state,
        phase,
        chosen.player,
        f"{name(chosen.player)} discards {state.label(uid)} from {name(target)}'s DP "
        'zone: "Discard any" lets the effect\'s owner choose.',
        (C.DISCARD_ANY,),
        [state.card_event("discard", target, (uid,))],
        glossary=(C.DISCARD,),
    )


def check_discard_dp(state: DState, top: Frame | None, chosen: Action) -> tuple[Reason, ...]:
    uid = state.instances.uid(chosen.cards[0]) if len(chosen.cards) == 1 else None
    if top is None or uid is None or uid not in state.sides[top["target"]].dp:
        return (Reason("Name a card of the DP zone the effect discards from.", C.DISCARD_ANY),)
    return ()


def _set_apart(state: DState, top: Frame) -> list[int]:
    side = state.sides[top.seat]
    return [uid for uid in side.looking if state.cards[uid].counts_as(top["sort"])]


def ask_dig_top(state: DState, top: Frame) -> Decision | None:
    player = top.seat
    found = _set_apart(state, top)
    if not found:
        return None
    ids = state.instances.ids
    options = tuple(
        Option(action("dig-top", player, ids[uid]), f"Put {state.label(uid)} into your DP zone") for uid in found
    )
    return Decision(
        player,
        "dig-top",
        f"{name(player)}: put 1 of these into your DP zone.",
        options,
        (C.TOP_FIVE,),
        state.phase.value,
    )


def put_back(state: DState, player: int) -> int:
    """The cards set apart go back on top of the deck in the same order (no shuffle)."""
    side = state.sides[player]
    back = len(side.looking)
    side.deck.extend(reversed(side.looking))
    side.looking, side.looker = [], None
    return back


def answer_dig_top(state: DState, top: Frame, chosen: Action) -> Step:
    phase = frame_phase(top)
    player = chosen.player
    side = state.sides[player]
    uid = state.uid(chosen.cards[0])
    side.looking.remove(uid)
    side.dp.append(uid)
    back = put_back(state, player)
    state.pop()
    return step(
        state,
        phase,
        player,
        f"{name(player)} puts {state.label(uid)} into their DP zone; the other {back} card(s) "
        "go back on top of the deck in the same order, without a shuffle.",
        (C.TOP_FIVE, C.UNKNOWN_CARDS),
        [state.card_event("dig", player, (uid,))],
        glossary=C.MORE["intent"],
    )


def no_dig_top(state: DState, top: Frame, rng: random.Random) -> Step:
    phase = frame_phase(top)
    player = top.player
    assert player is not None
    back = put_back(state, player)
    state.pop()
    return step(
        state,
        phase,
        player,
        f"No {top['sort']} among the {back} card(s) set apart: the effect fails, and they go "
        "back on top of the deck in the same order.",
        (C.TOP_FIVE, C.MISFIRE),
    )


def check_dig_top(state: DState, top: Frame | None, chosen: Action) -> tuple[Reason, ...]:
    uid = state.instances.uid(chosen.cards[0]) if len(chosen.cards) == 1 else None
    if top is None or uid is None or uid not in _set_apart(state, top):
        return (Reason("Name one of the cards set apart that the effect allows.", C.TOP_FIVE),)
    return ()


def can_jam_now(state: DState, player: int) -> bool:
    """A Support gave ``player`` Jamming, and the opponent's Digimon Support has not resolved yet."""
    other = state.sides[1 - player]
    if not _jamming_gained(state, player) or not other.support or other.blind or other.battle.voided:
        return False
    uid = other.support[-1]
    return state.cards[uid].is_digimon and uid not in other.battle.resolved


def _jamming_gained(state: DState, player: int) -> tuple[str, ...]:
    """The Jamming a Support gave this player's attack: ``""`` for any attack, or the one attack it was added to."""
    return tuple(a.partition("@")[2] for a in state.sides[player].battle.abilities if a.partition("@")[0] == "jamming")


def _wrong_attack(state: DState, player: int) -> Reason | None:
    """Jamming added to one attack is revealed only by having chosen that attack
    (FAQ, which abilities Jamming voids)."""
    scopes = _jamming_gained(state, player)
    if "" in scopes or chosen_attack(state, player) in scopes:
        return None
    return Reason(
        f"Your {' and '.join(s.capitalize() for s in scopes)} gained Jamming, and you did not choose it: you cannot "
        "reveal another attack to Jam.",
        C.MORE["attack-gains"][0],
    )


def ask_jam_now(state: DState, top: Frame) -> Decision | None:
    player = top.player
    if player is None or not can_jam_now(state, player):
        return None
    wrong = _wrong_attack(state, player)
    options = (
        Option(
            action("jam-now", player), "Use your new Jamming: Void their Digimon Support", (wrong,) if wrong else ()
        ),
        Option(action("no-jam-now", player), "Do not Jam"),
    )
    cited = (C.JAM_GAINED, C.JAM_GAINED_TIMING) + (
        () if "" in _jamming_gained(state, player) else C.MORE["attack-gains"]
    )
    return Decision(
        player,
        "jam",
        f"{name(player)}: your Support gave you Jamming, and {name(1 - player)}'s Digimon Support has "
        "not resolved. Void it?",
        options,
        cited,
        Phase.SUPPORT.value,
    )


def answer_jam_now(state: DState, top: Frame, chosen: Action) -> Step:
    player = chosen.player
    state.pop()
    if chosen.kind == "no-jam-now":
        return step(state, Phase.SUPPORT, player, f"{name(player)} does not Jam.", (C.JAM_GAINED,))
    other = state.sides[1 - player]
    other.alter(voided=True)
    scoped = "" not in _jamming_gained(state, player)
    attack = chosen_attack(state, player) or ""
    return step(
        state,
        Phase.SUPPORT,
        player,
        f"{name(player)}'s Jamming, gained from a Support that resolved first, voids "
        f"{name(1 - player)}'s Digimon Support {state.label(other.support[-1])} before it resolves"
        + (f": {name(player)} reveals {attack.capitalize()}, the attack it was added to." if scoped else "."),
        (C.JAM_GAINED, C.JAM_GAINED_TIMING, C.A_JAMMING, *(C.MORE["attack-gains"] if scoped else ())),
        [Event("void", 1 - player), *([Event("reveal-attack", player, data={"attack": attack})] if scoped else [])],
        glossary=(C.VOID,),
    )


def check_jam_now(state: DState, top: Frame | None, chosen: Action) -> tuple[Reason, ...]:
    if chosen.kind == "jam-now" and not can_jam_now(state, chosen.player):
        return (
            Reason(
                "Jamming voids a Digimon Support only before it resolves, and only once you have Jamming.", C.JAM_GAINED
            ),
        )
    wrong = _wrong_attack(state, chosen.player) if chosen.kind == "jam-now" else None
    return (wrong,) if wrong else ()


# -- "Pay X DP from this" (BIT-052 Immortalize, FAQ Paying DP) ----------------------------------------------------


def _payable(state: DState, player: int) -> list[tuple[int, Effect]]:
    """(index, effect) of the attached card's "Pay X DP from this: Void ..." effects that can be used now."""
    side, other = state.sides[player], state.sides[1 - player]
    if not side.attached or not other.support or other.blind or other.battle.voided:
        return []
    card = state.cards[side.attached[-1]]
    target = state.cards[other.support[-1]]
    found = []
    for index, effect in enumerate(card.effects):
        if effect.spec.timing != "attached-support":
            continue
        price = sum(v.amount for v in effect.spec.cost if v.verb == "pay-dp")
        kinds = [v.what.kind for v in effect.spec.do if v.verb == "void" and v.what is not None and v.what.kind]
        if price <= side.kept_dp and all(target.counts_as(kind) for kind in kinds):
            found.append((index, effect))
    return found


def ask_pay_dp(state: DState, top: Frame) -> Decision | None:
    player = top.player
    if player is None:
        return None
    found = _payable(state, player)
    if not found:
        return None
    options = [Option(action("pay-dp", player, effect=index), f'"{effect.spec.quote}"') for index, effect in found]
    options.append(Option(action("no-pay-dp", player), "Keep the DP"))
    return Decision(
        player,
        "pay-dp",
        f"{name(player)}: pay DP from your attachment ({state.sides[player].kept_dp} DP) to void "
        f"{name(1 - player)}'s Support?",
        tuple(options),
        (C.PAYING_DP, C.PAYING_DP_EXAMPLE),
        Phase.SUPPORT.value,
    )


def answer_pay_dp(state: DState, top: Frame, chosen: Action) -> Step:
    player = chosen.player
    state.pop()
    if chosen.kind == "no-pay-dp":
        return step(state, Phase.SUPPORT, player, f"{name(player)} pays no DP.", (C.PAYING_DP,))
    side, other = state.sides[player], state.sides[1 - player]
    effect = state.cards[side.attached[-1]].effects[int(chosen.param("effect") or 0)]
    price = sum(v.amount for v in effect.spec.cost if v.verb == "pay-dp")
    side.kept_dp -= price
    other.alter(voided=True)
    return step(
        state,
        Phase.SUPPORT,
        player,
        f"{name(player)} pays {price} DP from {state.label(side.attached[-1])} (it tracks {side.kept_dp} now; "
        f"the cards under it stay) and voids {name(1 - player)}'s {state.label(other.support[-1])}.",
        (C.PAYING_DP, C.PAYING_DP_MEANS, effect.citation),
        [Event("void", 1 - player)],
        glossary=(C.PAYING_DP_EXAMPLE, C.VOID),
    )


def check_pay_dp(state: DState, top: Frame | None, chosen: Action) -> tuple[Reason, ...]:
    if chosen.kind == "no-pay-dp":
        return ()
    if chosen.param("effect") not in {str(index) for index, _ in _payable(state, chosen.player)}:
        return (
            Reason(
                "That effect cannot be paid for now: not enough DP tracked, or the Support is not of its kind.",
                C.PAYING_DP,
            ),
        )
    return ()

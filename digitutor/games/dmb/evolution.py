"""The Evolution Phase: rack up DP, then one evolution — by DP, with an Evolve card, or by DNA."""

from __future__ import annotations

import random

from ...core.actions import Action, action
from ...core.frames import Frame, frame
from ...core.records import Decision, Option, Step
from .cards import NEXT_LEVEL
from .checks import evolve_options, evolve_target
from .common import in_zone, name, step, to_owners_trash
from .run import run_effects
from .state import DState, Phase


def ask_rack(state: DState, top: Frame) -> Decision | None:
    player = state.active
    hand = state.sides[player].hand
    if not hand:
        return None
    ids = state.instances.ids
    options = [
        Option(action("rack", player, ids[uid]), f"Rack up {state.label(uid)} for +{state.cards[uid].plus_p} DP")
        for uid in hand
    ]
    options.append(Option(action("no-rack", player), "Rack up nothing"))
    return Decision(
        player,
        "rack",
        f"{name(player)}: place up to one card into your DP zone?",
        tuple(options),
        (state.cites.RACK_UP,),
        Phase.EVOLUTION.value,
    )


def answer_rack(state: DState, top: Frame, chosen: Action) -> Step:
    player = chosen.player
    state.pop()
    if chosen.kind == "no-rack":
        return step(state, Phase.EVOLUTION, player, f"{name(player)} racks up no DP.", (state.cites.RACK_UP,))
    side = state.sides[player]
    uid = state.uid(chosen.cards[0])
    side.hand.remove(uid)
    side.dp.append(uid)
    return step(
        state,
        Phase.EVOLUTION,
        player,
        f"{name(player)} racks up {state.label(uid)} for +{state.cards[uid].plus_p}: {side.dp_total(state.cards)} DP.",
        (state.cites.RACK_UP,),
        [state.card_event("rack", player, (uid,), {"dp": side.dp_total(state.cards)})],
    )


def ask_evolve(state: DState, top: Frame) -> Decision | None:
    player = state.active
    side = state.sides[player]
    if not side.active or side.abnormal or side.partner_evolved == state.turn:
        return None
    options = evolve_options(state, player)
    if len(options) == 1:
        return None
    return Decision(
        player,
        "evolve",
        f"{name(player)}: evolve your active Digimon?",
        options,
        (state.cites.LEVEL_UP, state.cites.EVOLVE_CARD, state.cites.ONCE_PER_TURN, state.cites.REQUIREMENTS),
        Phase.EVOLUTION.value,
    )


def skip_evolve(state: DState, top: Frame, rng: random.Random) -> Step | None:
    player = state.active
    side = state.sides[player]
    state.pop()
    if side.active and side.abnormal:
        return step(
            state,
            Phase.EVOLUTION,
            player,
            f"{name(player)}'s {state.label(side.active[-1])} is Abnormal: no evolution this turn.",
            (state.cites.SKIP_ABNORMAL,),
        )
    if side.active and side.partner_evolved == state.turn:
        return step(
            state,
            Phase.EVOLUTION,
            player,
            f"{name(player)}'s partner evolved from the Destiny Zone this turn: no evolution.",
            (state.cites.SKIP_PARTNER,),
        )
    return None


def answer_evolve(state: DState, top: Frame, chosen: Action) -> Step:
    player = chosen.player
    side = state.sides[player]
    state.pop()
    if chosen.kind == "no-evolve":
        return step(state, Phase.EVOLUTION, player, f"{name(player)} does not evolve.", (state.cites.LEVEL_UP,))
    target = evolve_target(state, player, chosen)
    assert target is not None
    before = side.active[-1]
    cited = [state.cites.LEVEL_UP]  # a normal evolution: the next level (Evolution Phase step 5)
    glossary = [state.cites.LEVEL]
    events = []
    paid = ""
    evolve_card = in_zone(state, player, "hand", chosen.cards[0]) if chosen.kind == "evolve-with" else None
    if chosen.kind == "dna":
        material = state.uid(chosen.cards[1])
        side.hand.remove(material)
        side.trash.append(material)
        cited = [state.cites.DNA, state.cites.DNA_AS_BOX]  # DNA takes the place of step 5 and counts as the Evolve card
        cited += [state.cites.DNA_DATA, *state.cites.MORE.get("dna-data", ())] if state.cards[material].data else []
        glossary += list(state.cites.MORE.get("data", ())) if state.cards[material].data else []
        paid = f", discarding {state.label(material)} for DNA"
        events.append(state.card_event("discard", player, (material,)))
    elif evolve_card is not None:
        side.hand.remove(evolve_card)
        keeps_dp = getattr(state.cards[evolve_card], "keeps_dp", False)  # DBE: Super Tag is deleted instead of the DP
        (side.deleted if keeps_dp else side.trash).append(evolve_card)
        cited.insert(0, state.cites.EVOLVE_CARD)
        cited += (
            [state.cites.REQUIREMENTS] if state.cards[evolve_card].ignores else []
        )  # "ignore X": the others still hold
        paid = f" with the {state.cites.WORDS['evolve-card']} {state.label(evolve_card)}"
        events.append(state.card_event("evolve-card", player, (evolve_card,)))
    pays_dp = chosen.kind == "evolve" or (
        evolve_card is not None
        and "dp" not in state.cards[evolve_card].ignores
        and not getattr(state.cards[evolve_card], "keeps_dp", False)
    )
    if (
        pays_dp and state.cards[target].dp is not None
    ):  # a Digimon without a DP cost evolves through its box for nothing
        gone = list(side.dp)
        to_owners_trash(state, gone, player)
        side.dp.clear()
        cited += [
            state.cites.DISCARD_DP,
            state.cites.REQ_DP,
            state.cites.PAYING_DP,
        ]  # all DP discarded; the remainder is lost
        paid += f", discarding all {len(gone)} DP cards"
        events.append(state.card_event("pay-dp", player, gone))
    for zone in (side.hand, side.destiny):
        if target in zone:
            zone.remove(target)
    side.active.append(target)
    side.hp = state.cards[target].hp
    side.evolved = state.turn
    if chosen.kind != "dna" and state.cites.CITES_REQUIREMENTS_MET:
        ignores = state.cards[evolve_card].ignores if evolve_card is not None else ()
        cited += _requirements_met(state, before, target, ignores)
        if state.cards[target].dp is None and state.cards[before].named_in(state.cards[target].evo_box):
            paid += ", through its Evolution Box: it has no DP cost, so no DP is paid"
    cited.append(state.cites.NEW_HP)
    events.insert(0, state.card_event("evolve", player, (before, target)))
    levels = f" (Level {state.cards[before].level} to {state.cards[target].level})"
    narration = f"{name(player)} evolves {state.label(before)} to {state.label(target)}{levels}{paid}."
    by_name = [state.cites.EVO_BONUS_BY_NAME] if state.cites.EVO_BONUS_BY_NAME else []  # DMB's reading of "applicable"
    if state.cards[before].named_in(state.cards[target].evo_box) and (chosen.kind != "dna" or state.cites.DNA_BONUSES):
        if chosen.kind != "dna" and not _type_and_level_met(state, before, target):
            cited.append(state.cites.REQ_EVO_BOX)  # the box's name let it skip type and level
        bonuses = state.cards[target].bonuses
        if len(bonuses) > 1:  # they trigger at once: their owner orders them (one decision per bonus but the last)
            state.push(frame("evolution.bonus-order", player, card=state.iid(target), left=tuple(range(len(bonuses)))))
            cited += [state.cites.EVO_BONUS, *by_name, state.cites.SIMULTANEOUS]
            narration += (
                f" {len(bonuses)} Evolution Box bonuses trigger at once: {name(player)} chooses the order they "
                "resolve in."
            )
        else:
            bonus = run_effects(state, player, bonuses)
            if bonus.citations:
                cited += [state.cites.EVO_BONUS, *by_name, *bonus.citations]
                glossary += bonus.glossary
                narration += " " + bonus.narration
                events += bonus.events
    elif by_name and state.cards[target].bonuses and chosen.kind != "dna":
        names = " or ".join(state.cards[target].evo_box) or "no Digimon"
        cited += [state.cites.EVO_BONUS, *by_name]
        narration += (
            f" {state.cards[target].name}'s Evolution Box names {names}, not {state.cards[before].name}:"
            " its bonus does not apply."
        )
    return step(state, Phase.EVOLUTION, player, narration, cited, events, glossary)


def _requirements_met(state: DState, before: int, target: int, ignores: tuple[str, ...]) -> list:
    """The requirements that allowed this evolution, not ignored by an Evolve card: the next level, the same type,
    and for a Digimon without a DP cost, its Evolution Box (the only way to evolve to it)."""
    current, future = state.cards[before], state.cards[target]
    met = (
        [state.cites.REQ_LEVEL]
        if "level" not in ignores and NEXT_LEVEL.get(current.level or "") == future.level
        else []
    )
    met += [state.cites.REQ_TYPE] if "type" not in ignores and state.cites.same_type(current, future) else []
    return met + ([state.cites.NO_DP_COST] if future.dp is None and current.named_in(future.evo_box) else [])


def _type_and_level_met(state: DState, before: int, target: int) -> bool:
    """Would the evolution meet requirements 2 and 3 without the Evolution Box naming the Digimon?"""
    current, future = state.cards[before], state.cards[target]
    return NEXT_LEVEL.get(current.level or "") == future.level and state.cites.same_type(current, future)


def ask_bonus_order(state: DState, top: Frame) -> Decision | None:
    """Two or more Evolution Box bonuses are waiting: their owner picks the one that resolves next."""
    left = top["left"]
    if len(left) < 2:
        return None
    player = top.seat
    card = state.cards[state.uid(top["card"])]
    options = tuple(
        Option(action("bonus", player, effect=index), f'Resolve first: "{card.bonuses[index].spec.quote}"')
        for index in left
    )
    return Decision(
        player,
        "bonus-order",
        f"{name(player)}: {card.name}'s Evolution Box bonuses trigger at once; which resolves first?",
        options,
        (state.cites.SIMULTANEOUS, *state.cites.MORE.get("same-owner", ()), state.cites.EVO_BONUS),
        Phase.EVOLUTION.value,
    )


def answer_bonus_order(state: DState, top: Frame, chosen: Action) -> Step:
    index = int(chosen.param("effect") or 0)
    state.frames[-1] = top.but(left=tuple(i for i in top["left"] if i != index))
    return _resolve_bonus(state, top, index, chosen=True)


def last_bonus(state: DState, top: Frame, rng: random.Random) -> Step | None:
    """The last bonus left resolves with no choice to make."""
    state.pop()
    return _resolve_bonus(state, top, top["left"][0], chosen=False) if top["left"] else None


def _resolve_bonus(state: DState, top: Frame, index: int, chosen: bool) -> Step:
    player = top.seat
    card = state.cards[state.uid(top["card"])]
    bonus = run_effects(state, player, (card.bonuses[index],))
    how = f"{name(player)} resolves this bonus first" if chosen else "The last bonus resolves"
    return step(
        state,
        Phase.EVOLUTION,
        player,
        f"{how}: {bonus.narration}",
        [state.cites.EVO_BONUS, state.cites.SIMULTANEOUS, *state.cites.MORE.get("same-owner", ()), *bonus.citations],
        bonus.events,
        bonus.glossary,
    )

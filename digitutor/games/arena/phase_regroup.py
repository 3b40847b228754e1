"""Re-Group: discard and restore the hand, reset when Online runs out, change the Rookie, prepare, initiate."""

from __future__ import annotations

import random

from ...core.records import Decision, Event, Option, Step
from ...rules.model import Citation
from . import citations as C
from .actions import can_reset, clear_power_port, draw, flag_if_empty, listing, name, step, to_offline
from .cards import Card
from .checks import why_not_change_rookie
from .phase_digivolve import placement_decision
from .state import HAND_SIZE, AState, Phase

# -- restoring the hand (re-group.p1, p2) ------------------------------------------------------------------------


def regroup_discard(state: AState, rng: random.Random) -> Decision | None:
    """The actor may discard cards from the hand to Offline, one at a time, before restoring it."""
    player = state.actor
    hand = state.sides[player].hand
    if not hand:
        state.cursor = "re-group.restore"
        return None
    options = [_keep_option(len(hand))]
    seen = set()
    for uid in hand:
        card = state.cards[uid]
        if card.id not in seen:
            seen.add(card.id)
            options.append(_discard_option(card))

    def choose(key: str) -> Step:
        if key == "done":
            state.cursor = "re-group.restore"
            return step(state, Phase.RE_GROUP, player, f"{name(player)} keeps the {len(hand)} card(s) in hand.", (C.DISCARD, C.REGROUP_ORDER))
        uid = state.find(hand, key.partition(":")[2])
        hand.remove(uid)
        to_offline(state, player, [uid])
        return step(
            state, Phase.RE_GROUP, player, f"{name(player)} discards {state.label(uid)} to Offline.",
            (C.DISCARD, C.REGROUP_ORDER), [Event("discard", player, (state.label(uid),))],
        )

    return Decision(
        player, "discard", f"{name(player)}: discard a card to Offline before restoring your hand to {HAND_SIZE}?",
        tuple(options), (C.RESTORE, C.DISCARD, C.ONLY_TIME), choose, str(Phase.RE_GROUP),
    )


_OPTIONS: dict[str, Option] = {}  # discard options never change: built once per card


def _discard_option(card: Card) -> Option:
    option = _OPTIONS.get(card.id)
    if option is None:
        option = _OPTIONS[card.id] = Option(f"discard:{card.id}", f"Discard {card.name} to Offline")
    return option


def _keep_option(cards: int) -> Option:
    option = _OPTIONS.get(f"done/{cards}")
    if option is None:
        option = _OPTIONS[f"done/{cards}"] = Option("done", f"Keep the {cards} card(s) in hand and restore it to {HAND_SIZE}")
    return option


def regroup_restore(state: AState, rng: random.Random) -> Step | None:
    """Draw from Online up to 10; when Online runs short, draw down to zero and reset first."""
    player = state.actor
    side = state.sides[player]
    need = HAND_SIZE - len(side.hand)
    if need <= 0:
        state.cursor = "re-group.rookie"
        return None
    if state.restoring:  # after the reset: draw the rest, or what there is
        state.restoring = False
        state.cursor = "re-group.rookie"
        event = draw(state, player, min(need, len(side.online)))
        cited: list[Citation] = [C.DRAW_REST]
        if event.data["count"] < need:
            cited.append(C.RESET_EMPTY)
        flag_if_empty(state, player)
        return step(
            state, Phase.RE_GROUP, player, f"{name(player)} draws {event.data['count']} more card(s): the hand holds {len(side.hand)}.",
            cited, [event],
        )
    if need <= len(side.online):
        event = draw(state, player, need)
        state.cursor = "re-group.rookie"
        flag_if_empty(state, player)
        return step(
            state, Phase.RE_GROUP, player, f"{name(player)} draws {need} card(s) from Online to restore the hand to {HAND_SIZE}.",
            (C.RESTORE, C.ONLY_TIME), [event],
        )
    event = draw(state, player, len(side.online))
    cited = [C.DRAW_DOWN]
    if can_reset(state, player):
        state.restoring = True
        state.reset_due += (player,)
    else:
        state.cursor = "re-group.rookie"
        cited.append(C.RESET_EMPTY)
    return step(
        state, Phase.RE_GROUP, player,
        f"Not enough cards remain Online to restore the hand: {name(player)} draws down to zero ({event.data['count']} card(s)).",
        cited, [event],
    )


def online_reset(state: AState, rng: random.Random) -> Step:
    """Online went down to zero: everything on the board but the Rookie goes Offline; Offline is shuffled Online."""
    player, state.reset_due = state.reset_due[0], state.reset_due[1:]
    side = state.sides[player]
    rookie = state.label(side.duel[0])
    sent = list(to_offline(state, player, side.duel[1:]))
    del side.duel[1:]
    for uid in (side.plan.card if side.plan else None, side.new_rookie):
        if uid is not None:
            sent += to_offline(state, player, [uid])
    side.plan = side.new_rookie = None
    sent += clear_power_port(state, player)
    side.online, side.offline = side.offline, []
    rng.shuffle(side.online)
    short = state.restoring and state.actor == player and state.cursor == "re-group.restore"
    cited = (C.DRAW_DOWN, C.SHORT_SHUFFLE, C.RESET) if short else (C.ONLINE_ZERO, C.ZERO_SHUFFLE, C.RESET)
    what = f" ({listing(sent)})" if sent else ""
    return step(
        state, state.phase, player,
        f"{name(player)}'s Online pile is empty: everything on their side of the board except the Rookie {rookie} goes "
        f"Offline{what}, and the {len(side.online)} Offline cards are shuffled and placed face down Online.",
        cited, [Event("reset", player, tuple(sent), {"online": len(side.online)})],
    )


# -- changing the Rookie, preparing a Digivolve (re-group.p4, p5) --------------------------------------------------------


def regroup_rookie(state: AState, rng: random.Random) -> Decision | None:
    """The actor may change the Rookie: a new Rookie from the hand face down on top of the old one."""
    player = state.actor
    side = state.sides[player]
    rookies = list(dict.fromkeys(state.cards[uid].id for uid in side.hand if state.cards[uid].is_rookie))
    if not rookies or side.new_rookie is not None:
        state.cursor = "re-group.prepare"
        return None
    reasons = why_not_change_rookie(state, player)
    options = [Option("keep", f"Keep {state.top(player).name}")]
    options += [
        Option(f"change:{card_id}", f"Change to {state.cards[state.find(side.hand, card_id)].name}", reasons) for card_id in rookies
    ]

    def choose(key: str) -> Step:
        state.cursor = "re-group.prepare"
        if key == "keep":
            return step(state, Phase.RE_GROUP, player, f"{name(player)} keeps the Digimon on the Duel Zone.", (C.CHANGE_ROOKIE,))
        uid = state.find(side.hand, key.partition(":")[2])
        side.hand.remove(uid)
        side.new_rookie = uid
        return step(
            state, Phase.RE_GROUP, player, f"{name(player)} places a new Rookie face down on top of the old Rookie.",
            (C.CHANGE_ROOKIE, C.NEW_ROOKIE_FACE_DOWN, C.ROOKIE_CHANGE), [Event("rookie-face-down", player, (state.label(uid),))],
        )

    return Decision(
        player, "change-rookie", f"{name(player)}: change your Rookie?", tuple(options),
        (C.CHANGE_ROOKIE, C.NEW_ROOKIE_FACE_DOWN, C.ROOKIE_CHANGE), choose, str(Phase.RE_GROUP),
    )


def regroup_prepare(state: AState, rng: random.Random) -> Decision | None:
    """The actor may prepare the next Digivolve: a next-level card face down on the Digivolve Zone."""
    player = state.actor

    def then() -> None:
        if player == state.first:
            state.actor = 1 - player
            state.cursor = "re-group.discard"
        else:
            state.cursor = "re-group.initiate"

    if state.sides[player].plan is None:
        cited = (C.PREPARE, C.PLACE_FACE_DOWN, C.NAME_IN_BOX, C.PREPARED, C.PREPARE_ONCE)
        if state.sides[player].new_rookie is not None:
            cited += (C.NEW_ROOKIE_DIGIVOLVE,)
        decision = placement_decision(state, player, Phase.RE_GROUP, cited, then)
        if decision is not None:
            return decision
    then()
    return None


def regroup_initiate(state: AState, rng: random.Random) -> Step:
    """The winner of the last Duel (after a tie: who went first) initiates the new Duel with the Digivolve step."""
    state.turn += 1
    state.actor = state.first
    state.passed = [False, False]
    state.cursor = "digivolve.turn"
    if state.last_winner is None:
        why, cited = "who went first in the tied Duel", (C.TIE_INITIATES, C.COIN_ONCE)
    else:
        why, cited = "the winner of the last Duel", (C.WINNER_INITIATES, C.COIN_ONCE)
    return step(
        state, Phase.RE_GROUP, state.first, f"Duel {state.turn}: {name(state.first)}, {why}, initiates it with the Digivolve step.",
        cited, [Event("duel-start", state.first, data={"duel": state.turn})],
    )

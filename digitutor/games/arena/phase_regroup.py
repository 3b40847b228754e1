"""Re-Group: discard and restore the hand, reset when Online runs out, change the Rookie, prepare, initiate."""

from __future__ import annotations

import random

from ...core.actions import Action, action
from ...core.frames import Frame, frame
from ...core.records import Decision, Event, Option, Step
from ...rules.model import Citation
from . import citations as C
from .actions import can_reset, clear_power_port, draw, flag_if_empty, listing, name, step, to_offline
from .checks import why_not_change_rookie
from .phase_digivolve import place_face_down, placement_decision
from .state import HAND_SIZE, AState, Phase

# -- restoring the hand (re-group.p1, p2) ------------------------------------------------------------------------


def ask_discard(state: AState, top: Frame) -> Decision | None:
    """The actor may discard cards from the hand to Offline, one at a time, before restoring it."""
    player = state.actor
    hand = state.sides[player].hand
    if not hand:
        return None
    options = [Option(action("done", player), f"Keep the {len(hand)} card(s) in hand and restore it to {HAND_SIZE}")]
    options += [_discard_option(state, player, uid) for uid in hand]
    return Decision(
        player,
        "discard",
        f"{name(player)}: discard a card to Offline before restoring your hand to {HAND_SIZE}?",
        tuple(options),
        (C.RESTORE, C.DISCARD, C.ONLY_TIME),
        str(Phase.RE_GROUP),
    )


def _discard_option(state: AState, player: int, uid: int) -> Option:
    memo = state.instances.memo
    option = memo.get(("discard", uid))
    if option is None:
        option = memo[("discard", uid)] = Option(
            action("discard", player, state.iid(uid)), f"Discard {state.label(uid)} to Offline"
        )
    return option


def nothing_to_discard(state: AState, top: Frame, rng: random.Random) -> None:
    state.goto(frame("re-group.restore", state.actor))
    return None


def answer_discard(state: AState, top: Frame, chosen: Action) -> Step:
    player = chosen.player
    hand = state.sides[player].hand
    if chosen.kind == "done":
        state.goto(frame("re-group.restore", player))
        return step(
            state,
            Phase.RE_GROUP,
            player,
            f"{name(player)} keeps the {len(hand)} card(s) in hand.",
            (C.DISCARD, C.REGROUP_ORDER),
        )
    uid = state.uid(chosen.cards[0])
    hand.remove(uid)
    to_offline(state, player, [uid])
    return step(
        state,
        Phase.RE_GROUP,
        player,
        f"{name(player)} discards {state.label(uid)} to Offline.",
        (C.DISCARD, C.REGROUP_ORDER),
        [state.card_event("discard", player, (uid,))],
    )


def regroup_restore(state: AState, top: Frame, rng: random.Random) -> Step | None:
    """Draw from Online up to 10; when Online runs short, draw down to zero and reset first."""
    player = state.actor
    side = state.sides[player]
    need = HAND_SIZE - len(side.hand)
    if need <= 0:
        state.goto(frame("re-group.rookie", player))
        return None
    if state.restoring:  # after the reset: draw the rest, or what there is
        state.restoring = False
        state.goto(frame("re-group.rookie", player))
        event = draw(state, player, min(need, len(side.online)))
        cited: list[Citation] = [C.DRAW_REST]
        if event.data["count"] < need:
            cited.append(C.RESET_EMPTY)
        flag_if_empty(state, player)
        return step(
            state,
            Phase.RE_GROUP,
            player,
            f"{name(player)} draws {event.data['count']} more card(s): the hand holds {len(side.hand)}.",
            cited,
            [event],
        )
    if need <= len(side.online):
        event = draw(state, player, need)
        state.goto(frame("re-group.rookie", player))
        flag_if_empty(state, player)
        return step(
            state,
            Phase.RE_GROUP,
            player,
            f"{name(player)} draws {need} card(s) from Online to restore the hand to {HAND_SIZE}.",
            (C.RESTORE, C.ONLY_TIME),
            [event],
        )
    event = draw(state, player, len(side.online))
    cited = [C.DRAW_DOWN]
    if can_reset(state, player):
        state.restoring = True
        state.reset_due += (player,)
    else:
        state.goto(frame("re-group.rookie", player))
        cited.append(C.RESET_EMPTY)
    return step(
        state,
        Phase.RE_GROUP,
        player,
        f"Not enough cards remain Online to restore the hand: {name(player)} draws down to zero "
        f"({event.data['count']} card(s)).",
        cited,
        [event],
    )


def online_reset(state: AState, top: Frame, rng: random.Random) -> Step:
    """Online went down to zero: everything on the board but the Rookie goes Offline; Offline is shuffled Online."""
    player = top.player
    assert player is not None
    state.pop()
    side = state.sides[player]
    rookie = state.label(side.duel[0])
    sent = to_offline(state, player, side.duel[1:])
    del side.duel[1:]
    for uid in (side.plan.card if side.plan else None, side.new_rookie):
        if uid is not None:
            sent += to_offline(state, player, [uid])
    side.plan = side.new_rookie = None
    sent += clear_power_port(state, player)
    side.online, side.offline = side.offline, []
    rng.shuffle(side.online)
    short = state.restoring and state.actor == player and state.top_frame.kind == "re-group.restore"
    cited = (C.DRAW_DOWN, C.SHORT_SHUFFLE, C.RESET) if short else (C.ONLINE_ZERO, C.ZERO_SHUFFLE, C.RESET)
    what = f" ({listing(state.labels(sent))})" if sent else ""
    return step(
        state,
        state.phase,
        player,
        f"{name(player)}'s Online pile is empty: everything on their side of the board except the Rookie {rookie} goes "
        f"Offline{what}, and the {len(side.online)} Offline cards are shuffled and placed face down Online.",
        cited,
        [state.card_event("reset", player, sent, {"online": len(side.online)})],
    )


# -- changing the Rookie, preparing a Digivolve (re-group.p4, p5) ------------------------------------------------------


def ask_rookie(state: AState, top: Frame) -> Decision | None:
    """The actor may change the Rookie: a new Rookie from the hand face down on top of the old one."""
    player = state.actor
    side = state.sides[player]
    rookies = [uid for uid in side.hand if state.cards[uid].is_rookie]
    if not rookies or side.new_rookie is not None:
        return None
    reasons = why_not_change_rookie(state, player)
    options = [Option(action("keep", player), f"Keep {state.top(player).name}")]
    options += [
        Option(action("change", player, state.iid(uid)), f"Change to {state.label(uid)}", reasons) for uid in rookies
    ]
    return Decision(
        player,
        "change-rookie",
        f"{name(player)}: change your Rookie?",
        tuple(options),
        (C.CHANGE_ROOKIE, C.NEW_ROOKIE_FACE_DOWN, C.ROOKIE_CHANGE),
        str(Phase.RE_GROUP),
    )


def no_rookie_change(state: AState, top: Frame, rng: random.Random) -> None:
    state.goto(frame("re-group.prepare", state.actor))
    return None


def answer_rookie(state: AState, top: Frame, chosen: Action) -> Step:
    player = chosen.player
    state.goto(frame("re-group.prepare", player))
    if chosen.kind == "keep":
        return step(
            state, Phase.RE_GROUP, player, f"{name(player)} keeps the Digimon on the Duel Zone.", (C.CHANGE_ROOKIE,)
        )
    uid = state.uid(chosen.cards[0])
    state.sides[player].hand.remove(uid)
    state.sides[player].new_rookie = uid
    return step(
        state,
        Phase.RE_GROUP,
        player,
        f"{name(player)} places a new Rookie face down on top of the old Rookie.",
        (C.CHANGE_ROOKIE, C.NEW_ROOKIE_FACE_DOWN, C.ROOKIE_CHANGE),
        [state.card_event("rookie-face-down", player, (uid,), secret=True)],
    )


def _preparing(state: AState, player: int) -> tuple:
    cited: tuple[Citation, ...] = (C.PREPARE, C.PLACE_FACE_DOWN, C.NAME_IN_BOX, C.PREPARED, C.PREPARE_ONCE)
    if state.sides[player].new_rookie is not None:
        cited += (C.NEW_ROOKIE_DIGIVOLVE,)
    return cited


def _after_preparing(state: AState, player: int) -> None:
    if player == state.first:
        state.actor = 1 - player
        state.goto(frame("re-group.discard", state.actor))
    else:
        state.goto(frame("re-group.initiate"))


def ask_prepare(state: AState, top: Frame) -> Decision | None:
    """The actor may prepare the next Digivolve: a next-level card face down on the Digivolve Zone."""
    return placement_decision(state, state.actor, Phase.RE_GROUP, _preparing(state, state.actor))


def answer_prepare(state: AState, top: Frame, chosen: Action) -> Step:
    cited = _preparing(state, chosen.player)
    _after_preparing(state, chosen.player)
    return place_face_down(state, chosen, Phase.RE_GROUP, cited)


def nothing_to_prepare(state: AState, top: Frame, rng: random.Random) -> None:
    _after_preparing(state, state.actor)
    return None


def regroup_initiate(state: AState, top: Frame, rng: random.Random) -> Step:
    """The winner of the last Duel (after a tie: who went first) initiates the new Duel with the Digivolve step.

    The step is the new Duel's first, in its Digivolve step: the last Duel ended with the last Re-Group step.
    """
    state.turn += 1
    state.actor = state.first
    state.passed = [False, False]
    state.goto(frame("digivolve.turn", state.first))
    if state.last_winner is None:
        why, cited = "who went first in the tied Duel", (C.TIE_INITIATES, C.COIN_ONCE)
    else:
        why, cited = "the winner of the last Duel", (C.WINNER_INITIATES, C.COIN_ONCE)
    return step(
        state,
        Phase.DIGIVOLVE,
        state.first,
        f"Duel {state.turn}: {name(state.first)}, {why}, initiates it with the Digivolve step.",
        cited,
        [Event("duel-start", state.first, data={"duel": state.turn})],
    )

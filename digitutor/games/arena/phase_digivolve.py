"""Digivolve: face-down cards, the coin, the first player's Digivolve, the second player's response."""

from __future__ import annotations

import random

from ...core.actions import Action, action
from ...core.frames import Frame, frame
from ...core.records import Decision, Event, Option, Step
from ...rules.model import Citation
from . import citations as C
from .actions import listing, name, online_to_offline, step, to_offline
from .checks import digivolve_base, dna_partner, placement_options, power, why_not_digivolve
from .state import AState, Phase, Plan

# -- placing a card face down (digivolve.p1; in later Duels at the end of Re-Group) ------------------------


def placement_decision(state: AState, player: int, phase: Phase, cited: tuple[Citation, ...]) -> Decision | None:
    """Ask ``player`` whether to place a next-level card face down; None when the hand holds no candidate."""
    if state.sides[player].plan is not None:
        return None
    options = placement_options(state, player)
    if len(options) == 1:
        return None
    return Decision(
        player,
        "prepare-digivolve",
        f"{name(player)}: place a next-level card face down on the Digivolve Zone (its requirement box must show "
        f"{digivolve_base(state, player).name})?",
        options,
        cited,
        str(phase),
    )


def place_face_down(state: AState, chosen: Action, phase: Phase, cited: tuple[Citation, ...]) -> Step:
    """Carry out a ``place`` or ``none`` answer (the frame has already moved on)."""
    player = chosen.player
    side = state.sides[player]
    if chosen.kind == "none":
        return step(state, phase, player, f"{name(player)} places no card on the Digivolve Zone.", cited[:1])
    uid = state.uid(chosen.cards[0])
    side.hand.remove(uid)
    digivice = state.uid(chosen.cards[1]) if len(chosen.cards) > 1 else None
    side.plan = Plan(uid, digivice)
    return step(
        state,
        phase,
        player,
        f"{name(player)} places a card face down on the Digivolve Zone.",
        cited,
        [state.card_event("digivolve-face-down", player, (uid,), secret=True)],
    )


FIRST_DUEL_PLACING = (C.PLACE_FACE_DOWN, C.NAME_IN_BOX, C.PREPARED)


def _after_placing(state: AState, player: int) -> None:
    """First Duel: each player in turn may place a card face down, then the coin is flipped."""
    if player == 0:
        state.actor = 1
        state.goto(frame("digivolve.place", 1))
    else:
        state.goto(frame("digivolve.coin"))


def ask_place(state: AState, top: Frame) -> Decision | None:
    return placement_decision(state, top.seat, Phase.DIGIVOLVE, FIRST_DUEL_PLACING)


def answer_place(state: AState, top: Frame, chosen: Action) -> Step:
    _after_placing(state, chosen.player)
    return place_face_down(state, chosen, Phase.DIGIVOLVE, FIRST_DUEL_PLACING)


def nothing_to_place(state: AState, top: Frame, rng: random.Random) -> None:
    _after_placing(state, top.seat)
    return None


def digivolve_coin(state: AState, top: Frame, rng: random.Random) -> Step:
    """Flip a coin to see who goes first."""
    state.first = state.actor = rng.randrange(2)
    state.passed = [False, False]
    state.goto(frame("digivolve.turn", state.first))
    return step(
        state,
        Phase.DIGIVOLVE,
        state.first,
        f"The coin says {name(state.first)} goes first.",
        (C.COIN_FLIP, C.COIN_ONCE),
        [Event("coin", state.first)],
    )


# -- the Digivolve turns -------------------------------------------------------------------------------------------


def digivolve_turn(state: AState, top: Frame, rng: random.Random) -> Step:
    """The actor's Digivolve turn: a new Rookie turned over, then digivolve, or must pass (responding is a decision)."""
    player = state.actor
    side = state.sides[player]
    if side.new_rookie is not None:
        return turn_over_new_rookie(state, player)
    if side.plan is None:
        return must_pass(state, player)
    reasons = why_not_digivolve(state, player, state.cards[side.plan.card], side.plan.digivice)
    if reasons:
        why = " ".join(reason.why for reason in reasons)
        return lose_it(
            state, player, (C.LOST_AT_REVEAL, *dict.fromkeys(r.citation for r in reasons)), f"cannot Digivolve ({why})"
        )
    return digivolve(state, player, (C.TURN_OVER, C.FIRST_DIGIVOLVES))


def _next_turn(state: AState) -> None:
    if state.actor == state.first:
        state.actor = 1 - state.first
        state.goto(frame("digivolve.turn", state.actor))
    else:
        state.goto(frame("battle.start"))


def turn_over_new_rookie(state: AState, player: int) -> Step:
    """The new Rookie is turned over; the old one goes Offline."""
    side = state.sides[player]
    assert side.new_rookie is not None
    old = to_offline(state, player, side.duel)
    side.duel, side.new_rookie = [side.new_rookie], None
    new = state.label(side.duel[0])
    return step(
        state,
        Phase.DIGIVOLVE,
        player,
        f"{name(player)} turns over the new Rookie, {new}; the old Rookie, {listing(state.labels(old))}, goes Offline.",
        (C.NEW_ROOKIE_DIGIVOLVE, C.ROOKIE_CHANGE),
        [state.card_event("new-rookie", player, (side.duel[0], *old))],
    )


def must_pass(state: AState, player: int) -> Step:
    """No card on the Digivolve Zone: the player must pass (and if neither had one, on to Battle)."""
    state.passed[player] = True
    cited = [C.MUST_PASS, C.NO_CARD]
    narration = f"{name(player)} has no card to Digivolve and must pass."
    if player != state.first and state.passed[state.first]:
        cited.append(C.BOTH_NO_CARD)
        narration += " Neither player had a card to Digivolve: on to the Battle."
    _next_turn(state)
    return step(state, Phase.DIGIVOLVE, player, narration, cited, [Event("digivolve-pass", player)])


def lose_it(state: AState, player: int, why: tuple[Citation, ...], told: str = "passes") -> Step:
    """The card on the Digivolve Zone goes Offline: use it or lose it."""
    side = state.sides[player]
    assert side.plan is not None
    lost = to_offline(state, player, [side.plan.card])
    side.plan = None
    _next_turn(state)
    return step(
        state,
        Phase.DIGIVOLVE,
        player,
        f"{name(player)} {told}: {listing(state.labels(lost))} goes from the Digivolve Zone to Offline.",
        (*why, C.PASS_GOES_OFFLINE, C.USE_IT_OR_LOSE_IT),
        [state.card_event("digivolve-lost", player, lost)],
    )


def digivolve(state: AState, player: int, how: tuple[Citation, ...]) -> Step:
    """Turn the card over onto the Duel Zone and fulfil every Digivolve Requirement in its box."""
    side = state.sides[player]
    assert side.plan is not None
    uid, digivice = side.plan.card, side.plan.digivice
    card, base = state.cards[uid], state.top(player)
    box = card.box
    assert box is not None
    side.plan = None
    done, cited, events = [], [*how, C.FULFIL, C.ONE_LEVEL], []
    if box.dna:
        partner = dna_partner(state, player, card)
        assert partner is not None
        side.hand.remove(partner)
        side.duel.append(partner)
        done.append(f"plays {state.label(partner)} from the hand (DNA Digivolve)")
        cited.append(C.DNA)
    side.duel.append(uid)
    if box.digivice:
        assert digivice is not None
        side.hand.remove(digivice)
        side.spent.append(digivice)
        done.append(f"places {state.label(digivice)} in the Power Port")
        cited.append(C.DIGIVICE_SPENT)
    if box.online_to_offline:
        events.append(online_to_offline(state, player, box.online_to_offline))
        done.append(f"moves {box.online_to_offline} card(s) from Online to Offline")
        cited.append(C.ONLINE_OFFLINE)
    if done:
        cited.insert(len(how) + 1, C.REQUIREMENT_KINDS)
    fulfilled = f" and {listing(done)}" if done else ""
    events.insert(0, state.card_event("digivolve", player, (side.duel[-2], uid), {"power": power(state, player)}))
    _next_turn(state)
    return step(
        state,
        Phase.DIGIVOLVE,
        player,
        f"{name(player)} turns over {card.name}, places it on {base.name}{fulfilled}. "
        f"Power: {card.name} {power(state, player)} against {state.top(1 - player).name} {power(state, 1 - player)}.",
        cited,
        events,
    )


def ask_turn(state: AState, top: Frame) -> Decision | None:
    """The second player notes the change in power and digivolves or passes (None: no response to make)."""
    player = state.actor
    side = state.sides[player]
    if player == state.first or side.new_rookie is not None or side.plan is None:
        return None
    card = state.cards[side.plan.card]
    reasons = why_not_digivolve(state, player, card, side.plan.digivice)
    options = (
        Option(action("digivolve", player), f"Digivolve {state.top(player).name} to {card.name}", reasons),
        Option(action("pass", player), f"Pass: {card.name} goes Offline"),
    )
    opponent = 1 - player
    return Decision(
        player,
        "respond-digivolve",
        f"{name(player)}: {name(opponent)}'s {state.top(opponent).name} has power {power(state, opponent)} "
        f"against your {state.top(player).name} ({power(state, player)}). Digivolve to {card.name}, or pass?",
        options,
        (C.SECOND_RESPONDS, C.RESPOND_DIGIVOLVE, C.RESPOND_PASS, C.USE_IT_OR_LOSE_IT),
        str(Phase.DIGIVOLVE),
    )


def answer_turn(state: AState, top: Frame, chosen: Action) -> Step:
    if chosen.kind == "pass":
        return lose_it(state, chosen.player, (C.SECOND_RESPONDS, C.RESPOND_PASS))
    return digivolve(state, chosen.player, (C.SECOND_RESPONDS, C.RESPOND_DIGIVOLVE, C.TURN_OVER))

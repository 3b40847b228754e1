"""Digivolve: face-down cards, the coin, the first player's Digivolve, the second player's response."""

from __future__ import annotations

import random
from collections.abc import Callable

from ...core.records import Decision, Event, Option, Step
from ...rules.model import Citation
from . import citations as C
from .actions import listing, name, online_to_offline, step, to_offline
from .checks import digivolve_base, dna_partner, placement_options, power, why_not_digivolve
from .state import AState, Phase, Plan

# -- placing a card face down (digivolve.p1; in later Duels at the end of Re-Group) ------------------------


def placement_decision(state: AState, player: int, phase: Phase, cited: tuple[Citation, ...], then: Callable[[], None]) -> Decision | None:
    """Ask ``player`` whether to place a next-level card face down; None when the hand holds no candidate."""
    options = placement_options(state, player)
    if len(options) == 1:
        return None

    def choose(key: str) -> Step:
        side = state.sides[player]
        if key == "none":
            then()
            return step(state, phase, player, f"{name(player)} places no card on the Digivolve Zone.", cited[:1])
        _, card_id, *named = key.split(":")  # place:<card>[:<digivice>]
        uid = state.find(side.hand, card_id)
        side.hand.remove(uid)
        digivice = state.find(side.hand, named[0]) if named else None
        side.plan = Plan(uid, digivice)
        then()
        return step(
            state, phase, player, f"{name(player)} places a card face down on the Digivolve Zone.",
            cited, [Event("digivolve-face-down", player, (state.label(uid),))],
        )

    return Decision(
        player, "prepare-digivolve",
        f"{name(player)}: place a next-level card face down on the Digivolve Zone (its requirement box must show "
        f"{digivolve_base(state, player).name})?",
        options, cited, choose, str(phase),
    )


def digivolve_place(state: AState, rng: random.Random) -> Decision | None:
    """First Duel: each player in turn may place a card face down, then the coin is flipped."""
    player = state.actor

    def then() -> None:
        if player == 0:
            state.actor = 1
        else:
            state.cursor = "digivolve.coin"

    if state.sides[player].plan is None:
        decision = placement_decision(state, player, Phase.DIGIVOLVE, (C.PLACE_FACE_DOWN, C.NAME_IN_BOX, C.PREPARED), then)
        if decision is not None:
            return decision
    then()
    return None


def digivolve_coin(state: AState, rng: random.Random) -> Step:
    """Flip a coin to see who goes first."""
    state.first = state.actor = rng.randrange(2)
    state.passed = [False, False]
    state.cursor = "digivolve.turn"
    return step(
        state, Phase.DIGIVOLVE, state.first, f"The coin says {name(state.first)} goes first.",
        (C.COIN_FLIP, C.COIN_ONCE), [Event("coin", state.first)],
    )


# -- the Digivolve turns -------------------------------------------------------------------------------------------


def digivolve_turn(state: AState, rng: random.Random) -> Step | Decision:
    """The actor's Digivolve turn: a new Rookie turned over, then digivolve, respond, or must pass."""
    player = state.actor
    side = state.sides[player]
    if side.new_rookie is not None:
        return turn_over_new_rookie(state, player)
    if side.plan is None:
        return must_pass(state, player)
    if player == state.first:
        reasons = why_not_digivolve(state, player, state.cards[side.plan.card], side.plan.digivice)
        if reasons:
            why = " ".join(reason.why for reason in reasons)
            return lose_it(state, player, (C.LOST_AT_REVEAL, *dict.fromkeys(r.citation for r in reasons)), f"cannot Digivolve ({why})")
        return digivolve(state, player, (C.TURN_OVER, C.FIRST_DIGIVOLVES))
    return respond(state, player)


def _next_turn(state: AState) -> None:
    if state.actor == state.first:
        state.actor = 1 - state.first
    else:
        state.cursor = "battle.start"


def turn_over_new_rookie(state: AState, player: int) -> Step:
    """The new Rookie is turned over; the old one goes Offline."""
    side = state.sides[player]
    assert side.new_rookie is not None
    old = to_offline(state, player, side.duel)
    side.duel, side.new_rookie = [side.new_rookie], None
    new = state.label(side.duel[0])
    return step(
        state, Phase.DIGIVOLVE, player, f"{name(player)} turns over the new Rookie, {new}; the old Rookie, {listing(old)}, goes Offline.",
        (C.NEW_ROOKIE_DIGIVOLVE, C.ROOKIE_CHANGE), [Event("new-rookie", player, (new, *old))],
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
        state, Phase.DIGIVOLVE, player, f"{name(player)} {told}: {listing(lost)} goes from the Digivolve Zone to Offline.",
        (*why, C.PASS_GOES_OFFLINE, C.USE_IT_OR_LOSE_IT), [Event("digivolve-lost", player, lost)],
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
    events.insert(0, Event("digivolve", player, (base.name, card.name), {"power": power(state, player)}))
    _next_turn(state)
    return step(
        state, Phase.DIGIVOLVE, player,
        f"{name(player)} turns over {card.name}, places it on {base.name}{fulfilled}. "
        f"Power: {card.name} {power(state, player)} against {state.top(1 - player).name} {power(state, 1 - player)}.",
        cited, events,
    )


def respond(state: AState, player: int) -> Decision:
    """The second player notes the change in power and digivolves or passes."""
    side = state.sides[player]
    assert side.plan is not None
    card = state.cards[side.plan.card]
    reasons = why_not_digivolve(state, player, card, side.plan.digivice)
    options = (
        Option("digivolve", f"Digivolve {state.top(player).name} to {card.name}", reasons),
        Option("pass", f"Pass: {card.name} goes Offline"),
    )

    def choose(key: str) -> Step:
        if key == "pass":
            return lose_it(state, player, (C.SECOND_RESPONDS, C.RESPOND_PASS))
        return digivolve(state, player, (C.SECOND_RESPONDS, C.RESPOND_DIGIVOLVE, C.TURN_OVER))

    opponent = 1 - player
    return Decision(
        player, "respond-digivolve",
        f"{name(player)}: {name(opponent)}'s {state.top(opponent).name} has power {power(state, opponent)} against your "
        f"{state.top(player).name} ({power(state, player)}). Digivolve to {card.name}, or pass?",
        options, (C.SECOND_RESPONDS, C.RESPOND_DIGIVOLVE, C.RESPOND_PASS, C.USE_IT_OR_LOSE_IT), choose, str(Phase.DIGIVOLVE),
    )

"""DBE's Pre-Game Setup, step by step as the rulebook numbers it: Inspect, the Side Pile, the opening hand, the
opening mulligan onto the Side Pile, recombining the deck, and the start player."""

from __future__ import annotations

import random

from ...core.actions import Action, action
from ...core.frames import Frame, frame
from ...core.records import Decision, Event, Option, Reason, Step
from ..dmb.common import draw, name, step
from ..dmb.state import DState, Phase
from . import citations as C
from .turn import turn_frames

DECK_IN_PLAY = 40
OPENING = 5


def setup_inspect(state: DState, top: Frame, rng: random.Random) -> Step:
    """Step 2: the Destiny Zone is shown, the partner declared, a Mastery card put on top of the Destiny Zone."""
    events, told = [], []
    for player, side in enumerate(state.sides):
        mastery = [uid for uid in side.destiny if state.cards[uid].mastery]
        side.destiny[:] = [uid for uid in side.destiny if uid not in mastery] + mastery  # the top is the end
        events.append(state.card_event("show-destiny", player, list(side.destiny)))
        partner = next((state.cards[uid].name for uid in side.deck if state.cards[uid].id == side.partner), None)
        told.append(
            f"{name(player)} shows a Destiny Zone of {len(side.destiny)} and declares "
            f"{partner or 'no partner'}" + (f", {state.cards[mastery[0]].name} on top" if mastery else "")
        )
        side.looking, side.looker, side.deck = list(side.deck), player, []  # the owner goes through their own deck
    state.goto(frame("setup.side-pile", 0), frame("setup.side-pile", 1), frame("setup.opening"))
    return step(
        state,
        Phase.SETUP,
        None,
        "Pre-Game Setup. " + "; ".join(told) + ".",
        (C.INSPECT, C.SETUP_STEPS, C.PREAMBLE, C.DESTINY_OPEN),
        events,
    )


def side_pile_needed(state: DState, player: int) -> int:
    side = state.sides[player]
    return max(0, len(side.looking) - DECK_IN_PLAY)


def ask_side_pile(state: DState, top: Frame) -> Decision | None:
    """Step 3: the owner moves cards face down to the Side Pile until the deck holds exactly 40."""
    player = top.player
    assert player is not None
    needed = side_pile_needed(state, player)
    if not needed:
        return None
    side, ids = state.sides[player], state.instances.ids
    seen: set[str] = set()
    options = []
    for uid in side.looking:  # one option per different card: copies are the same choice
        if state.cards[uid].id not in seen:
            seen.add(state.cards[uid].id)
            options.append(Option(action("side-pile", player, ids[uid]), f"Put {state.label(uid)} in the Side Pile"))
    return Decision(
        player,
        "side-pile",
        f"{name(player)}: put {needed} more card(s) face down in your Side Pile "
        f"(your deck must hold exactly {DECK_IN_PLAY}).",
        tuple(options),
        (C.SIDE_PILE, C.SIDE_PILE_CHOICE),
        Phase.SETUP.value,
    )


def answer_side_pile(state: DState, top: Frame, chosen: Action) -> Step:
    player = chosen.player
    side = state.sides[player]
    uid = state.uid(chosen.cards[0])
    side.looking.remove(uid)
    side.side_pile.append(uid)
    return step(
        state,
        Phase.SETUP,
        player,
        f"{name(player)} puts a card face down in the Side Pile "
        f"({len(side.side_pile)} there, {len(side.looking)} in the deck).",
        (C.SIDE_PILE, C.SIDE_PILE_CHOICE),
        [state.card_event("side-pile", player, (uid,), secret=True)],
    )


def check_side_pile(state: DState, top: Frame | None, chosen: Action) -> tuple[Reason, ...]:
    side = state.sides[chosen.player]
    uid = state.instances.uid(chosen.cards[0]) if len(chosen.cards) == 1 else None
    if uid is None or uid not in side.looking:
        return (Reason("Name one card of your deck.", C.SIDE_PILE),)
    return ()


def setup_opening(state: DState, top: Frame, rng: random.Random) -> Step:
    """Step 4: shuffle the 40-card deck, ignoring the Side Pile, and draw 5."""
    events = []
    for player, side in enumerate(state.sides):
        side.deck, side.looking, side.looker = side.looking, [], None
        rng.shuffle(side.deck)
        events.append(draw(state, player, OPENING))
    state.goto(frame("setup.mulligan", 0), frame("setup.mulligan", 1), frame("setup.combine"))
    return step(
        state,
        Phase.SETUP,
        None,
        f"Each player shuffles their {DECK_IN_PLAY}-card deck, the Side Pile aside, "
        f"and draws an opening hand of {OPENING}.",
        (C.OPENING_HAND,),
        events,
    )


def ask_mulligan(state: DState, top: Frame) -> Decision:
    """Step 5: any number of opening-hand cards go face down on top of the Side Pile; then draw back to 5."""
    player = top.player
    assert player is not None
    ids = state.instances.ids
    options = [
        Option(action("mulligan-card", player, ids[uid]), f"Put {state.label(uid)} face down on your Side Pile")
        for uid in state.sides[player].hand
    ]
    missing = OPENING - len(state.sides[player].hand)
    options.append(Option(action("keep", player), f"Draw {missing} and stop" if missing else "Keep this hand"))
    return Decision(
        player,
        "mulligan",
        f"{name(player)}: put any number of cards on your Side Pile, then draw back to {OPENING}.",
        tuple(options),
        (C.MULLIGAN,),
        Phase.SETUP.value,
    )


def answer_mulligan(state: DState, top: Frame, chosen: Action) -> Step:
    player = chosen.player
    side = state.sides[player]
    if chosen.kind == "mulligan-card":
        uid = state.uid(chosen.cards[0])
        side.hand.remove(uid)
        side.side_pile.append(uid)
        return step(
            state,
            Phase.SETUP,
            player,
            f"{name(player)} puts a card face down on the Side Pile.",
            (C.MULLIGAN,),
            [state.card_event("side-pile", player, (uid,), secret=True)],
        )
    state.pop()
    missing = OPENING - len(side.hand)
    if not missing:
        return step(state, Phase.SETUP, player, f"{name(player)} keeps their opening hand.", (C.MULLIGAN,))
    drew = draw(state, player, missing)
    return step(
        state, Phase.SETUP, player, f"{name(player)} draws {missing}: 5 cards in hand again.", (C.MULLIGAN,), [drew]
    )


def check_mulligan(state: DState, top: Frame | None, chosen: Action) -> tuple[Reason, ...]:
    if chosen.kind == "keep":
        return ()
    uid = state.instances.uid(chosen.cards[0]) if len(chosen.cards) == 1 else None
    if uid is None or uid not in state.sides[chosen.player].hand:
        return (Reason("Name a card of your opening hand.", C.MULLIGAN),)
    return ()


def setup_combine(state: DState, top: Frame, rng: random.Random) -> Step:
    """Step 6: the Side Pile, the mulliganed cards and the deck become one deck, shuffled."""
    for side in state.sides:
        side.deck.extend(side.side_pile)
        side.side_pile = []
        rng.shuffle(side.deck)
    state.goto(frame("setup.first"))
    return step(
        state,
        Phase.SETUP,
        None,
        "Each player combines their Side Pile (with the mulliganed cards) and their deck, and shuffles.",
        (C.CREATE_DECK,),
    )


def setup_first(state: DState, top: Frame, rng: random.Random) -> Step:
    """Step 7: who goes first; it becomes that player's first turn."""
    state.first = state.active = rng.randrange(2)
    chosen = step(
        state,
        Phase.SETUP,
        state.first,
        f"Chosen at random: {name(state.first)} goes first; it is their first turn.",  # setup's last step
        (C.FIRST_PLAYER, C.FIRST_PLAYER_RNG, C.AFTER_SETUP),
        [Event("first-player", state.first)],
    )
    state.turn = 1
    state.goto(*turn_frames(state))  # after the turn is 1: the first turn skips the Strategy, Support and Battle Phases
    return chosen

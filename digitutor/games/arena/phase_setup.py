"""Setup: decks (preconstructed or drafted), Rookies face down, the deal, the Rookies flipped, types compared."""

from __future__ import annotations

import random

from ...core.actions import Action, action
from ...core.frames import Frame, frame
from ...core.records import Decision, Event, Option, Step
from . import citations as C
from .actions import name, step
from .cards import STRONGER_THAN
from .checks import attack_value, colour_of
from .state import DECK_SIZE, HAND_SIZE, AState, Phase


def setup_start(state: AState, top: Frame, rng: random.Random) -> Step:
    """The four phases, and which of the two ways to get decks this game uses."""
    how = (
        (C.DRAFT, "60 unique cards are drafted into two 30-card decks")
        if state.drafting
        else (C.PRECONSTRUCTED, f"each player plays with a preconstructed {DECK_SIZE}-card deck of unique cards")
    )
    state.goto(frame("setup.spread") if state.drafting else frame("setup.rookie", 0))
    state.actor = 0
    return step(
        state,
        Phase.SETUP,
        None,
        f"Arena Digi-Battle has four phases: Setup, Digivolve, Battle and Re-Group. Setup: {how[1]}.",
        (C.FOUR_PHASES, C.SET_UP, C.TWO_OPTIONS, how[0]),
        [Event("deck", p, data={"size": len(side.deck)}) for p, side in enumerate(state.sides) if side.deck],
    )


# -- the draft (setup.b1) ---------------------------------------------------------------------------------


def setup_spread(state: AState, top: Frame, rng: random.Random) -> Step:
    """The 60 cards are shuffled and spread out face down."""
    rng.shuffle(state.pool)
    state.goto(frame("setup.pick"))
    state.actor = 0
    return step(
        state,
        Phase.SETUP,
        None,
        f"The {len(state.pool)} unique cards are spread out face down; Player 1 draws first.",
        (C.DRAFT, C.DRAFT_BLIND),
        [Event("spread", data={"cards": len(state.pool)})],
    )


def setup_pick(state: AState, top: Frame, rng: random.Random) -> Step:
    """One blind draw from the pile; the players alternate until both decks hold 30."""
    player = state.actor
    deck = state.sides[player].deck
    uid = state.pool.pop()
    deck.append(uid)
    if all(len(side.deck) == DECK_SIZE for side in state.sides):
        rookieless = [side for side in state.sides if not any(state.cards[u].is_rookie for u in side.deck)]
        state.goto(frame("setup.redraft") if rookieless else frame("setup.rookie", 0))
        state.actor = 0
    else:
        state.actor = 1 - player
    return step(
        state,
        Phase.SETUP,
        player,
        f"{name(player)} draws a card from the face-down pile ({len(deck)} of {DECK_SIZE}).",
        (C.DRAFT, C.DRAFT_BLIND),
        [state.card_event("draft-pick", player, (uid,), {"deck": len(deck)}, secret=True)],
    )


def setup_redraft(state: AState, top: Frame, rng: random.Random) -> Step:
    """A drafted deck has no Rookie: gather the 60 cards and draft again."""
    for side in state.sides:
        state.pool.extend(side.deck)
        side.deck = []
    rng.shuffle(state.pool)
    state.goto(frame("setup.pick"))
    state.actor = 0
    return step(
        state,
        Phase.SETUP,
        None,
        "A drafted deck has no Rookie: the 60 cards are gathered, spread out face down again, and drafted anew.",
        (C.DRAFT_REDO, C.SELECT_ROOKIE),
        [Event("redraft")],
    )


# -- Rookies, the deal, the reveal ------------------------------------------------------------------------------


def rookies_in_deck(state: AState, player: int) -> list[int]:
    return [uid for uid in state.sides[player].deck if state.cards[uid].is_rookie]


def ask_rookie(state: AState, top: Frame) -> Decision | None:
    """The player selects a Rookie from the deck to place face down on the Duel Zone (None: only one to pick)."""
    player = top.player
    assert player is not None
    rookies = rookies_in_deck(state, player)
    if len(rookies) == 1:
        return None
    options = []
    for uid in rookies:
        card = state.cards[uid]
        attacks = ", ".join(f"vs {colour} {value}" for colour, value in card.attack.items())
        options.append(
            Option(action("rookie", player, state.iid(uid)), f"{card.name} ({card.colour}; attack {attacks})")
        )
    return Decision(
        player,
        "select-rookie",
        f"{name(player)}: select a Rookie from your deck to place face down on the Duel Zone.",
        tuple(options),
        (C.SELECT_ROOKIE,),
        Phase.SETUP.value,
    )


def only_rookie(state: AState, top: Frame, rng: random.Random) -> Step:
    player = top.player
    assert player is not None
    return _place_rookie(state, player, rookies_in_deck(state, player)[0], "the only Rookie in the deck")


def answer_rookie(state: AState, top: Frame, chosen: Action) -> Step:
    return _place_rookie(state, chosen.player, state.uid(chosen.cards[0]), "a Rookie")


def _place_rookie(state: AState, player: int, uid: int, which: str) -> Step:
    side = state.sides[player]
    side.deck.remove(uid)
    side.new_rookie = uid
    if player == 0:
        state.actor = 1
        state.goto(frame("setup.rookie", 1))
    else:
        state.goto(frame("setup.deal"))
    return step(
        state,
        Phase.SETUP,
        player,
        f"{name(player)} selects {which} and places it face down on the Duel Zone.",
        (C.SELECT_ROOKIE,),
        [state.card_event("rookie-face-down", player, (uid,), secret=True)],
    )


def setup_deal(state: AState, top: Frame, rng: random.Random) -> Step:
    """Each player shuffles the other 29 cards, deals 10 into the hand and places 19 face down Online."""
    events = []
    for player, side in enumerate(state.sides):
        rng.shuffle(side.deck)
        side.hand, side.online, side.deck = side.deck[-HAND_SIZE:], side.deck[:-HAND_SIZE], []
        events.append(Event("deal", player, data={"hand": len(side.hand), "online": len(side.online)}))
    state.goto(frame("setup.reveal"))
    return step(
        state,
        Phase.SETUP,
        None,
        f"Each player shuffles their other {DECK_SIZE - 1} cards, deals {HAND_SIZE} into the hand and places "
        f"{DECK_SIZE - 1 - HAND_SIZE} face down Online.",
        (C.DEAL, C.ONLINE_OFFLINE),
        events,
    )


def setup_reveal(state: AState, top: Frame, rng: random.Random) -> Step:
    """Both players flip over their Rookies."""
    shown = []
    for side in state.sides:
        assert side.new_rookie is not None
        side.duel, side.new_rookie = [side.new_rookie], None
        card = state.cards[side.duel[0]]
        shown.append(f"{card.name} ({card.colour})")
    state.goto(frame("setup.compare"))
    return step(
        state,
        Phase.SETUP,
        None,
        f"Both players flip over their Rookies: {name(0)}'s {shown[0]} and {name(1)}'s {shown[1]}.",
        (C.FLIP_ROOKIES,),
        [state.card_event("reveal", p, (side.duel[0],)) for p, side in enumerate(state.sides)],
    )


def setup_compare(state: AState, top: Frame, rng: random.Random) -> Step:
    """Compare types and attack values; Setup is done and the first Duel begins with Digivolve."""
    state.goto(frame("digivolve.place", 0))
    state.actor = 0
    done = step(  # the last step of the Setup, before the first Duel
        state,
        Phase.SETUP,
        None,
        f"{compare_types(state)} {compare_attacks(state)} Setup is done: ready to Digivolve!",
        (C.ROCK_PAPER_SCISSORS, C.TRIANGLE, C.LOOK_AT_ATTACKS, C.ATTACK_VALUE, C.STRONGER_VALUE, C.READY),
        [
            state.card_event("attack-value", p, state.sides[p].duel[-1:], {"value": attack_value(state, p)})
            for p in (0, 1)
        ],
    )
    state.turn = 1
    return done


def compare_types(state: AState) -> str:
    """What the Rock-Paper-Scissors triangle says about the two types, in words."""
    colours = (colour_of(state, 0), colour_of(state, 1))
    if colours[0] == colours[1]:
        return f"Both Digimon are {colours[0]}: neither type is stronger."
    stronger = 0 if STRONGER_THAN[colours[0]] == colours[1] else 1
    return (
        f"{colours[stronger]} against {colours[1 - stronger]}: in general {colours[stronger]} is stronger than "
        f"{colours[1 - stronger]}."
    )


def compare_attacks(state: AState) -> str:
    """Each Digimon's attack value for the opposing type, and who has the advantage."""
    values = (attack_value(state, 0), attack_value(state, 1))
    told = " and ".join(
        f"{name(p)}'s {state.top(p).name} attacks {colour_of(state, 1 - p)} for {values[p]}" for p in (0, 1)
    )
    if values[0] == values[1]:
        return f"{told}: neither has the advantage."
    better = int(values[1] > values[0])
    return f"{told}: {name(better)}'s {state.top(better).name} has the advantage entering the battle."

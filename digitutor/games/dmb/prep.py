"""Before the game and the Prep Phase: opening hands, the partial mulligan, the first turn-player, each turn's
draw, free mulligans, a new Digimon for an empty active zone, and partner evolution."""

from __future__ import annotations

import random

from ...core.actions import Action, action
from ...core.frames import Frame, frame
from ...core.records import Decision, Event, Option, Step
from .common import draw, in_zone, is_partner_r, name, partner_champions, step
from .state import DState, Phase
from .turn import turn_frames

OPENING = 5


# -- Before the game -----------------------------------------------------------------------------------


def setup_shuffle(state: DState, top: Frame, rng: random.Random) -> Step:
    events = []
    for player, side in enumerate(state.sides):
        rng.shuffle(side.deck)
        events.append(draw(state, player, OPENING))
    state.goto(frame("setup.mulligan", 0, put=0), frame("setup.mulligan", 1, put=0), frame("setup.first"))
    return step(
        state,
        Phase.SETUP,
        None,
        f"Each player shuffles their deck and draws {OPENING}; the Destiny Zone stays apart, seen by its owner only.",
        (state.cites.OPENING_HAND, state.cites.SETUP_STEPS, state.cites.DESTINY_OUTSIDE, state.cites.DESTINY_HIDDEN),
        events,
    )


def ask_setup_mulligan(state: DState, top: Frame) -> Decision:
    player = top.player
    assert player is not None
    put = top["put"]
    ids = state.instances.ids
    options = [
        Option(action("bottom", player, ids[uid]), f"Put {state.label(uid)} on the bottom of the deck")
        for uid in state.sides[player].hand
    ]
    done = f"Draw {put} and shuffle" if put else "Keep this hand"
    options.append(Option(action("keep", player), done))
    return Decision(
        player,
        "mulligan",
        f"{name(player)}: put any number of cards on the bottom of your deck, then draw that many.",
        tuple(options),
        (state.cites.MULLIGAN,),
        Phase.SETUP.value,
    )


def answer_setup_mulligan(state: DState, top: Frame, chosen: Action) -> Step:
    player = chosen.player
    side = state.sides[player]
    if chosen.kind == "bottom":
        uid = state.uid(chosen.cards[0])
        side.hand.remove(uid)
        side.deck.insert(0, uid)
        state.frames[-1] = top.but(put=top["put"] + 1)
        return step(
            state,
            Phase.SETUP,
            player,
            f"{name(player)} puts a card on the bottom of their deck.",
            (state.cites.MULLIGAN,),
            [state.card_event("bottom", player, (uid,), secret=True)],
        )
    count = top["put"]
    state.pop()
    if not count:
        return step(state, Phase.SETUP, player, f"{name(player)} keeps their opening hand.", (state.cites.MULLIGAN,))
    drew = draw(state, player, count)
    state.frames.append(frame("setup.shuffle-back", player))
    return step(state, Phase.SETUP, player, f"{name(player)} draws {count}.", (state.cites.MULLIGAN,), [drew])


def setup_shuffle_back(state: DState, top: Frame, rng: random.Random) -> Step:
    rng.shuffle(state.sides[top.seat].deck)
    state.pop()
    return step(state, Phase.SETUP, top.seat, f"{name(top.seat)} shuffles their deck.", (state.cites.MULLIGAN,))


def setup_first(state: DState, top: Frame, rng: random.Random) -> Step:
    state.first = state.active = rng.randrange(2)
    chosen = step(
        state,
        Phase.SETUP,
        state.first,
        f"Chosen at random: {name(state.first)} is the first turn-player.",  # setup's last step
        (state.cites.FIRST_PLAYER, state.cites.FIRST_PLAYER_RNG),
        [Event("first-player", state.first)],
    )
    state.turn = 1
    state.goto(*turn_frames(state.active))
    return chosen


# -- Prep Phase ----------------------------------------------------------------------------------------------


def prep_draw(state: DState, top: Frame, rng: random.Random) -> Step:
    player = state.active
    side = state.sides[player]
    count = 2 if len(side.hand) <= 2 else 1
    event = draw(state, player, count)
    state.pop()
    cited = [state.cites.DRAW, state.cites.EACH_TURN, state.cites.PREP_ABILITIES]
    told = f"draws {event.data['count']}"
    if event.data["count"] < count:
        cited.append(state.cites.EMPTY_DECK)
        told += f" (the deck held only {event.data['count']})"
    why = " (2 or fewer cards in hand)" if count == 2 else ""
    return step(
        state,
        Phase.PREP,
        player,
        f"Turn {state.turn}: {name(player)} {told}{why}. No Draw or Prep Phase abilities are in play.",
        cited,
        [event],
    )


def ask_free_mulligan(state: DState, top: Frame) -> Decision | None:
    player = state.active
    side = state.sides[player]
    if len(side.hand) < 3:
        return None
    from .checks import why_not_full_mulligan

    options = (
        Option(
            action("full-mulligan", player),
            f"Discard your whole hand ({len(side.hand)}) and draw that many",
            why_not_full_mulligan(state, player),
        ),
        Option(action("no-mulligan", player), "Keep your hand"),
    )
    return Decision(
        player,
        "free-mulligan",
        f"{name(player)}: take a full mulligan?",
        options,
        (state.cites.FREE_MULLIGAN,),
        Phase.PREP.value,
    )


def answer_free_mulligan(state: DState, top: Frame, chosen: Action) -> Step:
    player = chosen.player
    if chosen.kind == "no-mulligan":
        state.pop()
        return step(state, Phase.PREP, player, f"{name(player)} keeps their hand.", (state.cites.FREE_MULLIGAN,))
    side = state.sides[player]
    count = len(side.hand)
    gone = list(side.hand)
    side.trash.extend(gone)
    side.hand.clear()
    drew = draw(state, player, count)
    return step(
        state,
        Phase.PREP,
        player,
        f"{name(player)} discards their hand and draws {count}.",
        (state.cites.FREE_MULLIGAN,),
        [state.card_event("discard", player, gone), drew],
    )


def new_digimon_options(state: DState, player: int) -> tuple[Option, ...]:
    from .checks import why_not_play

    ids = state.instances.ids
    return tuple(
        Option(
            action("play", player, ids[uid]),
            f"Play {state.label(uid)} (Level {state.cards[uid].level})",
            why_not_play(state, player, uid),
        )
        for uid in state.sides[player].hand
        if state.cards[uid].is_digimon
    )


def ask_new_digimon(state: DState, top: Frame) -> Decision | None:
    player = state.active
    if state.sides[player].active:
        return None
    options = new_digimon_options(state, player)
    if not any(option.legal for option in options):
        return None
    return Decision(
        player,
        "new-digimon",
        f"{name(player)}: your active zone is empty; play an R, C or U from your hand.",
        options,
        (state.cites.PLAY_NEW,),
        Phase.PREP.value,
    )


def no_new_digimon(state: DState, top: Frame, rng: random.Random) -> Step | None:
    """Nothing to ask: the active zone is filled, or no Digimon in hand (the forced reveal-mulligan)."""
    player = state.active
    side = state.sides[player]
    if side.active:
        state.pop()
        return None
    revealed = list(side.hand)
    events = [state.card_event("reveal-hand", player, revealed)]
    while True:
        count = max(len(side.hand), 1)
        if not any(state.cards[uid].is_digimon and state.cards[uid].level != "M" for uid in side.deck):
            side.trash.extend(side.hand)
            side.hand.clear()
            return lose(
                state,
                player,
                f"{name(player)} has no Digimon to play and none is left in the deck: {name(player)} loses.",
                (state.cites.NO_DIGIMON_LOSES, state.cites.FORCED_LOSS),
                events,
            )
        side.trash.extend(side.hand)
        events.append(state.card_event("discard", player, list(side.hand)))
        side.hand.clear()
        drawn = [side.deck.pop() for _ in range(min(count, len(side.deck)))]
        side.hand.extend(drawn)
        events.append(state.card_event("draw-revealed", player, drawn))
        found = next((uid for uid in drawn if state.cards[uid].is_digimon and state.cards[uid].level != "M"), None)
        if found is not None:
            break
    placed = place_new(state, player, found)
    return step(
        state,
        Phase.PREP,
        player,
        f"{name(player)} has no Digimon to play: they reveal their hand and take forced mulligans until "
        f"{state.label(found)} appears, which must be played{placed}.",
        (
            state.cites.FORCED_MULLIGAN,
            state.cites.PLAY_NEW,
            state.cites.FORCED_MUST_PLAY,
            *((state.cites.ABNORMAL,) if side.abnormal else ()),
            *((state.cites.FORCED_EMPTY_HAND,) if not revealed else ()),
        ),
        events,
    )


def place_new(state: DState, player: int, uid: int) -> str:
    """Put a Digimon from the hand on the empty active zone; returns words for what it became."""
    side = state.sides[player]
    side.hand.remove(uid)
    side.active = [uid]
    card = state.cards[uid]
    side.abnormal = card.level in ("C", "U")
    side.divisor = state.cites.ABNORMAL_DIVISOR.get(card.level, 1) if side.abnormal else 1
    side.hp = card.hp // side.divisor
    side.worth_one = False
    state.pop()
    if state.cites.PARTNER_ON_PLACE and is_partner_r(state, player, uid) and partner_champions(state, player):
        state.frames.append(frame("prep.partner", player))
    return " (un-evolved: Abnormal)" if side.abnormal else ""


def answer_new_digimon(state: DState, top: Frame, chosen: Action) -> Step:
    player = chosen.player
    uid = state.uid(chosen.cards[0])
    became = place_new(state, player, uid)
    cited = [state.cites.PLAY_NEW] + ([state.cites.ABNORMAL] if became else [])
    return step(
        state,
        Phase.PREP,
        player,
        f"{name(player)} plays {state.label(uid)} on the active zone{became}.",
        cited,
        [state.card_event("play", player, (uid,))],
    )


def ask_partner(state: DState, top: Frame) -> Decision:
    player = top.player
    assert player is not None
    ids = state.instances.ids
    options = [
        Option(action("partner-evolve", player, ids[uid]), f"Partner-evolve to {state.label(uid)}")
        for uid in partner_champions(state, player)
    ]
    options.append(Option(action("no-partner-evolve", player), "Stay as the partner Rookie"))
    return Decision(
        player,
        "partner-evolve",
        f"{name(player)}: partner-evolve from the Destiny Zone?",
        tuple(options),
        (state.cites.PARTNER_EVOLVE,),
        Phase.PREP.value,
    )


def answer_partner(state: DState, top: Frame, chosen: Action) -> Step:
    player = chosen.player
    state.pop()
    if chosen.kind == "no-partner-evolve":
        return step(
            state, Phase.PREP, player, f"{name(player)} does not partner-evolve.", (state.cites.PARTNER_EVOLVE,)
        )
    side = state.sides[player]
    uid = in_zone(state, player, "destiny", chosen.cards[0])
    assert uid is not None
    side.destiny.remove(uid)
    before = side.active[-1]
    side.active.append(uid)
    side.hp = state.cards[uid].hp
    side.partner_evolved = state.turn
    return step(
        state,
        Phase.PREP,
        player,
        f"{name(player)} partner-evolves {state.label(before)} to {state.label(uid)} from the Destiny Zone.",
        (state.cites.PARTNER_EVOLVE, state.cites.NEW_HP),
        [state.card_event("partner-evolve", player, (before, uid))],
    )


def lose(state: DState, player: int, narration: str, cited: tuple, events: list) -> Step:
    state.over = True
    state.winner = 1 - player
    state.clear_to(frame("game-over.done"))
    return step(state, Phase.GAME_OVER, player, narration, cited, [*events, Event("game-over", 1 - player)])

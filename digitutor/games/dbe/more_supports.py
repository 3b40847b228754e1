"""Supports placed by effects (Support Phase 5.4 and its POINTs): a card may let its player put one more Support from
the hand into the Support Zone; once both Supports have resolved, the resolution starts again from the beginning
for the new ones — the Jamming window, the Void check, the turn player's first."""

from __future__ import annotations

import random

from ...core.actions import Action, action
from ...core.frames import Frame, frame
from ...core.records import Decision, Event, Option, Reason, Step
from ..dmb import support as dmb_support
from ..dmb.common import name, step
from ..dmb.effects import is_void
from ..dmb.state import DState, Phase
from . import citations as C


def _playable(state: DState, player: int) -> list[int]:
    return [uid for uid in state.sides[player].hand if state.cards[uid].supports]


def ask_add_support(state: DState, top: Frame) -> Decision | None:
    player = top.player
    assert player is not None
    cards = _playable(state, player)
    if not cards:
        return None
    ids = state.instances.ids
    options = [
        Option(action("extra-support", player, ids[uid]), f"Play {state.label(uid)} as one more Support")
        for uid in cards
    ]
    options.append(Option(action("no-extra-support", player), "Play no more Support"))
    return Decision(
        player,
        "extra-support",
        f"{name(player)}: play 1 more Support card from your hand?",
        tuple(options),
        (C.MORE_SUPPORTS, C.RESTART),
        Phase.SUPPORT.value,
    )


def answer_add_support(state: DState, top: Frame, chosen: Action) -> Step:
    player = chosen.player
    state.pop()
    if chosen.kind == "no-extra-support":
        return step(state, Phase.SUPPORT, player, f"{name(player)} plays no more Support.", (C.MORE_SUPPORTS,))
    side = state.sides[player]
    uid = state.uid(chosen.cards[0])
    side.hand.remove(uid)
    side.support.append(uid)
    return step(
        state,
        Phase.SUPPORT,
        player,
        f"{name(player)} puts {state.label(uid)} in the Support Zone, on top of their "
        "Support: it waits until the resolution starts again.",
        (C.MORE_SUPPORTS, C.RESTART),
        [state.card_event("support", player, (uid,))],
    )


def check_add_support(state: DState, top: Frame | None, chosen: Action) -> tuple[Reason, ...]:
    if chosen.kind == "no-extra-support":
        return ()
    uid = state.instances.uid(chosen.cards[0]) if len(chosen.cards) == 1 else None
    if uid is None or uid not in _playable(state, chosen.player):
        return (Reason("Name a card with a Support effect in your hand.", C.MORE_SUPPORTS),)
    return ()


def _fresh(state: DState) -> list[int]:
    """Players whose top Support has not resolved yet, the turn player first."""
    return [
        p
        for p in (state.active, 1 - state.active)
        if state.sides[p].support and state.sides[p].support[-1] not in state.sides[p].battle.resolved
    ]


def support_resolve(state: DState, top: Frame, rng: random.Random) -> Step | None:
    """DMB's resolution of a player's Support, once per card: a Support that has resolved is not resolved again."""
    side = state.sides[top.seat]
    if side.support and side.support[-1] in side.battle.resolved:
        state.pop()
        return None
    done = dmb_support.support_resolve(state, top, rng)
    if side.support:
        side.alter(resolved=(*side.battle.resolved, side.support[-1]))
    state.frames.append(
        frame("support.jam-now", top.player)
    )  # a Support that gave Jamming may void a Digimon Support now
    return done


def support_restart(state: DState, top: Frame, rng: random.Random) -> Step | None:
    """Step 5.4: Supports placed by effects remain: restart the resolution step from the beginning."""
    state.pop()
    fresh = _fresh(state)
    if not fresh:
        return None
    for player in (0, 1):
        state.sides[player].alter(voided=player not in fresh)  # only the new Supports take part
    turn, other = state.active, 1 - state.active
    state.goto(
        frame("support.jam-window"),
        frame("support.void-again"),
        frame("support.resolve", turn),
        frame("support.resolve", other),
        frame("support.restart"),
    )
    told = " and ".join(f"{name(p)}'s {state.label(state.sides[p].support[-1])}" for p in fresh)
    return step(
        state,
        Phase.SUPPORT,
        None,
        f"Both Supports have resolved, and {told} remains: the resolution starts again "
        "from the beginning (a Jamming player may still void a new Digimon Support).",
        (C.RESTART, C.MORE_SUPPORTS_JAM),
    )


def support_void_again(state: DState, top: Frame, rng: random.Random) -> Step | None:
    """The restarted resolution checks Void first: a new Void Support voids the other new Support (never a Void)."""
    state.pop()
    fresh = _fresh(state)
    told, events = [], []
    for player in fresh:
        card = state.cards[state.sides[player].support[-1]]
        other = state.sides[1 - player]
        if is_void(card.supports) and (1 - player) in fresh and not other.battle.voided:
            other.alter(voided=True)
            told.append(f"{name(player)}'s {card.name} voids {name(1 - player)}'s Support.")
            events.append(Event("void", 1 - player))
    if not told:
        return None
    return step(
        state,
        Phase.SUPPORT,
        None,
        " ".join(told),
        (C.VOID_FIRST, C.VOIDS_NOT_VOIDS, C.RESTART),
        events,
        glossary=(C.VOID,),
    )

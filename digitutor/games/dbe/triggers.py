"""Lowercase timings: "Prep Phase:", "Own Prep Phase:", "Support Phase:" effects of cards in play trigger at the start
of the phase (its step 1, "abilities on cards in play activate now"), in either player's turn unless "Own". When both
players' effects trigger at once, the turn player chooses the order (FAQ, Simultaneous Effects 2)."""

from __future__ import annotations

import random

from ...core.actions import Action, action
from ...core.effects import Effect
from ...core.frames import Frame, frame
from ...core.records import Decision, Option, Reason, Step
from ..dmb import support as dmb_support
from ..dmb.common import name, step
from ..dmb.run import run_effects
from ..dmb.state import DState, Phase
from . import citations as C

#: phase -> the timings that trigger at its start, and the rule step that says abilities activate now
TIMINGS = {"prep": ("prep-phase", "own-prep-phase"), "support": ("support-phase",), "end": ("end-phase",)}
STEP_ONE = {"prep": C.PREP_ABILITIES, "support": C.SUPPORT_ABILITIES, "end": C.END_ABILITIES}


def triggered(state: DState, player: int, phase: str) -> tuple[Effect, ...]:
    """The effects of ``player``'s cards in play (the active Digimon, attachments) that trigger as ``phase`` starts."""
    side = state.sides[player]
    found = []
    for uid in (*side.active[-1:], *side.attached):
        for effect in state.cards[uid].effects:
            timing = effect.spec.timing
            if timing in TIMINGS[phase] and (timing not in ("own-prep-phase", "end-phase") or player == state.active):
                found.append(effect)
    return tuple(found)


def _run(state: DState, player: int, phase: str) -> tuple[str, list, list, list]:
    effects = triggered(state, player, phase)
    outcome = run_effects(state, player, effects)
    timings = [state.effect_rules.timings[effect.spec.timing].citation for effect in effects]
    return outcome.narration, [*timings, *outcome.citations], outcome.events, outcome.glossary


def phase_triggers(state: DState, top: Frame, rng: random.Random) -> Step | None:
    """Step 1 of a phase: each player's triggered effects resolve (one player's, or the turn player's order asked)."""
    phase = top.kind.partition(".")[0]
    players = [p for p in (state.active, 1 - state.active) if triggered(state, p, phase)]
    if len(players) == 2:
        state.frames[-1] = frame(f"{phase}.trigger-order", state.active)
        return None
    state.pop()
    if not players:
        return None
    told, cited, events, glossary = _run(state, players[0], phase)
    return step(
        state,
        Phase(phase),
        players[0],
        f"{_title(phase)} abilities activate: {told}",
        [STEP_ONE[phase], C.LOWERCASE_TIMINGS, *cited],
        events,
        glossary,
    )


def _title(phase: str) -> str:
    return {"prep": "Prep Phase", "support": "Support Phase", "end": "End Phase"}[phase]


def ask_order(state: DState, top: Frame) -> Decision:
    player = top.player
    assert player is not None
    options = (
        Option(action("trigger-first", player, whose="mine"), "Resolve your own effects first"),
        Option(action("trigger-first", player, whose="theirs"), "Resolve your opponent's effects first"),
    )
    phase = top.kind.partition(".")[0]
    return Decision(
        player,
        "trigger-order",
        f"{name(player)}: both players' {_title(phase)} effects trigger at once; whose resolve first?",
        options,
        (C.TURN_PLAYER_ORDERS, C.SIMULTANEOUS),
        phase,
    )


def answer_order(state: DState, top: Frame, chosen: Action) -> Step:
    phase = top.kind.partition(".")[0]
    state.pop()
    first = chosen.player if chosen.param("whose") == "mine" else 1 - chosen.player
    # the turn player's order: the second case of Simultaneous Effects (the decision cites the entry as a whole)
    told, cited, events, glossary = [], [STEP_ONE[phase], C.LOWERCASE_TIMINGS, C.TURN_PLAYER_ORDERS], [], []
    for player in (first, 1 - first):
        words, more, happened, terms = _run(state, player, phase)
        told.append(words)
        cited += more
        events += happened
        glossary += terms
    return step(
        state,
        Phase(phase),
        chosen.player,
        f"{_title(phase)} abilities activate; {name(chosen.player)} has "
        f"{name(first)}'s resolve first. " + " ".join(told),
        cited,
        events,
        glossary,
    )


def check_order(state: DState, top: Frame | None, chosen: Action) -> tuple[Reason, ...]:
    if chosen.param("whose") not in ("mine", "theirs"):
        return (Reason("Say whose effects resolve first (whose=mine or whose=theirs).", C.TURN_PLAYER_ORDERS),)
    return ()


def strategy_start(state: DState, top: Frame, rng: random.Random) -> Step:
    """DMB's Strategy Phase lays out the Support Phase; DBE's Support Phase begins with its triggered effects."""
    done = dmb_support.strategy_start(state, top, rng)
    first = max(i for i, kept in enumerate(state.frames) if kept.kind == "support.activate")
    state.frames.insert(first + 1, frame("support.triggers", state.active))
    state.frames[first + 1 : first + 1] = [
        frame("support.any-phase", 1 - state.active),
        frame("support.any-phase", state.active),
    ]
    battle = [i for i, kept in enumerate(state.frames) if kept.kind == "battle.activate"]
    if battle:
        state.frames[min(battle) : min(battle)] = [
            frame("battle.any-phase", 1 - state.active),
            frame("battle.any-phase", state.active),
        ]
    void = next(i for i, kept in enumerate(state.frames) if kept.kind == "support.void")
    state.frames[void + 1 : void + 1] = [
        frame("support.pay-dp", 1 - state.active),
        frame("support.pay-dp", state.active),
    ]
    last = min(i for i, kept in enumerate(state.frames) if kept.kind == "support.resolve")
    state.frames.insert(last, frame("support.restart"))  # after both Supports: any placed by effects (5.4)
    return done

"""Evolving by an effect (DBE's Effect Evolution): a card that says "evolve to a valid C from deck" (DB-013 Biyomon).

"By default, effect evolution is special and has no requirements unless listed (DP is ignored, etc). If the effect
requires a "valid" evolution, use "Evolving by DP" rules to determine validity" — level, type or evo-box, not Abnormal
— and it is not the turn's one evolution.
"""

from __future__ import annotations

import random

from ...core.actions import Action, action
from ...core.frames import Frame, frame
from ...core.records import Decision, Option, Reason, Step
from ..dmb.checks import requirement_reasons
from ..dmb.common import name, step
from ..dmb.state import DState, frame_phase
from . import citations as C


def valid_reasons(state: DState, player: int, uid: int) -> list[Reason]:
    """Why evolving the active Digimon to ``uid`` would not be valid by the by-DP rules (DP ignored: the default of
    an effect evolution; the turn's one evolution is not used)."""
    target = state.cards[uid]
    reasons = [r for r in requirement_reasons(state, player, target, ("dp",)) if r.citation is not C.ONCE_PER_TURN]
    if state.sides[player].abnormal:
        reasons.append(
            Reason("An Abnormal Digimon cannot be evolved by the rules of evolving by DP.", C.REQ_NOT_ABNORMAL)
        )
    return reasons


def _candidates(state: DState, player: int, top: Frame) -> list[int]:
    pile = getattr(state.sides[player], top["zone"])
    seen: set[str] = set()
    found = []
    for uid in reversed(pile):  # the top of the deck first; copies of one card are one choice
        card = state.cards[uid]
        if card.is_digimon and (top["level"] is None or card.level == top["level"]) and card.id not in seen:
            seen.add(card.id)
            found.append(uid)
    return found


def ask_effect_evolve(state: DState, top: Frame) -> Decision | None:
    player = top.player
    assert player is not None
    valid = [uid for uid in _candidates(state, player, top) if not valid_reasons(state, player, uid)]
    if not valid or not state.sides[player].active:
        return None
    ids = state.instances.ids
    options = tuple(
        Option(action("effect-evolve", player, ids[uid]), f"Evolve to {state.label(uid)} and show it") for uid in valid
    )
    return Decision(
        player,
        "effect-evolve",
        f"{name(player)}: evolve to a valid Digimon from your {top['zone']}.",
        options,
        (C.EFFECT_EVOLUTION, C.CHERRYPICKING),
        state.phase.value,
    )


def no_effect_evolve(state: DState, top: Frame, rng: random.Random) -> Step:
    """No valid Digimon: the effect fails (its condition held, so there is no
    "If not"); the searched deck is shuffled."""
    phase = frame_phase(top)
    player = top.player
    assert player is not None
    state.pop()
    if top["zone"] == "deck":
        rng.shuffle(state.sides[player].deck)
    return step(
        state,
        phase,
        player,
        f"{name(player)} finds no valid Digimon in their {top['zone']}: the evolution fails "
        f'(the "If not" part is not done: the condition held, the effect failed). The deck is shuffled.',
        (C.EFFECT_EVOLUTION, C.MISFIRE, C.CONDITIONALS_EFFECT_FAILED, C.CHERRYPICKING),
    )


def answer_effect_evolve(state: DState, top: Frame, chosen: Action) -> Step:
    phase = frame_phase(top)
    player = chosen.player
    side = state.sides[player]
    uid = state.uid(chosen.cards[0])
    pile = getattr(side, top["zone"])
    pile.remove(uid)
    state.pop()
    before = side.active[-1]
    side.active.append(uid)
    side.hp = state.cards[uid].hp
    side.abnormal, side.divisor = False, 1
    events = [state.card_event("effect-evolve", player, (before, uid))]
    if top["zone"] == "deck":
        state.frames.append(frame("effect.shuffle", player, phase=top["phase"]))
    return step(
        state,
        phase,
        player,
        f"{name(player)} shows {state.label(uid)} from their {top['zone']} and evolves {state.label(before)} to "
        f"it by the effect: its stats reset ({side.hp} HP). This is not the turn's one evolution.",
        (C.EFFECT_EVOLUTION, C.CHERRYPICKING, C.EFFECT_EVOLUTION_VALID),
        events,
    )


def check_effect_evolve(state: DState, top: Frame | None, chosen: Action) -> tuple[Reason, ...]:
    player = chosen.player
    uid = state.instances.uid(chosen.cards[0]) if len(chosen.cards) == 1 else None
    if top is None or uid is None or uid not in getattr(state.sides[player], top["zone"]):
        return (Reason("Name a Digimon of the zone the effect evolves from.", C.EFFECT_EVOLUTION),)
    if top["level"] is not None and state.cards[uid].level != top["level"]:
        return (Reason(f"The effect evolves to a Level {top['level']}.", C.EFFECT_EVOLUTION),)
    return tuple(valid_reasons(state, player, uid))

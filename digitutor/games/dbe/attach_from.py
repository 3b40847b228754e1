"""Attaching a card by another card's effect (FAQ, Attachment conditions): the target card must say Attach, its scope
(own or opponent) must agree with the effect's, its conditions must hold and its costs be met; its other effects are
not used. Tyrannomon's Support and Vademon are the FAQ's example."""

from __future__ import annotations

import random

from ...core.actions import Action, action
from ...core.frames import Frame, frame
from ...core.records import Decision, Option, Reason, Step
from ..dmb.choices import attach
from ..dmb.common import name, step
from ..dmb.run import Outcome, _cannot_complete, _verb, holds
from ..dmb.state import DState, frame_phase
from . import citations as C

STEPS = (
    C.ATTACH_BY_EFFECT,
    C.ATTACH_STEP_WORD,
    C.ATTACH_STEP_SCOPE,
    C.ATTACH_STEP_CONDITIONS,
    C.ATTACH_STEP_COSTS,
    C.ATTACH_STEP_OTHERS,
    C.ATTACH_GLOSSARY_TOO,
)


def _attach_effect(card):
    return next((e for e in card.effects if any(v.verb == "attach" for v in e.spec.do)), None)


def attach_reasons(state: DState, player: int, uid: int) -> list[Reason]:
    """Steps 1 to 4 for attaching ``uid`` to ``player``'s own active Digimon by another card's effect."""
    card = state.cards[uid]
    effect = _attach_effect(card)
    if effect is None:
        return [Reason(f"{card.name} does not say Attach: it cannot be attached.", C.ATTACH_STEP_WORD)]
    reasons = []
    verb = next(v for v in effect.spec.do if v.verb == "attach")
    if verb.what is not None and verb.what.whose == "opponent":
        reasons.append(
            Reason(
                f"{card.name} attaches only to the opponent's Digimon; this effect attaches to your own.",
                C.ATTACH_STEP_SCOPE,
            )
        )
    if not all(holds(state, player, selector) for selector in effect.spec.condition):
        reasons.append(
            Reason(
                f'{card.name}\'s own condition for being attached is not met: "{effect.spec.quote}"',
                C.ATTACH_STEP_CONDITIONS,
            )
        )
    if any(_cannot_complete(state, player, cost) for cost in effect.spec.cost):
        reasons.append(Reason(f'{card.name}\'s cost cannot be met: "{effect.spec.quote}"', C.ATTACH_STEP_COSTS))
    return reasons


def _candidates(state: DState, player: int, top: Frame) -> list[int]:
    pile = getattr(state.sides[player], top["zone"])
    return [uid for uid in reversed(pile) if top["name"] is None or state.cards[uid].name == top["name"]]


def ask_attach_from(state: DState, top: Frame) -> Decision | None:
    player = top.player
    assert player is not None
    ready = [uid for uid in _candidates(state, player, top) if not attach_reasons(state, player, uid)]
    if not ready or not state.sides[player].active:
        return None
    ids = state.instances.ids
    options = tuple(Option(action("attach-from", player, ids[uid]), f"Attach {state.label(uid)}") for uid in ready)
    return Decision(
        player,
        "attach-from",
        f"{name(player)}: attach a card from your {top['zone']}.",
        options,
        STEPS,
        state.phase.value,
    )


def no_attach_from(state: DState, top: Frame, rng: random.Random) -> Step:
    """Nothing can be attached: the effect misfires (the searched deck is shuffled); the reasons are the FAQ's steps."""
    phase = frame_phase(top)
    player = top.player
    assert player is not None
    state.pop()
    found = _candidates(state, player, top)
    why = attach_reasons(state, player, found[0]) if found else []
    if top["zone"] == "deck":
        rng.shuffle(state.sides[player].deck)
    told = "; ".join(r.why for r in why) if why else f"no such card in their {top['zone']}"
    return step(
        state,
        phase,
        player,
        f"{name(player)} cannot attach: {told}. The effect misfires"
        + (" and the searched deck is shuffled." if top["zone"] == "deck" else "."),
        (
            C.ATTACH_BY_EFFECT,
            *(r.citation for r in why),
            C.MISFIRE,
            *((C.CHERRYPICKING,) if top["zone"] == "deck" else ()),
        ),
    )


def answer_attach_from(state: DState, top: Frame, chosen: Action) -> Step:
    phase = frame_phase(top)
    player = chosen.player
    uid = state.uid(chosen.cards[0])
    state.pop()
    effect = _attach_effect(state.cards[uid])
    outcome = Outcome()
    for cost in effect.spec.cost:  # step 4: the target card's costs
        _verb(state, player, cost, outcome, paying=True)
    told = attach(state, player, uid, outcome)
    if top["zone"] == "deck":
        state.frames.append(frame("effect.shuffle", player, phase=top["phase"]))
    # the FAQ's procedure, step by step as it was followed: the word, the scope, its conditions and costs, nothing else
    followed = [
        C.ATTACH_BY_EFFECT,
        C.ATTACH_STEP_WORD,
        C.ATTACH_STEP_SCOPE,
        *([C.ATTACH_STEP_CONDITIONS] if effect.spec.condition else []),
        *([C.ATTACH_STEP_COSTS] if effect.spec.cost else []),
        C.ATTACH_STEP_OTHERS,
    ]
    return step(
        state,
        phase,
        player,
        f"{' '.join(filter(None, (outcome.narration, told)))} Only its attachment "
        "effect is used, not its other effects.",
        (*followed, *outcome.citations),
        [state.card_event("attach", player, (uid,))],
        (C.ATTACH, C.ATTACH_GLOSSARY_TOO, *outcome.glossary),
    )


def check_attach_from(state: DState, top: Frame | None, chosen: Action) -> tuple[Reason, ...]:
    uid = state.instances.uid(chosen.cards[0]) if len(chosen.cards) == 1 else None
    if top is None or uid is None or uid not in _candidates(state, chosen.player, top):
        return (Reason("Name a card the effect may attach.", C.ATTACH_BY_EFFECT),)
    return tuple(attach_reasons(state, chosen.player, uid))

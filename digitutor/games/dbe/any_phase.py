"""Any Phase: a DATA or EFFECT card, or a card's Turbo, is used from the hand at a phase's step 1 ("May use this card
during any of the Phase's Step 1"). It has no zone: it resolves at once and goes to the trash (FAQ, No-Zone cards).

Turbo makes a card's Support effect an Any Phase one: "Turbo:" with a cost, "Turbo Evolve" in an Evolution Phase
(with a condition), "Turbo Support" in a Support Phase (with an added risk).
"""

from __future__ import annotations

from ...core.actions import Action, action
from ...core.effects import Effect
from ...core.frames import Frame
from ...core.records import Decision, Option, Reason, Step
from ..dmb.common import name, step
from ..dmb.run import holds, run_effects
from ..dmb.state import DState, frame_phase
from . import citations as C

#: a Turbo timing -> the phase it is limited to (None: any phase)
TURBOS = {"turbo": None, "turbo-evolve": "evolution", "turbo-support": "support"}
PHASES = ("prep", "evolution", "support", "battle")


def _turbo(card, phase: str) -> Effect | None:
    return next((e for e in card.effects if e.spec.timing in TURBOS and TURBOS[e.spec.timing] in (None, phase)), None)


def usable(state: DState, player: int, uid: int, phase: str) -> tuple[Effect, ...]:
    """The effects a card in the hand would carry out if used now as Any Phase (empty: it cannot be)."""
    card = state.cards[uid]
    own = tuple(e for e in card.effects if e.spec.timing in ("data", "any-phase"))
    if own:
        return own
    turbo = _turbo(card, phase)
    if turbo is None:
        return ()
    # a Turbo's cost is met first; otherwise the card reads in order: its Support effect, then the Turbo's risk
    return (turbo, *card.supports) if turbo.spec.cost else (*card.supports, turbo)


def why_not_any_phase(state: DState, player: int, uid: int, phase: str) -> tuple[Reason, ...]:
    card = state.cards[uid]
    if uid not in state.sides[player].hand:
        return (Reason(f"{card.name} is not in your hand.", C.ANY_PHASE),)
    if usable(state, player, uid, phase):
        turbo = _turbo(card, phase)
        if (
            turbo is not None
            and turbo.spec.condition
            and not all(holds(state, player, s) for s in turbo.spec.condition)
        ):
            return (Reason(f"{card.name}'s Turbo condition is not met.", C.TURBO_CONDITION),)
        return ()
    if any(e.spec.timing in TURBOS for e in card.effects):
        return (Reason(f"{card.name}'s Turbo is for another phase.", C.TURBO),)
    return (Reason(f"{card.name} is not a DATA, EFFECT or Turbo card: it cannot be used at Any Phase.", C.ANY_PHASE),)


def ask_any_phase(state: DState, top: Frame) -> Decision | None:
    player = top.player
    assert player is not None
    phase = top.kind.partition(".")[0]
    ids = state.instances.ids
    ready = [
        uid
        for uid in state.sides[player].hand
        if usable(state, player, uid, phase) and not why_not_any_phase(state, player, uid, phase)
    ]
    if not ready:
        return None
    options = [
        Option(action("any-phase", player, ids[uid]), f"Use {state.label(uid)} now (Any Phase)") for uid in ready
    ]
    options.append(Option(action("no-any-phase", player), "Not now"))
    return Decision(
        player,
        "any-phase",
        f"{name(player)}: use a card at Any Phase (this phase's step 1)?",
        tuple(options),
        (C.ANY_PHASE, C.NO_ZONE),
        phase,
    )


def answer_any_phase(state: DState, top: Frame, chosen: Action) -> Step:
    phase = frame_phase(top)
    player = chosen.player
    state.pop()
    if chosen.kind == "no-any-phase":
        return step(state, phase, player, f"{name(player)} uses no card at Any Phase.", (C.ANY_PHASE,))
    side = state.sides[player]
    uid = state.uid(chosen.cards[0])
    card = state.cards[uid]
    effects = usable(state, player, uid, phase)
    side.hand.remove(uid)
    side.trash.append(uid)  # no zone: trashed once it is done resolving (or misfires)
    cited = [C.ANY_PHASE, C.NO_ZONE]  # used at this phase's step 1; no zone, so trashed once resolved
    glossary = [C.TIMING_ANATOMY]
    how = ""
    turbo = next((e for e in effects if e.spec.timing in TURBOS), None)
    if turbo is not None:
        cited.append(TURBO_FORMS[turbo.spec.timing])  # the Turbo's form: a cost, a condition, or a risk
        glossary.append(C.TURBO)
        if turbo.spec.timing == "turbo-support":
            cited.append(C.ANY_SUPPORT_PHASE)
        how = " by its Turbo"
    elif card.data:
        cited.append(C.DATA_ANY_PHASE)  # DATA timing: Any Phase among its uses
        glossary += [C.DATA_CARD, C.CARD_TIMING_DATA, C.DATA_TIMING]
    else:
        cited.append(C.CARD_TIMING_EFFECT)  # EFFECT timing: the timing its effect box gives, here Any Phase
        glossary += [C.EFFECT_CARD, C.EFFECT_TIMING]
    outcome = run_effects(state, player, effects, uid)
    return step(
        state,
        phase,
        player,
        f"{name(player)} uses {card.name}{how} at Any Phase; it has no zone and goes to the trash. {outcome.narration}",
        cited + outcome.citations,
        [state.card_event("any-phase", player, (uid,)), *outcome.events],
        glossary + outcome.glossary,
    )


TURBO_FORMS = {"turbo": C.TURBO_COST, "turbo-evolve": C.TURBO_CONDITION, "turbo-support": C.TURBO_RISK}


def check_any_phase(state: DState, top: Frame | None, chosen: Action) -> tuple[Reason, ...]:
    if chosen.kind == "no-any-phase":
        return ()
    if len(chosen.cards) != 1 or state.instances.uid(chosen.cards[0]) is None:
        return (Reason("Name one card of your hand.", C.ANY_PHASE),)
    phase = top.kind.partition(".")[0] if top is not None else state.phase.value
    return why_not_any_phase(state, chosen.player, state.uid(chosen.cards[0]), phase)

"""ACTIVATE and Data Break (once per game per card, by the turn player) and [1/Turn] effects (once in each player's
turn, by their owner, turn player or not), at the first step of a phase ("Any Phase")."""

from __future__ import annotations

from ...core.actions import Action, action
from ...core.frames import Frame
from ...core.records import Decision, Option, Reason, Step
from .common import name, step
from .run import run_effects
from .state import DState, Phase, frame_phase

TIMINGS = ("activate", "data-break", "per-turn")


def _effects(state: DState, uid: int) -> tuple:
    return tuple(e for e in state.cards[uid].effects if e.spec.timing in TIMINGS)


def why_not_activate(state: DState, player: int, uid: int) -> tuple[Reason, ...]:
    """Every reason this card's ACTIVATE (or Data Break) cannot be used now."""
    side = state.sides[player]
    card = state.cards[uid]
    reasons = []
    if not _effects(state, uid):
        return (Reason(f"{card.name} has no ACTIVATE effect.", state.cites.ACTIVATE),)
    once_a_turn = all(e.spec.timing == "per-turn" for e in _effects(state, uid))
    if player != state.active and not once_a_turn:  # a [1/Turn] effect may be used in either player's turn
        reasons.append(Reason("ACTIVATE is used by the turn player.", state.cites.ACTIVATE))
    if not side.active or side.active[-1] != uid:
        reasons.append(Reason(f"{card.name} is not your active Digimon.", state.cites.ACTIVATE))
    if once_a_turn and (uid, state.turn) in side.used_this_turn:
        reasons.append(Reason(f"{card.name}'s [1/Turn] effect was already used this turn.", state.cites.ONCE_A_TURN))
    if not once_a_turn and uid in side.activated:
        reasons.append(
            Reason(f"{card.name}'s ACTIVATE was already used: once per game, per card.", state.cites.ACTIVATE)
        )
    if any(e.spec.timing == "data-break" for e in _effects(state, uid)) and not any(
        state.cards[u].level == "M" for u in side.destiny
    ):
        reasons.append(
            Reason(
                "Data Break costs deleting your Level M from your Destiny Zone, and none is there.",
                state.cites.DATA_BREAK,
            )
        )
    return tuple(reasons)


def ask_activate(state: DState, top: Frame) -> Decision | None:
    """The first step of a phase: the turn player may use an ACTIVATE or
    [1/Turn] effect, then the other player a [1/Turn] one."""
    player = state.active if top.player is None else top.player
    side = state.sides[player]
    if not side.active or not _effects(state, side.active[-1]):
        return None
    uid = side.active[-1]
    reasons = why_not_activate(state, player, uid)
    if reasons:
        return None  # nothing that could be activated now: no question to ask
    options = (
        Option(
            action("activate", player, state.iid(uid)),
            f"Use {state.label(uid)}'s effect: {_effects(state, uid)[0].spec.quote}",
        ),
        Option(action("no-activate", player), "Not now"),
    )
    return Decision(
        player,
        "activate",
        f"{name(player)}: use an ACTIVATE or [1/Turn] effect now?",
        options,
        (*_step_one(state, state.phase), state.cites.ACTIVATE, state.cites.ONCE_A_TURN, state.cites.ANY_PHASE),
        state.phase.value,
    )


def _step_one(state: DState, phase: Phase) -> tuple:
    """The phase's first step, when abilities on cards in play activate: the moment "Any Phase" names."""
    rule = {
        Phase.PREP: "PREP_ABILITIES",
        Phase.EVOLUTION: "EVOLUTION_ABILITIES",
        Phase.SUPPORT: "SUPPORT_ABILITIES",
        Phase.BATTLE: "BATTLE_ABILITIES",
        Phase.END: "END_ABILITIES",
    }.get(phase)
    return (getattr(state.cites, rule),) if rule else ()


def answer_activate(state: DState, top: Frame, chosen: Action) -> Step:
    phase = frame_phase(top)
    player = chosen.player
    state.pop()
    if chosen.kind == "no-activate":  # the phase's first step passes without it
        return step(
            state,
            phase,
            player,
            f"{name(player)} does not activate.",
            _step_one(state, phase) or (state.cites.ANY_PHASE,),
            glossary=(state.cites.ANY_PHASE,),
        )
    side = state.sides[player]
    uid = state.uid(chosen.cards[0])
    effects = _effects(state, uid)
    once_a_turn = all(e.spec.timing == "per-turn" for e in effects)
    cited = [state.cites.ONCE_A_TURN] if once_a_turn else [state.cites.ACTIVATE]
    glossary = [state.cites.ANY_PHASE]  # the moment of use: a phase's first step
    told = ""
    if any(e.spec.timing == "data-break" for e in effects):
        mega = next(u for u in side.destiny if state.cards[u].level == "M")
        side.destiny.remove(mega)
        side.deleted.append(mega)
        cited.insert(0, state.cites.DATA_BREAK)  # ACTIVATE's timing, paid for by deleting the Level M
        glossary += [state.cites.DELETE, *state.cites.MORE.get("data-break", ())]
        told = f" Data Break: {state.label(mega)} is deleted from the Destiny Zone."
    elif not once_a_turn:
        cited += state.cites.MORE.get("activate", ())
    if once_a_turn:
        side.used_this_turn = (*side.used_this_turn, (uid, state.turn))
    else:
        side.activated = (*side.activated, uid)
    outcome = run_effects(state, player, effects)
    return step(
        state,
        phase,
        player,
        f"{name(player)} activates {state.label(uid)}.{told} {outcome.narration}",
        cited + outcome.citations,
        outcome.events,
        glossary + outcome.glossary,
    )


def check_activate(state: DState, top: Frame | None, chosen: Action) -> tuple[Reason, ...]:
    if len(chosen.cards) != 1:
        return (Reason("Name one card.", state.cites.ACTIVATE),)
    return why_not_activate(state, chosen.player, state.uid(chosen.cards[0]))

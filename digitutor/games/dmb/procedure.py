"""The Digimon Battles procedure: the one table of who runs each frame (the turn's phases as frames are in ``turn``)."""

from __future__ import annotations

import random

from ...core.actions import Action, action
from ...core.frames import Frame
from ...core.game import DecisionRule, Procedure
from ...core.records import Decision, Option, Step
from . import activate, battle, choices, evolution, prep, support
from .common import name, step
from .state import DState, Phase

HAND_LIMIT = 6


def ask_discard(state: DState, top: Frame) -> Decision | None:
    player = state.active
    hand = state.sides[player].hand
    if len(hand) <= HAND_LIMIT:
        return None
    ids = state.instances.ids
    options = tuple(Option(action("discard", player, ids[uid]), f"Discard {state.label(uid)}") for uid in hand)
    return Decision(
        player,
        "discard",
        f"{name(player)}: discard down to {HAND_LIMIT} cards ({len(hand)} in hand).",
        options,
        (state.cites.DISCARD_TO_SIX, state.cites.END_ABILITIES),
        Phase.END.value,
    )


def answer_discard(state: DState, top: Frame, chosen: Action) -> Step:
    player = chosen.player
    uid = state.uid(chosen.cards[0])
    side = state.sides[player]
    side.hand.remove(uid)
    side.trash.append(uid)
    return step(
        state,
        Phase.END,
        player,
        f"{name(player)} discards {state.label(uid)} ({len(side.hand)} in hand).",
        (state.cites.DISCARD_TO_SIX,),
        [state.card_event("discard", player, (uid,))],
    )


def _skip(state: DState, top: Frame, rng: random.Random) -> None:
    state.pop()
    return None


PROCEDURE = Procedure(
    steps={
        "setup.shuffle": prep.setup_shuffle,
        "setup.shuffle-back": prep.setup_shuffle_back,
        "setup.first": prep.setup_first,
        "prep.draw": prep.prep_draw,
        "strategy.start": support.strategy_start,
        "support.jam-window": support.jam_window,
        "support.void": support.support_void,
        "support.resolve": support.support_resolve,
        "strategy.reveal": battle.battle_reveal,
        "battle.abilities": battle.battle_abilities,
        "battle.first": battle.battle_first,
        "battle.second": battle.battle_second,
        "battle.ko": battle.battle_ko,
        "battle.unopposed": battle.battle_unopposed,
        "end.cleanup": battle.end_cleanup,
        "effect.shuffle": choices.effect_shuffle,
    },
    decisions={
        "setup.mulligan": DecisionRule(
            frozenset({"bottom", "keep"}), prep.ask_setup_mulligan, prep.answer_setup_mulligan
        ),
        "prep.mulligan": DecisionRule(
            frozenset({"full-mulligan", "no-mulligan"}), prep.ask_free_mulligan, prep.answer_free_mulligan
        ),
        "prep.new": DecisionRule(
            frozenset({"play"}), prep.ask_new_digimon, prep.answer_new_digimon, prep.no_new_digimon
        ),
        "prep.partner": DecisionRule(
            frozenset({"partner-evolve", "no-partner-evolve"}), prep.ask_partner, prep.answer_partner
        ),
        "evolution.rack": DecisionRule(frozenset({"rack", "no-rack"}), evolution.ask_rack, evolution.answer_rack),
        "evolution.evolve": DecisionRule(
            frozenset({"evolve", "evolve-with", "dna", "no-evolve"}),
            evolution.ask_evolve,
            evolution.answer_evolve,
            evolution.skip_evolve,
        ),
        "evolution.bonus-order": DecisionRule(
            frozenset({"bonus"}), evolution.ask_bonus_order, evolution.answer_bonus_order, evolution.last_bonus
        ),
        "strategy.choose": DecisionRule(frozenset({"attack"}), support.ask_strategy, support.answer_strategy),
        "support.declare": DecisionRule(
            frozenset({"support", "partner-option", "blind", "no-support"}), support.ask_support, support.answer_support
        ),
        "support.jam": DecisionRule(frozenset({"jam", "no-jam"}), support.ask_jam, support.answer_jam),
        "end.discard": DecisionRule(frozenset({"discard"}), ask_discard, answer_discard),
        "evolution.activate": DecisionRule(
            frozenset({"activate", "no-activate"}), activate.ask_activate, activate.answer_activate
        ),
        "support.activate": DecisionRule(
            frozenset({"activate", "no-activate"}), activate.ask_activate, activate.answer_activate
        ),
        "battle.activate": DecisionRule(
            frozenset({"activate", "no-activate"}), activate.ask_activate, activate.answer_activate
        ),
        "effect.discard": DecisionRule(frozenset({"effect-discard"}), choices.ask_discard, choices.answer_discard),
        "effect.take": DecisionRule(frozenset({"take"}), choices.ask_take, choices.answer_take, choices.no_take),
        "effect.attach": DecisionRule(
            frozenset({"attach"}), choices.ask_attach, choices.answer_attach, choices.no_attach
        ),
        "effect.shatter": DecisionRule(
            frozenset({"shatter", "no-shatter"}), choices.ask_shatter, choices.answer_shatter
        ),
        "effect.look": DecisionRule(
            frozenset({"recode-top", "recode-bottom"}), choices.ask_look, choices.answer_look, choices.done_looking
        ),
    },
)

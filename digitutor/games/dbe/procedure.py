"""The DBE procedure: DMB's frames and handlers where the rule is the same, DBE's own where it differs."""

from __future__ import annotations

from ...core.game import ActionRule, DecisionRule, Procedure
from ..dmb import checks as dmb_checks
from ..dmb import evolution as dmb_evolution
from ..dmb import prep as dmb_prep
from ..dmb.procedure import PROCEDURE as DMB
from . import any_phase, attach_from, battle, choices, effect_evolution, matrix, more_supports, pregame, triggers, turn
from . import citations as C
from .turn import turn_frames

__all__ = ["ACTIONS", "PROCEDURE", "turn_frames"]

PROCEDURE = Procedure(
    steps={
        **{kind: handler for kind, handler in DMB.steps.items() if not kind.startswith("setup.")},
        "setup.shuffle": pregame.setup_inspect,
        "setup.opening": pregame.setup_opening,
        "setup.combine": pregame.setup_combine,
        "setup.first": pregame.setup_first,
        "prep.draw": turn.prep_draw,
        "prep.triggers": triggers.phase_triggers,
        "support.triggers": triggers.phase_triggers,
        "end.triggers": triggers.phase_triggers,
        "strategy.start": triggers.strategy_start,
        "battle.abilities": battle.battle_abilities,
        "strategy.reveal": battle.battle_reveal,
        "battle.first": battle.battle_first,
        "battle.second": battle.battle_second,
        "battle.ko": battle.battle_ko,
        "support.resolve": battle.support_resolve,
        "support.restart": more_supports.support_restart,
        "support.void-again": more_supports.support_void_again,
        "strategy.skip": turn.first_turn_skip,
        "end.cleanup": turn.end_cleanup,
    },
    decisions={
        **{kind: rule for kind, rule in DMB.decisions.items() if kind != "setup.mulligan"},
        "setup.side-pile": DecisionRule(frozenset({"side-pile"}), pregame.ask_side_pile, pregame.answer_side_pile),
        "setup.mulligan": DecisionRule(
            frozenset({"mulligan-card", "keep"}), pregame.ask_mulligan, pregame.answer_mulligan
        ),
        "prep.new": DecisionRule(
            frozenset({"play"}), dmb_prep.ask_new_digimon, turn.answer_new_digimon, dmb_prep.no_new_digimon
        ),
        "prep.partner": DecisionRule(
            frozenset({"partner-evolve", "no-partner-evolve"}), turn.ask_partner, turn.answer_partner
        ),
        "evolution.rack": DecisionRule(frozenset({"rack", "no-rack"}), dmb_evolution.ask_rack, turn.answer_rack),
        "support.declare": DecisionRule(
            frozenset({"support", "partner-option", "blind", "no-support"}), battle.ask_support, battle.answer_support
        ),
        "prep.trigger-order": DecisionRule(frozenset({"trigger-first"}), triggers.ask_order, triggers.answer_order),
        "support.trigger-order": DecisionRule(frozenset({"trigger-first"}), triggers.ask_order, triggers.answer_order),
        "end.trigger-order": DecisionRule(frozenset({"trigger-first"}), triggers.ask_order, triggers.answer_order),
        **{
            f"{phase}.any-phase": DecisionRule(
                frozenset({"any-phase", "no-any-phase"}), any_phase.ask_any_phase, any_phase.answer_any_phase
            )
            for phase in any_phase.PHASES
        },
        "effect.discard-dp": DecisionRule(frozenset({"discard-dp"}), choices.ask_discard_dp, choices.answer_discard_dp),
        "effect.dig-top": DecisionRule(
            frozenset({"dig-top"}), choices.ask_dig_top, choices.answer_dig_top, choices.no_dig_top
        ),
        "support.pay-dp": DecisionRule(frozenset({"pay-dp", "no-pay-dp"}), choices.ask_pay_dp, choices.answer_pay_dp),
        "support.jam-now": DecisionRule(
            frozenset({"jam-now", "no-jam-now"}), choices.ask_jam_now, choices.answer_jam_now
        ),
        "effect.attach-from": DecisionRule(
            frozenset({"attach-from"}),
            attach_from.ask_attach_from,
            attach_from.answer_attach_from,
            attach_from.no_attach_from,
        ),
        "effect.add-support": DecisionRule(
            frozenset({"extra-support", "no-extra-support"}),
            more_supports.ask_add_support,
            more_supports.answer_add_support,
        ),
        "effect.evolve": DecisionRule(
            frozenset({"effect-evolve"}),
            effect_evolution.ask_effect_evolve,
            effect_evolution.answer_effect_evolve,
            effect_evolution.no_effect_evolve,
        ),
        "evolution.evolve": DecisionRule(
            frozenset({"evolve", "evolve-with", "evolve-dp-with", "evolve-reveal", "dna", "no-evolve"}),
            turn.ask_evolve,
            turn.answer_evolve,
            turn.skip_evolve,
        ),
        "evolution.matrix": DecisionRule(
            frozenset({"matrix-evolve", "matrix-none"}), matrix.ask_matrix, turn.answer_matrix
        ),
    },
)

ACTIONS: dict[str, ActionRule] = {
    **{kind: rule for kind, rule in dmb_checks.actions(C).items() if kind != "bottom"},
    "side-pile": ActionRule(C.SIDE_PILE, "The Side Pile is made before the game.", pregame.check_side_pile),
    "mulligan-card": ActionRule(C.MULLIGAN, "The opening mulligan happens before the game.", pregame.check_mulligan),
    "keep": ActionRule(C.MULLIGAN, "The opening mulligan happens before the game.", pregame.check_mulligan),
    "evolve": ActionRule(C.BY_DP, "Evolution happens in the turn player's Evolution Phase.", turn.check_evolve),
    "evolve-with": ActionRule(
        C.BY_CARD, "Evolution cards are played in the turn player's Evolution Phase.", turn.check_evolve
    ),
    "dna": ActionRule(C.BY_DNA, "DNA evolution happens in the turn player's Evolution Phase.", turn.check_evolve),
    "evolve-dp-with": ActionRule(
        C.DP_EVOLVE_CARD, "EVOLVE cards are played in the turn player's Evolution Phase.", turn.check_evolve
    ),
    "trigger-first": ActionRule(
        C.TURN_PLAYER_ORDERS,
        "The turn player orders effects of both players that trigger at once.",
        triggers.check_order,
    ),
    "support": ActionRule(
        C.SUPPORTING, "Supports are declared in the Support Phase, the non-turn player first.", battle.check_support
    ),
    "discard-dp": ActionRule(
        C.DISCARD_ANY, "An effect that discards from a DP zone says so when it resolves.", choices.check_discard_dp
    ),
    "dig-top": ActionRule(
        C.TOP_FIVE, "An effect that sets top cards apart says so when it resolves.", choices.check_dig_top
    ),
    "pay-dp": ActionRule(
        C.PAYING_DP, 'An attachment\'s "Pay X DP from this" is used in the Support Phase.', choices.check_pay_dp
    ),
    "no-pay-dp": ActionRule(C.PAYING_DP, 'An attachment\'s "Pay X DP from this" is used in the Support Phase.'),
    "jam-now": ActionRule(
        C.JAM_GAINED,
        "Jamming gained from a Support voids a Digimon Support that has not resolved.",
        choices.check_jam_now,
    ),
    "no-jam-now": ActionRule(
        C.JAM_GAINED, "Jamming gained from a Support voids a Digimon Support that has not resolved."
    ),
    "attach-from": ActionRule(
        C.ATTACH_BY_EFFECT,
        "A card is attached by another card's effect when that effect resolves.",
        attach_from.check_attach_from,
    ),
    "any-phase": ActionRule(C.ANY_PHASE, "Any Phase cards are used at a phase's step 1.", any_phase.check_any_phase),
    "no-any-phase": ActionRule(C.ANY_PHASE, "Any Phase cards are used at a phase's step 1."),
    "extra-support": ActionRule(
        C.MORE_SUPPORTS, "A card's effect lets its player play one more Support.", more_supports.check_add_support
    ),
    "no-extra-support": ActionRule(C.MORE_SUPPORTS, "A card's effect lets its player play one more Support."),
    "evolve-reveal": ActionRule(
        C.BY_CARD, "Evolution cards are played in the turn player's Evolution Phase.", turn.check_evolve
    ),
    "matrix-evolve": ActionRule(
        C.MATRIX, "A Future among revealed cards is chosen when the card reveals them.", matrix.check_matrix
    ),
    "matrix-none": ActionRule(
        C.MATRIX, "A Future among revealed cards is chosen when the card reveals them.", matrix.check_matrix
    ),
    "effect-evolve": ActionRule(
        C.EFFECT_EVOLUTION, "An effect that evolves says so when it resolves.", effect_evolution.check_effect_evolve
    ),
}

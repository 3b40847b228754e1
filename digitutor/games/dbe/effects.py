"""DBE's part of the effect language: DMB's words (the same rules, citing DBE's text) and DBE's own.

Card effects are data (``effects`` in cards/dbe/cards.yaml). The verbs and attack abilities DBE shares with
DMB are DMB's code; ``C`` makes each cite the DBE clause that defines it.
"""

from __future__ import annotations

from ...core.effects import Timing
from ..dmb.effects import attack_abilities, effect_rules
from . import citations as C

RULES = effect_rules(
    "dbe",
    C,
    values={"hp-costs-zero": ('a passive: costs that lower your HP are 0 ("costs are 0")', C.COSTS_ARE_ZERO)},
    timings={
        "prep-phase": Timing(
            "prep-phase",
            "Prep Phase: triggers at the start of every Prep Phase, either player's",
            C.PREP_PHASE_TIMING,
            static=False,
        ),
        "own-prep-phase": Timing(
            "own-prep-phase",
            "Own Prep Phase: triggers at the start of its owner's Prep Phase",
            C.OWN_PREP_PHASE_TIMING,
            static=False,
        ),
        "any-phase": Timing(
            "any-phase",
            "Any Phase: an EFFECT card used from the hand at a phase's step 1 (no zone)",
            C.ANY_PHASE,
            static=False,
        ),
        "turbo": Timing(
            "turbo",
            "Turbo: (its cost) — the card's Support effect may be used at Any Phase",
            C.TURBO_COST,
            static=False,
        ),
        "turbo-evolve": Timing(
            "turbo-evolve",
            "Turbo Evolve, (its condition) — the card's Support effect may be used at an Evolution Phase's step 1",
            C.TURBO_CONDITION,
            static=False,
        ),
        "turbo-support": Timing(
            "turbo-support",
            "Turbo Support and (its risk) — the card's Support effect may be used at a "
            "Support Phase's step 1 (Any Support Phase)",
            C.TURBO_RISK,
            static=False,
        ),
        "when-evolving": Timing(
            "when-evolving",
            "When evolving: an Evolution card's effect, with a valid Future in the Evolution Zone",
            C.WHEN_EVOLVING,
            static=False,
        ),
        "evolve": Timing(
            "evolve",
            "an Evolution card's own text after its evolution (or its failure), in order: it finishes resolving",
            C.CARD_FAILS,
            static=False,
        ),
        "after-evolving": Timing(
            "after-evolving",
            "After evolving: once the Future is the active Digimon, with its stats",
            C.AFTER_EVOLVING,
            static=False,
        ),
        "active-stack": Timing(
            "active-stack",
            "Active Zone: / Active Stack: a passive that applies anywhere in the active stack, not only on top",
            C.ACTIVE_STACK_TIMING,
            static=True,
        ),
        "opponent-discards": Timing(
            "opponent-discards",
            "When opponent discards: triggers when the opponent discards, interrupting the effect that made them",
            C.INTERRUPT,
            static=False,
        ),
        "attached-support": Timing(
            "attached-support",
            "[Attached] Support: usable by its owner in a Support Phase while the "
            "card is attached, before the Void check",
            C.PAYING_DP,
            static=False,
        ),
        "end-phase": Timing(
            "end-phase",
            "At End / End Phase: triggers at the start of its owner's End Phase",
            C.END_ABILITIES,
            static=False,
        ),
        "support-phase": Timing(
            "support-phase",
            "Support: / Support Phase: triggers at the start of every Support Phase, "
            "either player's (not a Support card)",
            C.SUPPORT_PHASE_TIMING,
            static=False,
        ),
    },
    verbs={
        "static": C.STATIC,
        "dark-draw": C.DARK_ACTION,
        "flatten": C.FLAT,
        "evolve-from": C.EFFECT_EVOLUTION,
        "add-support": C.MORE_SUPPORTS,
        "shuffle": C.SHUFFLE_IF_SAID,
        "discard-active": C.ACTIVE_ZONE,
        "set-hp": C.HP,
        "attach-from": C.ATTACH_BY_EFFECT,
        "discard-hand": C.DISCARD,
        "self-to-dp": C.RACK_UP,
        "access": C.ACCESS,
        "discard-dp": C.DISCARD,
        "dig-top": C.TOP_FIVE,
        "keep-dp": C.PAYING_DP_MEANS,
        "pay-dp": C.PAYING_DP,
        "self-under": C.ABNORMAL_STATE,
        "open-hand": C.HIDDEN_ZONES,
        "flip": C.FLIP,
        "remove-active": C.ACTIVE_ZONE,
        "change-attack": C.ATTACK_CHANGED,
        "partner-to-deck": C.SHUFFLE_IF_SAID,
        "flip-deck": C.FACE_UP_DECK,
    },
    game_verbs={
        "static": "Static X: delete the bottom `count` cards of the player's (`what.whose`, the opponent by default "
        "in an attack) trash",
        "dark-draw": "Dark Draw X: the top `count` cards of the deck go to the player's Dark Area (hidden; taken "
        "into the hand at their next draw)",
        "flatten": (
            "Flatten: add a flat token in front of the player's (`what.whose`) active Digimon; at 4 flats it is KO'd"
        ),
        "discard-active": (
            "the player's active Digimon (the top card of the active stack) goes to the trash; the card under it, if "
            "any, is the active Digimon now"
        ),
        "attach-from": (
            "attach a card named `what.name` from `what.zone` (deck, hand, trash) to the player's own active "
            "Digimon, if that card says Attach with an own scope, its conditions hold and its costs are met (FAQ, "
            "attachment conditions). List it last."
        ),
        "remove-active": (
            "the player's (`what.whose`) active Digimon and every card under it go to the bottom of their deck "
            "(attachments to the trash); a new Digimon is played in their next Prep Phase"
        ),
        "flip-deck": (
            "the player's (`what.whose`) deck is turned over: its order reverses, and it is played face up, the top "
            "card open to both players and the cards under it hidden (cards drawn from it were seen by both)"
        ),
        "partner-to-deck": (
            "the player's partner cards (the partner declared at the Pre-Game Setup) go from the trash into the "
            "deck; a `shuffle` after it mixes them in"
        ),
        "change-attack": (
            "the player's (`what.whose`) attack chosen this turn, still secret, is changed to the one named in "
            "`counter` (`cross` by default); a Jamming it brings comes too late to void a Support"
        ),
        "flip": "this flip card turns over to its other side (`flip` in the card file), only when a card says so",
        "open-hand": (
            "the player's (`what.whose`) hand stays face up, an open zone, until the End Phase (a lingering effect)"
        ),
        "self-under": "this card goes from the Support Zone into its owner's active zone, under the active Digimon; an "
        "Abnormal Digimon with enough cards under it now (R 0, C 1, U 2, M 3) is Abnormal no more",
        "keep-dp": "all of the player's DP cards go under this card, which tracks their DP (BIT-052 Immortalize)",
        "pay-dp": "(a cost) lower the DP this attached card tracks by `amount`; the cards under it stay",
        "access": "Access [type]: (as a cost) reveal a card of that type (`what.kind`) in own hand",
        "discard-dp": (
            "discard cards of the player's (`what.whose`) DP zone: all of them with `count: 0` (no amount given); "
            '`count` of them, chosen by the effect\'s owner ("Discard any"). List it last.'
        ),
        "dig-top": (
            "set the top `count` cards of own deck apart, put 1 that matches `what.kind` into DP, the others back in "
            "the same order (no shuffle). List it last."
        ),
        "discard-hand": (
            'the player discards their whole hand (it may make the opponent\'s "when opponent discards" effects '
            "interrupt)"
        ),
        "self-to-dp": "this card goes from the Support Zone into its owner's DP zone (or the opponent's, `what.whose`)",
        "set-hp": "the player's active Digimon's current HP becomes `amount`",
        "shuffle": "the player shuffles their deck, because the card says so (no other effect shuffles by itself)",
        "add-support": (
            "the player may put 1 more Support card from the hand into the Support Zone; it resolves when the "
            "resolution starts again (Support 5.4). List it last."
        ),
        "evolve-from": (
            "evolve by an effect: the player picks a valid Digimon (`what.level`) from `what.zone` (deck) and shows "
            "it; valid by the rules of evolving by DP, DP ignored; not the turn's one evolution. List it last."
        ),
    },
)

#: the attack abilities a DBE card's attack or an effect may name: DMB's, and DBE's own
ABILITIES = {
    **attack_abilities(C),
    "2nd-attack": C.SECOND_ATTACK,
    "flatten": C.A_FLATTEN,
    "grudge": C.A_GRUDGE,
    "killer": C.A_KILLER,
    "static": C.A_STATIC,
}

"""The Digimon Card Game's part of the effect language: its timings, values, zones and verbs.

Card effects are data (``effects`` in cards/dcg/cards.yaml); what their words mean is here,
each citing the clause of the rule manual that defines it. Timings and keywords the manual
only names on cards ([Your Turn], <Rush>, ...) cite the interpretation ``card-timings``:
they act as the card's own reminder text says, and the step quotes that text.
"""

from __future__ import annotations

from ...core.effects import EffectRules, Timing
from . import citations as C

STATIC = ("always", "your-turn", "opponents-turn", "all-turns")

RULES = EffectRules(
    game="dcg",
    timings={
        "always": Timing(
            "always",
            "while the card is in play (a keyword: <Blocker>, <Security A. +1>, ...)",
            C.CARD_TEXT_FIRST,
            static=True,
        ),
        "your-turn": Timing("your-turn", "[Your Turn]: during its owner's turn", C.CARD_TIMINGS, static=True),
        "opponents-turn": Timing(
            "opponents-turn", "[Opponent's Turn]: during the opponent's turn", C.CARD_TIMINGS, static=True
        ),
        "all-turns": Timing("all-turns", "[All Turns]: during both players' turns", C.CARD_TIMINGS, static=True),
        "on-play": Timing(
            "on-play",
            "[On Play]: when the card is played (not when moved out of the breeding area)",
            C.MOVE_NOT_PLAY,
            static=False,
        ),
        "when-digivolving": Timing(
            "when-digivolving",
            "[When Digivolving]: when a Digimon digivolves into this card, after the digivolution bonus",
            C.WHEN_DIGIVOLVING_AFTER_BONUS,
            static=False,
        ),
        "when-attacking": Timing(
            "when-attacking", "[When Attacking]: when the Digimon attacks", C.WHEN_ATTACKING, static=False
        ),
        "your-digimon-attacks": Timing(
            "your-digimon-attacks",
            "when one of its owner's Digimon attacks (on another card: a Tamer, a Digimon)",
            C.WHEN_ATTACKING,
            static=False,
        ),
        "on-deletion": Timing(
            "on-deletion",
            "[On Deletion]: when the Digimon is deleted, after it is in the trash",
            C.ON_DELETION_AFTER_TRASH,
            static=False,
        ),
        "main": Timing(
            "main",
            "[Main]: an Option used from the hand, or an effect activated in the main phase",
            C.MAIN_EFFECTS,
            static=False,
        ),
        "security": Timing(
            "security", "[Security]: when the card is checked from the security stack", C.SECURITY_EFFECT, static=False
        ),
        "counter": Timing(
            "counter",
            "[Counter]: at counter timing, when an opponent's Digimon attacks",
            C.COUNTER_TIMING,
            static=False,
        ),
        "start-of-your-turn": Timing("start-of-your-turn", "[Start of Your Turn]", C.CARD_TIMINGS, static=False),
        "end-of-your-turn": Timing("end-of-your-turn", "[End of Your Turn]", C.CARD_TIMINGS, static=False),
    },
    values={
        "dp": ("a Digimon's DP (Digimon Power)", C.CARD_DP),
        "security-attack": ("<Security A. +N>: how many more security cards its attack checks", C.SECURITY_A),
        "blocker": ("<Blocker>: it may block at blocker timing", C.BLOCKER),
        "rush": ("<Rush>: it may attack the turn it is played", C.CARD_TIMINGS),
        "piercing": ("<Piercing>: after it deletes a Digimon in battle, it checks security", C.CARD_TIMINGS),
        "jamming": ("<Jamming>: it is not deleted in battles against Security Digimon", C.CARD_TIMINGS),
        "reboot": ("<Reboot>: it unsuspends in the opponent's unsuspend phase", C.CARD_TIMINGS),
    },
    zones={
        "hand": "the player's hand",
        "deck": "the player's deck (top last)",
        "deck-bottom": "the bottom of the deck",
        "trash": "the trash (recycle bin), face up",
        "security": "the security stack (top last)",
        "security-bottom": "the bottom of the security stack",
        "battle-area": "Digimon and Tamers in play (each by its top card)",
        "breeding-area": "the breeding area",
        "egg-deck": "the Digi-Egg deck",
        "sources": "the digivolution cards of the card's Digimon",
    },
    verbs={
        "draw": C.DRAW,
        "move": C.CARD_TEXT_FIRST,
        "delete": C.DELETED_STACK,
        "gain": C.GAIN_LOSE_WHO,
        "lose": C.GAIN_LOSE_WHO,
        # the manual says nothing of its own on changing a value, shuffling,
        # suspending or unsuspending by an effect: the card's text
        "reveal": C.CARD_TEXT_FIRST,
        "search": C.CARD_TEXT_FIRST,
        "choose": C.CARD_TEXT_FIRST,
        "change": C.CARD_TEXT_FIRST,
        "shuffle": C.CARD_TEXT_FIRST,
        "suspend": C.CARD_TEXT_FIRST,
        "unsuspend": C.CARD_TEXT_FIRST,
        "play": C.CARD_TEXT_FIRST,
        "de-digivolve": C.CARD_TIMINGS,
        "play-token": C.TOKENS_ONLY_BY_EFFECTS,
        "digivolve": C.EFFECT_DIGIVOLVE,
    },
    game_verbs={
        "suspend": "suspend the selected Digimon or Tamers",
        "unsuspend": "unsuspend the selected Digimon or Tamers",
        "play": "play the selected cards without paying their cost (no digivolution; On Play effects trigger)",
        "de-digivolve": (
            "<De-Digivolve N>: trash the top `count` cards of the selected Digimon, leaving at least one card"
        ),
        "play-token": "play `count` Tokens `card` (a card id of a Token) in the effect owner's battle area",
        "digivolve": (
            "the Digimon kept under the name `onto` digivolves into the selected card (from the hand), paying the "
            "digivolution cost less `amount`; a normal digivolution, never a burst"
        ),
    },
)

"""D-Tector's part of the effect language: the timings, values and zones its Special Effects use.

A Special Effect is card data (``effects`` in cards.yaml); what its words mean is here,
each citing the rule that defines it. D-Tector effects change only the card they are on.
"""

from __future__ import annotations

from ...core.effects import Effect, EffectRules, Timing, Value, own_value
from . import citations as C

RULES = EffectRules(
    game="dtector",
    timings={
        "battle-call": Timing(
            "battle-call", "while the card is compared in the Battle Call Command Phase", C.SAME_TYPE, static=True
        ),
        "defending": Timing(
            "defending", "while the card blocks an attack in the Digi-Battle Phase", C.DEFEND, static=True
        ),
        "attack-unblocked": Timing(
            "attack-unblocked",
            "when the card's attack is not blocked and it damages the defender's deck",
            C.UNDEFENDED_DAMAGE,
            static=True,
        ),
    },
    values={
        "power": ("Digimon Power", C.DIGIMON_POWER),
        "damage": ("cards discarded from the defender's deck by an attack that is not blocked", C.DAMAGE_PER_POINT),
    },
    zones={
        "hand": "the player's hand",
        "deck": "the player's deck (face down)",
        "d-dock": "the D-Dock",
        "discard": "the discard pile",
        "score": "the Score area",
        "battle-call": "the Battle Call card (face down until revealed)",
    },
    verbs={"draw": C.SHUFFLE_AND_DRAW, "move": C.DAMAGE_PER_POINT},
)


def power(effects: tuple[Effect, ...], printed: int, *now: str) -> Value:
    """Digimon Power with the card's own Special Effects that hold at the timings ``now``."""
    return own_value(effects, RULES, "power", printed, frozenset(now))


def damage(effects: tuple[Effect, ...], printed: int) -> Value:
    """The damage of an attack that is not blocked: its power, plus the attacker's own effects."""
    return own_value(effects, RULES, "damage", printed, frozenset({"attack-unblocked"}))

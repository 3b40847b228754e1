"""Digimon Battles' part of the effect language: its timings, values, zones and verbs.

Card effects are data (``effects`` in cards/dmb/cards.yaml); what their words mean is here,
each citing the DMB clause that defines it. ``run`` carries out a support's or a bonus's verbs
on the state; the Battle Phase reads what they left in each side's ``Battle`` record.
"""

from __future__ import annotations

from types import ModuleType

from ...core.effects import Effect, EffectRules, Selector, Timing
from . import citations as DMB


def effect_rules(
    game: str,
    C: ModuleType,
    verbs: dict | None = None,
    game_verbs: dict | None = None,
    timings: dict | None = None,
    values: dict | None = None,
) -> EffectRules:
    """The effect language of a game with DMB's rules, citing the game's table ``C`` (DMB's, or DBE's);
    ``verbs``/``game_verbs``/``timings`` are the game's own beyond DMB's."""
    return EffectRules(
        game=game,
        otherwise=C.CONDITIONALS,
        timings={
            "support": Timing(
                "support",
                "a card's Support text, resolved in the Support Phase (last in, first out)",
                C.SUPPORTING,
                static=False,
            ),
            "void": Timing(
                "void", "a Void Support: checked before every other Support effect", C.VOID_FIRST, static=False
            ),
            "evo-bonus": Timing(
                "evo-bonus", "an Evolution Box bonus, resolved after the evolution", C.EVO_BONUS, static=False
            ),
            "activate": Timing(
                "activate",
                "ACTIVATE: once per game per card, by the turn player at a phase's first step",
                C.ACTIVATE,
                static=False,
            ),
            "per-turn": Timing(
                "per-turn",
                "[1/Turn] ... : its owner may use it once in each player's turn, at a phase's first step",
                C.ONCE_A_TURN,
                static=False,
            ),
            "data-break": Timing(
                "data-break",
                "Data Break: ACTIVATE, paid for by deleting your Level M from your Destiny Zone",
                C.DATA_BREAK,
                static=False,
            ),
            "data": Timing(
                "data",
                "DATA timing: EFFECT timing, acting when the card's effect box says (its Support)",
                C.DATA_TIMING,
                static=False,
            ),
            "passive": Timing(
                "passive",
                "(Parenthesis effect): applied at all times while the card is in play",
                C.PARENTHESIS,
                static=True,
            ),
            **(timings or {}),
        },
        values={
            "power": ("the Power of the Digimon's attacks", C.BOOST),
            "hp": ("a Digimon's current HP", C.RECOVER),
            "uncounterable": ("an evolution-box passive: your attacks cannot be countered", C.EVO_BOX_PASSIVES),
            "supports-cannot-lower-hp": (
                "a passive: no Support effect can lower your HP (an effect's cost still must be paid)",
                C.COSTS_VS_EFFECTS,
            ),
            **(values or {}),
        },
        zones={
            "hand": "the player's hand",
            "deck": "the player's deck (top last)",
            "active": "the active zone's Digimon stack",
            "dp": "the DP zone",
            "trash": "the trash zone (face up)",
            "destiny": "the Destiny Zone",
            "support": "the support cards played this Support Phase",
        },
        verbs={
            "boost": C.BOOST,
            "recover": C.RECOVER,
            "draw": C.A_DRAW,
            "trash": C.TRASH,
            "discard": C.DISCARD,
            "void": C.VOID,
            "gain-ability": C.ATTACK_ABILITIES,
            "revive": C.REVIVE,
            "recycle": C.RECYCLE,
            "take": C.TAKE,
            "recode": C.RECODE,
            "corrupt": C.CORRUPT,
            "attach": C.ATTACH,
            "recycle-any": C.RECYCLE_ANY,
            "dig": C.UNKNOWN_CARDS,
            "put-under": C.PLACED_UNDER,
            "lower-hp": C.COSTS_VS_EFFECTS,
            **(verbs or {}),
        },
        game_verbs={
            "boost": "Boost: the player's current Power goes up by `amount` until the End Phase",
            "recover": "Recover: the Digimon's current HP goes up by `amount`",
            "draw": "the player (`what.whose`) draws `count` cards",
            "trash": "Trash X: the top `count` cards of the player's (`what.whose`) deck go to their trash",
            "discard": (
                "the player (`what.whose`) discards `count` cards from the hand, of their choice (the engine takes "
                "the last ones)"
            ),
            "void": "Void: the opponent's Support is nullified",
            "gain-ability": (
                "the player's (`what.whose`) attack gains the attack ability named in `counter` (`1st-attack`, "
                "`cannot-gain-1st`, `counter:circle`, `crash`, `drain`, `to-0:triangle`); in DBE `jamming@triangle` "
                "adds it to that one attack only"
            ),
            "revive": (
                "Set Revival: if the Digimon is KO'd this turn it stays, with `amount` HP (10 if none), and is worth "
                "1 KO point"
            ),
            "recycle": "Recycle X: the top `count` cards of the trash go on top of the deck, without shuffling",
            "take": (
                "Take: the player picks a card matching `what` (`level`, `kind`) from `what.zone` (deck or trash) "
                "into the hand; from the deck it is shown and the deck shuffled (Cherrypicking). List it last."
            ),
            "recode": (
                "Recode X: look at the top `count` cards of your deck, put each on the top or the bottom. List it last."
            ),
            "attach": (
                "Attach: this card goes next to its owner's active Digimon (one attachment slot: a card already "
                "there is discarded)"
            ),
            "lower-hp": (
                "the player's current HP goes down by `amount` (not below 0); as a `cost` it is always paid, as a "
                'Support\'s effect a "Supports cannot lower your HP" passive stops it'
            ),
            "put-under": (
                "the player picks a card matching `what` from `what.zone` (trash) and places it under their active "
                "Digimon; an Abnormal Digimon whose new line is a valid evolution becomes Normal. List it last."
            ),
            "recycle-any": (
                "Recycle any: the player puts a card of their choice from the trash on top of the deck (no shuffle). "
                "List it last."
            ),
            "dig": (
                "put the top card of the deck that matches `what` into `to` (dp); the cards checked above it go "
                "back, and the deck is shuffled (in DMB always, in DBE if more than the top card was checked)"
            ),
            "corrupt": (
                "Corrupt X: look at the top `count` cards of the opponent's deck, put each on the top or the bottom. "
                "List it last."
            ),
            **(game_verbs or {}),
        },
    )


RULES = effect_rules("dmb", DMB)


def attack_abilities(C: ModuleType) -> dict:
    """The attack abilities a card's attack or an effect may name in a game with DMB's rules, each with its rule."""
    return {
        "1st-attack": C.A_FIRST,
        "to-0": C.A_TO_ZERO,
        "counter": C.A_COUNTER,
        "crash": C.A_CRASH,
        "x3": C.A_X3,
        "jamming": C.A_JAMMING,
        "drain": C.A_DRAIN,
        "draw": C.A_DRAW,
        "trash": C.A_TRASH,
        "recycle": C.A_RECYCLE,
        "recode": C.A_RECODE,
        "corrupt": C.A_CORRUPT,
        "attach": C.A_ATTACH,
        "shatter": C.A_SHATTER,
        "cannot-gain-1st": C.CANNOT_GAIN,
    }


ABILITIES = attack_abilities(DMB)


def whose(selector: Selector | None, owner: int) -> int:
    """The player a verb acts on: its owner unless the selector says the opponent."""
    return 1 - owner if selector is not None and selector.whose == "opponent" else owner


def can_attach(effects: tuple[Effect, ...]) -> bool:
    """Only a card whose text says Attach can be attached."""
    return any(verb.verb == "attach" for effect in effects for verb in effect.spec.do)


def passive_power(effects: tuple[Effect, ...], timing: str = "passive") -> int:
    """The Power a card's (Parenthesis) passives add while it is attached or active (or its ``timing`` ones)."""
    return sum(m.by or 0 for e in effects if e.spec.timing == timing for m in e.spec.modify if m.value == "power")


def has_passive(effects: tuple[Effect, ...], value: str) -> bool:
    return any(m.value == value for e in effects if e.spec.timing == "passive" for m in e.spec.modify)


def is_void(effects: tuple[Effect, ...]) -> bool:
    """A support whose effects carry the Void timing."""
    return any(effect.spec.timing == "void" for effect in effects)

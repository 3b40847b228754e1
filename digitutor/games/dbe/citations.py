"""Every citation the Digimon Battle Evolution procedure emits: verbatim DBE quotes and named interpretations.

The rules DBE shares with Digimon Battles run DMB's code (``games/dmb``), which cites through the state's table
(``state.cites``): this module is DBE's table, with the same names quoting DBE's own text, plus the names of the
rules only DBE has. Built at import time through ``cite``, so a quote that stops matching the shipped rulebook
fails the moment the game is loaded.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...rules.citations import cite, interpretation

# -- where the same rule differs in a number (the shared DMB code reads these from the game's table) -----------
#: dbe:anatomy-of-cards.12: "Level C stats are halved, Level U stats are quartered"
ABNORMAL_DIVISOR: dict[str, int] = {"C": 2, "U": 4}
#: dbe:evolution-phase.5.3.3.2 and 5.3.3.4: a Future whose evo-box names the active ignores level, and ignoring level
#: may "evolve backward (to a lower level ...), to the same level (C -> C) or to any other higher level"
BOX_ANY_LEVEL = True
PARTNER_ON_PLACE = False  #: DBE's turn has its own Partner Evolution step (dbe:prep-phase.turn.5)
#: zones only their owner sees: the hand, the Dark Area (dbe:prep-phase.turn.2.2) and the Side Pile (face down,
#: "opponent cannot check": dbe:pre-game-setup.3); the Destiny Zone is open (dbe:rules-faq ... hidden zones)
OWNER_ONLY = frozenset({"hand", "dark", "side-pile"})
WORDS = {"partner-option": "Proxy", "evolve-card": "Evolution card"}  #: DBE's names in narration
VOIDS_CANNOT_BE_VOIDED = True  #: dbe:support-phase.5.1.2: "Voids cannot nullify other void effects"
INTERRUPTS = True  #: dbe:rules-faq.interrupting-effects-triggers
COSTS_MUST_COMPLETE = True  #: dbe:rules-faq.costs-vs-effects: a cost not fully met voids the effect after the colon
DNA_BONUSES = False  #: dbe:evolution-phase.5.2.7: "Evolving by DNA does not activate an evo-bonus on its own"
DIG_ALWAYS_SHUFFLES = False  #: DBE's FAQ leaves a dig's shuffle to the normal shuffle rules (DMB's FAQ always shuffles)
CITES_REQUIREMENTS_MET = False  #: DBE's evolve steps cite their method's own requirement clauses (turn.py METHOD_CITES)
EVO_BONUS_BY_NAME = None  #: DBE's text says when a bonus applies ("obtained when evolving from the named Digimon")
EVOLVE_KIND = "evolution"  #: the yellow-bordered Evolution card (dbe:evolution-phase.5.1)
#: dbe:glossary.abnormal: cards needed under the active for it not to be Abnormal
UNDER_NEEDED = {"R": 0, "C": 1, "U": 2, "M": 3}


def card_set() -> Mapping[str, Any]:
    """The game's card set (a flip card names its other side by id), as the game registry holds it."""
    from ...core.registry import get_game  # the registry, not .cards: the card module builds on this table

    return get_game("dbe").plugs.cards()


def same_type(current, target) -> bool:
    """The type requirement: one type shared, subtypes counting the same as primary types (dbe:evolution-phase.5.3.3.3,
    dbe:anatomy-of-cards.15)."""
    return bool({current.type, *current.also} & {target.type, *target.also} - {None})


# -- Object of the game, pre-game setup --------------------------------------------------------------------
OBJECT = cite("dbe:object-of-the-game.p1", "The Digimon battle until one player defeats their opponent 4 times!")
SETUP_STEPS = cite("dbe:pre-game-setup.p1")
PREAMBLE = cite("dbe:pre-game-setup.1")
INSPECT = cite("dbe:pre-game-setup.2")
SIDE_PILE = cite("dbe:pre-game-setup.3")
OPENING_HAND = cite("dbe:pre-game-setup.4")
MULLIGAN = cite("dbe:pre-game-setup.5")
CREATE_DECK = cite("dbe:pre-game-setup.6")
FIRST_PLAYER = cite("dbe:pre-game-setup.7")
FIRST_PLAYER_RNG = interpretation(
    "dbe:interpretation.first-player-random",
    "The match's seeded generator decides the first turn-player",
    "The engine decides who is the first turn-player with a draw from the match's seeded random generator.",
    'The rulebook says only "Determine who will go first"; a seeded draw gives each player the same chance and '
    "keeps every game repeatable from its seed.",
    ("dbe:pre-game-setup.7",),
)
SIDE_PILE_CHOICE = interpretation(
    "dbe:interpretation.side-pile-by-card",
    "The Side Pile is chosen one card at a time",
    "Each player builds the Side Pile by moving one card at a time from the deck (seen by its owner only) until "
    "exactly 40 remain; with a 50-card deck that is the deck's size minus 40 minus the Destiny Zone.",
    'The rulebook says to remove "any cards" until the deck holds 40 but not how to pick them; one card at a '
    "time is the same freedom as a single choice and fits one decision per step.",
    ("dbe:pre-game-setup.3",),
)

# -- Prep Phase ----------------------------------------------------------------------------------------------
EACH_TURN = cite("dbe:prep-phase.turn")
AFTER_SETUP = cite("dbe:prep-phase.p1")
PREP_ABILITIES = cite("dbe:prep-phase.turn.1")
DRAW = cite("dbe:prep-phase.turn.2")
DARK_AREA_TAKEN = cite("dbe:prep-phase.turn.2.1")
DARK_AREA_HIDDEN = cite("dbe:prep-phase.turn.2.2")
ABNORMAL_STATS = cite("dbe:anatomy-of-cards.12")
DP_COST_ANATOMY = cite("dbe:anatomy-of-cards.6")
PLUS_P = cite("dbe:anatomy-of-cards.7")
EVO_BOX_ANATOMY = cite("dbe:anatomy-of-cards.8")
HP = cite("dbe:anatomy-of-cards.9")
POWER = cite("dbe:anatomy-of-cards.10")
ATTACK_ABILITY = cite("dbe:anatomy-of-cards.11")
LEVEL_M_NOT_MAIN = cite("dbe:anatomy-of-cards.3", "Level M cards do not go in your main deck.")
FREE_MULLIGAN = cite("dbe:prep-phase.turn.3")
PLAY_NEW = cite("dbe:prep-phase.turn.4")
NO_DIGIMON_LOSES = cite("dbe:prep-phase.turn.4.1")
ABNORMAL = cite("dbe:prep-phase.turn.4.2")
PARTNER_EVOLVE = cite("dbe:prep-phase.turn.5")
PARTNER_USES_EVOLUTION = cite("dbe:prep-phase.p2")
FORCED_MULLIGAN = cite(
    "dbe:rules-faq.lack-of-digimon-cant-mulligan",
    "This triggers a special mulligan rule: Reveal their hand to their opponent to confirm it contains no Digimon "
    "cards (even if they would be played as abnormal), then must mulligan as if they were allowed until a Digimon "
    "appears or they run out of cards in their deck; revealing each new hand this way.",
)
FORCED_MUST_PLAY = cite(
    "dbe:rules-faq.lack-of-digimon-cant-mulligan",
    "The first hand with a Digimon stops this process and one of them must be played as active (even if Abnormal).",
)
FORCED_LOSS = cite("dbe:rules-faq.lack-of-digimon-cant-mulligan.p1")
FORCED_EMPTY_HAND = interpretation(
    "dbe:interpretation.forced-mulligan-empty-hand",
    "A forced mulligan from an empty hand draws 1",
    "A forced mulligan discards the hand and draws as many cards, and at least 1: a player with no cards in hand "
    "draws 1.",
    'The FAQ forces mulligans "as if they were allowed until a Digimon appears"; a mulligan of 0 cards would draw '
    "nothing and never end.",
    ("dbe:rules-faq.lack-of-digimon-cant-mulligan",),
)
EMPTY_DECK = interpretation(
    "dbe:interpretation.empty-deck",
    "Drawing from an empty deck draws what is left",
    "A player asked to draw, trash or mulligan more cards than their deck holds takes only the cards that are "
    "there; an empty deck alone does not end the game.",
    "The rulebook names no loss for an empty deck; its only losses are 4 KO points and having no Digimon to play. "
    'Its FAQ says the same of an effect: "If your deck had 1 card, you would draw 1 and stop."',
    ("dbe:prep-phase.turn.2", "dbe:rules-faq.conditionals.p3"),
)
MULLIGAN_NEEDS_CARDS = interpretation(
    "dbe:interpretation.mulligan-needs-cards",
    "A full mulligan needs a deck that can replace the hand",
    "A free full mulligan is offered only while the deck holds at least as many cards as the hand.",
    'The rulebook lets a player mulligan "as many times as they wish" and says nothing of an empty deck; '
    "without this limit a mulligan could throw a hand away and draw nothing back.",
    ("dbe:prep-phase.turn.3",),
)

# -- Evolution Phase -------------------------------------------------------------------------------------------
EVOLUTION_ABILITIES = cite("dbe:evolution-phase.1")
RACK_UP = cite("dbe:evolution-phase.2")
ABNORMAL_OR_PARTNER = cite("dbe:evolution-phase.3")
SKIP_ABNORMAL = cite("dbe:evolution-phase.3.1")
ABNORMAL_EXAMPLE = cite("dbe:evolution-phase.3.1.1")
ABNORMAL_CARD_EFFECTS = cite("dbe:evolution-phase.3.1.2")
ABNORMAL_SKIPS_REST = cite("dbe:evolution-phase.3.1.3")
SKIP_PARTNER = cite("dbe:evolution-phase.3.2")
FUTURE = cite("dbe:evolution-phase.4.1")
EVO_BONUS = cite("dbe:evolution-phase.4.2")
DNA_NOT_BONUS = cite("dbe:evolution-phase.4.4")
PARTIAL_NAMES = cite("dbe:evolution-phase.4.3")
DP_WORDS = cite("dbe:evolution-phase.4.5")
EVOLVE_WORDS = cite("dbe:evolution-phase.4.6")
TERMS = cite("dbe:evolution-phase.4")
ZERO_DP_ROOKIE = cite("dbe:evolution-phase.4.12")
IGNORE = cite("dbe:evolution-phase.4.7")
WHEN_EVOLVING_BY_DP = cite("dbe:evolution-phase.4.10")
EVOLVE_ZONE = cite("dbe:evolution-phase.4.16")
CHOOSE_METHOD = cite("dbe:evolution-phase.5")
# by Evolution card
BY_CARD = cite("dbe:evolution-phase.5.1")
CARD_FUTURE = cite("dbe:evolution-phase.5.1.1")
CARD_RESPECTS = cite("dbe:evolution-phase.5.1.2")
CARD_REQ_LEVEL = cite("dbe:evolution-phase.5.1.2.1")
CARD_IGNORE_LEVEL = cite("dbe:evolution-phase.5.1.2.2")
CARD_FAILS = cite("dbe:evolution-phase.5.1.6")
MATRIX = cite(
    "dbe:rules-faq.cherrypicking-rules.b2",
    "Example: BIT-054 Matrix Evolve reveals the top 7 of own deck and allows the player to choose a valid "
    "Digimon to evolve to. At that point, no shuffle is necessary since the cards were already separated.",
)
MATRIX_ABNORMAL = cite(
    "dbe:effect-evolution.p2",
    "But while Matrix Evolve manipulates DP costs, it doesn’t prohibit abnormals from evolving provided they "
    "have the DP!",
)
DP_IGNORE_LEVEL = cite("dbe:evolution-phase.5.3.3.2")
CARD_REQ_TYPE = cite("dbe:evolution-phase.5.1.2.3")
CARD_REQ_EVO_BOX = cite("dbe:evolution-phase.5.1.2.4")
CARD_REQ_DP = cite("dbe:evolution-phase.5.1.2.5")
CARD_IGNORES_ABNORMAL = cite("dbe:evolution-phase.5.1.3")
CARD_EFFECTS = cite("dbe:evolution-phase.5.1.4")
CARD_COST = cite("dbe:evolution-phase.5.1.5")
CARD_BONUSES_MAY = cite("dbe:evolution-phase.5.1.7")
CARD_EVOLVES = cite("dbe:evolution-phase.5.1.8")
CARD_ONE_EVOLUTION = cite("dbe:evolution-phase.5.1.8.1")
CARD_RESET = cite("dbe:evolution-phase.5.1.8.2")
CARD_AFTER = cite("dbe:evolution-phase.5.1.9")
CARD_DISCARD_DP = cite("dbe:evolution-phase.5.1.10")
CARD_COMPLETE = cite("dbe:evolution-phase.5.1.11")
# by DNA
BY_DNA = cite("dbe:evolution-phase.5.2")
DNA_FUTURE = cite("dbe:evolution-phase.5.2.1")
DNA_MATERIALS = cite("dbe:evolution-phase.5.2.2")
DNA_BY_NAME = cite("dbe:evolution-phase.5.2.2.1")
DNA_DATA = cite("dbe:evolution-phase.5.2.2.3")
DNA_NOT_ABNORMAL = cite("dbe:evolution-phase.5.2.2.4")
DNA_ACTIVE_MATERIAL = cite("dbe:evolution-phase.5.2.2.5")
DNA_PLACE_MATERIAL = cite("dbe:evolution-phase.5.2.3")
DNA_SPECS = cite("dbe:evolution-phase.5.2.2.2")
DNA_MATERIAL_EFFECTS = cite("dbe:evolution-phase.5.2.3.1")
DNA_WHEN_AFTER = cite("dbe:evolution-phase.5.2.8")
DNA_IGNORES_DP = cite("dbe:evolution-phase.5.2.4")
DNA_IGNORES_REST = cite("dbe:evolution-phase.5.2.5")
DNA_AS_BOX = DNA_IGNORES_REST  #: DMB's name for the rule that DNA looks only at the box's DNA requirements
DNA_EVOLVES = cite("dbe:evolution-phase.5.2.6")
DNA_ONE_EVOLUTION = cite("dbe:evolution-phase.5.2.6.1")
DNA_RESET = cite("dbe:evolution-phase.5.2.6.2")
DNA_NO_BONUS = cite("dbe:evolution-phase.5.2.7")
DNA_COMPLETE = cite("dbe:evolution-phase.5.2.9")
# by DP
BY_DP = cite("dbe:evolution-phase.5.3")
DP_EVOLVE_CARD = cite("dbe:evolution-phase.5.3.1")
DP_FUTURE = cite("dbe:evolution-phase.5.3.2")
DP_RESPECTS = cite("dbe:evolution-phase.5.3.3")
REQ_LEVEL = cite("dbe:evolution-phase.5.3.3.1")
REQ_TYPE = cite("dbe:evolution-phase.5.3.3.3")
REQ_EVO_BOX = cite("dbe:evolution-phase.5.3.3.4")
REQ_NOT_ABNORMAL = cite("dbe:evolution-phase.5.3.3.5")
REQ_DP = cite("dbe:evolution-phase.5.3.3.6")
REMOVE_FLAT = cite("dbe:evolution-phase.5.3.3.7")
DP_CARD_EFFECTS = cite("dbe:evolution-phase.5.3.4")
DP_COST = cite("dbe:evolution-phase.5.3.5")
DP_BONUSES_MAY = cite("dbe:evolution-phase.5.3.7")
DP_EVOLVES = cite("dbe:evolution-phase.5.3.8")
ONCE_PER_TURN = cite("dbe:evolution-phase.5.3.8.1")
NEW_HP = cite("dbe:evolution-phase.5.3.8.2")
DP_AFTER = cite("dbe:evolution-phase.5.3.9")
DISCARD_DP = cite("dbe:evolution-phase.5.3.10")
DP_COMPLETE = cite("dbe:evolution-phase.5.3.11")
DO_NOT_USE_WITH = cite("dbe:evolution-phase.p3")
DP_DISCOUNT = cite("dbe:evolution-phase.4.8")
WHEN_EVOLVING = cite("dbe:evolution-phase.4.9")
AFTER_EVOLVING = cite("dbe:evolution-phase.4.11")
DOWNGRADE = cite("dbe:evolution-phase.4.13")
ENABLES = cite("dbe:evolution-phase.4.14")
ACTIVATE_BONUS = cite("dbe:evolution-phase.p2")
ATTACH_BY_EFFECT = cite("dbe:rules-faq.attachment-conditions")
ATTACH_STEP_WORD = cite("dbe:rules-faq.attachment-conditions.1")
ATTACH_STEP_SCOPE = cite("dbe:rules-faq.attachment-conditions.2")
ATTACH_STEP_CONDITIONS = cite("dbe:rules-faq.attachment-conditions.3")
ATTACH_STEP_COSTS = cite("dbe:rules-faq.attachment-conditions.4")
ATTACH_STEP_OTHERS = cite("dbe:rules-faq.attachment-conditions.5")
ATTACH_GLOSSARY_TOO = cite("dbe:rules-faq.attachment-conditions.p1")
CARD_TIMING_EVOLVE = cite("dbe:rules-faq.card-timing-and-effect-timing.b1")
ONE_EVOLUTION = cite("dbe:evolution-phase.5", "1. A given player may only evolve once per turn, regardless of method.")
ONE_EVOLVE_CARD = cite(
    "dbe:evolution-phase.5",
    "2. A given player, by default only the turn player, may only play ONE card with the EVOLVE timing or "
    "“Evolve: / Evolve Phase:” from their hand each turn.",
)
# the turn-player's choice of method, one decision: DMB's shared names
LEVEL_UP = CHOOSE_METHOD
EVOLVE_CARD = BY_CARD
DNA = BY_DNA
REQUIREMENTS = DP_RESPECTS
NO_DP_COST = cite("dbe:rules-faq.digimon-without-dp-cost")
PAYING_DP = cite("dbe:rules-faq.paying-dp")
PAYING_DP_EXAMPLE = cite("dbe:rules-faq.paying-dp.p1")
PAYING_DP_MEANS = cite("dbe:rules-faq.paying-dp.p2")
LEVEL = cite("dbe:glossary.level")
SUBTYPES = cite("dbe:anatomy-of-cards.15")
TYPE_ANATOMY = cite("dbe:anatomy-of-cards.5")

# -- Strategy Phase -------------------------------------------------------------------------------------------
STRATEGY_FIRST_TURN = cite("dbe:strategy-phase.p1")
UNOPPOSED = cite("dbe:strategy-phase.1")
UNOPPOSED_BONUS = cite("dbe:strategy-phase.1.1")
CHOOSE_ATTACK = cite("dbe:strategy-phase.2")
SECRETLY = cite("dbe:strategy-phase.2.1")
FACE_DOWN_ATTACK = cite("dbe:strategy-phase.2.2")
BLUFF = cite("dbe:strategy-phase.2.3")

# -- Support Phase -------------------------------------------------------------------------------------------
SUPPORT_FIRST_TURN = cite("dbe:support-phase.p1")
SUPPORT_ABILITIES = cite("dbe:support-phase.1")
SUPPORTING = cite("dbe:support-phase.2")
NON_TURN_DECLARES = cite("dbe:support-phase.3")
TURN_DECLARES = cite("dbe:support-phase.4")
RESOLVE_LIFO = cite("dbe:support-phase.5")
VOID_FIRST = cite("dbe:support-phase.5.1")
VOID_ORDER = cite("dbe:support-phase.5.1.1")
VOIDS_NOT_VOIDS = cite("dbe:support-phase.5.1.2")
MISFIRE = cite("dbe:support-phase.5.2")
JAM_WINDOW = cite("dbe:support-phase.5.3")
RESTART = cite("dbe:support-phase.5.4")
MORE_SUPPORTS = cite(
    "dbe:support-phase.p3", "If you support and your opponent does too, yours may play other cards as support."
)
MORE_SUPPORTS_JAM = cite(
    "dbe:support-phase.p3",
    "Players who chose a cross with Jamming may still reveal an unrevealed attack to void any new Digimon "
    "supports at that time!",
)
BLIND_JAM = interpretation(
    "dbe:interpretation.jam-face-up-only",
    "Jamming answers a Digimon Support it can see",
    "The Jamming window opens for a Digimon Support played from the hand (face up); a blind Support from the "
    "deck is face down until it resolves, and by then Supports are resolving and the window has passed.",
    'Support Phase 5.3 lets a player void "the Digimon support" when the opponent "used a Digimon card to '
    'Support"; a face-down card cannot be seen to be one.',
    ("dbe:support-phase.5.3", "dbe:rules-faq.when-should-jamming-void-a-digimon-support"),
)
JAM_ASKED = interpretation(
    "dbe:interpretation.jam-asked-of-every-jammer",
    "Every player who could Jam is asked, whatever they chose",
    "When an opponent supports with a Digimon card from the hand, the engine asks a player whose active Digimon "
    "has a Jamming Cross whether to Jam, even if they did not choose Cross; only Cross makes Jamming legal.",
    "Asking only the player who chose Cross would tell the opponent that choice before the reveal.",
    ("dbe:support-phase.5.3", "dbe:strategy-phase.2"),
)
JAMMING_ODDBALLS = cite("dbe:rules-faq.when-should-jamming-void-a-digimon-support")
JAMMING_ONLY_CROSS = cite("dbe:rules-faq.which-attack-abilities-can-jamming-void.b1")
JAMMING_NOT_JAMMING = cite("dbe:rules-faq.which-attack-abilities-can-jamming-void.b5")
JAMMING_BEATS_COUNTER = cite("dbe:rules-faq.which-attack-abilities-can-jamming-void.b4")
JAMMING_CASES = cite("dbe:rules-faq.jamming-oddballs")
JAMMING_WHICH = cite("dbe:rules-faq.which-attack-abilities-can-jamming-void")
JAMMING_GAINED_CROSS = cite("dbe:rules-faq.which-attack-abilities-can-jamming-void.b2")
JAMMING_NOT_OTHERS = cite("dbe:rules-faq.which-attack-abilities-can-jamming-void.b3")
ATTACK_CHANGED = cite("dbe:rules-faq.which-attack-abilities-can-jamming-void.b6")  # attacks changed: too late to Jam
COUNTER_NOT_JAMMED = cite(
    "dbe:rules-faq.counter-specifics.3",
    "effects may also add Counter without being Jammed (such as Options, specifically the ACE card “Gold Banana”)",
)
NEGATIVE_BONUS = cite("dbe:rules-faq.negative-effects-in-evo-boxes")
EFFECT_EVOLUTION = cite("dbe:effect-evolution.p1")
EFFECT_EVOLUTION_VALID = interpretation(
    "dbe:interpretation.valid-effect-evolution-ignores-dp",
    'A "valid" evolution by an effect ignores DP',
    'When an effect evolves to a "valid" Digimon, the Future must meet the by-DP rules of level, type (or '
    "evo-box name) and not being Abnormal; its DP cost is not required, and the turn's one evolution is not used.",
    'Effect Evolution says effect evolution "has no requirements unless listed (DP is ignored, etc)" and that a '
    '"valid" one uses the by-DP rules "to determine validity"; the engine takes DP as still ignored, since the '
    "effect lists no DP, and the effect does not use one of the methods.",
    ("dbe:effect-evolution.p1", "dbe:evolution-phase.5.3.3"),
)
CONDITIONALS_EFFECT_FAILED = cite("dbe:rules-faq.conditionals.p3")

# -- Battle Phase -----------------------------------------------------------------------------------------------
BATTLE_FIRST_TURN = cite("dbe:battle-phase.p1")
BATTLE_ABILITIES = cite("dbe:battle-phase.1")
NO_ACTIVE_NO_BATTLE = interpretation(
    "dbe:interpretation.no-battle-without-both-actives",
    "No battle when an active Digimon was removed before the Battle Phase",
    "When an effect removes a player's active Digimon before the Battle Phase (Potty Boat), the attacks are not "
    "revealed and there is no battle that turn; the player plays a new Digimon in their next Prep Phase.",
    "The Battle Phase reveals and compares the attacks of both active Digimon; the rulebook skips the battle when the "
    'opponent has no active at the Strategy Phase ("Skip to Support Phase") but does not say what happens when an '
    "active leaves during the Support Phase.",
    ("dbe:battle-phase.2", "dbe:strategy-phase.1"),
)
REVEAL = cite("dbe:battle-phase.2")
TURN_FIRST = cite("dbe:battle-phase.2.1")
ABILITIES_AT_ONCE = cite("dbe:battle-phase.3")
JAMMING_VOIDS_CROSS = cite("dbe:battle-phase.3.1")
PRIORITY = cite("dbe:battle-phase.3.2")
KEEPS_PRIORITY = interpretation(
    "dbe:interpretation.turn-player-resolves-first",
    "The turn player's attack abilities are applied first",
    "When both players gain 1st Attack from their attacks at the attack-abilities step, the turn player's are counted "
    "first, so the opponent's are the more recent; the engine does not offer to pass priority.",
    'Step 3.2 gives the turn player priority "but may choose to pass it"; passing would only matter for a 1st Attack '
    "tie, where it would hand the tie to the turn player. Not offering it keeps the choice out of every battle.",
    ("dbe:battle-phase.3.2", "dbe:battle-phase.3.3"),
)
FIRST_CONFLICT = cite("dbe:battle-phase.3.3")
FIRST_TIE = cite("dbe:battle-phase.3.3.1")
SECOND_ATTACK = cite("dbe:battle-phase.3.3.2")
SECOND_ATTACK_TIE = interpretation(
    "dbe:interpretation.second-attack-attacks-second",
    "With no 1st Attack left on either side, 2nd Attack attacks second",
    "When 2nd Attack has taken away a player's last stack of 1st Attack and the other player has none either, the "
    "player who gained 2nd Attack attacks second.",
    'Step 3.3.2 says to remove stacks of 1st Attack "until they have none left and attack in that order"; with no '
    "stack on either side the tie rule of 3.3 has no one who gained 1st Attack most recently, and 2nd Attack is named "
    "for attacking second.",
    ("dbe:battle-phase.3.3.2", "dbe:attack-abilities.grudge.2"),
)
CANNOT_GAIN = cite("dbe:battle-phase.3.3.3")
COUNTER_SECOND = cite("dbe:battle-phase.3.3.4")
ATTACK_CHANGES = cite("dbe:battle-phase.3.4")
FIRST_HITS = cite("dbe:battle-phase.4")
RESIDUAL = cite("dbe:battle-phase.4.1")
CRASH_BEFORE_DRAIN = cite("dbe:battle-phase.4.1.1")
KO_SKIPS = cite("dbe:battle-phase.4.2")
ZERO_BEFORE_ATTACKS = interpretation(
    "dbe:interpretation.zero-hp-before-the-attacks",
    "A Digimon at 0 HP before the attacks: straight to the KO check, no attacks",
    "When an effect (a Support lowering HP) has brought an active Digimon to 0 HP before the attacks, play "
    "goes straight to the KO check (Battle Phase step 6) and neither attack is made.",
    'The rulebook says what to do when HP reaches 0 only inside the attacks (step 4.2: "skip immediately to '
    'Step 6 and proceed with KO scoring"); the engine applies the same rule at the moment the attacks would begin.',
    ("dbe:battle-phase.4.2", "dbe:battle-phase.6"),
)
SECOND_HITS = cite("dbe:battle-phase.5")
COUNTER_DAMAGE = cite("dbe:battle-phase.5.1")
RESIDUAL_SECOND = cite("dbe:battle-phase.5.2")
CRASH_BEFORE_DRAIN_SECOND = cite("dbe:battle-phase.5.2.1")
KO_CHECK = cite("dbe:battle-phase.6")
KO_DISCARD = cite("dbe:battle-phase.6.1")
KO_REVIVAL = cite("dbe:battle-phase.6.2")
KO_PARTNER_R = cite("dbe:battle-phase.6.3")
KO_PARTNER_C = cite("dbe:battle-phase.6.4")
KO_MEGA = cite("dbe:battle-phase.6.5")
KO_POINT = cite("dbe:battle-phase.6.6")
WIN = cite("dbe:battle-phase.7")
ABILITY_PRIORITY = cite("dbe:battle-phase.p2")

# -- End Phase -------------------------------------------------------------------------------------------------
END_ABILITIES = cite("dbe:end-phase.1")
DISCARD_TO_SIX = cite("dbe:end-phase.2")
REMOVE_LINGERING = cite("dbe:end-phase.3")
TYPE_CHANGES_STAY = cite("dbe:end-phase.3.1")
HP_CARRIES = cite("dbe:end-phase.3.2")
PASSIVES_STAY = cite("dbe:end-phase.3.3")
EVO_PASSIVES = cite("dbe:end-phase.3.4")
DISCARD_SUPPORTS = cite("dbe:end-phase.4")
NEXT_TURN = cite("dbe:end-phase.5")

# -- Glossary --------------------------------------------------------------------------------------------------
PARENTHESIS = cite("dbe:glossary.parenthesis-text-or-symbol")
CARD_TEXT = cite("dbe:anatomy-of-cards.14")
ONCE_A_TURN = cite("dbe:glossary.1-turn")
ABNORMAL_STATE = cite("dbe:glossary.abnormal")
ACTIVE_ZONE = cite("dbe:glossary.active-digimon-zone-stack")
ALSO_TYPE = cite("dbe:glossary.type")
ANY_PHASE = cite("dbe:glossary.any-phase")
ATTACH = cite("dbe:glossary.attach")
ATTACHMENT_SLOT = cite("dbe:glossary.attachment-slot")
BOOST = cite("dbe:glossary.boost")
CORRUPT = cite("dbe:glossary.corrupt-x")
DARK_ACTION = cite("dbe:glossary.dark-action")
DATA_BREAK = cite("dbe:glossary.data-break")
DELETE = cite("dbe:glossary.delete")
DISCARD = cite("dbe:glossary.discard")
FLAT = cite("dbe:glossary.flatten-flat")
FLAT_ADDED = cite("dbe:glossary.flatten-flat.1")
FLAT_FOUR = cite("dbe:glossary.flatten-flat.2")
FLAT_THREE = cite("dbe:glossary.flatten-flat.3")
FLAT_STAYS = cite("dbe:glossary.flatten-flat.4")
FLAT_EVOLVE_BY_DP = cite("dbe:glossary.flatten-flat.5")
FLAT_TIMING = cite("dbe:glossary.p1")
PARTNER_OPTION = cite("dbe:glossary.proxy")
RECODE = cite("dbe:glossary.recode-x")
RECOVER = cite("dbe:glossary.recover")
RECYCLE = cite("dbe:glossary.recycle-x")
RECYCLE_ANY = cite("dbe:glossary.recycle-any")
REVIVE = cite("dbe:glossary.revive")
REVIVED_WORTH_ONE = cite(
    "dbe:glossary.revive",
    "“Set Revival” also changes the\xa0future KO points (after the current) the Digimon is worth to exactly 1, "
    "regardless of all Passives, other lingering effects, or permanent effects.",
)
STATIC = cite("dbe:glossary.static-x")
TAKE = cite("dbe:glossary.take")
TRASH = cite("dbe:glossary.trash-x")
VOID = cite("dbe:glossary.void")

# -- Attack abilities --------------------------------------------------------------------------------------------
ATTACK_ABILITIES = cite("dbe:attack-abilities.p1")
A_FIRST = cite("dbe:attack-abilities.1st-attack")
A_TO_ZERO = cite("dbe:attack-abilities.attack-to-0")
A_CORRUPT = cite("dbe:attack-abilities.corrupt-x")
A_COUNTER = cite("dbe:attack-abilities.counter")
A_CRASH = cite("dbe:attack-abilities.crash")
A_DRAIN = cite("dbe:attack-abilities.drain")
A_FLATTEN = cite("dbe:attack-abilities.flatten")
A_GRUDGE = cite("dbe:attack-abilities.grudge")
A_GRUDGE_DOUBLE = cite("dbe:attack-abilities.grudge.1")
A_GRUDGE_SECOND = cite("dbe:attack-abilities.grudge.2")
A_GRUDGE_REVIVE = cite("dbe:attack-abilities.grudge.3")
A_GRUDGE_WORDING = cite("dbe:attack-abilities.p2")
A_JAMMING = cite("dbe:attack-abilities.jamming")
A_KILLER = cite("dbe:attack-abilities.killer")
A_SHATTER = cite("dbe:attack-abilities.shatter")
A_X3 = cite("dbe:attack-abilities.type-x3-vs")
A_DRAW = cite("dbe:attack-abilities.draw-x")
A_TRASH = cite("dbe:attack-abilities.trash-x")
A_RECODE = cite("dbe:attack-abilities.recode-x")
A_RECYCLE = cite("dbe:attack-abilities.recycle-x")
A_ATTACH = cite("dbe:attack-abilities.attach-d-t-h")
A_STATIC = cite("dbe:attack-abilities.static-x")

# -- Deck construction ------------------------------------------------------------------------------------------
DECK_50 = cite("dbe:deck-construction.b1")
DZ_COUNTED = cite("dbe:deck-construction.b2")
DZ_MEGA = cite("dbe:deck-construction.b3")
PARTNER_R = cite("dbe:deck-construction.b4")
DZ_PARTNER_C = cite("dbe:deck-construction.b5")
DZ_PROXY = cite("dbe:deck-construction.b6")
DZ_MASTERY = cite("dbe:deck-construction.b7")
COPIES_DIGIMON = cite("dbe:deck-construction.b8")
COPIES_OPTION = cite("dbe:deck-construction.b9")
COPIES_EVOLUTION = cite("dbe:deck-construction.b10")
ACE = cite("dbe:deck-construction.b11")
FIREWALL = cite("dbe:deck-construction.b12")
DATA_COPIES = cite("dbe:deck-construction.b13")
PER_DECK_NOTE = cite("dbe:deck-construction.p1")
DATA_LEGALITY = cite("dbe:deck-construction.p4")
FLIP_DECKS = cite("dbe:deck-construction.p3")
FLIP = cite("dbe:glossary.flip-flip-cards-star-moon-initial-side")
DESTINY_OPEN = cite(
    "dbe:rules-faq.putting-unknown-cards-from-a-hidden-zone-into-a-visible-zone.p4",
    "First, it’s easier to understand the open zones that any player can check the contents of (but not modify the "
    "order of) at any time: Active Zones, Trashes, attachments, evolutions, Support, Destiny Zone,",
)
HIDDEN_ZONES = cite("dbe:rules-faq.putting-unknown-cards-from-a-hidden-zone-into-a-visible-zone.p5")
FACE_UP_DECK = cite(
    "dbe:rules-faq.putting-unknown-cards-from-a-hidden-zone-into-a-visible-zone.p5",
    "Some cards may cause hidden zone ambiguity such as DB-017 Gaizmon, which flips its attached’s deck over and "
    "plays with it face up. In this case, everything revealed (the top card) is now OPEN and everything under it "
    "is hidden.",
)

# -- FAQ -------------------------------------------------------------------------------------------------------
DARK_AREA = cite("dbe:rules-faq.dark-area")
DARK_DRAW = cite("dbe:rules-faq.dark-area.p1")
DZ_PROXY_RULE = cite("dbe:rules-faq.dz-proxy")
NO_ZONE = cite("dbe:rules-faq.no-zone-cards")
ACTIVATE = cite("dbe:rules-faq.activate-timing")
CONDITIONALS = cite("dbe:rules-faq.conditionals")
CHERRYPICKING = cite("dbe:rules-faq.cherrypicking-rules")
COUNTER_SPECIFICS = cite("dbe:rules-faq.counter-specifics")
COUNTER_HOW_DAMAGE = cite("dbe:rules-faq.counter-specifics.p1")
COUNTER_WHO_RECEIVES = cite("dbe:rules-faq.counter-specifics.p2")
COSTS_VS_EFFECTS = cite("dbe:rules-faq.costs-vs-effects")
COST_NOT_MET = cite("dbe:rules-faq.costs-vs-effects.p3")
MUST_COST = cite("dbe:rules-faq.must-in-a-cost")
DATA_TIMING = cite("dbe:rules-faq.data-timing")
EFFECT_TIMING = cite("dbe:rules-faq.effect-timing")
LEAVING_A_ZONE = cite("dbe:rules-faq.leaving-a-zone")
LINGERING_ENDS = cite("dbe:rules-faq.lingering-effect-vs-permanent-effect.b2")
LINGERING_OR_PERMANENT = cite("dbe:rules-faq.lingering-effect-vs-permanent-effect")
PERMANENT_STAYS = cite("dbe:rules-faq.lingering-effect-vs-permanent-effect.b1")
PASSIVES_NEITHER = cite("dbe:rules-faq.lingering-effect-vs-permanent-effect.b3")
COVERED_PASSIVES_STOP = cite("dbe:rules-faq.leaving-a-zone.b1")
CARD_TIMINGS = cite("dbe:rules-faq.card-timing-and-effect-timing")
TIMING_ANATOMY = cite("dbe:anatomy-of-cards.13")
COUNTER_EXAMPLE_GAINED = cite("dbe:rules-faq.counter-specifics.1")
COUNTER_EXAMPLE_BOOSTED = cite("dbe:rules-faq.counter-specifics.2")
PASSIVE_TIMING = cite("dbe:rules-faq.card-timing-and-effect-timing.b6")
COSTS_NOT_PAID = cite("dbe:rules-faq.costs-vs-effects.p1")
PARTIAL_COST_LOST = cite("dbe:rules-faq.costs-vs-effects.p4")
COSTS_EXEMPT = cite("dbe:rules-faq.costs-vs-timings.p1")
COSTS_ARE_ZERO = cite("dbe:rules-faq.costs-vs-timings.p2")
COSTS_NOT_EXEMPTED = cite("dbe:rules-faq.costs-vs-timings.p3")
COST_SOURCE = cite("dbe:rules-faq.costs-vs-timings.p4")
SUPPORT_TIMING = cite("dbe:rules-faq.card-timing-and-effect-timing.b3")
LOWERCASE_TIMINGS = cite("dbe:rules-faq.what-are-lowercase-timings-for-individual-effects")
PREP_PHASE_TIMING = cite("dbe:rules-faq.what-are-lowercase-timings-for-individual-effects.b1")
OWN_PREP_PHASE_TIMING = cite("dbe:rules-faq.what-are-lowercase-timings-for-individual-effects.b2")
ACTIVE_STACK_TIMING = cite("dbe:rules-faq.what-are-lowercase-timings-for-individual-effects.b7")
SUPPORT_PHASE_TIMING = cite("dbe:rules-faq.what-are-lowercase-timings-for-individual-effects.b3")
TURN_PLAYER_ORDERS = cite("dbe:rules-faq.simultaneous-effects.2")
INTERRUPT = cite("dbe:rules-faq.interrupting-effects-triggers")
ACCESS = cite("dbe:glossary.access")
ALIAS = cite("dbe:glossary.also-counts-as-name")
DISCARD_ANY = cite("dbe:rules-faq.discard-any")
TOP_FIVE = cite("dbe:rules-faq.putting-unknown-cards-from-a-hidden-zone-into-a-visible-zone.p3")
JAM_GAINED = cite("dbe:support-phase.p2")
JAM_GAINED_TIMING = cite("dbe:rules-faq.when-should-jamming-void-a-digimon-support.p1")
SAME_ATTACKS_IN_SECRET = interpretation(
    "dbe:interpretation.same-attacks-answered-in-secret",
    '"If both attacks are same" is answered without revealing them',
    "A Support that asks whether both chosen attacks are the same is answered when it resolves, from the secret "
    'choices: the players learn only "same" or "not the same", and the attacks stay hidden until the Battle '
    "Phase reveal.",
    "Supports resolve before Battle Phase step 2 reveals the attacks, and the rulebook does not say how such a "
    "condition is checked before then; answering only the question keeps the rest of the secret.",
    ("dbe:rules-faq.conditionals.p1", "dbe:strategy-phase.2"),
)
SHUFFLE_IF_SAID = cite(
    "dbe:rules-faq.cherrypicking-rules.b2", "In DBE, only if it is instructed on a card or triggers this rule."
)
ANY_SUPPORT_PHASE = cite("dbe:rules-faq.what-are-lowercase-timings-for-individual-effects.b4")
TURBO = cite("dbe:glossary.turbo")
TURBO_COST = cite("dbe:glossary.turbo.1")
TURBO_CONDITION = cite("dbe:glossary.turbo.2")
TURBO_RISK = cite("dbe:glossary.turbo.3")
DATA_CARD = cite("dbe:glossary.data")
DATA_ANY_PHASE = cite("dbe:rules-faq.data-timing.b3")
CARD_TIMING_DATA = cite("dbe:rules-faq.card-timing-and-effect-timing.b4")
EFFECT_CARD = cite("dbe:glossary.effect")
CARD_TIMING_EFFECT = cite("dbe:rules-faq.card-timing-and-effect-timing.b5")
EVO_BOX_PASSIVES = cite("dbe:rules-faq.permanents-in-evolution-boxes")
OPPONENT_DISCARDS = cite("dbe:rules-faq.player-discards")
UNKNOWN_CARDS = cite("dbe:rules-faq.putting-unknown-cards-from-a-hidden-zone-into-a-visible-zone")
SIMULTANEOUS = cite("dbe:rules-faq.simultaneous-effects")
SAME_OWNER_ORDERS = cite("dbe:rules-faq.simultaneous-effects.1")
PLACED_UNDER = cite("dbe:glossary.abnormal")


#: what DBE's FAQ says more about a rule DMB's shared code carries out, by the place it applies
MORE: dict[str, tuple] = {
    "negative-plus-p": (
        cite(
            "dbe:evolution-phase.4.8",
            "“-X0 +P” can occur in which case the DP a player has is lowered, even to negative numbers.",
        ),
    ),
    "ruler": (
        cite(
            "dbe:glossary.type",
            "Note: “Ruler” is not a type. Digimon with the Ruler property have no type at all until they gain "
            "types with “Dominion”.",
        ),
    ),
    "attack-gains": (
        cite("dbe:rules-faq.which-attack-abilities-can-jamming-void.b7"),
    ),  # an ability added to one attack
    "look": (cite("dbe:rules-faq.cherrypicking-rules.b3"),),  # Corrupt and Recode: no shuffle
    "recycle": (cite("dbe:rules-faq.cherrypicking-rules.b1"),),  # Recycle as an effect: no shuffle
    "shuffle": (cite("dbe:rules-faq.cherrypicking-rules.p1"),),  # the deck picked from is shuffled
    "activate": (cite("dbe:rules-faq.card-timing-and-effect-timing.b2"),),  # ACTIVATE: from the top of the active stack
    "data-break": (
        cite("dbe:rules-faq.data-timing.b2"),
        DATA_TIMING,
    ),  # Data Break: ACTIVATE's timing, one of DATA's uses
    "attached": (cite("dbe:rules-faq.what-are-lowercase-timings-for-individual-effects.b6"),),  # "While attached"
    "cost": (COSTS_NOT_PAID,),  # a cost is a condition met by an action, not a payment
    "cost-short": (PARTIAL_COST_LOST,),  # a cost met in part is lost
    "costs-are-0": (COSTS_EXEMPT, COSTS_ARE_ZERO, PASSIVE_TIMING),
    "cost-not-exempted": (COSTS_NOT_EXEMPTED, COST_SOURCE),
    "dna-data": (cite("dbe:rules-faq.data-timing.b1"),),  # a DATA card as a DNA material
    "same-owner": (SAME_OWNER_ORDERS,),  # effects of one owner at once: that owner orders them
    "amount-not-specified": (cite("dbe:rules-faq.amount-not-specified"),),  # no amount: all
    "intent": (cite("dbe:rules-faq.cherrypicking-rules.p2"),),  # shuffle or not by the intent of the card
    "draw-short": (
        cite("dbe:rules-faq.conditionals.p3", "If your deck had 1 card, you would draw 1 and stop."),
    ),  # Draw X, short
    "dig": (
        cite("dbe:rules-faq.putting-unknown-cards-from-a-hidden-zone-into-a-visible-zone.p1"),
        cite("dbe:rules-faq.putting-unknown-cards-from-a-hidden-zone-into-a-visible-zone.p2"),
    ),
}

"""Every citation the Digimon Battles procedure emits: verbatim rulebook quotes and named interpretations.

Built at import time through ``cite``, so a quote that stops matching the shipped rulebook
fails the moment the game is loaded. Procedures that DBE may share take a citation table
(``Rules`` in ``rules.py``) rather than importing these names, so DBE can pass its own quotes.
"""

from __future__ import annotations

from ...rules.citations import cite, interpretation

# -- where the same rule differs in a number (the shared code reads these from the game's table) ----------------
ABNORMAL_DIVISOR: dict[str, int] = {}  #: an Abnormal Digimon keeps its printed stats in DMB
OWNER_ONLY = frozenset({"hand", "destiny"})  #: zones only their owner sees (the Destiny Zone: interpretation below)
WORDS = {"partner-option": "Partner Option", "evolve-card": "Evolve card"}  #: the game's names in narration
VOIDS_CANNOT_BE_VOIDED = False  #: the turn player's Void voids the other Support, its Void too
MORE: dict[str, tuple] = {}  #: what a game's own text says more about a shared rule, by the place it applies
INTERRUPTS = False  #: DBE's "when opponent discards" effects interrupt other effects
COSTS_MUST_COMPLETE = False  #: a cost is paid as far as it goes, and the effect follows (dmb:faq.costs-vs-effects)
DNA_BONUSES = True  #: a DNA evolution from a Digimon named in the box gets its bonuses, like any evolution
EVOLVE_KIND = "evolve"  #: the card kind that evolves with requirements ignored (DMB: Evolve cards)
#: a Future whose Evolution Box names the active is offered only at a higher level: dmb:evolution-phase.5 ("Choose a
#: level to progress to") and requirement 4 ignores the level requirement without saying a level may go back or stay
BOX_ANY_LEVEL = False
#: a dig ("put the top Digimon of own deck into own DP") shuffles the deck even when its top card was the one found:
#: dmb:faq.putting-unknown-cards-from-a-hidden-zone-into-a-visible-zone, "... until a Digimon appears or the deck is
#: empty, then resolve the effect, then shuffle." (DBE's FAQ leaves it to the normal shuffle rules)
DIG_ALWAYS_SHUFFLES = True
#: an evolution step quotes the requirements its evolution met (the level progression, the same type, a Digimon
#: without a DP cost reached through its Evolution Box): they are what make that evolution allowed
CITES_REQUIREMENTS_MET = True
PARTNER_ON_PLACE = (
    True  #: partner evolution is offered when the partner Level R is newly placed (dmb:prep-phase.turn.4.3)
)


def same_type(current, target) -> bool:
    """The type requirement: the two printed types match (dmb:evolution-phase.requirements.3)."""
    return current.type == target.type


# -- Object of the game and setup ---------------------------------------------------------------------
OBJECT = cite("dmb:object-of-the-game.p1", "The Digimon battle until one player defeats their opponent 4 times!")
SETUP_STEPS = cite("dmb:prep-phase.setup")
OPENING_HAND = cite("dmb:prep-phase.setup.1")
MULLIGAN = cite("dmb:prep-phase.setup.2")
FIRST_PLAYER = cite("dmb:prep-phase.setup.3")
FIRST_PLAYER_RNG = interpretation(
    "dmb:interpretation.first-player-random",
    "The match's seeded generator decides the first turn-player",
    "The engine decides who is the first turn-player with a draw from the match's seeded random generator.",
    'The rulebook says only "Decide randomly"; a seeded draw gives each player the same chance and keeps '
    "every game repeatable from its seed.",
    ("dmb:prep-phase.setup.3",),
)
EACH_TURN = cite("dmb:prep-phase.turn")

# -- Prep Phase, each turn -------------------------------------------------------------------------------
PREP_ABILITIES = cite("dmb:prep-phase.turn.1")
DRAW = cite("dmb:prep-phase.turn.2")
FREE_MULLIGAN = cite("dmb:prep-phase.turn.3")
PLAY_NEW = cite("dmb:prep-phase.turn.4")
NO_DIGIMON_LOSES = cite("dmb:prep-phase.turn.4.1")
ABNORMAL = cite("dmb:prep-phase.turn.4.2")
PARTNER_EVOLVE = cite("dmb:prep-phase.turn.4.3")
FORCED_MULLIGAN = cite(
    "dmb:faq.lack-of-digimon-cant-mulligan",
    "If they still cannot play a Digimon, they must now reveal their hand to their opponent, take a forced "
    "mulligan (even if their hand is less than 3) until a Digimon appears.",
)
FORCED_MUST_PLAY = cite(
    "dmb:faq.lack-of-digimon-cant-mulligan", "That Digimon *must* be played, even if it would be Abnormal."
)
FORCED_LOSS = cite(
    "dmb:faq.lack-of-digimon-cant-mulligan",
    "If no Digimon are left in the deck after a number of forced mulligans, the player loses as normal.",
)
FORCED_EMPTY_HAND = interpretation(
    "dmb:interpretation.forced-mulligan-empty-hand",
    "A forced mulligan from an empty hand draws 1",
    "A forced mulligan discards the hand and draws as many cards, and at least 1: a player with no cards in hand "
    "draws 1.",
    'The FAQ forces mulligans "even if their hand is less than 3" until a Digimon appears; a mulligan of 0 cards '
    "would draw nothing and never end.",
    ("dmb:faq.lack-of-digimon-cant-mulligan",),
)
EMPTY_DECK = interpretation(
    "dmb:interpretation.empty-deck",
    "Drawing from an empty deck draws what is left",
    "A player asked to draw, trash or mulligan more cards than their deck holds takes only the cards that are "
    "there; an empty deck alone does not end the game.",
    "The rulebook names no loss for an empty deck; its only losses are 4 KO points and having no Digimon to "
    "play (which the forced mulligan of the FAQ reaches when no Digimon is left in the deck).",
    ("dmb:prep-phase.turn.2", "dmb:prep-phase.turn.3"),
)
MULLIGAN_NEEDS_CARDS = interpretation(
    "dmb:interpretation.mulligan-needs-cards",
    "A full mulligan needs a deck that can replace the hand",
    "A free full mulligan is offered only while the deck holds at least as many cards as the hand.",
    'The rulebook lets a player mulligan "as many times as they wish" and says nothing of an empty deck; '
    "without this limit a mulligan could throw a hand away and draw nothing back.",
    ("dmb:prep-phase.turn.3",),
)

# -- Evolution Phase -------------------------------------------------------------------------------------
EVOLUTION_ABILITIES = cite("dmb:evolution-phase.1")
RACK_UP = cite("dmb:evolution-phase.2")
SKIP_ABNORMAL = cite("dmb:evolution-phase.3")
SKIP_PARTNER = cite("dmb:evolution-phase.3.1")
EVOLVE_CARD = cite("dmb:evolution-phase.4")
DNA = cite("dmb:evolution-phase.4.1")
DNA_DATA = cite("dmb:evolution-phase.4.2")
DNA_AS_BOX = interpretation(
    "dmb:interpretation.dna-names-like-an-evolution-box",
    "A DNA card names the Digimon it evolves from",
    "DNA evolution checks that one named card is on the active zone and the other is discarded; like a Digimon named "
    "in an Evolution Box, the named one is not held to the type and level requirements, and no DP is paid.",
    'Requirement 1 lets DNA take the place of DP ("the required DP, or DNA"); the rules do not say whether type and '
    "level still apply, and requirement 4 frees a Digimon named in the new card's box from both.",
    ("dmb:evolution-phase.4.1", "dmb:evolution-phase.requirements.4"),
)
LEVEL_UP = cite("dmb:evolution-phase.5")
DISCARD_DP = cite("dmb:evolution-phase.5.1")
ONCE_PER_TURN = cite("dmb:evolution-phase.5.2")
EVO_BONUS = cite("dmb:evolution-phase.6")
EVO_BONUS_BY_NAME = interpretation(
    "dmb:interpretation.evolution-box-bonus-needs-the-named-digimon",
    "An Evolution Box bonus applies when the Digimon evolved from one its box names",
    'An Evolution Box bonus is "applicable" (Evolution Phase step 6) when the Digimon evolved from a Digimon its box '
    "names; evolving to it another way (by level and type, or with an Evolve card) brings no bonus.",
    'Step 6 resolves the bonuses "that are applicable" without saying when one is. The box is where a card names the '
    'Digimon it evolves from (requirement 4), and the FAQ keeps evolution-box passives only while "the conditions are '
    'being met"; the later Digimon Battle Evolution rules say it outright: bonuses are "obtained when evolving from '
    'the named Digimon".',
    ("dmb:evolution-phase.6", "dmb:evolution-phase.requirements.4"),
)
REQUIREMENTS = cite("dmb:evolution-phase.requirements")
REQ_DP = cite("dmb:evolution-phase.requirements.1")
REQ_LEVEL = cite("dmb:evolution-phase.requirements.2")
REQ_TYPE = cite("dmb:evolution-phase.requirements.3")
REQ_EVO_BOX = cite("dmb:evolution-phase.requirements.4")
NO_DP_COST = cite("dmb:faq.digimon-without-dp-cost")
PAYING_DP = cite("dmb:faq.paying-dp")
NEW_HP = interpretation(
    "dmb:interpretation.evolved-hp",
    "An evolved Digimon starts with its own printed HP",
    "When a Digimon evolves, its current HP becomes the HP printed on the new top card.",
    "The rulebook says current HP carries over between turns but not what HP an evolved Digimon has; the "
    "source game (Digital Card Battle) gives the new Digimon its own HP, which the card's printed HP shows.",
    ("dmb:evolution-phase.5", "dmb:end-phase.3.2"),
)

# -- Strategy Phase ---------------------------------------------------------------------------------------
UNOPPOSED = cite("dmb:strategy-phase.1")
UNOPPOSED_BONUS = cite("dmb:strategy-phase.1.1")
CHOOSE_ATTACK = cite("dmb:strategy-phase.2")
SECRETLY = cite("dmb:strategy-phase.2.1")
FACE_DOWN_ATTACK = cite("dmb:strategy-phase.2.2")
BLUFF = cite("dmb:strategy-phase.2.3")

# -- Support Phase ----------------------------------------------------------------------------------------
SUPPORT_ABILITIES = cite("dmb:support-phase.1")
SUPPORTING = cite("dmb:support-phase.2")
NON_TURN_DECLARES = cite("dmb:support-phase.3")
TURN_DECLARES = cite("dmb:support-phase.4")
RESOLVE_LIFO = cite("dmb:support-phase.5")
VOID_FIRST = cite("dmb:support-phase.5.1")
VOID_ORDER = cite("dmb:support-phase.5.1.1")
MISFIRE = cite("dmb:support-phase.5.2")
JAM_WINDOW = cite("dmb:support-phase.5.3")
BLIND_JAM = interpretation(
    "dmb:interpretation.jam-face-up-only",
    "Jamming answers a Digimon Support it can see",
    "The Jamming window opens for a Digimon Support played from the hand (face up); a blind Support from the "
    "deck is face down until it resolves, and by then Supports are resolving and the window has passed.",
    'Support Phase 5.3 lets a player Jam "after an opponent\'s Support is played" when it is a Digimon card; a '
    "face-down card cannot be seen to be one.",
    ("dmb:support-phase.5.3", "dmb:faq.jamming-oddballs"),
)
JAM_ASKED = interpretation(
    "dmb:interpretation.jam-asked-of-every-jammer",
    "Every player who could Jam is asked, whatever they chose",
    "When an opponent supports with a Digimon card from the hand, the engine asks a player whose active Digimon "
    "has a Jamming Cross whether to Jam, even if they did not choose Cross; only Cross makes Jamming legal.",
    "Asking only the player who chose Cross would tell the opponent that choice before the reveal.",
    ("dmb:support-phase.5.3", "dmb:strategy-phase.2"),
)

# -- Battle Phase -----------------------------------------------------------------------------------------
BATTLE_ABILITIES = cite("dmb:battle-phase.1")
REVEAL = cite("dmb:battle-phase.2")
TURN_FIRST = cite("dmb:battle-phase.2.1")
ABILITIES_AT_ONCE = cite("dmb:battle-phase.3")
PRIORITY = cite("dmb:battle-phase.3.1")
KEEPS_PRIORITY = interpretation(
    "dmb:interpretation.turn-player-resolves-first",
    "The turn player's attack abilities are applied first",
    "When both players gain 1st Attack from their attacks at the attack-abilities step, the turn player's are counted "
    "first, so the opponent's are the more recent; the engine does not offer to pass priority.",
    'Step 3.1 gives the turn player priority "but may choose to pass it"; passing would only matter for a 1st Attack '
    "tie, where it would hand the tie to the turn player. Not offering it keeps the choice out of every battle.",
    ("dmb:battle-phase.3.1", "dmb:battle-phase.3.2"),
)
FIRST_CONFLICT = cite("dmb:battle-phase.3.2")
FIRST_TIE = cite("dmb:battle-phase.3.2.1")
CANNOT_GAIN = cite("dmb:battle-phase.3.2.2")
COUNTER_SECOND = cite("dmb:battle-phase.3.2.3")
ATTACK_CHANGES = cite("dmb:battle-phase.3.3")
FIRST_HITS = cite("dmb:battle-phase.4")
RESIDUAL = cite("dmb:battle-phase.4.1")
CRASH_BEFORE_DRAIN = cite("dmb:battle-phase.4.1.1")
KO_SKIPS = cite("dmb:battle-phase.4.2")
ZERO_BEFORE_ATTACKS = interpretation(
    "dmb:interpretation.zero-hp-before-the-attacks",
    "A Digimon at 0 HP before the attacks: straight to the KO check, no attacks",
    "When an effect (a Support lowering HP) has brought an active Digimon to 0 HP before the attacks, play "
    "goes straight to the KO check (Battle Phase step 6) and neither attack is made.",
    'The rulebook says what to do when HP reaches 0 only inside the attacks (step 4.2: "skip immediately to '
    'Step 6 and proceed with KO scoring"); the engine applies the same rule at the moment the attacks would begin.',
    ("dmb:battle-phase.4.2", "dmb:battle-phase.6"),
)
SECOND_HITS = cite("dmb:battle-phase.5")
COUNTER_DAMAGE = cite("dmb:battle-phase.5.1")
RESIDUAL_SECOND = cite("dmb:battle-phase.5.2")
CRASH_BEFORE_DRAIN_SECOND = cite("dmb:battle-phase.5.2.1")
KO_CHECK = cite("dmb:battle-phase.6")
KO_DISCARD = cite("dmb:battle-phase.6.1")
KO_REVIVAL = cite("dmb:battle-phase.6.2")
KO_PARTNER_R = cite("dmb:battle-phase.6.3")
KO_PARTNER_C = cite("dmb:battle-phase.6.4")
KO_MEGA = cite("dmb:battle-phase.6.5")
KO_POINT = cite("dmb:battle-phase.6.6")
WIN = cite("dmb:battle-phase.7")

# -- End Phase --------------------------------------------------------------------------------------------
END_ABILITIES = cite("dmb:end-phase.1")
DISCARD_TO_SIX = cite("dmb:end-phase.2")
REMOVE_LINGERING = cite("dmb:end-phase.3")
TYPE_CHANGES_STAY = cite("dmb:end-phase.3.1")
HP_CARRIES = cite("dmb:end-phase.3.2")
PASSIVES_STAY = cite("dmb:end-phase.3.3")
EVO_PASSIVES = cite("dmb:end-phase.3.4")
DISCARD_SUPPORTS = cite("dmb:end-phase.4")
NEXT_TURN = cite("dmb:end-phase.5")

# -- Glossary ---------------------------------------------------------------------------------------------
PARENTHESIS = cite("dmb:glossary.parenthesis-effect")
ATTACHMENT_SLOT = cite("dmb:glossary.attachment-slot")
BOOST = cite("dmb:glossary.boost")
DELETE = cite("dmb:glossary.delete")
DISCARD = cite("dmb:glossary.discard")
LEVEL = cite("dmb:glossary.level")
PARTNER_OPTION = cite("dmb:glossary.partner-option")
RECOVER = cite("dmb:glossary.recover")
RECYCLE = cite("dmb:glossary.recycle-x")
ALSO_TYPE = cite("dmb:glossary.also-type")
ATTACH = cite("dmb:glossary.attach")
ONCE_A_TURN = cite("dmb:glossary.1-turn")
ANY_PHASE = cite("dmb:glossary.any-phase")
DATA_BREAK = cite("dmb:glossary.data-break")
RECYCLE_ANY = cite("dmb:glossary.recycle-any")
TAKE = cite("dmb:glossary.take")
RECODE = cite("dmb:glossary.recode-x")
CORRUPT = cite("dmb:glossary.corrupt-x")
REVIVE = cite("dmb:glossary.revive")
REVIVED_WORTH_ONE = cite(
    "dmb:glossary.revive",
    "“Set Revival” also changes the\xa0future KO points the Digimon is worth to exactly 1, regardless of all "
    "Passives, other lingering effects, or permanent effects.",
)
TRASH = cite("dmb:glossary.trash-x")
VOID = cite("dmb:glossary.void")

# -- Attack abilities -------------------------------------------------------------------------------------
ATTACK_ABILITIES = cite("dmb:attack-abilities.p1")
A_FIRST = cite("dmb:attack-abilities.1st-attack")
A_TO_ZERO = cite("dmb:attack-abilities.attack-to-0")
A_COUNTER = cite("dmb:attack-abilities.counter")
A_CRASH = cite("dmb:attack-abilities.crash")
A_X3 = cite("dmb:attack-abilities.type-x3-vs")
A_JAMMING = cite("dmb:attack-abilities.jamming")
A_DRAIN = cite("dmb:attack-abilities.drain")
A_DRAW = cite("dmb:attack-abilities.draw-x")
A_TRASH = cite("dmb:attack-abilities.trash-x")
A_RECYCLE = cite("dmb:attack-abilities.recycle-x")
A_RECODE = cite("dmb:attack-abilities.recode-x")
A_CORRUPT = cite("dmb:attack-abilities.corrupt-x")
A_ATTACH = cite("dmb:attack-abilities.attach-d-t-h")
A_SHATTER = cite("dmb:attack-abilities.shatter")

# -- Deck construction ------------------------------------------------------------------------------------
DECK_40 = cite("dmb:deck-construction.b1")
DZ_MEGA = cite("dmb:deck-construction.b2")
PARTNER_R = cite("dmb:deck-construction.b3")
DZ_PARTNER_C = cite("dmb:deck-construction.b4")
DZ_PARTNER_OPTION = cite("dmb:deck-construction.b5")
COPIES_DIGIMON = cite("dmb:deck-construction.b6")
COPIES_OPTION = cite("dmb:deck-construction.b7")
COPIES_EVOLUTION = cite("dmb:deck-construction.b8")
ACE = cite("dmb:deck-construction.b9")
FIREWALL = cite("dmb:deck-construction.b10")
DATA_COPIES = cite("dmb:deck-construction.b11")
DATA_LEGALITY = cite("dmb:deck-construction.p1")
DESTINY_OUTSIDE = interpretation(
    "dmb:interpretation.destiny-zone-outside-the-40",
    "The Destiny Zone is outside the 40-card deck",
    "The 40 cards of a deck are the main deck; the Destiny Zone's Mega, partner Champions and Partner Option are "
    "listed beside it, not counted in it.",
    'The deck rules list the Destiny Zone\'s optional cards apart from "Deck is 40 cards", and cards reach the '
    "game from the Destiny Zone (a Mega, a partner Champion) without being drawn.",
    ("dmb:deck-construction.b1", "dmb:deck-construction.b2"),
)
DESTINY_HIDDEN = interpretation(
    "dmb:interpretation.destiny-zone-private",
    "The Destiny Zone is its owner's to see",
    "Cards in a Destiny Zone are seen by their owner only, until they enter play.",
    "The rulebook does not say whether the Destiny Zone lies face up; keeping it private hides nothing the rules "
    "show, and a card that leaves it is seen when it is played.",
    ("dmb:deck-construction.b2",),
)

# -- FAQ --------------------------------------------------------------------------------------------------
CONDITIONALS = cite("dmb:faq.conditionals")
SIMULTANEOUS = cite("dmb:faq.simultaneous-effects")
PLACED_UNDER = cite("dmb:faq.cards-placed-under-digimon")
COSTS_VS_EFFECTS = cite("dmb:faq.costs-vs-effects")
COUNTER_SPECIFICS = cite("dmb:faq.counter-specifics")
JAMMING_ODDBALLS = cite("dmb:faq.jamming-oddballs")
OPPONENT_DISCARDS = cite("dmb:faq.opponent-discards")
ACTIVATE = cite("dmb:faq.activate-timing")
DATA_TIMING = cite("dmb:faq.data-timing")
MORE["data"] = (
    cite("dmb:glossary.data"),
)  #: the Glossary's word DATA (a pointer to the FAQ), linked where a DATA card is used
EFFECT_TIMING = cite("dmb:faq.effect-timing")
EVO_BOX_PASSIVES = cite("dmb:faq.passives-in-evolution-boxes")
LEAVING_A_ZONE = cite("dmb:faq.leaving-a-zone")
UNKNOWN_CARDS = cite("dmb:faq.putting-unknown-cards-from-a-hidden-zone-into-a-visible-zone")
CHERRYPICKING = cite("dmb:faq.cherrypicking-rules")

"""Every citation the Digimon Card Game procedure emits: verbatim quotes of the rule manual and named interpretations.

Built at import time through ``cite``, so a quote that stops matching the shipped
manual fails the moment the game is loaded (and in the tests).
"""

from __future__ import annotations

from ...rules.citations import cite, interpretation

# -- Decks and setting up --------------------------------------------------------------------------------------
DECK = cite(
    "dcg:decks.required-items.b1",
    "A deck with a total of 50 cards, made up of Digimon cards, Tamer cards, and Option cards.",
)
COPIES = cite(
    "dcg:decks.required-items.b1", "A deck can contain no more than four copies of cards with the same card number."
)
EGG_DECK = cite("dcg:decks.required-items.b2", "A deck made up of 0-5 Digi-Egg Cards.")
EGG_COPIES = cite(
    "dcg:decks.required-items.b2",
    "A Digi-Egg deck can contain no more than four copies of cards with the same card number.",
)
TOKENS_NOT_IN_DECK = cite("dcg:tokens.p6")
SHUFFLE_DECK = cite("dcg:setting-up-the-game.1")
SHUFFLE_EGGS = cite("dcg:setting-up-the-game.2")
FIRST_PLAYER = cite("dcg:setting-up-the-game.3")
DRAW_FIVE = cite("dcg:setting-up-the-game.4", "Both players draw 5 cards from the top of their decks.")
REDRAW = cite(
    "dcg:setting-up-the-game.4",
    "After checking their hand, either player can redraw their hand once by announcing their intention to do so, "
    "starting with the player that goes first.",
)
HOW_TO_REDRAW = cite(
    "dcg:setting-up-the-game.4", "To redraw, shuffle your hand into your deck and redraw a new hand of 5 cards."
)
NO_REDRAW = cite("dcg:setting-up-the-game.4", "Players can choose not to redraw.")
SECURITY = cite("dcg:setting-up-the-game.5")
MEMORY_ZERO = cite("dcg:setting-up-the-game.6")
COIN = interpretation(
    "dcg:interpretation.first-player-coin",
    "A seeded coin stands in for Rock-Paper-Scissors",
    "The engine decides who goes first with a coin drawn from the match's seed: the winner of the coin goes first.",
    "The manual decides the first player by Rock-Paper-Scissors, a game between two people. A seeded coin gives each "
    "player the same even chance and keeps every game repeatable from its seed.",
    ("dcg:setting-up-the-game.3",),
)

# -- Memory ------------------------------------------------------------------------------------------------------
PAY = cite(
    "dcg:paying-memory-costs.p1",
    "For example, to pay a memory cost of 3, you would need to move your memory counter 3 spaces to the right.",
)
SHARED_GAUGE = cite("dcg:memory-gauge.p2")
TURN_ENDS = cite(
    "dcg:paying-memory-costs.p2",
    "During your turn, if the memory counter lands on a number greater than 0 on your opponent's side due to costs or "
    "other effects, your turn ends and it becomes your opponent's turn.",
)
ON_ZERO_GOES_ON = cite("dcg:paying-memory-costs.p2", "(If the counter is on 0, your turn continues.)")
AFTER_EFFECTS = cite(
    "dcg:paying-memory-costs.p3", "After all effects have finished activating, your opponent's turn begins."
)
MAX_TEN = cite("dcg:paying-memory-costs.p4")
OVER_TEN = cite("dcg:paying-memory-costs.p5")
OVER_TEN_EXAMPLE = cite("dcg:paying-memory-costs.p6")
ENDING_A_TURN = cite(
    "dcg:ending-a-turn.p1",
    "During your turn, if the memory counter goes to 1 or above on your opponent's side due to costs or other effects, "
    "your turn ends and it becomes your opponent's turn.",
)
EFFECTS_BRING_BACK = cite(
    "dcg:ending-a-turn.p1",
    "If the activation of those effects brings the memory counter to 0 or above on your side, your turn continues.",
)
COUNTER_STAYS = cite("dcg:ending-a-turn.p2")
PAY_FIVE_EXAMPLE = cite("dcg:ending-a-turn.p3")
PASS = cite("dcg:passing.p1")
PASS_TO_THREE = cite("dcg:passing.p2")
GAIN_LOSE_WHO = cite("dcg:effects-that-make-you-gain-or-lose-memory.p2")

# -- Game flow -----------------------------------------------------------------------------------------------------
FOUR_PHASES = cite("dcg:game-flow.p1")
UNSUSPEND = cite("dcg:unsuspend-phase.p1")
DRAW = cite("dcg:draw-phase.p1")
CANNOT_DRAW_LOSES = cite(
    "dcg:draw-phase.p2",
    "If a player can't draw because there are no cards left in their deck, that player loses the game.",
)
FIRST_TURN_NO_DRAW = cite(
    "dcg:draw-phase.p2", "The player who goes first does not draw a card during the Draw Phase on their first turn."
)
BREEDING_ONE = cite("dcg:breeding-phase.p1")
BREEDING_ONCE = cite("dcg:breeding-phase.p2")
HATCH_EMPTY = cite("dcg:hatch-a-digi-egg.p1")
HATCH = cite(
    "dcg:hatch-a-digi-egg.p2",
    "Flip one card face up from the top of the Digi-Egg deck and place it in the breeding area.",
)
HATCHED_LEVEL_2 = cite("dcg:hatch-a-digi-egg.p2", "A hatched Digi-Egg card is treated as a level 2 Digimon.")
MOVE_OUT = cite(
    "dcg:move-a-digimon-out-of-the-breeding-area.p1",
    "A Digimon can be moved from the breeding area to the battle area if it has DP.",
)
NO_DP_NO_MOVE = cite(
    "dcg:move-a-digimon-out-of-the-breeding-area.p1", "(Digimon that don't have DP can't be moved to the battle area.)"
)
MOVE_NOT_PLAY = cite(
    "dcg:move-a-digimon-out-of-the-breeding-area.p1",
    "Moving Digimon from the breeding area to the battle area isn't considered playing the Digimon, so On Play "
    "effects won't activate.",
)
MOVED_NOT_PLAYED = cite(
    "dcg:move-a-digimon-out-of-the-breeding-area.p1",
    "Moving Digimon from the breeding area to the battle area isn't considered playing the Digimon, so On Play "
    "effects won't activate. It's possible for a Digimon to perform an attack on the same turn they were moved "
    "to the battle area.",
)
DO_NOTHING = cite("dcg:do-nothing.p1")
BREEDING_NO_EFFECTS = cite("dcg:breeding-area.p2")
MAIN = cite("dcg:main-phase.p2")

# -- Main phase: A. B. C. D. ---------------------------------------------------------------------------------------
PLAY_DIGIMON = cite("dcg:playing-digimon.p1")
PLACE_UNSUSPENDED = cite("dcg:playing-digimon.p2")
PAY_PLAY_COST = cite("dcg:playing-digimon.p3")
NO_ATTACK_WHEN_PLAYED = cite("dcg:playing-digimon.p4", "Digimon can't attack on the turn they were played.")
DIGIVOLVE = cite("dcg:digivolving.p1")
REQUIREMENTS = cite(
    "dcg:digivolving.p2",
    "If you have a Digimon in play that matches the required color and level, it can digivolve into the Digimon "
    "card you have in your hand.",
)
ONE_REQUIREMENT = cite(
    "dcg:digivolving.p2",
    "If a card has multiple digivolution requirements, a Digimon must only satisfy one of those requirements to "
    "digivolve into it.",
)
NAME_REQUIREMENT = cite("dcg:digivolving.p4", "This digivolution condition is treated as a normal digivolution.")
PLACE_DIGIVOLVED = cite(
    "dcg:digivolving.p5",
    "Place the digivolved Digimon card from your hand onto the card that meets its digivolution requirements.",
)
DIGIVOLVE_STEPS = cite("dcg:digivolving.p5")  # place, pay, draw: the whole procedure, in the manual's order
STAYS_SUSPENDED = cite(
    "dcg:digivolving.b1", "When digivolving a suspended Digimon, it remains suspended after digivolution."
)
PLAYED_STILL_CANNOT = cite(
    "dcg:digivolving.b2", "However, they still can't attack on the turn they are played, even if digivolved."
)
DIGIVOLVED_MAY_ATTACK = cite("dcg:digivolving.b2", "Digimon can attack after digivolving.")
WHEN_DIGIVOLVING_AFTER_BONUS = cite(
    "dcg:digivolving.b3", "[When Digivolving] effects activate after the digivolution bonus."
)
SOURCES = cite("dcg:digivolving.p6")
INHERITED = cite("dcg:digivolving.p7")
ONE_DIGIMON = cite("dcg:digivolving.p8")
DELETED_STACK = cite("dcg:digivolving.p9")
PLAY_TAMER = cite("dcg:playing-tamers.p1")
TAMER_UNSUSPENDED = cite("dcg:playing-tamers.p2")
TAMER_COST = cite("dcg:playing-tamers.p3")
TAMERS_NO_ATTACK = cite("dcg:playing-tamers.p4", "Tamers can't attack or block.")
TAMERS_NO_LIMIT = cite(
    "dcg:playing-tamers.p4", "There is no limit to how many Tamers can be placed in the battle area."
)
USE_OPTION = cite(
    "dcg:using-option-cards.p1", "Players can use Option cards from their hand to activate their [Main] effects."
)
COLOUR_REQUIREMENT = cite(
    "dcg:using-option-cards.p1",
    "To use an Option card, you must have at least one Digimon or Tamer in your battle area or breeding area "
    "that matches the color of the Option card.",
)
OPTION_RULE = cite("dcg:using-option-cards.p1")  # using an Option card from the hand, and its colour requirement
OPTION_PAY = cite(
    "dcg:using-option-cards.p2",
    "Place the Option card in the field from your hand, pay its cost, then the Option card's main effect is activated.",
)
OPTION_TRASHED = cite("dcg:using-option-cards.p3")
MULTICOLOUR_OPTION = cite(
    "dcg:multicolor-option-cards.p1", "To use a multicolor Option card, you must meet all of its color requirements."
)
MULTICOLOUR = cite(
    "dcg:multicolor-digimon.p1",
    "These Digimon have multiple colors, such as blue/green and yellow/purple, and are treated as having all of "
    "the specified colors simultaneously.",
)

# -- Main phase: E. Attacking ----------------------------------------------------------------------------------------
ATTACK = cite("dcg:attacking.p1")
TARGET = cite(
    "dcg:attacking.p2",
    "You can either target one of your opponent's suspended Digimon in their battle area, or the opposing player.",
)
SUSPEND_AND_DECLARE = cite(
    "dcg:attacking.p3", "Then, suspend an unsuspended Digimon you want to attack with and declare your attack."
)
WHEN_ATTACKING = cite(
    "dcg:attacking.p3",
    "Any When Attacking effects or effects that activate when one of your Digimon attacks are activated at this point.",
)
COUNTER_TIMING = cite("dcg:attacking.p4", "After all effects have been activated, counter timing occurs.")
BLOCKER_TIMING = cite("dcg:attacking.p4", "After all counter timing effects have been resolved, blocker timing occurs.")
BLOCK = cite(
    "dcg:attacking.p5",
    "A player can block by suspending one of their unsuspended Digimon with <Blocker>.",
)
BLOCK_SWITCHES = cite(
    "dcg:attacking.p5",
    "Blocking switches the target of the attack to the blocking Digimon, and the two Digimon battle.",
)
BLOCK_ONCE = cite("dcg:attacking.p6", "Blocking can only be performed once per battle.")
BATTLE = cite("dcg:attacking.battle.p1")
HIGHER_DP = cite("dcg:attacking.battle.p2")
LOSER_DELETED = cite("dcg:attacking.battle.p3")
EQUAL_DP = cite("dcg:attacking.battle.p4")
DP_LOSS = cite(
    "dcg:what-happens-if-a-digimons-dp-falls-to-zero.p1",
    "Digimon don't lose DP when they are attacked, but they can temporarily lose DP from certain effects.",
)
DP_ZERO = cite(
    "dcg:what-happens-if-a-digimons-dp-falls-to-zero.p1",
    "If a Digimon's DP drops to zero from an effect (it can't drop below zero), that Digimon is deleted and "
    "placed in the trash (recycle bin).",
)
CHECK = cite("dcg:attacking.security-check.p1")
SECURITY_EFFECT = cite("dcg:attacking.security-check.p2")
SECURITY_FREE = cite(
    "dcg:attacking.security-check.p3",
    "You don't need to pay any memory cost to activate a security effect, and security effects on Option cards "
    "ignore normal color requirements for Option cards.",
)
SECURITY_DIGIMON = cite("dcg:attacking.security-check.digimon-cards.p1")
SECURITY_DIGIMON_NO_EFFECTS = cite("dcg:attacking.security-check.digimon-cards.p3")
ATTACKER_LOSES = cite("dcg:attacking.security-check.digimon-cards.p4")
SECURITY_DIGIMON_TRASHED = cite("dcg:attacking.security-check.digimon-cards.p5")
OPTION_TAMER_CHECKED = cite("dcg:attacking.security-check.option-and-tamer-cards.p1")
NO_SECURITY_WINS = cite("dcg:attacking.security-check.option-and-tamer-cards.p2")
ONE_CHECK_AT_A_TIME = cite("dcg:when-a-single-attack-requires-multiple-checks.p1")
CHECKS_STOP = cite("dcg:when-a-single-attack-requires-multiple-checks.p2")
NO_MORE_SECURITY = cite("dcg:what-happens-when-a-player-has-no-security-cards.p1")
GAME_GOES_ON = cite("dcg:what-happens-when-a-player-has-no-security-cards.p2")
BLOCKER = cite("dcg:blocker-text.p2")
BLOCKER_AT_TIMING = cite("dcg:blocker-text.p3", "Instead, a card with <Blocker> can now block at the blocker timing.")
SECURITY_A = cite("dcg:security-attack-text.p1")
MAIN_EFFECTS = cite("dcg:activating-main-effects.p2")
WIN_NO_SECURITY = cite("dcg:ending-the-game.b1")
WIN_NO_DRAW = cite("dcg:ending-the-game.b2")

# -- Effects -----------------------------------------------------------------------------------------------------------
SIMULTANEOUS = cite("dcg:effect-activation-order.p1", "Sometimes, multiple effects can trigger at the same time.")
OWNER_ORDERS = cite("dcg:effect-activation-order.p2")
TURN_PLAYER_FIRST = cite("dcg:effect-activation-order.p3")
THEN_OPPONENT = cite("dcg:effect-activation-order.p4")
NEWER_FIRST = cite(
    "dcg:effect-activation-order.p5",
    "If activating an effect causes new effects to trigger, they activate before other effects.",
)
ON_DELETION_AFTER_TRASH = cite(
    "dcg:effect-activation-order.p5",
    "[On Deletion] effects activate after the card with the effect is moved to the trash.",
)
LEFT_PLAY = cite("dcg:effect-activation-order.p6")
GAIN_LOSE = cite("dcg:effects-that-make-you-gain-or-lose-memory.p1")
NO_DP_TRASHED = cite(
    "dcg:movable-to-battle-areas.p2",
    "If a Digimon without DP ends up in the battle area due to an effect, it's placed in its owner's trash.",
)
NOT_DELETED = cite("dcg:movable-to-battle-areas.p2", "Note that it's not treated as if it was deleted.")
LEAVES_SOURCES_TRASHED = cite(
    "dcg:effects-that-remove-digimon-from-battle-areas.p1",
    "Instead, Digimon that leave the battle area will have their digivolution cards trashed as part of the "
    "game's core rules.",
)
CARD_TEXT_FIRST = cite(
    "dcg:setting-up-the-game.p1",
    "If there are any discrepancies between the rule manual and the card text, the card text should take precedence.",
)
TARGET_LEFT = interpretation(
    "dcg:interpretation.target-left",
    "An attack whose target Digimon left play ends without a battle",
    "If the Digimon an attack targets is no longer in play when the battle would happen, the attack ends: there is no "
    "battle, and no security card is checked.",
    "The manual says what happens when the attacker loses or leaves during checks, but not when the target leaves "
    "before the battle; the attack declared one target, and a player who was not attacked is not checked.",
    ("dcg:attacking.p2",),
)
CARD_TIMINGS = interpretation(
    "dcg:interpretation.card-timings",
    "Timings and keywords the manual does not define act as the card's own reminder text says",
    "[Your Turn], [Opponent's Turn], [All Turns], [Start of Your Turn], [End of Your Turn] and keywords such as "
    "<Rush>, "
    "<Piercing>, <Jamming>, <Reboot>, <Draw N> and <Recovery +N (Deck)> act as the text printed on the card says; the "
    "tutor quotes that text (a card citation).",
    "The rule manual names these timings and keywords on cards but never defines them; the manual says card text takes "
    "precedence, so each card carries its own reminder text, written for this project.",
    ("dcg:setting-up-the-game.p1",),
)

# -- DNA digivolution --------------------------------------------------------------------------------------------------
DNA = cite(
    "dcg:dna-digivolution.p1",
    "DNA digivolution is a new type of digivolution that combines two Digimon together to digivolve.",
)
DNA_REQUIREMENTS = cite("dcg:dna-digivolution-diagram.1")
DNA_PLACE = cite("dcg:dna-digivolution-diagram.2")
DNA_ORDER = cite(
    "dcg:dna-digivolution-diagram.p1",
    "When stacking the cards, the card on the left side of the DNA digivolution requirements should be placed on "
    "top of the card listed to the right.",
)
DNA_PAY = cite("dcg:dna-digivolution-diagram.3")
DNA_WHEN_DIGIVOLVING = cite("dcg:dna-digivolution-diagram.4")
DNA_INHERITED = cite("dcg:dna-digivolution-diagram.p2")
DNA_ONE = cite("dcg:dna-digivolution-diagram.p3")
DNA_UNSUSPENDED = cite("dcg:dna-digivolution-diagram.b1")
DNA_RESET = cite("dcg:dna-digivolution-diagram.b2")
DNA_ONCE_RESET = cite("dcg:dna-digivolution-diagram.b3")
DNA_MAY_ATTACK = cite("dcg:dna-digivolution-diagram.b4")
DNA_LIKE_DIGIVOLUTION = cite(
    "dcg:dna-digivolution-diagram.b5",
    "Just like normal digivolution, DNA digivolution causes effects that care about digivolution, like [When "
    "Digivolving] effects and “When one of your Digimon digivolves” to trigger.",
)
DNA_BATTLE_AREA = cite("dcg:dna-digivolution-diagram.b6")
MULTICOLOUR_DIGIVOLVE = cite(
    "dcg:multicolor-digimon.p3",
    "It also meets the digivolution conditions for both blue and green Digimon, allowing it to digivolve into "
    "Digimon of either color.",
)

# -- [Main] effects, Tokens --------------------------------------------------------------------------------------------
MAIN_ON_CARDS = cite("dcg:activating-main-effects.p1")
MAIN_NO_INTERRUPT = cite("dcg:activating-main-effects.p3")
TOKENS_SPECIAL = cite("dcg:tokens.p2")
TOKENS_ONLY_BY_EFFECTS = cite("dcg:tokens.p4")
TOKENS_REMOVED = cite(
    "dcg:tokens.b5",
    "If a Token would be deleted, trashed, returned to its owner's hand/deck, placed in a security stack or "
    "placed under another card, it is removed from the game instead.",
)
TOKENS_NO_DIGIVOLVE = cite(
    "dcg:tokens.b2", "Tokens can't digivolve, become digivolution cards of other Digimon or be placed under Tamers."
)
TOKENS_STAY = cite("dcg:tokens.b6")

# -- ACE Digimon: Blast Digivolve and Overflow -------------------------------------------------------------------------
ACE_CATEGORY = cite("dcg:ace-digimon.p2")
BLAST = cite(
    "dcg:ace-digimon.p4"
)  # a [Counter] effect: digivolve at counter timing without paying, following the requirements
BLAST_BONUS = cite("dcg:ace-digimon.p5")
BLAST_WHEN_DIGIVOLVING = cite(
    "dcg:ace-digimon.p6",
    "When Blast Digivolving, [When Digivolving] effects still activate, and if digivolved into a Digimon with "
    "<Blocker>, it may block in the blocker timing following the counter timing.",
)
ONE_COUNTER = cite(
    "dcg:ace-digimon.p6", "Note that you may not activate more than 1 [Counter] effect during an attack."
)
COUNTER_ONCE = cite(
    "dcg:attacking.p4",
    'During counter timing, the defending player can activate "when an opponent\'s Digimon attacks" effects once '
    "per attack.",
)
OVERFLOW = cite("dcg:overflow.p1")
OVERFLOW_AT_ONCE = cite("dcg:overflow.p2")
OVERFLOW_RULE = cite("dcg:overflow.p3")
OVERFLOW_SOURCES = cite("dcg:overflow.p4")
OVERFLOW_NOT = cite("dcg:overflow.p5")
OVERFLOW_NOT_OUTSIDE = cite(
    "dcg:overflow.p5",
    "It also does not apply when the card moves while outside the battle area and not under a card in the battle "
    "area, such as being moved from the breeding area, trash, hand, deck or the security stack.",
)
ACE_OVERFLOW = cite("dcg:ace-digimon.b1")

# -- DigiXros ----------------------------------------------------------------------------------------------------------
XROS = cite(
    "dcg:digixros.p2",
    "With DigiXros, when a Digimon card with DigiXros requirements is played, you can place Digimon cards listed "
    "in its DigiXros requirements from your hand or battle area under the Digimon card being played as "
    "digivolution cards.",
)
XROS_DECLARE = cite("dcg:digixros.1")
XROS_WHETHER = cite("dcg:digixros.2")
XROS_FROM_BATTLE = cite("dcg:digixros.p8")  # only the top card; the rest trashed, not "trashing"
XROS_ANY = cite(
    "dcg:digixros.p9", "You can place as many or as few of the cards written in the requirements as you like."
)
XROS_ONE_EACH = cite(
    "dcg:digixros.p9", "In addition, only one of each card written in the DigiXros requirements can be placed."
)
XROS_ORDER = cite("dcg:digixros.p11")
XROS_REDUCE = cite("dcg:digixros.3")
XROS_PAY = cite("dcg:digixros.4")
XROS_EXAMPLE = cite("dcg:digixros.p15")
XROS_IS_PLAYING = cite(
    "dcg:digixros.p16"
)  # [On Play] effects activate, and it can't attack this turn, as for a normal play
XROS_SOURCES = cite("dcg:digixros.p17")
XROS_WITHOUT = cite("dcg:digixros.p18")

# -- Burst Digivolve ---------------------------------------------------------------------------------------------------
BURST = cite(
    "dcg:burst-digivolve.p2",
    "When the Digimon specified in the Burst Digivolve requirement of the card digivolves, digivolving for the "
    "specified digivolution cost is possible by returning a Tamer you have that is specified in the Burst "
    "Digivolve requirement to the hand.",
)
BURST_BONUS = cite("dcg:burst-digivolve.p2", "You still draw a card from the digivolution bonus.")
BURST_END = cite(
    "dcg:burst-digivolve.p5",
    "At the end of the turn a Digimon burst digivolved, you trash the top card of that Digimon.",
)
BURST_NO_SOURCES = cite(
    "dcg:burst-digivolve.p5", "However, don't trash the top card if the Digimon doesn't have any digivolution cards"
)
BURST_TRIGGERS = cite(
    "dcg:burst-digivolve.p8",
    "Just like normal digivolution, burst digivolution triggers effects that care about digivolution, like [When "
    "Digivolving] effects and “When one of your Digimon digivolves”.",
)
WITH_X = cite(
    "dcg:with-x-in-its-text-cards.b1",
    "Determine if a card has the specified term(s) in the text of its card name, effect(s), inherited effect(s), "
    "security effect, DNA digivolution, special digivolution requirements, or DigiXros requirements.",
)

# -- Card information, the playing field, and other clauses the steps above apply --------------------------------------
EGG_BACK = cite("dcg:digimon-cards-digi-egg-cards.p1")
EGG_IS_DIGIMON = cite("dcg:digimon-cards-digi-egg-cards.p4")
CARD_PLAY_COST = cite("dcg:digimon-cards-digi-egg-cards.b1")
CARD_DP = cite(
    "dcg:digimon-cards-digi-egg-cards.b2",
    "**DP (Digimon Power):** The Digimon's attack power. During battles, the Digimon with the higher DP wins.",
)
CARD_REQUIREMENTS = cite("dcg:digimon-cards-digi-egg-cards.b3")
CARD_DNA = cite(
    "dcg:digimon-cards-digi-egg-cards.b4",
    "**DNA/Special Digivolution:** Digivolution requirements for DNA and special digivolutions.",
)
CARD_XROS = cite("dcg:digimon-cards-digi-egg-cards.b5")
CARD_EFFECTS = cite("dcg:digimon-cards-digi-egg-cards.b6")
CARD_LEVEL = cite("dcg:digimon-cards-digi-egg-cards.b7")
CARD_TRAITS = cite("dcg:digimon-cards-digi-egg-cards.b12")
CARD_INHERITED = cite("dcg:digimon-cards-digi-egg-cards.b13")
TAMER_PLAY_COST = cite("dcg:tamer-cards.b1")
TAMER_EFFECTS = cite("dcg:tamer-cards.b2")
TAMER_SECURITY = cite(
    "dcg:tamer-cards.b7",
    "**Security Effect (Inherited Effect):** Effect activated when this card is flipped over in the security "
    "stack by a security check.",
)
OPTION_COST = cite("dcg:option-cards.b1")
OPTION_EFFECT = cite("dcg:option-cards.b2")
OPTION_SECURITY = cite(
    "dcg:option-cards.b7",
    "**Security Effect:** Effect activated when this card is flipped over in the Security Stack by a security check.",
)
SECURITY_WALL = cite("dcg:security-stack.p1")
SECURITY_LOSE = cite("dcg:security-stack.p2")
GAUGE_FOR_COSTS = cite("dcg:memory-gauge.p1")
DECK_ZONE = cite("dcg:deck-zone.p1")
EGG_ZONE = cite("dcg:digi-egg-deck-zone.p1")
TRASH_FACE_UP = cite("dcg:trash.p1")
BREEDING_AREA = cite("dcg:breeding-area.p1")
GAUGE_AND_COUNTER = cite("dcg:decks.required-items.b3")
TOKEN_CARDS = cite(
    "dcg:decks.required-items.b4",
    "**Token Cards:** If your deck includes cards that use tokens, make sure you have enough token cards for them.",
)
SUSPENDED_STATES = cite("dcg:suspended-and-unsuspended-states.p1")
SUSPENDING_WORDS = cite("dcg:suspended-and-unsuspended-states.p3")
BREEDING_HATCH = cite("dcg:breeding-phase.b1")
BREEDING_MOVE = cite("dcg:breeding-phase.b2")
BREEDING_NOTHING = cite("dcg:breeding-phase.b3")
MAIN_PRIMARY = cite("dcg:main-phase.p1")
MAIN_A = cite("dcg:main-phase.b1")
MAIN_B = cite("dcg:main-phase.b2")
MAIN_C = cite("dcg:main-phase.b3")
MAIN_D = cite("dcg:main-phase.b4")
MAIN_E = cite("dcg:main-phase.b5")
MAIN_F = cite("dcg:main-phase.b6")
END_OF_THE_TURN = cite("dcg:end-of-the-turn.p1")
REQUIREMENT_EXAMPLE = cite("dcg:digivolving.p3")
OPTION_SECURITY_NOT_FROM_HAND = cite("dcg:using-option-cards.p4")
BY_CARD_TYPE = cite("dcg:attacking.security-check.p4")
SECURITY_DIGIMON_NOT_REGULAR = cite("dcg:attacking.security-check.digimon-cards.p2")
ANOTHER_ATTACK = cite("dcg:what-happens-when-a-player-has-no-security-cards.p3")
BLOCKER_ABILITY = cite("dcg:defend-yourself-with-blocker.p1")
BLOCKER_TAKES = cite("dcg:defend-yourself-with-blocker.p2")
BLOCKER_SWITCHES = cite("dcg:defend-yourself-with-blocker.p3")
BLOCKER_PROTECT = cite("dcg:defend-yourself-with-blocker.p4")
YOU_WIN_IF = cite("dcg:ending-the-game.p1")
TOKENS_IN_BOOSTERS = cite("dcg:tokens.p1")
TOKENS_SEPARATE = cite("dcg:tokens.p3")
TOKENS_DIFFER = cite("dcg:tokens.b1")
TOKENS_NO_SOURCES = cite("dcg:tokens.b3")
TOKENS_ARE_DIGIMON = cite(
    "dcg:tokens.b4", "Any effect that applies to Digimon also applies to Tokens played as Digimon."
)
LEVEL_2_ENTERS = cite("dcg:what-happens-when-a-digimon-without-dp-enters-the-battle-area.p1")
HAMMER_SPARK = cite("dcg:effects-that-make-you-gain-or-lose-memory.p3")
MULTICOLOUR_INTRO = cite("dcg:multicolor-cards-and-dna-digivolution.p1")
MULTICOLOUR_EVERYWHERE = cite("dcg:multicolor-digimon.p2")
CHAOS_DEGRADATION = cite("dcg:multicolor-option-cards.p2")
CHAOS_NEEDS_BOTH = cite("dcg:multicolor-option-cards.p3")
CHAOS_ONE_DIGIMON = cite("dcg:multicolor-option-cards.p4")
STANDARDIZED = cite("dcg:card-text-standardization.p1")
BLOCKER_NEW_TEXT = cite("dcg:blocker-text.p1")
RETURN_THE_REST = cite("dcg:text-referring-to-returning-revealed-cards-to-deck.p1")
PLACE_FROM_HAND = cite("dcg:text-referring-to-placing-cards-from-hand-in-security-or-decks.p1")
PLACE_IN_SECURITY = cite("dcg:effect-text-for-placing-digimon-and-tamers-in-security.p1")
REVISIONS = cite("dcg:partial-revisions-to-digimon-card-game-rules.p1")
NO_DP_RULE_CHANGE = cite("dcg:movable-to-battle-areas.p1")
BLOCKER_NOT_TRIGGERED = cite("dcg:blocker-effect.p1")
BLOCKER_GIVEN_AT_TIMING = cite("dcg:blocker-effect.p2")
XROS_INTRO = cite("dcg:digixros.p1")
XROS_STEPS = cite("dcg:digixros.p3")
XROS_PLACE = cite("dcg:digixros.p5")
XROS_FROM_BATTLE_TRASHED = cite("dcg:digixros.p7")
XROS_NOT_ALL = cite("dcg:digixros.p12")
XROS_EACH_REDUCES = cite("dcg:digixros.p14")
BURST_INTRO = cite("dcg:burst-digivolve.p1")
BURST_AT_END = cite("dcg:burst-digivolve.p6")
ACE_INTRO = cite("dcg:ace-digimon.p1")
ACE_BLAST = cite("dcg:ace-digimon.p3")
WITH_X_INTRO = cite("dcg:with-x-in-its-text-cards.p1")
WITH_X_MEANS = cite("dcg:with-x-in-its-text-cards.p2")
WITH_X_TOP_ONLY = cite(
    "dcg:with-x-in-its-text-cards.b2",
    "When choosing a card that meets the requirements from among Digimon and Tamers, only refer to text on the "
    "card placed on top.",
)

# -- The manual's activation order example, DigiXros and Burst example texts -------------------------------------------
EXAMPLE_A_FIRST = tuple(cite(f"dcg:activation-order-example.{n}") for n in ("p1", "1", "2", "3"))
EXAMPLE_OR = cite("dcg:activation-order-example.p2")
EXAMPLE_B_FIRST = tuple(cite(f"dcg:this-board-state-can-also-be-resolved-like-this.{n}") for n in ("p1", "1", "2", "3"))
LEFT_PLAY_CANCELLED = cite("dcg:this-board-state-can-also-be-resolved-like-this.p2")
XROS_EXAMPLE_TEXT = tuple(cite(f"dcg:digixros.{n}") for n in ("p4", "p10", "p13"))
BURST_EXAMPLE_TEXT = (cite("dcg:burst-digivolve.p3"), cite("dcg:burst-digivolve.p4"))
WITH_X_EFFECT_TERMS = cite("dcg:with-x-in-its-text-cards.b3")
PLAY_FROM_SOURCES = cite("dcg:effects-that-play-digimon-from-digivolution-cards.p1")
EFFECT_DIGIVOLVE = cite(
    "dcg:effect-text-for-causing-digimon-to-digivolve.p1",
    "unless otherwise specified, the digivolution cost specified by the card should still be paid.",
)
NO_BURST_BY_EFFECT = cite(
    "dcg:burst-digivolve.p9", "Note that you can't burst digivolve with effects that instruct you to digivolve."
)
WITH_X_WORDS = cite("dcg:with-x-in-its-text-cards.b4")  # part of a longer word counts, part of an icon does not

# -- the manual's names for the parts of a card and of the field (the board's whole-card view and zone titles) --------
DIAGRAM_DIGIMON = cite("dcg:digimon-cards-digi-egg-cards.p2")
DIAGRAM_DIGI_EGG = cite("dcg:digimon-cards-digi-egg-cards.p3")
NAMED_CARD_NAME = {
    "digimon": cite("dcg:digimon-cards-digi-egg-cards.b8"),
    "tamer": cite("dcg:tamer-cards.b3"),
    "option": cite("dcg:option-cards.b3"),
}
NAMED_COLOUR = {
    "digimon": cite("dcg:digimon-cards-digi-egg-cards.b9"),
    "tamer": cite("dcg:tamer-cards.b4"),
    "option": cite("dcg:option-cards.b4"),
}
NAMED_NUMBER = {
    "digimon": cite("dcg:digimon-cards-digi-egg-cards.b10"),
    "tamer": cite("dcg:tamer-cards.b5"),
    "option": cite("dcg:option-cards.b5"),
}
NAMED_DECK = cite("dcg:decks.required-items.b5")
NAMED_EGG_DECK = cite("dcg:decks.required-items.b6")
NAMED_GAUGE = cite("dcg:decks.required-items.b7")
NAMED_BATTLE_AREA = cite("dcg:deck-zone.p3")
NAMED_YOU = cite("dcg:deck-zone.p2")
NAMED_UNSUSPENDED = cite("dcg:suspended-and-unsuspended-states.p2")
NAMED_SUSPENDED = cite("dcg:suspended-and-unsuspended-states.p4")
NAMED_XROS_BATTLE_AREA = cite("dcg:digixros.p6")
ARRANGE = cite("dcg:the-playing-field.p1")
GOAL = cite(
    "dcg:about-the-game.p1",
    "Destroy all of the security cards guarding your opponent and deliver a finishing blow to achieve victory!",
)

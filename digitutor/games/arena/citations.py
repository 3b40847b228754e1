"""Every citation the Arena procedure emits: verbatim rulebook sentences and named interpretations.

Built at import time through ``cite``, so a quote that stops matching the shipped
rulebook fails the moment the game is loaded (and in the tests).
"""

from __future__ import annotations

from ...rules.citations import cite, interpretation

# -- Overview -------------------------------------------------------------------------------------
FOUR_PHASES = cite("arena:overview.p1")

# -- Setup ---------------------------------------------------------------------------------------------
SET_UP = cite("arena:setup.p1", "The first part of every Digi-Battle is to set up for your game.")
TWO_OPTIONS = cite("arena:setup.p1", "You have two options when playing.")
DRAFT = cite(
    "arena:setup.b1",
    "Take 60 cards (all unique) and spread them out upside down, then you and your opponent take turns drawing "
    "cards from the pile until each of you has a 30 card deck.",
)
PRECONSTRUCTED = cite(
    "arena:setup.b2",
    "Each player plays with preconstructed 30 card decks with all unique cards within their individual decks.",
)
SELECT_ROOKIE = cite(
    "arena:setup.p2", "Each player selects a Rookie card from their deck and places it face down on the Duel Zone."
)
DEAL = cite(
    "arena:setup.p3",
    "Each player shuffles their remaining 29 cards and deals himself or herself 10, placing the other 19 cards "
    "face down in the Online box.",
)
FLIP_ROOKIES = cite(
    "arena:setup.p4",
    "Each player then flips over their Rookie card and you can take this time to compare types (Red, Green, and "
    "Yellow) and your cards in your hand to decide on a strategy.",
)
ROCK_PAPER_SCISSORS = cite(
    "arena:setup.p5", "The Red, Green, and Yellow types play a Rock-Paper-Scissors game with each other."
)
TRIANGLE = cite(
    "arena:setup.p5",
    "In general, Yellow is stronger than Green, Green is stronger than Red, and Red is stronger than Yellow.",
)
LOOK_AT_ATTACKS = cite("arena:setup.p6", "To see which Digimon has the advantage, look at your Digimon's attacks.")
ATTACK_VALUE = cite("arena:setup.p6", "Compare the value of your attack for the type of Digimon your opponent has.")
STRONGER_VALUE = cite("arena:setup.p6", "The Digimon with the stronger value has the advantage entering the battle.")
READY = cite("arena:setup.p7")

# -- Digivolve -------------------------------------------------------------------------------------------
PLACE_FACE_DOWN = cite(
    "arena:digivolve.p1",
    "After each player reviews their hands, if they have a card that Digivolves their Digimon to the next level, "
    "they may place it face down on the Digivolve Zone.",
)
NAME_IN_BOX = cite(
    "arena:digivolve.p1",
    "The new next-level card must show the name of the Digimon currently on the Duel Zone in its Digivolve "
    "Requirements box, and you must be prepared to fulfill any other requirements stated there.",
)
COIN_FLIP = cite("arena:digivolve.p2")
TURN_OVER = cite("arena:digivolve.p3")
FULFIL = cite(
    "arena:digivolve.p4",
    "Player completes the turn by fulfilling any Digivolve Requirements shown on the next-level card.",
)
REQUIREMENT_KINDS = cite(
    "arena:digivolve.p4",
    "This could involve moving cards into from Online to Offline, placing a Digivice Power Option in your Power Port "
    "or playing 2 lower-level cards instead of 1 in order to DNA Digivolve.",
)
SECOND_RESPONDS = cite(
    "arena:digivolve.p5",
    "After the first player has finished Digivolving, the second player notes any changes in Digimon Power, and "
    "may respond by either:",
)
RESPOND_DIGIVOLVE = cite("arena:digivolve.b1")
RESPOND_PASS = cite("arena:digivolve.b2", 'Deciding not to Digivolve and saying "Pass".')
PASS_GOES_OFFLINE = cite(
    "arena:digivolve.b2", "If a Player passes, the card in the Digivolve Zone is moved to Offline."
)
USE_IT_OR_LOSE_IT = cite("arena:digivolve.b2", '"Use it or lose it".')
MUST_PASS = cite("arena:digivolve.p6", "If a player does not have a card in hand to Digivolve, he or she must pass.")
BOTH_NO_CARD = cite(
    "arena:digivolve.p6", "If both players do not have cards in hand to Digivolve, proceed to the Battle Phase."
)
ONE_LEVEL = cite("arena:digivolve.p6", "You may Digivolve only one level per Duel.")

# -- Battle ---------------------------------------------------------------------------------------------------
TAKE_TURNS = cite(
    "arena:battle.p1",
    "Starting with the winner of the coin toss, players take turns playing Power Option cards on the Power Port, "
    "one per turn.",
)
#: the turns of a Battle without the coin toss (from Duel 2 on, the last Duel decided who starts)
TURNS = cite("arena:battle.p1", "players take turns playing Power Option cards on the Power Port, one per turn.")
EFFECT = cite(
    "arena:battle.p1",
    "Each Power Option card has an effect that you can use to try for an advantage over your opponent.",
)
USE_REQUIREMENTS = cite(
    "arena:battle.p1",
    "You must complete these Use Requirements as a part of your turn for the effect to come into play.",
)
KEEP_TRACK = cite(
    "arena:battle.p1", "Keep track of how the Digimon power levels change as a result of Power Option cards played."
)
PASS = cite(
    "arena:battle.p2",
    "Continue taking turns until a player runs out of Power Option cards to play, or decides to stop playing "
    'them, and says "Pass".',
)
OTHER_CONTINUES = cite(
    "arena:battle.p2",
    "The other player may continue to play Power Option cards until he or she runs out of cards or decides to stop.",
)
LARGEST_POWER = cite("arena:battle.p3")
SCORE_SECTION = cite(
    "arena:battle.p4",
    "Winner scores points based on the Digimon level of the defeated opponent (Rookie, Champion, Ultimate, or Mega) "
    "by looking at the Score section of the winning Digimon.",
)
ADD_POINTS = cite("arena:battle.p4", "The winner adds these points to his or her score card.")
LOSER_KEEPS_ROOKIE = cite(
    "arena:battle.p5",
    "Winner keeps all Digimon cards in his or her area, loser removes all but Rookie Digimon from play and moves "
    "them to Offline.",
)
POWER_OPTIONS_OFFLINE = cite(
    "arena:battle.p5", "Both players then move all of their Power Option cards that were played to Offline."
)
WINNER_FIRST = cite("arena:battle.p5", "Winner goes first in the next duel.")
#: who goes first after a tie (the same sentence of battle.p6 as TIE_OPTIONS_OFFLINE, from its second half)
TIE_FIRST = cite(
    "arena:battle.p6", "the player who won the previous Duel or the coin flip goes first in the next Duel."
)
TIE_NO_DIGIMON = cite("arena:battle.p6", "In the event of a tie, no Digimon are moved to Offline.")
TIE_OPTIONS_OFFLINE = cite(
    "arena:battle.p6",
    "All Power Option cards are moved to Offline and then the player who won the previous Duel or the coin flip "
    "goes first in the next Duel.",
)
THOUSAND_POINTS = cite("arena:battle.p7")

# -- Re-Group -----------------------------------------------------------------------------------------------------
RESTORE = cite("arena:re-group.p1", "First, you must restore your hand to 10 cards by drawing from the Online deck.")
DISCARD = cite(
    "arena:re-group.p1",
    "Players may discard as many cards from their remaining hand to Offline as they wish, and draw as many new cards "
    "from the Online deck as needed to restore their hand to 10 cards.",
)
ONLY_TIME = cite("arena:re-group.p1", "(This is the only time when you may restore your hand.)")
DRAW_DOWN = cite(
    "arena:re-group.p2",
    "When there are not enough cards remaining in the Online deck to restore your hand to 10 cards, draw down to zero, "
    "then send ALL the cards on your side of the board, except the Rookie, Offline.",
)
SHORT_SHUFFLE = cite("arena:re-group.p2", "Shuffle them and place them face down Online.")
DRAW_REST = cite("arena:re-group.p2", "You may then draw as many as needed to restore your hand to 10 cards.")
ONLINE_ZERO = cite(
    "arena:re-group.p3",
    "Note: If at any time during play the number of your Online cards goes down to zero (either by your action or "
    "your opponent's), you must send ALL the cards on your side of the board, except the Rookie, Offline.",
)
ZERO_SHUFFLE = cite("arena:re-group.p3", "Then shuffle them and place them face down Online before resuming play.")
CHANGE_ROOKIE = cite(
    "arena:re-group.p4",
    "At this point, players have the option of changing their Rookie (if they have one on the Duel Zone).",
)
NEW_ROOKIE_FACE_DOWN = cite(
    "arena:re-group.p4", "To set up a change, place the new Rookie face down on top of the old Rookie."
)
NEW_ROOKIE_DIGIVOLVE = cite(
    "arena:re-group.p4",
    "If you have a card with the Requirements to Digivolve your new Rookie to the next level, you would use it now by "
    "placing it face down on the Digivolve Zone (Both cards will be turned over when it's your turn to Digivolve.)",
)
PREPARE = cite("arena:re-group.p5")
WINNER_INITIATES = cite(
    "arena:re-group.p6", "Winner of last Duel initiates the new Duel by starting with the Digivolve step."
)
TIE_INITIATES = cite(
    "arena:re-group.p6", "If the last Duel ended in a tie, the player who went first last time initiates the new Duel."
)

# -- Interpretations: where the rulebook is silent ---------------------------------------------------------------------
DRAFT_BLIND = interpretation(
    "arena:interpretation.draft",
    "The draft: a shuffled pool of 60, drawn blind, Player 1 first",
    "The draft uses the 60 unique cards of the shipped draft pool (or the setup's own pool of 60). They are "
    "shuffled and spread face down, so every draw is a random card. Player 1 draws first; the players alternate "
    "one card at a time until each holds 30.",
    "The rulebook says to take 60 unique cards and take turns drawing them face down, but not which 60 cards or "
    "who starts. Face-down cards cannot be told apart, so a draw is a random pick, and who starts does not "
    "change the odds.",
    ("arena:setup.b1",),
)
DRAFT_REDO = interpretation(
    "arena:interpretation.draft-without-rookie",
    "A drafted deck without a Rookie: draft again",
    "If a drafted deck holds no Rookie, the 60 cards are gathered, spread out face down again and the draft "
    "starts over.",
    "Setup needs a Rookie from each deck, but a blind draft cannot promise one.",
    ("arena:setup.b1", "arena:setup.p2"),
)
COIN_ONCE = interpretation(
    "arena:interpretation.coin-once",
    "The coin is flipped in the first Duel only",
    "The coin decides who goes first in the first Duel. From then on the winner of the last Duel goes first, and "
    "after a tie the player who went first last time.",
    "The Digivolve rules say to flip a coin, while the Battle and Re-Group rules say who goes first in every "
    "later Duel; flipping only when nobody has gone first yet satisfies both.",
    ("arena:digivolve.p2", "arena:re-group.p6"),
)
POWER = interpretation(
    "arena:interpretation.power",
    "How attack values and Power Options make a Digimon's power",
    "A Digimon's power is its attack value against the opposing Digimon's colour, plus the boosts of the Power "
    "Options in its own Power Port, minus the weakening of those in the opponent's Power Port, never below zero. "
    "A recolour counts from the moment it is played (the last one played wins). Power is worked out again "
    "whenever a card arrives or leaves.",
    "The rulebook compares attack values against the opponent's type and says to keep track of how power levels change "
    "with Power Options, but not how the two combine. Adding them up keeps every effect visible to both players.",
    ("arena:setup.p6", "arena:battle.p1", "arena:battle.p3"),
)
SCORE_TABLE = interpretation(
    "arena:interpretation.score-section",
    "What the Score section holds",
    "Every Digimon's Score section lists the points for defeating a Rookie, a Champion, an Ultimate and a Mega. The "
    "winner scores the entry for the level of the defeated Digimon (the top card of the loser's Duel Zone).",
    "The rulebook points at the Score section of the winning Digimon but shows no card; the tutorial cards carry one "
    "entry per level, written for this project.",
    ("arena:battle.p4",),
)
ONLINE_OFFLINE = interpretation(
    "arena:interpretation.online-offline",
    "Online and Offline",
    "Online is a player's face-down draw pile (the Online box); Offline is their face-up pile of used cards. \"Your "
    'Online cards" counts the Online pile only, not the hand. Moving cards from Online to Offline takes them from the '
    "top of the Online pile.",
    "The rulebook uses the words throughout without defining them; the Online box is where the 19 undealt cards go.",
    ("arena:setup.p3", "arena:digivolve.p4", "arena:re-group.p3"),
)
RESET = interpretation(
    "arena:interpretation.reset",
    "What a reset sends Offline and shuffles Online",
    "Your side of the board is your Duel Zone, Digivolve Zone and Power Port; the hand is not on the board. A "
    "reset sends everything there except the Rookie in play Offline, a face-down card included. Then the whole "
    "Offline pile is shuffled and placed face down Online.",
    '"Shuffle them" follows sending the board Offline; shuffling the whole Offline pile is what puts the used cards '
    "back into play, and cards in hand are held, not on the board.",
    ("arena:re-group.p2", "arena:re-group.p3"),
)
RESET_EMPTY = interpretation(
    "arena:interpretation.short-after-reset",
    "Still too few Online cards after a reset",
    "A reset happens only when it puts cards back Online. If the Online pile is still too small to restore the hand to "
    "10, the player draws what there is and plays on with a smaller hand.",
    "With 30-card decks a reset always refills the Online pile, but a prepared board can hold fewer cards; "
    "without this the reset rule would repeat forever.",
    ("arena:re-group.p2", "arena:re-group.p3"),
)
PREPARE_ONCE = interpretation(
    "arena:interpretation.prepare-once",
    "Placing a Digivolve card: asked once per Duel",
    "Before the first Duel each player decides at the start of the Digivolve step whether to place a card face down on "
    "the Digivolve Zone. For every later Duel the same decision is made at the end of Re-Group, which is the same "
    "moment, so it is asked once.",
    "Re-Group ends with preparing a Digivolve and the next Duel starts with the Digivolve step; nothing happens "
    "in between.",
    ("arena:digivolve.p1", "arena:re-group.p5"),
)
PREPARED = interpretation(
    "arena:interpretation.prepared-to-fulfil",
    "Being prepared to fulfil the requirements",
    "A card may be placed face down only if its whole Digivolve Requirements box can be met then: the Online "
    "pile holds enough cards, the DNA partner is in your hand, and you name the Digivice Power Option from your "
    "hand that you will place. Everything is checked again when the card is turned over.",
    "The rulebook says you must be prepared to fulfil the requirements but not what that asks of you.",
    ("arena:digivolve.p1", "arena:digivolve.p4"),
)
NO_CARD = interpretation(
    "arena:interpretation.no-card-to-digivolve",
    "Having a card to Digivolve",
    "A player has a card to Digivolve when a card lies face down on their Digivolve Zone; a player without one passes "
    "automatically.",
    "Digivolving always starts from the face-down card, so a Digimon card left in the hand cannot be used in "
    "this Duel.",
    ("arena:digivolve.p6",),
)
FIRST_DIGIVOLVES = interpretation(
    "arena:interpretation.first-player-digivolves",
    "Only the second player may pass with a card on the Digivolve Zone",
    "The first player turns over the card they placed and uses it. The second player, who has seen that change, may "
    "digivolve or say Pass.",
    "The rulebook tells the first player to turn the card over and fulfil its requirements, and gives the choice to "
    "respond to the second player.",
    ("arena:digivolve.p3", "arena:digivolve.p5"),
)
LOST_AT_REVEAL = interpretation(
    "arena:interpretation.unfulfillable-at-reveal",
    "A card whose requirements can no longer be met",
    "If, when a card is turned over, its Digivolve Requirements can no longer be met, it cannot be used: it goes "
    "Offline, as if the player had passed.",
    'The rulebook only covers cards that can be used; "use it or lose it" covers the rest.',
    ("arena:digivolve.p4", "arena:digivolve.b2"),
)
DIGIVICE_SPENT = interpretation(
    "arena:interpretation.digivice-requirement",
    "A Digivice placed to digivolve",
    "A Digivice Power Option placed in the Power Port to meet a Digivolve Requirement meets it and nothing more: its "
    "effect does not come into play. It stays in the Power Port and goes Offline with the played Power Options after "
    "the Duel.",
    "Effects come into play when a Power Option is played in a Battle turn with its Use Requirements; placing a "
    "Digivice while digivolving is neither.",
    ("arena:digivolve.p4", "arena:battle.p1", "arena:battle.p5"),
)
DNA = interpretation(
    "arena:interpretation.dna",
    "DNA Digivolve",
    "A DNA Digivolve box names two Digimon one level lower. One must be the Digimon on your Duel Zone; the other is "
    "played from your hand when the DNA card is turned over. Both stay under the DNA Digimon as its Digimon cards.",
    "The rulebook says only that a DNA Digivolve plays two lower-level cards instead of one.",
    ("arena:digivolve.p4",),
)
BATTLE_TURNS = interpretation(
    "arena:interpretation.battle-turns",
    "Taking turns in Battle",
    "A player who passes plays no more Power Options in this Duel; the other then takes every turn until they pass "
    "too, and play stops. A player with no Power Option in hand passes automatically; one whose Power Options all have "
    "unmet Use Requirements can only pass.",
    "The rulebook lets the other player continue after a pass but does not say whether the passing player may come "
    'back in; "runs out of Power Option cards to play" includes cards that cannot be played.',
    ("arena:battle.p1", "arena:battle.p2"),
)
ROOKIE_CHANGE = interpretation(
    "arena:interpretation.rookie-change",
    "Changing the Rookie",
    "The Rookie can be changed only while the Digimon on the Duel Zone is a Rookie. The new Rookie comes from "
    "the hand and lies face down on the old one; when it is turned over at its owner's Digivolve turn, the old "
    "Rookie goes Offline.",
    "The rulebook says how to set up a change but not where the old Rookie goes; the Duel Zone holds one Digimon.",
    ("arena:re-group.p4",),
)
REGROUP_ORDER = interpretation(
    "arena:interpretation.re-group-order",
    "The order of Re-Group",
    "Re-Group is done one player at a time, starting with the player who will initiate the next Duel: discard "
    "any cards one at a time, restore the hand to 10, then change the Rookie and prepare a Digivolve.",
    "The rulebook lists the Re-Group actions in this order but not which player goes first.",
    ("arena:re-group.p1", "arena:re-group.p4", "arena:re-group.p5"),
)
ENDLESS_TIES = interpretation(
    "arena:interpretation.endless-ties",
    "Ten ties in a row end the game",
    "If 10 Duels in a row end in a tie, the tutor stops the game there as a draw: nobody reached 1000 points, so "
    "nobody wins.",
    "The rulebook ends the game only at 1000 points and a tie scores nothing, so two evenly matched players could tie "
    'forever; a game in the tutor must end. "The first player to score 1000 points wins the game" is the only way '
    "to win, so stopping early cannot make a winner: it is a draw.",
    ("arena:battle.p6", "arena:battle.p7"),
)

"""Every citation the D-Tector procedure emits: verbatim rulebook quotes and named interpretations.

Built at import time through ``cite``, so a quote that stops matching the shipped
rulebook fails the moment the game is loaded (and in the tests).
"""

from __future__ import annotations

from ...rules.citations import cite, interpretation

# -- Game Requirements --------------------------------------------------------------
DECK_SIZE = cite("dtector:game-requirements.p1", "A 50-Card Deck for each player.")
SHUFFLE_AND_DRAW = cite("dtector:game-requirements.p2", "Players shuffle the opponent's deck, then both draw 3 cards.")
COIN_FLIP = cite("dtector:game-requirements.p2", "Flip a coin to see who goes first.")

# -- Battle Call Command Phase --------------------------------------------------------
PLACE_FACE_DOWN = cite(
    "dtector:battle-call-command-phase.p1",
    "Both players place one Digimon in their hand face down on the play field.",
)
REVEAL = cite("dtector:battle-call-command-phase.p1", "They then reveal their Digimon at the same time.")
TYPE_TRIANGLE = cite(
    "dtector:battle-call-command-phase.p1",
    "The players compare their Digimon's battle types: Ability beats Crush, Crush beats Energy and Energy beats "
    "Ability.",
)
SPIRIT_BEATS_ALL = cite("dtector:battle-call-command-phase.p1", "Spirit beats all other battle types.")
SAME_TYPE = cite(
    "dtector:battle-call-command-phase.p1",
    "In the case of both Digimon having the same Battle Type, compare the Digimon's Digimon Power to see who is "
    "higher.",
)
WINNER_TO_D_DOCK = cite("dtector:battle-call-command-phase.p2", "The winner places the winning card in their D-Dock.")
LOSER_DISCARDS = cite("dtector:battle-call-command-phase.p2", "The loser discards their card to the discard pile.")
PROCEED_TO_DIGIVOLVE = cite(
    "dtector:battle-call-command-phase.p2", "The player whose turn it is proceeds to the Digivolve phase."
)

# -- Digivolve Phase --------------------------------------------------------------------
DIGIVOLVE = cite(
    "dtector:digivolve-phase.p1",
    "The players may follow the Special Effects of the card and digivolve it to a higher level at this time "
    "(Rookie to Champion to Ultimate to Mega).",
)
SPIRIT_COMBINE = cite(
    "dtector:digivolve-phase.p1",
    "If you have a Spirit Digimon in your D-Dock, you can combine it with another D-Dock Digimon "
    "and add up their Digimon Power numbers.",
)

# -- Digi-Battle Phase --------------------------------------------------------------------
ATTACK = cite(
    "dtector:digi-battle-phase.p1",
    "The player whose turn it is may attack an opponent with a Digimon in their D-Dock.",
)
DEFEND = cite(
    "dtector:digi-battle-phase.p1",
    "The defender may defend with a D-Dock Digimon, a Spirit Digimon from their hand, "
    "or a Digimon from their hand with the same elemental attribute as the Digimon attacking them.",
)
UNDEFENDED_DAMAGE = cite(
    "dtector:digi-battle-phase.p1",
    "If the defender cannot do any of this, the attacker does his Digimon Power amount of damage to his "
    "opponent's deck.",
)
DAMAGE_PER_POINT = cite(
    "dtector:digi-battle-phase.p1", "For each Power Point, one card from the defender's deck is discarded."
)
HIGHEST_POWER_WINS = cite(
    "dtector:digi-battle-phase.p1",
    "If the defender blocks the attack, the Digimon with the highest Digimon Power number wins.",
)
WINNER_SCORES = cite(
    "dtector:digi-battle-phase.p1",
    "The player that wins the battle discards his Digimon to their Score area to add a point.",
)
BATTLE_LOSER_DISCARDS = cite("dtector:digi-battle-phase.p1", "The loser discards his Digimon to the discard pile.")
END_TURN = cite("dtector:digi-battle-phase.p2")

# -- How To Win and card anatomy --------------------------------------------------------------
HOW_TO_WIN = cite("dtector:how-to-win.p1")
BATTLE_TYPES = cite("dtector:battle-type.p1", "The four types are Energy, Ability, Crush, and Spirit.")
DIGIMON_POWER = cite("dtector:digimon-power.p1")
SPECIAL_EFFECT = cite("dtector:special-effect.p1")
ELEMENTS = cite(
    "dtector:special-effect.p2",
    "The elemental attributes are Wind, Fire, Wood, Water, Thunder, Earth, Dark, Light, Ice, and Steel.",
)

# -- Interpretations: where the rulebook is silent ---------------------------------------------
DRAW_TO_THREE = interpretation(
    "dtector:interpretation.draw-to-three",
    "Hands are refilled to 3 at the start of each turn",
    "At the start of every turn, each player draws from their own deck until they hold 3 cards.",
    "The rulebook deals an opening hand of 3 but never says when players draw again, while every "
    "Battle Call Command Phase needs a Digimon from each hand. Refilling to the opening hand size "
    "keeps both players able to play every turn.",
    ("dtector:game-requirements.p2", "dtector:battle-call-command-phase.p1"),
)
BATTLE_CALL_TIE = interpretation(
    "dtector:interpretation.battle-call-tie",
    "Same battle type and same power: nobody wins the Battle Call",
    "If both Digimon have the same battle type and the same Digimon Power, neither wins: "
    "both cards go to their owners' discard piles.",
    "The rulebook breaks a same-type tie by Digimon Power but says nothing when the powers are equal too. "
    "Treating both as losers follows its rule that the loser discards.",
    ("dtector:battle-call-command-phase.p1", "dtector:battle-call-command-phase.p2"),
)
BOTH_PLAYERS_DIGIVOLVE = interpretation(
    "dtector:interpretation.digivolve-order",
    "Who digivolves, in what order, and how often",
    "In the Digivolve phase the player whose turn it is digivolves first, then the opponent, each as often "
    "as they hold the next card: a card from hand digivolves a D-Dock Digimon when it is exactly one level "
    "higher and its Special Effect names that Digimon.",
    'The rulebook says "The players may" digivolve "at this time" by following the cards\' Special '
    "Effects, without an order or a limit, so the tutor sets no limit. The turn player goes first because "
    '"The player whose turn it is proceeds to the Digivolve phase"; one level at a time follows its list '
    "Rookie to Champion to Ultimate to Mega.",
    ("dtector:digivolve-phase.p1",),
)
ONE_ATTACK = interpretation(
    "dtector:interpretation.one-attack",
    "One attack per turn",
    "The player whose turn it is may attack once per Digi-Battle Phase, or not at all.",
    'The rulebook speaks of attacking "with a Digimon" and then ends the turn; it does not allow more.',
    ("dtector:digi-battle-phase.p1",),
)
DECLINE_DEFENCE = interpretation(
    "dtector:interpretation.decline-defence",
    "A defender may choose not to block",
    "A defender who could block may decline; the attack is then treated as one that could not be "
    "blocked, and deals its damage to the defender's deck.",
    'The rulebook says the defender "may" defend and describes damage only when the defender cannot. A player '
    "who may block may also choose not to; the damage rule is the only outcome it gives for an unblocked attack.",
    ("dtector:digi-battle-phase.p1",),
)
ATTACKER_STAYS = interpretation(
    "dtector:interpretation.attacker-stays",
    "An unblocked attacker stays in the D-Dock",
    "After dealing damage to the deck, the attacking Digimon stays in its D-Dock.",
    "The rulebook moves Digimon to the Score area or the discard pile only after a blocked battle.",
    ("dtector:digi-battle-phase.p1",),
)
DIGI_BATTLE_TIE = interpretation(
    "dtector:interpretation.digi-battle-tie",
    "Equal Digimon Power in a Digi-Battle: both are discarded",
    "If the blocking and the attacking Digimon have the same Digimon Power, neither wins: both go to "
    "their owners' discard piles and nobody scores.",
    "The rulebook says the highest Digimon Power wins but not what happens when they are equal.",
    ("dtector:digi-battle-phase.p1",),
)
WHOLE_STACK_SCORES = interpretation(
    "dtector:interpretation.whole-stack",
    "A Digimon is its whole stack",
    "A D-Dock Digimon that digivolved or combined with a Spirit is all of its cards: they move together "
    "to the Score area (one point) or to the discard pile.",
    'The rulebook moves "his Digimon" after a battle and counts "a point" per battle won.',
    ("dtector:digi-battle-phase.p1", "dtector:digivolve-phase.p1"),
)
OUT_OF_CARDS = interpretation(
    "dtector:interpretation.out-of-cards",
    '"Runs out of cards" means an empty deck',
    "A player runs out of cards the moment their deck is empty, whether by drawing or by damage; the game ends then.",
    "The rulebook does not say which cards count. The deck is what draws and damage use up, and "
    'damage is dealt "to his opponent\'s deck".',
    ("dtector:how-to-win.p1",),
)
COMBINED_EFFECTS = interpretation(
    "dtector:interpretation.combined-effects",
    "A combined Spirit keeps its Special Effect",
    "A D-Dock Digimon's Special Effects are those of its top card and of every Spirit combined with it; "
    "the cards it digivolved from, under the top, no longer act.",
    'The rulebook says a combined Spirit and Digimon "add up their Digimon Power numbers" and that '
    '"Many cards have Special Effect text which affects the game in some way", without taking a Spirit\'s '
    "text away when it combines. A digivolved Digimon is its new card: the text of the level below is covered.",
    ("dtector:digivolve-phase.p1", "dtector:special-effect.p1"),
)
POINTS_TIE = interpretation(
    "dtector:interpretation.points-tie",
    "Equal points at the end is a draw",
    "If both players have the same number of points when the game ends, the game is a draw.",
    "The rulebook names the player with the highest number of points as the winner and nobody otherwise.",
    ("dtector:how-to-win.p1",),
)

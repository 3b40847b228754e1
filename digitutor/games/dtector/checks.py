"""D-Tector checks: one function per rule question, used by the procedure, the UI and ``why_not`` alike.

Each ``check_*`` returns every reason an action breaks the rules (empty: allowed);
the decisions' options are built from them, and ``Game.apply`` re-checks through
them. A check never names a card its player may not see: cards are named by
instance id unless they are the player's own or face up.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.actions import Action
from ...core.frames import Frame
from ...core.game import ActionRule
from ...core.records import Reason
from ...rules.model import Citation
from . import citations as C
from . import effects
from .cards import BattleType, Card, card_set
from .state import DState

#: Ability beats Crush, Crush beats Energy and Energy beats Ability
BEATS = {
    BattleType.ABILITY: BattleType.CRUSH,
    BattleType.CRUSH: BattleType.ENERGY,
    BattleType.ENERGY: BattleType.ABILITY,
}


@dataclass(frozen=True, slots=True)
class CallOutcome:
    """Who wins a Battle Call (None: nobody), in words, with the rules used."""

    winner: int | None
    explanation: str
    citations: tuple[Citation, ...]


def battle_call_power(card: Card) -> effects.Value:
    """A card's Digimon Power in the Battle Call, with its own Special Effects (and their card citations)."""
    return effects.power(card.effects, card.power, "battle-call")


def battle_call_winner(first: Card, second: Card) -> CallOutcome:
    """Compare battle types (Spirit beats all; Ability > Crush > Energy > Ability), then Digimon Power."""
    types = (first.battle_type, second.battle_type)
    if types[0] != types[1]:
        if BattleType.SPIRIT in types:
            winner = types.index(BattleType.SPIRIT)
            return CallOutcome(winner, "Spirit beats all other battle types.", (C.SPIRIT_BEATS_ALL,))
        winner = 0 if BEATS[types[0]] == types[1] else 1
        return CallOutcome(winner, f"{types[winner]} beats {types[1 - winner]}.", (C.TYPE_TRIANGLE,))
    values = (battle_call_power(first), battle_call_power(second))
    powers = (values[0].value, values[1].value)
    cited: tuple[Citation, ...] = (C.SAME_TYPE, C.DIGIMON_POWER)
    if powers != (first.power, second.power):
        cited += (C.SPECIAL_EFFECT, *values[0].because, *values[1].because)
    story = f"Both are {types[0]}: Digimon Power {powers[0]} against {powers[1]}."
    if powers[0] == powers[1]:
        return CallOutcome(None, story + " Same type, same power.", (*cited, C.BATTLE_CALL_TIE))
    return CallOutcome(int(powers[1] > powers[0]), story, cited)


# -- where a named card is -----------------------------------------------------------------------------


def in_hand(state: DState, player: int, instance: str) -> int | None:
    """The uid of ``instance`` if it is in ``player``'s hand."""
    uid = state.instances.uid(instance)
    return uid if uid is not None and uid in state.sides[player].hand else None


def in_d_dock(state: DState, player: int, instance: str) -> int | None:
    """The D-Dock position of the Digimon whose top card is ``instance`` (None: not there)."""
    uid = state.instances.uid(instance)
    return None if uid is None else state.unit_at(player, uid)


def d_dock_position(state: DState, player: int, instance: str) -> int:
    """``in_d_dock`` for a Digimon the action's check found there already: a ValueError if it is not there."""
    at = in_d_dock(state, player, instance)
    if at is None:
        raise ValueError(f"{instance} is not a Digimon in player {player}'s D-Dock")
    return at


def _count(action: Action, wanted: int, what: str, citation: Citation) -> tuple[Reason, ...]:
    if len(action.cards) == wanted:
        return ()
    return (Reason(f"Name {what}.", citation),)


# -- Battle Call ---------------------------------------------------------------------------------------------


def check_place(state: DState, frame: Frame | None, action: Action) -> tuple[Reason, ...]:
    """A Battle Call card comes from the player's own hand."""
    reasons = _count(action, 1, "one card from your hand", C.PLACE_FACE_DOWN)
    if not reasons and in_hand(state, action.player, action.cards[0]) is None:
        reasons = (Reason(f"{action.cards[0]} is not a card in your hand.", C.PLACE_FACE_DOWN),)
    return reasons


# -- Digivolve Phase ------------------------------------------------------------------------------------------


def why_not_digivolve(state: DState, player: int, unit_at: int, card: Card) -> tuple[Reason, ...]:
    """Every reason ``card`` from hand may not digivolve the D-Dock Digimon at ``unit_at``."""
    top = state.cards[state.sides[player].ddock[unit_at].stack[-1]]
    key = (top.id, card.id)
    reasons = _DIGIVOLVE_REASONS.get(key)
    if reasons is None:
        reasons = _DIGIVOLVE_REASONS[key] = digivolve_reasons(top, card)
    return reasons


_DIGIVOLVE_REASONS: dict[tuple[str, str], tuple[Reason, ...]] = {}  # by card ids: the answer never changes


def digivolve_reasons(top: Card, card: Card) -> tuple[Reason, ...]:
    """Every reason ``card`` may not digivolve a Digimon showing ``top``."""
    reasons = []
    if card.level.rank <= top.level.rank:  # the rulebook: "digivolve it to a higher level"
        reasons.append(
            Reason(f"{card.name} is {card.level} and {top.name} is {top.level}: not a higher level.", C.DIGIVOLVE)
        )
    elif card.level.rank != top.level.rank + 1:  # one level at a time is the tutor's reading of the list
        reasons.append(
            Reason(
                f"{card.name} is {card.level} and {top.name} is {top.level}: a Digimon digivolves one level up.",
                C.BOTH_PLAYERS_DIGIVOLVE,
            )
        )
    if card.digivolves_from != top.id:
        source = card_set().get(card.digivolves_from) if card.digivolves_from else None
        said = f"digivolves from {source.name}" if source else "does not digivolve from anything"
        reasons.append(Reason(f"{card.name}'s Special Effect {said}, not from {top.name}.", C.DIGIVOLVE))
    return tuple(reasons)


def check_digivolve(state: DState, frame: Frame | None, action: Action) -> tuple[Reason, ...]:
    """``digivolve:<D-Dock Digimon>:<card from hand>``."""
    reasons = _count(action, 2, "a Digimon in your D-Dock and a card from your hand", C.DIGIVOLVE)
    if reasons:
        return reasons
    player = action.player
    unit_at = in_d_dock(state, player, action.cards[0])
    uid = in_hand(state, player, action.cards[1])
    found = []
    if unit_at is None:
        found.append(Reason(f"{action.cards[0]} is not a Digimon in your D-Dock.", C.DIGIVOLVE))
    if uid is None:
        found.append(Reason(f"{action.cards[1]} is not a card in your hand.", C.DIGIVOLVE))
    if unit_at is None or uid is None:
        return tuple(found)
    return why_not_digivolve(state, player, unit_at, state.card(uid))


def check_combine(state: DState, frame: Frame | None, action: Action) -> tuple[Reason, ...]:
    """``combine:<Spirit in the D-Dock>:<another D-Dock Digimon>``."""
    reasons = _count(action, 2, "a Spirit Digimon in your D-Dock and the Digimon it combines with", C.SPIRIT_COMBINE)
    if reasons:
        return reasons
    spirit_at = in_d_dock(state, action.player, action.cards[0])
    target_at = in_d_dock(state, action.player, action.cards[1])
    found = []
    if spirit_at is None:
        found.append(Reason(f"{action.cards[0]} is not a Digimon in your D-Dock.", C.SPIRIT_COMBINE))
    elif state.card(state.sides[action.player].ddock[spirit_at].top).battle_type is not BattleType.SPIRIT:
        found.append(Reason(f"{state.label(state.uid(action.cards[0]))} is not a Spirit Digimon.", C.SPIRIT_COMBINE))
    if target_at is None:
        found.append(Reason(f"{action.cards[1]} is not a Digimon in your D-Dock.", C.SPIRIT_COMBINE))
    elif target_at == spirit_at:
        found.append(Reason("A Spirit combines with another Digimon, not with itself.", C.SPIRIT_COMBINE))
    return tuple(found)


# -- Digi-Battle Phase ---------------------------------------------------------------------------------------------


def check_attack(state: DState, frame: Frame | None, action: Action) -> tuple[Reason, ...]:
    """``attack:<D-Dock Digimon>``."""
    reasons = _count(action, 1, "the D-Dock Digimon that attacks", C.ATTACK)
    if not reasons and in_d_dock(state, action.player, action.cards[0]) is None:
        reasons = (Reason(f"{action.cards[0]} is not a Digimon in your D-Dock.", C.ATTACK),)
    return reasons


def why_not_defend_from_hand(attacking: Card, card: Card) -> tuple[Reason, ...]:
    """Every reason a hand card may not block: it must be a Spirit or share the attacker's element."""
    if card.battle_type is BattleType.SPIRIT or card.element is attacking.element:
        return ()
    return (
        Reason(f"{card.name} is not a Spirit Digimon.", C.DEFEND),
        Reason(f"{card.name} is {card.element}, but the attacking {attacking.name} is {attacking.element}.", C.DEFEND),
    )


def attacking_card(state: DState, frame: Frame) -> Card:
    """The top card of the Digimon attacking in a ``digi-battle.defend`` frame."""
    return state.card(state.uid(frame["attacker"]))


def check_block(state: DState, frame: Frame | None, action: Action) -> tuple[Reason, ...]:
    """``block:<D-Dock Digimon or card from hand>``: any D-Dock Digimon; from hand a Spirit or the same element."""
    reasons = _count(action, 1, "the Digimon that blocks", C.DEFEND)
    if reasons:
        return reasons
    if in_d_dock(state, action.player, action.cards[0]) is not None:
        return ()
    uid = in_hand(state, action.player, action.cards[0])
    if uid is None:
        return (Reason(f"{action.cards[0]} is not a Digimon in your D-Dock or your hand.", C.DEFEND),)
    if frame is None:
        return ()
    return why_not_defend_from_hand(attacking_card(state, frame), state.card(uid))


ACTIONS = {
    "place": ActionRule(
        C.PLACE_FACE_DOWN, "A Digimon is placed face down in the Battle Call Command Phase.", check_place
    ),
    "digivolve": ActionRule(C.DIGIVOLVE, "Digivolving happens in the Digivolve Phase.", check_digivolve),
    "combine": ActionRule(C.SPIRIT_COMBINE, "A Spirit combines with a Digimon in the Digivolve Phase.", check_combine),
    "done": ActionRule(C.BOTH_PLAYERS_DIGIVOLVE, "Each player finishes digivolving in the Digivolve Phase."),
    "attack": ActionRule(C.ATTACK, "The turn player attacks in the Digi-Battle Phase.", check_attack),
    "no-attack": ActionRule(C.ATTACK, "The turn player decides whether to attack in the Digi-Battle Phase."),
    "block": ActionRule(C.DEFEND, "A block is made in the Digi-Battle Phase, when the opponent attacks.", check_block),
    "no-block": ActionRule(C.DEFEND, "A block may be declined in the Digi-Battle Phase, when the opponent attacks."),
}

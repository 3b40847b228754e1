"""D-Tector checks: one function per rule question, used by the procedure and the UI alike.

Each ``why_not_*`` returns every reason an action breaks the rules (empty: allowed);
the option lists are built from them, and answering a decision re-checks through them.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.records import Option, Reason
from ...rules.model import Citation
from . import citations as C
from .cards import BattleType, Card, EffectKind, card_set
from .state import DState

#: Ability beats Crush, Crush beats Energy and Energy beats Ability
BEATS = {BattleType.ABILITY: BattleType.CRUSH, BattleType.CRUSH: BattleType.ENERGY, BattleType.ENERGY: BattleType.ABILITY}


@dataclass(frozen=True, slots=True)
class CallOutcome:
    """Who wins a Battle Call (None: nobody), in words, with the rules used."""

    winner: int | None
    explanation: str
    citations: tuple[Citation, ...]


def battle_call_power(card: Card) -> int:
    """A card's Digimon Power in the Battle Call, with its Special Effect bonus."""
    if card.effect and card.effect.kind is EffectKind.BATTLE_CALL_POWER:
        return card.power + card.effect.amount
    return card.power


def battle_call_winner(first: Card, second: Card) -> CallOutcome:
    """Compare battle types (Spirit beats all; Ability > Crush > Energy > Ability), then Digimon Power."""
    types = (first.battle_type, second.battle_type)
    if types[0] != types[1]:
        if BattleType.SPIRIT in types:
            winner = types.index(BattleType.SPIRIT)
            return CallOutcome(winner, "Spirit beats all other battle types.", (C.SPIRIT_BEATS_ALL,))
        winner = 0 if BEATS[types[0]] == types[1] else 1
        return CallOutcome(winner, f"{types[winner]} beats {types[1 - winner]}.", (C.TYPE_TRIANGLE,))
    powers = (battle_call_power(first), battle_call_power(second))
    cited: tuple[Citation, ...] = (C.SAME_TYPE, C.DIGIMON_POWER)
    if powers != (first.power, second.power):
        cited += (C.SPECIAL_EFFECT,)
    story = f"Both are {types[0]}: Digimon Power {powers[0]} against {powers[1]}."
    if powers[0] == powers[1]:
        return CallOutcome(None, story + " Same type, same power.", cited + (C.BATTLE_CALL_TIE,))
    return CallOutcome(int(powers[1] > powers[0]), story, cited)


def why_not_digivolve(state: DState, player: int, unit_at: int, card: Card) -> tuple[Reason, ...]:
    """Every reason ``card`` from hand may not digivolve the D-Dock Digimon at ``unit_at``."""
    unit = state.sides[player].ddock[unit_at]
    top = state.card(unit.top)
    reasons = []
    if card.level.rank != top.level.rank + 1:
        reasons.append(Reason(
            f"{card.name} is {card.level} and {top.name} is {top.level}: a Digimon digivolves one level up.", C.DIGIVOLVE
        ))
    if card.digivolves_from != top.id:
        source = card_set().get(card.digivolves_from) if card.digivolves_from else None
        said = f"digivolves from {source.name}" if source else "does not digivolve from anything"
        reasons.append(Reason(f"{card.name}'s Special Effect {said}, not from {top.name}.", C.DIGIVOLVE))
    if unit.stack[0] in state.digivolved:
        reasons.append(Reason(f"{top.name} already digivolved this phase.", C.BOTH_PLAYERS_DIGIVOLVE))
    return tuple(reasons)


def digivolve_options(state: DState, player: int) -> tuple[Option, ...]:
    """Digivolve and Spirit-combine options (illegal tempting ones with reasons), then ``done``."""
    side = state.sides[player]
    options: list[Option] = []
    if not side.ddock:
        return (Option("done", "Finish digivolving"),)
    hand_cards = {state.card(uid).id: state.card(uid) for uid in side.hand}
    for unit_at, unit in enumerate(side.ddock):
        top = state.card(unit.top)
        for card in hand_cards.values():
            if card.level.rank == 0:
                continue  # a Rookie never looks like a digivolution
            reasons = why_not_digivolve(state, player, unit_at, card)
            options.append(Option(f"digivolve:{unit_at}:{card.id}", f"Digivolve {top.name} to {card.name}", reasons))
    for spirit_at, spirit in enumerate(side.ddock):
        if state.card(spirit.top).battle_type is not BattleType.SPIRIT:
            continue
        for target_at, target in enumerate(side.ddock):
            if target_at != spirit_at:
                label = f"Combine Spirit {state.unit_label(spirit)} with {state.unit_label(target)}"
                options.append(Option(f"combine:{spirit_at}:{target_at}", label))
    options.append(Option("done", "Finish digivolving"))
    return tuple(options)


def why_not_defend_from_hand(attacking: Card, card: Card) -> tuple[Reason, ...]:
    """Every reason a hand card may not block: it must be a Spirit or share the attacker's element."""
    if card.battle_type is BattleType.SPIRIT or card.element is attacking.element:
        return ()
    return (
        Reason(f"{card.name} is not a Spirit Digimon.", C.DEFEND),
        Reason(f"{card.name} is {card.element}, but the attacking {attacking.name} is {attacking.element}.", C.DEFEND),
    )


def defence_options(state: DState, defender: int) -> tuple[Option, ...]:
    """Blocks with D-Dock Digimon and hand cards (illegal ones with reasons); ``no-block`` if any is legal."""
    attack_unit = state.sides[1 - defender].ddock[state.attacker]  # type: ignore[index]
    attacking = state.card(attack_unit.top)
    side = state.sides[defender]
    options = [
        Option(f"block:{i}", f"Block with {state.unit_label(unit)} from the D-Dock (power {state.unit_power(unit)})")
        for i, unit in enumerate(side.ddock)
    ]
    seen: set[str] = set()
    for uid in side.hand:
        card = state.card(uid)
        if card.id not in seen:
            seen.add(card.id)
            reasons = why_not_defend_from_hand(attacking, card)
            options.append(Option(f"hand:{card.id}", f"Block with {card.name} from hand (power {card.power})", reasons))
    if any(option.legal for option in options):
        options.append(Option("no-block", "Do not block (take the damage to your deck)"))
    return tuple(options)

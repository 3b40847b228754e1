"""A D-Tector computer opponent that plays sensibly ("greedy"), deciding only from what its seat may see.

It reads its seat's observation: the state with the opponent's hand, the decks and a face-down
Battle Call card blanked out, and the decision's options (which name only its own cards).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import ClassVar

from ...core.agents import Chooser, ChooserAgent
from ...core.records import Option
from . import effects
from .cards import BattleType, Card
from .checks import in_d_dock
from .procedure import unit_effects
from .state import DState


def _card(state: DState, option: Option, position: int = 0) -> Card:
    return state.card(state.uid(option.action.cards[position]))


def _battle_call(state: DState, seat: int, legal: tuple[Option, ...]) -> str:
    """The opponent's card is face down: a Spirit beats every type, else the highest Battle Call power."""

    def strength(option: Option) -> tuple[int, int]:
        card = _card(state, option)
        return int(card.battle_type is BattleType.SPIRIT), effects.power(card.effects, card.power, "battle-call").value

    return max(legal, key=strength).key


def _digivolve(state: DState, seat: int, legal: tuple[Option, ...]) -> str:
    """Digivolve to the strongest card it can; else combine a Spirit; else finish."""
    ups = [o for o in legal if o.action.kind == "digivolve"]
    if ups:
        return max(ups, key=lambda o: _card(state, o, 1).power).key
    combine = next((o for o in legal if o.action.kind == "combine"), None)
    return combine.key if combine is not None else "done"


def _unit_power(state: DState, player: int, instance: str) -> int:
    at = in_d_dock(state, player, instance)
    return 0 if at is None else state.unit_power(state.sides[player].ddock[at])


def _attack(state: DState, seat: int, legal: tuple[Option, ...]) -> str:
    """Attack with the strongest Digimon when it is at least as strong as every Digimon it can see on the other side."""
    attacks = [o for o in legal if o.action.kind == "attack"]
    if not attacks:
        return "no-attack"
    best = max(attacks, key=lambda o: _unit_power(state, seat, o.action.cards[0]))
    strongest = max((state.unit_power(unit) for unit in state.sides[1 - seat].ddock), default=0)
    return best.key if _unit_power(state, seat, best.action.cards[0]) >= strongest else "no-attack"


def _block_power(state: DState, seat: int, option: Option) -> int:
    """The power a block would defend with, its own "while defending" effects included."""
    at = in_d_dock(state, seat, option.action.cards[0])
    if at is not None:
        unit = state.sides[seat].ddock[at]
        return effects.power(unit_effects(state, unit), state.unit_power(unit), "defending").value
    card = _card(state, option)
    return effects.power(card.effects, card.power, "defending").value


def _defend(state: DState, seat: int, legal: tuple[Option, ...]) -> str:
    """Block with the weakest blocker that still wins; otherwise keep the cards (no block) when allowed."""
    attacker = state.top_frame.get("attacker")
    attacking = _unit_power(state, 1 - seat, attacker) if attacker else 0
    blocks = [o for o in legal if o.action.kind == "block"]
    winners = [o for o in blocks if _block_power(state, seat, o) > attacking]
    if winners:
        return min(winners, key=lambda o: _block_power(state, seat, o)).key
    return "no-block" if any(o.action.kind == "no-block" for o in legal) else legal[0].key


CHOOSERS: dict[str, Callable[[DState, int, tuple[Option, ...]], str]] = {
    "battle-call": _battle_call,
    "digivolve": _digivolve,
    "attack": _attack,
    "defend": _defend,
}


class GreedyAgent(ChooserAgent):
    """Looks one move ahead from its own seat's view; never keeps a card back for later."""

    name = "greedy"
    choosers: ClassVar[Mapping[str, Chooser]] = CHOOSERS

"""A D-Tector computer opponent that plays sensibly ("greedy"), deciding only from what its seat may see.

It looks at the board as its own seat sees it (``board(state, seat)``: the opponent's hand
and face-down Battle Call card are hidden there), at the cards printed in the card set,
and at the decision's options. It never reads the opponent's hand or face-down card.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ...core.game import BoardView, CardView
from ...core.records import Decision, Option
from .cards import BattleType, Card, EffectKind, card_set
from .view import board


def _printed(key: str) -> Card | None:
    """The printed card an option key names (``agumon``, ``hand:agumon``, ``digivolve:0:greymon``)."""
    return card_set().get(key.rpartition(":")[2])


def _call_power(card: Card) -> int:
    bonus = card.effect.amount if card.effect and card.effect.kind is EffectKind.BATTLE_CALL_POWER else 0
    return card.power + bonus


def _ddock(view: BoardView, seat: int) -> tuple[CardView, ...]:
    side = next(player for player in view.players if player.index == seat)
    return next((zone.cards for zone in side.zones if zone.id == "d-dock"), ())


def _power(card: CardView) -> int:
    try:
        return int(card.stats.get("Power", "0"))
    except ValueError:
        return 0


def _battle_call(view: BoardView, seat: int, legal: tuple[Option, ...]) -> str:
    """The opponent's card is face down: a Spirit beats every type, else the highest power."""
    def strength(option: Option) -> tuple[int, int]:
        card = _printed(option.key)
        return (0, 0) if card is None else (int(card.battle_type is BattleType.SPIRIT), _call_power(card))

    return max(legal, key=strength).key


def _digivolve(view: BoardView, seat: int, legal: tuple[Option, ...]) -> str:
    """Digivolve to the strongest card it can; else combine a Spirit; else finish."""
    ups = [o for o in legal if o.key.startswith("digivolve:") and _printed(o.key) is not None]
    if ups:
        return max(ups, key=lambda o: _printed(o.key).power).key  # type: ignore[union-attr]
    combine = next((o for o in legal if o.key.startswith("combine:")), None)
    return combine.key if combine is not None else "done"


def _attack(view: BoardView, seat: int, legal: tuple[Option, ...]) -> str:
    """Attack with the strongest Digimon when it is at least as strong as every Digimon it can see on the other side."""
    mine, theirs = _ddock(view, seat), _ddock(view, 1 - seat)
    attacks = [o for o in legal if o.key.startswith("attack:") and int(o.key.partition(":")[2]) < len(mine)]
    if not attacks:
        return "no-attack"
    best = max(attacks, key=lambda o: _power(mine[int(o.key.partition(":")[2])]))
    strongest = max((_power(card) for card in theirs), default=0)
    return best.key if _power(mine[int(best.key.partition(":")[2])]) >= strongest or "no-attack" not in {o.key for o in legal} else "no-attack"


def _defend(view: BoardView, seat: int, legal: tuple[Option, ...]) -> str:
    """Block with the weakest blocker that still wins; otherwise keep the cards (no block) when allowed."""
    mine = _ddock(view, seat)
    theirs = _ddock(view, 1 - seat)
    attacking = max((_power(card) for card in theirs), default=0)  # the attacker is one of the Digimon shown

    def power(option: Option) -> int:
        if option.key.startswith("block:"):
            index = int(option.key.partition(":")[2])
            return _power(mine[index]) if index < len(mine) else 0
        card = _printed(option.key)
        return 0 if card is None else card.power

    blocks = [o for o in legal if o.key != "no-block"]
    winning = [o for o in blocks if power(o) > attacking]
    if winning:
        return min(winning, key=power).key
    if any(o.key == "no-block" for o in legal):
        return "no-block"
    return max(blocks, key=power).key


CHOOSERS: dict[str, Callable[[BoardView, int, tuple[Option, ...]], str]] = {
    "battle-call": _battle_call,
    "digivolve": _digivolve,
    "attack": _attack,
    "defend": _defend,
}


class GreedyAgent:
    """Looks one move ahead from its own seat's view; never bluffs, never peeks."""

    name = "greedy"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, decision: Decision, state: object) -> str:
        legal = decision.legal_options
        chooser = CHOOSERS.get(decision.kind)
        if chooser is None:
            return legal[0].key
        view = board(state, decision.player)  # type: ignore[arg-type] - what this seat may see, nothing more
        key = chooser(view, decision.player, legal)
        return key if any(option.key == key for option in legal) else legal[0].key

"""A computer opponent for Arena that plays sensibly: best attack value,
strongest Power Option, digivolve when it can."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import ClassVar

from ...core.agents import Chooser, ChooserAgent
from ...core.records import Option
from .cards import Card
from .checks import colour_of, power, power_after
from .effects import online_cost
from .state import AState


def _card(state: AState, option: Option) -> Card:
    """The card an option names first (always one of the deciding player's own, visible to them)."""
    return state.cards[state.uid(option.action.cards[0])]


def _average_attack(card: Card) -> float:
    assert card.attack is not None
    return sum(card.attack.values()) / len(card.attack)


def _select_rookie(state: AState, player: int, legal: tuple[Option, ...]) -> str:
    """The Rookie with the best attack values on average (the opponent's Rookie is still face down)."""
    return max(legal, key=lambda o: _average_attack(_card(state, o))).key


def _prepare(state: AState, player: int, legal: tuple[Option, ...]) -> str:
    """The next-level card with the best attack against the opposing colour; none if nothing fits.

    A card whose Online cost would empty the Online pile is skipped: the reset would send it Offline.
    """
    opposing = colour_of(state, 1 - player)
    online = len(state.sides[player].online)
    places = [
        o
        for o in legal
        if o.action.kind == "place" and (box := _card(state, o).box) is not None and box.online_to_offline < online
    ]
    if not places:
        return "none"
    return max(places, key=lambda o: _card(state, o).attack_on(opposing)).key


def _respond(state: AState, player: int, legal: tuple[Option, ...]) -> str:
    return "digivolve" if any(o.key == "digivolve" for o in legal) else "pass"


def _power_option(state: AState, player: int, legal: tuple[Option, ...]) -> str:
    """The play that most widens the gap in power; pass when nothing helps, or when already ahead and alone."""
    margin = power(state, player) - power(state, 1 - player)
    if margin > 0 and state.passed[1 - player]:
        return "pass"
    online = len(state.sides[player].online)
    best, best_margin = "pass", margin
    for option in legal:
        if option.key == "pass":
            continue
        card = _card(state, option)
        if online_cost(card) >= online:
            continue  # emptying Online would send our own Digimon Offline
        own, other = power_after(state, player, card)
        if own - other > best_margin:
            best, best_margin = option.key, own - other
    return best


def _useful(state: AState, player: int, card: Card) -> bool:
    """Worth keeping: a Power Option, the next level of the Digimon showing, or a Rookie that attacks harder."""
    if not card.is_digimon:
        return True
    top = state.top(player)
    if card.box is not None:
        return card.rank == top.rank + 1 and top.name in card.box.digimon
    opposing = colour_of(state, 1 - player)
    return top.is_rookie and card.attack_on(opposing) > top.attack_on(opposing)


def _discard(state: AState, player: int, legal: tuple[Option, ...]) -> str:
    """Discard a Digimon card that cannot help in the next Duel; keep everything else."""
    for option in legal:
        if option.action.kind == "discard" and not _useful(state, player, _card(state, option)):
            return option.key
    return "done"


def _change_rookie(state: AState, player: int, legal: tuple[Option, ...]) -> str:
    """Change to a Rookie from hand that attacks the opposing colour harder."""
    opposing = colour_of(state, 1 - player)
    current = state.top(player).attack_on(opposing)
    changes = [o for o in legal if o.action.kind == "change"]
    best = max(changes, key=lambda o: _card(state, o).attack_on(opposing), default=None)
    if best is not None and _card(state, best).attack_on(opposing) > current:
        return best.key
    return "keep"


CHOOSERS: dict[str, Callable[[AState, int, tuple[Option, ...]], str]] = {
    "select-rookie": _select_rookie,
    "prepare-digivolve": _prepare,
    "respond-digivolve": _respond,
    "power-option": _power_option,
    "discard": _discard,
    "change-rookie": _change_rookie,
}


class GreedyAgent(ChooserAgent):
    """Looks one move ahead: never keeps a card back for later, never bluffs."""

    name = "greedy"
    choosers: ClassVar[Mapping[str, Chooser]] = CHOOSERS

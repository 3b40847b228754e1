"""A DMB computer opponent ("greedy"): picks the attack and Support that deal the most damage it can see, racks up
and evolves whenever it can. It decides only from its seat's observation (the opponent's hand, decks, a blind
Support and the opponent's secret attack are blanked there)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import ClassVar

from ...core.agents import Chooser, ChooserAgent
from ...core.records import Option
from .cards import Card
from .state import DState


def _card(state: DState, option: Option, position: int = 0) -> Card:
    return state.cards[state.uid(option.action.cards[position])]


def _expected(state: DState, seat: int, attack: str) -> float:
    """The damage an attack should deal against the opponent's three equally likely attacks (what the seat can see)."""
    mine = state.top_card(seat)
    theirs = state.top_card(1 - seat)
    if mine is None:
        return 0.0
    chosen = mine.attack(attack)
    value = chosen.power
    if chosen.ability == "x3" and theirs is not None and theirs.counts_as(chosen.arg or ""):
        value *= 3
    if chosen.ability == "crash":
        value = state.sides[seat].hp
    if chosen.ability == "counter" and theirs is not None:
        value = theirs.attack(chosen.arg or "circle").power / 3
    if chosen.ability == "drain":
        value *= 1.3
    if theirs is not None:
        answer = theirs.attack("cross")  # what the opponent's Cross does to this attack, if they pick it (1 in 3)
        if answer.ability == "counter" and answer.arg == attack:
            value -= chosen.power
        elif answer.ability == "to-0" and answer.arg == attack:
            value -= chosen.power / 3
    return value


def _strategy(state: DState, seat: int, legal: tuple[Option, ...]) -> str:
    return max(legal, key=lambda o: _expected(state, seat, o.action.param("choice") or "circle")).key


def _support(state: DState, seat: int, legal: tuple[Option, ...]) -> str:
    """A Support that boosts or recovers; otherwise none (keep the cards)."""
    best, score = "no-support", 0
    for option in legal:
        if option.action.kind != "support":
            continue
        card = _card(state, option)
        value = sum(v.amount for e in card.supports for v in e.spec.do if v.verb in ("boost", "recover"))
        value += 15 * sum(1 for e in card.supports for v in e.spec.do if v.verb in ("void", "gain-ability", "draw"))
        if value > score:
            best, score = option.key, value
    return best


def _rack(state: DState, seat: int, legal: tuple[Option, ...]) -> str:
    """Rack up the card with the most +P that is not a Digimon it could evolve to."""
    racks = [o for o in legal if o.action.kind == "rack"]
    if not racks:
        return legal[-1].key
    spare = [o for o in racks if not (_card(state, o).is_digimon and _card(state, o).level in ("C", "U"))] or racks
    return max(spare, key=lambda o: _card(state, o).plus_p).key


def _evolve(state: DState, seat: int, legal: tuple[Option, ...]) -> str:
    ups = [o for o in legal if o.action.kind != "no-evolve"]
    if not ups:
        return "no-evolve"
    return max(
        ups, key=lambda o: _card(state, o, len(o.action.cards) - 1 if o.action.kind == "evolve-with" else 0).hp
    ).key


def _new_digimon(state: DState, seat: int, legal: tuple[Option, ...]) -> str:
    """Prefer a Rookie (a C or U played un-evolved is Abnormal and cannot evolve); then the most HP."""
    return max(legal, key=lambda o: (_card(state, o).level == "R", _card(state, o).hp)).key


def _discard(state: DState, seat: int, legal: tuple[Option, ...]) -> str:
    return min(legal, key=lambda o: (_card(state, o).is_digimon, _card(state, o).plus_p)).key


def _first(kind: str) -> Callable[[DState, int, tuple[Option, ...]], str]:
    def choose(state: DState, seat: int, legal: tuple[Option, ...]) -> str:
        return next((o.key for o in legal if o.action.kind == kind), legal[0].key)

    return choose


CHOOSERS: dict[str, Callable[[DState, int, tuple[Option, ...]], str]] = {
    "mulligan": _first("keep"),
    "free-mulligan": _first("no-mulligan"),
    "new-digimon": _new_digimon,
    "partner-evolve": _first("partner-evolve"),
    "rack": _rack,
    "evolve": _evolve,
    "strategy": _strategy,
    "support": _support,
    "jam": _first("jam"),
    "discard": _discard,
}


class GreedyAgent(ChooserAgent):
    """Looks one move ahead from its own seat's view."""

    name = "greedy"
    choosers: ClassVar[Mapping[str, Chooser]] = CHOOSERS

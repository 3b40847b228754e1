"""A DCG computer opponent that plays sensibly ("greedy"), deciding only from what its seat may see.

Memory is the heart of it: attacks cost nothing, so it attacks first when the battle is
favourable; it spends memory while the counter stays on its side, and ends its turn with
one last play that leaves the opponent little memory (at most 2, less than a pass's 3).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import ClassVar

from ...core.agents import Chooser, ChooserAgent
from ...core.records import Option
from .cards import Category
from .layer import dp, has
from .state import CState

LAST_PLAY_LIMIT = -2  #: the lowest memory the last play of a turn may leave (the opponent then starts with 2)


def _uid(state: CState, option: Option, position: int = 0) -> int:
    return state.uid(option.action.cards[position])


def _redraw(state: CState, seat: int, legal: tuple[Option, ...]) -> str:
    """Keep a hand with a level 3 Digimon to play early; else redraw."""
    hand = state.sides[seat].hand
    return "keep" if any(state.cards[u].level == 3 for u in hand) else "redraw"


def _breeding(state: CState, seat: int, legal: tuple[Option, ...]) -> str:
    keys = {o.action.kind: o.key for o in legal}
    breeding = state.sides[seat].breeding
    if "move-out" in keys and breeding is not None and (state.cards[breeding.top].level or 0) >= 4:
        return keys["move-out"]
    return keys.get("hatch", keys.get("stay", legal[0].key))


def _cost(state: CState, option: Option) -> int:
    """What the option costs in memory (digivolve and DNA costs read from the label's card)."""
    kind = option.action.kind
    if kind in ("play", "use"):
        return state.cards[_uid(state, option)].cost or 0
    if kind == "digivolve":
        from .checks import digivolve_requirement

        top, card = state.cards[_uid(state, option)], state.cards[_uid(state, option, 1)]
        found = digivolve_requirement(card, top)
        return found.cost if found else 0
    if kind == "dna":
        dna = state.cards[_uid(state, option, 2)].dna
        return dna.cost if dna else 0
    return 0


def _attack_value(state: CState, seat: int, option: Option) -> int:
    """How good an attack looks: winning a battle against a suspended Digimon, or a strong hit on security."""
    attacker = _uid(state, option)
    mine = dp(state, attacker).value
    if len(option.action.cards) == 2:
        theirs = dp(state, _uid(state, option, 1)).value
        return 3 if mine > theirs else -1
    foe = state.sides[1 - seat]
    blockers = [
        s for s in foe.battle if not s.suspended and has(state, s.top, "blocker") and dp(state, s.top).value >= mine
    ]
    if not foe.security:
        return 10  # the winning attack
    if blockers:
        return -1
    return 2 if mine >= 3000 else 1


def _main(state: CState, seat: int, legal: tuple[Option, ...]) -> str:
    memory = state.player_memory(seat)
    by_kind: dict[str, list[Option]] = {}
    for option in legal:
        by_kind.setdefault(option.action.kind, []).append(option)
    attacks = sorted(by_kind.get("attack", []), key=lambda o: -_attack_value(state, seat, o))
    if attacks and _attack_value(state, seat, attacks[0]) >= 10:
        return attacks[0].key
    growth = [*by_kind.get("dna", []), *by_kind.get("digivolve", []), *by_kind.get("burst", [])]
    growth.sort(key=lambda o: -(state.cards[_uid(state, o, len(o.action.cards) - 1)].level or 0))
    for option in growth:
        if memory - _cost(state, option) >= 0:
            return option.key
    if attacks and _attack_value(state, seat, attacks[0]) > 0:
        return attacks[0].key
    plays = [*by_kind.get("play", []), *by_kind.get("use", []), *by_kind.get("activate", [])]
    plays.sort(
        key=lambda o: (
            state.cards[_uid(state, o)].category is Category.DIGIMON,
            state.cards[_uid(state, o)].level or 0,
        ),
        reverse=True,
    )
    for option in plays:
        if memory - _cost(state, option) >= 0:
            return option.key
    for option in [*growth, *plays]:
        if memory - _cost(state, option) >= LAST_PLAY_LIMIT:
            return option.key
    return by_kind["pass"][0].key if "pass" in by_kind else legal[0].key


def _block(state: CState, seat: int, legal: tuple[Option, ...]) -> str:
    """Block when the blocker wins or trades, or when security is nearly gone."""
    attacker_iid = state.top_frame.get("attacker")
    attacker = state.instances.uid(attacker_iid) if attacker_iid else None
    strength = dp(state, attacker).value if attacker is not None else 0
    blocks = [o for o in legal if o.action.kind == "block"]
    good = [o for o in blocks if dp(state, _uid(state, o)).value >= strength]
    if good:
        return min(good, key=lambda o: dp(state, _uid(state, o)).value).key
    if blocks and len(state.sides[seat].security) <= 1 and not state.top_frame.get("target"):
        return blocks[0].key
    return "no-block"


def _choose(state: CState, seat: int, legal: tuple[Option, ...]) -> str:
    """Pick the opponent's strongest card, or its own first; Done when nothing more is worth it."""
    picks = [o for o in legal if o.action.kind == "pick"]
    if not picks:
        return legal[0].key

    def worth(option: Option) -> int:
        uid = _uid(state, option)
        sign = 1 if state.instances.owners[uid] != seat else -1
        return sign * (state.cards[uid].dp or 0)

    return max(picks, key=worth).key


def _first_kind(kind: str) -> Callable[[CState, int, tuple[Option, ...]], str]:
    def choose(state: CState, seat: int, legal: tuple[Option, ...]) -> str:
        return next((o.key for o in legal if o.action.kind == kind), legal[0].key)

    return choose


CHOOSERS: dict[str, Callable[[CState, int, tuple[Option, ...]], str]] = {
    "redraw": _redraw,
    "breeding": _breeding,
    "main": _main,
    "block": _block,
    "choose": _choose,
    "optional": _first_kind("use-effect"),
    "counter": _first_kind("blast"),
    "digixros": _first_kind("xros"),
}


class GreedyAgent(ChooserAgent):
    """Attacks when favourable, blocks sensibly, and keeps the opponent's next turn small."""

    name = "greedy"
    choosers: ClassVar[Mapping[str, Chooser]] = CHOOSERS

"""How DCG's effects see the board, and the one place current values are worked out (DP, keywords).

The procedure, ``why_not``, the agents and the board all ask here, so they agree. A
Digimon (or Tamer) in play is named by its top card. Effects in force: the static
effects of each top card in the battle area, and the inherited effects of the cards under
it (dcg:digivolving.p7), while their timing holds for their owner. Digimon in the
breeding area activate no effects (dcg:breeding-area.p2).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from operator import attrgetter
from typing import Any

from ...core.effects import InForce, Value, ValueLayer, World
from .effects import RULES, STATIC
from .state import CState

NOW = frozenset(STATIC)
YES = "yes"


def zone(state: CState, owner: int, name: str) -> Sequence[int]:
    """A player's zone by the effect language's name (top card last; the battle area by top cards)."""
    side = state.sides[owner]
    if name == "battle-area":
        return [stack.top for stack in side.battle]
    if name == "breeding-area":
        return [side.breeding.top] if side.breeding is not None else []
    return {
        "hand": side.hand,
        "deck": side.deck,
        "trash": side.trash,
        "security": side.security,
        "egg-deck": side.eggs,
    }.get(name, ())


def attribute(state: CState, uid: int, name: str) -> Any:
    """A card's current name, level, kind, colours, DP, traits, cost or state."""
    card = state.cards[uid]
    if name == "dp":
        return None if card.dp is None else dp(state, uid).value
    if name == "state":
        where = state.stack_of(uid)
        if where is None:
            return None
        return "suspended" if state.stack_at(*where).suspended else "unsuspended"
    if name == "colour":
        return tuple(c.value for c in card.colours)
    if name == "kind":
        return card.category.value
    if name == "text":
        return CardText(text_of(card))
    return {"name": card.name, "level": card.level, "traits": card.traits, "cost": card.cost}.get(name)


def text_of(card: Any) -> str:
    """What "with X in its text" reads (dcg:with-x-in-its-text-cards.b1): name, effects, inherited and security
    effects, DNA, special digivolution and DigiXros requirements."""
    parts = [card.name, card.text, card.inherited, card.security]
    if card.dna is not None:
        parts += [p.name or "" for p in (card.dna.left, card.dna.right)]
    parts += [r.name or "" for r in card.digivolve]
    if card.digixros is not None:
        parts += list(card.digixros.names)
    if card.burst is not None:
        parts += [card.burst.source, card.burst.tamer]
    return "\n".join(p for p in parts if p)


#: icons: keyword effects (<Blocker>, <Security A. +1>) and the timings of effects ([Main], [Your Turn])
ICON = re.compile(
    r"<[^<>\n]+>|\[(?:Your Turn|Opponent's Turn|All Turns|On Play|When Digivolving|When Attacking|On "
    r"Deletion|Main|Security|Counter"
    r"|Start of Your Turn|End of Your Turn|Once Per Turn|Hand|Breeding|Trash)\]"
)


class CardText(str):
    """A card's text as "with X in its text" reads it (dcg:with-x-in-its-text-cards.b4): X may be part of a longer
    word, except inside an icon, whose words count only when they are all of X."""

    def __contains__(self, term: object) -> bool:
        if not isinstance(term, str):  # as str itself answers
            raise TypeError(f"'in <string>' requires string as left operand, not {type(term).__name__}")
        if term.startswith(("<", "[")):  # the icon itself, written out
            return str.__contains__(self, term)
        if term in ICON.sub("\n", self):
            return True
        return any(icon[1:-1] == term for icon in ICON.findall(self))


def relative(state: CState, name: str, this: Sequence[int]) -> Sequence[int]:
    """``sources``: the digivolution cards of the Digimon the effect belongs to (bottom first)."""
    found: list[int] = []
    for uid in this:
        where = state.stack_of(uid)
        if where is not None:
            found += state.stack_at(*where).sources
    return found


WORLD = World(zone, attribute, relative=relative, relative_zones=frozenset({"sources"}))


def _holds(timing: str, owner: int, active: int) -> bool:
    if timing == "your-turn":
        return owner == active
    if timing == "opponents-turn":
        return owner != active
    return timing in ("always", "all-turns")


def in_force(state: CState, now: frozenset[str]) -> list[InForce]:
    """Every static effect in force now: top cards' own effects and their digivolution cards' inherited ones.

    They depend only on whose turn it is and what is in the battle areas: worked out once per such board
    and kept in the match's memo (stacks are frozen records, so the board itself is the key).
    """
    return _board(state)[0]


def _board(state: CState) -> tuple[list[InForce], bool]:
    """The effects in force on this board, and whether any of them lowers DP (memoised per board)."""
    first, second = state.sides
    key = ("board-in-force", state.active, tuple(map(_CARDS, first.battle)), tuple(map(_CARDS, second.battle)))
    memo = state.instances.memo
    found = memo.get(key)
    if found is None:
        forces = [
            force
            for owner, side in enumerate(state.sides)
            for stack in side.battle
            for force in _stack_in_force(state, owner, stack.cards)
        ]
        lowers = any(m.value == "dp" and (m.by or 0) < 0 for force in forces for m in force.effect.spec.modify)
        found = memo[key] = (forces, lowers)
    return found


_CARDS = attrgetter("cards")


def _stack_in_force(state: CState, owner: int, stack: tuple[int, ...]) -> list[InForce]:
    """One stack's effects in force (its top card's own, its digivolution cards' inherited), memoised per stack:
    when the board changes, most stacks on it have not."""
    memo = state.instances.memo
    key = ("stack-in-force", owner, state.active, stack)
    found = memo.get(key)
    if found is not None:
        return found
    found = []
    cards, active = state.cards, state.active
    this = (stack[-1],)
    for effect in cards[stack[-1]].effects:
        if _holds(effect.spec.timing, owner, active):
            found.append(InForce(effect, owner, this))
    for uid in stack[:-1]:
        for effect in cards[uid].inherited_effects:
            if _holds(effect.spec.timing, owner, active):
                found.append(InForce(effect, owner, this))
    memo[key] = found
    return found


LAYER = ValueLayer(RULES, WORLD, in_force)


def dp(state: CState, uid: int) -> Value:
    """A Digimon's DP now (never below 0), with the card citations of every effect that changed it."""
    printed = state.cards[uid].dp or 0
    found = LAYER.value(state, "dp", uid, printed, NOW)
    return Value(max(0, found.value), found.because) if found.value < 0 else found


def may_lower_dp(state: CState) -> bool:
    """Is any change lowering DP in force or lasting now? (If not, no Digimon with printed DP can be at 0.)"""
    if any(c.modifier.value == "dp" and (c.modifier.by or 0) < 0 for c in state.lasting):
        return True
    return _board(state)[1]


def keyword(state: CState, uid: int, name: str) -> Value:
    """Whether the Digimon with top card ``uid`` has a keyword (``blocker``, ``rush`` ...): value ``yes`` or None."""
    return LAYER.value(state, name, uid, None, NOW)


def has(state: CState, uid: int, name: str) -> bool:
    return keyword(state, uid, name).value == YES


def security_attack(state: CState, uid: int) -> Value:
    """How many more security cards the Digimon's attack checks (<Security A. +N>)."""
    return LAYER.value(state, "security-attack", uid, 0, NOW)

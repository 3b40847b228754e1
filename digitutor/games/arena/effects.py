"""Arena's part of the effect language: Power Options as card data, and the layer that applies them.

A Power Option's effect and Use Requirements are written in cards.yaml; here are the
words they may use, each citing its rule, and the one place that answers "what is this
Digimon's power (or colour) now?" for the procedure, ``why_not``, the agents and the board.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...core.effects import EffectRules, InForce, Selector, Timing, ValueLayer, VerbHooks, World
from . import citations as C
from .cards import Card, Level
from .state import AState, Side

RULES = EffectRules(
    game="arena",
    timings={
        "power-port": Timing(
            "power-port",
            "while the Power Option is in its player's Power Port (until the Duel ends)",
            C.KEEP_TRACK,
            static=True,
        ),
        "on-play": Timing("on-play", "once, when the Power Option is played on the Power Port", C.EFFECT, static=False),
        "use-requirements": Timing(
            "use-requirements",
            "to play the card: its conditions must hold and its costs are paid as it is played",
            C.USE_REQUIREMENTS,
            static=False,
        ),
    },
    values={
        "power": ("a Digimon's power in the Duel", C.POWER),
        "colour": ("the type a Digimon counts as", C.TRIANGLE),
    },
    zones={
        "duel-zone": "the Digimon in play (the top one shows)",
        "online": "the face-down draw pile",
        "offline": "the face-up pile of used cards",
        "hand": "the player's hand",
        "power-port": "Power Options played this Duel",
    },
    verbs={"move": C.ONLINE_OFFLINE},
)
LEVELS = tuple(level.value for level in Level)
NOW = frozenset({"power-port"})


def zone(state: AState, owner: int, name: str) -> Sequence[int]:
    """A player's zone by the effect language's name (top card last)."""
    side = state.sides[owner]
    if name == "duel-zone":
        return side.duel
    if name == "online":
        return side.online
    if name == "offline":
        return side.offline
    if name == "hand":
        return side.hand
    if name == "power-port":
        return side.port + side.spent
    return ()


def attribute(state: AState, uid: int, name: str) -> Any:
    """A card's current name, level, kind or colour (the colour through the layer)."""
    card = state.cards[uid]
    if name == "colour":
        return current_colour(state, uid)
    return {"name": card.name, "level": card.level, "kind": card.kind}.get(name)


WORLD = World(zone, attribute, LEVELS)


def in_force(state: AState, now: frozenset[str]) -> list[InForce]:
    """Every effect of every Power Option in either Power Port, in the order they were played."""
    found: list[InForce] = []
    memo = state.instances.memo  # a card's effects in force never change: built once a match
    for owner, side in enumerate(state.sides):
        for uid in side.port:
            forces = memo.get(("forces", owner, uid))
            if forces is None:
                forces = memo[("forces", owner, uid)] = tuple(
                    InForce(effect, owner, (uid,)) for effect in state.cards[uid].effects
                )
            found.extend(forces)
    return found


LAYER = ValueLayer(RULES, WORLD, in_force)


def imagined(extra: tuple[int, Card] | None) -> tuple[InForce, ...]:
    """The effects of a Power Option imagined in ``owner``'s Power Port (to weigh a play before making it)."""
    if extra is None:
        return ()
    owner, card = extra
    return tuple(InForce(effect, owner, ()) for effect in card.effects)


def current_colour(state: AState, uid: int, extra: tuple[int, Card] | None = None) -> Any:
    card = state.cards[uid]
    if not state.sides[0].port and not state.sides[1].port and extra is None:
        return card.colour  # the common case: no Power Option in play
    return LAYER.value(state, "colour", uid, card.colour, NOW, imagined(extra)).value


def hooks(on_move: Any) -> VerbHooks:
    """How Arena's verbs move cards: between a player's zones, top of a pile last."""

    def move(state: AState, owner: int, uids: list[int], to: str, source: str | None) -> None:
        side = state.sides[owner]
        piles = _piles(side, source)
        for uid in uids:
            next(pile for pile in piles if uid in pile).remove(uid)
        getattr(side, {"offline": "offline", "online": "online", "hand": "hand"}[to]).extend(uids)
        on_move(state, owner, source)

    def counter(state: AState, player: int, name: str, change: int) -> None:
        raise ValueError(f"Arena cards change no counter ({name})")

    return VerbHooks(move, counter, trash="offline", hand="hand", deck="online")


def _piles(side: Side, source: str | None) -> list[list[int]]:
    """The player's own lists a moved card is taken from: the zone named (the Power Port is two), else any pile."""
    if source is None:
        return [side.duel, side.online, side.offline, side.hand]
    named = {
        "duel-zone": [side.duel],
        "online": [side.online],
        "offline": [side.offline],
        "hand": [side.hand],
        "power-port": [side.port, side.spent],
    }
    return named.get(source, [])


def costs_of(card: Card) -> tuple[Any, ...]:
    """The cost verbs of a card's Use Requirements."""
    found = _COSTS.get(card.id)
    if found is None:
        found = _COSTS[card.id] = tuple(
            v for e in card.effects if e.spec.timing == "use-requirements" for v in e.spec.cost
        )
    return found


def conditions_of(card: Card) -> tuple[tuple[Selector, str], ...]:
    """Each condition of a card's Use Requirements, with the words of the card it comes from."""
    found = _CONDITIONS.get(card.id)
    if found is None:
        found = _CONDITIONS[card.id] = tuple(
            (c, e.spec.quote) for e in card.effects if e.spec.timing == "use-requirements" for c in e.spec.condition
        )
    return found


_COSTS: dict[str, tuple[Any, ...]] = {}  # a card's requirements never change: read once per card id
_CONDITIONS: dict[str, tuple[tuple[Selector, str], ...]] = {}


def online_cost(card: Card) -> int:
    """How many cards playing it moves from your Online pile to Offline."""
    return sum(verb.count for verb in costs_of(card) if verb.what is not None and verb.what.zone == "online")

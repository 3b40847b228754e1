"""Laying out a DCG game: from two decks (and Digi-Egg decks), or from a prepared board (scenarios); the deck rules."""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from ...core.errors import DigitutorError, InputError, counted
from ...core.frames import Frame, frame, stack_of
from ...core.layout import MAX_TURN, CardLayout
from ...core.records import Reason
from . import citations as C
from .cards import COPIES_MAX, DECK_SIZE, EGG_DECK_MAX, Card, Category, card_set, tutorial_decks
from .play import turn_frames
from .state import MEMORY_LIMIT, CState, Side, Stack

START_AT = ("setup", "unsuspend", "draw", "breeding", "main")
BOARD_FIELDS = {"phase", "active", "turn", "first", "memory", "players", "attack"}
ATTACK_FIELDS = ("attacker", "target", "at")
#: where an attack under way stands, in the order of E. Attacking (dcg:attacking.p3-p4): just declared (its [When
#: Attacking] effects activating), at counter timing, at blocker timing, then the battle or security check
ATTACK_POINTS = ("declared", "counter", "block", "battle")
#: the engine's frames of an attack still to come at each point (``attack.py`` pushes them in this order)
ATTACK_FRAMES = ("attack.counter", "attack.block", "attack.resolve")
#: what ``attack.target`` says for an attack on the opposing player
THE_PLAYER = "player"
#: the longest card name an attack may give (instance ids and ``p1.<card id>#N`` are far shorter)
NAME_MAX = 100
SIDE_FIELDS = ("deck", "hand", "security", "trash", "egg_deck", "breeding", "battle")


def deck_problems(
    deck: Sequence[str], eggs: Sequence[str] = (), cards: Mapping[str, Card] | None = None
) -> tuple[Reason, ...]:
    """Every reason a deck and Digi-Egg deck are not legal (empty: legal), each citing the manual."""
    cards = cards if cards is not None else card_set()
    reasons = []
    if len(deck) != DECK_SIZE:
        reasons.append(Reason(f"The deck has {counted(len(deck), 'card')}; it needs exactly {DECK_SIZE}.", C.DECK))
    kinds = Counter(cards[card_id].category for card_id in deck if card_id in cards)
    if kinds[Category.DIGI_EGG]:
        reasons.append(
            Reason(
                f"The deck holds {kinds[Category.DIGI_EGG]} Digi-Egg card(s): they belong in the Digi-Egg deck.", C.DECK
            )
        )
    tokens = [card_id for card_id in deck if card_id in cards and cards[card_id].token]
    if tokens:
        reasons.append(
            Reason(f"The deck holds {len(tokens)} Token(s): Tokens aren't part of a deck.", C.TOKENS_NOT_IN_DECK)
        )
    for card_id, count in sorted(Counter(cards[i].number for i in deck if i in cards).items()):
        if count > COPIES_MAX:
            reasons.append(Reason(f"The deck has {count} copies of {card_id}; at most {COPIES_MAX}.", C.COPIES))
    if len(eggs) > EGG_DECK_MAX:
        reasons.append(
            Reason(f"The Digi-Egg deck has {counted(len(eggs), 'card')}; at most {EGG_DECK_MAX}.", C.EGG_DECK)
        )
    not_eggs = [card_id for card_id in eggs if card_id in cards and cards[card_id].category is not Category.DIGI_EGG]
    if not_eggs:
        reasons.append(Reason(f"The Digi-Egg deck holds {len(not_eggs)} card(s) that are not Digi-Eggs.", C.EGG_DECK))
    for number, count in sorted(Counter(cards[i].number for i in eggs if i in cards).items()):
        if count > COPIES_MAX:
            reasons.append(
                Reason(f"The Digi-Egg deck has {count} copies of {number}; at most {COPIES_MAX}.", C.EGG_COPIES)
            )
    return tuple(reasons)


class Layout(CardLayout[Card]):
    """A DCG layout: cards, and Digimon or Tamer stacks made of them."""

    def __init__(self, source: str) -> None:
        super().__init__(source, card_set())

    def stack(self, entry: Any, where: str, turn: int) -> Stack:
        if isinstance(entry, str):
            return Stack((self.place(entry, where),))
        if isinstance(entry, list) and entry:
            return Stack(tuple(self.pile(entry, where)))
        if (
            isinstance(entry, dict)
            and isinstance(entry.get("stack"), list)
            and entry["stack"]
            and set(entry) <= {"stack", "suspended", "played"}
        ):
            for flag in ("suspended", "played"):
                if not isinstance(entry.get(flag, False), bool):
                    raise InputError(self.source, f"{where}.{flag}", f"expected true or false, got {entry[flag]!r}")
            cards = tuple(self.pile(entry["stack"], f"{where}.stack"))
            return Stack(cards, bool(entry.get("suspended", False)), turn if entry.get("played") else 0)
        raise InputError(
            self.source, where, "expected a card id, a list (bottom first) or {stack: [...], suspended, played}"
        )


def state_from_decks(setup: Mapping[str, Any], source: str, rng: random.Random) -> CState:
    """A new game from ``{"decks": [[...], [...]], "eggs": [[...], [...]]}``."""
    decks, eggs = setup["decks"], setup.get("eggs", [[], []])
    if not isinstance(eggs, list) or len(eggs) != 2 or not all(isinstance(e, list) for e in eggs):
        raise InputError(source, "eggs", "expected two Digi-Egg decks (lists of card ids)")
    layout = Layout(source)
    sides = []
    for player in (0, 1):
        if not isinstance(decks, list) or len(decks) != 2:
            raise InputError(source, "decks", f"expected two decks (lists of {DECK_SIZE} card ids)")
        layout.owner = player
        deck = layout.pile(decks[player], f"decks[{player}]")
        egg_deck = layout.pile(eggs[player], f"eggs[{player}]")
        problems = deck_problems(decks[player], eggs[player])
        if problems:
            why = "; ".join(f'{r.why} ("{r.citation.quote}")' for r in problems)
            raise InputError(source, f"decks[{player}]", why)
        sides.append(Side(deck, egg_deck))
    return CState(layout.instances(rng), sides)


def start_frames(phase: str, active: int) -> list[Frame]:
    """A prepared board in ``setup`` starts at the opening hands: its decks stay in the order the judge set."""
    if phase == "setup":
        return stack_of(frame("setup.draw"))
    frames = turn_frames(active)
    kinds = [f.kind.partition(".")[0] for f in frames]
    return stack_of(*frames[kinds.index(phase) :])


def _whole(board: Mapping[str, Any], key: str, default: int, low: int, high: int, source: str) -> int:
    value = board.get(key, default)
    if type(value) is not int or not low <= value <= high:
        raise InputError(source, f"setup.{key}", f"expected a whole number from {low} to {high}, got {value!r}")
    return value


def state_from_board(board: Mapping[str, Any], source: str, rng: random.Random) -> CState:
    """A prepared board: any card in any zone, memory, whose turn, and the phase to start in."""
    unknown = set(board) - BOARD_FIELDS
    if unknown:
        raise InputError(
            source, f"setup.{sorted(unknown)[0]}", f"unknown field (expected {', '.join(sorted(BOARD_FIELDS))})"
        )
    phase = board.get("phase", "main")
    if not isinstance(phase, str) or phase not in START_AT:
        raise InputError(source, "setup.phase", f"expected one of {', '.join(START_AT)}, got {phase!r}")
    active = _whole(board, "active", 0, 0, 1, source)
    turn = _whole(board, "turn", 1, 1, MAX_TURN, source)
    first = _whole(board, "first", active if turn % 2 else 1 - active, 0, 1, source)
    memory = _whole(board, "memory", 0, -MEMORY_LIMIT, MEMORY_LIMIT, source)
    layout = Layout(source)
    sides = layout.sides(board.get("players"), "setup.players", lambda entry, where: _side(layout, entry, where, turn))
    state = CState(layout.instances(rng), sides, start_frames(phase, active), turn, active, first)
    state.set_memory(active, memory)
    if board.get("attack") is not None:
        declare_pending_attack(state, board, phase, source)
    return state


def declare_pending_attack(state: CState, board: Mapping[str, Any], phase: str, source: str) -> None:
    """``attack: {attacker, target, at}``: the turn player's Digimon has declared this attack; the board starts where
    ``at`` says, as the engine has a declared attack there (dcg:attacking.p3-p4): ``declared`` (the default) right after
    the declaration, its [When Attacking] effects activating; ``counter`` at counter timing, those effects resolved;
    ``block`` at blocker timing; ``battle`` after blocker timing, the battle or security check next. An attack the game
    would not let the turn player declare now is refused with the game's own reasons."""
    from ...core.actions import action
    from .attack import declare_attack
    from .checks import ACTIONS

    entry = board["attack"]
    where = "setup.attack"
    if not isinstance(entry, Mapping) or set(entry) - set(ATTACK_FIELDS) or not isinstance(entry.get("attacker"), str):
        raise InputError(
            source,
            where,
            "expected {attacker: <card>, target: player | <card>, at: <point>} (the turn player's Digimon, "
            "what it attacks, and how far the attack has come)",
        )
    point = entry.get("at", ATTACK_POINTS[0])
    if not isinstance(point, str) or point not in ATTACK_POINTS:
        raise InputError(
            source,
            f"{where}.at",
            f"expected one of {', '.join(ATTACK_POINTS)} (the steps of an attack in their order), "
            f"got {str(point)[:NAME_MAX]!r} [dcg:attacking.p4]",
        )
    target = entry.get("target", THE_PLAYER)
    if len(entry["attacker"]) > NAME_MAX:
        raise InputError(source, f"{where}.attacker", f"expected a card name (at most {NAME_MAX} characters)")
    if not isinstance(target, str) or not target or len(target) > NAME_MAX:
        raise InputError(
            source, f"{where}.target", f"expected 'player' or a card of the opponent's battle area, got {target!r}"
        )
    active = state.active
    cards = [_named(state, board, entry["attacker"], active, source, f"{where}.attacker")]
    if target != THE_PLAYER:
        cards.append(_named(state, board, target, 1 - active, source, f"{where}.target"))
    declared = action("attack", active, *cards)
    rule = ACTIONS["attack"]
    reasons = [Reason(rule.when_text, rule.when)] if phase != "main" else []
    reasons += rule.reasons(state, None, declared)
    if reasons:
        named = dict(zip(cards, [entry["attacker"], target], strict=False))  # the reasons name cards as the board does
        why = "; ".join(f"{_renamed(reason.why, named)} [{reason.citation.id}]" for reason in reasons)
        raise InputError(source, where, f"this attack cannot be under way: {why}")
    below = len(state.frames)
    declare_attack(state, active, declared)  # the engine's own frames, suspension and [When Attacking] triggers
    if point != ATTACK_POINTS[0]:
        resume_attack(state, below, point)


def resume_attack(state: CState, below: int, point: str) -> None:
    """A declared attack past its declaration: its [When Attacking] effects have resolved ("After all effects have been
    activated, counter timing occurs"), so their triggers go; counter timing (and then blocker timing) is over before
    the later points, as the engine pops those frames when they end. What is left is the engine's own frames at
    ``point``."""
    del state.frames[below + len(ATTACK_FRAMES) :]  # the triggered effects waiting above the attack
    for _ in range(ATTACK_POINTS.index(point) - 1):
        state.pop()
    assert state.frames[-1].kind == ATTACK_FRAMES[ATTACK_POINTS.index(point) - 1]


def _renamed(text: str, named: Mapping[str, str]) -> str:
    for instance, written in named.items():
        text = re.sub(rf"{re.escape(instance)}(?![0-9])", written, text)
    return text


def _named(state: CState, board: Mapping[str, Any], name: str, owner: int, source: str, where: str) -> str:
    """The instance a card name stands for, as scenario files name cards (``st1-05``, ``st2-07#2``, ``p1.st2-07``)."""
    from ...core.registry import get_game
    from ...scenarios.naming import CopyNumbers

    try:
        return CopyNumbers(get_game("dcg"), state, {"board": board}).card_instance(state, name, owner)
    except DigitutorError as error:
        raise InputError(source, where, str(error)) from None


def _side(layout: Layout, entry: Any, where: str, turn: int) -> Side:
    if not isinstance(entry, dict):
        raise InputError(layout.source, where, f"expected a mapping with {', '.join(SIDE_FIELDS)}")
    unknown = set(entry) - set(SIDE_FIELDS)
    if unknown:
        raise InputError(
            layout.source, f"{where}.{sorted(unknown)[0]}", f"unknown field (expected {', '.join(SIDE_FIELDS)})"
        )

    def top_first(key: str) -> list[int]:
        pile = layout.pile(entry.get(key), f"{where}.{key}")
        pile.reverse()  # files list piles top first; the engine keeps the top last
        return pile

    battle = entry.get("battle") or []
    if not isinstance(battle, list):
        raise InputError(layout.source, f"{where}.battle", "expected a list of Digimon and Tamers")
    breeding = entry.get("breeding")
    return Side(
        deck=top_first("deck"),
        eggs=top_first("egg_deck"),
        hand=layout.pile(entry.get("hand"), f"{where}.hand"),
        security=top_first("security"),
        trash=layout.pile(entry.get("trash"), f"{where}.trash"),
        breeding=None if breeding is None else layout.stack(breeding, f"{where}.breeding", turn),
        battle=[layout.stack(item, f"{where}.battle[{i}]", turn) for i, item in enumerate(battle)],
    )


def new_state(setup: Mapping[str, Any], source: str = "setup", rng: random.Random | None = None) -> CState:
    """``{"decks": [...], "eggs": [...]}``, ``{"decks": "tutorial"}`` or ``{"board": {...}}``."""
    rng = rng or random.Random(0)
    if not isinstance(setup, Mapping):
        raise InputError(source, "setup", "expected a mapping with 'decks' or 'board'")
    if setup.get("decks") == "tutorial":
        decks = tutorial_decks()
        return state_from_decks(
            {"decks": [list(d.deck) for d in decks[:2]], "eggs": [list(d.eggs) for d in decks[:2]]}, source, rng
        )
    if "decks" in setup:
        return state_from_decks(setup, source, rng)
    if "board" in setup and isinstance(setup["board"], Mapping):
        return state_from_board(setup["board"], source, rng)
    raise InputError(
        source, "setup", "expected 'decks: tutorial', 'decks: [[...], [...]]' (and 'eggs') or 'board: {...}'"
    )

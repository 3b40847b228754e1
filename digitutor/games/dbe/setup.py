"""Laying out a DBE game (two 50-card decks, or a prepared board for scenarios) and checking a deck's legality."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

from ...core.errors import InputError, counted
from ...core.fields import whole_number
from ...core.frames import Frame, frame, stack_of
from ...core.layout import MAX_TURN, CardLayout
from ...core.records import Reason
from ..dmb import setup as dmb_setup
from ..dmb.state import DState, Side
from . import citations as C
from .cards import DbeCard, Deck, card_set, tutorial_decks
from .effects import RULES
from .turn import turn_frames

DECK_SIZE = 50
MAX_HP = 99_990  #: the most HP a prepared board may give a Digimon
START_AT = ("setup", "prep", "evolution", "strategy", "end")


def deck_problems(deck: Deck, cards: Mapping[str, DbeCard] | None = None) -> tuple[Reason, ...]:
    """Every reason a deck breaks DBE's deck construction rules (empty: legal), each cited."""
    cards = cards or card_set()
    reasons: list[Reason] = []
    main = [cards[i] for i in deck.cards]
    destiny = [cards[i] for i in deck.destiny]
    total = len(main) + len(destiny)
    if total != DECK_SIZE:
        reasons.append(
            Reason(
                f"The deck has {counted(total, 'card')} with the Destiny Zone ({len(main)} + {len(destiny)}); it needs "
                f"exactly {DECK_SIZE}.",
                C.DZ_COUNTED,
            )
        )
    megas = [c for c in destiny if c.level == "M"]
    if len(megas) > 1:
        reasons.append(Reason(f"The Destiny Zone holds {len(megas)} Megas; at most 1.", C.DZ_MEGA))
    if any(c.level == "M" for c in main):
        reasons.append(Reason("A Mega goes in the Destiny Zone, not the main deck.", C.LEVEL_M_NOT_MAIN))
    partner = cards.get(deck.partner) if deck.partner else None
    if partner is not None and (partner.level != "R" or deck.partner not in deck.cards):
        reasons.append(Reason(f"The partner must be a Level R in the deck; {partner.name} is not.", C.PARTNER_R))
    champions = [c for c in destiny if c.is_digimon and c.level == "C"]
    if len(champions) > 2 or len({c.number for c in champions}) != len(champions):
        reasons.append(
            Reason(f"The Destiny Zone holds {len(champions)} partner C's; at most 2, and different.", C.DZ_PARTNER_C)
        )
    for champion in champions:
        if partner is None or partner.name not in champion.evo_box:
            reasons.append(
                Reason(
                    f"{champion.name} in the Destiny Zone must have the partner's name in its Evolution Box.",
                    C.DZ_PARTNER_C,
                )
            )
    for rule, flag, what in ((C.DZ_PROXY, "proxy", "Proxy"), (C.DZ_MASTERY, "mastery", "Mastery")):
        count = sum(1 for c in destiny if getattr(c, flag))
        if count > 1:
            reasons.append(Reason(f"The Destiny Zone holds {count} {what} cards; at most 1.", rule))
    strays = [c for c in destiny if not (c.level in ("M", "C") and c.is_digimon) and not c.proxy and not c.mastery]
    for stray in strays:
        reasons.append(
            Reason(
                f'{stray.name} cannot go in the Destiny Zone: it is not a Mega, a partner C, a Proxy ("P") or a '
                "Mastery card.",
                C.DZ_PROXY,
            )
        )
    reasons += _copies(deck, cards, destiny)
    for card_id in dict.fromkeys((*deck.cards, *deck.destiny)):
        card = cards[card_id]
        other = cards.get(card.flip) if card.flip else None
        if other is not None and other.initial and not card.initial:
            reasons.append(
                Reason(
                    f"{card.name} is a side of a flip card whose initial side is {other.name}: list it as "
                    f"{other.name}, the side it begins the game with.",
                    C.FLIP_DECKS,
                )
            )
    return tuple(reasons)


def _copies(deck: Deck, cards: Mapping[str, DbeCard], destiny: list[DbeCard]) -> list[Reason]:
    """Copy limits by set number: Digimon, Options and Evolutions in the main deck; Aces, Firewalls, DATA per deck."""
    reasons: list[Reason] = []
    main = Counter(cards[i].number for i in deck.cards)
    whole = Counter(cards[i].number for i in (*deck.cards, *deck.destiny))
    by_number = {cards[i].number: cards[i] for i in (*deck.cards, *deck.destiny)}
    for number, count in sorted(main.items()):
        card = by_number[number]
        limit, rule = (
            (4, C.COPIES_DIGIMON)
            if card.is_digimon
            else (2, C.COPIES_EVOLUTION)
            if card.is_evolution
            else (3, C.COPIES_OPTION)
        )
        if count > limit:
            reasons.append(Reason(f"{count} copies of {card.name} ({number}) in the main deck; at most {limit}.", rule))
    for flag, per_card, per_deck, rule in (
        ("ace", 1, 1, C.ACE),
        ("firewall", 3, 3, C.FIREWALL),
        ("data", 1, 2, C.DATA_COPIES),
    ):
        special = {n: c for n, c in whole.items() if getattr(by_number[n], flag)}
        in_destiny = any(getattr(c, flag) for c in destiny)
        said = (
            C.PER_DECK_NOTE if in_destiny else rule
        )  # "if ... in the Destiny Zone ..., they still cannot exceed" the limit
        for number, count in sorted(special.items()):
            if count > per_card:
                reasons.append(
                    Reason(
                        f"{count} copies of {by_number[number].name} in the deck, the Destiny Zone counted; at most "
                        f"{per_card}.",
                        said,
                    )
                )
        total = sum(special.values()) if flag != "data" else len(special)
        if total > per_deck:
            reasons.append(
                Reason(
                    f"{total} {flag.capitalize()} cards in the deck, the Destiny Zone counted; at most {per_deck} "
                    "per deck.",
                    said,
                )
            )
    for number in whole:
        card = by_number[number]
        if card.data and not any(card.name.removesuffix(" DATA") in (c.name, *c.evo_box) for c in destiny):
            reasons.append(Reason(f"{card.name} must match a name in the Destiny Zone.", C.DATA_LEGALITY))
    return reasons


class Layout(CardLayout[DbeCard]):
    def __init__(self, source: str) -> None:
        super().__init__(source, card_set())


def _state(instances, sides: list[Side], frames: list[Frame] | None = None, turn: int = 0, active: int = 0) -> DState:
    state = DState(
        instances, sides, frames or [frame("setup.shuffle")], turn, active, active, cites=C, effect_rules=RULES
    )
    return state


def state_from_decks(decks: Any, source: str, rng: random.Random) -> DState:
    if not isinstance(decks, list) or len(decks) != 2:
        raise InputError(source, "decks", "expected two decks")
    layout = Layout(source)
    sides = []
    for player, entry in enumerate(decks):
        raw = dmb_setup._deck(entry, source, player)
        deck = Deck(raw.name, raw.cards, raw.destiny, raw.partner)
        layout.owner = player
        for position, card_id in enumerate((*deck.cards, *deck.destiny)):
            if card_id not in layout.known:
                raise InputError(source, f"decks[{player}][{position}]", f"unknown card {str(card_id)[:60]!r}")
        problems = deck_problems(deck)
        if problems:
            why = "; ".join(f'{r.why} ("{r.citation.quote[:60]}")' for r in problems)
            raise InputError(source, f"decks[{player}]", why)
        pile = layout.pile(list(deck.cards), f"decks[{player}]")
        destiny = layout.pile(list(deck.destiny), f"decks[{player}].destiny")
        sides.append(Side(pile, destiny=destiny, partner=deck.partner, destined=tuple(destiny)))
    return _state(layout.instances(rng), sides)


def state_from_board(board: Mapping[str, Any], source: str, rng: random.Random) -> DState:
    """A prepared board: any card in any zone, HP, KO points, flats, whose turn, and the phase to start in."""
    unknown = set(board) - set(dmb_setup.BOARD_FIELDS)
    if unknown:
        raise InputError(
            source, f"setup.{sorted(unknown)[0]}", f"unknown field (expected {', '.join(dmb_setup.BOARD_FIELDS)})"
        )
    phase = board.get("phase", "prep")
    if phase not in START_AT:
        raise InputError(source, "setup.phase", f"expected one of {', '.join(START_AT)}, got {str(phase)[:40]!r}")
    active = board.get("active", 0)
    if type(active) is not int or active not in (0, 1):
        raise InputError(source, "setup.active", f"expected 0 or 1, got {str(active)[:40]!r}")
    turn = whole_number(board.get("turn", 2), 1, MAX_TURN, source, "setup.turn")
    layout = Layout(source)

    def side(entry: Any, where: str) -> Side:
        extra = {k: entry.pop(k) for k in ("dark", "flats", "hp") if isinstance(entry, dict) and k in entry}
        made = dmb_setup._side(layout, entry, where)
        if "hp" in extra:  # DBE's HP are ten times DMB's: its own limit
            made.hp = dmb_setup._whole(extra, "hp", source, where, MAX_HP)
        made.dark = layout.pile(extra.get("dark"), f"{where}.dark")
        flats = extra.get("flats", 0)
        if type(flats) is not int or not 0 <= flats <= 3:
            raise InputError(
                source, f"{where}.flats", f"expected a whole number of flat tokens from 0 to 3, got {str(flats)[:40]!r}"
            )
        made.flats = flats
        if made.abnormal and made.active:
            level = layout.cards[made.active[-1]].level or ""
            made.divisor = C.ABNORMAL_DIVISOR.get(level, 1)
        return made

    players = board.get("players")
    if isinstance(players, list):
        players = [dict(p) if isinstance(p, Mapping) else p for p in players]  # the file's data stays as it was
    sides = layout.sides(players, "setup.players", side)
    state = _state(layout.instances(rng), sides, [], turn, active)
    probe = state.copy()
    probe.turn = turn
    frames = turn_frames(probe)
    kinds = [f.kind.partition(".")[0] for f in frames]
    state.frames = stack_of(*frames[kinds.index(phase) :]) if phase != "setup" else stack_of(frame("setup.shuffle"))
    if board.get("attack") is not None:  # the attacks chosen in this Strategy Phase, not yet revealed (as DMB's)
        dmb_setup.choose_pending_attacks("dbe", state, board["attack"], phase, source)
    return state


def new_state(setup: Mapping[str, Any], source: str = "setup", rng: random.Random | None = None) -> DState:
    """``{"decks": "tutorial"}``, ``{"decks": [...]}`` or ``{"board": {...}}``; ``rng`` numbers the card instances."""
    rng = rng or random.Random(0)
    if not isinstance(setup, Mapping):
        raise InputError(source, "setup", "expected a mapping with 'decks' or 'board'")
    if setup.get("decks") == "tutorial":
        return state_from_decks([deck.to_setup() for deck in tutorial_decks()], source, rng)
    if "decks" in setup:
        return state_from_decks(setup["decks"], source, rng)
    if isinstance(setup.get("board"), Mapping):
        return state_from_board(setup["board"], source, rng)
    raise InputError(source, "setup", "expected 'decks: tutorial', 'decks: [...]' or 'board: {...}'")

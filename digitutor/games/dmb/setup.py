"""Laying out a Digimon Battles game (two decks, or a prepared board for scenarios) and checking a deck's legality."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any, TypeVar

from ...core.errors import InputError, counted
from ...core.fields import whole_number
from ...core.frames import Frame, frame, stack_of
from ...core.layout import MAX_TURN, CardLayout
from ...core.records import Reason
from . import citations as C
from .cards import Card, Deck, card_set, tutorial_decks
from .state import DState, Side
from .turn import turn_frames

DECK_SIZE = 40
START_AT = ("setup", "prep", "evolution", "strategy", "end")
SIDE_FIELDS = (
    "deck",
    "hand",
    "active",
    "dp",
    "trash",
    "destiny",
    "attached",
    "hp",
    "ko_points",
    "partner",
    "abnormal",
    "from_destiny",
)
BOARD_FIELDS = ("turn", "active", "phase", "players", "attack")
#: ``attack: {chosen: [<Player 1's attack>, <Player 2's attack>]}``: the attacks
#: chosen in the Strategy Phase, not yet revealed
ATTACK_FIELDS = ("chosen",)
#: the longest attack name a board may give (circle, triangle, cross are far shorter)
ATTACK_NAME_MAX = 20


def deck_problems(deck: Deck, cards: Mapping[str, Card] | None = None) -> tuple[Reason, ...]:
    """Every reason a deck breaks the deck construction rules (empty: legal), each cited."""
    cards = cards or card_set()
    reasons: list[Reason] = []
    main = [cards[i] for i in deck.cards]
    destiny = [cards[i] for i in deck.destiny]
    if len(main) != DECK_SIZE:
        reasons.append(
            Reason(
                f"The deck has {counted(len(main), 'card')}; it needs exactly {DECK_SIZE} (the Destiny Zone is "
                "not counted).",
                C.DECK_40,
            )
        )
    megas = [c for c in destiny if c.level == "M"]
    if len(megas) > 1:
        reasons.append(Reason(f"The Destiny Zone holds {len(megas)} Megas; at most 1.", C.DZ_MEGA))
    if any(c.level == "M" for c in main):
        reasons.append(Reason("A Mega belongs in the Destiny Zone, not the deck.", C.DZ_MEGA))
    partner = cards.get(deck.partner) if deck.partner else None
    if partner is not None and (partner.level != "R" or deck.partner not in deck.cards):
        reasons.append(Reason(f"The partner must be a Level R in the deck; {partner.name} is not.", C.PARTNER_R))
    champions = [c for c in destiny if c.level == "C"]
    if len(champions) > 2:
        reasons.append(Reason(f"The Destiny Zone holds {len(champions)} partner C's; at most 2.", C.DZ_PARTNER_C))
    for champion in champions:
        if partner is None or partner.name not in champion.evo_box:
            reasons.append(
                Reason(
                    f"{champion.name} in the Destiny Zone must name the partner in its Evolution Box.", C.DZ_PARTNER_C
                )
            )
    others = [c for c in destiny if c.level not in ("M", "C")]
    if len(others) > 1:
        reasons.append(
            Reason(
                f"The Destiny Zone holds {len(others)} Option/DATA cards; at most 1 besides its Mega and partner C's.",
                C.DZ_PARTNER_OPTION,
            )
        )
    for other in others:
        if not other.partner_option:
            reasons.append(
                Reason(f'{other.name} has no "P": it cannot be a Partner Option in the Destiny Zone.', C.PARTNER_OPTION)
            )
    counts = Counter(deck.cards)
    for card_id, count in sorted(counts.items()):
        card = cards[card_id]
        limit, rule = (
            (4, C.COPIES_DIGIMON)
            if card.is_digimon
            else (2, C.COPIES_EVOLUTION)
            if card.kind == "evolve"
            else (3, C.COPIES_OPTION)
        )
        if card.ace:
            limit, rule = 1, C.ACE
        elif card.data:
            limit, rule = 1, C.DATA_COPIES
        if count > limit:
            reasons.append(Reason(f"{count} copies of {card.name}; at most {limit}.", rule))
        if card.data and not _data_legal(card, destiny):
            reasons.append(Reason(f"{card.name} must match a name in the Destiny Zone.", C.DATA_LEGALITY))
    aces = sum(n for i, n in counts.items() if cards[i].ace)
    if aces > 1:
        reasons.append(Reason(f"{aces} Ace cards; only 1 Ace per deck.", C.ACE))
    firewalls = sum(n for i, n in counts.items() if cards[i].firewall)
    if firewalls > 3:
        reasons.append(Reason(f"{firewalls} Firewall cards; only 3 per deck.", C.FIREWALL))
    return tuple(reasons)


def _data_legal(card: Card, destiny: list[Card]) -> bool:
    base = card.name.removesuffix(" DATA")
    return any(base == c.name or base in c.evo_box for c in destiny)


class Layout(CardLayout[Card]):
    def __init__(self, source: str) -> None:
        super().__init__(source, card_set())


def _deck(entry: Any, source: str, player: int) -> Deck:
    where = f"decks[{player}]"
    if isinstance(entry, list):
        return Deck("deck", tuple(entry))
    if isinstance(entry, Mapping) and isinstance(entry.get("deck"), list):
        destiny = entry.get("destiny") or []
        if not isinstance(destiny, list):
            raise InputError(source, f"{where}.destiny", "expected a list of card ids")
        return Deck("deck", tuple(entry["deck"]), tuple(destiny), entry.get("partner"))
    raise InputError(source, where, "expected a list of card ids or {deck: [...], destiny: [...], partner: ID}")


def state_from_decks(decks: Any, source: str, rng: random.Random) -> DState:
    if not isinstance(decks, list) or len(decks) != 2:
        raise InputError(source, "decks", "expected two decks")
    layout = Layout(source)
    sides = []
    for player, entry in enumerate(decks):
        deck = _deck(entry, source, player)
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
    return DState(layout.instances(rng), sides)


def start_frames(phase: str, active: int) -> list[Frame]:
    if phase == "setup":
        return stack_of(frame("setup.shuffle"))
    frames = turn_frames(active)
    kinds = [f.kind.partition(".")[0] for f in frames]
    return stack_of(*frames[kinds.index(phase) :])


def _whole(entry: Mapping, key: str, source: str, where: str, top: int = 990) -> int:
    value = entry.get(key, 0)
    if type(value) is not int or not 0 <= value <= top:
        raise InputError(source, f"{where}.{key}", f"expected a whole number from 0 to {top}, got {str(value)[:40]!r}")
    return value


AnyCard = TypeVar("AnyCard", bound=Card)  #: DMB's card record or a game's that extends it (DBE)


def _side(layout: CardLayout[AnyCard], entry: Any, where: str) -> Side:
    source = layout.source
    if not isinstance(entry, Mapping):
        raise InputError(source, where, f"expected a mapping with {', '.join(SIDE_FIELDS)}")
    unknown = set(entry) - set(SIDE_FIELDS)
    if unknown:
        raise InputError(source, f"{where}.{sorted(unknown)[0]}", f"unknown field (expected {', '.join(SIDE_FIELDS)})")
    deck = layout.pile(entry.get("deck"), f"{where}.deck")
    deck.reverse()  # files list the deck top first; the engine draws from the end
    active = layout.pile(entry.get("active"), f"{where}.active")
    destiny = layout.pile(entry.get("destiny"), f"{where}.destiny")
    partner = entry.get("partner")
    if partner is not None and partner not in layout.known:
        raise InputError(source, f"{where}.partner", f"unknown card {str(partner)[:40]!r}")
    abnormal = entry.get("abnormal", False)
    if not isinstance(abnormal, bool):
        raise InputError(source, f"{where}.abnormal", f"expected true or false, got {str(abnormal)[:40]!r}")
    hp = _whole(entry, "hp", source, where, 9990) if "hp" in entry else (layout.cards[active[-1]].hp if active else 0)
    side = Side(
        deck,
        layout.pile(entry.get("hand"), f"{where}.hand"),
        active,
        layout.pile(entry.get("dp"), f"{where}.dp"),
        layout.pile(entry.get("trash"), f"{where}.trash"),
        destiny,
        layout.pile(entry.get("attached"), f"{where}.attached"),
        hp=hp,
        ko_points=_whole(entry, "ko_points", source, where, 9),
        partner=partner,
        abnormal=abnormal,
    )
    came = entry.get("from_destiny") or []
    if not isinstance(came, list) or any(card_id not in [layout.cards[u].id for u in active] for card_id in came):
        raise InputError(
            source, f"{where}.from_destiny", "expected card ids of the active stack that came from the Destiny Zone"
        )
    side.destined = tuple(destiny) + tuple(u for u in active if layout.cards[u].id in came)
    return side


def state_from_board(board: Mapping[str, Any], source: str, rng: random.Random) -> DState:
    """A prepared board: any card in any zone, HP, KO points, whose turn, and the phase to start in."""
    unknown = set(board) - set(BOARD_FIELDS)
    if unknown:
        raise InputError(source, f"setup.{sorted(unknown)[0]}", f"unknown field (expected {', '.join(BOARD_FIELDS)})")
    phase = board.get("phase", "prep")
    if phase not in START_AT:
        raise InputError(source, "setup.phase", f"expected one of {', '.join(START_AT)}, got {str(phase)[:40]!r}")
    active = board.get("active", 0)
    if type(active) is not int or active not in (0, 1):
        raise InputError(source, "setup.active", f"expected 0 or 1, got {str(active)[:40]!r}")
    turn = whole_number(board.get("turn", 1), 1, MAX_TURN, source, "setup.turn")
    layout = Layout(source)
    sides = layout.sides(board.get("players"), "setup.players", lambda entry, where: _side(layout, entry, where))
    state = DState(layout.instances(rng), sides, start_frames(phase, active), turn, active, active)
    if board.get("attack") is not None:
        choose_pending_attacks("dmb", state, board["attack"], phase, source)
    return state


def choose_pending_attacks(game_id: str, state: DState, entry: Any, phase: str, source: str) -> None:
    """``attack: {chosen: [<Player 1's>, <Player 2's>]}``: both players have chosen their attacks, secretly, in this
    Strategy Phase (step 2) and "Attacks aren't revealed until Step 2 of the Battle Phase": the board starts where the
    engine leaves the Strategy Phase once both have chosen, at the Support Phase's step 1 (then the Supports, the Battle
    Phase, the reveal, 1st Attack, the damage: every step the engine's own). Shared by DMB and DBE (``game_id``). A
    choice the game would not let a player make now is refused in one line with the game's own reasons, each with its
    clause."""
    from ...core.actions import action
    from ...core.errors import DigitutorError
    from ...core.registry import get_game

    where = "setup.attack"
    chosen = entry.get("chosen") if isinstance(entry, Mapping) else None
    if (
        not isinstance(entry, Mapping)
        or set(entry) - set(ATTACK_FIELDS)
        or not isinstance(chosen, list)
        or len(chosen) != 2
    ):
        raise InputError(
            source,
            where,
            "expected {chosen: [<Player 1's attack>, <Player 2's attack>]}, each circle, triangle or cross",
        )
    for player, value in enumerate(chosen):
        if value is not None and (not isinstance(value, str) or len(value) > ATTACK_NAME_MAX):
            raise InputError(
                source, f"{where}.chosen[{player}]", f"expected circle, triangle or cross, got {str(value)[:40]!r}"
            )
    game = get_game(game_id)
    reasons = _attack_reasons(game, state, chosen, phase)
    if reasons:
        why = "; ".join(f"{reason.why} [{reason.citation.id}]" for reason in reasons)
        raise InputError(source, where, f"these attacks cannot be chosen: {why}")
    game.advance(
        state, random.Random(0)
    )  # the game's own Strategy Phase start: it lays out the choices, Supports, Battle
    try:
        while state.frames[-1].kind == "strategy.choose":  # each player's secret choice, answered as a player would
            player = state.frames[-1].seat
            game.apply(state, action("attack", player, choice=chosen[player]))
    except DigitutorError as error:
        raise InputError(source, where, f"these attacks cannot be chosen: {error}") from None


def _attack_reasons(game: Any, state: DState, chosen: list[Any], phase: str) -> list[Reason]:
    """Every reason the two attacks could not both be chosen, secretly, in this Strategy Phase."""
    from ...core.actions import action

    cites = state.cites
    rule = game.actions["attack"]
    if phase != "strategy":
        return [Reason(rule.when_text, rule.when)]
    if state.frames[-1].kind == "strategy.skip":  # DBE: "Skip this entire phase during the first turn of the game."
        return [Reason("The game's first turn has no Strategy Phase: no attack is chosen.", cites.STRATEGY_FIRST_TURN)]
    reasons: list[Reason] = []
    turn = state.active
    if not state.sides[turn].active:
        reasons.append(
            Reason(
                f"Player {turn + 1}, the turn player, has no active Digimon: they lost in the Prep Phase, and "
                "no attack is chosen.",
                cites.NO_DIGIMON_LOSES,
            )
        )
    if not state.sides[1 - turn].active:
        reasons.append(
            Reason(
                f"Player {2 - turn} has no active Digimon: the Strategy Phase skips to the Support Phase and no "
                "attack is chosen.",
                cites.UNOPPOSED,
            )
        )
    for player, value in enumerate(chosen):
        if value is None:
            reasons.append(
                Reason(f"Player {player + 1} has chosen no attack: both players choose one.", cites.CHOOSE_ATTACK)
            )
        else:
            reasons += [
                Reason(f"Player {player + 1}: {reason.why}", reason.citation)
                for reason in rule.check(state, None, action("attack", player, choice=value))
            ]
    return reasons


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

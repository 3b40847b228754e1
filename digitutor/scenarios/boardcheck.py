"""A board the rules cannot have: every reason, each citing the clause that makes it impossible.

The game's own loader checks a board's shape (fields, card ids, ranges it cannot store). These
checks go further, for boards a judge builds by hand: a card where the rules never let it be, more
copies of a card than a deck may hold, more cards than a player owns. A board is never repaired.

Two kinds of reason come back. ``impossible``: a card where the rules never let it be (a Digi-Egg
in the battle area, a Token in a hand, memory beyond 10): such a board is refused, with every
reason. ``beyond_decks``: more copies or cards than the deck construction rules allow. Those rules
govern a deck before the game starts, and scenario boards routinely fill a deck with copies of one
card to stand for cards nobody will see; such a board is laid out, and the editor shows these
reasons as notes, each cited, so the judge knows the board is not one a legal deck could reach.

``raw_problems`` reads the board mapping before it is laid out (values the loader refuses without
a citation, such as DCG memory beyond 10); each game's check reads the laid-out state, and
``boardrules`` how a game reaches it (stacks, states, turns).

A board may say it is deliberately beyond a legal game (``beyond-rules: <reason>``, for a lesson or
an exercise that needs a card the card set lacks): its reasons are kept, with the reason it gives,
and it is not refused for them. Every match started from a board runs ``refuse_impossible``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from ..core.errors import InputError, counted
from ..core.game import beyond_rules_reason
from ..core.records import Reason
from ..core.registry import get_game
from .boardrules import RULES


@dataclass(frozen=True)
class BoardCheck:
    """What the rules say of a board: reasons it cannot be, and deck-construction limits it goes beyond."""

    impossible: tuple[Reason, ...] = ()
    beyond_decks: tuple[Reason, ...] = ()
    #: the board's ``beyond-rules``: why it is deliberately beyond a legal game ('' if it does not say so)
    beyond_rules: str = ""

    @property
    def refused(self) -> bool:
        """Impossible, and not stated to be deliberately beyond a legal game."""
        return bool(self.impossible) and not self.beyond_rules


class Found:
    """Reasons as a check finds them, each filed under its kind."""

    def __init__(self) -> None:
        self.impossible: list[Reason] = []
        self.beyond_decks: list[Reason] = []

    def result(self, beyond_rules: str = "") -> BoardCheck:
        return BoardCheck(tuple(dict.fromkeys(self.impossible)), tuple(dict.fromkeys(self.beyond_decks)), beyond_rules)


def check_board(game: str, board: dict[str, Any], state: Any = None) -> BoardCheck:
    """Every cited reason about ``board`` (see ``BoardCheck``); ``state``: the board laid out, if that is done already.

    The game's loader runs first when no ``state`` is given: a shape it refuses raises its one-line InputError. A board
    that states ``beyond-rules`` keeps its reasons, but is not refused for them (``BoardCheck.refused``).
    """
    early = raw_problems(game, board)
    if early:
        return BoardCheck(early)
    beyond = beyond_rules_reason(board, "board")
    found = Found()
    laid = state if state is not None else get_game(game).new_state({"board": board}, "board")
    CHECKS[game](laid, found)
    if game in RULES:
        found.impossible.extend(RULES[game](board, laid))
    return found.result(beyond)


def impossible(reasons: tuple[Reason, ...], source: str) -> InputError:
    """The one-line error of a board the rules cannot have: every reason, each with its clause and its quote."""
    return InputError(
        source,
        "board",
        "a board the rules cannot have: "
        + "; ".join(f'{r.why} [{r.citation.id}: "{r.citation.quote}"]' for r in reasons),
    )


def note_lines(check: BoardCheck) -> list[str]:
    """What the command line prints of a board it accepts: each way it goes beyond a legal deck, and (a board that
    states ``beyond-rules``) its reason and each rule it sets aside, every one with its clause and quote."""

    def cited(reason: Reason) -> str:
        return f'{reason.why} [{reason.citation.id}: "{reason.citation.quote}"]'

    lines = [f"note: beyond a legal deck: {cited(reason)}" for reason in check.beyond_decks]
    if check.beyond_rules:
        lines.append(f"note: beyond the rules, as the board says: {check.beyond_rules}")
        lines += [f"note: beyond the rules: {cited(reason)}" for reason in check.impossible]
    return lines


def refuse_impossible(game: str, board: Any, state: Any, source: str) -> BoardCheck:
    """The check of a laid-out board; raises the one-line ``impossible`` error when the rules cannot have it (and the
    board does not state ``beyond-rules``). What a match started from a board (a scenario, a lesson, a position)
    runs."""
    check = check_board(game, board, state)
    if check.refused:
        raise impossible(check.impossible, source)
    return check


def raw_problems(game: str, board: dict[str, Any]) -> tuple[Reason, ...]:
    """Reasons found in the board mapping itself, before the loader lays it out."""
    if game == "dcg":
        from ..games.dcg import citations as C
        from ..games.dcg.state import MEMORY_LIMIT

        memory = board.get("memory", 0)
        if type(memory) is int and not -MEMORY_LIMIT <= memory <= MEMORY_LIMIT:
            return (
                Reason(
                    f"The memory gauge is at {memory}; it runs from {MEMORY_LIMIT} on one side to {MEMORY_LIMIT} "
                    "on the other, and no player can have more than 10 memory.",
                    C.MAX_TEN,
                ),
            )
    return ()


def _owned(game: str, state: Any, player: int, skip: Iterable[str] = ()) -> list[Any]:
    """The card records of every card ``player`` owns on the board (made tokens left out), zone by zone."""
    plugs = get_game(game)
    created = set(state.instances.created)
    skipped = set(skip)
    return [
        state.instances.cards[uid]
        for zone, owner, uids in plugs.zones(state)
        if owner == player and zone not in skipped
        for uid in uids
        if uid not in created
    ]


# -- Digimon Card Game -------------------------------------------------------------------------------------------


def _dcg(state: Any, found: Found) -> None:
    for player, side in enumerate(state.sides):
        who = f"Player {player + 1}"
        _dcg_stacks(state.instances.cards, side, who, found.impossible)
        _dcg_piles(state.instances.cards, side, who, found.impossible)
        _dcg_counts([card for card in _owned("dcg", state, player) if not card.token], who, found.beyond_decks)


def _dcg_stacks(cards: tuple[Any, ...], side: Any, who: str, reasons: list[Reason]) -> None:
    """Digimon and Tamers in play: what may be on top in the battle and breeding areas, and what may lie under."""
    from ..games.dcg.cards import Category
    from ..rules.citations import cite

    without_dp = cite(
        "dcg:movable-to-battle-areas.p2",
        "If a Digimon without DP ends up in the battle area due to an effect, it's placed in its owner's trash.",
    )
    option_used = cite("dcg:using-option-cards.p3")
    hatched = cite(
        "dcg:hatch-a-digi-egg.p2",
        "Flip one card face up from the top of the Digi-Egg deck and place it in the breeding area.",
    )
    for stack in side.battle:
        top = cards[stack.top]
        if top.category is Category.OPTION:
            reasons.append(
                Reason(
                    f"{who}'s {top.label()} is an Option card in the battle area: an Option is used from the "
                    "hand and then trashed.",
                    option_used,
                )
            )
        elif top.category is not Category.TAMER and top.dp is None:
            what = "a Digi-Egg" if top.category is Category.DIGI_EGG else "a Digimon"
            reasons.append(
                Reason(
                    f"{who}'s {top.label()} in the battle area is {what} without DP: it cannot stay there.", without_dp
                )
            )
    for stack in [*side.battle, *([side.breeding] if side.breeding is not None else [])]:
        for uid in stack.sources:
            if cards[uid].category is Category.OPTION:
                reasons.append(
                    Reason(
                        f"{who}'s {cards[uid].label()} is an Option card under a Digimon: an Option is trashed "
                        "once used.",
                        option_used,
                    )
                )
        if len(stack.cards) > 1 and any(cards[uid].token for uid in stack.cards):
            reasons.append(
                Reason(
                    f"{who} has a Token in a stack: Tokens cannot have or become digivolution cards.",
                    cite("dcg:tokens.b2"),
                )
            )
    if side.breeding is not None:
        bottom, top = cards[side.breeding.cards[0]], cards[side.breeding.top]
        if bottom.category is not Category.DIGI_EGG or top.category in (Category.TAMER, Category.OPTION):
            reasons.append(
                Reason(
                    f"{who}'s breeding area holds {top.label()}: only a hatched Digi-Egg (and what digivolves "
                    "from it) is ever there.",
                    hatched,
                )
            )


def _dcg_piles(cards: tuple[Any, ...], side: Any, who: str, reasons: list[Reason]) -> None:
    """Decks, hand, trash and security: no Tokens; Digi-Eggs only in the Digi-Egg deck (or the trash, the hand)."""
    from ..games.dcg import citations as C
    from ..games.dcg.cards import Category
    from ..rules.citations import cite

    token_zones = cite(
        "dcg:tokens.b5", "Tokens can't be placed in your deck, Digi-Egg deck, hand, or trash (recycle bin)."
    )
    for zone, pile in (
        ("deck", side.deck),
        ("Digi-Egg deck", side.eggs),
        ("hand", side.hand),
        ("trash", side.trash),
        ("security stack", side.security),
    ):
        tokens = [uid for uid in pile if cards[uid].token]
        if tokens:
            reasons.append(Reason(f"{who}'s {zone} holds {counted(len(tokens), 'Token')}.", token_zones))
    not_eggs = [uid for uid in side.eggs if cards[uid].category is not Category.DIGI_EGG]
    if not_eggs:
        reasons.append(
            Reason(f"{who}'s Digi-Egg deck holds {counted(len(not_eggs), 'card')} that are not Digi-Eggs.", C.EGG_DECK)
        )
    eggs_in_deck = [uid for uid in (*side.deck, *side.security) if cards[uid].category is Category.DIGI_EGG]
    if eggs_in_deck:
        reasons.append(
            Reason(
                f"{who}'s deck or security stack holds {counted(len(eggs_in_deck), 'Digi-Egg')}: Digi-Eggs "
                "belong in the Digi-Egg deck.",
                C.DECK,
            )
        )


def _dcg_counts(owned: list[Any], who: str, reasons: list[Reason]) -> None:
    """The deck construction limits: 50 cards, 0-5 Digi-Eggs, four copies of a card number."""
    from ..games.dcg import citations as C
    from ..games.dcg.cards import COPIES_MAX, DECK_SIZE, EGG_DECK_MAX, Category

    main = [card for card in owned if card.category is not Category.DIGI_EGG]
    eggs = [card for card in owned if card.category is Category.DIGI_EGG]
    if len(main) > DECK_SIZE:
        reasons.append(
            Reason(f"{who} has {counted(len(main), 'card')} other than Digi-Eggs; a deck holds {DECK_SIZE}.", C.DECK)
        )
    if len(eggs) > EGG_DECK_MAX:
        reasons.append(
            Reason(
                f"{who} has {counted(len(eggs), 'Digi-Egg')}; a Digi-Egg deck holds at most {EGG_DECK_MAX}.", C.EGG_DECK
            )
        )
    for cited, group in ((C.COPIES, main), (C.EGG_COPIES, eggs)):
        for number, count in sorted(Counter(card.number for card in group).items()):
            if count > COPIES_MAX:
                reasons.append(Reason(f"{who} has {count} copies of {number}; at most {COPIES_MAX}.", cited))


# -- D-Tector ----------------------------------------------------------------------------------------------------


def _dtector(state: Any, found: Found) -> None:
    from ..games.dtector import citations as C
    from ..games.dtector.cards import DECK_SIZE

    reasons = found.beyond_decks
    for player in (0, 1):
        owned = _owned("dtector", state, player)
        if len(owned) > DECK_SIZE:
            reasons.append(
                Reason(f"Player {player + 1} has {counted(len(owned), 'card')}; a deck holds {DECK_SIZE}.", C.DECK_SIZE)
            )


# -- Arena -------------------------------------------------------------------------------------------------------


def _arena(state: Any, found: Found) -> None:
    from ..games.arena import citations as C
    from ..games.arena.state import DECK_SIZE

    reasons = found.beyond_decks
    for player in (0, 1):
        owned = _owned("arena", state, player)
        who = f"Player {player + 1}"
        if len(owned) > DECK_SIZE:
            reasons.append(
                Reason(f"{who} has {counted(len(owned), 'card')}; a deck holds {DECK_SIZE}.", C.PRECONSTRUCTED)
            )
        names = {card.id: card.name for card in owned}
        repeated = sorted(names[card_id] for card_id, count in Counter(card.id for card in owned).items() if count > 1)
        if repeated:
            reasons.append(
                Reason(
                    f"{who} has more than one {', '.join(repeated)}: every card of a deck is unique.", C.PRECONSTRUCTED
                )
            )


# -- Digimon Battles and Digimon Battle Evolution ----------------------------------------------------------------


def _battles(
    game: str,
    size: int,
    with_destiny: bool,
    problems: Callable[..., tuple[Reason, ...]],
    deck_type: type,
    cited: Any,
    state: Any,
    found: Found,
) -> None:
    """The DMB / DBE check: no game goes on past 4 KO points, nor past the Prep Phase without the turn player's active
    Digimon; copy limits per deck (the game's own deck rules) and no more cards than a deck holds."""
    kept = {
        cited.COPIES_DIGIMON,
        cited.COPIES_OPTION,
        cited.COPIES_EVOLUTION,
        cited.ACE,
        cited.DATA_COPIES,
        cited.FIREWALL,
    }
    from ..games.dmb.battle import WIN_POINTS

    turn = state.active
    if str(state.phase) in ("evolution", "strategy") and not state.sides[turn].active:  # past the Prep Phase's step 4
        found.impossible.append(
            Reason(
                f"Player {turn + 1}, the turn player, has no active Digimon in the {str(state.phase).title()} "
                "Phase: a turn player who cannot place one in the Prep Phase loses the game there.",
                cited.NO_DIGIMON_LOSES,
            )
        )
    for player in (0, 1):
        who = f"Player {player + 1}"
        if state.sides[player].ko_points >= WIN_POINTS:
            found.impossible.append(
                Reason(
                    f"{who} has {state.sides[player].ko_points} KO points: a player with {WIN_POINTS} "
                    "has already won, and the game is over.",
                    cited.WIN,
                )
            )
        destiny = [state.instances.cards[uid].id for uid in state.sides[player].destiny]
        main = [card.id for card in _owned(game, state, player, skip=("destiny",))]
        total = len(main) + (len(destiny) if with_destiny else 0)
        if total > size:
            what = "with its Destiny Zone" if with_destiny else "besides its Destiny Zone"
            found.beyond_decks.append(
                Reason(
                    f"{who} has {counted(total, 'card')}; a deck holds {size} {what}.",
                    cited.DZ_COUNTED if with_destiny else cited.DECK_40,
                )
            )
        reasons = problems(deck_type("board", tuple(main), tuple(destiny), None))
        found.beyond_decks.extend(
            Reason(f"{who}: {reason.why}", reason.citation) for reason in reasons if reason.citation in kept
        )


def _dmb(state: Any, found: Found) -> None:
    from ..games.dmb import citations as C
    from ..games.dmb.cards import Deck
    from ..games.dmb.setup import DECK_SIZE, deck_problems

    _battles("dmb", DECK_SIZE, False, deck_problems, Deck, C, state, found)


def _dbe(state: Any, found: Found) -> None:
    from ..games.dbe import citations as C
    from ..games.dbe.cards import Deck
    from ..games.dbe.setup import DECK_SIZE, deck_problems

    _battles("dbe", DECK_SIZE, True, deck_problems, Deck, C, state, found)


CHECKS: dict[str, Callable[[Any, Found], None]] = {
    "dcg": _dcg,
    "dtector": _dtector,
    "arena": _arena,
    "dmb": _dmb,
    "dbe": _dbe,
}

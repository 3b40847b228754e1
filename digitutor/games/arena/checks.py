"""Arena checks: one function per rule question, used by the procedure, the UI and the agents alike.

Each ``why_not_*`` returns every reason an action breaks the rules (empty: allowed);
the option lists are built from them, and answering a decision re-checks through them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from ...core.actions import Action, action
from ...core.effects import Value
from ...core.frames import Frame
from ...core.game import ActionRule
from ...core.records import Option, Reason
from . import citations as C
from . import effects
from .cards import Card, Colour
from .state import DECK_SIZE, AState

# -- power -------------------------------------------------------------------------------------------------


#: a Power Option imagined in a player's Power Port: (owner, card); used to weigh a play before making it
Extra = tuple[int, Card] | None


def colour_of(state: AState, player: int, extra: Extra = None) -> Colour:
    """The colour a player's Digimon counts as: its own, or the last recolour in force (the effect layer)."""
    sides, cards = state.sides, state.cards
    if not sides[0].port and not sides[1].port and extra is None:
        return cards[sides[player].duel[-1]].colour
    key = _board_key(state, "colour", player, extra)
    if key is None:
        return effects.current_colour(state, sides[player].duel[-1], extra)
    memo = state.instances.memo
    found = memo.get(key)
    if found is None:
        found = memo[key] = effects.current_colour(state, sides[player].duel[-1], extra)
    return found


def _board_key(state: AState, value: str, player: int, extra: Extra) -> tuple | None:
    """What a Digimon's power and colour depend on: the two top cards and both
    Power Ports (None: an effect looks further).

    Answers are kept in the match's card table (``Instances.memo``), so card numbers stand for the same cards.
    """
    sides, cards = state.sides, state.cards
    ports = (tuple(sides[0].port), tuple(sides[1].port))
    if _any_reads_more(state) and any(_reads_more(cards[u]) for port in ports for u in port):
        return None
    if extra is not None and _reads_more(extra[1]):
        return None
    return (
        value,
        player,
        sides[0].duel[-1],
        sides[1].duel[-1],
        ports,
        None if extra is None else (extra[0], extra[1].id),
    )


def attack_value(state: AState, player: int, extra: Extra = None) -> int:
    """The value of a player's attack for the type of the opposing Digimon."""
    return state.cards[state.sides[player].duel[-1]].attack[colour_of(state, 1 - player, extra)]


def power_value(state: AState, player: int, extra: Extra = None) -> Value:
    """Attack value changed by every Power Option in force (the effect layer), with their card citations."""
    base = attack_value(state, player, extra)
    if not state.sides[0].port and not state.sides[1].port and extra is None:
        return Value(base)
    return effects.LAYER.value(state, "power", state.sides[player].duel[-1], base, effects.NOW, effects.imagined(extra))


def power(state: AState, player: int, extra: Extra = None) -> int:
    """Attack value, plus own boosts, minus the opponent's weakening, never below zero (interpretation ``power``)."""
    sides = state.sides
    if not sides[0].port and not sides[1].port and extra is None:
        return max(0, attack_value(state, player))
    # power depends only on which cards show and which are in the Power Ports: worked out once per such board
    key = _board_key(state, "power", player, extra)
    if key is None:
        return max(0, power_value(state, player, extra).value)
    memo = state.instances.memo
    found = memo.get(key)
    if found is None:
        found = memo[key] = max(0, power_value(state, player, extra).value)
    return found


def _any_reads_more(state: AState) -> bool:
    """Whether any card of this match has a lasting effect that looks beyond the top cards (worked out once a match)."""
    memo = state.instances.memo
    found = memo.get("reads-more")
    if found is None:
        found = memo["reads-more"] = any(_reads_more(card) for card in state.cards)
    return found


def _reads_more(card: Card) -> bool:
    """A Power Option whose lasting effect has conditions or targets beyond the
    Duel Zones' top cards (never memoised)."""
    found = _READS_MORE.get(card.id)
    if found is None:
        found = _READS_MORE[card.id] = _looks_further(card)
    return found


_READS_MORE: dict[str, bool] = {}


def _looks_further(card: Card) -> bool:
    for effect in card.effects:
        if effect.spec.timing != "power-port":
            continue
        if effect.spec.condition:
            return True
        if any(m.target.zone != "duel-zone" or m.target.top != 1 for m in effect.spec.modify):
            return True
    return False


# -- decks ----------------------------------------------------------------------------------------------------


def deck_problems(card_ids: list[str], cards: Mapping[str, Card]) -> tuple[Reason, ...]:
    """Every reason a list of card ids is not a legal Arena deck: 30 cards, all unique, a Rookie to select."""
    reasons = []
    if len(card_ids) != DECK_SIZE:
        reasons.append(Reason(f"The deck has {len(card_ids)} cards; it needs {DECK_SIZE}.", C.PRECONSTRUCTED))
    repeated = [card_id for card_id, count in Counter(card_ids).items() if count > 1]
    if repeated:
        names = ", ".join(cards[card_id].name for card_id in repeated)
        reasons.append(Reason(f"Every card in a deck must be unique; it repeats {names}.", C.PRECONSTRUCTED))
    if not any(cards[card_id].is_rookie for card_id in card_ids):
        reasons.append(Reason("The deck has no Rookie to place on the Duel Zone.", C.SELECT_ROOKIE))
    return tuple(reasons)


# -- Digivolve -------------------------------------------------------------------------------------------------


def digivolve_base(state: AState, player: int) -> Card:
    """The Digimon a face-down card would digivolve: a face-down new Rookie, else the one showing."""
    side = state.sides[player]
    return state.cards[side.new_rookie] if side.new_rookie is not None else state.top(player)


def dna_partner(state: AState, player: int, card: Card) -> int | None:
    """The hand card a DNA Digivolve plays with the Digimon on the Duel Zone (None: not in hand)."""
    assert card.box is not None
    base = digivolve_base(state, player)
    wanted = [name for name in card.box.digimon if name != base.name]
    for uid in state.sides[player].hand:
        if state.cards[uid].name in wanted:
            return uid
    return None


def why_not_digivolve(state: AState, player: int, card: Card, digivice: int | None) -> tuple[Reason, ...]:
    """Every reason ``card`` may not digivolve the player's Digimon (placing it, or turning it over)."""
    base = digivolve_base(state, player)
    box = card.box
    assert box is not None and card.level is not None and base.level is not None
    reasons = []
    steps = card.rank - base.rank
    if steps > 1:
        reasons.append(
            Reason(
                f"{card.name} is {card.level} and {base.name} is {base.level}: you may Digivolve only one level "
                "per Duel.",
                C.ONE_LEVEL,
            )
        )
    elif steps < 1:
        reasons.append(
            Reason(f"{card.name} is {card.level}, not the level above {base.name} ({base.level}).", C.PLACE_FACE_DOWN)
        )
    if base.name not in box.digimon:
        shows = " and ".join(box.digimon)
        reasons.append(
            Reason(f"{card.name}'s Digivolve Requirements box shows {shows}, not {base.name}.", C.NAME_IN_BOX)
        )
    online = len(state.sides[player].online)
    if box.online_to_offline > online:
        reasons.append(
            Reason(
                f"{card.name} needs {box.online_to_offline} card(s) moved from Online to Offline; your Online "
                f"pile has {online}.",
                C.REQUIREMENT_KINDS,
            )
        )
    if box.digivice and (digivice is None or digivice not in state.sides[player].hand):
        reasons.append(
            Reason(
                f"{card.name} needs a Digivice Power Option placed in your Power Port; your hand has none.",
                C.REQUIREMENT_KINDS,
            )
        )
    if box.dna and base.name in box.digimon and dna_partner(state, player, card) is None:
        partner = next(name for name in box.digimon if name != base.name)
        reasons.append(
            Reason(
                f"{card.name} is a DNA Digivolve: it plays {partner} from your hand too, and your hand has no "
                f"{partner}.",
                C.REQUIREMENT_KINDS,
            )
        )
    return tuple(reasons)


def placement_options(state: AState, player: int) -> tuple[Option, ...]:
    """Every next-level card in hand as an option (illegal ones with all their reasons), then ``none``.

    A card that needs a Digivice is offered once per Digivice in hand (the player names the one to place).
    """
    hand = state.sides[player].hand
    digivices = [uid for uid in hand if state.cards[uid].digivice]
    options = []
    for uid in hand:
        card = state.cards[uid]
        if not card.is_digimon or card.is_rookie:
            continue
        assert card.box is not None
        with_digivice: list[int | None] = [*digivices] if card.box.digivice and digivices else [None]
        for digivice in with_digivice:
            label = f"Place {card.name} face down on the Digivolve Zone"
            named: tuple[str, ...] = (state.iid(uid),)
            if digivice is not None:
                named += (state.iid(digivice),)
                label += f" (with {state.cards[digivice].name})"
            options.append(
                Option(action("place", player, *named), label, why_not_digivolve(state, player, card, digivice))
            )
    options.append(Option(action("none", player), "Do not prepare a Digivolve"))
    return tuple(options)


def why_not_change_rookie(state: AState, player: int) -> tuple[Reason, ...]:
    """Every reason the player may not change their Rookie now."""
    top = state.top(player)
    if top.is_rookie:
        return ()
    return (Reason(f"Your Duel Zone shows {top.name}, a {top.level}: only a Rookie can be changed.", C.CHANGE_ROOKIE),)


# -- Battle ------------------------------------------------------------------------------------------------------


#: "work the board out here": a board key not given yet (None is a key too: an effect looks further than the tops)
_UNKNOWN: Any = object()


def why_not_play(state: AState, player: int, card: Card, board: tuple | None = _UNKNOWN) -> tuple[Reason, ...]:
    """Every Use Requirement of a Power Option that the player cannot complete now: its conditions and costs.

    ``board``: ``_board_key(state, "play", player, None)`` when the caller has it already.
    """
    if not effects.costs_of(card) and not effects.conditions_of(card):
        return ()
    if board is _UNKNOWN:
        board = _board_key(state, "play", player, None)
    if board is None:
        return _why_not_play(state, player, card)
    key = (board, card.id, len(state.sides[player].online))  # what Use Requirements read: the board and the Online pile
    memo = state.instances.memo
    found = memo.get(key)
    if found is None:
        found = memo[key] = _why_not_play(state, player, card)
    return found


def _why_not_play(state: AState, player: int, card: Card) -> tuple[Reason, ...]:
    reasons = []
    for verb in effects.costs_of(card):
        if verb.what is None or verb.what.zone is None:
            continue
        have = len(effects.zone(state, player, verb.what.zone))
        if verb.count > have:
            reasons.append(
                Reason(
                    f"{card.name} needs {verb.count} card(s) moved from Online to Offline; your Online pile has "
                    f"{have}.",
                    C.USE_REQUIREMENTS,
                )
            )
    for condition, words in effects.conditions_of(card):
        if not effects.WORLD.select(state, condition, player):
            owner = player if condition.whose == "self" else 1 - player
            top = state.top(owner)
            shown = f"{top.name} is {colour_of(state, owner)}, a {top.level}"
            whose = "your" if owner == player else "the opposing"
            reasons.append(Reason(f"{card.name}'s {words} Now {whose} {shown}.", C.USE_REQUIREMENTS))
    return tuple(reasons)


PASS_OPTIONS = tuple(Option(action("pass", player), "Pass (play no more Power Options this Duel)") for player in (0, 1))


def power_option_options(state: AState, player: int) -> tuple[Option, ...]:
    """Every Power Option in hand (illegal ones with every unmet Use Requirement), then ``pass``."""
    options = []
    board = _board_key(state, "play", player, None)  # one board for every card in hand
    for uid in state.sides[player].hand:
        card = state.cards[uid]
        if not card.is_digimon:
            reasons = why_not_play(state, player, card, board)
            options.append(
                Option(action("play", player, state.iid(uid)), play_label(card), reasons)
                if reasons
                else play_option(state, player, uid)
            )
    options.append(PASS_OPTIONS[player])
    return tuple(options)


_PLAY_OPTIONS: dict[tuple[str, str], Option] = {}  # a legal play's option never changes: built once per card instance


def play_label(card: Card) -> str:
    return f"Play {card.name}: {card.text.strip()}"


def play_option(state: AState, player: int, uid: int) -> Option:
    """The (legal) option to play a Power Option."""
    key = (state.iid(uid), state.cards[uid].id)
    option = _PLAY_OPTIONS.get(key)
    if option is None:
        option = _PLAY_OPTIONS[key] = Option(action("play", player, key[0]), play_label(state.cards[uid]))
    return option


def power_after(state: AState, player: int, card: Card) -> tuple[int, int]:
    """(own power, opposing power) if ``player`` played ``card`` now; changes nothing."""
    extra = (player, card)
    return power(state, player, extra), power(state, 1 - player, extra)


# -- any proposed action -----------------------------------------------------------------------------------------------


def _fighting(state: AState) -> bool:
    """Both Duel Zones hold a Digimon (not so during Setup): checks that compare them can run."""
    return all(side.duel for side in state.sides)


def _own(
    state: AState, action_: Action, zone: str, position: int, what: str, citation
) -> tuple[int | None, tuple[Reason, ...]]:
    """The uid of the card an action names at ``position`` if it is in the player's ``zone``; else a reason."""
    if len(action_.cards) <= position:
        return None, (Reason(f"Name {what}.", citation),)
    uid = state.instances.uid(action_.cards[position])
    if uid is None or uid not in getattr(state.sides[action_.player], zone):
        where = {"hand": "your hand", "deck": "your deck"}[zone]
        return None, (Reason(f"{action_.cards[position]} is not a card in {where}.", citation),)
    return uid, ()


def check_rookie(state: AState, frame: Frame | None, action_: Action) -> tuple[Reason, ...]:
    """``rookie:<card in the deck>``: a Rookie from your own deck."""
    uid, reasons = _own(state, action_, "deck", 0, "a Rookie from your deck", C.SELECT_ROOKIE)
    if uid is not None and not state.cards[uid].is_rookie:
        reasons = (Reason(f"{state.label(uid)} is not a Rookie.", C.SELECT_ROOKIE),)
    return reasons


def check_place(state: AState, frame: Frame | None, action_: Action) -> tuple[Reason, ...]:
    """``place:<card in hand>[:<Digivice in hand>]``: a next-level card whose requirements can be met."""
    uid, reasons = _own(state, action_, "hand", 0, "a Digimon card from your hand", C.PLACE_FACE_DOWN)
    if uid is None:
        return reasons
    card = state.cards[uid]
    if not card.is_digimon or card.is_rookie:
        return (Reason(f"{card.name} is not a Champion, Ultimate or Mega.", C.PLACE_FACE_DOWN),)
    digivice = None
    if len(action_.cards) > 1:
        digivice, found = _own(state, action_, "hand", 1, "a Digivice from your hand", C.REQUIREMENT_KINDS)
        if digivice is None:
            return found
        if not state.cards[digivice].digivice:
            return (Reason(f"{state.label(digivice)} is not a Digivice Power Option.", C.REQUIREMENT_KINDS),)
    if not _fighting(state):
        return ()
    return why_not_digivolve(state, action_.player, card, digivice)


def check_respond(state: AState, frame: Frame | None, action_: Action) -> tuple[Reason, ...]:
    """``digivolve``: turn over the card on your Digivolve Zone (its requirements must be met)."""
    plan = state.sides[action_.player].plan
    if plan is None:
        return (Reason("There is no card on your Digivolve Zone.", C.PLACE_FACE_DOWN),)
    if not _fighting(state):
        return ()
    return why_not_digivolve(state, action_.player, state.cards[plan.card], plan.digivice)


def check_play(state: AState, frame: Frame | None, action_: Action) -> tuple[Reason, ...]:
    """``play:<Power Option in hand>``: every Use Requirement must be met."""
    uid, reasons = _own(state, action_, "hand", 0, "a Power Option from your hand", C.USE_REQUIREMENTS)
    if uid is None:
        return reasons
    card = state.cards[uid]
    if card.is_digimon:
        return (Reason(f"{card.name} is a Digimon, not a Power Option.", C.EFFECT),)
    return why_not_play(state, action_.player, card) if _fighting(state) else ()


def check_discard(state: AState, frame: Frame | None, action_: Action) -> tuple[Reason, ...]:
    """``discard:<card in hand>``."""
    return _own(state, action_, "hand", 0, "a card from your hand", C.DISCARD)[1]


def check_change(state: AState, frame: Frame | None, action_: Action) -> tuple[Reason, ...]:
    """``change:<Rookie in hand>``: only a Rookie on the Duel Zone can be changed, for a Rookie."""
    uid, reasons = _own(state, action_, "hand", 0, "a Rookie from your hand", C.CHANGE_ROOKIE)
    if uid is not None and not state.cards[uid].is_rookie:
        reasons = (Reason(f"{state.label(uid)} is not a Rookie.", C.CHANGE_ROOKIE),)
    return reasons + (why_not_change_rookie(state, action_.player) if _fighting(state) else ())


ACTIONS = {
    "rookie": ActionRule(C.SELECT_ROOKIE, "A Rookie is selected from the deck during Setup.", check_rookie),
    "place": ActionRule(
        C.PLACE_FACE_DOWN,
        "A card is placed face down on the Digivolve Zone at the start of the first Duel or in Re-Group.",
        check_place,
    ),
    "none": ActionRule(
        C.PREPARED, "Preparing a Digivolve (or not) happens at the start of the first Duel or in Re-Group."
    ),
    "digivolve": ActionRule(
        C.SECOND_RESPONDS, "The second player responds with a Digivolve in the Digivolve step.", check_respond
    ),
    "pass": ActionRule(C.PASS, "A player passes in the Digivolve step or in the Battle."),
    "play": ActionRule(C.TAKE_TURNS, "Power Options are played one per turn during the Battle.", check_play),
    "discard": ActionRule(
        C.DISCARD, "Cards are discarded from the hand during Re-Group, before it is restored.", check_discard
    ),
    "done": ActionRule(C.DISCARD, "A player stops discarding during Re-Group."),
    "keep": ActionRule(C.CHANGE_ROOKIE, "The Rookie may be changed (or kept) during Re-Group."),
    "change": ActionRule(C.CHANGE_ROOKIE, "The Rookie may be changed during Re-Group.", check_change),
}

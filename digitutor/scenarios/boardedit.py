"""Editing a scenario board mapping (``setup: {board: ...}``): the zones of each game's board format, putting and
removing cards, building stacks, suspending. What the board editor does, without widgets; every board it makes is
checked by ``boardlink.inspect_board`` like any other.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core.errors import InputError
from ..core.registry import get_game
from .boardlink import closest_cards


@dataclass(frozen=True)
class Zone:
    """A zone of one player in the board format: ``pile`` (card ids, top first for decks), ``stacks`` (Digimon in
    play, each bottom first), ``stack`` (one Digimon, bottom first) or ``one`` (a single card)."""

    key: str
    label: str
    kind: str = "pile"


ZONES: dict[str, tuple[Zone, ...]] = {
    "dcg": (
        Zone("hand", "Hand"),
        Zone("battle", "Battle area", "stacks"),
        Zone("breeding", "Breeding area", "stack"),
        Zone("security", "Security (top first)"),
        Zone("deck", "Deck (top first)"),
        Zone("egg_deck", "Digi-Egg deck (top first)"),
        Zone("trash", "Trash"),
    ),
    "dtector": (
        Zone("hand", "Hand"),
        Zone("d_dock", "D-Dock", "stacks"),
        Zone("deck", "Deck (top first)"),
        Zone("discard", "Discard"),
        Zone("score", "Score pile"),
    ),
    "arena": (
        Zone("hand", "Hand"),
        Zone("duel_zone", "Duel Zone (Rookie first)", "stack"),
        Zone("power_port", "Power Port"),
        Zone("online", "Online (top first)"),
        Zone("offline", "Offline"),
        Zone("digivices", "Digivices placed"),
        Zone("new_rookie", "New Rookie (face down)", "one"),
        Zone("digivolve_zone", "Digivolve Zone (face down)", "one"),
    ),
    "dmb": (
        Zone("hand", "Hand"),
        Zone("active", "Active zone (bottom first)", "stack"),
        Zone("dp", "DP slot"),
        Zone("attached", "Attached"),
        Zone("deck", "Deck (top first)"),
        Zone("trash", "Trash"),
        Zone("destiny", "Destiny Zone"),
    ),
    "dbe": (
        Zone("hand", "Hand"),
        Zone("active", "Active zone (bottom first)", "stack"),
        Zone("dp", "DP slot"),
        Zone("attached", "Attached"),
        Zone("deck", "Deck (top first)"),
        Zone("trash", "Trash"),
        Zone("destiny", "Destiny Zone"),
        Zone("dark", "Dark Area"),
    ),
}

#: where each game's prepared-board loader lives (its ``START_AT``: the phases a board may start in)
_LOADERS = {
    "dcg": "dcg.setup",
    "dtector": "dtector.setup",
    "arena": "arena.layout",
    "dmb": "dmb.setup",
    "dbe": "dbe.setup",
}


def start_phases(game: str) -> tuple[str, ...]:
    """The phases a board of ``game`` may start in, as its loader lists them."""
    import importlib

    return tuple(importlib.import_module(f"digitutor.games.{_LOADERS[game]}").START_AT)


def empty_board(game: str) -> dict[str, Any]:
    """The smallest board the game's loader takes: two players, nothing else (the rest are the defaults shown)."""
    if game == "arena":  # a Duel Zone needs a Rookie at the bottom
        return {"players": [{"duel_zone": []}, {"duel_zone": []}]}
    return {"players": [{}, {}]}


def card_choices(game: str) -> list[str]:
    """Every card of the game as the search box offers it: ``Name · id``."""
    cards = get_game(game).plugs.cards()
    return sorted(f"{card.name} · {card_id}" for card_id, card in cards.items())


def find_card(game: str, text: str) -> str:
    """The card id a search box's text names (``Name · id``, an id, a printed number or a unique name)."""
    cards = get_game(game).plugs.cards()
    written = text.rpartition(" · ")[2].strip() if " · " in text else text.strip()
    if written in cards:
        return written
    lowered = written.lower()
    by_number = [
        card_id for card_id, card in cards.items() if str(getattr(card, "number", "") or "").lower() == lowered
    ]
    by_name = [card_id for card_id, card in cards.items() if card.name.lower() == lowered]
    found = by_number or by_name
    if len(found) == 1:
        return found[0]
    if found:
        raise InputError(
            "card", "", f"{written!r} names {len(found)} cards ({', '.join(found[:4])}): pick one from the list"
        )
    close = closest_cards(game, written)
    raise InputError("card", "", f"no {game} card {written!r}" + (f" (closest: {', '.join(close)})" if close else ""))


def stack_cards(entry: Any) -> list[str]:
    """A stack entry's cards, bottom first (``id``, ``[ids]`` or ``{stack: [ids], ...}``)."""
    if isinstance(entry, str):
        return [entry]
    if isinstance(entry, list):
        return list(entry)
    if isinstance(entry, dict) and isinstance(entry.get("stack"), list):
        return list(entry["stack"])
    return []


def with_cards(entry: Any, cards: list[str]) -> Any:
    """``entry`` holding ``cards`` (bottom first), in the shortest form the format allows, its flags kept."""
    if isinstance(entry, dict):
        return {**entry, "stack": cards}
    return cards[0] if len(cards) == 1 else cards


def put_card(board: dict[str, Any], player: int, zone: Zone, card_id: str, where: str = "new") -> None:
    """Put ``card_id`` into ``zone``: ``where`` is ``new`` (a new stack, or the end of a pile), ``top:N`` or
    ``under:N`` (on top of / under stack N) for zones of stacks."""
    side = board["players"][player]
    if zone.kind == "one":
        side[zone.key] = card_id
        return
    if zone.kind == "pile":
        side.setdefault(zone.key, []).append(card_id)
        return
    if zone.kind == "stack" and zone.key == "breeding":
        cards = stack_cards(side.get("breeding"))
        side["breeding"] = with_cards(
            side.get("breeding"), [card_id, *cards] if where.startswith("under") else [*cards, card_id]
        )
        return
    if zone.kind == "stack":
        pile = side.setdefault(zone.key, [])
        pile.insert(0, card_id) if where.startswith("under") else pile.append(card_id)
        return
    stacks = side.setdefault(zone.key, [])
    how, _, number = where.partition(":")
    if how == "new" or not number.isdigit() or int(number) >= len(stacks):
        stacks.append(card_id)
        return
    index = int(number)
    cards = stack_cards(stacks[index])
    stacks[index] = with_cards(stacks[index], [card_id, *cards] if how == "under" else [*cards, card_id])


def zone_entries(board: dict[str, Any], player: int, zone: Zone) -> list[tuple[str, str]]:
    """(label, place) of every card in a zone, for the remove list: ``place`` is ``i`` or ``i.j`` (stack i, card j)."""
    held = board["players"][player].get(zone.key)
    if zone.kind == "one":
        return [(str(held), "0")] if isinstance(held, str) else []
    if zone.kind == "stack" and zone.key == "breeding":
        return [(f"{card} (card {j + 1} from the bottom)", f"0.{j}") for j, card in enumerate(stack_cards(held))]
    if not isinstance(held, list):
        return []
    if zone.kind == "stacks":
        return [
            (
                f"stack {i + 1}: {card}"
                + (" (top)" if j == len(stack_cards(entry)) - 1 else f" (under, {j + 1} from the bottom)"),
                f"{i}.{j}",
            )
            for i, entry in enumerate(held)
            for j, card in enumerate(stack_cards(entry))
        ]
    return [(f"{i + 1}. {card}", str(i)) for i, card in enumerate(held)]


def remove_card(board: dict[str, Any], player: int, zone: Zone, place: str) -> None:
    """Take the card at ``place`` (see ``zone_entries``) out of the zone; an emptied stack goes too."""
    side = board["players"][player]
    if zone.kind == "one":
        side.pop(zone.key, None)
        return
    if zone.key == "breeding":
        cards = stack_cards(side.get("breeding"))
        del cards[int(place.partition(".")[2])]
        side["breeding"] = with_cards(side["breeding"], cards) if cards else None
        if not cards:
            side.pop("breeding")
        return
    held = side[zone.key]
    if zone.kind != "stacks":
        del held[int(place)]
        return
    i, _, j = place.partition(".")
    cards = stack_cards(held[int(i)])
    del cards[int(j)]
    if cards:
        held[int(i)] = with_cards(held[int(i)], cards)
    else:
        del held[int(i)]


def toggle_suspended(board: dict[str, Any], player: int, index: int) -> None:
    """Suspend an unsuspended DCG stack of the battle area, or unsuspend a suspended one."""
    stacks = board["players"][player].get("battle") or []
    entry = stacks[index]
    suspended = isinstance(entry, dict) and entry.get("suspended", False)
    flags = {k: v for k, v in entry.items() if k not in ("stack", "suspended")} if isinstance(entry, dict) else {}
    cards = stack_cards(entry)
    stacks[index] = (
        {"stack": cards, **flags, "suspended": True}
        if not suspended
        else ({"stack": cards, **flags} if flags else with_cards(None, cards))
    )


# -- A pending attack (DCG) --------------------------------------------------------------------------------------

#: ``attack.target`` of an attack on the opposing player
THE_PLAYER = "player"


def attack_choices(board: dict[str, Any]) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """DCG: (label, name) of the turn player's battle-area Digimon that may be named as attacking, and of what they may
    attack (the opposing player, or a Digimon of the opponent's battle area). Names are as scenario files name cards
    (``st2-07``, or ``st2-07#2`` when its owner has more than one), so a board keeps them through links and files.
    Every stack is offered: one the rules do not let attack (or be attacked) is
    refused by the check, with its reason."""
    from ..core.errors import DigitutorError
    from .naming import CopyNumbers

    plain = {key: value for key, value in board.items() if key != "attack"}
    game = get_game("dcg")
    try:
        state = game.new_state({"board": plain}, "board")
    except (DigitutorError, TypeError, KeyError, AttributeError, ValueError):
        return [], []
    numbers = CopyNumbers(game, state, {"board": plain})

    def choice(uid: int, owner: int, suspended: bool) -> tuple[str, str]:
        card = state.instances.cards[uid]
        copies = numbers.copies(state, card.id, owner)
        name = card.id if len(copies) == 1 else f"{card.id}#{copies.index(uid) + 1}"
        return f"{card.name} · {name}" + (" (suspended)" if suspended else ""), name

    active = state.active
    attackers = [choice(stack.top, active, stack.suspended) for stack in state.sides[active].battle]
    targets = [("the opposing player", THE_PLAYER)]
    targets += [choice(stack.top, 1 - active, stack.suspended) for stack in state.sides[1 - active].battle]
    return attackers, targets


#: (label, value) of the steps an attack under way may have reached, in the order of E. Attacking (``at``; the
#: first, just declared, is the default and is not written)
ATTACK_POINT_CHOICES = [
    ("just declared ([When Attacking] effects activating)", "declared"),
    ("counter timing", "counter"),
    ("blocker timing", "block"),
    ("after blocker timing (battle or security check next)", "battle"),
]


def set_attack(board: dict[str, Any], attacker: str, target: str, at: str = "declared") -> None:
    """Name the attack under way (``attacker`` empty: none): the turn player's Digimon has declared it, and the attack
    has reached ``at`` (written only past the declaration, the default)."""
    if not attacker:
        board.pop("attack", None)
        return
    board["attack"] = {"attacker": attacker, "target": target or THE_PLAYER}
    if at and at != "declared":
        board["attack"]["at"] = at


# -- A pending attack (DMB, DBE): both attacks chosen in secret, not yet revealed -----------------------------------


def chosen_attack_choices(game: str, board: dict[str, Any]) -> list[list[tuple[str, str]]]:
    """DMB/DBE: for each player, (label, value) of the attacks they may have chosen in the Strategy Phase: none, then
    their active Digimon's Circle, Triangle and Cross, each labelled with its Power and ability as the tutor shows them.
    A player without an active Digimon is offered the three by name: the check says why no attack can be chosen."""
    from ..core.errors import DigitutorError
    from ..games.dmb.cards import ATTACKS, SYMBOLS
    from ..games.dmb.support import attack_label

    plain = {key: value for key, value in board.items() if key != "attack"}
    try:
        state = get_game(game).new_state({"board": plain}, "board")
    except (DigitutorError, TypeError, KeyError, AttributeError, ValueError):
        state = None
    offered = []
    for player in (0, 1):
        card = state.top_card(player) if state is not None else None
        offered.append(
            [("none (no attack under way)", "")]
            + [(attack_label(card, attack) if card is not None else SYMBOLS[attack], attack) for attack in ATTACKS]
        )
    return offered


def set_chosen_attack(board: dict[str, Any], player: int, attack: str) -> None:
    """``player``'s secret attack of the attack under way (``attack`` empty: not chosen); with neither chosen, no attack
    is under way. A half-chosen pair is kept as set: the check says both players choose (never repaired)."""
    held = board.get("attack")
    chosen = (
        list(held["chosen"])
        if isinstance(held, dict) and isinstance(held.get("chosen"), list) and len(held["chosen"]) == 2
        else [None, None]
    )
    chosen[player] = attack or None
    if chosen == [None, None]:
        board.pop("attack", None)
    else:
        board["attack"] = {"chosen": chosen}

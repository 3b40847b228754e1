"""A decision's options as the panel lists them: the ★ suggestion first, the rest grouped by kind, copies folded.

One function (``entries``) orders and numbers them, and both the panel and ``TutorModel.choose_number`` use
it, so the number on a button and the number typed on the keyboard always mean the same option.

Folding: options whose labels read the same and which name the same printed cards lying in the same pile
(two Agumon in the hand, two Gomamon in the deck) are one entry, "Play Agumon — 3 copies". Choosing it
answers with the first copy offered (or the suggested one, when it is among them): a card in a hand or a
pile carries nothing of its own, so any copy does the same. Two Digimon in play with the same name are
never folded: each has its own stack, damage and counters.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..core.records import Decision, Option

#: zones whose cards carry nothing of their own (no stack, no counters): copies there are interchangeable
PLAIN_ZONES = frozenset(
    {
        "hand",
        "deck",
        "looking",
        "kept",
        "side-pile",
        "destiny",
        "dark",
        "trash",
        "discard",
        "deleted",
        "offline",
        "online",
        "draft-pile",
        "egg-deck",
    }
)

#: group id -> the title it has unless a game names it otherwise, in the order groups are listed
GROUPS: dict[str, str] = {
    "suggested": "★ Suggested",
    "setup": "Opening hand",
    "breeding": "Breeding area",
    "play": "Play a card",
    "digivolve": "Digivolve",
    "attack": "Attack",
    "block": "Block",
    "effect": "Effects",
    "card": "Choose a card",
    "pass": "Pass or decline",
}

#: each game's action kinds -> group; a kind not listed falls back on ``group_of``'s rules
KIND_GROUPS: dict[str, dict[str, str]] = {
    "dtector": {
        "place": "play",
        "digivolve": "digivolve",
        "combine": "digivolve",
        "attack": "attack",
        "block": "block",
    },
    "arena": {
        "rookie": "play",
        "change": "play",
        "place": "digivolve",
        "digivolve": "digivolve",
        "play": "effect",
        "discard": "card",
        "keep": "pass",
        "none": "pass",
    },
    "dcg": {
        "redraw": "setup",
        "keep": "setup",
        "hatch": "breeding",
        "move-out": "breeding",
        "stay": "pass",
        "play": "play",
        "digivolve": "digivolve",
        "dna": "digivolve",
        "xros": "play",
        "burst": "digivolve",
        "activate": "effect",
        "use": "effect",
        "use-effect": "effect",
        "resolve": "effect",
        "blast": "effect",
        "counter": "effect",
        "attack": "attack",
        "block": "block",
        "pick": "card",
    },
    "dmb": {
        "bottom": "setup",
        "keep": "setup",
        "full-mulligan": "setup",
        "no-mulligan": "pass",
        "play": "play",
        "partner-evolve": "digivolve",
        "evolve": "digivolve",
        "evolve-with": "digivolve",
        "dna": "digivolve",
        "bonus": "effect",
        "rack": "effect",
        "attack": "attack",
        "support": "effect",
        "partner-option": "effect",
        "blind": "effect",
        "jam": "effect",
        "activate": "effect",
        "discard": "card",
        "effect-discard": "card",
        "take": "card",
        "attach": "effect",
        "shatter": "effect",
        "recode-top": "card",
        "recode-bottom": "card",
    },
}
KIND_GROUPS["dbe"] = {
    **KIND_GROUPS["dmb"],
    "side-pile": "card",
    "mulligan-card": "setup",
    "evolve-dp-with": "digivolve",
    "trigger-first": "effect",
    "discard-dp": "card",
    "dig-top": "card",
    "pay-dp": "effect",
    "jam-now": "effect",
    "attach-from": "effect",
    "any-phase": "effect",
    "extra-support": "effect",
    "evolve-reveal": "digivolve",
    "matrix-evolve": "digivolve",
    "effect-evolve": "digivolve",
}

#: the groups each game's rulebook names in its own words
GAME_TITLES: dict[str, dict[str, str]] = {
    "dtector": {"play": "Battle Call: place a card", "digivolve": "Digivolve or combine"},
    "arena": {
        "play": "Rookie",
        "digivolve": "Digivolve",
        "effect": "Power Options",
        "card": "Discard to Offline",
        "pass": "Pass or keep",
    },
    "dcg": {"setup": "Opening hand", "effect": "Use a card or effect", "card": "Choose a card"},
    "dmb": {
        "play": "Play a Digimon",
        "digivolve": "Evolve",
        "effect": "Support, Rack-up and effects",
        "setup": "Mulligan",
        "attack": "Attack (chosen in secret)",
    },
}
GAME_TITLES["dbe"] = {**GAME_TITLES["dmb"], "card": "Choose a card"}

#: bare answers that end or decline a choice
PASS_KINDS = frozenset({"pass", "done", "none", "stay", "decline", "xros-done", "matrix-none", "no-counter"})


def group_of(game_id: str, kind: str) -> str:
    """The group an action kind is listed under in ``game_id``'s decisions."""
    found = KIND_GROUPS.get(game_id, {}).get(kind)
    if found is not None:
        return found
    if kind in PASS_KINDS or kind.startswith("no-"):
        return "pass"
    if "evolve" in kind:
        return "digivolve"
    return {"play": "play", "attack": "attack", "block": "block"}.get(kind, "effect")


def group_title(game_id: str, group: str) -> str:
    return GAME_TITLES.get(game_id, {}).get(group) or GROUPS.get(group, group)


@dataclass(frozen=True)
class Entry:
    """One line of the panel: an option, or identical copies of one folded together."""

    options: tuple[Option, ...]
    key: str  #: the answer a click on it gives (the first copy, or the suggested one)
    group: str
    suggested: bool = False

    @property
    def label(self) -> str:
        return self.options[0].label

    @property
    def copies(self) -> int:
        return len(self.options)

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(option.key for option in self.options)


def card_places(game: Any, state: Any) -> dict[str, str]:
    """Each card instance in a plain pile -> "zone/owner/card id" (what makes two copies the same choice)."""
    table = state.instances
    return {
        table.ids[uid]: f"{zone}/{owner}/{table.cards[uid].id}"
        for zone, owner, uids in game.zones(state)
        if zone in PLAIN_ZONES
        for uid in uids
    }


def _fold_key(option: Option, places: dict[str, str]) -> tuple:
    action = option.action
    return option.label, action.kind, action.params, tuple(places.get(card, card) for card in action.cards)


def _folded(options: Iterable[Option], places: dict[str, str] | None) -> list[list[Option]]:
    """Options in their order, identical copies together (at the place of the first)."""
    folds: dict[Any, list[Option]] = {}
    for option in options:
        key = _fold_key(option, places) if places is not None else option.key
        folds.setdefault(key, []).append(option)
    return list(folds.values())


def entries(decision: Decision, suggested: str | None = None, game: Any = None, state: Any = None) -> list[Entry]:
    """The legal options as numbered entries (number = position + 1): the ★ one first, then group by group.

    ``game`` and ``state`` (the state the decision is asked in) let identical copies fold; without them
    each option is its own entry.
    """
    game_id = getattr(game, "id", "") or ""
    legal = decision.legal_options
    labels = [option.label for option in legal]
    places = None
    if game is not None and state is not None and len(set(labels)) < len(labels):
        places = card_places(game, state)
    found: list[Entry] = []
    for copies in _folded(legal, places):
        keys = [option.key for option in copies]
        pick = suggested if suggested in keys else keys[0]
        star = suggested in keys
        found.append(
            Entry(tuple(copies), pick, "suggested" if star else group_of(game_id, copies[0].action.kind), star)
        )
    order = list(GROUPS)
    return sorted(found, key=lambda entry: order.index(entry.group) if entry.group in order else len(order))


def illegal_groups(decision: Decision, game_id: str) -> list[tuple[str, list[Option]]]:
    """The tempting illegal options, group by group (each kept whole: its reasons are its own)."""
    groups: dict[str, list[Option]] = {}
    for option in decision.options:
        if not option.legal:
            groups.setdefault(group_of(game_id, option.action.kind), []).append(option)
    order = list(GROUPS)
    return sorted(groups.items(), key=lambda item: order.index(item[0]) if item[0] in order else len(order))


def numbered_keys(decision: Decision, suggested: str | None = None, game: Any = None, state: Any = None) -> list[str]:
    """The key each number answers with, as the panel numbers its buttons (number 1 is index 0)."""
    return [entry.key for entry in entries(decision, suggested, game, state)]

"""D-Tector cards and decks: the records, and loading them from YAML with validation."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from ...core.effects import Effect, load_effects
from ...core.errors import InputError
from ...core.fields import Fields, whole_number
from ...core.yamlio import load_yaml
from ..levels import Level
from .effects import RULES

DECK_SIZE = 50
CARD_FIELDS = {"id", "name", "level", "battle_type", "element", "power", "digivolves_from", "text", "effects"}


class BattleType(StrEnum):
    """The battle type symbol in a card's upper left-hand corner."""

    ENERGY = "Energy"
    ABILITY = "Ability"
    CRUSH = "Crush"
    SPIRIT = "Spirit"  #: beats all other battle types


class Element(StrEnum):
    """The elemental attribute shown by a card's background."""

    WIND = "Wind"
    FIRE = "Fire"
    WOOD = "Wood"
    WATER = "Water"
    THUNDER = "Thunder"
    EARTH = "Earth"
    DARK = "Dark"
    LIGHT = "Light"
    ICE = "Ice"
    STEEL = "Steel"


@dataclass(frozen=True, slots=True)
class Card:
    """One D-Tector card (a Digimon)."""

    id: str
    name: str
    level: Level
    battle_type: BattleType
    element: Element
    power: int
    digivolves_from: str | None = None  #: card id of the Digimon this one digivolves from
    text: str = ""  #: the Special Effect text (written for this project); its effects quote it
    effects: tuple[Effect, ...] = ()  #: what the text does, as data
    digivolves_from_name: str = ""  #: that Digimon's name, as the card prints it

    @property
    def special_effect(self) -> str:
        """The Special Effect text as the card shows it."""
        parts = []
        if self.digivolves_from:
            parts.append(f"Digivolve from {self.digivolves_from_name or self.digivolves_from}.")
        if self.text:
            parts.append(self.text)
        return " ".join(parts)


def cards_dir() -> Path:
    """The shipped ``cards/dtector`` folder."""
    return Path(str(resources.files("digitutor.cards") / "dtector"))


def parse_card(entry: Any, source: str, position: int) -> Card:
    """One card entry of cards.yaml, validated field by field."""
    card_id = Fields(entry, source, f"cards[{position}]", CARD_FIELDS, "id, name, level, ...").required("id")
    if not isinstance(card_id, str) or not card_id.replace("-", "").isalnum() or card_id != card_id.lower():
        raise InputError(source, f"cards[{position}].id", f"expected a lowercase slug, got {card_id!r}")
    where = f"card {card_id!r}"
    fields = Fields(entry, source, where, CARD_FIELDS, ", ".join(sorted(CARD_FIELDS)))
    text = entry.get("text") or ""
    if not isinstance(text, str) or len(text) > 500:
        raise InputError(source, f"{where}.text", f"expected the card's Special Effect text, got {str(text)[:60]!r}")
    effects = load_effects(entry.get("effects"), text, RULES, card_id, source, where)
    digivolves_from = entry.get("digivolves_from")
    if digivolves_from is not None and not isinstance(digivolves_from, str):
        raise InputError(source, f"{where}.digivolves_from", f"expected a card id, got {digivolves_from!r}")
    return Card(
        id=card_id,
        name=fields.text("name"),
        level=fields.enum(Level, "level"),
        battle_type=fields.enum(BattleType, "battle_type"),
        element=fields.enum(Element, "element"),
        power=fields.whole("power", 1, 99),
        digivolves_from=digivolves_from,
        text=text,
        effects=effects,
    )


def parse_cards(doc: Any, source: str) -> dict[str, Card]:
    """A whole cards.yaml document: unique ids, and every digivolve line one level down."""
    if not isinstance(doc, dict) or doc.get("game") != "dtector" or not isinstance(doc.get("cards"), list):
        raise InputError(source, "game/cards", "expected 'game: dtector' and a list 'cards'")
    cards: dict[str, Card] = {}
    for position, entry in enumerate(doc["cards"]):
        card = parse_card(entry, source, position)
        if card.id in cards:
            raise InputError(source, f"card {card.id!r}.id", "duplicate id")
        cards[card.id] = card
    for card in cards.values():
        if card.digivolves_from is None:
            continue
        base = cards.get(card.digivolves_from)
        where = f"card {card.id!r}.digivolves_from"
        if base is None:
            raise InputError(source, where, f"unknown card {card.digivolves_from!r}")
        if base.level.rank != card.level.rank - 1:
            raise InputError(source, where, f"expected a card one level below {card.level}, got {base.level}")
        cards[card.id] = replace(card, digivolves_from_name=base.name)
    return cards


@cache
def card_set() -> dict[str, Card]:
    """The shipped tutorial card set."""
    path = cards_dir() / "cards.yaml"
    return parse_cards(load_yaml(path), str(path))


def parse_deck(doc: Any, source: str, cards: dict[str, Card]) -> tuple[str, list[str]]:
    """A deck document -> (name, card ids with repeats). Checks shape and card ids, not legality."""
    if not isinstance(doc, dict) or doc.get("game") != "dtector" or not isinstance(doc.get("cards"), list):
        raise InputError(source, "game/cards", "expected 'game: dtector', a 'name' and a list 'cards' of {card, count}")
    name = doc.get("name", Path(source).stem)
    card_ids: list[str] = []
    for position, entry in enumerate(doc["cards"]):
        where = f"cards[{position}]"
        if not isinstance(entry, dict) or set(entry) - {"card", "count"} or "card" not in entry:
            raise InputError(source, where, "expected {card: ID, count: N}")
        card_id = entry["card"]
        if card_id not in cards:
            raise InputError(source, f"{where}.card", f"unknown card {card_id!r}")
        count = whole_number(entry.get("count", 1), 1, DECK_SIZE, source, f"{where}.count")
        card_ids.extend([card_id] * count)
    return str(name), card_ids


def load_deck(path: Path | str) -> tuple[str, list[str]]:
    """Load a deck file against the shipped card set."""
    return parse_deck(load_yaml(path), str(path), card_set())


@cache
def tutorial_decks() -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The two shipped 50-card decks, in file-name order."""
    decks = []
    for path in sorted((cards_dir() / "decks").glob("*.yaml")):
        name, card_ids = load_deck(path)
        decks.append((name, tuple(card_ids)))
    return tuple(decks)

"""Loading Arena cards, decks and the draft pool from YAML, validating every field.

Every problem is one ``InputError`` naming the file, the field (``card 'agumon'.attack.Red``)
and what was expected.
"""

from __future__ import annotations

from enum import StrEnum
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from ...core.effects import load_effects
from ...core.errors import InputError
from ...core.fields import Fields
from ...core.yamlio import load_yaml
from .cards import Card, Colour, DigivolveBox, Kind, Level
from .effects import RULES

DIGIMON_FIELDS = {"id", "name", "kind", "level", "colour", "attack", "score", "digivolve"}
OPTION_FIELDS = {"id", "name", "kind", "digivice", "text", "effects"}
MAX_VALUE = 9990


def cards_dir() -> Path:
    """The shipped ``cards/arena`` folder."""
    return Path(str(resources.files("digitutor.cards") / "arena"))


def _by_enum(fields: Fields, name: str, enum: type[StrEnum], low: int) -> dict[Any, int]:
    """A mapping with one whole number per member of ``enum`` (attack values, Score section)."""
    raw = fields.required(name)
    members = ", ".join(member.value for member in enum)
    inner = Fields(raw, fields.source, fields.at(name), {m.value for m in enum}, f"one number for each of {members}")
    return {member: inner.whole(member.value, low, MAX_VALUE) for member in enum}


def _digivolve_box(fields: Fields) -> DigivolveBox:
    box = Fields(
        fields.required("digivolve"),
        fields.source,
        fields.at("digivolve"),
        {"digimon", "online_to_offline", "digivice"},
        "digimon, online_to_offline, digivice",
    )
    names = box.required("digimon")
    names = [names] if isinstance(names, str) else names
    if (
        not isinstance(names, list)
        or len(names) not in (1, 2)
        or not all(isinstance(n, str) and n.strip() for n in names)
    ):
        raise InputError(
            fields.source, box.at("digimon"), f"expected one Digimon name, or two for a DNA Digivolve, got {names!r}"
        )
    if len(set(names)) != len(names):
        raise InputError(
            fields.source, box.at("digimon"), f"expected two different names for a DNA Digivolve, got {names!r}"
        )
    return DigivolveBox(tuple(names), box.whole("online_to_offline", 0, 10, 0), box.flag("digivice"))


def _digimon(fields: Fields, card_id: str, name: str) -> Card:
    level = fields.enum(Level, "level")
    box = None
    if level is Level.ROOKIE:
        if "digivolve" in fields.entry:
            raise InputError(fields.source, fields.at("digivolve"), "a Rookie has no Digivolve Requirements box")
    else:
        box = _digivolve_box(fields)
    return Card(
        card_id,
        name,
        Kind.DIGIMON,
        level=level,
        colour=fields.enum(Colour, "colour"),
        attack=_by_enum(fields, "attack", Colour, 0),
        score=_by_enum(fields, "score", Level, 10),
        box=box,
    )


def _option(fields: Fields, card_id: str, name: str) -> Card:
    """A Power Option: its text, and what the text does as effect data (see docs/effects.md)."""
    text = fields.text("text")
    effects = load_effects(fields.required("effects"), text, RULES, card_id, fields.source, fields.where)
    if not any(e.spec.timing != "use-requirements" for e in effects):
        raise InputError(fields.source, fields.at("effects"), "expected an effect besides the Use Requirements")
    return Card(card_id, name, Kind.POWER_OPTION, digivice=fields.flag("digivice"), option_text=text, effects=effects)


def parse_card(entry: Any, source: str, position: int) -> Card:
    """One entry of cards.yaml, validated field by field."""
    where = f"cards[{position}]"
    if not isinstance(entry, dict):
        raise InputError(source, where, "expected a mapping with id, name, kind, ...")
    card_id = entry.get("id")
    if (
        not isinstance(card_id, str)
        or not card_id
        or not card_id.replace("-", "").isalnum()
        or card_id != card_id.lower()
    ):
        raise InputError(source, f"{where}.id", f"expected a lowercase slug, got {card_id!r}")
    where = f"card {card_id!r}"
    kind_fields = Fields(entry, source, where, DIGIMON_FIELDS | OPTION_FIELDS, "id, name, kind, ...")
    kind = kind_fields.enum(Kind, "kind")
    fields = Fields(
        entry, source, where, DIGIMON_FIELDS if kind is Kind.DIGIMON else OPTION_FIELDS, "id, name, kind, ..."
    )
    name = fields.text("name")
    if kind is Kind.DIGIMON:
        return _digimon(fields, card_id, name)
    return _option(fields, card_id, name)


def parse_cards(doc: Any, source: str) -> dict[str, Card]:
    """A whole cards.yaml: unique ids and names, and every Digivolve box naming a Digimon one level down."""
    if not isinstance(doc, dict) or doc.get("game") != "arena" or not isinstance(doc.get("cards"), list):
        raise InputError(source, "game/cards", "expected 'game: arena' and a list 'cards'")
    cards: dict[str, Card] = {}
    names: set[str] = set()
    for position, entry in enumerate(doc["cards"]):
        card = parse_card(entry, source, position)
        if card.id in cards:
            raise InputError(source, f"card {card.id!r}.id", "duplicate id")
        if card.name in names:
            raise InputError(
                source, f"card {card.id!r}.name", f"duplicate name {card.name!r} (Digivolve boxes name cards)"
            )
        cards[card.id] = card
        names.add(card.name)
    levels = {card.name: card.level for card in cards.values() if card.is_digimon}
    for card in cards.values():
        if card.box is None:
            continue
        assert card.level is not None
        for name in card.box.digimon:
            below = levels.get(name)
            if below is None or below.rank != card.level.rank - 1:
                found = f"a {below}" if below else "no Digimon"
                raise InputError(
                    source,
                    f"card {card.id!r}.digivolve.digimon",
                    f"expected a Digimon one level below {card.level}; {name!r} is {found}",
                )
    return cards


@cache
def card_set() -> dict[str, Card]:
    """The shipped tutorial card set."""
    path = cards_dir() / "cards.yaml"
    return parse_cards(load_yaml(path), str(path))


def parse_card_list(doc: Any, source: str, cards: dict[str, Card], what: str = "deck") -> tuple[str, list[str]]:
    """A deck or pool document -> (name, card ids). Checks shape and ids; legality is ``deck_problems``."""
    if not isinstance(doc, dict) or doc.get("game") != "arena" or not isinstance(doc.get("cards"), list):
        raise InputError(
            source, "game/cards", f"expected 'game: arena', a 'name' and a list 'cards' of card ids ({what})"
        )
    unknown = set(doc) - {"game", "name", "cards"}
    if unknown:
        raise InputError(source, sorted(unknown)[0], "unknown field (expected game, name, cards)")
    card_ids = []
    for position, card_id in enumerate(doc["cards"]):
        if not isinstance(card_id, str) or card_id not in cards:
            raise InputError(source, f"cards[{position}]", f"unknown card {card_id!r}")
        card_ids.append(card_id)
    return str(doc.get("name", Path(source).stem)), card_ids


@cache
def tutorial_decks() -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The two shipped preconstructed 30-card decks, in file-name order."""
    decks = []
    for path in sorted((cards_dir() / "decks").glob("*.yaml")):
        name, card_ids = parse_card_list(load_yaml(path), str(path), card_set())
        decks.append((name, tuple(card_ids)))
    return tuple(decks)


@cache
def draft_pool() -> tuple[str, ...]:
    """The shipped pool of 60 unique cards for the draft."""
    path = cards_dir() / "draft-pool.yaml"
    return tuple(parse_card_list(load_yaml(path), str(path), card_set(), "draft pool")[1])

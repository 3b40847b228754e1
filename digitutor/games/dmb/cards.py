"""Digimon Battles cards: the card file's schema, the card records, and loading them.

A card file (``cards/dmb/cards.yaml``) is checked field by field against ``CardEntry``: unknown
fields, wrong types and out-of-range numbers are one error line naming the file, the card and the
field. Stats are tutorial values; effect texts are written for this project.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Annotated, Any, Literal

import msgspec

from ...core.effects import Effect, load_effects
from ...core.errors import InputError
from ...core.schema import Schema, ShortText, validate
from ...core.yamlio import load_yaml
from .effects import ABILITIES, RULES

Kind = Literal["digimon", "option", "evolve"]
Level = Literal["R", "C", "U", "M"]
DType = Literal["Fire", "Ice", "Nature", "Dark", "Rare"]
AttackName = Literal["circle", "triangle", "cross"]
CardId = Annotated[str, msgspec.Meta(pattern=r"^[a-z0-9][a-z0-9-]{0,60}$")]
Stat = Annotated[int, msgspec.Meta(ge=0, le=990, multiple_of=10)]
Points = Annotated[int, msgspec.Meta(ge=0, le=90, multiple_of=10)]
EffectText = Annotated[str, msgspec.Meta(max_length=2000)]

ATTACKS: tuple[AttackName, ...] = ("circle", "triangle", "cross")
#: the attack symbols cards print and the copy of the rulebook lost ("Counter / / :"); the editor's notes on
#: the Attack Abilities clauses (digitutor/rulebooks/editor-notes.yaml) name them, and the tutor shows them
SYMBOL_NOTE = "dmb:attack-abilities.counter"
MARKS = {"circle": "○", "triangle": "△", "cross": "✕"}
SYMBOLS: dict[str, str] = {attack: f"{MARKS[attack]} {attack.capitalize()}" for attack in ATTACKS}
LEVELS: tuple[str, ...] = ("R", "C", "U", "M")
LEVEL_NAMES = {"R": "Rookie", "C": "Champion", "U": "Ultimate", "M": "Mega"}
NEXT_LEVEL = {"R": "C", "C": "U", "U": "M"}


class Attack(Schema, frozen=True):
    """One of a Digimon's three attacks: its Power and its attack ability, if any."""

    power: Stat
    ability: ShortText | None = None  #: ``1st-attack``, ``counter``, ``crash``, ``x3``, ``drain``, ``jamming`` ...
    arg: ShortText | None = None  #: what the ability names: the countered attack, the x3 type
    amount: Annotated[int, msgspec.Meta(ge=0, le=10)] = 0  #: Draw X, Trash X


class CardEntry(Schema, frozen=True):
    """One card of cards.yaml, as the file writes it."""

    id: CardId
    name: ShortText
    kind: Kind
    level: Level | None = None
    type: DType | None = None
    hp: Stat = 0
    dp: Points | None = None  #: the DP cost to evolve to it (None: no DP cost printed)
    plus_p: Points = 0  #: "+P": the DP it gives when racked up
    circle: Attack | None = None
    triangle: Attack | None = None
    cross: Attack | None = None
    also: tuple[DType, ...] = ()  #: Also [Type]: types it permanently counts as, besides its printed one
    evo_box: tuple[ShortText, ...] = ()  #: names it may evolve from, ignoring type and level
    dna: tuple[ShortText, ...] = ()  #: the two names of a DNA evolution
    ignores: tuple[Literal["dp", "type", "level"], ...] = ()  #: an Evolve card: the requirements it lets you ignore
    ace: bool = False
    firewall: bool = False
    data: bool = False
    partner_option: bool = False
    text: EffectText = ""
    effects: Any = None  #: checked by the effect language (core/effects.py)


@dataclass(frozen=True, slots=True)
class Card:
    """One Digimon Battles card."""

    id: str
    name: str
    kind: str
    level: str | None
    type: str | None
    hp: int
    dp: int | None
    plus_p: int
    attacks: tuple[Attack | None, Attack | None, Attack | None]
    evo_box: tuple[str, ...]
    dna: tuple[str, ...]
    also: tuple[str, ...]
    ignores: tuple[str, ...]
    ace: bool
    firewall: bool
    data: bool
    partner_option: bool
    text: str
    effects: tuple[Effect, ...]

    @property
    def is_digimon(self) -> bool:
        return self.kind == "digimon"

    @property
    def names(self) -> tuple[str, ...]:
        """The names it goes by (DBE cards may also count as another name)."""
        return (self.name,)

    def named_in(self, box: tuple[str, ...]) -> bool:
        """Does an evolution box (or DNA list) name this card?"""
        return any(n in box for n in self.names)

    def attack(self, name: str) -> Attack:
        return self.attacks[ATTACKS.index(name)] or Attack(power=0)

    def counts_as(self, kind: str) -> bool:
        """Its printed type, an Also [Type], or its card kind."""
        return kind in (self.type, self.kind) or kind in self.also

    @property
    def supports(self) -> tuple[Effect, ...]:
        return tuple(e for e in self.effects if e.spec.timing in ("support", "void", "data"))

    @property
    def bonuses(self) -> tuple[Effect, ...]:
        return tuple(e for e in self.effects if e.spec.timing == "evo-bonus")


def cards_dir() -> Path:
    """The shipped ``cards/dmb`` folder."""
    return Path(str(resources.files("digitutor.cards") / "dmb"))


def _card(entry: CardEntry, raw: Any, source: str) -> Card:
    where = f"card {entry.id!r}"
    if entry.kind == "digimon":
        for field in ("level", "type", "circle", "triangle", "cross"):
            if getattr(entry, field) is None:
                raise InputError(
                    source, f"{where}.{field}", "missing: every Digimon has a level, a type and three attacks"
                )
        if entry.hp == 0:
            raise InputError(source, f"{where}.hp", "expected the Digimon's HP (more than 0)")
    for name in ATTACKS:
        attack = getattr(entry, name)
        if attack is not None and attack.ability is not None and attack.ability not in ABILITIES:
            raise InputError(
                source,
                f"{where}.{name}.ability",
                f"expected one of {', '.join(ABILITIES)}, got {attack.ability[:40]!r}",
            )
    if entry.dna and len(entry.dna) != 2:
        raise InputError(source, f"{where}.dna", "expected the two names of a DNA evolution")
    effects = load_effects(raw.get("effects"), entry.text, RULES, entry.id, source, where)
    return Card(
        entry.id,
        entry.name,
        entry.kind,
        entry.level,
        entry.type,
        entry.hp,
        entry.dp,
        entry.plus_p,
        (entry.circle, entry.triangle, entry.cross),
        entry.evo_box,
        entry.dna,
        entry.also,
        entry.ignores,
        entry.ace,
        entry.firewall,
        entry.data,
        entry.partner_option,
        entry.text,
        effects,
    )


def parse_cards(doc: Any, source: str) -> dict[str, Card]:
    """A whole cards.yaml document: every card checked, ids unique."""
    if not isinstance(doc, dict) or doc.get("game") != "dmb" or not isinstance(doc.get("cards"), list):
        raise InputError(source, "game/cards", "expected 'game: dmb' and a list 'cards'")
    cards: dict[str, Card] = {}
    for position, raw in enumerate(doc["cards"]):
        entry = validate(raw, CardEntry, source, f"cards[{position}]")
        if entry.id in cards:
            raise InputError(source, f"cards[{position}].id", f"duplicate id {entry.id!r}")
        cards[entry.id] = _card(entry, raw, source)
    return cards


@cache
def card_set() -> dict[str, Card]:
    """The shipped tutorial card set."""
    path = cards_dir() / "cards.yaml"
    return parse_cards(load_yaml(path), str(path))


class DeckEntry(Schema, frozen=True):
    card: CardId
    count: Annotated[int, msgspec.Meta(ge=1, le=40)] = 1


class DeckFile(Schema, frozen=True):
    """A deck file: the 40-card main deck, the Destiny Zone and the declared partner."""

    game: Literal["dmb"]
    name: ShortText
    cards: tuple[DeckEntry, ...]
    destiny: tuple[CardId, ...] = ()
    partner: CardId | None = None  #: the card id of the declared partner Level R


@dataclass(frozen=True, slots=True)
class Deck:
    name: str
    cards: tuple[str, ...]
    destiny: tuple[str, ...] = ()
    partner: str | None = None

    def to_setup(self) -> dict[str, Any]:
        return {"deck": list(self.cards), "destiny": list(self.destiny), "partner": self.partner}


def parse_deck(doc: Any, source: str, cards: dict[str, Card]) -> Deck:
    """A deck document -> Deck. Checks shape and card ids, not legality."""
    deck = validate(doc, DeckFile, source)
    for position, entry in enumerate(deck.cards):
        if entry.card not in cards:
            raise InputError(source, f"cards[{position}].card", f"unknown card {entry.card!r}")
    for position, card_id in enumerate(deck.destiny):
        if card_id not in cards:
            raise InputError(source, f"destiny[{position}]", f"unknown card {card_id!r}")
    if deck.partner is not None and deck.partner not in cards:
        raise InputError(source, "partner", f"unknown card {deck.partner!r}")
    ids = tuple(entry.card for entry in deck.cards for _ in range(entry.count))
    return Deck(deck.name, ids, deck.destiny, deck.partner)


def load_deck(path: Path | str) -> Deck:
    return parse_deck(load_yaml(path), str(path), card_set())


@cache
def tutorial_decks() -> tuple[Deck, ...]:
    """The two shipped decks, in file-name order."""
    return tuple(load_deck(path) for path in sorted((cards_dir() / "decks").glob("*.yaml")))


def valid_line(below: Card, top: Card) -> bool:
    """Would ``below`` evolving to ``top`` be a fully valid evolution: its type or Evolution Box, and its level or
    Evolution Box, DP ignored (dmb:faq.cards-placed-under-digimon)?"""
    if below.name in top.evo_box:
        return True
    return NEXT_LEVEL.get(below.level or "") == top.level and below.type == top.type

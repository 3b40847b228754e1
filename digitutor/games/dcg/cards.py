"""Digimon Card Game cards: the card file's schema, the card records, and loading them.

A card file (``cards/dcg/cards.yaml``) is checked field by field against ``CardEntry``
(unknown fields, wrong types and out-of-range numbers are one error line naming the
file, the card and the field). A card's ``effects`` quote its ``text``, its ``inherited``
text or its ``security`` text; where the quote stands decides what the effect is: an
effect of the card itself, an inherited effect (used while the card is a digivolution
card), or a security effect (used when the card is checked).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Annotated, Any

import msgspec

from ...core.effects import Effect, load_effects
from ...core.errors import InputError
from ...core.schema import Schema, ShortText, validate
from ...core.yamlio import load_yaml
from .effects import RULES

DECK_SIZE = 50
EGG_DECK_MAX = 5
COPIES_MAX = 4


class Colour(StrEnum):
    """The colours of the Digimon Card Game; a multicolour card has several."""

    RED = "red"
    BLUE = "blue"
    YELLOW = "yellow"
    GREEN = "green"
    BLACK = "black"
    PURPLE = "purple"
    WHITE = "white"


class Category(StrEnum):
    """A card's category: what it is and where it is played from."""

    DIGI_EGG = "digi-egg"  #: in the Digi-Egg deck; hatched into the breeding area as a level 2 Digimon
    DIGIMON = "digimon"
    TAMER = "tamer"
    OPTION = "option"


Level = Annotated[int, msgspec.Meta(ge=2, le=7)]
Cost = Annotated[int, msgspec.Meta(ge=0, le=20)]
Dp = Annotated[int, msgspec.Meta(ge=0, le=20000, multiple_of=1000)]
Memory = Annotated[int, msgspec.Meta(ge=1, le=10)]
CardNumber = Annotated[str, msgspec.Meta(pattern=r"^(ST|BT|EX|P|RB)\d{0,2}-\d{2,3}$|^TOKEN-[A-Z0-9-]+$|^TUT-\d{2}$")]
CardId = Annotated[str, msgspec.Meta(pattern=r"^[a-z0-9][a-z0-9-]{0,60}$")]
EffectText = Annotated[str, msgspec.Meta(max_length=2000)]


class Requirement(Schema, frozen=True):
    """One digivolution requirement: a colour and level, or a name (or trait), and the digivolve cost."""

    cost: Cost
    colour: Colour | None = None
    level: Level | None = None
    name: ShortText | None = None  #: ``<Digivolve> [Koromon]: Cost 0``
    trait: ShortText | None = None


class Partner(Schema, frozen=True):
    """One of the Digimon a DNA digivolution combines."""

    colour: Colour | None = None
    level: Level | None = None
    name: ShortText | None = None


class Dna(Schema, frozen=True):
    """DNA digivolution requirements: the left Digimon goes on top of the right one."""

    left: Partner
    right: Partner
    cost: Cost


class DigiXros(Schema, frozen=True):
    """DigiXros requirements: the names that may be placed under it, left first, each reducing the play cost."""

    reduce: Annotated[int, msgspec.Meta(ge=1, le=10)]
    names: tuple[ShortText, ...]


class Burst(Schema, frozen=True):
    """Burst Digivolve: from a named Digimon, by returning a named Tamer to the hand, for a cost."""

    source: ShortText  #: the Digimon it burst digivolves from
    tamer: ShortText
    cost: Cost


class Ace(Schema, frozen=True):
    """An ACE Digimon: its Overflow (memory lost when the card leaves the battle area) and Blast Digivolve."""

    overflow: Memory
    blast: bool = True


class CardEntry(Schema, frozen=True):
    """One card as cards.yaml writes it."""

    id: CardId
    number: CardNumber
    name: ShortText
    category: Category
    colours: tuple[Colour, ...]
    level: Level | None = None
    cost: Cost | None = None  #: play cost (Digimon, Tamer), use cost (Option)
    dp: Dp | None = None  #: none: a "Digimon without DP"
    traits: tuple[ShortText, ...] = ()
    digivolve: tuple[Requirement, ...] = ()
    dna: Dna | None = None
    digixros: DigiXros | None = None
    burst: Burst | None = None
    ace: Ace | None = None
    token: bool = False  #: a Token: played only by effects, never in a deck
    text: EffectText = ""  #: the card's effect text (written for this project)
    inherited: EffectText = ""  #: its inherited effect text
    security: EffectText = ""  #: its security effect text
    effects: list[Any] = msgspec.field(default_factory=list)  #: what the texts do, in the effect language


@dataclass(frozen=True, slots=True)
class Card:
    """A Digimon Card Game card, as the engine reads it."""

    id: str
    number: str
    name: str
    category: Category
    colours: tuple[Colour, ...]
    level: int | None = None
    cost: int | None = None
    dp: int | None = None
    traits: tuple[str, ...] = ()
    digivolve: tuple[Requirement, ...] = ()
    dna: Dna | None = None
    digixros: DigiXros | None = None
    burst: Burst | None = None
    ace: Ace | None = None
    token: bool = False
    text: str = ""
    inherited: str = ""
    security: str = ""
    effects: tuple[Effect, ...] = ()  #: the card's own effects (while it is the top card, or when used)
    inherited_effects: tuple[Effect, ...] = ()  #: used while it is a digivolution card
    security_effects: tuple[Effect, ...] = ()  #: activated when it is checked

    @property
    def full_text(self) -> str:
        """Every text on the card, as its effects may quote it."""
        return "\n".join(part for part in (self.text, self.inherited, self.security) if part)

    def label(self) -> str:
        """The card as a decision names it: name, level, colour, numbers."""
        facts = [f"Lv.{self.level}" if self.level else str(self.category).title()]
        facts.append("/".join(c.value for c in self.colours))
        if self.dp is not None:
            facts.append(f"{self.dp} DP")
        return f"{self.name} ({', '.join(facts)})"


def cards_dir() -> Path:
    """The shipped ``cards/dcg`` folder."""
    return Path(str(resources.files("digitutor.cards") / "dcg"))


def _shape(entry: CardEntry, source: str) -> None:
    """What each category must and must not have."""
    where = f"card {entry.id!r}"
    needs = {
        Category.DIGI_EGG: ("level",),
        Category.DIGIMON: ("level", "cost"),
        Category.TAMER: ("cost",),
        Category.OPTION: ("cost",),
    }[entry.category]
    for name in needs:
        if getattr(entry, name) is None:
            raise InputError(source, f"{where}.{name}", f"a {entry.category} card needs its {name}")
    if entry.category is not Category.DIGIMON:
        for name in ("digivolve", "dna", "digixros", "burst", "ace", "dp"):
            if getattr(entry, name) and not (name == "dp" and entry.category is Category.DIGI_EGG):
                raise InputError(source, f"{where}.{name}", f"a {entry.category} card has no {name}")
    if entry.category is Category.DIGI_EGG and entry.level != 2:
        raise InputError(source, f"{where}.level", f"a Digi-Egg is level 2, got {entry.level}")
    if not entry.colours or len(set(entry.colours)) != len(entry.colours):
        raise InputError(source, f"{where}.colours", "expected one or more different colours")
    for position, requirement in enumerate(entry.digivolve):
        if (
            requirement.name is None
            and requirement.trait is None
            and (requirement.colour is None or requirement.level is None)
        ):
            raise InputError(
                source, f"{where}.digivolve[{position}]", "expected a colour and a level, or a name, or a trait"
            )


def _split(effects: tuple[Effect, ...], entry: CardEntry, source: str) -> tuple[tuple[Effect, ...], ...]:
    """Each effect goes with the text its quote stands in: the card's own, inherited, or security."""
    own: list[Effect] = []
    inherited: list[Effect] = []
    security: list[Effect] = []
    for position, effect in enumerate(effects):
        quote = effect.spec.quote
        places = [
            part
            for part, text in (("text", entry.text), ("inherited", entry.inherited), ("security", entry.security))
            if quote in text
        ]
        if len(places) != 1:
            raise InputError(
                source,
                f"card {entry.id!r}.effects[{position}].quote",
                f"expected words of exactly one of text, inherited, security; found in {', '.join(places) or 'none'}",
            )
        {"text": own, "inherited": inherited, "security": security}[places[0]].append(effect)
    for part, found in (("text", own), ("inherited", inherited), ("security", security)):
        if getattr(entry, part) and not found:
            raise InputError(
                source, f"card {entry.id!r}.effects", f"expected an effect quoting its {part} text (every text is data)"
            )
    return tuple(own), tuple(inherited), tuple(security)


def parse_card(raw: Any, source: str, position: int) -> Card:
    """One entry of cards.yaml as a Card, or one InputError."""
    entry = validate(raw, CardEntry, source, f"cards[{position}]")
    _shape(entry, source)
    full = "\n".join(part for part in (entry.text, entry.inherited, entry.security) if part)
    effects = load_effects(entry.effects or None, full, RULES, entry.id, source, f"card {entry.id!r}")
    own, inherited, security = _split(effects, entry, source)
    fields = {name: getattr(entry, name) for name in entry.__struct_fields__ if name != "effects"}
    return Card(**fields, effects=own, inherited_effects=inherited, security_effects=security)


def parse_cards(doc: Any, source: str) -> dict[str, Card]:
    """A whole cards.yaml: ``game: dcg`` and a list of cards with unique ids and numbers."""
    if not isinstance(doc, dict) or doc.get("game") != "dcg" or not isinstance(doc.get("cards"), list):
        raise InputError(source, "game/cards", "expected 'game: dcg' and a list 'cards'")
    cards: dict[str, Card] = {}
    numbers: dict[str, str] = {}
    for position, raw in enumerate(doc["cards"]):
        card = parse_card(raw, source, position)
        if card.id in cards:
            raise InputError(source, f"card {card.id!r}.id", "duplicate id")
        if card.number in numbers:
            raise InputError(
                source, f"card {card.id!r}.number", f"duplicate card number (also {numbers[card.number]!r})"
            )
        cards[card.id] = card
        numbers[card.number] = card.id
    for card in cards.values():
        for effect in (*card.effects, *card.inherited_effects, *card.security_effects):
            for verb in (*effect.spec.cost, *effect.spec.do):
                if verb.verb == "play-token" and (verb.card not in cards or not cards[verb.card].token):
                    raise InputError(
                        source, f"card {card.id!r}.effects", f"expected 'card' to name a Token card, got {verb.card!r}"
                    )
    return cards


@cache
def card_set() -> dict[str, Card]:
    """The shipped card set."""
    path = cards_dir() / "cards.yaml"
    return parse_cards(load_yaml(path), str(path))


class DeckEntry(Schema, frozen=True):
    card: CardId
    count: Annotated[int, msgspec.Meta(ge=1, le=50)] = 1


class DeckFile(Schema, frozen=True):
    """A deck file: a name, the 50-card deck and the Digi-Egg deck."""

    game: ShortText
    name: ShortText
    cards: tuple[DeckEntry, ...]  #: the 50-card deck
    eggs: tuple[DeckEntry, ...] = ()


@dataclass(frozen=True, slots=True)
class Deck:
    name: str
    deck: tuple[str, ...]
    eggs: tuple[str, ...]


def parse_deck(doc: Any, source: str, cards: dict[str, Card]) -> Deck:
    """A deck file -> its card ids (the deck rules are ``deck_problems``)."""
    deck = validate(doc, DeckFile, source)
    if deck.game != "dcg":
        raise InputError(source, "game", f"expected dcg, got {deck.game!r}")
    lists: dict[str, list[str]] = {"cards": [], "eggs": []}
    for part in ("cards", "eggs"):
        for position, entry in enumerate(getattr(deck, part)):
            if entry.card not in cards:
                raise InputError(source, f"{part}[{position}].card", f"unknown card {entry.card!r}")
            lists[part] += [entry.card] * entry.count
    return Deck(deck.name, tuple(lists["cards"]), tuple(lists["eggs"]))


@cache
def tutorial_decks() -> tuple[Deck, ...]:
    """The shipped starter-style decks, in file-name order."""
    cards = card_set()
    return tuple(
        parse_deck(load_yaml(path), str(path), cards) for path in sorted((cards_dir() / "decks").glob("*.yaml"))
    )

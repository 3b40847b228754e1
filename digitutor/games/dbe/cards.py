"""Digimon Battle Evolution cards: the card file's schema (the rulebook's Anatomy of Cards), the records, loading.

A card file (``cards/dbe/cards.yaml``) is checked field by field against ``CardEntry``: unknown fields, wrong
types and out-of-range numbers are one error line naming the file, the card and the field. A DBE card is a DMB
``Card`` (so DMB's shared rules read it) with DBE's own fields. Stats are tutorial values; effect texts are
written for this project.
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
from ..dmb.cards import ATTACKS, NEXT_LEVEL, Attack, Card
from .effects import ABILITIES, RULES

Kind = Literal["digimon", "option", "evolution"]
Level = Literal["R", "C", "U", "M"]
#: dbe:anatomy-of-cards.5 / dbe:glossary.type: the eight types (Ruler is a property, not a type)
DType = Literal["Nature", "Dragon", "Enigma", "Wind", "Nightmare", "Metal", "Jungle", "Marine"]
Timing = Literal["support", "evolve", "activate", "effect", "data", "passive"]
CardId = Annotated[str, msgspec.Meta(pattern=r"^[a-z0-9][a-z0-9-]{0,60}$")]
SetNumber = Annotated[str, msgspec.Meta(pattern=r"^[A-Z]{2,4}-[0-9]{3}$")]
Stat = Annotated[int, msgspec.Meta(ge=0, le=2990, multiple_of=10)]
Points = Annotated[int, msgspec.Meta(ge=0, le=90, multiple_of=10)]
PlusP = Annotated[int, msgspec.Meta(ge=-50, le=90, multiple_of=10)]
EffectText = Annotated[str, msgspec.Meta(max_length=2000)]


class DbeAttack(Attack, frozen=True):
    """One of a Digimon's three attacks: its Power and its attack ability, if any (DBE's amounts are on its own scale:
    Shatter 100, Draw 2)."""

    power: Stat
    ability: ShortText | None = None  #: ``1st-attack``, ``counter``, ``killer``, ``flatten`` ... (``ABILITIES``)
    arg: ShortText | None = None  #: what the ability names: the countered attack, the x3 type
    amount: Annotated[int, msgspec.Meta(ge=0, le=990)] = 0  #: Draw X, Trash X, Static X, the printed Shatter amount


class CardEntry(Schema, frozen=True):
    """One card of cards.yaml, as the file writes it (dbe:anatomy-of-cards)."""

    id: CardId
    number: SetNumber  #: the set number: what deck construction counts copies by
    name: ShortText
    kind: Kind  #: Digimon, Option, or Evolution (the yellow-bordered card type)
    level: Level | None = None
    type: DType | None = None  #: the primary type
    subtypes: tuple[DType, ...] = ()  #: the subtypes bar: the same as a primary type for all effects and evolutions
    ruler: bool = False  #: the Ruler property: no type at all
    hp: Stat = 0
    dp: Points | None = None  #: the DP cost printed (None: no DP cost; Level R print "0 DP")
    plus_p: PlusP = 0  #: "+P": the DP it gives in the DP zone (may be negative)
    circle: DbeAttack | None = None
    triangle: DbeAttack | None = None
    cross: DbeAttack | None = None
    evo_box: tuple[ShortText, ...] = ()  #: names it may evolve from, ignoring type and level but not DP
    dna: tuple[ShortText, ...] = ()  #: DNA materials by name (two or more)
    timing: Timing | None = None  #: the card timing (SUPPORT, EVOLVE ...)
    ignores: tuple[
        Literal["dp", "type", "level"], ...
    ] = ()  #: an Evolution or EVOLVE card: the requirements it ignores
    no_abnormal: bool = False  #: an Evolution card that prohibits evolving an Abnormal Digimon
    not_with: tuple[Level, ...] = ()  #: "Do not use with <Level>": not when the active or the Future is that level
    discount: Points = 0  #: "DP -X0": lowers the Future's DP cost
    downgrade: bool = False  #: Downgrade: evolve one level back (ignores DP by default: list it in ``ignores``)
    same_level: bool = False  #: "Enables evolution to the same level"
    activates_bonus: bool = False  #: "Activate an evo-bonus": the Future's bonuses apply whatever the names
    dna_material: bool = False  #: counts as a DNA material, whatever the names (BIT-058 Jogress)
    keeps_dp: bool = False  #: "When evolving by DP, ... delete this card instead of discarding all own DP" (Super Tag)
    reveal_top: Annotated[int, msgspec.Meta(ge=0, le=50)] = (
        0  #: an Evolution card whose Future comes from the top N, revealed (Matrix Evolve)
    )
    alias: tuple[ShortText, ...] = ()  #: "Also counts as [Name]" / "Alias [Name]": names it also has, permanently
    flip: CardId | None = None  #: a flip card: the id of its other side (both sides share the set number)
    initial: bool = False  #: a flip card's initial side (the up arrow): decks begin with this side up
    rulings: tuple[ShortText, ...] = ()  #: clause ids where the rulebook discusses this card; cited when it is used
    ace: bool = False
    firewall: bool = False
    data: bool = False
    proxy: bool = False  #: the "P" symbol: may go into the Destiny Zone as a Proxy
    mastery: bool = False  #: a Mastery card (Destiny Zone, on top)
    text: EffectText = ""
    effects: Any = None  #: checked by the effect language (core/effects.py)


@dataclass(frozen=True, slots=True)
class DbeCard(Card):
    """One Digimon Battle Evolution card: DMB's card record with DBE's own fields."""

    number: str = ""
    timing: str | None = None
    no_abnormal: bool = False
    not_with: tuple[str, ...] = ()
    discount: int = 0
    downgrade: bool = False
    same_level: bool = False
    activates_bonus: bool = False
    dna_material: bool = False
    keeps_dp: bool = False
    alias: tuple[str, ...] = ()
    flip: str | None = None
    initial: bool = False
    card_rulings: tuple = ()  #: the citations of ``rulings``
    proxy: bool = False
    mastery: bool = False
    ruler: bool = False
    reveal_top: int = 0

    @property
    def names(self) -> tuple[str, ...]:
        """Its name and every name it also counts as (dbe:glossary.also-counts-as-name)."""
        return (self.name, *self.alias)

    def named_in(self, box: tuple[str, ...]) -> bool:
        """Its names, or a partial name: "-dramon" ends a name, "kok-" begins one, "-devi-" is inside one
        (dbe:evolution-phase.4.3)."""
        return any(_fits(name, entry) for name in self.names for entry in box)

    @property
    def supports(self) -> tuple[Effect, ...]:
        """Its Support effects; a DATA card's effects are used at Any Phase, not as a Support (FAQ, DATA timing)."""
        return tuple(e for e in self.effects if e.spec.timing in ("support", "void"))

    @property
    def is_evolution(self) -> bool:
        """A yellow-bordered Evolution card (not the same as EVOLVE timing: dbe:evolution-phase.4.6)."""
        return self.kind == "evolution"


def _fits(name: str, entry: str) -> bool:
    if not (entry.startswith("-") or entry.endswith("-")):
        return name == entry
    part, lower = entry.strip("-").lower(), name.lower()
    if entry.startswith("-") and entry.endswith("-"):
        return part in lower
    return lower.endswith(part) if entry.startswith("-") else lower.startswith(part)


def cards_dir() -> Path:
    """The shipped ``cards/dbe`` folder."""
    return Path(str(resources.files("digitutor.cards") / "dbe"))


def _card(entry: CardEntry, raw: Any, source: str) -> DbeCard:
    where = f"card {entry.id!r}"
    if entry.kind == "digimon":
        for field in ("level", "circle", "triangle", "cross"):
            if getattr(entry, field) is None:
                raise InputError(source, f"{where}.{field}", "missing: every Digimon has a level and three attacks")
        if entry.type is None and not entry.ruler:
            raise InputError(source, f"{where}.type", "missing: every Digimon has a primary type (or is a Ruler)")
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
    if entry.dna and len(entry.dna) < 2:
        raise InputError(source, f"{where}.dna", "expected at least two DNA materials")
    effects = load_effects(raw.get("effects"), entry.text, RULES, entry.id, source, where)
    return DbeCard(
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
        entry.subtypes,
        entry.ignores,
        entry.ace,
        entry.firewall,
        entry.data,
        entry.proxy,
        entry.text,
        effects,
        entry.number,
        entry.timing,
        entry.no_abnormal,
        entry.not_with,
        entry.discount,
        entry.downgrade,
        entry.same_level,
        entry.activates_bonus,
        entry.dna_material,
        entry.keeps_dp,
        entry.alias,
        entry.flip,
        entry.initial,
        _card_rulings(entry, source, where),
        entry.proxy,
        entry.mastery,
        entry.ruler,
        entry.reveal_top,
    )


def _card_rulings(entry: CardEntry, source: str, where: str) -> tuple:
    from ...rules.citations import cite
    from ...rules.corpus import UnknownClauseError

    cited = []
    for position, clause_id in enumerate(entry.rulings):
        try:
            if not clause_id.startswith("dbe:"):
                raise UnknownClauseError(clause_id)
            cited.append(cite(clause_id))
        except UnknownClauseError:
            raise InputError(
                source, f"{where}.rulings[{position}]", f"expected a dbe clause id, got {clause_id[:60]!r}"
            ) from None
    return tuple(cited)


def _check_flips(cards: dict[str, DbeCard], source: str) -> None:
    """Each flip card names an existing other side that names it back, with the same set number."""
    for card in cards.values():
        other = cards.get(card.flip) if card.flip else None
        if card.flip and (other is None or other.flip != card.id or other.number != card.number):
            raise InputError(
                source,
                f"card {card.id!r}.flip",
                "expected the id of its other side, which names it back and has the same set number",
            )


def parse_cards(doc: Any, source: str) -> dict[str, DbeCard]:
    """A whole cards.yaml document: every card checked, ids unique."""
    if not isinstance(doc, dict) or doc.get("game") != "dbe" or not isinstance(doc.get("cards"), list):
        raise InputError(source, "game/cards", "expected 'game: dbe' and a list 'cards'")
    cards: dict[str, DbeCard] = {}
    for position, raw in enumerate(doc["cards"]):
        entry = validate(raw, CardEntry, source, f"cards[{position}]")
        if entry.id in cards:
            raise InputError(source, f"cards[{position}].id", f"duplicate id {entry.id!r}")
        cards[entry.id] = _card(entry, raw, source)
    _check_flips(cards, source)
    return cards


@cache
def card_set() -> dict[str, DbeCard]:
    """The shipped tutorial card set."""
    path = cards_dir() / "cards.yaml"
    return parse_cards(load_yaml(path), str(path))


class DeckEntry(Schema, frozen=True):
    card: CardId
    count: Annotated[int, msgspec.Meta(ge=1, le=50)] = 1


class DeckFile(Schema, frozen=True):
    """A deck file: the main deck, the Destiny Zone and the declared partner; 50 cards together."""

    game: Literal["dbe"]
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


def parse_deck(doc: Any, source: str, cards: dict[str, DbeCard]) -> Deck:
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


def types_of(card: Card) -> tuple[str, ...]:
    """Every type the card has: its primary type and its subtypes (dbe:glossary.type); a Ruler has none."""
    return tuple(t for t in (card.type, *card.also) if t)


def shares_type(a: Card, b: Card) -> bool:
    return bool(set(types_of(a)) & set(types_of(b)))


def next_level(level: str | None) -> str | None:
    return NEXT_LEVEL.get(level or "")

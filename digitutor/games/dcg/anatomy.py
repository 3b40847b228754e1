"""A DCG card read part by part, each part under the name the rule manual's card diagrams give it
(Card Information: Digimon Cards/Digi-Egg Cards, Tamer Cards, Option Cards). The board's whole-card view shows it."""

from __future__ import annotations

from ...core.game import CardPart
from ...rules.model import Citation
from . import citations as C
from .cards import Card, Category, Requirement

#: each card's parts, by the card object (a card's print never changes; every board drawn asks for them again)
_PARTS: dict[int, tuple[Card, tuple[CardPart, ...]]] = {}


def parts(card: Card) -> tuple[CardPart, ...]:
    """Every part printed on ``card``, named as the manual names it, each with that clause."""
    kept = _PARTS.get(id(card))
    if kept is None or kept[0] is not card:  # the entry holds its card, so no other card can take its id
        kept = _PARTS[id(card)] = (card, _parts(card))
    return kept[1]


def _parts(card: Card) -> tuple[CardPart, ...]:
    kind = "digimon" if card.category in (Category.DIGIMON, Category.DIGI_EGG) else card.category.value
    found = [
        _part(
            "Card type",
            _card_type(card),
            C.DIAGRAM_DIGI_EGG if card.category is Category.DIGI_EGG else C.DIAGRAM_DIGIMON,
        )
    ]
    if kind != "digimon":
        found = []  # the Tamer and Option diagrams have no card-type label
    found += [
        _part("Card Name", card.name, C.NAMED_CARD_NAME[kind]),
        _part("Color", " / ".join(c.value for c in card.colours), C.NAMED_COLOUR[kind]),
        _part("Card Number", card.number, C.NAMED_NUMBER[kind]),
    ]
    if card.category in (Category.DIGIMON, Category.DIGI_EGG):
        found += [
            _part("Lv.", "" if card.level is None else str(card.level), C.CARD_LEVEL),
            _part("Play Cost", "" if card.cost is None else str(card.cost), C.CARD_PLAY_COST),
            _part("DP (Digimon Power)", "" if card.dp is None else str(card.dp), C.CARD_DP),
            _part("Digivolution Requirements", "; ".join(_requirement(r) for r in card.digivolve), C.CARD_REQUIREMENTS),
            _part("DNA/Special Digivolution", _special(card), C.CARD_DNA),
            _part(
                "DigiXros Requirements",
                "" if card.digixros is None else f"{' × '.join(card.digixros.names)} (-{card.digixros.reduce} each)",
                C.CARD_XROS,
            ),
            _part("Traits", " / ".join(card.traits), C.CARD_TRAITS),
            _part("Effects", card.text, C.CARD_EFFECTS),
            _part("Inherited Effect", card.inherited, C.CARD_INHERITED),
        ]
    elif card.category is Category.TAMER:
        found += [
            _part("Play Cost", str(card.cost), C.TAMER_PLAY_COST),
            _part("Effects", card.text, C.TAMER_EFFECTS),
            _part("Security Effect", card.security, C.TAMER_SECURITY),
        ]
    else:
        found += [
            _part("Cost", str(card.cost), C.OPTION_COST),
            _part("Effect", card.text, C.OPTION_EFFECT),
            _part("Security Effect", card.security, C.OPTION_SECURITY),
        ]
    return tuple(part for part in found if part.value)


def state_part(suspended: bool) -> CardPart:
    """A Digimon or Tamer in play is suspended (turned sideways) or unsuspended, as the manual's picture labels them."""
    if suspended:
        return CardPart("State", "Suspended", C.NAMED_SUSPENDED)
    return CardPart("State", "Unsuspended", C.NAMED_UNSUSPENDED)


def _part(label: str, value: str, citation: Citation) -> CardPart:
    return CardPart(label, value, citation)


def _card_type(card: Card) -> str:
    return ("Digi-Egg card" if card.category is Category.DIGI_EGG else "Digimon card") + (
        " (a Token)" if card.token else ""
    )


def _requirement(requirement: Requirement) -> str:
    if requirement.name is not None:
        who = f"[{requirement.name}]"
    elif requirement.trait is not None:
        who = f"a Digimon with the trait {requirement.trait}"
    else:
        who = f"{requirement.colour} Lv.{requirement.level}"
    return f"from {who}, cost {requirement.cost}"


def _special(card: Card) -> str:
    if card.dna is not None:
        left, right = (side.name or f"{side.colour} Lv.{side.level}" for side in (card.dna.left, card.dna.right))
        return f"DNA: {left} + {right}, cost {card.dna.cost}"
    if card.burst is not None:
        return (
            f"Burst: from [{card.burst.source}], returning 1 [{card.burst.tamer}] to the hand, cost {card.burst.cost}"
        )
    return ""

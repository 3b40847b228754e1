"""Checking deck lists for any playable game: legal, or every reason it is not, cited.

A deck file is ``game``, an optional ``name`` and ``cards``: a list whose entries are a card id
or ``{card: ID, count: N}``. The shape is checked by a schema (a bad shape is one InputError);
then every problem is reported at once: each unknown card (with the closest card names) and
every reason the game's own deck check gives for the known cards.
"""

from __future__ import annotations

import difflib
import importlib
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import msgspec

from .core.errors import InputError, excerpt
from .core.records import Reason
from .core.registry import GAME_MODULES, get_game
from .core.schema import Schema, ShortText, validate
from .core.yamlio import load_yaml, parse_yaml

#: unknown cards named one by one in a verdict; the rest are counted
MAX_UNKNOWN_LISTED = 5

CardId = Annotated[str, msgspec.Meta(min_length=1, max_length=100)]


class DeckEntry(Schema):
    """``{card: ID, count: N}``: N copies of a card."""

    card: CardId
    count: Annotated[int, msgspec.Meta(ge=1, le=100)] = 1


class DeckFile(Schema):
    """A deck file: the game, an optional name, and the cards."""

    cards: list[CardId | DeckEntry]
    game: ShortText | None = None
    name: ShortText | None = None
    eggs: list[CardId | DeckEntry] = []  #: a Digi-Egg deck (the Digimon Card Game)
    destiny: list[CardId] = []  #: the Destiny Zone (Digimon Battles, Digimon Battle Evolution)
    partner: CardId | None = None  #: the declared partner Level R (Digimon Battles, Digimon Battle Evolution)


@dataclass(frozen=True)
class DeckGame:
    """How a game's deck is checked: its card set, its deck format, the rule a deck is built by."""

    cards: str  #: ``module:function`` returning the card set (id -> card with a ``name``)
    counted: bool  #: the game's deck documents use ``{card, count}`` entries (else a list of ids)
    rule: str  #: ``module:attribute`` of the citation an unknown card is refused by


DECK_GAMES = {
    "dtector": DeckGame("digitutor.games.dtector.cards:card_set", True, "digitutor.games.dtector.citations:DECK_SIZE"),
    "arena": DeckGame("digitutor.games.arena.cardfile:card_set", False, "digitutor.games.arena.citations:PRECONSTRUCTED"),
    "dcg": DeckGame("digitutor.games.dcg.cards:card_set", True, "digitutor.games.dcg.citations:DECK"),
    "dmb": DeckGame("digitutor.games.dmb.cards:card_set", True, "digitutor.games.dmb.citations:DECK_40"),
    "dbe": DeckGame("digitutor.games.dbe.cards:card_set", True, "digitutor.games.dbe.citations:DECK_50"),
}


def _attribute(spec: str) -> Any:
    module, _, name = spec.partition(":")
    return getattr(importlib.import_module(module), name)


@dataclass(frozen=True)
class DeckReport:
    """A deck's name, its card ids, and every reason it is illegal (none: legal)."""

    source: str
    game: str
    name: str
    cards: tuple[str, ...]
    reasons: tuple[Reason, ...]
    destiny: tuple[str, ...] = ()  #: the Destiny Zone, listed apart

    @property
    def legal(self) -> bool:
        return not self.reasons

    def lines(self) -> list[str]:
        """Every reason it is illegal, one line each, with its citation."""
        return [f"{r.why} ({r.citation.id}: \"{r.citation.quote}\")" for r in self.reasons]

    def one_line(self) -> str:
        """The whole verdict as one line (for the command line): every reason, then each rule quoted once."""
        if self.legal:
            zone = f" and {len(self.destiny)} in the Destiny Zone" if self.destiny else ""
            return f"{self.source}: {self.name}: legal {self.game} deck of {len(self.cards)} cards{zone}"
        count = f"{len(self.reasons)} problems: " if len(self.reasons) > 1 else ""
        whys = "; ".join(f"{r.why} [{r.citation.id}]" for r in self.reasons)
        quotes = {r.citation.id: r.citation.quote for r in self.reasons}
        cited = "; ".join(f"{clause_id}: \"{quote}\"" for clause_id, quote in quotes.items())
        return f"{self.source}: cards: {count}{whys} — {cited}"


def closest_cards(card_id: str, cards: dict[str, Any], limit: int = 3) -> list[str]:
    """The names of the cards whose id or name is closest to ``card_id``."""
    by_key = {key.lower(): card.name for card_id_, card in cards.items() for key in (card_id_, card.name)}
    found = difflib.get_close_matches(card_id.lower(), list(by_key), n=limit * 2, cutoff=0.5)
    return list(dict.fromkeys(by_key[key] for key in found))[:limit]


def deck_game(doc: Any, source: str, game_id: str | None) -> str:
    """The game a deck is for: ``game_id`` if given, else the file's ``game`` field."""
    if game_id is None:
        game_id = doc.get("game") if isinstance(doc, dict) else None
    if isinstance(game_id, str) and game_id in GAME_MODULES:
        return game_id
    from .rules.corpus import GAMES

    if isinstance(game_id, str) and game_id in GAMES:
        raise InputError(source, "game", f"{game_id} is not playable yet (playable: {', '.join(GAME_MODULES)})")
    raise InputError(source, "game", f"expected one of {', '.join(GAME_MODULES)}, got {excerpt(game_id)}")


def check_deck_document(doc: Any, source: str, game_id: str | None = None) -> DeckReport:
    """Check a parsed deck document: a bad shape raises InputError; every problem goes in the report."""
    if not isinstance(doc, dict):
        raise InputError(source, "", f"expected a mapping with game, name, cards, got {excerpt(doc)}")
    game_id = deck_game(doc, source, game_id)
    deck = validate(doc, DeckFile, source)
    how = DECK_GAMES[game_id]
    cards = _attribute(how.cards)()
    card_ids: list[str] = []
    egg_ids: list[str] = []
    reasons: list[Reason] = []
    unknown = unknown_copies = 0
    entries = [("cards", position, entry) for position, entry in enumerate(deck.cards)]
    entries += [("eggs", position, entry) for position, entry in enumerate(deck.eggs)]
    for part, position, entry in entries:
        card_id, count = (entry, 1) if isinstance(entry, str) else (entry.card, entry.count)
        where = f"{part}[{position}]" if isinstance(entry, str) else f"{part}[{position}].card"
        if card_id not in cards:
            unknown += 1
            unknown_copies += count
            if unknown > MAX_UNKNOWN_LISTED:
                continue
            close = closest_cards(card_id, cards)
            hint = f" (closest: {', '.join(close)})" if close else ""
            reasons.append(Reason(f"{where}: unknown card {excerpt(card_id)}{hint}.", _attribute(how.rule)))
            continue
        (egg_ids if part == "eggs" else card_ids).extend([card_id] * count)
    if unknown > MAX_UNKNOWN_LISTED:
        more = unknown - MAX_UNKNOWN_LISTED
        reasons.append(Reason(f"… and {more} more unknown card{'s' if more > 1 else ''}.", _attribute(how.rule)))
    if unknown:
        total = len(card_ids) + unknown_copies
        reasons.append(Reason(f"The checks below leave the unknown cards out; with them the deck lists {total} cards.",
                              _attribute(how.rule)))
    # one entry per copy: a game's own reader may cap a single entry's count
    known: list[Any] = [{"card": c, "count": 1} for c in card_ids] if how.counted else card_ids
    name = deck.name or Path(source).stem
    document: dict[str, Any] = {"game": game_id, "name": name, "cards": known}
    if deck.eggs:
        if game_id != "dcg":
            raise InputError(source, "eggs", f"a {game_id} deck has no Digi-Egg deck (only the Digimon Card Game's has)")
        document["eggs"] = [{"card": c, "count": 1} for c in egg_ids]
    if deck.destiny or deck.partner is not None:
        if game_id not in ("dmb", "dbe"):
            raise InputError(source, "destiny", f"a {game_id} deck has no Destiny Zone or partner (only the Digimon Battles games' have)")
        for position, card_id in enumerate([*deck.destiny, *([deck.partner] if deck.partner else [])]):
            if card_id not in cards:
                where = f"destiny[{position}]" if position < len(deck.destiny) else "partner"
                reasons.append(Reason(f"{where}: unknown card {excerpt(card_id)}.", _attribute(how.rule)))
        document["destiny"] = [c for c in deck.destiny if c in cards]
        document["partner"] = deck.partner if deck.partner in cards else None
    _, _, problems = get_game(game_id).check_deck(document, source)
    return DeckReport(source, game_id, name, tuple(card_ids), (*reasons, *problems), tuple(deck.destiny))


def check_deck_file(path: str, game_id: str | None = None) -> DeckReport:
    return check_deck_document(load_yaml(path), path, game_id)


def check_deck_text(text: str, source: str = "pasted deck", game_id: str | None = None) -> DeckReport:
    """Check a deck pasted or uploaded as YAML text."""
    return check_deck_document(parse_yaml(text, source), source, game_id)

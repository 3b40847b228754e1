"""Checking deck lists for any playable game: legal, or every reason it is not, cited.

A deck file is ``game``, an optional ``name`` and ``cards``: a list whose entries are a card
(its id, printed number or name) or ``{card: CARD, count: N}``. A deck may also be pasted as a
plain-text list, one card a line (``4 Gabumon ST2-03``, see ``decklist``). The shape is checked
first (a bad shape is one InputError); then every problem is reported at once: each unknown
card, with the closest cards by id and by name (the list's own problem: no rule is cited), and
every reason the game's own deck check gives for the known cards.

The counts are summed before any card is built: a file of a few hundred kilobytes can list
millions of cards (17,776 entries of ``count: 100``), which the game's deck-size rule refuses
at once, without building them.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import msgspec
import yaml

from .core.errors import InputError, counted, excerpt
from .core.records import Reason
from .core.registry import GAME_MODULES, get_game
from .core.schema import Schema, ShortText, validate
from .core.yamlio import parse_yaml, read_text
from .decklist import CardIndex, is_text_list, read_lines

#: unknown cards named one by one in a verdict; the rest are counted
MAX_UNKNOWN_LISTED = 5
#: a part of a deck listing more than this many times its game's size is refused by the deck-size rule
#: alone, before any card is built; up to it every rule is checked (a count typed 40 for 4 still gets
#: every reason, not only "too many cards")
OVERSIZE = 4
#: the most copies one ``{card, count}`` entry may list
MAX_COUNT = 100
#: the parts of a deck file whose entries are counted
PARTS = ("cards", "eggs")

CardId = Annotated[str, msgspec.Meta(min_length=1, max_length=100)]


class DeckEntry(Schema, frozen=True):
    """``{card: ID, count: N}``: N copies of a card."""

    card: CardId
    count: Annotated[int, msgspec.Meta(ge=1, le=MAX_COUNT)] = 1


class DeckFile(Schema, frozen=True):
    """A deck file: the game, an optional name, and the cards."""

    cards: list[CardId | DeckEntry]
    game: ShortText | None = None
    name: ShortText | None = None
    eggs: list[CardId | DeckEntry] = []  #: a Digi-Egg deck (the Digimon Card Game)
    destiny: list[CardId] = []  #: the Destiny Zone (Digimon Battles, Digimon Battle Evolution)
    partner: CardId | None = None  #: the declared partner Level R (Digimon Battles, Digimon Battle Evolution)


@dataclass(frozen=True)
class DeckSize:
    """A game's deck-size rule for one part of a deck file: the number, its citation, the words for a refusal."""

    part: str  #: the deck file's list it counts: ``cards`` or ``eggs``
    size: str  #: ``module:attribute`` of the number of cards the rule asks for (exactly, or at most)
    rule: str  #: ``module:attribute`` of the citation the game's own deck check gives for a wrong size
    words: str  #: the refusal, with ``{listed}`` (e.g. "1,777,600 cards") and ``{size}``


@dataclass(frozen=True)
class DeckGame:
    """How a game's deck is checked: its card set, its deck format, its size rules."""

    cards: str  #: ``module:function`` returning the card set (id -> card with a ``name``)
    counted: bool  #: the game's deck documents use ``{card, count}`` entries (else a list of ids)
    sizes: tuple[DeckSize, ...]  #: the deck-size rules, one per counted part


def _size(game: str, size: str, rule: str, words: str, part: str = "cards") -> DeckSize:
    return DeckSize(part, f"digitutor.games.{game}.{size}", f"digitutor.games.{game}.citations:{rule}", words)


DECK_GAMES = {
    "dtector": DeckGame(
        "digitutor.games.dtector.cards:card_set",
        True,
        (_size("dtector", "cards:DECK_SIZE", "DECK_SIZE", "The deck lists {listed}; it needs exactly {size}."),),
    ),
    "arena": DeckGame(
        "digitutor.games.arena.cardfile:card_set",
        False,
        (_size("arena", "state:DECK_SIZE", "PRECONSTRUCTED", "The deck lists {listed}; it needs {size}."),),
    ),
    "dcg": DeckGame(
        "digitutor.games.dcg.cards:card_set",
        True,
        (
            _size("dcg", "cards:DECK_SIZE", "DECK", "The deck lists {listed}; it needs exactly {size}."),
            _size("dcg", "cards:EGG_DECK_MAX", "EGG_DECK", "The Digi-Egg deck lists {listed}; at most {size}.", "eggs"),
        ),
    ),
    "dmb": DeckGame(
        "digitutor.games.dmb.cards:card_set",
        True,
        (
            _size(
                "dmb",
                "setup:DECK_SIZE",
                "DECK_40",
                "The deck lists {listed}; it needs exactly {size} (the Destiny Zone is not counted).",
            ),
        ),
    ),
    "dbe": DeckGame(
        "digitutor.games.dbe.cards:card_set",
        True,
        (
            _size(
                "dbe",
                "setup:DECK_SIZE",
                "DZ_COUNTED",
                "The main deck lists {listed}; with the Destiny Zone the deck needs exactly {size}.",
            ),
        ),
    ),
}


def _attribute(spec: str) -> Any:
    module, _, name = spec.partition(":")
    return getattr(importlib.import_module(module), name)


@dataclass(frozen=True)
class DeckReport:
    """A deck's name, its card ids, and every problem with it (none: legal): the list's own, then each rule's."""

    source: str
    game: str
    name: str
    cards: tuple[str, ...]
    reasons: tuple[Reason, ...]
    destiny: tuple[str, ...] = ()  #: the Destiny Zone, listed apart
    listed: int | None = None  #: the cards the file lists, when too many to build (``cards`` is then empty)
    problems: tuple[str, ...] = ()  #: problems of the list itself (an unknown card): no rule is cited for them

    @property
    def legal(self) -> bool:
        return not self.reasons and not self.problems

    @property
    def card_count(self) -> int:
        """How many cards the deck lists (the Destiny Zone apart)."""
        return len(self.cards) if self.listed is None else self.listed

    def lines(self) -> list[str]:
        """Every problem, one line each; a rule's reason with its citation."""
        return [*self.problems, *(f'{r.why} ({r.citation.id}: "{r.citation.quote}")' for r in self.reasons)]

    def one_line(self) -> str:
        """The whole verdict as one line (for the command line): every problem, then each rule quoted once."""
        if self.legal:
            zone = f" and {len(self.destiny)} in the Destiny Zone" if self.destiny else ""
            return f"{self.source}: {self.name}: legal {self.game} deck of {counted(self.card_count, 'card')}{zone}"
        total = len(self.problems) + len(self.reasons)
        count = f"{total} problems: " if total > 1 else ""
        whys = "; ".join([*self.problems, *(f"{r.why} [{r.citation.id}]" for r in self.reasons)])
        quotes = {r.citation.id: r.citation.quote for r in self.reasons}
        cited = "; ".join(f'{clause_id}: "{quote}"' for clause_id, quote in quotes.items())
        return f"{self.source}: {count}{whys}" + (f" — {cited}" if cited else "")


@dataclass(frozen=True)
class Listed:
    """One entry of a deck, as written: the part of the deck, where it is written, the card as written, its copies."""

    part: str  #: cards, eggs, destiny or partner
    where: str  #: ``cards[3].card`` in a deck file, ``line 7`` in a text list
    card: str
    copies: int = 1


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
    entries = [
        Listed(
            part,
            f"{part}[{position}]" if isinstance(entry, str) else f"{part}[{position}].card",
            entry if isinstance(entry, str) else entry.card,
            _copies(entry),
        )
        for part in PARTS
        for position, entry in enumerate(getattr(deck, part))
    ]
    entries += [Listed("destiny", f"destiny[{position}]", card) for position, card in enumerate(deck.destiny)]
    if deck.partner is not None:
        entries.append(Listed("partner", "partner", deck.partner))
    return check_listed(entries, source, game_id, deck.name or Path(source).stem)


def _part_allowed(entries: list[Listed], source: str, game_id: str) -> None:
    """Refuse a part of a deck the game does not have (a Digi-Egg deck, a Destiny Zone)."""
    for entry in entries:
        field = entry.where if entry.where.startswith("line") else entry.part
        if entry.part == "eggs" and game_id != "dcg":
            raise InputError(source, field, f"a {game_id} deck has no Digi-Egg deck (only the Digimon Card Game's has)")
        if entry.part in ("destiny", "partner") and game_id not in ("dmb", "dbe"):
            raise InputError(
                source, field, f"a {game_id} deck has no Destiny Zone or partner (only the Digimon Battles games' have)"
            )


def check_listed(entries: list[Listed], source: str, game_id: str, name: str, eggs_by_card: bool = False) -> DeckReport:
    """Check a deck's entries: the copies are summed and a deck far past its size refused before any card is
    looked up; then each card is found (by id, number or name) and the game's own deck check runs on the known
    cards. ``eggs_by_card``: a Digi-Egg listed with the deck's cards goes to the Digi-Egg deck (text lists)."""
    _part_allowed(entries, source, game_id)
    how = DECK_GAMES[game_id]
    destiny = [entry.card for entry in entries if entry.part == "destiny"]
    listed = listed_copies(entries)
    if too_many := oversize(game_id, listed):
        return DeckReport(source, game_id, name, (), tuple(too_many), tuple(destiny), listed["cards"])
    cards = _attribute(how.cards)()
    found, problems, unknown_copies = find_cards(entries, CardIndex(cards))
    ids: dict[str, list[str]] = {"cards": [], "eggs": [], "destiny": [], "partner": []}
    for entry, card_id in found:
        is_egg = eggs_by_card and entry.part == "cards" and getattr(cards[card_id], "category", None) == "digi-egg"
        ids["eggs" if is_egg else entry.part].extend([card_id] * entry.copies)
    if unknown_copies:
        total = len(ids["cards"]) + unknown_copies
        problems.append(
            f"The checks below leave the unknown cards out; with them the deck lists {counted(total, 'card')}"
        )
    # one entry per copy: a game's own reader may cap a single entry's count
    known: list[Any] = [{"card": c, "count": 1} for c in ids["cards"]] if how.counted else ids["cards"]
    document: dict[str, Any] = {"game": game_id, "name": name, "cards": known}
    if ids["eggs"]:
        document["eggs"] = [{"card": c, "count": 1} for c in ids["eggs"]]
    if any(entry.part in ("destiny", "partner") for entry in entries):
        document["destiny"] = ids["destiny"]
        document["partner"] = ids["partner"][0] if ids["partner"] else None
    _, _, rules = get_game(game_id).check_deck(document, source)
    return DeckReport(
        source, game_id, name, tuple(ids["cards"]), tuple(rules), tuple(ids["destiny"]), problems=tuple(problems)
    )


def _copies(entry: str | DeckEntry) -> int:
    return 1 if isinstance(entry, str) else entry.count


def find_cards(entries: list[Listed], index: CardIndex) -> tuple[list[tuple[Listed, str]], list[str], int]:
    """Each entry's card found by id, number or name; a line for each card not found (the first few, with the
    closest cards), and how many copies those are."""
    found: list[tuple[Listed, str]] = []
    problems: list[str] = []
    unknown = unknown_copies = 0
    for entry in entries:
        card_id, problem = index.find(entry.card)
        if card_id is not None:
            found.append((entry, card_id))
            continue
        unknown += 1
        unknown_copies += entry.copies if entry.part in ("cards",) else 0
        if unknown <= MAX_UNKNOWN_LISTED:
            problems.append(f"{entry.where}: {problem}")
    if unknown > MAX_UNKNOWN_LISTED:
        more = unknown - MAX_UNKNOWN_LISTED
        problems.append(f"… and {more} more unknown card{'s' if more > 1 else ''}")
    return found, problems, unknown_copies


def listed_copies(entries: list[Listed]) -> dict[str, int]:
    """The copies each part of a deck lists, summed from the counts (no card built)."""
    listed = dict.fromkeys(PARTS, 0)
    for entry in entries:
        if entry.part in listed:
            listed[entry.part] += entry.copies
    return listed


def oversize(game_id: str, listed: dict[str, int]) -> list[Reason]:
    """The deck-size rule's reason for each part listing more than ``OVERSIZE`` times its game's size (empty: none)."""
    reasons = []
    for rule in DECK_GAMES[game_id].sizes:
        size = _attribute(rule.size)
        if listed.get(rule.part, 0) > OVERSIZE * size:
            words = rule.words.format(listed=counted(listed[rule.part], "card"), size=size)
            reasons.append(
                Reason(
                    f"{words} (Past {OVERSIZE * size:,} cards the other deck rules are not checked.)",
                    _attribute(rule.rule),
                )
            )
    return reasons


class TooManyCards(Exception):
    """A deck text refused by its deck-size rule while it was being read (not a ValueError: YAML errors are those)."""

    def __init__(self, game_id: str, name: str | None, reasons: list[Reason], listed: int) -> None:
        super().__init__(reasons[0].why)
        self.game_id, self.name, self.reasons, self.listed = game_id, name, reasons, listed


class CopiesRead:
    """Sums the copies a deck text lists from its YAML parse events, as they are read, and at the end of the
    text refuses the deck (raising TooManyCards) if a part is past its game's size bound: nothing is built.

    Every entry counts at least 1, and its ``count`` only when that is a plain number from 1 to ``MAX_COUNT``
    (anything else counts 1 here and is refused by the schema): a deck refused here is refused by the full
    check too, by its size or by its shape.
    """

    def __init__(self, game_id: str | None) -> None:
        self.game = game_id if game_id in DECK_GAMES else None
        self.named_game = game_id is not None  #: the game was given: the file's ``game`` field does not choose it
        self.name: str | None = None
        self.listed = dict.fromkeys(PARTS, 0)
        #: per open collection: [is a mapping, its current key (None: a key comes next), an entry's copies, is a key]
        self.frames: list[list[Any]] = []

    def __call__(self, event: yaml.Event) -> None:
        frames = self.frames
        top = frames[-1] if frames else None
        if isinstance(event, yaml.ScalarEvent):
            if top is not None and top[0] and top[1] is None:
                top[1] = event.value  # a field name
                return
            self._value(event.value, event.implicit[0], len(frames))
            if top is not None and top[0]:
                top[1] = None
        elif isinstance(event, yaml.CollectionStartEvent):
            is_key = top is not None and top[0] and top[1] is None
            if top is not None and is_key:
                top[1] = ...  # a field name that is not a text (refused later): its value comes next
            frames.append([isinstance(event, yaml.MappingStartEvent), None, 1, is_key])
        elif isinstance(event, yaml.CollectionEndEvent):
            done = frames.pop()
            if done[0] and (part := self._part(len(frames))):
                self.listed[part] += done[2]  # an entry {card, count}
            if frames and frames[-1][0] and not done[3]:
                frames[-1][1] = None
        elif (
            isinstance(event, yaml.DocumentEndEvent)
            and self.game is not None
            and (reasons := oversize(self.game, self.listed))
        ):
            raise TooManyCards(self.game, self.name, reasons, self.listed["cards"])

    def _part(self, depth: int) -> str | None:
        """The part (cards, eggs) whose entry list is open at ``depth``, if it is."""
        frames = self.frames
        if depth == 2 and frames[0][0] and frames[0][1] in PARTS and not frames[1][0]:
            return frames[0][1]
        return None

    def _value(self, value: str, plain: bool, depth: int) -> None:
        """A value read at ``depth``: the game, the name, an entry that is a card id, or an entry's count."""
        frames = self.frames
        if depth == 1 and frames[0][0]:
            if frames[0][1] == "game" and not self.named_game and value in DECK_GAMES:
                self.game = value
            elif frames[0][1] == "name":
                self.name = value
        elif part := self._part(depth):
            self.listed[part] += 1  # an entry that is a card id
        elif depth == 3 and self._part(2) and frames[2][0] and frames[2][1] == "count":
            number = int(value) if plain and value.isascii() and value.isdigit() and len(value) <= 3 else 1
            frames[2][2] = number if 1 <= number <= MAX_COUNT else 1


def _refused(error: TooManyCards, source: str) -> DeckReport:
    return DeckReport(
        source, error.game_id, error.name or Path(source).stem, (), tuple(error.reasons), listed=error.listed
    )


def check_deck_file(path: str, game_id: str | None = None) -> DeckReport:
    """Check a deck file, YAML or a text list (its copies summed as they are read: a deck far past its size is
    refused unbuilt)."""
    return check_deck_text(read_text(path), path, game_id)


def check_deck_text(text: str, source: str = "pasted deck", game_id: str | None = None) -> DeckReport:
    """Check a deck pasted or uploaded: a YAML deck file, or a text list (one card a line) of the game given."""
    if is_text_list(text):
        return check_text_list(text, source, game_id)
    try:
        doc = parse_yaml(text, source, watch=CopiesRead(game_id))
    except TooManyCards as error:
        return _refused(error, source)
    return check_deck_document(doc, source, game_id)


def check_text_list(text: str, source: str, game_id: str | None) -> DeckReport:
    """Check a text deck list: its lines are capped and read into counts, and
    its size checked, before any card is built."""
    if game_id is None:
        first = next(line.strip() for line in text.splitlines() if line.strip())
        raise InputError(
            source,
            "",
            f"expected a YAML deck (game, name, cards) or, with --game GAME, a text deck list; got {excerpt(first)}",
        )
    game_id = deck_game(None, source, game_id)
    lines = read_lines(text, source, MAX_COUNT)
    if (zone := sum(line.count for line in lines if line.part == "destiny")) > MAX_COUNT:
        raise InputError(source, "", f"the Destiny Zone lists {counted(zone, 'card')}; at most {MAX_COUNT} are read")
    entries = [Listed(line.part, f"line {line.number}", line.card, line.count) for line in lines]
    return check_listed(entries, source, game_id, Path(source).stem, eggs_by_card=True)

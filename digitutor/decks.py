"""Checking deck lists for any playable game: legal, or every reason it is not, cited."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .core.errors import InputError
from .core.records import Reason
from .core.registry import GAME_MODULES, get_game
from .core.yamlio import load_yaml, parse_yaml


@dataclass(frozen=True)
class DeckReport:
    """A deck's name, its card ids, and every reason it is illegal (none: legal)."""

    source: str
    game: str
    name: str
    cards: tuple[str, ...]
    reasons: tuple[Reason, ...]

    @property
    def legal(self) -> bool:
        return not self.reasons

    def one_line(self) -> str:
        """The whole verdict as one line (for the command line)."""
        if self.legal:
            return f"{self.source}: {self.name}: legal {self.game} deck of {len(self.cards)} cards"
        why = "; ".join(f"{r.why} ({r.citation.id}: \"{r.citation.quote}\")" for r in self.reasons)
        return f"{self.source}: cards: {why}"


def check_deck_document(doc: Any, source: str, game_id: str | None = None) -> DeckReport:
    """Check a parsed deck document; unknown cards or a bad shape raise InputError."""
    if game_id is None:
        game_id = doc.get("game") if isinstance(doc, dict) else None
    if game_id not in GAME_MODULES:
        raise InputError(source, "game", f"expected one of {', '.join(GAME_MODULES)}, got {game_id!r}")
    name, cards, reasons = get_game(game_id).check_deck(doc, source)
    return DeckReport(source, game_id, name, tuple(cards), tuple(reasons))


def check_deck_file(path: str, game_id: str | None = None) -> DeckReport:
    return check_deck_document(load_yaml(path), path, game_id)


def check_deck_text(text: str, source: str = "pasted deck", game_id: str | None = None) -> DeckReport:
    """Check a deck pasted or uploaded as YAML text."""
    return check_deck_document(parse_yaml(text, source), source, game_id)

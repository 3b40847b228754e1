"""The five shipped rulebooks, parsed into trees of verbatim, addressable clauses.

>>> find_clause("dtector:how-to-win.p1").text[:40]
'The player with the highest number of po'

Every clause's text is exactly ``corpus.text[clause.start:clause.end]``; ids look
like ``dmb:battle-phase.4.1.1`` (see DESIGN.md). The list of every id is checked
in as ``digitutor/rulebooks/clause-ids.txt`` so that a changed id is a reviewed
change: regenerate it with ``python -m digitutor.rules.corpus --write-ids``.
"""

from __future__ import annotations

import argparse
import functools
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

import yaml

from digitutor.core.errors import DigitutorError
from digitutor.rules.model import Clause, ClauseKind, SearchHit
from digitutor.rules.parse_common import BookBuilder
from digitutor.rules.parse_markdown import parse_dcg
from digitutor.rules.parse_plain import parse_arena, parse_dbe, parse_dmb, parse_dtector

RULEBOOK_PACKAGE = "digitutor.rulebooks"
NOTES_FILE = "editor-notes.yaml"
IDS_FILE = "clause-ids.txt"

GAMES: dict[str, str] = {
    "dtector": "d-tector-card-game.txt",
    "arena": "arena-digi-battle.txt",
    "dmb": "digimon-battles.txt",
    "dbe": "digimon-battle-evolution.txt",
    "dcg": "digimon-card-game.md",
}

GAME_TITLES: dict[str, str] = {
    "dtector": "D-Tector Card Game",
    "arena": "Arena Digi-Battle Card Game",
    "dmb": "Digimon Battles",
    "dbe": "Digimon Battle Evolution",
    "dcg": "Digimon Card Game",
}

_PARSERS: dict[str, Callable[[BookBuilder], None]] = {
    "dtector": parse_dtector,
    "arena": parse_arena,
    "dmb": parse_dmb,
    "dbe": parse_dbe,
    "dcg": parse_dcg,
}


class UnknownClauseError(DigitutorError):
    """A clause id that no rulebook has."""

    def __init__(self, clause_id: str) -> None:
        super().__init__(f"unknown clause id {clause_id!r} (see `digitutor rules search`)")
        self.clause_id = clause_id


class UnknownGameError(DigitutorError):
    """A game id that is not one of :data:`GAMES`."""

    def __init__(self, game: str) -> None:
        super().__init__(f"unknown game {game!r} (known games: {', '.join(GAMES)})")
        self.game = game


@dataclass(frozen=True, eq=False)
class Corpus:
    """One rulebook: its exact text and its clauses, in document order."""

    game: str
    text: str  #: the whole shipped rulebook text
    clauses: dict[str, Clause]  #: id -> clause, in document order
    roots: tuple[str, ...]  #: top-level clause ids, in order

    @property
    def title(self) -> str:
        return GAME_TITLES[self.game]

    def clause(self, clause_id: str) -> Clause:
        """The clause with this id; :class:`UnknownClauseError` if there is none."""
        try:
            return self.clauses[clause_id]
        except KeyError:
            raise UnknownClauseError(clause_id) from None

    def context(self, clause_id: str, chars: int = 400) -> tuple[str, str, str]:
        """``(before, clause text, after)``: the rulebook around the clause's span."""
        clause = self.clause(clause_id)
        before = self.text[max(0, clause.start - chars) : clause.start]
        return before, clause.text, self.text[clause.end : clause.end + chars]


def _check_game(game: str) -> None:
    if game not in GAMES:
        raise UnknownGameError(game)


def rulebook_path(game: str) -> Path:
    """Where the shipped rulebook of ``game`` lives."""
    _check_game(game)
    return Path(str(resources.files(RULEBOOK_PACKAGE).joinpath(GAMES[game])))


@functools.cache
def editor_notes() -> dict[str, str]:
    """Editor's notes by clause id, from ``editor-notes.yaml`` (ids are checked on load)."""
    raw = resources.files(RULEBOOK_PACKAGE).joinpath(NOTES_FILE).read_text(encoding="utf-8")
    notes = yaml.safe_load(raw) or {}
    if not isinstance(notes, dict):
        raise ValueError(f"{NOTES_FILE}: expected a mapping of clause id -> note")
    for clause_id, note in notes.items():
        game = str(clause_id).partition(":")[0]
        if game not in GAMES or not isinstance(note, str) or not note.strip():
            raise ValueError(f"{NOTES_FILE}: bad entry {clause_id!r}: {note!r}")
    return {str(k): v.strip() for k, v in notes.items()}


@functools.cache
def uncited_reasons() -> dict[str, str]:
    """Why a clause of a playable game is cited by nothing (a picture's label,
    the table of contents ...), by clause id."""
    raw = resources.files(RULEBOOK_PACKAGE).joinpath("uncited.yaml").read_text(encoding="utf-8")
    reasons = yaml.safe_load(raw) or {}
    if not isinstance(reasons, dict) or not all(isinstance(v, str) and v.strip() for v in reasons.values()):
        raise ValueError("uncited.yaml: expected a mapping of clause id -> reason")
    return {str(k): v.strip() for k, v in reasons.items()}


@functools.cache
def load_corpus(game: str) -> Corpus:
    """Parse the rulebook of ``game`` (once per process)."""
    _check_game(game)
    text = rulebook_path(game).read_bytes().decode("utf-8")  # exact text, no newline translation
    book = BookBuilder(game, text)
    _PARSERS[game](book)
    notes = {k: v for k, v in editor_notes().items() if k.startswith(f"{game}:")}
    clauses = {clause.id: clause for clause in book.clauses(notes)}
    missing = sorted(set(notes) - set(clauses))
    if missing:
        raise ValueError(f"{NOTES_FILE}: note for unknown clause id {missing[0]!r}")
    roots = tuple(c.id for c in clauses.values() if c.parent is None)
    return Corpus(game=game, text=text, clauses=clauses, roots=roots)


def all_corpora() -> list[Corpus]:
    """Every rulebook, in the order of :data:`GAMES`."""
    return [load_corpus(game) for game in GAMES]


def find_clause(clause_id: str) -> Clause:
    """Look a clause up by its full id (``<game>:...``) in any rulebook."""
    game = clause_id.partition(":")[0]
    if game not in GAMES:
        raise UnknownClauseError(clause_id)
    return load_corpus(game).clause(clause_id)


def _is_container(clause: Clause, corpus: Corpus) -> bool:
    """A section whose heading the copy lost: its text is all of its content."""
    if clause.kind is not ClauseKind.SECTION or not clause.children:
        return False
    return corpus.clauses[clause.children[0]].start <= clause.end


def _score(haystack: str, words: Sequence[str], phrase: str, breadcrumb: str) -> float:
    """Occurrences of the words, plus bonuses for whole words and the exact phrase."""
    score = 0.0
    for word in words:
        count = haystack.count(word)
        if not count:
            return 0.0
        whole = len(re.findall(rf"(?<!\w){re.escape(word)}(?!\w)", haystack))
        score += count + whole
    if len(words) > 1 and phrase in haystack:
        score += 5
    if phrase in breadcrumb:
        score += 5
    return score


def search(words: str, game: str | None = None, limit: int = 20) -> list[SearchHit]:
    """Clauses whose breadcrumb + text contain every word (case-insensitive), best first.

    Ranked by occurrences, with bonuses for whole-word, whole-phrase and title
    matches; ties keep document order.
    """
    terms = words.lower().split()
    if not terms:
        return []
    phrase = " ".join(terms)
    corpora = [load_corpus(game)] if game is not None else all_corpora()
    hits: list[tuple[float, int, Clause]] = []
    order = 0
    for corpus in corpora:
        for clause in corpus.clauses.values():
            order += 1
            crumb = clause.breadcrumb.lower()
            own = "" if _is_container(clause, corpus) else clause.text.lower()
            score = _score(f"{crumb}\n{own}", terms, phrase, crumb)
            if score:
                hits.append((-score, order, clause))
    hits.sort(key=lambda hit: (hit[0], hit[1]))
    return [SearchHit(clause, -score) for score, _, clause in hits[:limit]]


def all_clause_ids() -> list[str]:
    """Every clause id of every game, in corpus order."""
    return [clause_id for corpus in all_corpora() for clause_id in corpus.clauses]


def default_ids_path() -> Path:
    return Path(str(resources.files(RULEBOOK_PACKAGE).joinpath(IDS_FILE)))


def write_clause_ids(path: Path | str | None = None) -> Path:
    """Write the checked-in list of clause ids (one per line); returns the path."""
    target = Path(path) if path is not None else default_ids_path()
    target.write_text("\n".join(all_clause_ids()) + "\n", encoding="utf-8", newline="\n")
    return target


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m digitutor.rules.corpus", description="Rulebook clause corpus tools."
    )
    parser.add_argument(
        "--write-ids",
        nargs="?",
        const="",
        metavar="PATH",
        help=f"regenerate {IDS_FILE} (or write the id list to PATH)",
    )
    args = parser.parse_args(argv)
    if args.write_ids is not None:
        print(f"wrote {write_clause_ids(args.write_ids or None)}")
        return 0
    for corpus in all_corpora():
        sections = sum(c.kind is ClauseKind.SECTION for c in corpus.clauses.values())
        print(f"{corpus.game}: {len(corpus.clauses)} clauses, {sections} sections")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

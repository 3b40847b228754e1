"""The reviewed term index of each game: a word a learner meets, and the clause that defines it.

>>> next(t for t in load_terms("dcg") if t.term == "memory").clause
'dcg:paying-memory-costs.p1'

One YAML file per game (``digitutor/rulebooks/terms/<game>.yaml``), taken by hand from each rulebook's glossary
and definitions; where no clause defines a word it is left out, or points to a named interpretation. The loader
refuses a file with an unknown clause id, an empty term or form, or a word listed twice, in one line naming the
file and the entry. Display code (``widgets/termlinks.py``) links the words; nothing here decides a rule.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from importlib import resources
from typing import Any

import yaml

from ..core.errors import DigitutorError
from .citations import INTERPRETATIONS
from .corpus import GAMES, RULEBOOK_PACKAGE, UnknownClauseError, UnknownGameError, find_clause

TERMS_FOLDER = "terms"
CASES = ("any", "exact")


class TermIndexError(DigitutorError):
    """A term file that cannot be used, said in one line naming the file and the entry."""


@dataclass(frozen=True, slots=True)
class Term:
    """One word of a game and where its meaning is written."""

    game: str
    term: str  #: the headword, as the rulebook writes it
    forms: tuple[str, ...]  #: the spellings linked in text, matched as whole words
    exact: bool  #: True: a form matches only as written; False: in any case
    clause: str  #: a clause id, or an interpretation id (``<game>:interpretation.<slug>``)

    @property
    def interpretation(self) -> bool:
        """True when the word points to the tutor's named reading, not to rulebook text."""
        return self.clause.split(":", 1)[-1].startswith("interpretation.")


def terms_file(game: str) -> str:
    """The file name of ``game``'s index, as errors name it."""
    return f"{TERMS_FOLDER}/{game}.yaml"


def _strings(value: Any, what: str, where: str) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise TermIndexError(f"{where}: {what} must be a list of words, got {value!r}")
    if any(not item.strip() for item in value):
        raise TermIndexError(f"{where}: {what} has an empty word")
    return tuple(item.strip() for item in value)


def _clause_exists(clause: str, game: str, where: str) -> None:
    if not clause.startswith(f"{game}:"):
        raise TermIndexError(f"{where}: clause {clause!r} is not a clause of {game}")
    if ":interpretation." in clause:
        _declare_interpretations(game)
        if clause not in INTERPRETATIONS:
            raise TermIndexError(f"{where}: unknown interpretation {clause!r} (see docs/interpretations.md)")
        return
    try:
        find_clause(clause)
    except UnknownClauseError:
        raise TermIndexError(f"{where}: unknown clause id {clause!r}") from None


def _declare_interpretations(game: str) -> None:
    """Load the game's rules, which declare its named interpretations (display code has them loaded already)."""
    from ..core.registry import get_game

    get_game(game)


def _entry(raw: Any, number: int, game: str, source: str) -> Term:
    where = f"{source}: entry {number}"
    if not isinstance(raw, dict):
        raise TermIndexError(f"{where}: expected a mapping with term and clause, got {raw!r}")
    unknown = set(raw) - {"term", "forms", "case", "clause"}
    if unknown:
        raise TermIndexError(f"{where}: unknown field {sorted(unknown)[0]!r}")
    term = raw.get("term")
    if not isinstance(term, str) or not term.strip():
        raise TermIndexError(f"{where}: empty term")
    where = f"{source}: entry {number} ({term.strip()!r})"
    clause = raw.get("clause")
    if not isinstance(clause, str) or not clause.strip():
        raise TermIndexError(f"{where}: no clause")
    _clause_exists(clause.strip(), game, where)
    case = raw.get("case", "any")
    if case not in CASES:
        raise TermIndexError(f"{where}: case must be one of {', '.join(CASES)}, got {case!r}")
    forms = _strings(raw.get("forms"), "forms", where) or (term.strip(),)
    return Term(game, term.strip(), forms, case == "exact", clause.strip())


def parse_terms(doc: Any, game: str, source: str) -> tuple[Term, ...]:
    """The entries of one term file, checked; :class:`TermIndexError` names the file and the entry."""
    if not isinstance(doc, dict) or not isinstance(doc.get("terms"), list):
        raise TermIndexError(f"{source}: expected a mapping with a list of terms")
    if doc.get("game") != game:
        raise TermIndexError(f"{source}: says game {doc.get('game')!r}, expected {game!r}")
    terms = tuple(_entry(raw, number, game, source) for number, raw in enumerate(doc["terms"], 1))
    seen: dict[str, str] = {}  # a word (casefolded unless exact) -> the headword of the entry that has it
    for number, term in enumerate(terms, 1):
        for word in dict.fromkeys((term.term, *term.forms)):
            key = word if term.exact else word.casefold()
            if key in seen:
                raise TermIndexError(
                    f"{source}: entry {number} ({term.term!r}): duplicate term {word!r} (also under {seen[key]!r})"
                )
        seen.update({(w if term.exact else w.casefold()): term.term for w in (term.term, *term.forms)})
    return terms


@functools.cache
def load_terms(game: str) -> tuple[Term, ...]:
    """The reviewed term index of ``game`` (once per process)."""
    if game not in GAMES:
        raise UnknownGameError(game)
    source = terms_file(game)
    path = resources.files(RULEBOOK_PACKAGE).joinpath(TERMS_FOLDER, f"{game}.yaml")
    if not path.is_file():
        return ()
    try:
        doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as error:
        raise TermIndexError(f"{source}: not valid YAML ({str(error).splitlines()[0]})") from None
    return parse_terms(doc, game, source)


def defining_text(term: Term) -> tuple[str, str]:
    """(heading, text) of what defines the word: the clause's breadcrumb and verbatim text, or the interpretation's
    title and reading."""
    if term.interpretation:
        _declare_interpretations(term.game)
        known = INTERPRETATIONS[term.clause]
        return known.title, known.text
    clause = find_clause(term.clause)
    return clause.breadcrumb, clause.text

"""Lesson files: the records and their field-by-field validation.

A lesson file lives in ``cards/<game>/lessons/<name>.yaml`` (safe-loaded, never executed)::

    game: dtector
    title: Your first D-Tector game
    seed: 1
    seat: 0                  # the learner's seat
    opponent: first          # the computer's agent for the other seat
    setup: {board: {...}}    # or {decks: [[...], [...]]}; omitted: the game's default setup
    script: [agumon, done]   # the learner's intended answers, shown as suggestions (optional)
    concepts: [Battle Call, Digivolving]   # what it introduces: 1-6 short names (optional)
    needs: [How to win]      # concepts an earlier lesson of the course introduced (optional; chapters.py checks)
    intro: Text shown before the first step.
    notes:
      - when: {phase: battle-call}     # step, phase, narration, event, cites, decision
        title: Battle Call
        text: What happens here, in plain words.
        quotes: [dtector:battle-call-command-phase.p1]   # optional: clauses the note quotes in full
    questions:                         # engine-graded (optional; a course lesson has at least three)
      - at: {decision: attack}         # the same keys as a note's ``when``
        ask: why-not                   # may-now, why-not, next-rule or what-next
        action: "attack:greymon"       # why-not only: an option key that is illegal there
        text: Optional wording of the prompt.
    until: {phase: end, step: 41}      # optional: the lesson ends at this moment (same keys as a note's ``when``)
    exercises: [...]                   # optional: goals the learner reaches alone (exercise_model.py)
    outro: Text shown when the lesson ends: at its ``until``, else when the game is over.

A note (or question) belongs to the first step, or the learner's decision, that matches
every key of its ``when`` (``at``); autoplay and "run to my decision" stop there.
Nothing in a file says which answer of a question is right: the engine computes it.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.errors import InputError, excerpt
from ..core.registry import GAME_MODULES, get_game
from ..core.yamlio import parse_yaml, read_text
from ..rules.corpus import load_corpus
from ..rules.model import ClauseKind
from .exercise_model import Exercise, parse_exercises
from .moments import Moment, parse_when

FIELDS = {
    "game",
    "title",
    "seed",
    "seat",
    "opponent",
    "setup",
    "script",
    "concepts",
    "needs",
    "intro",
    "notes",
    "questions",
    "outro",
    "until",
    "exercises",
}
#: what a question may ask, in the order the documentation lists them
ASKS = ("may-now", "why-not", "next-rule", "what-next")
#: asks that are about the learner's options at a decision, so their ``at`` must be a decision
ASKED_AT_DECISION = {"may-now", "why-not"}
QUESTION_KEYS = {"at", "ask", "action", "text"}
MAX_CONCEPTS = 6
MAX_CONCEPT_CHARS = 60


@dataclass(frozen=True)
class Note(Moment):
    """One piece of lesson text and the moment it belongs to."""

    title: str = ""
    text: str = ""
    quotes: tuple[str, ...] = ()  #: clause ids of the game's rulebook the note quotes in full (shown unfolded)


@dataclass(frozen=True)
class Question(Moment):
    """A question the engine grades: what to ask (``ask``) at a moment; never its answer."""

    ask: str = "may-now"
    action: str | None = None  #: why-not: the option key that is illegal at that point
    text: str = ""  #: optional wording of the prompt


@dataclass(frozen=True)
class Lesson:
    """A validated lesson file."""

    id: str  #: ``<game>/<file stem>``
    path: str
    game: str
    title: str
    seed: int
    seat: int
    opponent: str
    setup: dict[str, Any] | None
    script: tuple[str, ...]
    intro: str
    notes: tuple[Note, ...]
    outro: str
    concepts: tuple[str, ...] = ()
    needs: tuple[str, ...] = ()  #: concepts an earlier lesson introduced (the course check holds them to it)
    questions: tuple[Question, ...] = ()
    hash: str = ""  #: short sha256 of the file's bytes: kept progress is keyed by it
    until: Moment | None = None  #: where the lesson ends before the game does (None: at the game's end)
    exercises: tuple[Exercise, ...] = ()  #: what the learner does alone after the lesson (exercises.py grades them)

    @property
    def name(self) -> str:
        """The file stem: ``first-game`` or ``03-tamers``."""
        return self.id.partition("/")[2]


def file_hash(data: bytes) -> str:
    """A lesson's content hash: the first 12 hex digits of the SHA-256 of its file."""
    return hashlib.sha256(data).hexdigest()[:12]


def _text(doc: dict[str, Any], key: str, source: str, required: bool = False, where: str = "") -> str:
    value = doc.get(key, "")
    if not isinstance(value, str) or (required and not value.strip()):
        raise InputError(
            source, where + key, f"expected {'a non-empty ' if required else ''}text, got {excerpt(value)}"
        )
    return value.strip()


def _int(doc: dict[str, Any], key: str, source: str, default: int, allowed: range | None = None) -> int:
    value = doc.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or (allowed is not None and value not in allowed):
        span = "" if allowed is None else f" from {allowed.start} to {allowed.stop - 1}"
        raise InputError(source, key, f"expected a whole number{span}, got {excerpt(value)}")
    return value


def _note(entry: Any, where: str, source: str, phases: set[str], game: str = "") -> Note:
    if not isinstance(entry, dict) or set(entry) - {"when", "title", "text", "quotes"}:
        raise InputError(source, where, "expected a mapping with when, title and text (and quotes)")
    when = parse_when(entry.get("when"), f"{where}.when", source, phases)
    title, text = _text(entry, "title", source, True, f"{where}."), _text(entry, "text", source, True, f"{where}.")
    return Note(when, title, text, _quotes(entry.get("quotes"), f"{where}.quotes", source, game))


def _quotes(value: Any, where: str, source: str, game: str) -> tuple[str, ...]:
    """A note's ``quotes``: ids of clauses of the game's rulebook (not headings), each once."""
    if value is None:
        return ()
    if not isinstance(value, list) or not value:
        raise InputError(source, where, f"expected a non-empty list of clause ids, got {excerpt(value)}")
    clauses = load_corpus(game).clauses
    for i, clause_id in enumerate(value):
        clause = clauses.get(clause_id) if isinstance(clause_id, str) else None
        if clause is None or clause.kind is ClauseKind.SECTION:
            raise InputError(
                source,
                f"{where}[{i}]",
                f"expected a clause id of the {game} rulebook (not a heading), got {excerpt(clause_id)}",
            )
    if len(set(value)) != len(value):
        raise InputError(source, where, "a clause is quoted twice")
    return tuple(value)


def _question(entry: Any, where: str, source: str, phases: set[str]) -> Question:
    if not isinstance(entry, dict):
        raise InputError(source, where, f"expected a mapping with at, ask (and action, text), got {excerpt(entry)}")
    unknown = sorted(set(entry) - QUESTION_KEYS)
    if unknown:
        raise InputError(
            source, f"{where}.{unknown[0]}", f"unknown field (expected {', '.join(sorted(QUESTION_KEYS))})"
        )
    at = parse_when(entry.get("at"), f"{where}.at", source, phases)
    ask = entry.get("ask")
    if ask not in ASKS:
        raise InputError(source, f"{where}.ask", f"expected one of {', '.join(ASKS)}, got {excerpt(ask)}")
    if ask in ASKED_AT_DECISION and not any(key == "decision" for key, _ in at):
        raise InputError(source, f"{where}.at", f"a {ask} question is asked at a decision: expected {{decision: KIND}}")
    action = entry.get("action")
    if ask == "why-not" and (not isinstance(action, str) or not action.strip()):
        raise InputError(
            source, f"{where}.action", f"expected the option key a why-not question asks about, got {excerpt(action)}"
        )
    if ask != "why-not" and action is not None:
        raise InputError(source, f"{where}.action", f"only a why-not question takes an action (this one asks {ask})")
    text = _text(entry, "text", source, False, f"{where}.")
    return Question(at, ask, action.strip() if isinstance(action, str) else None, text)


def _concepts(value: Any, source: str, field: str = "concepts") -> tuple[str, ...]:
    if value is None:
        return ()
    if not isinstance(value, list) or not 1 <= len(value) <= MAX_CONCEPTS:
        raise InputError(source, field, f"expected a list of 1 to {MAX_CONCEPTS} short names, got {excerpt(value)}")
    for number, name in enumerate(value):
        if not isinstance(name, str) or not name.strip() or len(name) > MAX_CONCEPT_CHARS or "\n" in name:
            raise InputError(
                source,
                f"{field}[{number}]",
                f"expected a short name (one line, 1 to {MAX_CONCEPT_CHARS} characters), got {excerpt(name)}",
            )
    return tuple(name.strip() for name in value)


def _list(doc: dict[str, Any], key: str, source: str, what: str) -> list[Any]:
    value = doc.get(key) or []
    if not isinstance(value, list):
        raise InputError(source, key, f"expected a list of {what}, got {excerpt(value)}")
    return value


def parse_lesson(doc: Any, source: str, content_hash: str = "") -> Lesson:
    """Validate a lesson document field by field; raises InputError naming the file and field."""
    if not isinstance(doc, dict):
        raise InputError(source, "", "expected a mapping with game, title, notes")
    unknown = set(doc) - FIELDS
    if unknown:
        raise InputError(source, sorted(unknown)[0], f"unknown field (expected {', '.join(sorted(FIELDS))})")
    game_id = doc.get("game")
    if game_id not in GAME_MODULES:
        raise InputError(source, "game", f"expected one of {', '.join(GAME_MODULES)}, got {excerpt(game_id)}")
    game = get_game(game_id)
    setup = doc.get("setup")
    if setup is not None and not isinstance(setup, dict):
        raise InputError(source, "setup", "expected a mapping (board: ... or decks: ...)")
    script = doc.get("script") or []
    if not isinstance(script, list) or not all(isinstance(answer, str) for answer in script):
        raise InputError(source, "script", "expected a list of option keys (strings)")
    opponent = doc.get("opponent", "first")
    if not isinstance(opponent, str):
        raise InputError(source, "opponent", f"expected an agent name, got {excerpt(opponent)}")
    notes = _list(doc, "notes", source, "notes")
    questions = _list(doc, "questions", source, "questions")
    phases = {phase.id for phase in game.turn_map()}
    return Lesson(
        id=f"{game_id}/{Path(source).stem}",
        path=source,
        game=game_id,
        title=_text(doc, "title", source, True),
        seed=_int(doc, "seed", source, 1),
        seat=_int(doc, "seat", source, 0, range(game.players)),
        opponent=opponent,
        setup=setup,
        script=tuple(script),
        intro=_text(doc, "intro", source),
        notes=tuple(_note(entry, f"notes[{i}]", source, phases, game_id) for i, entry in enumerate(notes)),
        outro=_text(doc, "outro", source),
        concepts=_concepts(doc.get("concepts"), source),
        needs=_concepts(doc.get("needs"), source, "needs"),
        questions=tuple(_question(entry, f"questions[{i}]", source, phases) for i, entry in enumerate(questions)),
        hash=content_hash,
        until=None if "until" not in doc else Moment(parse_when(doc["until"], "until", source, phases)),
        exercises=parse_exercises(doc.get("exercises"), f"{game_id}/{Path(source).stem}", source, game_id, phases),
    )


def load_lesson(path: Path | str) -> Lesson:
    """Read and validate a lesson file; its record carries the file's content hash."""
    text = read_text(path)
    return parse_lesson(parse_yaml(text, str(path)), str(path), file_hash(text.encode("utf-8")))

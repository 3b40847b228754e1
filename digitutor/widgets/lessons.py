"""Lessons: a prepared first game plus plain-words notes that pause at each new concept.

A lesson file lives in ``cards/<game>/lessons/<name>.yaml`` (safe-loaded, never executed)::

    game: dtector
    title: Your first D-Tector game
    seed: 1
    seat: 0                  # the learner's seat
    opponent: first          # the computer's agent for the other seat
    setup: {board: {...}}    # or {decks: [[...], [...]]}; omitted: the game's default setup
    script: [agumon, done]   # the learner's intended answers, shown as suggestions (optional)
    intro: Text shown before the first step.
    notes:
      - when: {phase: battle-call}     # step, phase, narration, event, cites, decision
        title: Battle Call
        text: What happens here, in plain words.
    outro: Text shown when the game is over.

A note is shown at the first step (or person's decision) that matches every key of
its ``when``; autoplay and "run to my decision" stop there.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from ..core.errors import InputError
from ..core.match import Match
from ..core.records import Decision, Step
from ..core.registry import GAME_MODULES, get_game
from ..core.yamlio import load_yaml

FIELDS = {"game", "title", "seed", "seat", "opponent", "setup", "script", "intro", "notes", "outro"}
STEP_KEYS = {"step", "phase", "narration", "event", "cites"}
WHEN_KEYS = STEP_KEYS | {"decision"}
DEFAULT_LESSON = "first-game"


@dataclass(frozen=True)
class Note:
    """One piece of lesson text and the moment it belongs to."""

    title: str
    text: str
    when: tuple[tuple[str, Any], ...]

    @property
    def on_decision(self) -> bool:
        return any(key == "decision" for key, _ in self.when)

    def matches_step(self, index: int, step: Step) -> bool:
        """True when every key of ``when`` holds for step ``index``."""
        checks = {
            "step": lambda v: index == v,
            "phase": lambda v: step.phase == v,
            "narration": lambda v: v in step.narration,
            "event": lambda v: any(event.kind == v for event in step.events),
            "cites": lambda v: any(citation.id == v for citation in step.citations),
        }
        return not self.on_decision and all(checks[key](value) for key, value in self.when)

    def matches_decision(self, kind: str) -> bool:
        return self.on_decision and dict(self.when)["decision"] == kind


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


def _text(doc: dict[str, Any], key: str, source: str, required: bool = False) -> str:
    value = doc.get(key, "")
    if not isinstance(value, str) or (required and not value.strip()):
        raise InputError(source, key, f"expected {'a non-empty ' if required else ''}text, got {value!r}")
    return value.strip()


def _int(doc: dict[str, Any], key: str, source: str, default: int, allowed: range | None = None) -> int:
    value = doc.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or (allowed is not None and value not in allowed):
        raise InputError(source, key, f"expected a whole number{'' if allowed is None else f' from {allowed.start} to {allowed.stop - 1}'}, got {value!r}")
    return value


def _note(entry: Any, where: str, source: str, phases: set[str]) -> Note:
    if not isinstance(entry, dict) or set(entry) - {"when", "title", "text"}:
        raise InputError(source, where, "expected a mapping with when, title and text")
    when = entry.get("when")
    if not isinstance(when, dict) or not when or set(when) - WHEN_KEYS:
        raise InputError(source, f"{where}.when", f"expected a mapping with some of {', '.join(sorted(WHEN_KEYS))}")
    if "decision" in when and set(when) != {"decision"}:
        raise InputError(source, f"{where}.when", "a decision note takes only the key 'decision'")
    for key, value in when.items():
        kind = int if key == "step" else str
        if not isinstance(value, kind) or isinstance(value, bool):
            raise InputError(source, f"{where}.when.{key}", f"expected a {kind.__name__}, got {value!r}")
    if "phase" in when and when["phase"] not in phases:
        raise InputError(source, f"{where}.when.phase", f"expected one of {', '.join(sorted(phases))}, got {when['phase']!r}")
    return Note(_text(entry, "title", source, True), _text(entry, "text", source, True), tuple(sorted(when.items())))


def parse_lesson(doc: Any, source: str) -> Lesson:
    """Validate a lesson document field by field; raises InputError naming the file and field."""
    if not isinstance(doc, dict):
        raise InputError(source, "", "expected a mapping with game, title, notes")
    unknown = set(doc) - FIELDS
    if unknown:
        raise InputError(source, sorted(unknown)[0], f"unknown field (expected {', '.join(sorted(FIELDS))})")
    game_id = doc.get("game")
    if game_id not in GAME_MODULES:
        raise InputError(source, "game", f"expected one of {', '.join(GAME_MODULES)}, got {game_id!r}")
    game = get_game(game_id)
    setup = doc.get("setup")
    if setup is not None and not isinstance(setup, dict):
        raise InputError(source, "setup", "expected a mapping (board: ... or decks: ...)")
    script = doc.get("script") or []
    if not isinstance(script, list) or not all(isinstance(answer, str) for answer in script):
        raise InputError(source, "script", "expected a list of option keys (strings)")
    opponent = doc.get("opponent", "first")
    if not isinstance(opponent, str):
        raise InputError(source, "opponent", f"expected an agent name, got {opponent!r}")
    notes = doc.get("notes") or []
    if not isinstance(notes, list):
        raise InputError(source, "notes", "expected a list of notes")
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
        notes=tuple(_note(entry, f"notes[{i}]", source, phases) for i, entry in enumerate(notes)),
        outro=_text(doc, "outro", source),
    )


def load_lesson(path: Path | str) -> Lesson:
    return parse_lesson(load_yaml(path), str(path))


def lesson_path(game_id: str, name: str = DEFAULT_LESSON) -> Path:
    """Where the shipped lesson ``name`` of ``game_id`` lives (it may not exist)."""
    return Path(str(resources.files("digitutor.cards"))) / game_id / "lessons" / f"{name}.yaml"


def lesson_for(game_id: str, name: str = DEFAULT_LESSON) -> Lesson | None:
    """The shipped lesson of a game, or None when that game has none yet."""
    path = lesson_path(game_id, name)
    return load_lesson(path) if path.is_file() else None


def play_lesson(lesson: Lesson, max_steps: int = 5000) -> Match:
    """The lesson's game played to the end: the learner answers from the script, then with the first legal option."""
    players = get_game(lesson.game).players
    agents = tuple("human" if seat == lesson.seat else lesson.opponent for seat in range(players))
    match = Match(lesson.game, lesson.seed, lesson.setup, agents, lesson.path)
    script = list(lesson.script)
    for _ in range(max_steps):
        outcome = match.advance()
        if outcome is None:
            break
        if isinstance(outcome, Decision):
            match.choose(script.pop(0) if script else outcome.legal_options[0].key)
    return match


class LessonTracker:
    """Which lesson notes fire at which step of a match (each note fires once, at its first match)."""

    def __init__(self, lesson: Lesson | None) -> None:
        self.lesson = lesson
        self._reset()

    def _reset(self) -> None:
        self._at: dict[int, list[Note]] = {}
        self._fired: set[int] = set()
        self._scanned = 0
        self._last: Step | None = None
        self._points: set[int] = set()

    def notes_at(self, index: int) -> tuple[Note, ...]:
        return tuple(self._at.get(index, ()))

    def latest(self, index: int) -> tuple[int, tuple[Note, ...]] | None:
        """The notes of the last step at or before ``index`` that has any."""
        best = max((i for i in self._at if i <= index), default=None)
        return None if best is None else (best, tuple(self._at[best]))

    def update(self, match: Match) -> None:
        """Scan the steps and decisions that are new since the last update (all, after a rewind)."""
        if self.lesson is None:
            return
        steps = match.steps
        if self._scanned > len(steps) or (self._scanned and steps[self._scanned - 1] is not self._last):
            self._reset()
        for index in range(self._scanned, len(steps)):
            self._fire(index, lambda note, i=index: note.matches_step(i, steps[i]))
        self._scanned = len(steps)
        self._last = steps[-1] if steps else None
        points = [(d.step - 1, d.kind) for d in match.decisions if d.by == "human"]
        if match.pending is not None:
            points.append((len(steps) - 1, match.pending.kind))
        for index, kind in points:
            if index not in self._points:
                self._points.add(index)
                self._fire(index, lambda note, k=kind: note.matches_decision(k))

    def _fire(self, index: int, test: Any) -> None:
        assert self.lesson is not None
        for number, note in enumerate(self.lesson.notes):
            if number not in self._fired and test(note):
                self._fired.add(number)
                self._at.setdefault(index, []).append(note)

"""Progress that is kept: lessons finished and questions answered right, in the browser's local storage.

No account and no server state: a small anywidget (the progress bridge) reads
``localStorage["digitutor:progress:<game>"]`` when the page opens and writes it back after each
change. Each lesson's entry carries the lesson file's content hash, so a changed lesson does not
claim the progress of its old text::

    {"version": 1, "lessons": {"dcg/first-game": {"hash": "3f2a9c0d41be", "finished": true, "right": [0, 2]}}}

A lesson with exercises also keeps the best stars of each exercise solved (``"stars": {"<exercise id>": 3}``);
the entry leaves ``stars`` out when there are none, so the form written before exercises is still read and written
the same way.

What the page sends is untrusted: it is size-capped (in the page and here), parsed as JSON only and
checked field by field; anything that does not fit is dropped, which leaves "no progress", never a
traceback. This module reads lesson files as bytes only (no game, no rulebook), so the start page
stays quick.

>>> progress = Progress({"dcg": course_hashes("dcg")})
>>> progress.mark_finished("dcg/first-game"); progress.record_answer("dcg/first-game", 0, True)
>>> progress.state("dcg")   # {"dcg/first-game": {"finished": True, "right": [0]}}
"""

from __future__ import annotations

import functools
import hashlib
import json
import logging
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from traitlets import HasTraits, Int

from ..lessons.course import course_files

log = logging.getLogger("digitutor.widgets")

STORE_PREFIX = "digitutor:progress:"
VERSION = 1
#: the longest text a page may send for one game's progress (a course of 30 lessons needs about 3,000, and each
#: exercise's stars about 30 more)
MAX_TEXT = 50_000
#: the most lessons, and questions of one lesson, a stored entry may name
MAX_LESSONS = 200
MAX_QUESTION = 999
#: an exercise's stored stars: its id (lesson files allow lowercase words joined by hyphens), 0 to 3 stars
EXERCISE_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
MAX_EXERCISES, MAX_STARS = 12, 3
#: a folder of courses (``<folder>/<game>/first-game.yaml``, ``NN-*.yaml``) used instead of the shipped ones
LESSONS_ENV = "DIGITUTOR_LESSONS"


# -- which lessons a course has ---------------------------------------------------------------------


def lessons_folder(game_id: str) -> Path:
    """The folder of ``game_id``'s lessons: ``$DIGITUTOR_LESSONS/<game>`` when that exists, else the shipped one."""
    override = os.environ.get(LESSONS_ENV, "")
    if override and (Path(override) / game_id).is_dir():
        return Path(override) / game_id
    return Path(str(resources.files("digitutor.cards"))) / game_id / "lessons"


def course_paths(game_id: str) -> tuple[Path, ...]:
    """The lesson files of a game in course order (the lesson engine's order), from ``lessons_folder``."""
    return tuple(course_files(game_id, lessons_folder(game_id)))


def lesson_hash(path: Path | str) -> str:
    """The lesson file's content hash: sha256 of its bytes, first 12 hex digits."""
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()[:12]


def course_hashes(game_id: str) -> dict[str, str]:
    """Lesson id (``<game>/<file stem>``) -> content hash, for every lesson of the game's course."""
    return {f"{game_id}/{path.stem}": lesson_hash(path) for path in course_paths(game_id)}


# -- the stored document --------------------------------------------------------------------------


@dataclass(frozen=True)
class LessonProgress:
    """What is kept of one lesson."""

    finished: bool = False
    right: frozenset[int] = frozenset()  #: numbers of the questions answered right (at least once)
    stars: tuple[tuple[str, int], ...] = ()  #: (exercise id, best stars), sorted by id

    def merged(self, other: LessonProgress) -> LessonProgress:
        best = dict(self.stars)
        for exercise, count in other.stars:
            best[exercise] = max(count, best.get(exercise, 0))
        return LessonProgress(self.finished or other.finished, self.right | other.right, tuple(sorted(best.items())))


def _stars(value: Any) -> tuple[tuple[str, int], ...] | None:
    """A stored ``stars`` mapping (exercise id -> 0 to 3), or None when it is malformed."""
    if not isinstance(value, dict) or len(value) > MAX_EXERCISES:
        return None
    for exercise, count in value.items():
        if len(exercise) > 60 or not EXERCISE_ID.match(exercise) or type(count) is not int:
            return None
        if not 0 <= count <= MAX_STARS:
            return None
    return tuple(sorted(value.items()))


def _small_int(text: str) -> int | None:
    """A whole number of the stored JSON; None (which no check accepts) for one too long to be anything we store."""
    return None if len(text) > 6 else int(text)


def _entry(value: Any, digest: str) -> LessonProgress | None:
    """One stored lesson entry, or None when it is malformed or kept for another version of the lesson."""
    if not isinstance(value, dict) or value.get("hash") != digest:
        return None
    finished, right = value.get("finished", False), value.get("right", [])
    if not isinstance(finished, bool) or not isinstance(right, list) or len(right) > MAX_QUESTION + 1:
        return None
    if not all(type(number) is int and 0 <= number <= MAX_QUESTION for number in right):
        return None
    stars = _stars(value.get("stars", {}))
    if stars is None:
        return None
    return LessonProgress(finished, frozenset(right), stars)


def read_progress(text: Any, hashes: Mapping[str, str]) -> dict[str, LessonProgress]:
    """The progress kept in ``text`` for the lessons of ``hashes`` (id -> content hash); {} when it is not ours.

    Only JSON is read, never evaluated; an entry whose hash is not the lesson's current one is left out.
    """
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        return {}
    try:
        doc = json.loads(text, parse_int=_small_int, parse_float=lambda _text: None, parse_constant=lambda _text: None)
    except (ValueError, RecursionError):
        return {}
    if not isinstance(doc, dict) or type(doc.get("version")) is not int or doc["version"] != VERSION:
        return {}
    lessons = doc.get("lessons")
    if not isinstance(lessons, dict) or len(lessons) > MAX_LESSONS:
        return {}
    kept = {}
    for lesson_id, value in lessons.items():
        entry = _entry(value, hashes[lesson_id]) if lesson_id in hashes else None
        if entry is not None:
            kept[lesson_id] = entry
    return kept


def progress_text(entries: Mapping[str, LessonProgress], hashes: Mapping[str, str]) -> str:
    """The document to store for one game."""
    lessons = {
        lesson_id: {"hash": hashes[lesson_id], "finished": entry.finished, "right": sorted(entry.right)}
        | ({"stars": dict(entry.stars)} if entry.stars else {})
        for lesson_id, entry in sorted(entries.items())
        if lesson_id in hashes
    }
    return json.dumps({"version": VERSION, "lessons": lessons}, separators=(",", ":"))


# -- the bridge to the page -----------------------------------------------------------------------

ESM = """
function render({ model, el }) {
  el.classList.add("dt-progress-bridge");
  const prefix = model.get("prefix"), cap = model.get("cap");
  const games = () => model.get("games") || [];
  // what this browser kept, sent as plain text: the kernel checks it (too long: nothing is sent)
  const send = (game) => {
    let text = null;
    try { text = localStorage.getItem(prefix + game); } catch (error) { return; }
    if (typeof text === "string" && text.length <= cap) model.send({ action: "progress", game: game, text: text });
  };
  games().forEach(send);
  const written = {};
  const store = () => {
    const wanted = model.get("store") || {};
    for (const game of Object.keys(wanted)) {
      if (!games().includes(game) || typeof wanted[game] !== "string" || written[game] === wanted[game]) continue;
      try { localStorage.setItem(prefix + game, wanted[game]); written[game] = wanted[game]; } \
catch (error) { /* storage off or full */ }
    }
  };
  model.on("change:store", store);
  store();
  // another tab of the same browser made progress: read it again
  const onStorage = (event) => {
    if (!event.key || !event.key.startsWith(prefix)) return;
    const game = event.key.slice(prefix.length);
    if (games().includes(game)) send(game);
  };
  window.addEventListener("storage", onStorage);
  return () => window.removeEventListener("storage", onStorage);
}
export default { render };
"""


@functools.cache
def _bridge_class() -> type | None:
    try:
        import anywidget
        import traitlets
    except ImportError:
        log.warning("anywidget is not installed: progress is not kept in the browser")
        return None

    class ProgressBridge(anywidget.AnyWidget):
        """Reads and writes the kept progress of some games in the page's local storage."""

        _esm = ESM
        prefix = traitlets.Unicode(STORE_PREFIX).tag(sync=True)
        cap = traitlets.Int(MAX_TEXT).tag(sync=True)
        games = traitlets.List(traitlets.Unicode()).tag(sync=True)
        store = traitlets.Dict().tag(sync=True)  #: game -> the text to keep for it

    return ProgressBridge


def checked_progress_message(content: Any, games: Mapping[str, Any]) -> tuple[str, str] | None:
    """(game, text) of a message from the progress bridge, or None when it is not one we expect."""
    if not isinstance(content, dict) or content.get("action") != "progress":
        return None
    game, text = content.get("game"), content.get("text")
    if not isinstance(game, str) or game not in games or not isinstance(text, str) or len(text) > MAX_TEXT:
        return None
    return game, text


class Progress(HasTraits):
    """The kept progress of some games' courses: kernel side of the progress bridge.

    ``revision`` changes whenever the progress changes (the page's kept copy arrived, or the learner
    made progress), so views can redraw.
    """

    revision = Int(0, help="bumped on every change")

    def __init__(self, courses: Mapping[str, Mapping[str, str]]) -> None:
        super().__init__()
        #: game -> lesson id -> content hash
        self.courses = {game: dict(hashes) for game, hashes in courses.items()}
        self._entries: dict[str, dict[str, LessonProgress]] = {game: {} for game in self.courses}
        bridge_class = _bridge_class()
        self.bridge = None if bridge_class is None else bridge_class(games=sorted(self.courses))
        if self.bridge is not None:
            self.bridge.on_msg(self._on_message)

    # -- the kernel's API --------------------------------------------------------------------------

    def mark_finished(self, lesson_id: str) -> None:
        """The lesson was played to its end."""
        self._change(lesson_id, LessonProgress(finished=True))

    def record_answer(self, lesson_id: str, question_number: int, right: bool) -> None:
        """A question of the lesson was answered; only a right answer is kept."""
        if right and isinstance(question_number, int) and 0 <= question_number <= MAX_QUESTION:
            self._change(lesson_id, LessonProgress(right=frozenset({question_number})))

    def record_stars(self, lesson_id: str, exercise_id: str, stars: int) -> None:
        """An exercise of the lesson was solved with ``stars``; the best stars of each exercise are kept."""
        fits = isinstance(exercise_id, str) and EXERCISE_ID.match(exercise_id) and type(stars) is int
        if fits and 0 <= stars <= MAX_STARS:
            self._change(lesson_id, LessonProgress(stars=((exercise_id, stars),)))

    def stars(self, lesson_id: str) -> dict[str, int]:
        """Exercise id -> the best stars kept, for the lesson's solved exercises."""
        game = lesson_id.split("/", 1)[0]
        return dict(self._entries.get(game, {}).get(lesson_id, LessonProgress()).stars)

    def state(self, game: str) -> dict[str, dict[str, Any]]:
        """Lesson id -> {"finished": bool, "right": [question numbers]} for the game's lessons with progress."""
        return {
            lesson_id: {"finished": entry.finished, "right": sorted(entry.right)}
            for lesson_id, entry in sorted(self._entries.get(game, {}).items())
        }

    def finished(self, game: str) -> int:
        """How many lessons of the game's course are finished."""
        return sum(entry.finished for entry in self._entries.get(game, {}).values())

    # -- the page's side --------------------------------------------------------------------------

    def received(self, game: str, text: str) -> None:
        """What the page kept for ``game``: merged with what this kernel knows (bad data counts as none)."""
        if game not in self.courses:
            return
        kept = read_progress(text, self.courses[game])
        entries = self._entries[game]
        merged = {
            lesson_id: entries.get(lesson_id, LessonProgress()).merged(kept.get(lesson_id, LessonProgress()))
            for lesson_id in entries.keys() | kept.keys()
        }
        if merged != entries:
            self._entries[game] = merged
            self.revision += 1
        if merged != kept:  # the page's copy is missing something (or was not ours): write ours back
            self._write(game)

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        found = checked_progress_message(content, self.courses)
        if found is None:
            return
        try:
            self.received(*found)
        except Exception:  # kept data from the page never breaks the app
            log.exception("reading the kept progress failed")

    def _change(self, lesson_id: str, change: LessonProgress) -> None:
        game = lesson_id.split("/", 1)[0]
        if lesson_id not in self.courses.get(game, {}):
            return
        entries = self._entries[game]
        before = entries.get(lesson_id, LessonProgress())
        after = before.merged(change)
        if after == before:
            return
        entries[lesson_id] = after
        self.revision += 1
        self._write(game)

    def _write(self, game: str) -> None:
        if self.bridge is not None:
            self.bridge.store = {**self.bridge.store, game: progress_text(self._entries[game], self.courses[game])}

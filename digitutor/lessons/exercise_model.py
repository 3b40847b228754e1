"""A lesson's exercises: the records and their validation (docs/lessons.md, *Exercises*).

An exercise is data in a lesson file (``exercises:``): a prepared board, the learner's seat, the other
seat's agent or script, a goal in the scenario language's facts (``goals.py``) and an end (``until``)::

    exercises:
      - id: last-security-card
        title: Take the last security card
        text: Player 2 has one security card left. Leave them with none by the end of your turn.
        board: {phase: main, active: 0, ...}     # the scenario board format
        seat: 0                                  # the learner's seat (default 0)
        opponent: first                          # an agent name, or a list of option keys (then the first legal)
        goal: {counters: [{player: 1, name: Security, value: 0}]}
        until: {phase: unsuspend}                # the same keys as a lesson's until (omitted: the game's end)
        hint: A Digimon with <Blocker> can take an attack meant for the player.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Annotated, Any

import msgspec

from ..core.agents import AGENTS
from ..core.errors import InputError, excerpt
from ..core.registry import get_game
from ..core.schema import Player, Schema, Seed, ShortText, Text, validate
from .goals import Goal, parse_goal
from .moments import Moment, parse_when

#: an exercise's id: lowercase words joined by hyphens, unique in its lesson
SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
DEFAULT_MAX_STEPS = 300
MAX_EXERCISES = 12


class ExerciseFile(Schema, frozen=True):
    """One entry of a lesson's ``exercises`` list, as written; the board, goal and until are checked after."""

    id: Annotated[str, msgspec.Meta(min_length=1, max_length=60)]
    title: ShortText
    text: Text  #: the goal in words, shown to the learner
    board: dict[str, Any]
    goal: dict[str, Any]
    hint: Text  #: names the concept, not the move
    seat: Player = 0
    seed: Seed = 1
    opponent: ShortText | list[ShortText] = "first"
    until: dict[str, Any] | None = None
    max_steps: Annotated[int, msgspec.Meta(ge=1, le=5000)] = DEFAULT_MAX_STEPS
    solved: Text | None = None  #: words shown with a success, beside the rule that decided it
    failed: Text | None = None  #: words shown with a failure, beside the rule that decided it


FIELDS = tuple(ExerciseFile.__struct_fields__)


@dataclass(frozen=True)
class Exercise:
    """A validated exercise of a lesson."""

    lesson: str  #: the lesson's id, ``<game>/<file stem>``
    path: str  #: the lesson file
    index: int  #: its position in the lesson's ``exercises``
    id: str
    game: str
    title: str
    text: str
    board: dict[str, Any]
    goal: Goal
    hint: str
    seat: int = 0
    seed: int = 1
    opponent: str = "first"  #: the other seat's agent (``human`` when it answers from ``opponent_script``)
    opponent_script: tuple[str, ...] = ()
    until: Moment | None = None
    max_steps: int = DEFAULT_MAX_STEPS
    solved: str = ""
    failed: str = ""

    @property
    def where(self) -> str:
        """Its field in the lesson file: ``exercises[1]``."""
        return f"exercises[{self.index}]"

    @property
    def name(self) -> str:
        """``<lesson id>#<exercise id>``: ``dcg/04-blockers-and-security#last-security-card``."""
        return f"{self.lesson}#{self.id}"

    @property
    def setup(self) -> dict[str, Any]:
        return {"board": self.board}


def _agents(game_id: str) -> set[str]:
    return {*AGENTS, *(getattr(get_game(game_id), "agents", None) or {})}


def parse_exercise(entry: Any, index: int, lesson: str, source: str, game_id: str, phases: set[str]) -> Exercise:
    """One exercise, validated field by field; raises InputError naming the file and the field."""
    where = f"exercises[{index}]"
    if not isinstance(entry, dict):
        raise InputError(source, where, f"expected a mapping with {', '.join(FIELDS[:6])}, got {excerpt(entry)}")
    parsed = validate(entry, ExerciseFile, source, where)
    if not SLUG.match(parsed.id):
        raise InputError(source, f"{where}.id", f"expected lowercase words joined by hyphens, got {excerpt(parsed.id)}")
    if get_game(game_id).players <= parsed.seat:
        seats = get_game(game_id).players
        raise InputError(source, f"{where}.seat", f"expected a seat of {game_id} (0 to {seats - 1})")
    script: tuple[str, ...] = ()
    opponent = parsed.opponent
    if isinstance(opponent, list):
        script, opponent = tuple(opponent), "human"
    elif opponent not in _agents(game_id):
        known = ", ".join(sorted(_agents(game_id)))
        expected = f"expected an agent ({known}) or a list of option keys, got {excerpt(opponent)}"
        raise InputError(source, f"{where}.opponent", expected)
    until = None if parsed.until is None else Moment(parse_when(parsed.until, f"{where}.until", source, phases))
    return Exercise(
        lesson=lesson,
        path=source,
        index=index,
        id=parsed.id,
        game=game_id,
        title=parsed.title.strip(),
        text=parsed.text.strip(),
        board=parsed.board,
        goal=parse_goal(parsed.goal, game_id, source, f"{where}.goal", {"board": parsed.board}),
        hint=parsed.hint.strip(),
        seat=parsed.seat,
        seed=parsed.seed,
        opponent=opponent,
        opponent_script=script,
        until=until,
        max_steps=parsed.max_steps,
        solved=(parsed.solved or "").strip(),
        failed=(parsed.failed or "").strip(),
    )


def parse_exercises(value: Any, lesson: str, source: str, game_id: str, phases: set[str]) -> tuple[Exercise, ...]:
    """A lesson's ``exercises`` list (absent: none); ids are unique in the lesson."""
    if value is None:
        return ()
    if not isinstance(value, list) or len(value) > MAX_EXERCISES:
        expected = f"expected a list of at most {MAX_EXERCISES} exercises, got {excerpt(value)}"
        raise InputError(source, "exercises", expected)
    exercises = tuple(parse_exercise(entry, n, lesson, source, game_id, phases) for n, entry in enumerate(value))
    seen: set[str] = set()
    for exercise in exercises:
        if exercise.id in seen:
            earlier = f"{exercise.id!r} is the id of an earlier exercise of this lesson"
            raise InputError(source, f"{exercise.where}.id", earlier)
        seen.add(exercise.id)
    return exercises

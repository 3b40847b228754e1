"""An exercise's goal: the scenario language's facts, composed with ``all``, ``any`` and ``not``.

A **fact** is a mapping of a scenario's ``expect`` keys (docs/scenarios.md, *Expectations*): it holds when
every check in it passes, checked by the same code that checks a scenario's ``expect``
(``digitutor.scenarios.runner.check_expectations``). A goal is a fact, or ``{all: [goal, ...]}``,
``{any: [goal, ...]}`` or ``{not: goal}``::

    goal:
      all:
        - counters: [{player: 1, name: Security, value: 0}]
        - not: {cites: [dcg:attacking.p5]}

**Decided early.** A goal is checked where the exercise ends; before that, only what has already
happened can decide it. A fact made only of history keys (``cites``, ``narration``, ``order``: what some
step of the play did) that holds goes on holding, so it counts as true from that step on; any other fact
(the board, counters, cards, ``now``, ``result``, ...) is unknown until the end. ``all``, ``any`` and ``not``
combine true, false and unknown as in three-valued logic (``all`` is false as soon as one part is false, ``any``
true as soon as one part is true, ``not`` swaps true and false). The goal is decided early when it is true or
false with the unknown facts still unknown: met, or no longer possible to meet.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import yaml

from ..core.errors import InputError, excerpt
from ..core.match import Match
from ..core.records import Decision
from ..core.schema import validate
from ..scenarios.model import Expect, Scenario, check_expect
from ..scenarios.naming import CopyNumbers
from ..scenarios.runner import ScenarioRun, check_expectations

#: composing keys; every other key of a goal mapping is a fact's (an ``expect`` key)
COMPOSERS = ("all", "any", "not")
#: expect keys that look at what happened during the play: once they hold, they hold for good
HISTORY_KEYS = frozenset({"cites", "narration", "order"})
#: how deep ``all``/``any``/``not`` may nest
MAX_DEPTH = 8


@dataclass(frozen=True)
class Fact:
    """A scenario ``expect`` mapping that must hold: every check in it passes."""

    expect: dict[str, Any]
    scenario: Scenario  #: the same checks as a scenario (no script, no claims), for ``check_expectations``

    @property
    def historical(self) -> bool:
        """True when every key looks at what already happened (so once it holds, it holds for good)."""
        return set(self.expect) <= HISTORY_KEYS


@dataclass(frozen=True)
class AllOf:
    parts: tuple[Goal, ...]


@dataclass(frozen=True)
class AnyOf:
    parts: tuple[Goal, ...]


@dataclass(frozen=True)
class Not:
    part: Goal
    written: dict[str, Any] | None = None  #: the goal inside ``not`` as the file writes it (for a failure's words)


Goal = Fact | AllOf | AnyOf | Not


def parse_goal(doc: Any, game: str, source: str, where: str, setup: dict[str, Any], depth: int = 0) -> Goal:
    """A goal from its YAML mapping; raises InputError naming the file and the field (``exercises[0].goal.all[1]``)."""
    if depth > MAX_DEPTH:
        raise InputError(source, where, f"goals nest at most {MAX_DEPTH} levels of all/any/not")
    if not isinstance(doc, dict) or not doc:
        expected = f"expected a mapping: scenario expect keys, or one of all, any, not; got {excerpt(doc)}"
        raise InputError(source, where, expected)
    composer = [key for key in COMPOSERS if key in doc]
    if composer and len(doc) > 1:
        raise InputError(source, where, f"{composer[0]} stands alone: put the other keys in a fact inside it")
    if composer == ["not"]:
        inner = parse_goal(doc["not"], game, source, f"{where}.not", setup, depth + 1)
        return Not(inner, dict(doc["not"]))
    if composer:
        key = composer[0]
        parts = doc[key]
        if not isinstance(parts, list) or not parts:
            raise InputError(source, f"{where}.{key}", f"expected a non-empty list of goals, got {excerpt(parts)}")
        goals = tuple(
            parse_goal(part, game, source, f"{where}.{key}[{n}]", setup, depth + 1) for n, part in enumerate(parts)
        )
        return AllOf(goals) if key == "all" else AnyOf(goals)
    return _fact(doc, game, source, where, setup)


def _fact(doc: dict[str, Any], game: str, source: str, where: str, setup: dict[str, Any]) -> Fact:
    check_expect(validate(doc, Expect, source, where), game, source, where)
    scenario = Scenario(
        id=f"{game}/{where}",
        path=source,
        game=game,
        title=where,
        demonstrates=(),
        explains="",
        seed=1,
        setup=setup,
        script=(),
        max_steps=1,
        expect=dict(doc),
    )
    return Fact(dict(doc), scenario)


@dataclass
class Board:
    """What a goal is checked against: the exercise's match, its copy numbers and the learner's decisions so far."""

    match: Match
    copies: CopyNumbers
    decisions: list[Decision]


def fact_failures(fact: Fact, board: Board) -> list[str]:
    """The checks of ``fact`` that do not hold now (empty: it holds), in the scenario checker's words."""
    run = ScenarioRun(fact.scenario, board.match, decisions=list(board.decisions), names=board.copies)
    return check_expectations(run)


def evaluate(goal: Goal, board: Board, final: bool) -> bool | None:
    """The goal's value now: True, False, or None (not decided yet).

    ``final``: the exercise ends here, so every fact is read as it stands. Otherwise only a historical fact that
    holds is known (true); every other fact is unknown.
    """
    if isinstance(goal, Fact):
        if not final and not goal.historical:
            return None
        holds = not fact_failures(goal, board)
        return True if holds else (False if final else None)
    if isinstance(goal, Not):
        value = evaluate(goal.part, board, final)
        return None if value is None else not value
    values = [evaluate(part, board, final) for part in goal.parts]
    decisive = isinstance(goal, AnyOf)  # any: one True decides; all: one False decides
    if decisive in values:
        return decisive
    return None if None in values else not decisive


def written(doc: dict[str, Any] | None) -> str:
    """A goal as one line of YAML's flow style: ``{cards: [{card: st1-07, zone: trash}]}``."""
    return yaml.safe_dump(doc, default_flow_style=True, width=10_000, sort_keys=False).strip()


def unmet_facts(goal: Goal, board: Board) -> list[str]:
    """In words, why a goal read at the end is not met: the failures of its facts (for a failure's feedback)."""
    if isinstance(goal, Fact):
        return fact_failures(goal, board)
    if isinstance(goal, Not):
        return [] if evaluate(goal.part, board, True) is False else [f"not: {written(goal.written)} holds"]
    found = [unmet_facts(part, board) for part in goal.parts]
    if isinstance(goal, AnyOf):
        return [line for lines in found for line in lines] if all(found) else []
    return [line for lines in found for line in lines]

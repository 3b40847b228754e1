"""Scenario files: a prepared board, a script of answers, and structured expectations.

Files are YAML, safe-loaded and never executed. Format (see docs/scenarios.md)::

    game: dtector
    title: Spirit beats all other battle types
    demonstrates: [dtector:battle-call-command-phase.p1]
    explains: A short text for the rulings library.
    seed: 1
    setup: {board: {...}}       # or {decks: [[...], [...]]}
    script: [agunimon, garurumon]
    expect:
      cites: [dtector:battle-call-command-phase.p1]
      narration: ["Spirit beats all"]
      board: [{player: 0, zone: d-dock, cards: [Agunimon]}]
      counters: [{player: 0, name: Points, value: "1"}]
      options: [{decision: defend, option: "block:palmon", legal: false, cites: [dtector:digi-battle-phase.p1]}]
      why_not: [{action: "digivolve:agumon:greymon", player: 0, reasons: 1, cites: [dtector:digivolve-phase.p1]}]
      result: {winner: 0}
"""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from ..core.errors import InputError
from ..core.registry import GAME_MODULES
from ..core.yamlio import load_yaml
from ..rules.corpus import find_clause

FIELDS = {"game", "title", "demonstrates", "explains", "seed", "setup", "script", "max_steps", "expect"}
EXPECT_FIELDS = {"cites", "narration", "board", "counters", "options", "why_not", "result", "over"}


@dataclass(frozen=True)
class Scenario:
    """One validated scenario file."""

    id: str  #: ``<game>/<file stem>``
    path: str
    game: str
    title: str
    demonstrates: tuple[str, ...]
    explains: str
    seed: int
    setup: dict[str, Any]
    script: tuple[str, ...]
    max_steps: int
    expect: dict[str, Any] = field(default_factory=dict)


def _require(doc: dict[str, Any], key: str, kind: type, source: str, expected: str) -> Any:
    value = doc.get(key)
    if not isinstance(value, kind) or isinstance(value, bool):
        raise InputError(source, key, f"expected {expected}, got {value!r}")
    return value


def parse_scenario(doc: Any, source: str) -> Scenario:
    """Validate a scenario document field by field; raises InputError naming the file and field."""
    if not isinstance(doc, dict):
        raise InputError(source, "", "expected a mapping with game, title, demonstrates, setup, script, expect")
    unknown = set(doc) - FIELDS
    if unknown:
        raise InputError(source, sorted(unknown)[0], f"unknown field (expected {', '.join(sorted(FIELDS))})")
    game = _require(doc, "game", str, source, "a game id")
    if game not in GAME_MODULES:
        raise InputError(source, "game", f"expected one of {', '.join(GAME_MODULES)}, got {game!r}")
    demonstrates = _require(doc, "demonstrates", list, source, "a list of clause ids")
    for position, clause_id in enumerate(demonstrates):
        try:
            find_clause(str(clause_id))
        except ValueError as error:
            raise InputError(source, f"demonstrates[{position}]", str(error)) from None
    script = doc.get("script") or []
    if not isinstance(script, list) or not all(isinstance(answer, str) for answer in script):
        raise InputError(source, "script", "expected a list of option keys (strings)")
    expect = doc.get("expect") or {}
    if not isinstance(expect, dict) or set(expect) - EXPECT_FIELDS:
        raise InputError(source, "expect", f"expected a mapping with some of {', '.join(sorted(EXPECT_FIELDS))}")
    for key in ("cites", "narration", "board", "counters", "options", "why_not"):
        if key in expect and not isinstance(expect[key], list):
            raise InputError(source, f"expect.{key}", "expected a list")
    for position, clause_id in enumerate(expect.get("cites", [])):
        if not str(clause_id).startswith(f"{game}:"):
            raise InputError(source, f"expect.cites[{position}]", f"expected a {game} clause or interpretation id")
    max_steps = doc.get("max_steps", 400)
    if not isinstance(max_steps, int) or max_steps < 1:
        raise InputError(source, "max_steps", f"expected a positive whole number, got {max_steps!r}")
    seed = doc.get("seed", 1)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise InputError(source, "seed", f"expected a whole number, got {seed!r}")
    return Scenario(
        id=f"{game}/{Path(source).stem}",
        path=source,
        game=game,
        title=_require(doc, "title", str, source, "a title"),
        demonstrates=tuple(str(c) for c in demonstrates),
        explains=str(doc.get("explains", "")).strip(),
        seed=seed,
        setup=_require(doc, "setup", dict, source, "a mapping (board: ... or decks: ...)"),
        script=tuple(script),
        max_steps=max_steps,
        expect=expect,
    )


def load_scenario(path: Path | str) -> Scenario:
    return parse_scenario(load_yaml(path), str(path))


def scenario_paths(game: str | None = None) -> list[Path]:
    """The shipped scenario files, game by game in registry order."""
    root = Path(str(resources.files("digitutor.cards")))
    games = [game] if game else list(GAME_MODULES)
    return [path for g in games for path in sorted((root / g / "scenarios").glob("*.yaml"))]


def shipped_scenarios(game: str | None = None) -> list[Scenario]:
    return [load_scenario(path) for path in scenario_paths(game)]


def find_scenario(name: str) -> Scenario:
    """A scenario by file path or by id (``dtector/spirit-beats-all``)."""
    path = Path(name)
    if path.suffix in (".yaml", ".yml"):
        return load_scenario(path)
    for candidate in scenario_paths():
        if f"{candidate.parent.parent.name}/{candidate.stem}" == name:
            return load_scenario(candidate)
    raise InputError(name, "", "no such scenario file or id (see `digitutor scenario list`)")

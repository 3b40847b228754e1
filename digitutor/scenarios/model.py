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
from typing import Annotated, Any

import msgspec

from ..core.errors import InputError, excerpt
from ..core.registry import GAME_MODULES
from ..core.schema import Count, Player, Schema, Seed, ShortText, Text, validate
from ..core.yamlio import load_yaml
from ..rules.corpus import find_clause

ClauseId = Annotated[str, msgspec.Meta(min_length=1, max_length=200)]
#: an expectation field that may be absent (so the runner can tell "not given" from a value)
Unset = msgspec.UnsetType


class BoardExpect(Schema):
    """A zone's cards (names, bottom first) and/or count."""

    player: Player
    zone: ShortText
    cards: list[ShortText] | Unset = msgspec.UNSET
    count: Count | Unset = msgspec.UNSET
    #: one Digimon of the zone is exactly this stack: the cards under it bottom first, then its top card
    stack: list[ShortText] | Unset = msgspec.UNSET


class CounterExpect(Schema):
    """A counter's value as the board shows it (``Points: 1``)."""

    player: Player
    name: ShortText
    value: ShortText | int


class OptionExpect(Schema):
    """An option offered at a decision: legal or not, how many reasons, which clauses they cite."""

    decision: ShortText
    option: ShortText
    legal: bool | Unset = msgspec.UNSET
    reasons: Count | Unset = msgspec.UNSET
    cites: list[ClauseId] = []


class WhyNotExpect(Schema):
    """An action proposed where the run stopped (on offer or not), and every reason it is refused."""

    action: ShortText
    player: Player | Unset = msgspec.UNSET  #: who proposes it (default: whoever is deciding)
    ask: ShortText | Unset = msgspec.UNSET  #: the question in words, for the rulings app
    legal: bool | Unset = msgspec.UNSET
    reasons: Count | Unset = msgspec.UNSET
    cites: list[ClauseId] = []


class ResultExpect(Schema):
    """How the game ended: ``winner`` 0, 1 or null (a draw)."""

    winner: Player | None | Unset = msgspec.UNSET


class Expect(Schema):
    """Structured checks on the played scenario (no eval). A new kind of check is a field here and a check in the runner."""

    cites: list[ClauseId] = []
    narration: list[Text] = []
    board: list[BoardExpect] = []
    counters: list[CounterExpect] = []
    options: list[OptionExpect] = []
    why_not: list[WhyNotExpect] = []
    result: ResultExpect | Unset = msgspec.UNSET
    over: bool | Unset = msgspec.UNSET


class ScenarioFile(Schema):
    """The envelope of a scenario file; ``setup`` is checked by the game when the board is laid out."""

    game: ShortText
    title: ShortText
    demonstrates: list[ClauseId]
    setup: dict[str, Any]
    explains: Text | None = None
    seed: Seed = 1
    script: list[ShortText] | None = None
    max_steps: Annotated[int, msgspec.Meta(ge=1, le=100_000)] = 400
    expect: Expect | None = None


FIELDS = set(ScenarioFile.__struct_fields__)
EXPECT_FIELDS = set(Expect.__struct_fields__)


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


def scenario_game(doc: Any, source: str) -> str:
    """The scenario's game: a playable one, or an error that says which games are."""
    game = doc.get("game")
    if isinstance(game, str) and game in GAME_MODULES:
        return game
    from ..rules.corpus import GAMES

    if isinstance(game, str) and game in GAMES:
        raise InputError(source, "game", f"{game} is not playable yet (playable: {', '.join(GAME_MODULES)})")
    raise InputError(source, "game", f"expected one of {', '.join(GAME_MODULES)}, got {excerpt(game)}")


def _check_clause_ids(ids: list[str], game: str, source: str, where: str) -> None:
    for position, clause_id in enumerate(ids):
        if not clause_id.startswith(f"{game}:"):
            raise InputError(source, f"{where}[{position}]", f"expected a {game} clause or interpretation id, got {excerpt(clause_id)}")
        if where == "demonstrates":
            try:
                find_clause(clause_id)
            except ValueError as error:
                raise InputError(source, f"{where}[{position}]", excerpt(str(error), 200, quote=False)) from None


def parse_scenario(doc: Any, source: str) -> Scenario:
    """Validate a scenario document against its schema; raises InputError naming the file and field."""
    if not isinstance(doc, dict):
        raise InputError(source, "", f"expected a mapping with game, title, demonstrates, setup, script, expect, got {excerpt(doc)}")
    parsed = validate(doc, ScenarioFile, source)
    game = scenario_game(doc, source)
    _check_clause_ids(parsed.demonstrates, game, source, "demonstrates")
    expect = parsed.expect or Expect()
    _check_clause_ids(expect.cites, game, source, "expect.cites")
    return Scenario(
        id=f"{game}/{Path(source).stem}",
        path=source,
        game=game,
        title=parsed.title,
        demonstrates=tuple(parsed.demonstrates),
        explains=(parsed.explains or "").strip(),
        seed=parsed.seed,
        setup=parsed.setup,
        script=tuple(parsed.script or ()),
        max_steps=parsed.max_steps,
        expect=dict(doc.get("expect") or {}),  # validated above; the runner reads the plain mapping
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

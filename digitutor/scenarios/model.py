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
      board: [{player: 0, zone: d_dock, cards: [Agunimon]}]
      counters: [{player: 0, name: Points, value: "1"}]
      options: [{decision: defend, option: "block:palmon", legal: false, cites: [dtector:digi-battle-phase.p1]}]
      why_not: [{action: "digivolve:agumon:greymon", player: 0, reasons: 1, cites: [dtector:digivolve-phase.p1]}]
      result: {winner: 0}
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Annotated, Any

import msgspec

from ..core.errors import InputError, excerpt
from ..core.registry import GAME_MODULES, get_game
from ..core.schema import Count, Player, Schema, Seed, ShortText, Text, validate
from ..core.yamlio import load_yaml
from ..rules.corpus import find_clause
from .spelling import expect_notes, respell_board

ClauseId = Annotated[str, msgspec.Meta(min_length=1, max_length=200)]
#: an expectation field that may be absent (so the runner can tell "not given" from a value)
Unset = msgspec.UnsetType


class BoardExpect(Schema, frozen=True):
    """A zone's cards (names, bottom first) and/or count."""

    player: Player
    zone: ShortText
    cards: list[ShortText] | Unset = msgspec.UNSET
    count: Count | Unset = msgspec.UNSET
    #: one Digimon of the zone is exactly this stack: the cards under it bottom first, then its top card
    stack: list[ShortText] | Unset = msgspec.UNSET


class CounterExpect(Schema, frozen=True):
    """A counter as the board shows it (``Points: 1``), or that it is there / gone (``Status`` absent).

    Without ``player``: a counter both players share (``Duel``) or a shared gauge (DCG's ``Memory`` gauge, signed:
    positive on Player 1's side).
    """

    name: ShortText
    player: Player | Unset = msgspec.UNSET
    value: ShortText | int | Unset = msgspec.UNSET
    present: bool | Unset = msgspec.UNSET  #: false: the board shows no such counter (a status that is gone)


class CardExpect(Schema, frozen=True):
    """Facts about one card: where it is, suspended or not, its headline number now and as printed, its stats.

    ``card`` names one physical card: an instance id (``p0.c17``), or a card id with a copy number
    (``agumon#2``: the owner's second copy; ``p1.agumon#2``: Player 2's), or a bare card id when the owner has
    exactly one copy.
    """

    card: ShortText
    player: Player | Unset = msgspec.UNSET  #: the owner (default: Player 1, or the ``p1.`` prefix of ``card``)
    zone: ShortText | Unset = msgspec.UNSET  #: the zone id it is in (a card under a Digimon is in that Digimon's zone)
    under: ShortText | Unset = msgspec.UNSET  #: it lies under this card (a digivolution card of that Digimon)
    suspended: bool | Unset = msgspec.UNSET
    value: ShortText | int | Unset = msgspec.UNSET  #: the headline number now (DCG DP after effects, D-Tector power)
    #: the headline number as printed, or ``{name: value}``: numbers as printed (DMB/DBE ``HP``, ``Circle`` ...)
    printed: ShortText | int | dict[ShortText, ShortText | int] | Unset = msgspec.UNSET
    #: the headline number now (as ``value``), or ``{name: value}``: numbers now, after effects
    current: ShortText | int | dict[ShortText, ShortText | int] | Unset = msgspec.UNSET
    stats: dict[ShortText, ShortText | int] | Unset = msgspec.UNSET  #: numbers and words the board shows on it


class NowExpect(Schema, frozen=True):
    """Where the game stands when the run stops: turn number, phase, whose turn, who decides what."""

    turn: Count | Unset = msgspec.UNSET
    phase: ShortText | Unset = msgspec.UNSET
    whose_turn: Player | Unset = msgspec.UNSET
    decision: ShortText | Unset | None = msgspec.UNSET  #: the kind of the decision waiting (null: none waits)
    deciding: Player | Unset = msgspec.UNSET  #: who must answer it


class OrderEntry(Schema, frozen=True):
    """One entry of ``order``: a narration fragment or a cited clause id."""

    says: Text | Unset = msgspec.UNSET
    cites: ClauseId | Unset = msgspec.UNSET


class Until(Schema, frozen=True):
    """Where a run stops once its script is used up: the first moment all the given facts hold."""

    turn: Count | Unset = msgspec.UNSET
    phase: ShortText | Unset = msgspec.UNSET
    whose_turn: Player | Unset = msgspec.UNSET
    decision: ShortText | Unset = msgspec.UNSET  #: a decision of this kind is waiting


class Demonstration(Schema, frozen=True):
    """A clause the scenario shows, maybe by what does *not* happen (then ``by_absence`` says how)."""

    clause: ClauseId
    by_absence: Text | Unset = msgspec.UNSET


class OptionExpect(Schema, frozen=True):
    """An option offered at a decision: legal or not, how many reasons, which clauses they cite."""

    decision: ShortText
    option: ShortText
    legal: bool | Unset = msgspec.UNSET
    reasons: Count | Unset = msgspec.UNSET
    cites: list[ClauseId] = []


class WhyNotExpect(Schema, frozen=True):
    """An action proposed where the run stopped (on offer or not), and every reason it is refused."""

    action: ShortText
    player: Player | Unset = msgspec.UNSET  #: who proposes it (default: whoever is deciding)
    ask: ShortText | Unset = msgspec.UNSET  #: the question in words, for the rulings app
    legal: bool | Unset = msgspec.UNSET
    reasons: Count | Unset = msgspec.UNSET
    cites: list[ClauseId] = []


class ResultExpect(Schema, frozen=True):
    """How the game ended: ``winner`` 0, 1 or null (a draw)."""

    winner: Player | Unset | None = msgspec.UNSET


class Expect(Schema, frozen=True):
    """Structured checks on the played scenario (no eval). A new kind of check
    is a field here and a check in the runner."""

    cites: list[ClauseId] = []
    narration: list[Text] = []
    board: list[BoardExpect] = []
    counters: list[CounterExpect] = []
    cards: list[CardExpect] = []
    now: NowExpect | Unset = msgspec.UNSET
    order: list[Text | OrderEntry] = []
    options: list[OptionExpect] = []
    why_not: list[WhyNotExpect] = []
    result: ResultExpect | Unset = msgspec.UNSET
    over: bool | Unset = msgspec.UNSET


class ScenarioFile(Schema, frozen=True):
    """The envelope of a scenario file; ``setup`` is checked by the game when the board is laid out."""

    game: ShortText
    title: ShortText
    demonstrates: list[ClauseId | Demonstration]
    setup: dict[str, Any]
    explains: Text | None = None
    seed: Seed = 1
    script: list[ShortText] | None = None
    until: Until | None = None
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
    demonstrates: tuple[str, ...]  #: every clause it shows (those shown by absence too)
    explains: str
    seed: int
    setup: dict[str, Any]
    script: tuple[str, ...]
    max_steps: int
    expect: dict[str, Any] = field(default_factory=dict)
    #: clause id -> how the scenario shows it by what does not happen (no step need cite these)
    by_absence: dict[str, str] = field(default_factory=dict)
    until: dict[str, Any] = field(default_factory=dict)
    #: one line each, printed by the CLI: a zone written in the other spelling (``egg-deck`` for ``egg_deck``)
    notes: tuple[str, ...] = ()


def scenario_game(doc: Any, source: str) -> str:
    """The scenario's game: a playable one, or an error that says which games are."""
    game = doc.get("game")
    if isinstance(game, str) and game in GAME_MODULES:
        return game
    from ..rules.corpus import GAMES

    if isinstance(game, str) and game in GAMES:
        raise InputError(source, "game", f"{game} is not playable yet (playable: {', '.join(GAME_MODULES)})")
    raise InputError(source, "game", f"expected one of {', '.join(GAME_MODULES)}, got {excerpt(game)}")


def _known_clause(clause_id: str, game: str) -> str | None:
    """Why ``clause_id`` names nothing (None: a clause, an interpretation, or a card's own text of ``game``)."""
    card_id = clause_id.partition(":card.")[2]
    if card_id:
        return (
            None
            if card_id in get_game(game).plugs.cards()
            else f"no {game} card {card_id!r} (a card citation is {game}:card.<card id>)"
        )
    try:
        find_clause(clause_id)
    except ValueError as error:
        return excerpt(str(error), 200, quote=False)
    return None


def _check_clause_ids(
    ids: list[str], game: str, source: str, where: str, known: bool = False, listed: bool = True
) -> None:
    for position, clause_id in enumerate(ids):
        field_name = f"{where}[{position}]" if listed else where
        if not clause_id.startswith(f"{game}:"):
            raise InputError(
                source, field_name, f"expected a {game} clause, interpretation or card id, got {excerpt(clause_id)}"
            )
        problem = _known_clause(clause_id, game) if known else None
        if problem:
            raise InputError(source, field_name, problem)


def _demonstrated(entries: list[Any], game: str, source: str) -> tuple[tuple[str, ...], dict[str, str]]:
    """The clause ids a scenario demonstrates, and those it shows by absence with the sentence saying how."""
    ids, absent = [], {}
    for position, entry in enumerate(entries):
        clause_id = entry if isinstance(entry, str) else entry.clause
        where = f"demonstrates[{position}]" if isinstance(entry, str) else f"demonstrates[{position}].clause"
        _check_clause_ids([clause_id], game, source, where, known=True, listed=False)
        ids.append(clause_id)
        if not isinstance(entry, str) and isinstance(entry.by_absence, str):
            if not entry.by_absence.strip():
                raise InputError(
                    source, f"demonstrates[{position}].by_absence", "expected a sentence saying what does not happen"
                )
            absent[clause_id] = entry.by_absence.strip()
    return tuple(ids), absent


def _phase_ids(game: str) -> list[str]:
    return [info.id for info in get_game(game).turn_map()]


def _check_phase(phase: Any, game: str, source: str, where: str) -> None:
    if isinstance(phase, str) and phase not in _phase_ids(game):
        raise InputError(
            source, where, f"expected a {game} phase ({', '.join(_phase_ids(game))}), got {excerpt(phase)}"
        )


def _check_expect(expect: Expect, game: str, source: str) -> None:
    """What the schema cannot say: a counter needs a value or ``present``; an order entry one of says/cites."""
    _check_clause_ids(expect.cites, game, source, "expect.cites")
    for position, counter in enumerate(expect.counters):
        where = f"expect.counters[{position}]"
        if counter.value is msgspec.UNSET and counter.present is msgspec.UNSET:
            raise InputError(source, where, "expected value (what the counter shows) or present (true / false)")
        if counter.present is False and counter.value is not msgspec.UNSET:
            raise InputError(
                source, where, "expected value or present: false, not both (an absent counter has no value)"
            )
    for position, entry in enumerate(expect.order):
        if isinstance(entry, OrderEntry) and (entry.says is msgspec.UNSET) == (entry.cites is msgspec.UNSET):
            raise InputError(
                source, f"expect.order[{position}]", "expected exactly one of says (narration) or cites (a clause id)"
            )
        if isinstance(entry, OrderEntry) and isinstance(entry.cites, str):
            _check_clause_ids([entry.cites], game, source, f"expect.order[{position}].cites", listed=False)
    if isinstance(expect.now, NowExpect):
        _check_phase(expect.now.phase, game, source, "expect.now.phase")


def check_expect(expect: Expect, game: str, source: str, where: str = "expect") -> None:
    """What the schema cannot say of an ``expect`` mapping (see ``_check_expect``), its fields named under ``where``."""
    try:
        _check_expect(expect, game, source)
    except InputError as error:
        raise InputError(source, where + error.field.removeprefix("expect"), error.expected) from None


def _check_until(until: Until | None, game: str, source: str) -> dict[str, Any]:
    if until is None:
        return {}
    given = {
        name: getattr(until, name) for name in until.__struct_fields__ if getattr(until, name) is not msgspec.UNSET
    }
    if not given:
        raise InputError(source, "until", "expected at least one of turn, phase, whose_turn, decision")
    _check_phase(until.phase, game, source, "until.phase")
    return given


def parse_scenario(doc: Any, source: str) -> Scenario:
    """Validate a scenario document against its schema; raises InputError naming the file and field."""
    if not isinstance(doc, dict):
        raise InputError(
            source, "", f"expected a mapping with game, title, demonstrates, setup, script, expect, got {excerpt(doc)}"
        )
    parsed = validate(doc, ScenarioFile, source)
    game = scenario_game(doc, source)
    demonstrates, by_absence = _demonstrated(parsed.demonstrates, game, source)
    expect = parsed.expect or Expect()
    _check_expect(expect, game, source)
    until = _check_until(parsed.until, game, source)
    setup, notes = respell_board(parsed.setup)
    return Scenario(
        id=f"{game}/{Path(source).stem}",
        path=source,
        game=game,
        title=parsed.title,
        demonstrates=demonstrates,
        explains=(parsed.explains or "").strip(),
        seed=parsed.seed,
        setup=setup,
        script=tuple(parsed.script or ()),
        max_steps=parsed.max_steps,
        expect=dict(doc.get("expect") or {}),  # validated above; the runner reads the plain mapping
        by_absence=by_absence,
        until=until,
        notes=(*notes, *expect_notes(doc.get("expect"))),
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


@functools.cache
def scenario_library() -> tuple[Scenario, ...]:
    """Every shipped scenario of every game, game by game (loaded once: they ship with the package)."""
    return tuple(shipped_scenarios())


def find_scenario(name: str) -> Scenario:
    """A scenario by file path or by id (``dtector/spirit-beats-all``)."""
    path = Path(name)
    if path.suffix in (".yaml", ".yml"):
        return load_scenario(path)
    for candidate in scenario_paths():
        if f"{candidate.parent.parent.name}/{candidate.stem}" == name:
            return load_scenario(candidate)
    raise InputError(name, "", "no such scenario file or id (see `digitutor scenario list`)")

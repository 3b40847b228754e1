"""One check for every action, checked from outside: the engine's own promises, over seeded random games.

At every decision of a game played by random agents:

- every offered option: ``why_not`` gives exactly the option's reasons (the decision panel and
  "why not?" cannot disagree);
- generated proposals (every action kind of the game x cards in play x junk parameters, and the
  offered keys with a card or a parameter swapped): ``why_not`` gives a reason, or ``apply`` (on a
  copy) produces a state in which no card is lost or duplicated and the game goes on without an error;
- after every step: every citation still matches the shipped rulebook, and no card is lost or duplicated;
- now and then: save, load, and the loaded match has the same trace.

Used by ``tests/core/test_one_check.py`` (a few games per game) and ``benchmarks/soak.py`` (minutes of games).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from ..rules.citations import resolve
from ..rules.model import Citation
from .actions import Action, BadActionKey
from .errors import DigitutorError
from .game import Game
from .match import Match
from .records import Decision, Reason

JUNK_PARAMS = (
    ("choice", "-1"),
    ("choice", "zzz"),
    ("effect", "99"),
    ("effect", "-1"),
    ("effect", "x"),
    ("x", "1"),
    ("count", "100000000000000000000"),
)
AFTER_APPLY_STEPS = 40  #: steps a copy is played on after a proposal was carried out (a bad answer may break later)


@dataclass
class Failure:
    """One broken promise: where (seed, step) and what."""

    seed: int
    step: int
    check: str
    detail: str

    def to_json(self) -> dict[str, Any]:
        return {"seed": self.seed, "step": self.step, "check": self.check, "detail": self.detail[:300]}


@dataclass
class Tally:
    """What a run checked, and what failed."""

    games: int = 0
    steps: int = 0
    decisions: int = 0
    options: int = 0
    proposals: int = 0
    round_trips: int = 0
    failures: list[Failure] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "steps": self.steps,
            "decisions": self.decisions,
            "options": self.options,
            "proposals": self.proposals,
            "round_trips": self.round_trips,
            "failure_count": len(self.failures),
            "failures": [f.to_json() for f in self.failures[:200]],
        }


def _same(reasons: tuple[Reason, ...], expected: tuple[Reason, ...]) -> bool:
    return [(r.why, r.citation.id) for r in reasons] == [(r.why, r.citation.id) for r in expected]


def _short(reasons: tuple[Reason, ...]) -> str:
    return "; ".join(r.why for r in reasons) or "legal"


def option_mismatches(game: Game, state: Any, decision: Decision) -> Iterator[str]:
    """Each offered option whose ``why_not`` differs from the reasons the decision shows."""
    for option in decision.options:
        got = game.why_not(state, option.action)
        if not _same(got, option.reasons):
            yield f"{option.key}: decision says [{_short(option.reasons)}], why_not says [{_short(got)}]"


def proposals(game: Game, state: Any, decision: Decision, rng: random.Random, count: int) -> list[str]:
    """``count`` action keys to try: every kind x cards in play x junk parameters, and mutated offered keys."""
    ids = list(state.instances.ids)
    in_play = [ids[uid] for uid in sorted(set(game.all_cards(state)))] or ids
    keys: list[str] = []
    for option in decision.options:
        keys.extend(_mutations(option.action, in_play, rng))
    for kind in game.actions:
        picked = rng.sample(in_play, min(2, len(in_play)))
        name, value = rng.choice(JUNK_PARAMS)
        keys += [
            kind,
            f"{kind}:{picked[0]}",
            f"{kind}:{':'.join(picked)}",
            f"{kind}:{name}={value}",
            f"{kind}:{picked[0]}:{name}={value}",
        ]
    rng.shuffle(keys)
    return list(dict.fromkeys(keys))[:count]


def _mutations(chosen: Action, in_play: list[str], rng: random.Random) -> list[str]:
    """An offered key with one card swapped, a card dropped or added, a parameter changed or added."""
    cards, params = list(chosen.cards), list(chosen.params)
    name, value = rng.choice(JUNK_PARAMS)
    other = rng.choice(in_play)
    variants = [[*cards, other], cards[:-1]]
    if cards:
        swapped = list(cards)
        swapped[rng.randrange(len(cards))] = other
        variants.append(swapped)
    keys = [":".join([chosen.kind, *variant, *(f"{n}={v}" for n, v in params)]) for variant in variants]
    keys.append(":".join([chosen.kind, *cards, *(f"{n}={v}" for n, v in params), f"{name}={value}"]))
    for position, (param, _) in enumerate(params):
        changed = [*params[:position], (param, value), *params[position + 1 :]]
        keys.append(":".join([chosen.kind, *cards, *(f"{n}={v}" for n, v in changed)]))
    return keys


def try_proposal(game: Game, state: Any, decision: Decision, key: str, rng_state: tuple[Any, ...]) -> str | None:
    """A failure's description if ``key`` breaks a promise: an exception, or a legal answer that breaks the game."""
    try:
        proposed = game.parse(state, key, decision.player)  # not an action key of this game: refused before any check
        reasons = game.why_not(state, proposed)
    except BadActionKey:
        return None
    except Exception as error:  # the promise under test is "never an exception"
        return f"why_not({key!r}) raised {type(error).__name__}: {error}"
    if reasons:
        return None
    copy = state.copy()
    before = Counter(game.all_cards(copy))
    try:
        game.apply(copy, proposed)
        if Counter(game.all_cards(copy)) != before:
            return f"{key!r}: allowed, and afterwards a card is lost or duplicated"
        rng = random.Random()
        rng.setstate(rng_state)
        _play_on(game, copy, rng, AFTER_APPLY_STEPS)
    except DigitutorError:
        return None
    except Exception as error:
        offered = "offered" if decision.find(key) else "not offered"
        return f"{key!r} ({offered}) was allowed, then the game raised {type(error).__name__}: {str(error)[:120]}"
    if Counter(game.all_cards(copy)) != before:
        return f"{key!r}: allowed, and a few steps later a card is lost or duplicated"
    return None


def _play_on(game: Game, state: Any, rng: random.Random, steps: int) -> None:
    """Play a copy on for ``steps`` steps, answering each decision with its first legal option."""
    for _ in range(steps):
        if state.over:
            return
        outcome = game.advance(state, rng)
        if isinstance(outcome, Decision):
            legal = outcome.legal_options
            if not legal:
                raise AssertionError(f"decision {outcome.kind} has no legal option")
            game.apply(state, legal[0].action, legal[0])


def check_game(
    game_id: str,
    seed: int,
    tally: Tally,
    proposals_per_decision: int = 12,
    round_trip_every: int = 60,
    max_steps: int = 20_000,
) -> None:
    """Play one seeded random game and check every promise above at every decision and step."""
    match = Match(game_id, seed, agents=("random",) * 2)
    game = match.game
    rng = random.Random(f"{seed}/conformance")
    cards = Counter(game.all_cards(match.state))
    checked: set[Citation] = set()
    tally.games += 1
    for _ in range(max_steps):
        if match.over:
            return
        if match.pending is None and not isinstance(_peek(match), Decision):
            _after_step(match, cards, checked, seed, tally)
            continue
        decision = match.pending
        assert decision is not None
        tally.decisions += 1
        tally.options += len(decision.options)
        _check_decision(match, decision, rng, seed, tally, proposals_per_decision)
        match.advance()  # the random agent answers
        _after_step(match, cards, checked, seed, tally)
        if round_trip_every and len(match.steps) % round_trip_every == 0:
            _round_trip(match, seed, tally)
    tally.failures.append(Failure(seed, len(match.steps), "ends", f"did not end within {max_steps} steps"))


def _peek(match: Match) -> Any:
    """Advance one automatic step, or stop at a decision (made pending, not answered)."""
    if match.pending is not None:
        return match.pending
    outcome = match.game.advance(match.state, match.rng)
    if isinstance(outcome, Decision):
        match.pending = outcome
        return outcome
    match._record(outcome, None)
    return outcome


def _check_decision(match: Match, decision: Decision, rng: random.Random, seed: int, tally: Tally, count: int) -> None:
    game, state, step = match.game, match.state, len(match.steps)
    for problem in option_mismatches(game, state, decision):
        tally.failures.append(Failure(seed, step, "why_not equals the option", problem))
    rng_state = match.rng.getstate()
    for key in proposals(game, state, decision, rng, count):
        tally.proposals += 1
        failed = try_proposal(game, state, decision, key, rng_state)
        if failed:
            tally.failures.append(Failure(seed, step, "proposal", failed))


def _after_step(match: Match, cards: Counter[Any], checked: set[Citation], seed: int, tally: Tally) -> None:
    if not match.steps:
        return
    tally.steps += 1
    step = match.steps[-1]
    for citation in (*step.citations, *step.glossary):
        if citation not in checked:
            checked.add(citation)
            if not resolve(citation):
                tally.failures.append(Failure(seed, len(match.steps) - 1, "verbatim", f"{citation.id} does not match"))
    if Counter(match.game.all_cards(match.state)) != cards:
        tally.failures.append(Failure(seed, len(match.steps) - 1, "conservation", "a card was lost or duplicated"))


def _round_trip(match: Match, seed: int, tally: Tally) -> None:
    tally.round_trips += 1
    try:
        twin = Match.load(match.save())
        if twin.trace() != match.trace():
            tally.failures.append(Failure(seed, len(match.steps), "save-load", "the loaded match's trace differs"))
    except Exception as error:
        tally.failures.append(Failure(seed, len(match.steps), "save-load", f"{type(error).__name__}: {error}"))

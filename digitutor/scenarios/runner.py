"""Running a scenario through the real engine and checking its expectations."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core.errors import DigitutorError, InputError
from ..core.match import Match
from ..core.records import Decision
from ..core.registry import get_game
from .model import Scenario


@dataclass
class ScenarioRun:
    """A scenario played to the end of its script, with what went wrong (if anything)."""

    scenario: Scenario
    match: Match
    decisions: list[Decision] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    #: the script answer the engine refused (the run stopped there): the file's error, naming the entry and why
    refused: InputError | None = None

    @property
    def passed(self) -> bool:
        return not self.failures

    def cited_ids(self) -> set[str]:
        """Clauses the scenario shows: cited by a step (as a rule, or in its glossary as the definition of a word it
        uses), or by a reason a proposed action is refused."""
        refusals = {r.citation.id for _, reasons in proposals(self) if not isinstance(reasons, str) for r in reasons}
        return {c.id for step in self.match.steps for c in (*step.citations, *step.glossary)} | refusals


def start_scenario(scenario: Scenario) -> Match:
    """A match laid out from the scenario's setup, with people (no agents) at every seat."""
    players = get_game(scenario.game).players
    return Match(scenario.game, scenario.seed, scenario.setup, ("human",) * players, scenario.path)


def run_scenario(scenario: Scenario) -> ScenarioRun:
    """Play the script; stop when it is used up at a decision, at the end, or after max_steps."""
    run = ScenarioRun(scenario, start_scenario(scenario))
    script = list(scenario.script)
    for _ in range(scenario.max_steps):
        outcome = run.match.advance()
        if outcome is None:
            break
        if isinstance(outcome, Decision):
            run.decisions.append(outcome)
            if not script:
                break
            entry = len(scenario.script) - len(script)
            answer = script.pop(0)
            try:
                run.match.choose(answer)
            except DigitutorError as error:  # IllegalActionError, BadActionKey, InputError: the rules refuse it
                step = len(run.match.steps)
                run.refused = InputError(scenario.path, f"script[{entry}]", f"refused at step {step}: {error}")
                run.failures.append(f"script answer {answer!r} at step {step}: {error}")
                return run
    if script:
        run.failures.append(f"{len(script)} script answer(s) left unused: {script}")
    run.failures.extend(check_expectations(run))
    return run


def check_expectations(run: ScenarioRun) -> list[str]:
    """Every expectation that does not hold, in words."""
    expect, failures = run.scenario.expect, []
    cited = run.cited_ids()
    for clause_id in (*run.scenario.demonstrates, *expect.get("cites", [])):
        if clause_id not in cited:
            failures.append(f"no step cites {clause_id}")
    narrations = [step.narration for step in run.match.steps]
    for text in expect.get("narration", []):
        if not any(text in narration for narration in narrations):
            failures.append(f"no step says {text!r}")
    board = run.match.game.board(run.match.state)
    for entry in expect.get("board", []):
        failures.extend(_check_zone(board, entry))
    for entry in expect.get("counters", []):
        failures.extend(_check_counter(board, entry))
    for entry in expect.get("options", []):
        failures.extend(_check_option(run, entry))
    for entry in expect.get("why_not", []):
        failures.extend(_check_why_not(run, entry))
    if "result" in expect:
        failures.extend(_check_result(run, expect["result"]))
    if "over" in expect and bool(expect["over"]) != run.match.over:
        failures.append(f"expected the game {'to be over' if expect['over'] else 'to go on'}")
    return failures


def _player(board: Any, entry: dict[str, Any]) -> Any:
    index = entry.get("player")
    if index not in range(len(board.players)):
        return None
    return board.players[index]


def _check_zone(board: Any, entry: Any) -> list[str]:
    player = _player(board, entry) if isinstance(entry, dict) else None
    if player is None:
        return [f"board expectation {entry!r} needs player and zone"]
    zone = next((z for z in player.zones if z.id == entry.get("zone")), None)
    if zone is None:
        return [f"{player.name} has no zone {entry.get('zone')!r} (zones: {', '.join(z.id for z in player.zones)})"]
    failures = []
    names = [card.name for card in zone.cards]
    if "cards" in entry and names != list(entry["cards"]):
        failures.append(f"{player.name}'s {zone.id} holds {names}, expected {entry['cards']}")
    if "stack" in entry:
        stacks = [[*(c.name for c in reversed(card.under)), card.name] for card in zone.cards]
        if list(entry["stack"]) not in stacks:
            failures.append(f"{player.name}'s {zone.id} has no stack {entry['stack']} (stacks, bottom first: {stacks})")
    if "count" in entry and zone.count != entry["count"]:
        failures.append(f"{player.name}'s {zone.id} holds {zone.count} card(s), expected {entry['count']}")
    return failures


def _check_counter(board: Any, entry: Any) -> list[str]:
    player = _player(board, entry) if isinstance(entry, dict) else None
    if player is None or "name" not in entry or "value" not in entry:
        return [f"counter expectation {entry!r} needs player, name and value"]
    actual = player.counters.get(entry["name"])
    if actual != str(entry["value"]):
        return [f"{player.name}'s {entry['name']} is {actual}, expected {entry['value']}"]
    return []


def _check_option(run: ScenarioRun, entry: Any) -> list[str]:
    if not isinstance(entry, dict) or "decision" not in entry or "option" not in entry:
        return [f"option expectation {entry!r} needs decision and option"]
    match = run.match
    for decision in run.decisions:
        if decision.kind != entry["decision"]:
            continue
        wanted = entry["option"]
        option = next((o for o in decision.options if wanted in (o.key, match.game.alias(match.state, o.key))), None)
        if option is None:
            continue
        failures = []
        if "legal" in entry and option.legal != bool(entry["legal"]):
            failures.append(f"option {option.key!r} of {decision.kind} is {'legal' if option.legal else 'illegal'}")
        reason_ids = [reason.citation.id for reason in option.reasons]
        for clause_id in entry.get("cites", []):
            if clause_id not in reason_ids:
                failures.append(f"option {option.key!r} of {decision.kind}: no reason cites {clause_id} (reasons: {reason_ids})")
        if "reasons" in entry and len(option.reasons) != entry["reasons"]:
            failures.append(f"option {option.key!r} of {decision.kind} has {len(option.reasons)} reason(s), expected {entry['reasons']}")
        return failures
    return [f"no {entry['decision']} decision offered option {entry['option']!r}"]


def proposals(run: ScenarioRun) -> list[tuple[dict[str, Any], tuple[Any, ...] | str]]:
    """Each ``why_not`` proposal of the scenario with its reasons where the script stopped (or why it is no action)."""
    found = []
    for entry in run.scenario.expect.get("why_not", []):
        if not isinstance(entry, dict) or not isinstance(entry.get("action"), str):
            found.append((entry, "needs action (an action key)"))
            continue
        player = entry.get("player")
        try:
            found.append((entry, run.match.why_not(entry["action"], player if isinstance(player, int) else None)))
        except DigitutorError as error:
            found.append((entry, str(error)))
    return found


def _check_why_not(run: ScenarioRun, entry: Any) -> list[str]:
    reasons = dict((id(e), r) for e, r in proposals(run)).get(id(entry))
    if isinstance(reasons, str) or reasons is None:
        return [f"why_not {entry!r}: {reasons}"]
    failures = []
    key = entry["action"]
    if "legal" in entry and (not reasons) != bool(entry["legal"]):
        failures.append(f"proposed {key!r} is {'legal' if not reasons else 'illegal'}")
    if "reasons" in entry and len(reasons) != entry["reasons"]:
        failures.append(f"proposed {key!r} has {len(reasons)} reason(s), expected {entry['reasons']}: {[r.why for r in reasons]}")
    cited = [reason.citation.id for reason in reasons]
    for clause_id in entry.get("cites", []):
        if clause_id not in cited:
            failures.append(f"proposed {key!r}: no reason cites {clause_id} (reasons cite: {cited})")
    return failures


def _check_result(run: ScenarioRun, expected: Any) -> list[str]:
    result = run.match.result
    if result is None:
        return ["expected the game to be over with a result"]
    if isinstance(expected, dict) and "winner" in expected and result.winner != expected["winner"]:
        return [f"winner is {result.winner}, expected {expected['winner']}"]
    return []

"""Running a scenario through the real engine and checking its expectations."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core.errors import DigitutorError, InputError
from ..core.match import Match
from ..core.records import Decision
from ..core.registry import get_game
from .facts import check_card, check_counter, check_now, check_order, now_facts, unmet
from .model import Scenario
from .naming import CopyNumbers, NamingError
from .spelling import view_zone, zone_key


@dataclass
class ScenarioRun:
    """A scenario played to the end of its script, with what went wrong (if anything)."""

    scenario: Scenario
    match: Match
    decisions: list[Decision] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    #: the script answer the engine refused (the run stopped there): the file's error, naming the entry and why
    refused: InputError | None = None
    names: CopyNumbers | None = None  #: the copy numbers of this match's cards (``agumon#2``)
    #: ``*-done`` script answers passed over because their step had ended by itself
    passed_over: list[str] = field(default_factory=list)
    stopped_at_until: bool = False  #: the run stopped because the ``until`` point was reached

    @property
    def copies(self) -> CopyNumbers:
        if self.names is None:
            self.names = CopyNumbers(self.match.game, self.match.state_at(-1), self.scenario.setup)
        return self.names

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
    """Play the script; stop when it is used up (at the ``until`` point, if given, else at the next decision),
    at the end of the game, or after max_steps."""
    match = start_scenario(scenario)
    run = ScenarioRun(scenario, match, names=CopyNumbers(match.game, match.state, scenario.setup))
    script = list(scenario.script)
    for _ in range(scenario.max_steps):
        if not script and scenario.until and not unmet(now_facts(run.match), scenario.until):
            run.stopped_at_until = True
            break
        outcome = run.match.advance()
        if outcome is None:
            break
        if isinstance(outcome, Decision):
            if not run.decisions or run.decisions[-1] is not outcome:  # asked again after a passed-over answer
                run.decisions.append(outcome)
            if not script:
                run.stopped_at_until = bool(scenario.until) and not unmet(now_facts(run.match), scenario.until)
                break
            if not _answer(run, script):
                return run
    if script:
        run.failures.append(f"{len(script)} script answer(s) left unused: {script}")
    if scenario.until and not run.stopped_at_until:
        where = (
            f"at a {run.match.pending.kind} decision"
            if run.match.pending is not None
            else "at the end of the game"
            if run.match.over
            else f"after {scenario.max_steps} steps"
        )
        run.failures.append(
            f"the run stopped {where} before reaching until {scenario.until} (now: {now_facts(run.match)})"
        )
    run.failures.extend(check_expectations(run))
    return run


def is_done_key(key: str) -> bool:
    """``done`` and every ``*-done`` answer: the answer that ends a step of choices (DigiXros, digivolving)."""
    kind = key.partition(":")[0]
    return key == kind and (kind == "done" or kind.endswith("-done"))


def _answer(run: ScenarioRun, script: list[str]) -> bool:
    """Give the pending decision the script's next answers; False if the rules refuse one (the run stops).

    A ``*-done`` answer the decision does not offer at all is passed over: the step it would end has
    already ended by itself (DigiXros with no material left, a Digivolve phase with nothing to digivolve).
    """
    scenario, match = run.scenario, run.match
    decision = match.pending
    assert decision is not None
    while script:
        entry = len(scenario.script) - len(script)
        answer = script.pop(0)
        kind = answer.partition(":")[0]
        if is_done_key(answer) and not any(option.action.kind == kind for option in decision.options):
            run.passed_over.append(
                f"script[{entry}] {answer!r}: the {decision.kind} decision does not offer it (that step ended by "
                "itself)"
            )
            continue
        try:
            match.choose(run.copies.resolve_key(match.state, answer, decision.player))
        except DigitutorError as error:  # IllegalActionError, BadActionKey, NamingError: the rules refuse it
            step = len(match.steps)
            run.refused = InputError(scenario.path, f"script[{entry}]", f"refused at step {step}: {error}")
            run.failures.append(f"script answer {answer!r} at step {step}: {error}")
            return False
        return True
    return True


def check_expectations(run: ScenarioRun) -> list[str]:
    """Every expectation that does not hold, in words."""
    expect, failures = run.scenario.expect, []
    cited = run.cited_ids()
    claimed = (*(c for c in run.scenario.demonstrates if c not in run.scenario.by_absence), *expect.get("cites", []))
    for clause_id in claimed:
        if clause_id not in cited:
            failures.append(f"no step cites {clause_id}")
    narrations = [step.narration for step in run.match.steps]
    for text in expect.get("narration", []):
        if not any(text in narration for narration in narrations):
            failures.append(f"no step says {text!r}")
    failures.extend(check_order(run.match, expect.get("order", [])))
    if "now" in expect:
        failures.extend(check_now(run.match, expect["now"]))
    board = run.match.game.board(run.match.state)
    for entry in expect.get("board", []):
        failures.extend(_check_zone(board, entry))
    for entry in expect.get("counters", []):
        failures.extend(check_counter(board, entry))
    for entry in expect.get("cards", []):
        failures.extend(check_card(run.match, run.copies, entry))
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
    zone = next((z for z in player.zones if z.id == view_zone(str(entry.get("zone")))), None)
    if zone is None:
        zones = ", ".join(zone_key(z.id) for z in player.zones)
        return [f"{player.name} has no zone {entry.get('zone')!r} (zones: {zones})"]
    failures = []
    names = [card.name for card in zone.cards]
    if "cards" in entry and names != list(entry["cards"]):
        failures.append(f"{player.name}'s {zone_key(zone.id)} holds {names}, expected {entry['cards']}")
    if "stack" in entry:
        stacks = [[*(c.name for c in reversed(card.under)), card.name] for card in zone.cards]
        if list(entry["stack"]) not in stacks:
            failures.append(
                f"{player.name}'s {zone_key(zone.id)} has no stack {entry['stack']} (stacks, bottom first: {stacks})"
            )
    if "count" in entry and zone.count != entry["count"]:
        failures.append(f"{player.name}'s {zone_key(zone.id)} holds {zone.count} card(s), expected {entry['count']}")
    return failures


def _check_option(run: ScenarioRun, entry: Any) -> list[str]:
    if not isinstance(entry, dict) or "decision" not in entry or "option" not in entry:
        return [f"option expectation {entry!r} needs decision and option"]
    match = run.match
    for decision in run.decisions:
        if decision.kind != entry["decision"]:
            continue
        try:
            wanted = run.copies.resolve_key(match.state, entry["option"], decision.player)
        except NamingError as error:
            return [f"option {entry['option']!r}: {error}"]
        option = next((o for o in decision.options if wanted in (o.key, match.game.alias(match.state, o.key))), None)
        if option is None:
            continue
        failures = []
        if "legal" in entry and option.legal != bool(entry["legal"]):
            failures.append(f"option {option.key!r} of {decision.kind} is {'legal' if option.legal else 'illegal'}")
        reason_ids = [reason.citation.id for reason in option.reasons]
        for clause_id in entry.get("cites", []):
            if clause_id not in reason_ids:
                failures.append(
                    f"option {option.key!r} of {decision.kind}: no reason cites {clause_id} (reasons: {reason_ids})"
                )
        if "reasons" in entry and len(option.reasons) != entry["reasons"]:
            failures.append(
                f"option {option.key!r} of {decision.kind} has {len(option.reasons)} reason(s), expected "
                f"{entry['reasons']}"
            )
        return failures
    return [f"no {entry['decision']} decision offered option {entry['option']!r}"]


def proposals(run: ScenarioRun) -> list[tuple[Any, tuple[Any, ...] | str]]:
    """Each ``why_not`` proposal of the scenario with its reasons where the script stopped (or why it is no action)."""
    found: list[tuple[Any, tuple[Any, ...] | str]] = []
    for entry in run.scenario.expect.get("why_not", []):
        if not isinstance(entry, dict) or not isinstance(entry.get("action"), str):
            found.append((entry, "needs action (an action key)"))
            continue
        player = entry.get("player")
        try:
            match = run.match
            who = player if isinstance(player, int) else match.pending.player if match.pending is not None else 0
            found.append((entry, match.why_not(run.copies.resolve_key(match.state, entry["action"], who), who)))
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
        failures.append(
            f"proposed {key!r} has {len(reasons)} reason(s), expected {entry['reasons']}: {[r.why for r in reasons]}"
        )
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

"""No legal board refused: positions reached by seeded play, written as boards, pass the board check and play on alike.

Every game is played by seeded random answers (people at both seats, answered here); at every third decision the
position is written as a scenario board (``board_from_state``, through YAML as a file keeps it), and

- the board check finds nothing impossible in it (a legal game reached it), and a match starts from it;
- where the board starts at the same decision, in the same phase, with the same options, and nothing of the turn
  that a board does not hold is in play (effects used "once per turn", effects lasting for the turn, a partner
  evolved this turn, a Duel's passes), the same answer gives the same next steps: the same narration and the same
  clauses, up to the next decision.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
import yaml

from digitutor.core.errors import DigitutorError
from digitutor.core.match import Match
from digitutor.core.records import Decision, Step
from digitutor.scenarios.boardcheck import check_board
from digitutor.scenarios.boardstate import board_from_state

GAMES = ("dcg", "dmb", "dbe", "dtector", "arena")
SEEDS = (9101, 9102, 9103)
EVERY = 3  #: a board at every third decision
MAX_STEPS = 300  #: a game is followed this far (about a second per seed)


def to_decision(match: Match, limit: int = 200) -> tuple[Decision | None, list[Step]]:
    """Advance to the next decision; the steps taken on the way (None: the game ended, or ``limit`` steps passed)."""
    steps: list[Step] = []
    for _ in range(limit):
        outcome = match.advance()
        if isinstance(outcome, Decision):
            return outcome, steps
        if outcome is None:
            return None, steps
        steps.append(outcome)
    return None, steps


def told(steps: list[Step]) -> list[tuple[str, tuple[str, ...]]]:
    return [(step.narration, tuple(c.id for c in step.citations)) for step in steps]


def of_the_turn(game: str, state: Any) -> bool:
    """Does something of this turn (or Duel) that a board does not hold bear on what comes next?"""
    if game == "dcg":
        return bool(state.used or state.lasting or any(stack.burst for side in state.sides for stack in side.battle))
    if game in ("dmb", "dbe"):
        return any(
            side.partner_evolved == state.turn or side.evolved == state.turn or side.used_this_turn
            for side in state.sides
        )
    if game == "arena":
        return any(state.passed)
    return False


def offered(decision: Decision) -> list[tuple[str, bool]]:
    return sorted((option.label, option.legal) for option in decision.options)


@pytest.mark.parametrize("game", GAMES)
def test_no_board_a_seeded_game_reaches_is_refused(game: str) -> None:
    boards = compared = 0
    for seed in SEEDS:
        answers = random.Random(seed)
        match = Match(game, seed, None, ("human", "human"))
        decisions = 0
        while len(match.steps) < MAX_STEPS:
            decision, _ = to_decision(match)
            if decision is None:
                break
            decisions += 1
            pick = answers.choice([option for option in decision.options if option.legal])
            try:
                board = board_from_state(game, match.state) if decisions % EVERY == 0 else None
            except DigitutorError:  # an Arena game still in Setup: not a board yet
                board = None
            if board is None or match.game.result(match.state) is not None:
                match.choose(pick.key)
                continue
            board = yaml.safe_load(yaml.safe_dump(board, sort_keys=False))
            boards += 1
            where = f"{game} seed {seed} step {len(match.steps)}"
            check = check_board(game, board)
            assert not check.impossible, (where, [(r.why, r.citation.id) for r in check.impossible], board)
            again = Match(game, seed, {"board": board}, ("human", "human"), "board")  # the match's own check passes
            first, _ = to_decision(again)
            same = (
                first is not None
                and (first.kind, first.player) == (decision.kind, decision.player)
                and again.game.phase_of(again.state) == match.game.phase_of(match.state)
                and offered(first) == offered(decision)
                and not of_the_turn(game, match.state)
            )
            match.choose(pick.key)
            if not same:
                continue
            assert first is not None
            again.choose(next(option.key for option in first.options if option.label == pick.label))
            assert told(to_decision(again)[1]) == told(to_decision(match)[1]), (where, pick.label)
            compared += 1
    assert boards >= 60 and compared >= 10, (boards, compared)  # many points per game, and many played on


def test_dbe_first_turn_skipping_its_strategy_phase_writes_a_board_the_check_accepts() -> None:
    """dbe:strategy-phase.p1 "Skip this entire phase during the first turn of the game": the game passes through the
    skipped Strategy Phase on turn 1, so a board written there must load (it starts at the End Phase that comes next),
    while a board that says it is in the Strategy Phase of turn 1 is refused (test_board_refusals.py)."""
    match = Match("dbe", 1, agents=("human", "greedy"))
    while not (match.state.turn == 1 and match.game.phase_of(match.state) == "strategy"):
        outcome = match.advance()
        assert outcome is not None and match.state.turn <= 1, (
            "the first turn ended without its (skipped) Strategy Phase"
        )
        if isinstance(outcome, Decision):  # (its first option: Player 1 does not evolve, and the skip comes next)
            match.choose(outcome.legal_options[0].key)
    board = yaml.safe_load(yaml.safe_dump(board_from_state("dbe", match.state)))
    assert board["phase"] == "end"
    assert not check_board("dbe", board).impossible, check_board("dbe", board)
    Match("dbe", 1, {"board": board}, ("random", "random"), "board")

"""Simultaneous secret choices as a core construct: each chooses, nobody sees another's choice until the reveal."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from digitutor.core.frames import Frame, FrameStack, stack_of
from digitutor.core.match import Match
from digitutor.core.records import Decision
from digitutor.core.secret import HIDDEN, choices, hide_secrets, record, secret_round, waiting


@dataclass
class Table(FrameStack):
    frames: list[Frame] = field(default_factory=list)


def test_a_secret_round_asks_each_player_then_reveals_and_hides_each_choice_from_the_other():
    table = Table(stack_of(*secret_round("strategy", (0, 1)), Frame("battle.support")))
    assert [f.kind for f in reversed(table.frames)] == [
        "strategy.choose",
        "strategy.choose",
        "strategy.reveal",
        "battle.support",
    ]
    assert table.top_frame.player == 0
    record(table, "strategy", 0, "circle")
    table.pop()
    assert table.top_frame.player == 1
    # Player 2 decides now: their view of the stack holds no trace of Player 1's choice
    seen = hide_secrets(table.frames, 1)
    assert "circle" not in repr(seen) and choices(seen[-2]) == {0: HIDDEN}
    assert choices(hide_secrets(table.frames, 0)[-2]) == {0: "circle"}  # the chooser sees their own
    record(table, "strategy", 1, "cross")
    table.pop()
    assert table.top_frame.kind == "strategy.reveal" and choices(table.top_frame) == {0: "circle", 1: "cross"}
    assert choices(hide_secrets(table.frames, None)[-1]) == {0: "circle", 1: "cross"}  # the judge's view shows all


# -- a save every seat may read (issue 34, item 1): it stops before a secret choice that is not revealed yet --------


def played(game: str, moves: int) -> Match:
    """A game between two people answering the first legal option, but Cross at every secret attack."""
    match = Match(game, 1, None, ("human", "human"))
    for _ in range(moves):
        outcome = match.advance()
        if outcome is None:
            break
        if isinstance(outcome, Decision):
            keys = [option.key for option in outcome.legal_options]
            match.choose(keys[-1] if outcome.kind == "strategy" else keys[0])
    return match


def open_end_by_replay(match: Match) -> int:
    """The last step after which no secret choice waits, found the slow way: rebuilding every state."""
    index = len(match.steps) - 1
    while index >= 0 and waiting(match.state_at(index).frames):
        index -= 1
    return index


@pytest.mark.parametrize("game", ["dmb", "dbe"])
def test_a_shared_save_stops_before_a_secret_attack_until_both_are_revealed(game):
    """dmb:strategy-phase / dbe:strategy-phase: the attacks are chosen secretly and revealed together; in between, a
    save meant for both players holds neither choice (nor the Supports declared since), and loading it asks the
    first choice of the round again. Before the round and after the reveal it is the whole match."""
    match = Match(game, 1, None, ("human", "human"))
    windows = 0
    for _ in range(160):
        outcome = match.advance()
        if isinstance(outcome, Decision):
            keys = [option.key for option in outcome.legal_options]
            match.choose(keys[-1] if outcome.kind == "strategy" else keys[0])
        end = match.shared_end()
        assert end == open_end_by_replay(match)
        full, shared = match.save(), match.save(shared=True)
        if not waiting(match.state.frames):
            assert end == len(match.steps) - 1 and shared == full
            continue
        windows += 1
        secret = [record for record in match.decisions if record.step > end]
        assert secret[0].kind == "strategy", "the round starts with a secret attack"
        kept = full["decisions"][: len(full["decisions"]) - len(secret)]
        assert shared["steps"] == end + 1 and shared["decisions"] == kept
        assert not [d for d in shared["decisions"] if d["step"] > end]
        loaded = Match.load(shared)
        assert [s.narration for s in loaded.steps] == [s.narration for s in match.steps[: end + 1]]
        asked = loaded.advance()
        assert isinstance(asked, Decision) and asked.kind == "strategy" and asked.player == secret[0].player
    assert windows > 3, "the game passed through secret rounds"


@pytest.mark.parametrize("game", ["dcg", "dtector", "arena"])
def test_a_shared_save_of_a_game_without_secret_choices_is_the_whole_match(game):
    match = Match(game, 1, None, ("human", "human"))
    for _ in range(120):
        outcome = match.advance()
        if isinstance(outcome, Decision):
            match.choose(outcome.legal_options[0].key)
        assert match.shared_end() == len(match.steps) - 1 and match.save(shared=True) == match.save()


def test_going_back_or_forking_inside_a_secret_round_keeps_the_shared_end_right():
    match = played("dmb", 70)
    while not waiting(match.state.frames):
        outcome = match.advance()
        if isinstance(outcome, Decision):
            match.choose(outcome.legal_options[-1].key)
    end = match.shared_end()
    twin = match.fork(end + 1)
    assert twin.shared_end() == end == open_end_by_replay(twin)
    twin.truncate(end)
    assert twin.shared_end() == end and twin.save(shared=True) == twin.save()
    assert match.shared_end() == end, "the fork left the match alone"
    match.undo()
    assert match.shared_end() == open_end_by_replay(match)

"""The engine core: determinism, decisions with full why-not, undo, jump, fork, save and load."""

from __future__ import annotations

import json

import pytest

from digitutor.core.errors import DigitutorError, IllegalActionError, InputError
from digitutor.core.match import SNAPSHOT_EVERY, Match
from digitutor.core.records import Decision


def played(seed: int = 7, game: str = "dtector") -> Match:
    match = Match(game, seed)
    match.run()
    return match


def test_same_seed_and_agents_give_the_same_game_byte_for_byte():
    first, second = played(11), played(11)
    assert json.dumps(first.trace()) == json.dumps(second.trace())
    assert json.dumps(played(12).trace()) != json.dumps(first.trace())


def test_state_at_any_step_equals_the_state_reached_live():
    match = Match("dtector", 3)
    boards = []
    while not match.over:
        match.advance()
        boards.append(match.game.board(match.state))
    for index in (0, 1, SNAPSHOT_EVERY - 1, SNAPSHOT_EVERY, 2 * SNAPSHOT_EVERY + 5, len(match.steps) - 1):
        assert match.game.board(match.state_at(index)) == boards[index]


def test_a_decision_does_not_change_the_state():
    match = Match("dtector", 5, agents=("human", "human"))
    decision = match.run()
    assert isinstance(decision, Decision)
    before = match.game.board(match.state)
    again = match.advance()
    assert again is decision and match.game.board(match.state) == before


def test_an_illegal_answer_is_refused_with_every_cited_reason_and_changes_nothing():
    match = Match("dtector", 5, agents=("human", "human"))
    while True:
        decision = match.run()
        assert decision is not None, "the game should offer an illegal option to a person"
        illegal = [o for o in decision.options if not o.legal]
        if illegal:
            break
        match.choose(decision.legal_options[0].key)
    option = illegal[0]
    steps = len(match.steps)
    with pytest.raises(IllegalActionError) as refused:
        match.choose(option.key)
    assert refused.value.reasons == option.reasons and option.reasons
    assert all(reason.citation.quote in str(refused.value) for reason in option.reasons)
    assert len(match.steps) == steps and match.pending is decision


def test_an_unknown_answer_names_the_legal_ones():
    match = Match("dtector", 5, agents=("human", "human"))
    decision = match.run()
    with pytest.raises(IllegalActionError, match="not an option"):
        match.choose("no-such-card")
    assert match.pending is decision


def test_undo_takes_back_the_last_human_answer_and_asks_again():
    match = Match("dtector", 9, agents=("human", "random"))
    decision = match.run()
    match.choose(decision.legal_options[-1].key)
    match.run()
    assert match.undo()
    again = match.run()
    assert again.kind == decision.kind and again.options == decision.options


def test_truncate_and_replay_with_the_same_answers_gives_the_same_game():
    match = played(21)
    saved = json.dumps(match.trace())
    twin = match.fork(40)
    assert len(twin.steps) == 41
    assert len(match.steps) > 41, "forking must not change the original"
    answers = {d.step: d.answer for d in match.decisions}
    while not twin.over:
        outcome = twin.game.advance(twin.state, twin.rng)
        if isinstance(outcome, Decision):
            twin.pending = outcome
            twin._answer(answers[len(twin.steps)], "random")
        else:
            twin._record(outcome, None)
    assert json.dumps(twin.trace()) == saved


def test_save_and_load_rebuild_the_exact_match(tmp_path):
    match = Match("dtector", 4, agents=("human", "random"))
    for _ in range(6):
        decision = match.run()
        match.choose(decision.legal_options[0].key)
    path = tmp_path / "match.json"
    path.write_text(json.dumps(match.save()))
    loaded = Match.load(json.loads(path.read_text()), str(path))
    assert json.dumps(loaded.trace()) == json.dumps(match.trace())
    assert loaded.game.board(loaded.state) == match.game.board(match.state)


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d.update(format="other"), "format"),
        (lambda d: d.update(seed="x"), "seed"),
        (lambda d: d["decisions"][0].update(answer="nonsense"), "decisions (step"),
    ],
)
def test_loading_a_damaged_save_names_the_field(change, field):
    match = Match("dtector", 4, agents=("human", "human"))
    match.choose(match.run().legal_options[0].key)
    doc = match.save()
    change(doc)
    with pytest.raises(InputError, match=field.replace("(", r"\(")):
        Match.load(doc, "save.json")


def test_unknown_game_and_agent_are_clear_errors():
    with pytest.raises(DigitutorError, match="unknown game 'chess'"):
        Match("chess", 1)
    with pytest.raises(DigitutorError, match="unknown agent 'genius'"):
        Match("dtector", 1, agents=("genius", "random"))

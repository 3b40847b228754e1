"""The second-edition core: frames as plain data, instances, why_not for any proposal, save and continue."""

from __future__ import annotations

import json

import pytest

from digitutor.core.actions import Action, BadActionKey
from digitutor.core.errors import DigitutorError
from digitutor.core.frames import Frame, frame
from digitutor.core.match import Match
from digitutor.core.records import Decision
from digitutor.core.registry import registered_games
from digitutor.games.dtector import citations as DC

GAMES = [g.id for g in registered_games()]


@pytest.mark.parametrize("game", GAMES)
def test_save_load_continue_gives_the_same_trace_as_an_uninterrupted_game(game):
    for seed in range(5):
        whole = Match(game, seed, agents=("random", "random"))
        whole.run()
        half = Match(game, seed, agents=("random", "random"))
        for _ in range(len(whole.steps) // 2):
            half.advance()
        resumed = Match.load(json.loads(json.dumps(half.save())))
        resumed.run()
        assert resumed.trace() == whole.trace()


@pytest.mark.parametrize("game", GAMES)
def test_a_state_with_its_frames_copies_and_compares_as_plain_data(game):
    match = Match(game, 3)
    for _ in range(40):
        match.advance()
    twin = match.state.copy()
    assert twin == match.state and twin is not match.state
    assert all(isinstance(f, Frame) and Frame.from_json(json.loads(json.dumps(f.to_json()))) == f for f in twin.frames)
    twin.frames.append(frame("anything"))
    assert twin != match.state


@pytest.mark.parametrize("game", GAMES)
def test_instance_ids_are_not_numbered_in_deck_list_order(game):
    match = Match(game, 1)
    table = match.state.instances
    own = [table.ids[uid] for uid, owner in enumerate(table.owners) if owner == 0]
    assert own != sorted(own, key=lambda iid: int(iid.rpartition(".c")[2]))
    assert len(set(table.ids)) == len(table.ids)  # every physical card has its own id


def test_two_copies_of_one_card_are_two_options():
    board = {
        "phase": "battle-call",
        "players": [
            {"hand": ["agumon", "agumon", "palmon"], "deck": ["gabumon"] * 5},
            {"hand": ["gabumon"], "deck": ["gabumon"] * 5},
        ],
    }
    match = Match("dtector", 1, {"board": board}, ("human", "human"))
    decision = match.run()
    agumons = [o for o in decision.options if o.label.startswith("Agumon")]
    assert len(agumons) == 2 and agumons[0].key != agumons[1].key


def test_dtector_why_not_for_an_action_no_decision_offers_lists_every_reason():
    """Digi-Battle Phase: "defend ... with a Digimon of the same element" —
    asked for in the Battle Call, with Palmon."""
    board = {
        "phase": "battle-call",
        "players": [
            {"hand": ["agumon"], "d_dock": ["greymon"], "deck": ["gabumon"] * 5},
            {"hand": ["palmon"], "deck": ["gabumon"] * 5},
        ],
    }
    match = Match("dtector", 1, {"board": board}, ("human", "human"))
    match.run()
    palmon = next(match.state.iid(uid) for uid in match.state.sides[1].hand)
    reasons = match.why_not(f"block:{palmon}", player=1)
    assert [r.citation for r in reasons] == [DC.DEFEND]  # not now: blocking happens when the opponent attacks
    mine = next(match.state.iid(uid) for uid in match.state.sides[0].hand)
    assert [r.citation for r in match.why_not(f"place:{mine}")] == []  # on offer: legal
    stranger = match.why_not(f"place:{palmon}")  # Player 1 cannot place Player 2's card
    assert [r.citation for r in stranger] == [DC.PLACE_FACE_DOWN] and "Palmon" not in stranger[0].why


def test_a_key_that_is_no_action_is_a_one_line_error():
    with pytest.raises(BadActionKey):
        Action.parse("place:agumon;rm -rf", 0)
    match = Match("dtector", 1, agents=("human", "human"))
    match.run()
    with pytest.raises(DigitutorError, match="not an action of D-Tector"):
        match.why_not("fly:p0.c1")
    with pytest.raises(DigitutorError, match=r"no card p9.c1"):
        match.why_not("place:p9.c1")


@pytest.mark.parametrize("game", GAMES)
def test_why_not_answers_any_proposal_at_any_decision_without_crashing(game):
    """Every action kind, naming random cards of the match, proposed by either player at every decision."""
    import random

    for seed in range(15):
        match = Match(game, seed, agents=("human", "human"))
        rng = random.Random(seed)
        ids = match.state.instances.ids
        while not match.over:
            decision = match.run()
            if decision is None:
                break
            for kind in match.game.actions:
                for cards in ((), (rng.choice(ids),), (rng.choice(ids), rng.choice(ids))):
                    for player in (0, 1):
                        reasons = match.game.why_not(match.state, Action(kind, player, cards))
                        assert all(r.citation.id.startswith(f"{game}:") for r in reasons)
            legal = decision.legal_options
            match.choose(legal[rng.randrange(len(legal))].key)


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_state_saves_and_loads_as_plain_data_and_plays_on_the_same(game):
    import random

    for seed in range(3):
        match = Match(game, seed, agents=("human", "human"))
        rng = random.Random(seed)
        for _ in range(30 + 20 * seed):
            outcome = match.advance()
            if isinstance(outcome, Decision):
                match.choose(outcome.legal_options[rng.randrange(len(outcome.legal_options))].key)
        doc = json.loads(json.dumps(match.game.save_state(match.state)))
        loaded = match.game.load_state(doc)
        assert loaded == match.state
        one, two = random.Random(7), random.Random(7)
        assert match.game.advance(match.state.copy(), one) == match.game.advance(loaded, two)

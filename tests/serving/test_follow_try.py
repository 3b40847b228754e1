"""Follow mode, "Try from here" (issue 36, point 1): a follower tries the teacher's board from the view shown, on a
position that matches everything the shown seat sees and has what it cannot see dealt afresh; no hidden fact of the
teacher's game can be read from the positions beyond chance, and neither the seed nor the answers are in them."""

from __future__ import annotations

import json
import math
from collections import Counter
from typing import Any

import pytest

from digitutor.core.match import Match
from digitutor.scenarios.determinize import ATTACKS, Deal
from digitutor.widgets.apps import LearnApp
from digitutor.widgets.model import TutorModel
from digitutor.widgets.position import TRY_MODE, read_position
from digitutor.widgets.publish import attempt_of
from digitutor.widgets.tutor import Tutor, free_play_spec

#: the games a room plays whole games of, and how many of each game's steps are checked
GAMES = ("dcg", "dmb", "dbe")
STEPS = 160
TEACHER_SEED = 5


def teacher(game: str) -> Tutor:
    return Tutor(TutorModel(free_play_spec(game, TEACHER_SEED, "greedy")), app_id=f"learn:{game}")


def play_on(tutor: Tutor) -> bool:
    """One step of the teacher's game (the first legal option at a decision); False at the end."""
    model = tutor.model
    if model.match.over:
        return False
    pending = model.pending()
    if pending is not None:
        model.choose(pending.legal_options[0].key)
    else:
        model.next()
    return True


def tried(tutor: Tutor) -> tuple[Any, Match]:
    """The position "Try from here" gives for the view shown, and its match at its start."""
    shown = attempt_of(tutor)
    assert shown["try_app"] == f"learn_{tutor.model.game.id}.ipynb"
    position = read_position(shown["try_position"], "try")
    assert position.mode == TRY_MODE
    return position, Match.load(position.match, "try")


class Hits:
    """How often a deal puts the real card (or choice) in a hidden place, against what chance gives."""

    def __init__(self) -> None:
        self.hits, self.expected, self.variance, self.places = 0, 0.0, 0.0, 0

    def add(self, chance: float, hit: bool) -> None:
        self.hits += hit
        self.expected += chance
        self.variance += chance * (1 - chance)
        self.places += 1

    def beyond_chance(self) -> float:
        """How many standard deviations the hits lie above chance."""
        return (self.hits - self.expected) / math.sqrt(max(self.variance, 1e-9))


def hidden_places(deal: Deal) -> list[tuple[Any, Any, float]]:
    """(path, real card, chance a uniform guess from its family's cards names it) of every hidden place."""
    found = []
    for family, paths in deal.hidden.items():
        pool = Counter(deal.pools[family])
        for path in paths:
            real = deal.real
            for step in path:
                real = real[step]
            found.append((path, real, pool[real] / len(deal.pools[family])))
    return found


#: zones a board does not carry (``scenarios.boardstate``): a DMB/DBE Support goes back to the hand (the phase starts
#: again from its Strategy Phase), cards looked at (DBE's setup) back on the deck; a DCG Option being used is in no zone
IN_BETWEEN = {"support", "looking", "side-pile", "kept", "evolve-zone", "field"}


def in_between(game: Any, state: Any) -> bool:
    """True when something is in the middle of resolving, which a board starts again (so the seat sees it otherwise)."""
    return any(
        zone.cards or zone.count
        for player in game.board(state, None).players
        for zone in player.zones
        if zone.id in IN_BETWEEN
    )


def what_seat_sees(game: Any, state: Any, viewer: int) -> list[Any]:
    """Every zone of the board ``viewer`` sees: its cards face up by name (with the cards under them), how many are
    face down, and the counters."""
    seen = []
    for player in game.board(state, viewer).players:
        zones = [
            (
                zone.id,
                zone.count,
                sorted((card.name, card.hidden, tuple(c.name for c in card.under)) for card in zone.cards),
            )
            for zone in player.zones
        ]
        seen.append((player.index, dict(player.counters), zones))
    return seen


def card_at(board: Any, path: Any) -> Any:
    for step in path:
        board = board[step]
    return board


@pytest.mark.parametrize("game", GAMES)
def test_no_try_position_tells_a_hidden_card_or_secret_choice_better_than_chance(game: str) -> None:
    tutor = teacher(game)
    cards, choices, positions, compared = Hits(), Hits(), 0, 0
    for _ in range(STEPS):
        if not play_on(tutor):
            break
        model = tutor.model
        deal = Deal(game, model.state(), model.viewer())
        position, match = tried(tutor)
        positions += 1
        board = match.setup["board"]
        if not in_between(model.game, model.state()):
            compared += 1
            assert what_seat_sees(match.game, match.state, model.viewer()) == what_seat_sees(
                model.game, model.state(), model.viewer()
            ), "the tried board is not what the seat sees"
        for path, real, chance in hidden_places(deal):
            cards.add(chance, card_at(board, path) == real)
        if deal.secret is not None:
            secret = deal.secret
            choices.add(1 / len(ATTACKS), board["attack"]["chosen"][secret] == deal.real["attack"]["chosen"][secret])
        text = json.dumps(position.to_json())
        assert position.match["decisions"] == [] and position.match["seed"] != TEACHER_SEED
        assert "seed 5" not in text
    assert positions >= 100 and compared > positions / 2 and cards.places > 1000
    assert cards.beyond_chance() < 4, f"{cards.hits} hidden cards named, chance gives {cards.expected:.0f}"
    if game in ("dmb", "dbe"):
        assert choices.places, "no secret attack was ever pending: the check proves nothing"
        assert choices.beyond_chance() < 4, f"{choices.hits} of {choices.places} secret attacks named"
    # a position that leaked would name every card: far beyond chance
    assert cards.hits < 0.5 * cards.places


def test_the_deal_is_fresh_each_time() -> None:
    tutor = teacher("dcg")
    for _ in range(20):
        play_on(tutor)
    boards = {json.dumps(tried(tutor)[1].setup["board"], sort_keys=True) for _ in range(5)}
    assert len(boards) == 5


@pytest.mark.parametrize("game", ["dmb", "dcg"])
def test_try_from_here_opens_in_the_learn_app_at_the_learners_decision(game: str) -> None:
    tutor = teacher(game)
    for _ in range(30):
        play_on(tutor)
    while tutor.model.pending() is None or tutor.model.pending().player != 0:
        play_on(tutor)
    link = attempt_of(tutor)["try_position"]
    app = LearnApp(game)
    app.tutor.restore(link, "link")
    model = app.tutor.model
    assert not model.error, model.error
    pending = model.pending()
    assert pending is not None and pending.player == 0 and model.at_end, "it opens at the learner's decision"
    assert "waiting for Player 1 to decide" in app.tutor.status.value
    assert "dealt afresh" in app.tutor.title.value
    model.choose(pending.legal_options[0].key)
    assert not model.error and len(model.match.steps) > 0
    # a reload (the browser keeps the position) brings the tried board back as such, Restart too
    again = LearnApp(game)
    again.tutor.restore(app.tutor.key_listener.saved or "", "link")
    assert not again.tutor.model.error and again.tutor.model.spec.source == model.spec.source


def test_a_hand_over_screen_or_the_judges_view_offers_nothing_to_try() -> None:
    hot_seat = Tutor(TutorModel(free_play_spec("dmb", 3, None)), app_id="learn:dmb")
    for _ in range(200):
        if hot_seat.model.handover_to() is not None:
            break
        play_on(hot_seat)
    assert hot_seat.model.handover_to() is not None
    assert attempt_of(hot_seat) == {}
    rulings = Tutor.for_scenario(next(iter(_scenarios())))
    assert attempt_of(rulings) == {}


def _scenarios() -> list[str]:
    from digitutor.scenarios.model import scenario_library

    return [scenario.id for scenario in scenario_library() if scenario.game == "dmb"][:1]


def test_a_forged_try_position_is_refused_in_one_line() -> None:
    app = LearnApp("dmb")
    for agents, field in ((("human", "human"), "match.agents"), (("human", "greedy"), "match.setup")):
        doc = {
            "format": "digitutor-position",
            "version": 1,
            "app": "learn:dmb",
            "mode": TRY_MODE,
            "step": -1,
            "options": {},
            "match": Match("dmb", 3, None, agents).save(),
        }
        app.tutor.restore(json.dumps(doc), "link")
        error = app.tutor.model.error
        assert field in error and "\n" not in error, error

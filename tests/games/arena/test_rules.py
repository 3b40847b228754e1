"""Arena rules, each test named after the clause it checks; expected values come from the rulebook text
(and, for numbers printed on cards, from the card file), never from the engine's output."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from digitutor.core.errors import IllegalActionError
from digitutor.core.frames import frame
from digitutor.core.match import Match
from digitutor.core.records import Decision, Step
from digitutor.games.arena import GAME
from digitutor.games.arena import citations as C
from digitutor.games.arena.cardfile import card_set, draft_pool, tutorial_decks
from digitutor.games.arena.cards import STRONGER_THAN, Colour
from digitutor.games.arena.checks import deck_problems, power
from digitutor.games.arena.layout import new_state

from .arena_helpers import board, options, play, player, steps_citing

CARDS = card_set()
DECKS = [list(cards) for _, cards in tutorial_decks()]


def setup_until_digivolve(seed: int = 4) -> Match:
    match, _ = play({"decks": DECKS}, ["rookie:agumon", "rookie:palmon"], seed)
    return match


# -- arena:overview.p1 / setup.p1 -------------------------------------------------------------------------------


def test_overview_p1_four_main_phases_in_order():
    assert [phase.id for phase in GAME.turn_map()][:4] == ["setup", "digivolve", "battle", "re-group"]
    match = setup_until_digivolve()
    assert match.steps[0].citations[:2] == (C.FOUR_PHASES, C.SET_UP)


# -- arena:setup.b1 / b2 (two options) ------------------------------------------------------------------------------


def test_setup_b2_a_preconstructed_deck_is_30_unique_cards():
    for deck in DECKS:
        assert len(deck) == 30 and len(set(deck)) == 30 and deck_problems(deck, CARDS) == ()
    short = DECKS[0][:29]
    assert [r.citation for r in deck_problems(short, CARDS)] == [C.PRECONSTRUCTED]
    repeated = DECKS[0][:29] + DECKS[0][:1]
    assert [r.citation for r in deck_problems(repeated, CARDS)] == [C.PRECONSTRUCTED]


def test_setup_p2_a_deck_without_a_rookie_is_refused_with_every_reason():
    no_rookie = [card_id for card_id in CARDS if not CARDS[card_id].is_rookie][:29] * 2
    reasons = deck_problems(no_rookie, CARDS)
    assert [r.citation for r in reasons] == [C.PRECONSTRUCTED, C.PRECONSTRUCTED, C.SELECT_ROOKIE]


def test_setup_b1_the_draft_pool_is_60_unique_cards():
    pool = draft_pool()
    assert len(pool) == 60 and len(set(pool)) == 60


def test_setup_b1_players_take_turns_drawing_until_each_has_a_30_card_deck():
    match, _ = play({"draft": {}}, [])
    picks = [step for step in match.steps if step.events and step.events[0].kind == "draft-pick"]
    assert len(picks) == 60
    assert [step.player for step in picks] == [0, 1] * 30
    assert all(C.DRAFT in step.citations for step in picks)
    state = match.state
    assert state.pool == []
    drafted = [
        state.cards[uid].id
        for side in state.sides
        for uid in side.deck + ([side.new_rookie] if side.new_rookie is not None else [])
    ]
    assert sorted(drafted) == sorted(draft_pool())  # every card of the 60, each once


# -- arena:setup.p2 - p7 -----------------------------------------------------------------------------------------------


def test_setup_p2_each_player_selects_a_rookie_and_places_it_face_down():
    match, decisions = play({"decks": DECKS}, ["rookie:agumon"])
    assert decisions[0].kind == "select-rookie"
    assert all(match.state.card(match.state.uid(o.action.cards[0])).is_rookie for o in decisions[0].options)
    duel_zone = next(z for z in GAME.board(match.state, viewer=1).players[0].zones if z.id == "duel-zone")
    assert [card.hidden for card in duel_zone.cards] == [True]  # face down to the opponent


def test_setup_p3_shuffle_the_other_29_deal_10_and_place_19_online():
    match = setup_until_digivolve()
    for side in match.state.sides:
        assert (len(side.hand), len(side.online), len(side.duel)) == (10, 19, 1)
    assert steps_citing(match, C.DEAL)


def test_setup_p4_both_rookies_are_flipped_over():
    match = setup_until_digivolve()
    (flip,) = steps_citing(match, C.FLIP_ROOKIES)
    assert [event.names for event in flip.events] == [("Agumon",), ("Palmon",)]


def test_setup_p5_yellow_beats_green_beats_red_beats_yellow():
    assert STRONGER_THAN == {Colour.YELLOW: Colour.GREEN, Colour.GREEN: Colour.RED, Colour.RED: Colour.YELLOW}
    for card in CARDS.values():
        if (
            card.is_digimon
        ):  # "in general": every tutorial card attacks the type it beats harder than the one that beats it
            beaten = STRONGER_THAN[card.colour]
            beater = next(c for c, weaker in STRONGER_THAN.items() if weaker == card.colour)
            assert card.attack[beaten] > card.attack[beater], card.name


def test_setup_p6_each_digimon_uses_its_attack_value_for_the_opponents_type():
    state = new_state(board([player(["agumon"]), player(["palmon"])]))
    assert power(state, 0) == CARDS["agumon"].attack[Colour.GREEN]
    assert power(state, 1) == CARDS["palmon"].attack[Colour.RED]


def test_setup_p7_setup_ends_ready_to_digivolve():
    match = setup_until_digivolve()
    (ready,) = steps_citing(match, C.READY)
    assert C.STRONGER_VALUE in ready.citations
    assert "Player 2's Palmon has the advantage" in ready.narration  # Palmon 320 against Agumon's 120
    assert GAME.phase_of(match.state) == "digivolve"


# -- arena:digivolve.p1 - p6 -------------------------------------------------------------------------------------------


def prepare(duel, hand, online=None):
    """The placement options of Player 1 in the first Duel's Digivolve step."""
    p1 = player(duel, hand=hand) if online is None else player(duel, hand=hand, online=online)
    match, decisions = play(board([p1, player(["gabumon"])], "digivolve"))
    assert decisions[0].kind == "prepare-digivolve"
    return options(decisions[0], match)


def test_digivolve_p1_the_box_must_show_the_name_of_the_digimon_on_the_duel_zone():
    offered = prepare(["palmon"], ["togemon", "angemon"])
    assert offered["place:togemon"].legal
    assert [r.citation for r in offered["place:angemon"].reasons] == [C.NAME_IN_BOX]
    assert offered["none"].legal  # placing a card is optional: "they may place it"


def test_digivolve_p1_you_must_be_prepared_to_fulfil_the_online_cost():
    offered = prepare(["palmon"], ["togemon"], online=[])  # Togemon moves 1 card from Online to Offline
    assert [r.citation for r in offered["place:togemon"].reasons] == [C.REQUIREMENT_KINDS]


def test_digivolve_p4_another_name_and_no_digivice_are_two_reasons():
    offered = prepare(["gabumon", "garurumon"], ["magnaangemon"])  # box: Angemon; needs a Digivice
    assert [r.citation for r in offered["place:magnaangemon"].reasons] == [C.NAME_IN_BOX, C.REQUIREMENT_KINDS]


def test_digivolve_p4_a_digivice_requirement_offers_one_option_per_digivice():
    offered = prepare(["agumon", "greymon"], ["metalgreymon", "digivice-courage", "digivice-hope"])
    assert offered["place:metalgreymon:digivice-courage"].legal and offered["place:metalgreymon:digivice-hope"].legal


def test_digivolve_p6_you_may_digivolve_only_one_level_per_duel():
    offered = prepare(["agumon"], ["metalgreymon", "digivice-courage"])
    assert C.ONE_LEVEL in [r.citation for r in offered["place:metalgreymon:digivice-courage"].reasons]


def test_digivolve_p2_a_coin_decides_who_goes_first():
    starters = set()
    for seed in range(12):
        match, _ = play(board([player(["agumon"]), player(["palmon"])], "digivolve"), [], seed)
        (coin,) = steps_citing(match, C.COIN_FLIP)
        starters.add(coin.player)
        battle = next(step for step in match.steps if step.phase == "battle")
        assert battle.player == coin.player  # and the coin's winner starts the Battle too (battle.p1)
    assert starters == {0, 1}


def test_digivolve_p3_p4_the_first_player_turns_the_card_over_and_fulfils_the_requirements():
    setup = board([player(["palmon"], digivolve_zone="togemon"), player(["gabumon"])], "digivolve", first=0)
    match, _ = play(setup, until="battle.start")
    side = match.state.sides[0]
    assert [match.state.label(uid) for uid in side.duel] == ["Palmon", "Togemon"]
    assert (len(side.online), len(side.offline)) == (8 - 1, 1)  # Togemon moves 1 card from Online to Offline
    assert steps_citing(match, C.TURN_OVER) and steps_citing(match, C.FULFIL)


def test_digivolve_p4_dna_plays_two_lower_level_cards():
    setup = board(
        [player(["veemon", "exveemon"], digivolve_zone="paildramon", hand=["stingmon"]), player(["gabumon"])],
        "digivolve",
        first=0,
    )
    match, _ = play(setup, until="battle.start")
    assert [match.state.label(uid) for uid in match.state.sides[0].duel] == [
        "Veemon",
        "ExVeemon",
        "Stingmon",
        "Paildramon",
    ]
    assert match.state.sides[0].hand == []


def test_digivolve_p4_a_digivice_placed_to_digivolve_goes_to_the_power_port_without_its_effect():
    zone = {"card": "metalgreymon", "digivice": "digivice-courage"}
    setup = board(
        [player(["agumon", "greymon"], digivolve_zone=zone, hand=["digivice-courage"]), player(["gabumon"])],
        "digivolve",
        first=0,
    )
    match, _ = play(setup, until="battle.start")
    state = match.state
    assert [state.label(uid) for uid in state.sides[0].spent] == ["Digivice of Courage"]
    assert power(state, 0) == CARDS["metalgreymon"].attack[Colour.YELLOW]  # no +150


def test_digivolve_p5_b1_the_second_player_notes_the_change_and_may_digivolve():
    setup = board(
        [player(["agumon"], digivolve_zone="greymon"), player(["palmon"], digivolve_zone="togemon")],
        "digivolve",
        first=0,
    )
    match, decisions = play(setup, ["digivolve"], until="battle.start")
    assert decisions[0].kind == "respond-digivolve" and decisions[0].player == 1
    assert C.SECOND_RESPONDS in decisions[0].citations
    assert "Greymon has power" in decisions[0].prompt
    assert [match.state.label(uid) for uid in match.state.sides[1].duel] == ["Palmon", "Togemon"]


def test_digivolve_b2_pass_sends_the_card_offline():
    setup = board(
        [player(["agumon"], digivolve_zone="greymon"), player(["palmon"], digivolve_zone="togemon")],
        "digivolve",
        first=0,
    )
    match, _ = play(setup, ["pass"], until="battle.start")
    side = match.state.sides[1]
    assert side.plan is None and [match.state.label(uid) for uid in side.offline] == ["Togemon"]
    assert steps_citing(match, C.USE_IT_OR_LOSE_IT)


def test_digivolve_p6_a_player_without_a_card_must_pass_and_is_not_asked():
    setup = board([player(["agumon"]), player(["palmon"], digivolve_zone="togemon")], "digivolve", first=0)
    match, decisions = play(setup)
    (passed,) = steps_citing(match, C.MUST_PASS)
    assert isinstance(passed, Step) and passed.player == 0
    assert decisions[0].player == 1  # only Player 2, who has a card, is asked


def test_digivolve_p6_if_both_have_no_card_proceed_to_the_battle():
    match, _ = play(board([player(["agumon"]), player(["palmon"])], "digivolve", first=1), until="battle.start")
    assert [step.player for step in steps_citing(match, C.MUST_PASS)] == [1, 0]
    assert steps_citing(match, C.BOTH_NO_CARD)[0].player == 0


# -- arena:battle.p1 - p7 ----------------------------------------------------------------------------------------------


def test_battle_p1_players_alternate_one_power_option_per_turn_from_the_first_player():
    setup = board(
        [player(["agumon"], hand=["power-charge", "weakening-wave"]), player(["palmon"], hand=["power-charge"])],
        "battle",
        first=1,
    )
    _, decisions = play(setup, ["play:power-charge", "play:power-charge", "pass"])
    assert [d.player for d in decisions[:3]] == [1, 0, 0]  # Player 2 passes automatically in between


def test_battle_p1_every_unmet_use_requirement_is_a_reason():
    setup = board(
        [player(["agumon"], hand=["ultimate-strike", "power-charge"], online=["biyomon"]), player(["palmon"])]
    )
    match, decisions = play(setup)
    refused = options(decisions[0], match)["play:ultimate-strike"]
    assert len(refused.reasons) == 2 and {r.citation for r in refused.reasons} == {C.USE_REQUIREMENTS}
    with pytest.raises(IllegalActionError) as error:
        match.choose("play:ultimate-strike")
    assert error.value.reasons == refused.reasons


def test_battle_p1_use_requirements_are_completed_as_part_of_the_turn():
    setup = board([player(["agumon"], hand=["full-power"]), player(["palmon"])])
    match, _ = play(setup, ["play:full-power"], until="battle.stop")
    side = match.state.sides[0]
    assert (len(side.online), len(side.offline)) == (8 - 2, 2)  # Full Power moves 2 cards from Online to Offline


def test_battle_p2_after_a_pass_the_other_player_may_continue_alone():
    setup = board(
        [player(["agumon"], hand=["power-charge", "weakening-wave"]), player(["palmon"], hand=["power-charge"])]
    )
    match, decisions = play(setup, ["pass", "play:power-charge"], until="battle.stop")
    assert [d.player for d in decisions] == [0, 1]  # Player 2 goes on alone, then runs out of cards
    assert steps_citing(match, C.OTHER_CONTINUES)
    assert len(match.state.sides[0].hand) == 2  # Player 1 passed and plays no more


def test_battle_p3_the_largest_power_wins_the_duel():
    match, _ = play(board([player(["gabumon"]), player(["tentomon"])]))
    (stop,) = steps_citing(match, C.LARGEST_POWER)
    assert stop.player == 0  # Gabumon attacks Green for 330, Tentomon attacks Yellow for 120


def test_battle_p4_the_winner_scores_by_the_defeated_level_from_the_winning_score_section():
    match, _ = play(board([player(["agumon", "greymon"]), player(["gabumon", "garurumon"])]))
    assert match.state.sides[0].points == CARDS["greymon"].score["Champion"]
    assert match.state.sides[1].points == 0


def test_battle_p5_loser_keeps_only_the_rookie_power_options_go_offline_winner_goes_first():
    setup = board(
        [
            player(["agumon", "greymon"], power_port=["power-charge"]),
            player(["gabumon", "garurumon"], power_port=["digivice-hope"]),
        ],
        first=1,
    )
    match, _ = play(setup, until="re-group.discard")
    state = match.state
    assert [state.label(u) for u in state.sides[0].duel] == ["Agumon", "Greymon"]
    assert [state.label(u) for u in state.sides[1].duel] == ["Gabumon"]
    assert state.sides[0].port == state.sides[1].port == []
    assert state.first == 0


def test_battle_p6_a_tie_moves_no_digimon_and_the_same_player_goes_first():
    setup = board(
        [
            player(["agumon", "greymon"], power_port=["power-charge"]),
            player(["agumon", "greymon"], power_port=["power-charge"]),
        ],
        first=1,
    )
    match, _ = play(setup, until="re-group.discard")
    state = match.state
    assert [len(side.duel) for side in state.sides] == [2, 2]
    assert [names for names in ([state.label(u) for u in side.offline] for side in state.sides)] == [
        ["Power Charge"]
    ] * 2
    assert state.first == 1 and state.last_winner is None
    assert [side.points for side in state.sides] == [0, 0]


def test_battle_p7_the_first_player_to_score_1000_points_wins():
    match, _ = play(board([player(["palmon"], score=900), player(["gabumon", "garurumon"], score=950)]))
    assert (
        match.over
        and match.result.winner == 1
        and match.result.scores == (900, 950 + CARDS["garurumon"].score["Rookie"])
    )


def test_interpretation_endless_ties_stop_the_game_as_a_draw_never_a_win():
    """arena:battle.p7 — "The first player to score 1000 points wins the game": nobody did, so nobody wins."""
    match, _ = play(board([player(["agumon"], score=300), player(["agumon"], score=200)], ties=9))
    assert match.over and match.result.winner is None  # even with Player 1 ahead on points
    assert steps_citing(match, C.ENDLESS_TIES)


def test_battle_p5_from_the_second_duel_the_last_winner_goes_first_and_no_coin_is_quoted():
    """arena:battle.p5 "Winner goes first in the next duel." / battle.p1 quotes the coin toss only in the first Duel."""
    match, _ = play(
        regroup(player(["agumon"], hand=["power-charge"] * 10), last_winner=0), ["done", "done"], until="battle.stop"
    )
    start = next(step for step in match.steps if C.ATTACK_VALUE in step.citations)
    assert C.WINNER_FIRST in start.citations and C.TAKE_TURNS not in start.citations


def test_battle_p6_after_a_tie_the_first_player_is_quoted_from_the_tie_rule():
    """arena:battle.p6 "...the player who won the previous Duel or the coin flip goes first in the next Duel."."""
    match, _ = play(
        regroup(player(["agumon"], hand=["power-charge"] * 10), last_winner=None), ["done", "done"], until="battle.stop"
    )
    start = next(step for step in match.steps if C.ATTACK_VALUE in step.citations)
    assert C.TIE_FIRST in start.citations and C.TAKE_TURNS not in start.citations


# -- arena:re-group.p1 - p6 --------------------------------------------------------------------------------------------


def regroup(p1: dict, p2: dict | None = None, **fields) -> dict:
    fields.setdefault("first", 0)
    return board([p1, p2 or player(["palmon"], hand=["power-charge"] * 10)], "re-group", **fields)


def test_re_group_p1_discard_as_many_as_you_wish_then_restore_the_hand_to_10():
    p1 = player(["agumon"], hand=["greymon", "power-charge"], online=["biyomon"] * 12)
    match, decisions = play(regroup(p1), ["discard:greymon", "done"], until="re-group.rookie")
    assert decisions[0].kind == "discard"
    side = match.state.sides[0]
    assert len(side.hand) == 10 and [match.state.label(u) for u in side.offline] == ["Greymon"]


def test_re_group_p2_online_runs_short_draw_down_reset_and_draw_the_rest():
    p1 = player(["agumon", "greymon"], hand=["power-charge"] * 5, online=["biyomon"] * 2, offline=["guilmon"] * 6)
    match, _ = play(regroup(p1), ["done"])
    side = match.state.sides[0]
    assert [match.state.label(u) for u in side.duel] == ["Agumon"]  # ALL the cards except the Rookie went Offline
    assert len(side.hand) == 10 and side.offline == [] and len(side.online) == 6 + 1 - 3
    assert steps_citing(match, C.DRAW_DOWN) and steps_citing(match, C.DRAW_REST)


def test_re_group_p3_online_reaching_zero_by_the_opponents_action_resets_at_once():
    p2 = player(["gabumon", "garurumon"], power_port=["power-charge"], online=["tentomon"], offline=["palmon"])
    match, _ = play(board([player(["agumon"], hand=["data-drain"]), p2]), ["play:data-drain"])
    state = match.state
    (reset,) = steps_citing(match, C.ONLINE_ZERO)
    assert reset.player == 1
    assert [state.label(u) for u in state.sides[1].duel] == ["Gabumon"] and state.sides[1].port == []
    assert len(state.sides[1].online) == 4  # Palmon, Tentomon, Garurumon and Power Charge, shuffled Online


def test_re_group_p4_only_a_rookie_on_the_duel_zone_can_be_changed():
    p2 = player(["palmon", "togemon"], hand=["tentomon"] + ["power-charge"] * 9)
    match, decisions = play(regroup(player(["agumon"], hand=["power-charge"] * 10), p2, first=1), ["done"])
    change = next(d for d in decisions if d.kind == "change-rookie")
    assert [r.citation for r in options(change, match)["change:tentomon"].reasons] == [C.CHANGE_ROOKIE]


def test_re_group_p4_the_new_rookie_is_turned_over_and_the_old_one_goes_offline():
    p1 = player(["agumon"], hand=["gabumon", "garurumon"] + ["power-charge"] * 8)
    match, _ = play(regroup(p1), ["done", "change:gabumon", "place:garurumon", "done"], until="battle.start")
    state = match.state
    assert [state.label(u) for u in state.sides[0].duel] == ["Gabumon", "Garurumon"]
    assert "Agumon" in [state.label(u) for u in state.sides[0].offline]


def test_re_group_p5_the_prepared_card_must_digivolve_the_digimon_that_will_be_on_the_duel_zone():
    p1 = player(["agumon"], hand=["gabumon", "garurumon", "greymon"] + ["power-charge"] * 7)
    match, decisions = play(regroup(p1), ["done", "change:gabumon"])
    prepared = options(decisions[-1], match)
    assert prepared["place:garurumon"].legal and not prepared["place:greymon"].legal
    assert C.PREPARE in decisions[-1].citations


@pytest.mark.parametrize(("last_winner", "citation"), [(0, C.WINNER_INITIATES), (None, C.TIE_INITIATES)])
def test_re_group_p6_the_winner_or_after_a_tie_the_same_first_player_initiates(last_winner, citation):
    setup = regroup(player(["agumon"], hand=["power-charge"] * 10), last_winner=last_winner)
    match, _ = play(setup, ["done", "done"])
    (initiate,) = steps_citing(match, citation)
    assert initiate.player == 0 and match.state.turn == 2


# -- whole games -------------------------------------------------------------------------------------------------------


def test_every_step_of_a_game_cites_and_no_card_is_lost_or_duplicated():
    for seed in range(5):
        match = Match("arena", seed)
        cards = Counter(GAME.all_cards(match.state))
        while match.advance() is not None:
            assert match.steps[-1].citations
            assert Counter(GAME.all_cards(match.state)) == cards
        assert match.result is not None and max(match.result.scores) >= 1000


def test_a_decision_changes_nothing_and_uses_no_chance():
    match = Match("arena", 2, agents=("human", "human"))
    decision = match.run()
    assert isinstance(decision, Decision)
    before, rng = GAME.board(match.state), match.rng.getstate()
    assert match.advance() is decision
    assert GAME.board(match.state) == before and match.rng.getstate() == rng


def test_the_greedy_agent_beats_the_random_agent():
    winners = []
    for seed in range(20):
        match = Match("arena", seed, agents=("greedy", "random"))
        match.run()
        winners.append(match.result.winner)
    assert winners.count(0) >= 15


def test_the_board_hides_the_hand_and_the_digivolve_zone_from_the_other_player():
    setup = board(
        [player(["agumon"], hand=["greymon"], digivolve_zone="greymon"), player(["palmon"])], "digivolve", first=0
    )
    state = new_state(setup)
    for viewer, hidden in ((0, False), (1, True), (None, False)):
        zones = {zone.id: zone for zone in GAME.board(state, viewer).players[0].zones}
        assert zones["hand"].cards[0].hidden is hidden and zones["digivolve-zone"].cards[0].hidden is hidden
    counters = GAME.board(state).players[0].counters
    assert set(counters) >= {"Score", "Online", "Offline", "Hand"}


def test_the_long_setup_is_long():
    match = Match("arena", 1, GAME.long_setup())
    match.run()
    assert len(match.steps) > 1100


def test_interpretation_draft_without_rookie_gathers_the_cards_and_drafts_again():
    state = new_state({"draft": {}})
    plain = [uid for uid in state.pool if not state.cards[uid].is_rookie]
    rest = [uid for uid in state.pool if uid not in plain[:30]]
    state.sides[0].deck, state.sides[1].deck, state.pool = plain[:30], rest[:29], rest[29:]
    state.frames, state.actor = [frame("setup.pick")], 1  # Player 2 draws the last card; Player 1 has no Rookie
    rng = random.Random(1)
    GAME.advance(state, rng)
    redraft = GAME.advance(state, rng)
    assert C.DRAFT_REDO in redraft.citations
    assert (
        len(state.pool) == 60 and all(side.deck == [] for side in state.sides) and state.top_frame.kind == "setup.pick"
    )

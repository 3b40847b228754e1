"""D-Tector rules, each test named after the clause it checks; expected values come from the rulebook text."""

from __future__ import annotations

import pytest

from digitutor.core.frames import frame
from digitutor.core.match import Match
from digitutor.core.records import Decision
from digitutor.games.dtector import GAME
from digitutor.games.dtector import citations as C
from digitutor.games.dtector.cards import BattleType, Element, Level, card_set, tutorial_decks
from digitutor.games.dtector.checks import battle_call_winner, digivolve_reasons
from digitutor.games.dtector.procedure import defence_options, digivolve_options
from digitutor.games.dtector.setup import deck_problems, new_state

CARDS = card_set()


def board(players, phase="battle-call", active=0):
    return {"board": {"phase": phase, "active": active, "players": players}}


def by_card_id(state, options):
    """Options keyed with card ids in place of instance ids (``block:gabumon``), as scenario scripts name them."""
    return {GAME.alias(state, o.key): o for o in options}


def play_board(setup, answers, seed=1):
    """Play a prepared board as two people answering from ``answers``; returns the match and decisions."""
    match = Match("dtector", seed, setup, ("human", "human"))
    seen = []
    answers = list(answers)
    while answers:
        decision = match.run()
        assert isinstance(decision, Decision)
        seen.append(decision)
        match.choose(answers.pop(0))
    return match, seen


# -- dtector:game-requirements.p1 / p2 -----------------------------------------------------------


def test_game_requirements_p1_a_deck_has_50_cards():
    assert [len(cards) for _, cards in tutorial_decks()] == [50, 50]
    assert deck_problems(["agumon"] * 50) == ()
    assert [r.citation for r in deck_problems(["agumon"] * 49)] == [C.DECK_SIZE]


def test_game_requirements_p2_players_shuffle_the_opponents_deck_then_both_draw_3_then_flip():
    match = Match("dtector", 1, agents=("human", "human"))
    match.run()
    narrations = [step.narration for step in match.steps[:4]]
    assert "shuffles the opponent's deck" in narrations[1]
    assert [e.data["by"] for e in match.steps[1].events] == [1, 0]
    assert [len(side.hand) for side in match.state.sides] == [3, 3]
    assert [len(side.deck) for side in match.state.sides] == [47, 47]
    assert match.steps[3].citations == (C.COIN_FLIP,)


def test_game_requirements_p2_the_coin_flip_comes_from_the_seed():
    starters = set()
    for seed in range(20):
        match = Match("dtector", seed, agents=("human", "human"))
        match.run()
        starters.add(match.state.first)
        again = Match("dtector", seed, agents=("human", "human"))
        again.run()
        assert again.state.first == match.state.first
    assert starters == {0, 1}


# -- dtector:battle-call-command-phase.p1 ------------------------------------------------------------


@pytest.mark.parametrize(
    ("winner_type", "loser_type"),
    [
        (BattleType.ABILITY, BattleType.CRUSH),
        (BattleType.CRUSH, BattleType.ENERGY),
        (BattleType.ENERGY, BattleType.ABILITY),
    ],
)
def test_battle_call_command_phase_p1_ability_beats_crush_beats_energy_beats_ability(winner_type, loser_type):
    winner = min((c for c in CARDS.values() if c.battle_type is winner_type), key=lambda c: c.power)
    loser = max((c for c in CARDS.values() if c.battle_type is loser_type), key=lambda c: c.power)
    assert winner.power < loser.power  # the type decides, not the power
    assert battle_call_winner(winner, loser).winner == 0
    assert battle_call_winner(loser, winner).winner == 1
    assert battle_call_winner(winner, loser).citations == (C.TYPE_TRIANGLE,)


@pytest.mark.parametrize("other", [BattleType.ENERGY, BattleType.ABILITY, BattleType.CRUSH])
def test_battle_call_command_phase_p1_spirit_beats_all_other_battle_types(other):
    spirit = min((c for c in CARDS.values() if c.battle_type is BattleType.SPIRIT), key=lambda c: c.power)
    strongest = max((c for c in CARDS.values() if c.battle_type is other), key=lambda c: c.power)
    assert strongest.power > spirit.power
    outcome = battle_call_winner(strongest, spirit)
    assert outcome.winner == 1 and outcome.citations == (C.SPIRIT_BEATS_ALL,)


def test_battle_call_command_phase_p1_same_type_compares_digimon_power():
    assert battle_call_winner(CARDS["agumon"], CARDS["greymon"]).winner == 1  # Energy 2 against Energy 4
    assert C.SAME_TYPE in battle_call_winner(CARDS["agumon"], CARDS["greymon"]).citations


def test_interpretation_battle_call_tie_same_type_same_power_nobody_wins():
    outcome = battle_call_winner(CARDS["agumon"], CARDS["gomamon"])  # both Energy, power 2
    assert outcome.winner is None and C.BATTLE_CALL_TIE in outcome.citations


# -- dtector:battle-call-command-phase.p2 ---------------------------------------------------------------


def test_battle_call_command_phase_p2_winner_to_d_dock_loser_discards_turn_player_proceeds():
    setup = board([{"hand": ["garurumon"], "deck": ["agumon"] * 5}, {"hand": ["metalgreymon"], "deck": ["agumon"] * 5}])
    match, _ = play_board(setup, ["place:garurumon", "place:metalgreymon"])  # Ability beats Crush
    match.advance()  # reveal
    match.advance()  # compare
    resolved = match.advance()
    p1, p2 = match.state.sides
    assert [match.state.label(u.top) for u in p1.ddock] == ["Garurumon"]
    assert [match.state.label(u) for u in p2.discard] == ["MetalGreymon"]
    assert resolved.citations == (C.WINNER_TO_D_DOCK, C.LOSER_DISCARDS, C.PROCEED_TO_DIGIVOLVE)
    assert match.state.phase.value == "digivolve"


# -- dtector:digivolve-phase.p1 --------------------------------------------------------------------------


def digivolve_board(hand, d_dock):
    state = new_state(
        board([{"hand": hand, "d_dock": d_dock, "deck": ["agumon"] * 3}, {"deck": ["agumon"] * 3}], "digivolve")
    )
    return state, by_card_id(state, digivolve_options(state, 0))


def test_digivolve_phase_p1_rookie_to_champion_is_allowed():
    _, options = digivolve_board(["greymon"], ["agumon"])
    assert options["digivolve:agumon:greymon"].legal


def test_digivolve_phase_p1_skipping_a_level_is_refused_with_the_rule():
    _, options = digivolve_board(["metalgreymon"], ["agumon"])
    refused = options["digivolve:agumon:metalgreymon"]
    assert not refused.legal and len(refused.reasons) == 2  # wrong level and the card does not name Agumon
    level, named = refused.reasons
    # "digivolve it to a higher level ... (Rookie to Champion to Ultimate to Mega)": Mega is higher than Rookie, so
    # one level at a time is the tutor's named reading of the list, not the rule's words; the Special Effect is the rule
    assert level.citation == C.BOTH_PLAYERS_DIGIVOLVE and "one level up" in level.why
    assert named.citation == C.DIGIVOLVE


def test_digivolve_phase_p1_a_level_not_higher_is_refused_with_the_rule():
    cards = card_set()
    (level, *_) = digivolve_reasons(cards["greymon"], cards["agumon"])  # a Rookie onto a Champion
    assert level.citation == C.DIGIVOLVE and "not a higher level" in level.why


def test_digivolve_phase_p1_spirit_combine_adds_digimon_power():
    setup = board([{"d_dock": ["lobomon", "angemon"], "deck": ["agumon"] * 3}, {"deck": ["agumon"] * 3}], "digivolve")
    match, _ = play_board(setup, ["combine:lobomon:angemon"])
    (unit,) = match.state.sides[0].ddock
    assert match.state.unit_power(unit) == CARDS["lobomon"].power + CARDS["angemon"].power
    assert C.SPIRIT_COMBINE in match.steps[-1].citations


# -- dtector:digi-battle-phase.p1 -------------------------------------------------------------------------


def defence_board(hand, d_dock=()):
    state = new_state(
        board(
            [
                {"d_dock": ["greymon"], "deck": ["agumon"] * 3},
                {"hand": hand, "d_dock": list(d_dock), "deck": ["agumon"] * 9},
            ],
            "digi-battle",
        )
    )
    attacker = state.iid(state.sides[0].ddock[0].top)
    return by_card_id(state, defence_options(state, frame("digi-battle.defend", 1, attacker=attacker)))


def test_digi_battle_phase_p1_defend_with_a_d_dock_digimon_a_spirit_or_the_same_element():
    options = defence_board(["kumamon", "agumon", "palmon"], ["gabumon"])
    assert options["block:gabumon"].legal  # a D-Dock Digimon
    assert options["block:kumamon"].legal  # a Spirit Digimon from hand
    assert options["block:agumon"].legal  # Fire, like the attacking Greymon
    assert not options["block:palmon"].legal  # Wood and not a Spirit
    assert [r.citation for r in options["block:palmon"].reasons] == [C.DEFEND, C.DEFEND]
    assert options["no-block"].legal


def test_digi_battle_phase_p1_undefended_attack_discards_one_card_per_power_point():
    setup = board(
        [{"d_dock": ["garurumon"], "deck": ["agumon"] * 3}, {"hand": ["agumon"], "deck": ["palmon"] * 9}], "digi-battle"
    )
    match, _ = play_board(setup, ["attack:garurumon"])  # Garurumon (Ice, 4) against a Fire hand: no defence possible
    match.advance()  # the damage step: nobody can block, so no decision is asked
    damaged = match.state.sides[1]
    assert (len(damaged.deck), len(damaged.discard)) == (9 - CARDS["garurumon"].power, CARDS["garurumon"].power)
    assert C.DAMAGE_PER_POINT in match.steps[-1].citations and C.UNDEFENDED_DAMAGE in match.steps[-1].citations


def test_digi_battle_phase_p1_highest_power_wins_winner_scores_a_point_loser_discards():
    setup = board(
        [{"d_dock": ["greymon"], "deck": ["agumon"] * 3}, {"d_dock": ["metalgarurumon"], "deck": ["agumon"] * 3}],
        "digi-battle",
    )
    match, _ = play_board(setup, ["attack:greymon", "block:metalgarurumon"])
    p1, p2 = match.state.sides
    assert (p1.points, p2.points) == (0, 1)
    assert [match.state.label(u) for u in p2.score] == ["MetalGarurumon"]
    assert [match.state.label(u) for u in p1.discard] == ["Greymon"]


# -- dtector:how-to-win.p1 -----------------------------------------------------------------------------------


def test_how_to_win_p1_most_points_when_a_deck_runs_out():
    setup = board(
        [
            {"d_dock": ["wargreymon"], "deck": ["agumon"] * 3, "points": 1},
            {"hand": ["palmon"], "deck": ["palmon"] * 5, "points": 2},
        ],
        "digi-battle",
    )
    match, _ = play_board(setup, ["attack:wargreymon"])
    match.run()
    assert match.over and match.result.winner == 1  # Player 2 still has more points
    assert C.HOW_TO_WIN in match.steps[-1].citations


def test_every_card_in_the_set_is_described_by_the_rulebook_vocabulary():
    assert {c.battle_type for c in CARDS.values()} == set(BattleType)
    assert {c.element for c in CARDS.values()} == set(Element)
    assert {c.level for c in CARDS.values()} == set(Level)
    assert len(CARDS) >= 30
    assert sum(1 for c in CARDS.values() if c.effects) >= 3


def test_a_card_effect_whose_quote_is_not_the_cards_text_fails_at_load_with_one_line():
    import copy

    import yaml

    from digitutor.core.errors import InputError
    from digitutor.games.dtector.cards import cards_dir, parse_cards

    doc = yaml.safe_load((cards_dir() / "cards.yaml").read_text())
    broken = copy.deepcopy(doc)
    greymon = next(c for c in broken["cards"] if c["id"] == "greymon")
    greymon["effects"][0]["quote"] = "If this Digimon's attack is not blocked, discard 9 more card(s)."
    with pytest.raises(InputError) as error:
        parse_cards(broken, "cards.yaml")
    message = str(error.value)
    assert (
        "\n" not in message and "card 'greymon'.effects[0].quote" in message and "words of the card's text" in message
    )


def test_special_effects_are_card_data_cited_as_card_text():
    """dtector:special-effect.p1 — "Many cards have Special Effect text which affects the game in some way."."""
    from digitutor.rules.citations import resolve
    from digitutor.rules.model import CitationKind

    greymon = CARDS["greymon"]
    (effect,) = greymon.effects
    assert (
        effect.citation.kind is CitationKind.CARD and effect.citation.quote in greymon.text and resolve(effect.citation)
    )

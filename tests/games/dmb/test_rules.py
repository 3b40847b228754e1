"""DMB rules the scenarios do not show (or show only in part): deck construction, the secret Strategy choice, the attack
order as a function, every reason of a refusal, hidden Supports, and card files.

Expected values come from the rulebook (digimon-battles.txt); each test names its clause.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from digitutor.core.errors import InputError
from digitutor.core.match import Match
from digitutor.core.secret import HIDDEN, choices
from digitutor.games.dmb import citations as C
from digitutor.games.dmb.battle import attack_order, drained
from digitutor.games.dmb.cards import Deck, parse_cards, tutorial_decks
from digitutor.games.dmb.setup import deck_problems


def cites(reasons) -> list[str]:
    return [r.citation.id for r in reasons]


def board(players, phase="strategy", active=0):
    return {"board": {"phase": phase, "active": active, "turn": 3, "players": players}}


# -- Deck construction ---------------------------------------------------------------------------------------------


def test_deck_construction_the_tutorial_decks_are_legal():
    for deck in tutorial_decks():
        assert deck_problems(deck) == (), deck.name


def test_deck_construction_b1_and_b6_forty_cards_at_most_four_of_a_digimon():
    deck = tutorial_decks()[0]
    five = Deck("x", (*deck.cards[:-1], "agumon"), deck.destiny, deck.partner)  # a fifth Agumon for Type Bridge
    assert "dmb:deck-construction.b6" in cites(deck_problems(five))
    short = Deck("x", deck.cards[:-1], deck.destiny, deck.partner)
    assert cites(deck_problems(short)) == ["dmb:deck-construction.b1"]


def test_deck_construction_every_failure_is_listed_with_its_clause():
    cards = (
        ("agumon",) * 5
        + ("power-charge",) * 4
        + ("digivolve-chip",) * 3
        + ("trump-card",) * 2
        + ("gatomon-data",)
        + ("wargreymon",)
    )
    deck = Deck(
        "bad",
        cards,
        ("wargreymon", "piedmon", "greymon", "geogreymon", "gururumon", "power-charge", "recovery-disk"),
        "agumon",
    )
    found = set(cites(deck_problems(deck)))
    assert found >= {
        "dmb:deck-construction.b1",  # not 40 cards
        "dmb:deck-construction.b2",  # two Megas in the Destiny Zone, and a Mega in the deck
        "dmb:deck-construction.b4",  # three partner C's; Gururumon does not name Agumon
        "dmb:deck-construction.b5",  # two other cards in the Destiny Zone
        "dmb:glossary.partner-option",  # Power Charge has no "P"
        "dmb:deck-construction.b6",
        "dmb:deck-construction.b7",
        "dmb:deck-construction.b8",
        "dmb:deck-construction.b9",
        "dmb:deck-construction.p1",  # Gatomon DATA names nothing in the Destiny Zone
    }


def test_deck_construction_b3_the_partner_is_a_rookie_in_the_deck():
    deck = tutorial_decks()[0]
    assert cites(deck_problems(Deck("x", deck.cards, deck.destiny, "greymon"))) == [
        "dmb:deck-construction.b3",
        "dmb:deck-construction.b4",
    ]


# -- Strategy Phase: the secret choice ------------------------------------------------------------------------------


def _to_first_reveal(seed: int) -> Match:
    match = Match("dmb", seed, agents=("random", "random"))
    while match.state.frames[-1].kind != "support.declare" or not any(
        f.kind == "strategy.reveal" for f in match.state.frames
    ):
        assert match.advance() is not None
    return match


def test_strategy_phase_2_the_choice_is_secret_from_the_other_seat_until_the_reveal():
    for seed in range(5):
        match = _to_first_reveal(seed)
        state = match.state
        reveal = next(f for f in state.frames if f.kind == "strategy.reveal")
        chosen = choices(reveal)
        assert set(chosen) == {0, 1}
        for seat in (0, 1):
            seen = match.game.observe(state, seat).state
            kept = choices(next(f for f in seen.frames if f.kind == "strategy.reveal"))
            assert kept[seat] == chosen[seat] and kept[1 - seat] == HIDDEN
            trace = match.trace(seat)
            for record in trace["decisions"]:
                if record["decision"] == "strategy" and record["player"] != seat:
                    assert record["answer"] == "attack"  # only the kind, never the choice
            other = json.dumps(trace["steps"][-6:])
            assert f"choice={chosen[1 - seat]}" not in other
            assert "Attacks" not in match.game.board(state, seat).shared


def test_battle_phase_2_the_reveal_shows_both_attacks():
    match = _to_first_reveal(1)
    while not match.state.attacks:
        assert match.advance() is not None
    assert match.game.board(match.state, 1).shared["Attacks"].count("Player") == 2


# -- Battle Phase: the attack order ----------------------------------------------------------------------------------


def test_battle_phase_2_1_the_turn_player_attacks_first_by_default():
    order, why = attack_order(0, (0, 0), (0,), (False, False), (False, False))
    assert order == (0, 1) and C.TURN_FIRST in why
    assert attack_order(1, (0, 0), (1,), (False, False), (False, False))[0] == (1, 0)


def test_battle_phase_3_2_1_a_tie_goes_to_who_gained_1st_attack_most_recently():
    assert attack_order(0, (0, 1), (0, 1), (False, False), (False, False))[0] == (1, 0)
    assert attack_order(0, (1, 1), (0, 1, 0), (False, False), (False, False))[0] == (0, 1)  # more instances


def test_battle_phase_3_2_2_cannot_gain_1st_attack_strips_every_instance():
    order, why = attack_order(0, (2, 0), (0, 0, 0), (False, False), (True, False))
    assert order == (1, 0) and C.CANNOT_GAIN in why


def test_battle_phase_3_2_3_counter_always_attacks_second():
    assert attack_order(0, (0, 3), (0, 1, 1, 1), (False, True), (False, False))[0] == (0, 1)
    assert attack_order(1, (0, 0), (1,), (False, True), (False, False))[0] == (0, 1)


def test_battle_phase_3_2_3_when_both_players_counter_no_attack_is_made():
    """ "If both players have Counter, both attacks fail and no damage is dealt": after that step no attack is told, not
    even a Counter that misfires or an attacker that hits itself for 0."""
    match = Match(
        "dmb",
        1,
        board([{"active": ["gabumon"], "deck": ["palmon"] * 5}, {"active": ["garurumon"], "deck": ["palmon"] * 5}]),
        ("human", "human"),
    )
    for key in ("attack:choice=cross", "attack:choice=cross", "no-support", "no-support"):
        match.run()
        match.choose(match.resolve_key(key).key)
    match.run()
    both = next(
        i for i, s in enumerate(match.steps) if C.COUNTER_SECOND in s.citations and "both attacks fail" in s.narration
    )
    battle = [s for s in match.steps[both + 1 :] if s.phase == "battle"]
    assert not any(c in s.citations for s in battle for c in (C.FIRST_HITS, C.SECOND_HITS, C.MISFIRE)), [
        s.narration for s in battle
    ]
    assert [side.hp for side in match.state.sides] == [60, 90]


def test_attack_abilities_drain_recovers_only_down_to_zero():
    assert drained(30, 20) == 20 and drained(30, 50) == 30


# -- every reason of a refusal -----------------------------------------------------------------------------------------


def test_evolution_phase_requirements_a_refusal_lists_every_reason():
    match = Match(
        "dmb",
        1,
        setup=board(
            [
                {"deck": ["palmon"] * 3, "hand": ["zudomon"], "active": ["agumon"]},
                {"deck": ["palmon"] * 3, "active": ["gabumon"]},
            ],
            phase="evolution",
        ),
        agents=("human", "human"),
    )
    match.run()
    reasons = match.why_not("evolve:zudomon", 0)
    assert set(cites(reasons)) >= {
        "dmb:evolution-phase.requirements.2",
        "dmb:evolution-phase.requirements.3",
        "dmb:evolution-phase.requirements.1",
        "dmb:evolution-phase.5",
    }  # and: not now, DP is racked up first


# -- Support Phase ---------------------------------------------------------------------------------------------------


def test_support_phase_2_a_blind_support_is_face_down_to_both_players_until_it_resolves():
    setup = board(
        [{"deck": ["power-charge", "palmon"], "active": ["agumon"]}, {"deck": ["palmon"] * 3, "active": ["gabumon"]}]
    )
    match = Match("dmb", 1, setup=setup, agents=("human", "human"))
    for answer in ("attack:choice=circle", "attack:choice=circle", "no-support", "blind"):
        match.run()
        match.choose(answer)
    for seat in (0, 1):
        zone = next(z for z in match.game.board(match.state, seat).players[0].zones if z.id == "support")
        assert zone.cards[0].hidden and zone.cards[0].face_down
        assert "Power Charge" not in json.dumps(match.trace(seat)["steps"])
    match.run()
    assert any("blind Support is Power Charge" in s.narration for s in match.steps)


def test_support_phase_3_and_4_the_non_turn_player_declares_first():
    match = Match(
        "dmb",
        1,
        setup=board(
            [{"deck": ["palmon"] * 3, "active": ["agumon"]}, {"deck": ["palmon"] * 3, "active": ["gabumon"]}], active=1
        ),
        agents=("human", "human"),
    )
    order = []
    while len(order) < 2:
        decision = match.run()
        if decision.kind == "support":
            order.append(decision.player)
        match.choose(decision.legal_options[-1].key)
    assert order == [0, 1]


# -- card files --------------------------------------------------------------------------------------------------------


def test_a_bad_card_file_is_one_line_naming_the_file_card_and_field():
    doc = {
        "game": "dmb",
        "cards": [
            {
                "id": "testmon",
                "name": "Testmon",
                "kind": "digimon",
                "level": "R",
                "type": "Fire",
                "hp": 55,
                "circle": {"power": 10},
                "triangle": {"power": 10},
                "cross": {"power": 10},
            }
        ],
    }
    with pytest.raises(InputError, match=r"^cards.yaml: cards\[0\]\.hp"):
        parse_cards(doc, "cards.yaml")
    doc["cards"][0]["hp"] = 50
    doc["cards"][0]["cross"] = {"power": 10, "ability": "teleport"}
    with pytest.raises(InputError, match=r"cross\.ability: expected one of"):
        parse_cards(doc, "cards.yaml")


def test_deck_construction_deck_check_reads_the_destiny_zone_and_partner_and_cites_every_failure(tmp_path):
    from digitutor.decks import check_deck_file

    for path in sorted((Path(__file__).parents[3] / "cards" / "dmb" / "decks").glob("*.yaml")):
        assert check_deck_file(str(path)).legal, path.name
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "game: dmb\nname: bad\npartner: greymon\ndestiny: [wargreymon, piedmon]\n"
        "cards:\n  - {card: agumon, count: 5}\n  - {card: trump-card, count: 2}\n",
        encoding="utf-8",
    )
    report = check_deck_file(str(bad))
    assert set(cites(report.reasons)) == {
        "dmb:deck-construction.b1",
        "dmb:deck-construction.b2",
        "dmb:deck-construction.b3",
        "dmb:deck-construction.b6",
        "dmb:deck-construction.b9",
    }

"""The Circle / Triangle / Cross symbols the copy of the DMB rulebook lost ("Counter / / :").

The rulebook text is kept as it is; the editor's notes on the Attack Abilities clauses name the
symbols, and the tutor shows them wherever an attack is named (dmb:strategy-phase.2 names the three
attacks in words: "Circle / Triangle / Cross attacks").
"""

from __future__ import annotations

from digitutor.core.match import Match
from digitutor.core.records import Decision
from digitutor.games.dmb.cards import ATTACKS, MARKS, SYMBOL_NOTE, SYMBOLS
from digitutor.rules.corpus import load_corpus

WORDS = {"circle": "Circle", "triangle": "Triangle", "cross": "Cross"}  # dmb:strategy-phase.2


def test_the_rulebook_text_keeps_the_lost_symbols_lost_and_the_note_names_them():
    corpus = load_corpus("dmb")
    counter = corpus.clause(SYMBOL_NOTE)
    assert counter.text.startswith("Counter / / :")  # the copy as shipped, unchanged
    assert counter.note is not None
    for attack in ATTACKS:
        assert f"{MARKS[attack]} {WORDS[attack]}" in counter.note, attack
    assert corpus.clause("dmb:attack-abilities.p1").note is not None


def test_the_tutor_names_each_attack_by_its_symbol_and_its_word():
    assert {attack: f"{MARKS[attack]} {WORDS[attack]}" for attack in ATTACKS} == SYMBOLS
    assert len(set(MARKS.values())) == 3


def _to_strategy(seed: int) -> Match:
    match = Match("dmb", seed, agents=("human", "human"))
    while True:
        outcome = match.advance()
        assert outcome is not None, "the game ended before a Strategy Phase"
        if isinstance(outcome, Decision):
            if outcome.kind == "strategy":
                return match
            match.choose(outcome.legal_options[0].key)


def test_strategy_phase_2_the_secret_choice_offers_the_three_symbols_in_order():
    match = _to_strategy(1)
    labels = [option.label for option in match.pending.options]
    assert [label.split(" (")[0] for label in labels] == [SYMBOLS[a] for a in ATTACKS]


def test_the_board_shows_a_digimons_attacks_under_their_symbols():
    match = _to_strategy(1)
    seat = match.pending.player
    board = match.game.board(match.state, seat)
    me = next(player for player in board.players if player.index == seat)
    active = next(zone.cards[0] for zone in me.zones if zone.cards and zone.cards[0].attacks)
    assert list(active.attacks) == [SYMBOLS[a] for a in ATTACKS]

"""DCG rules the scenarios do not show: deck rules, card files, memory arithmetic, Tokens and the board's gauge.

Expected values come from the rule manual (digimon-card-game.md); each test names its clause.
"""

from __future__ import annotations

import pytest

from digitutor.core.errors import InputError
from digitutor.core.match import Match
from digitutor.games.dcg.cards import parse_cards
from digitutor.games.dcg.setup import deck_problems
from digitutor.games.dcg.state import CState

RED = (
    ["st1-03"] * 4
    + ["st1-02"] * 4
    + ["st1-05"] * 4
    + ["st1-06"] * 4
    + ["st1-07"] * 4
    + ["st1-08"] * 4
    + ["st1-09"] * 4
    + ["st1-11"] * 4
    + ["st1-12"] * 4
    + ["st1-13"] * 4
    + ["st1-15"] * 4
    + ["st1-16"] * 4
    + ["bt7-008"] * 2
)


def cites(reasons) -> list[str]:
    return [r.citation.id for r in reasons]


def test_decks_required_items_b1_fifty_cards_at_most_four_of_a_number():
    assert len(RED) == 50 and deck_problems(RED, ["st1-01"] * 4) == ()
    too_many = [*RED[:-2], "st1-03", "st1-03"]
    assert cites(deck_problems(too_many)) == ["dcg:decks.required-items.b1"]
    assert "6 copies of ST1-03" in deck_problems(too_many)[0].why
    assert cites(deck_problems(RED[:-1])) == ["dcg:decks.required-items.b1"]


def test_decks_required_items_b2_zero_to_five_digi_eggs_and_no_egg_or_token_in_the_deck():
    assert deck_problems(RED, []) == ()  # "A Digi-Egg deck is not required to play."
    assert cites(deck_problems(RED, ["st1-01"] * 4 + ["st2-01"] * 2)) == ["dcg:decks.required-items.b2"]
    with_egg = [*RED[:-1], "st1-01"]
    assert "Digi-Egg" in deck_problems(with_egg)[0].why
    with_token = [*RED[:-1], "token-goblimon"]
    assert cites(deck_problems(with_token)) == ["dcg:tokens.p6"]


def _card(**fields):
    base = {
        "id": "st1-99",
        "number": "ST1-99",
        "name": "Testmon",
        "category": "digimon",
        "colours": ["red"],
        "level": 3,
        "cost": 3,
        "dp": 2000,
    }
    return {"game": "dcg", "cards": [{**base, **fields}]}


def test_a_card_file_effect_quoting_words_not_on_the_card_fails_at_load_with_one_line():
    doc = _card(
        text="[On Play] Gain 1 memory.",
        effects=[
            {
                "quote": "[On Play] Gain 2 memory.",
                "timing": "on-play",
                "do": [{"verb": "gain", "counter": "memory", "amount": 2}],
            }
        ],
    )
    with pytest.raises(InputError) as error:
        parse_cards(doc, "cards.yaml")
    message = str(error.value)
    assert (
        message.startswith("cards.yaml: card 'st1-99'.effects[0].quote: expected words of the card's text")
        and "\n" not in message
    )


def test_every_text_on_a_card_is_effect_data():
    with pytest.raises(InputError, match="expected an effect quoting its security text"):
        parse_cards(_card(security="[Security] Gain 2 memory."), "cards.yaml")


def _board(memory: int, hand: list[str], battle: list | None = None) -> dict:
    return {
        "board": {
            "phase": "main",
            "active": 0,
            "turn": 3,
            "memory": memory,
            "players": [
                {"hand": hand, "deck": ["st1-03"] * 5, "security": ["st1-03"] * 3, "battle": battle or []},
                {"deck": ["st1-03"] * 5, "security": ["st1-03"] * 3},
            ],
        }
    }


def test_ending_a_turn_p3_paying_five_at_memory_one_gives_the_opponent_four():
    match = Match("dcg", 1, _board(1, ["st1-07"]), ("human", "human"))
    match.run()
    match.choose("play:st1-07")  # Greymon: play cost 5
    match.run()
    state: CState = match.state
    assert state.active == 1 and state.player_memory(1) == 4
    assert "dcg:ending-a-turn.p3" in {c.id for s in match.steps for c in s.citations}


def test_paying_memory_costs_p6_a_cost_of_13_needs_three_memory():
    refused = Match("dcg", 1, _board(2, ["bt2-112"]), ("human", "human"))
    refused.run()
    reasons = refused.why_not("play:bt2-112")
    assert cites(reasons) == ["dcg:paying-memory-costs.p5"] and "at least 3 memory" in reasons[0].why
    paid = Match("dcg", 1, _board(3, ["bt2-112"]), ("human", "human"))
    paid.run()
    assert paid.why_not("play:bt2-112") == ()
    paid.choose("play:bt2-112")
    assert paid.state.player_memory(0) == -10  # the counter moved 13 spaces: 10 on the opponent's side


def test_passing_p2_the_counter_goes_to_three_on_the_opponents_side_wherever_it_was():
    for memory in (0, 7):
        match = Match("dcg", 1, _board(memory, []), ("human", "human"))
        match.run()
        match.choose("pass")
        assert match.state.player_memory(1) == 3


def test_tokens_b5_a_deleted_token_leaves_the_game_and_the_ledger_keeps_every_card():
    match = Match("dcg", 1, _board(5, ["bt4-080"]), ("human", "human"))
    match.run()
    match.choose("play:bt4-080")  # Ogremon: [On Play] Play 1 [Goblimon] Token.
    match.run()
    state: CState = match.state
    tokens = state.instances.created
    assert len(tokens) == 1 and state.cards[tokens[0]].name == "Goblimon"
    assert state.instances.accounted(match.game.all_cards(state))
    from digitutor.games.dcg.moves import delete

    delete(state, tokens[0])
    assert tokens[0] in state.instances.removed and tokens[0] not in state.sides[0].trash
    assert state.instances.accounted(match.game.all_cards(state))


def test_the_memory_gauge_is_shared_and_drawn_from_ten_through_zero_to_ten():
    match = Match("dcg", 1, _board(4, []), ("human", "human"))
    gauge = match.game.board(match.state, 0).gauges[0]
    assert (gauge.name, gauge.span, gauge.value, gauge.side()) == ("Memory", 10, 4, 0)
    counters = {p.index: p.counters["Memory"] for p in match.game.board(match.state, None).players}
    assert counters == {0: "4", 1: "-4"}


def test_with_x_in_its_text_b4_part_of_a_word_counts_part_of_an_icon_does_not():
    """dcg:with-x-in-its-text-cards.b4: "A card is considered to have "X in its text" even if the text overlaps with
    part of another word. However, if a term is part of an icon ... Words in
    such icons only apply if they completely match"."""
    from digitutor.games.dcg.layer import CardText

    text = CardText(
        "Greymon\n<Security A. +1> (This Digimon checks 1 additional security card.)\n[Your Turn] Gets +1000 DP."
    )
    assert "Grey" in text  # part of the card name, a longer word
    assert "Security" not in text  # only part of the keyword icon <Security A. +1>
    assert "Security A. +1" in text  # the whole icon's words
    assert "Turn" not in text and "Your Turn" in text  # the timing icon [Your Turn], partly and wholly
    assert "security" in text  # the reminder text is not the icon


def _told_by_viewer(match: Match, step) -> dict:
    """A step's narration as each viewer reads it — the step itself and the viewer's JSON trace — and what each sees of
    its events' cards."""
    index = match.steps.index(step)
    told = {}
    for viewer in (None, 0, 1):
        shown = match.trace(viewer)["steps"][index]
        assert shown["narration"] == step.narration_for(viewer)
        told[viewer] = (shown["narration"], [(e["kind"], e.get("cards")) for e in shown["events"]])
    return told


def test_when_a_single_attack_requires_multiple_checks_p2_a_returned_attacker_is_named_to_every_viewer():
    """Cocytus Breath's security effect returns the attacking Greymon to Player 1's hand. A Digimon taken from the
    battle area is known to both players wherever it goes, so every viewer (the judge's view too) is told who moves
    which card where; "Digimon that leave the battle area will have their digivolution cards trashed" is a step's event
    too; and "If the attacking Digimon ... is returned to the player's hand, the attack ends"."""
    setup = {
        "board": {
            "phase": "main",
            "active": 0,
            "first": 0,
            "turn": 5,
            "memory": 3,
            "players": [
                {"deck": ["st1-02"] * 5, "security": ["st1-02"] * 3, "battle": [["st1-03", "st1-07"]]},
                {"deck": ["st2-02"] * 5, "security": ["st2-16", "st2-03", "st2-02"]},
            ],
        }
    }
    match = Match("dcg", 1, setup, ("human", "human"))
    match.run()
    match.choose("attack:st1-07")
    match.run()
    moved = next(step for step in match.steps if any(e.kind == "effect-move" for e in step.events))
    for viewer, (narration, events) in _told_by_viewer(match, moved).items():
        assert "Player 2 moves Greymon to Player 1's hand" in narration, viewer
        assert "Greymon's digivolution card (Agumon) goes to Player 1's trash" in narration, viewer
        assert "hidden" not in narration, viewer
        assert ("effect-move", ["Greymon"]) in events and ("trash-sources", ["Agumon"]) in events, viewer
    assert "dcg:effects-that-remove-digimon-from-battle-areas.p1" in {c.id for c in moved.citations}
    ends = [
        s for s in match.steps if "dcg:when-a-single-attack-requires-multiple-checks.p2" in {c.id for c in s.citations}
    ]
    assert len(ends) == 1 and "Greymon, is returned to Player 1's hand: the attack ends" in ends[0].narration
    assert len(match.state.sides[1].security) == 2, "the second check never happens"


def test_a_card_moved_between_hidden_zones_is_named_only_to_the_viewers_who_may_see_it():
    """Gabumon: "Look at the top 3 cards of your deck. Add 1 Digimon card among them to your hand. Place the rest at the
    bottom of your deck." Player 1 looked at the cards and keeps the one added to the hand; Player 2 never sees any of
    them (hands and decks are a player's own): Player 2 is told how many cards
    went where, Player 1 and the judge which."""
    setup = {
        "board": {
            "phase": "main",
            "active": 0,
            "turn": 3,
            "memory": 3,
            "players": [
                {
                    "hand": ["st2-03"],
                    "deck": ["st1-07", "st2-16", "st1-16", "st1-03", "st1-03"],
                    "security": ["st1-03"] * 3,
                },
                {"deck": ["st1-03"] * 5, "security": ["st1-03"] * 3},
            ],
        }
    }
    match = Match("dcg", 1, setup, ("human", "human"))
    match.run()
    match.choose("play:st2-03")
    match.run()
    match.choose(match.resolve_key("pick:st1-07").key)  # Greymon, the one Digimon among the three
    match.run()
    moved = next(step for step in match.steps if any(e.kind == "effect-move" for e in step.events))
    told = _told_by_viewer(match, moved)
    for viewer in (None, 0):
        narration, events = told[viewer]
        assert "Player 1 moves Greymon to Player 1's hand" in narration
        assert "Player 1 moves Gaia Force, Cocytus Breath to the bottom of Player 1's deck" in narration
        assert ("effect-move", ["Greymon"]) in events
    narration, events = told[1]
    assert (
        "Player 1 moves 1 hidden card to Player 1's hand; Player 1 moves 2 hidden cards to the bottom of Player "
        "1's deck"
    ) in narration
    assert not {"Greymon", "Gaia Force", "Cocytus Breath"} & {name for _, cards in events for name in cards or ()}
    assert moved.narration == narration, "what every seat may read is what the seat who saw nothing reads"


def test_ending_the_game_b2_a_player_out_of_cards_and_security_loses_by_the_draw_not_by_an_attack():
    """dcg:ending-the-game.b2: "If your opponent can't draw during their draw phase because there are no cards
    left in their deck." Player 2 also has no security left, but nobody attacked: the result says the draw."""
    board = {
        "board": {
            "phase": "unsuspend",
            "active": 1,
            "first": 0,
            "turn": 8,
            "players": [
                {"hand": ["st1-03"], "deck": ["st1-03"] * 3, "security": ["st1-03"] * 3},
                {"hand": ["st2-03"], "deck": [], "security": []},
            ],
        }
    }
    match = Match("dcg", 1, board, ("first", "first"))
    match.run()
    assert match.result.winner == 0
    assert match.result.reason.startswith("a player who could not draw in their draw phase")

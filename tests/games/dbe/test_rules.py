"""DBE rules the scenarios do not show (or show only in part): deck construction, that every step quotes DBE's own
text (never DMB's, whose code DBE shares), the Abnormal stats, and card files.

Expected values come from the rulebook (digimon-battle-evolution.txt); each test names its clause.
"""

from __future__ import annotations

import pytest

from digitutor.core.errors import InputError
from digitutor.core.match import Match
from digitutor.games.dbe.cards import Deck, card_set, parse_cards, tutorial_decks
from digitutor.games.dbe.setup import deck_problems
from digitutor.rules.citations import resolve


def cites(reasons) -> list[str]:
    return [r.citation.id for r in reasons]


def agumon_deck(**changes) -> Deck:
    deck = tutorial_decks()[0]
    fields = {"name": "x", "cards": deck.cards, "destiny": deck.destiny, "partner": deck.partner, **changes}
    return Deck(**fields)


# -- Deck construction ---------------------------------------------------------------------------------------------


def test_deck_construction_the_tutorial_decks_are_legal_with_a_partner_a_mega_a_proxy_and_a_mastery():
    cards = card_set()
    for deck in tutorial_decks():
        assert deck_problems(deck) == (), deck.name
        destiny = [cards[i] for i in deck.destiny]
        assert len(deck.cards) + len(deck.destiny) == 50
        assert deck.partner in deck.cards
        assert [c.level for c in destiny if c.level == "M"] == ["M"]
        assert sum(c.proxy for c in destiny) == 1 and sum(c.mastery for c in destiny) == 1


def test_deck_construction_b1_b2_fifty_cards_counting_the_destiny_zone():
    deck = agumon_deck()
    assert cites(deck_problems(agumon_deck(cards=deck.cards[:-1]))) == ["dbe:deck-construction.b2"]
    # 50 cards with the Destiny Zone: the same cards without it are too few
    assert "dbe:deck-construction.b2" in cites(deck_problems(agumon_deck(destiny=())))


def test_deck_construction_b8_b9_b10_copies_by_set_number_in_the_main_deck():
    deck = agumon_deck()
    swapped = list(deck.cards)
    swapped[swapped.index("kokuwamon")] = "agumon"  # a fifth Agumon
    swapped[swapped.index("turbo-chip")] = "attack-chip"  # a fourth Attack Chip
    swapped[swapped.index("courage-crest")] = "download"  # a third Download
    found = cites(deck_problems(agumon_deck(cards=tuple(swapped))))
    assert sorted(found) == ["dbe:deck-construction.b10", "dbe:deck-construction.b8", "dbe:deck-construction.b9"]


def test_deck_construction_b11_b12_b13_aces_firewalls_and_data_per_deck_even_in_the_destiny_zone():
    deck = agumon_deck()
    swapped = list(deck.cards)
    for old, new in (
        ("kokuwamon", "gold-banana"),
        ("turbo-chip", "immortalize"),
        ("courage-crest", "immortalize"),
        ("recovery-floppy", "firewall-shield"),
        ("attack-chip", "firewall-shield"),
        ("wormmon", "rosemon-data"),
    ):
        swapped[swapped.index(old)] = new
    found = set(cites(deck_problems(agumon_deck(cards=tuple(swapped)))))
    assert {"dbe:deck-construction.b11", "dbe:deck-construction.b12", "dbe:deck-construction.p4"} <= found
    # two DATA cards at most, one of each: a second UlforceVdramon DATA is too many
    twice = list(deck.cards)
    twice[twice.index("kokuwamon")] = "ulforcevdramon-data"
    assert "dbe:deck-construction.b13" in cites(deck_problems(agumon_deck(cards=tuple(twice))))


def test_deck_construction_b3_b5_b6_b7_the_destiny_zone():
    deck = agumon_deck()
    destiny = (*deck.destiny, "wargreymon", "togemon", "crest-proxy", "wind-mastery")
    cards = deck.cards[:-4]
    found = set(cites(deck_problems(agumon_deck(cards=cards, destiny=destiny))))
    assert found == {
        "dbe:deck-construction.b3",
        "dbe:deck-construction.b5",
        "dbe:deck-construction.b6",
        "dbe:deck-construction.b7",
    }


def test_anatomy_of_cards_3_level_m_does_not_go_in_the_main_deck():
    deck = agumon_deck()
    cards = list(deck.cards)
    cards[cards.index("kokuwamon")] = "wargreymon"
    assert "dbe:anatomy-of-cards.3" in cites(deck_problems(agumon_deck(cards=tuple(cards))))


# -- Every step quotes DBE ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(40))
def test_every_step_of_a_dbe_game_cites_dbe_text_never_dmbs(seed):
    """DBE runs DMB's shared rule code; through the citation table every quote must still be DBE's own."""
    match = Match("dbe", seed)
    match.run()
    assert match.over
    for step in match.steps:
        assert step.citations, step.narration
        for citation in step.citations:
            assert citation.id.startswith("dbe:"), f"step {step.narration!r} cites {citation.id}"
            assert resolve(citation)


# -- Anatomy of Cards, card files ----------------------------------------------------------------------------------


def test_anatomy_of_cards_12_abnormal_stats_stay_in_tens():
    """ "Level C stats are halved, Level U stats are quartered": the tutorial stats are chosen so the halves and
    quarters are whole tens (no rounding rule is needed)."""
    for card in card_set().values():
        divisor = {"C": 2, "U": 4}.get(card.level or "")
        if card.is_digimon and divisor:
            stats = [card.hp] + [card.attack(a).power for a in ("circle", "triangle", "cross")]
            assert all(value % (10 * divisor) == 0 for value in stats), card.name


def test_a_card_file_error_names_the_card_and_the_field():
    doc = {
        "game": "dbe",
        "cards": [
            {
                "id": "x",
                "number": "TUT-999",
                "name": "X",
                "kind": "digimon",
                "level": "R",
                "type": "Fire",
                "hp": 100,
                "circle": {"power": 10},
                "triangle": {"power": 10},
                "cross": {"power": 10},
            }
        ],
    }
    with pytest.raises(InputError, match=r"cards\[0\]\.type"):
        parse_cards(doc, "cards.yaml")


def test_rules_faq_hidden_zones_an_open_hand_is_seen_until_the_end_phase():
    """Redotamamon "makes an opponent's hand remain face up (and then that lingering effect stops at the End Phase)"."""
    setup = {
        "board": {
            "phase": "strategy",
            "active": 0,
            "turn": 3,
            "players": [
                {"active": ["agumon"], "hand": ["redotamamon"], "deck": ["gomamon"] * 5},
                {"active": ["gabumon"], "hand": ["biyomon", "attack-chip"], "deck": ["palmon"] * 5},
            ],
        }
    }
    match = Match("dbe", 1, setup, ("human", "human"))
    for key in ("attack:choice=triangle", "attack:choice=triangle", "no-support", "support:redotamamon"):
        match.run()
        match.choose(match.resolve_key(key).key)

    def seen() -> set[str]:
        return {
            card.name
            for zone in match.game.board(match.state, 0).players[1].zones
            if zone.id == "hand"
            for card in zone.cards
            if not card.hidden
        }

    while match.state.phase.value != "battle":
        match.advance()
    assert seen() == {"Biyomon", "Attack Chip"}
    while match.state.turn == 3:
        match.advance() if match.pending is None else match.choose(match.pending.legal_options[0].key)
    assert not seen(), "the End Phase ends the lingering effect"


def test_deck_construction_p1_an_ace_in_the_destiny_zone_still_counts():
    """ "if an Ace, Firewall or DATA are in the Destiny Zone (as with Proxy cards), they still cannot exceed the 1 per
    deck rule (or 3 for Firewalls)"."""
    deck = agumon_deck()
    found = cites(deck_problems(agumon_deck(cards=deck.cards[:-1], destiny=(*deck.destiny, "gold-banana"))))
    assert "dbe:deck-construction.p1" in found  # the second Gold Banana, the one in the Destiny Zone, is counted


def test_deck_construction_p3_a_flip_card_with_an_initial_side_begins_with_it():
    """ "If any of them have the initial side icon (up arrow), they must begin the game with that side up"; both sides
    share a card number, so copies count together."""
    deck = agumon_deck()
    moon = agumon_deck(cards=(*deck.cards[:-1], "moon-disk"))
    assert "dbe:deck-construction.p3" in cites(deck_problems(moon))
    star = agumon_deck(cards=(*deck.cards[:-1], "star-disk"))
    assert "dbe:deck-construction.p3" not in cites(deck_problems(star))
    four = agumon_deck(cards=deck.cards[:-4] + ("star-disk",) * 4)
    assert "dbe:deck-construction.b9" in cites(deck_problems(four))  # an Option: 3 copies at most, by the shared number


def test_rules_faq_hidden_zones_a_deck_flipped_face_up_shows_only_its_top_card():
    """Gaizmon "flips its attached's deck over and plays with it face up. In this case, everything revealed (the top
    card) is now OPEN and everything under it is hidden." Turned over, the bottom card is the new top."""
    setup = {
        "board": {
            "phase": "strategy",
            "active": 0,
            "turn": 3,
            "players": [
                {"active": ["agumon"], "hand": ["gaizmon"], "deck": ["gomamon"] * 5},
                {"active": ["palmon"], "deck": ["palmon", "biyomon", "veemon", "gabumon"]},
            ],
        }
    }
    match = Match("dbe", 1, setup, ("human", "human"))
    for key in ("attack:choice=circle", "attack:choice=circle", "no-support", "support:gaizmon"):
        match.run()
        match.choose(match.resolve_key(key).key)
    while match.state.phase.value != "battle":
        match.advance()
    deck = next(zone for zone in match.game.board(match.state, 0).players[1].zones if zone.id == "deck")
    assert [card.name for card in deck.cards] == ["Gabumon"] and deck.count == 4  # only the open top card, of 4
    seen = match.game.observe(match.state, 0).state.sides[1].deck
    names = [match.game.observe(match.state, 0).state.cards[uid].name for uid in seen]
    assert names[-1] == "Gabumon" and set(names[:-1]) == {"a face-down card"}, "the cards under the top stay hidden"


def _battle(players: list, keys: tuple[str, ...]) -> Match:
    """A Strategy Phase board for Player 1's turn, played through the Battle Phase with ``keys``."""
    setup = {"board": {"phase": "strategy", "active": 0, "turn": 3, "players": players}}
    match = Match("dbe", 1, setup, ("human", "human"))
    for key in keys:
        match.run()
        match.choose(match.resolve_key(key).key)
    while match.steps[-1].phase != "end":  # up to the End Phase's step: the battle is over, nothing else changed
        match.advance()
    return match


def test_glossary_flatten_flat_3_only_the_player_who_attacked_first_kos_at_3_flats():
    """ "While the opponent has 3 flats and if you attacked first, KO that Digimon once you deal damage": Betamon
    attacks second (Player 1 is the turn player), so its plain Circle leaves Agumon, at 3 flats, with the HP the damage
    left."""
    match = _battle(
        [{"active": ["agumon"], "flats": 3, "deck": ["gomamon"] * 5}, {"active": ["betamon"], "deck": ["biyomon"] * 5}],
        ("attack:choice=triangle", "attack:choice=circle", "no-support", "no-support"),
    )
    agumon, betamon = match.state.sides
    assert (agumon.hp, agumon.flats, betamon.ko_points) == (700 - 250, 3, 0)
    assert betamon.hp == 600 - 200


def test_glossary_flatten_flat_3_a_first_hit_that_leaves_no_hp_is_a_plain_ko():
    """The 3-flat KO is for a Digimon the damage left standing: Agumon's 300 takes Betamon's last 250 HP, a KO by HP."""
    match = _battle(
        [
            {"active": ["agumon"], "deck": ["gomamon"] * 5},
            {"active": ["betamon"], "flats": 3, "hp": 250, "deck": ["biyomon"] * 5},
        ],
        ("attack:choice=circle", "attack:choice=circle", "no-support", "no-support"),
    )
    kinds = [event.kind for step in match.steps for event in step.events]
    assert "flat-ko" not in kinds and match.state.sides[0].ko_points == 1

"""The deck-check app gets pasted text from anyone: an alias bomb or a wrong type is one short line, at once; the
text deck lists players paste are read like deck files."""

from __future__ import annotations

import importlib
import re
import time
import tracemalloc
from pathlib import Path

import pytest
import yaml

from digitutor import decks
from digitutor.decks import check_deck_text
from digitutor.widgets import deck_check_app

ROOT = Path(__file__).resolve().parents[2]


def bomb() -> str:
    parts = ["&a0 [x, x, x, x, x, x, x, x, x]"] + [f"&a{i} [{', '.join([f'*a{i - 1}'] * 9)}]" for i in range(1, 9)]
    return "game: dtector\nname: [" + ", ".join(parts) + "]\ncards: []\n"


def test_a_pasted_alias_bomb_is_refused_in_one_short_line():
    app = deck_check_app("dtector")
    app.text.value = bomb()
    started = time.perf_counter()
    app.run()
    assert time.perf_counter() - started < 1.0
    assert "alias" in app.verdict.value and len(app.verdict.value) < 300


def test_a_pasted_deck_with_several_problems_lists_every_one():
    app = deck_check_app("dtector")
    app.text.value = "game: dtector\ncards:\n  - {card: agumon, count: 45}\n  - {card: garurumom, count: 2}\n"
    app.run()
    verdict = app.verdict.value
    assert "unknown card" in verdict and "Garurumon" in verdict and "45 cards" in verdict


INFLATED = {  # game: (a card, the deck-size rule's clause and a quote of it)
    "dtector": ("agumon", "dtector:game-requirements.p1", "A 50-Card Deck for each player."),
    "arena": ("agumon", "arena:setup.b2", "preconstructed 30 card decks"),
    "dcg": ("st1-03", "dcg:decks.required-items.b1", "A deck with a total of 50 cards"),
    "dmb": ("agumon", "dmb:deck-construction.b1", "Deck is 40 cards"),
    "dbe": ("agumon", "dbe:deck-construction.b2", "Destiny Zone + Main Deck must add up to 50."),
}


@pytest.mark.parametrize("game", list(INFLATED))
def test_a_pasted_deck_of_millions_of_cards_is_refused_by_its_size_rule_without_building_them(game):
    card, clause, quote = INFLATED[game]
    app = deck_check_app(game)
    app.text.value = (
        f"game: {game}\nname: Inflated\ncards: [" + ",".join([f"{{card: {card}, count: 100}}"] * 17_776) + "]\n"
    )
    assert len(app.text.value) < 512_000  # inside the size limit: the cards are what is too many
    tracemalloc.start()
    try:
        app.run()
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    verdict = app.verdict.value
    assert "dt-illegal" in verdict and "1,777,600 cards" in verdict and clause in verdict and quote in verdict
    assert verdict.count('class="dt-reason"') == 1, "only the size rule: the other rules are not checked"
    assert peak < 100_000_000, f"{peak / 1e6:.0f} MB"  # building 1.78 million cards took over 400 MB


@pytest.mark.parametrize("count", ["1000000000000000000000000000000", "-1", "0", "true", "101"])
def test_a_pasted_count_out_of_range_is_one_line_naming_the_field(count):
    app = deck_check_app("dmb")
    app.text.value = f"game: dmb\nname: x\ncards: [{{card: agumon, count: {count}}}]\n"
    app.run()
    assert "pasted deck: cards[0].count: expected a whole number" in app.verdict.value and len(app.verdict.value) < 300


def test_a_pasted_deck_a_little_too_big_still_gets_every_reason():
    app = deck_check_app("dmb")
    app.text.value = "game: dmb\nname: x\ncards:\n  - {card: agumon, count: 41}\n"
    app.run()
    verdict = app.verdict.value
    assert "(41 cards)" in verdict and "it needs exactly 40" in verdict and "41 copies of Agumon; at most 4" in verdict


# -- text deck lists, as players paste them (issue 24, item 8) ---------------------------------------------------------

#: the Blue Wolf starter (cards/dcg/decks/blue-wolf.yaml) as a player pastes it: sections, numbers in every spelling
BLUE_WOLF = (ROOT / "tests" / "fixtures" / "blue-wolf-pasted.txt").read_text()


def verdict(game: str, text: str) -> str:
    app = deck_check_app(game)
    app.text.value = text
    app.run()
    return app.verdict.value


def test_dcg_decks_required_items_a_pasted_starter_deck_gets_the_same_verdict_as_its_deck_file():
    shipped = (ROOT / "cards" / "dcg" / "decks" / "blue-wolf.yaml").read_text()
    assert "✓ Legal" in verdict("dcg", shipped) and "50 cards" in verdict("dcg", shipped)
    pasted = verdict("dcg", BLUE_WOLF)
    assert "✓ Legal" in pasted and "deck of 50 cards" in pasted, pasted


def test_dcg_decks_required_items_b2_digi_eggs_pasted_among_the_digimon_go_to_the_digi_egg_deck():
    # "A deck made up of 0-5 Digi-Egg Cards." — players often list them with the rest
    text = BLUE_WOLF.replace("Digi-Egg\n", "")
    assert "✓ Legal" in verdict("dcg", text)


def as_pasted(doc: dict) -> str:
    """A shipped deck file written as a player pastes it: "N Name" lines, the other parts under their headers."""
    cards = {
        "dtector": "digitutor.games.dtector.cards",
        "arena": "digitutor.games.arena.cardfile",
        "dcg": "digitutor.games.dcg.cards",
        "dmb": "digitutor.games.dmb.cards",
        "dbe": "digitutor.games.dbe.cards",
    }
    names = {card_id: card.name for card_id, card in importlib.import_module(cards[doc["game"]]).card_set().items()}
    lines = []
    for header, part in (("// Main deck", "cards"), ("Digi-Egg", "eggs"), ("Destiny Zone", "destiny")):
        entries = [{"card": e, "count": 1} if isinstance(e, str) else e for e in doc.get(part, [])]
        if entries:
            lines += [header, *(f"{entry['count']} {names[entry['card']]}" for entry in entries)]
    if doc.get("partner"):
        lines += ["Partner", f"1 {names[doc['partner']]}"]
    return "\n".join(lines) + "\n"


SHIPPED = sorted((ROOT / "cards").glob("*/decks/*.yaml"))


@pytest.mark.parametrize("path", SHIPPED, ids=[f"{p.parent.parent.name}/{p.stem}" for p in SHIPPED])
def test_every_shipped_deck_pasted_as_names_gets_the_same_verdict_as_its_file(path):
    doc = yaml.safe_load(path.read_text())
    as_file = check_deck_text(path.read_text(), "deck", doc["game"])
    as_text = check_deck_text(as_pasted(doc), "deck", doc["game"])
    assert as_file.legal and as_text.legal, as_text.one_line()
    assert as_text.card_count == as_file.card_count and as_text.destiny == as_file.destiny


def test_the_users_pasted_list_is_no_longer_refused_as_not_a_mapping():
    found = verdict("dcg", "// Digimon\n4 Gabumon ST2-03\n")
    assert "expected a mapping" not in found and "✗ Not legal" in found
    assert "The deck has 4 cards; it needs exactly 50." in found  # dcg:decks.required-items.b1, the only problem


def test_a_deck_file_may_name_its_cards_the_users_card_garurumon_is_found():
    shipped = (ROOT / "cards" / "dcg" / "decks" / "blue-wolf.yaml").read_text()
    by_name = shipped.replace("{card: st2-06, count: 4}", "{card: Garurumon, count: 4}")
    assert by_name != shipped
    found = verdict("dcg", by_name)
    assert "✓ Legal" in found and "unknown card" not in found


def test_a_pasted_unknown_card_names_its_line_and_the_closest_cards_and_cites_no_deck_size():
    found = verdict("dcg", "4 Gabumon ST2-03\n4 Garurumom\n")
    problem = re.search(r'<div class="dt-reason dt-list-problem"><b>(.*?)</b></div>', found).group(1)
    assert problem.startswith("✗ line 2: unknown card &#x27;Garurumom&#x27; (closest: Garurumon (ST2-06)"), problem
    assert "50" not in problem and "dcg:" not in problem


def test_a_line_it_cannot_read_says_which_line_and_why():
    found = verdict("dcg", "// Digimon\n4 Gabumon ST2-03\ncard: Garurumon\n")
    assert (
        "pasted deck: line 3: expected &#x27;count name&#x27; or &#x27;count number&#x27;, got &#x27;card: "
        "Garurumon&#x27;"
    ) in found
    assert len(found) < 300


def test_a_pasted_list_of_100_000_lines_is_refused_at_once_before_any_card_is_looked_up(monkeypatch):
    def no_cards(*_args):
        raise AssertionError("a card was looked up")

    monkeypatch.setattr(decks, "CardIndex", no_cards)
    started = time.perf_counter()
    found = verdict("dcg", "1 a\n" * 100_000)
    assert time.perf_counter() - started < 1.0
    assert "100,000 lines; a text deck list has at most 1,000" in found and len(found) < 300


def test_a_pasted_list_of_too_many_copies_is_refused_by_the_size_rule_before_any_card_is_looked_up(monkeypatch):
    monkeypatch.setattr(decks, "CardIndex", lambda *_args: pytest.fail("a card was looked up"))
    found = verdict("dcg", "100 Gabumon ST2-03\n" * 900)
    assert "The deck lists 90,000 cards; it needs exactly 50." in found and "dcg:decks.required-items.b1" in found

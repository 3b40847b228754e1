"""Files and pasted text are input from anyone: the loader, the schemas and
saved matches refuse bad ones in one line."""

from __future__ import annotations

import json
import math
import os
import re

import pytest

from digitutor.core.errors import InputError, excerpt
from digitutor.core.match import Match
from digitutor.core.yamlio import MAX_BYTES, load_yaml, parse_yaml
from digitutor.decks import check_deck_document, check_deck_file, check_deck_text

BOMB = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, "
    f"*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}]\n"
    for i in range(8)
)


def test_an_alias_bomb_is_refused_before_anything_is_built():
    with pytest.raises(InputError, match=r"line 2: YAML alias \*a is not allowed"):
        parse_yaml(BOMB, "bomb.yaml")


def test_a_single_alias_is_refused_too():
    with pytest.raises(InputError, match="alias"):
        parse_yaml("name: &n Fire\ntitle: *n\n", "x.yaml")


def test_nesting_deeper_than_the_limit_is_refused_not_a_recursion_error():
    # ours says "nested more than 50 levels deep"; PyYAML 6.0.4's scanner may stop it first ("maximum nesting depth")
    with pytest.raises(InputError, match=r"nested more than|maximum nesting depth"):
        parse_yaml("a: " + "[" * 5000 + "]" * 5000, "deep.yaml")


def test_a_number_past_the_int_conversion_limit_is_malformed_yaml():
    with pytest.raises(InputError, match="malformed YAML"):
        parse_yaml("seed: " + "9" * 5000, "s.yaml")


def test_field_names_must_be_texts():
    with pytest.raises(InputError, match=r"x.yaml: setup: field name 1 is not a text"):
        parse_yaml("setup:\n  1: a\n  zzz: b\n", "x.yaml")


def test_non_regular_files_are_refused(tmp_path):
    with pytest.raises(InputError, match="regular file"):
        load_yaml("/dev/zero")
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    with pytest.raises(InputError, match="regular file"):
        load_yaml(fifo)  # would block forever if opened for reading without O_NONBLOCK
    with pytest.raises(InputError, match="directory"):
        load_yaml(tmp_path)


def test_an_oversized_file_is_refused_without_reading_it_all(tmp_path):
    big = tmp_path / "big.yaml"
    big.write_text("# " + "x" * MAX_BYTES + "\n")
    with pytest.raises(InputError, match="too large"):
        load_yaml(big)


def test_excerpt_cuts_long_and_unprintable_values():
    assert len(excerpt("x" * 5_000_000)) == 60
    assert excerpt("a\nb") == "'a\\nb'"
    assert "too large" in excerpt(10**5000)


def test_a_deck_reports_every_problem_with_the_closest_card_names():
    report = check_deck_text(
        "game: dtector\ncards:\n  - {card: agumon, count: 50}\n  - {card: agumon, count: 3}\n  - garurumom\n"
    )
    unknown, note = report.problems  # the list's own problems: no rule is cited for an unknown card
    assert "unknown card 'garurumom'" in unknown and "Garurumon" in unknown
    assert "with them the deck lists 54 cards" in note
    (size,) = report.reasons  # dtector:game-requirements.p1 "A 50-Card Deck for each player."
    assert "53 cards" in size.why and size.citation.id == "dtector:game-requirements.p1"
    assert not report.legal and len(report.lines()) == 3


def inflated(game: str, card: str, entries: int = 17_776, block: bool = False) -> str:
    """A deck text listing ``entries`` × 100 copies of ``card``."""
    if block:
        return f"game: {game}\nname: Big\ncards:\n" + f"  - card: {card}\n    count: 100\n" * entries
    return f"game: {game}\nname: Big\ncards: [" + ",".join([f"{{card: {card}, count: 100}}"] * entries) + "]\n"


@pytest.mark.parametrize("block", [False, True], ids=["flow", "block"])
def test_dmb_deck_construction_b1_a_deck_far_past_40_is_refused_by_its_size_as_it_is_read(block):
    report = check_deck_text(inflated("dmb", "agumon", 5_000, block))
    assert report.cards == () and report.card_count == 500_000 and report.name == "Big"
    (reason,) = report.reasons
    assert reason.citation.id == "dmb:deck-construction.b1" and reason.citation.quote == "Deck is 40 cards"
    assert reason.why.startswith("The deck lists 500,000 cards; it needs exactly 40")


def test_a_parsed_deck_document_far_past_its_size_is_refused_the_same_way(tmp_path):
    doc = {"game": "dbe", "name": "Big", "cards": [{"card": "agumon", "count": 100}] * 500}
    report = check_deck_document(doc, "deck 1")
    path = tmp_path / "big.yaml"
    path.write_text(inflated("dbe", "agumon", 500))
    assert report.reasons == check_deck_file(str(path)).reasons
    assert [r.citation.id for r in report.reasons] == ["dbe:deck-construction.b2"]


def test_dcg_deck_construction_b2_a_digi_egg_deck_far_past_5_is_refused_by_its_own_rule():
    text = "game: dcg\ncards: []\neggs: [" + ",".join(["{card: st1-01, count: 100}"] * 1000) + "]\n"
    (reason,) = check_deck_text(text).reasons
    assert (
        reason.citation.id == "dcg:decks.required-items.b2"
        and "The Digi-Egg deck lists 100,000 cards; at most 5" in reason.why
    )


def test_counts_the_schema_refuses_are_not_summed_as_copies_but_refused_by_field():
    text = "game: dmb\ncards: [" + ",".join(["{card: agumon, count: '100'}"] * 50) + "]\n"
    with pytest.raises(InputError, match=re.escape("cards[0].count: expected a whole number, got '100'")):
        check_deck_text(text)


def test_the_game_given_decides_the_size_rule_not_the_files_game_field():
    report = check_deck_text(inflated("dmb", "agumon", 500), game_id="dcg")
    assert [r.citation.id for r in report.reasons] == ["dcg:decks.required-items.b1"]


def test_a_deck_up_to_four_times_its_size_gets_every_reason():
    report = check_deck_text("game: dtector\ncards: [{card: agumon, count: 100}, {card: agumon, count: 100}]\n")
    assert [r.why for r in report.reasons] == ["The deck has 200 cards; it needs exactly 50."]
    report = check_deck_text("game: dtector\ncards: [{card: agumon, count: 100}, {card: agumon, count: 100}, agumon]\n")
    assert report.reasons[0].why.startswith("The deck lists 201 cards; it needs exactly 50. (Past 200 cards")


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("game: dtector\ncards: [{card: [agumon], count: 1}]\n", "cards[0].card: expected a text, got ['agumon']"),
        (
            "game: dtector\nzzz: 1\ncards: []\n",
            "zzz: unknown field (expected cards, game, name, eggs, destiny, partner)",
        ),
        ("game: dtector\ncards: [{card: agumon, count: 1.0}]\n", "cards[0].count: expected a whole number, got 1.0"),
        ("game: [dtector]\ncards: []\n", "game: expected one of dtector, arena, dcg, dmb, dbe, got ['dtector']"),
        ("game: nope\ncards: []\n", "game: expected one of dtector, arena, dcg, dmb, dbe, got 'nope'"),
        (
            "just a line of text\n",
            "expected a YAML deck (game, name, cards) or, with --game GAME, a text deck list; "
            "got 'just a line of text'",
        ),
        ("- agumon\n", "expected a mapping with game, name, cards, got ['agumon']"),
    ],
)
def test_a_malformed_deck_is_one_error_naming_the_field(text, field):
    with pytest.raises(InputError, match="^" + re.escape(f"pasted deck: {field}")):
        check_deck_text(text)


def saved_match() -> dict:
    match = Match("dtector", 4, agents=("human", "human"))
    match.choose(match.run().legal_options[0].key)
    return json.loads(json.dumps(match.save()))


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d.update(agents=[["human"], ["random"]]), "agents[0]: expected a text"),
        (lambda d: d.update(seed=1.0), "seed: expected a whole number, got 1.0"),
        (lambda d: d.update(seed=True), "seed: expected a whole number, got True"),
        (lambda d: d.update(steps=-1), "steps: expected a whole number >= 0, got -1"),
        (lambda d: d["decisions"][0].update(step="0"), "decisions[0].step: expected a whole number"),
        (lambda d: d.update(extra=1), "extra: unknown field"),
        (lambda d: d["setup"].update(board={"phase": ["x"], "players": [{}, {}]}), "setup.phase: expected one of"),
        (
            lambda d: d["setup"].update(board={"active": 1.0, "players": [{}, {}]}),
            "setup.active: expected 0 or 1, got 1.0",
        ),
    ],
)
def test_loading_a_damaged_save_is_one_input_error_naming_the_field(change, field):
    doc = saved_match()
    if "board" in field or "setup" in field:
        doc["setup"].pop("decks")
    change(doc)
    with pytest.raises(InputError, match=re.escape(f"save.json: {field}")):
        Match.load(doc, "save.json")


def test_the_speed_a_browser_sends_must_be_a_finite_number():
    from traitlets import TraitError

    from digitutor.widgets.model import MatchSpec, TutorModel

    model = TutorModel(MatchSpec("dtector"))
    for bad in (math.nan, math.inf, -math.inf):
        with pytest.raises(TraitError):
            model.speed = bad
    assert model.speed == 2.0
    model.speed = 5.0
    assert model.speed == 5.0


def test_a_card_is_found_by_id_printed_number_or_name_in_any_case():
    from digitutor.decklist import CardIndex
    from digitutor.games.dcg.cards import card_set

    index = CardIndex(card_set())
    for written in (
        "st2-06",
        "ST2-06",
        "Garurumon",
        "garurumon",
        "GARURUMON  ",
        "Garurumon ST2-06",
        "ST2-06 Garurumon",
    ):
        assert index.find(written) == ("st2-06", ""), written


def test_a_name_of_several_cards_asks_for_the_number_and_an_unknown_card_never_suggests_what_was_written():
    from types import SimpleNamespace

    from digitutor.decklist import CardIndex

    index = CardIndex(
        {
            "bt1-010": SimpleNamespace(name="Agumon", number="BT1-010"),
            "st1-03": SimpleNamespace(name="Agumon", number="ST1-03"),
            "st1-07": SimpleNamespace(name="Greymon", number="ST1-07"),
        }
    )
    assert index.find("agumon") == (
        None,
        "'agumon' names 2 cards (Agumon (BT1-010), Agumon (ST1-03)); write its card number",
    )
    assert index.find("Agumon BT1-010") == ("bt1-010", "")
    card, problem = index.find("Greymom")
    assert card is None and problem == "unknown card 'Greymom' (closest: Greymon (ST1-07))"
    assert all(label.lower() != "greymon" for label in index.closest("greymon"))


@pytest.mark.parametrize(
    ("line", "count", "card"),
    [
        ("4 Gabumon ST2-03", 4, "Gabumon ST2-03"),
        ("4x ST2-03", 4, "ST2-03"),
        ("ST2-03 x4", 4, "ST2-03"),
        ("4 ST2-03", 4, "ST2-03"),
        ("3 Gabumon", 3, "Gabumon"),
        ("2 × Matt Ishida", 2, "Matt Ishida"),
        ("1 Tsunomon ST2-01 // the egg", 1, "Tsunomon ST2-01"),
    ],
)
def test_the_line_formats_players_write(line, count, card):
    from digitutor.decklist import read_lines

    (listed,) = read_lines(f"// Digimon (16)\n\n{line}\n", "deck", 100)
    assert (listed.number, listed.part, listed.count, listed.card) == (3, "cards", count, card)


def test_section_headers_send_the_lines_after_them_to_their_part_of_the_deck():
    from digitutor.decklist import read_lines

    text = (
        "Digimon\n4 Agumon\nTamers:\n2 Tai\n// Digi-Egg (4)\n4 Koromon\nDestiny Zone\n1 WarGreymon\nPartner\n1 Agumon\n"
    )
    assert [(line.part, line.card) for line in read_lines(text, "deck", 100)] == [
        ("cards", "Agumon"),
        ("cards", "Tai"),
        ("eggs", "Koromon"),
        ("destiny", "WarGreymon"),
        ("partner", "Agumon"),
    ]

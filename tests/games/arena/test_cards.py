"""Arena cards, decks and setups: the shipped content, and one clear line for every bad input."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
import yaml

from digitutor.cli import main
from digitutor.core.errors import InputError
from digitutor.games.arena import GAME
from digitutor.games.arena.cardfile import card_set, cards_dir, parse_card_list, parse_cards, tutorial_decks
from digitutor.games.arena.cards import Colour, Level
from digitutor.games.arena.layout import new_state

from .arena_helpers import board, player

CARDS = card_set()
RAW = yaml.safe_load((cards_dir() / "cards.yaml").read_text())


# -- the shipped card set ---------------------------------------------------------------------------------


def test_the_tutorial_set_has_every_level_of_every_colour_and_all_kinds_of_power_options():
    digimon = [c for c in CARDS.values() if c.is_digimon]
    assert len(CARDS) >= 40
    assert {(c.level, c.colour) for c in digimon} == {(level, colour) for level in Level for colour in Colour}
    assert all(set(c.attack) == set(Colour) and set(c.score) == set(Level) for c in digimon)
    options = [c for c in CARDS.values() if not c.is_digimon]
    timings = {e.spec.timing for c in options for e in c.effects}
    assert timings == {
        "power-port",
        "on-play",
        "use-requirements",
    }  # lasting effects, effects at once, and requirements
    changed = {(m.value, m.by is not None and m.by > 0) for c in options for e in c.effects for m in e.spec.modify}
    assert changed == {("power", True), ("power", False), ("colour", False)}  # boost, weaken and recolour
    assert any(c.digivice for c in options) and any(e.spec.condition for c in options for e in c.effects)
    boxes = [c.box for c in digimon if c.box]
    assert any(b.dna for b in boxes) and any(b.digivice for b in boxes) and any(b.online_to_offline for b in boxes)


def test_the_preconstructed_decks_are_legal_with_several_rookies():
    assert len(tutorial_decks()) == 2
    for name, deck in tutorial_decks():
        doc = {"game": "arena", "name": name, "cards": list(deck)}
        _, _, reasons = GAME.check_deck(doc, name)
        assert reasons == ()
        assert sum(CARDS[card_id].is_rookie for card_id in deck) >= 4


def test_deck_check_on_the_command_line(capsys):
    for path in sorted((cards_dir() / "decks").glob("*.yaml")):
        assert main(["deck", "check", str(path)]) == 0
    assert "legal arena deck of 30 cards" in capsys.readouterr().out


def test_deck_check_lists_every_reason(tmp_path: Path, capsys):
    deck = tmp_path / "bad.yaml"
    deck.write_text("game: arena\nname: Bad\ncards: [greymon, greymon]\n")
    assert main(["deck", "check", str(deck)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "it needs 30" in err and "repeats Greymon" in err and "no Rookie" in err


# -- one line naming the file, the field and what was expected ---------------------------------------------


def broken(edit) -> str:
    doc = copy.deepcopy(RAW)
    edit(doc)
    with pytest.raises(InputError) as error:
        parse_cards(doc, "cards.yaml")
    message = str(error.value)
    assert "\n" not in message and message.startswith("cards.yaml: ")
    return message


def entry(doc, card_id):
    return next(e for e in doc["cards"] if e["id"] == card_id)


@pytest.mark.parametrize(
    ("edit", "field", "expected"),
    [
        (lambda d: entry(d, "agumon").pop("attack"), "card 'agumon'.attack", "missing"),
        (lambda d: entry(d, "agumon")["attack"].pop("Green"), "card 'agumon'.attack.Green", "missing"),
        (lambda d: entry(d, "agumon")["attack"].update(Green="lots"), "card 'agumon'.attack.Green", "whole number"),
        (lambda d: entry(d, "agumon").update(level="Baby"), "card 'agumon'.level", "Rookie, Champion, Ultimate, Mega"),
        (lambda d: entry(d, "agumon").update(colour="Blue"), "card 'agumon'.colour", "Red, Green, Yellow"),
        (
            lambda d: entry(d, "agumon").update(digivolve={"digimon": "Koromon"}),
            "card 'agumon'.digivolve",
            "a Rookie has no",
        ),
        (lambda d: entry(d, "agumon")["score"].update(Mega=0), "card 'agumon'.score.Mega", "from 10"),
        (lambda d: entry(d, "greymon").pop("digivolve"), "card 'greymon'.digivolve", "missing"),
        (
            lambda d: entry(d, "greymon")["digivolve"].update(digimon="Garurumon"),
            "card 'greymon'.digivolve.digimon",
            "one level below",
        ),
        (
            lambda d: entry(d, "greymon")["digivolve"].update(digimon=["Agumon", "Agumon"]),
            "card 'greymon'.digivolve.digimon",
            "two different",
        ),
        (
            lambda d: entry(d, "greymon")["digivolve"].update(digivice="yes"),
            "card 'greymon'.digivolve.digivice",
            "true or false",
        ),
        (lambda d: entry(d, "greymon").update(power=4), "card 'greymon'.power", "unknown field"),
        (lambda d: entry(d, "power-charge").update(attack={}), "card 'power-charge'.attack", "unknown field"),
        (
            lambda d: entry(d, "power-charge")["effects"][0].update(timing="heal"),
            "card 'power-charge'.effects[0].timing",
            "power-port",
        ),
        (
            lambda d: entry(d, "power-charge")["effects"][0].update(quote="+999 to your Digimon's power."),
            "card 'power-charge'.effects[0].quote",
            "words of the card's text",
        ),
        (
            lambda d: entry(d, "colour-shift-red")["effects"][0]["modify"][0].update(by=3),
            "card 'colour-shift-red'.effects[0].modify[0]",
            "either 'by'",
        ),
        (
            lambda d: entry(d, "full-power")["effects"][1]["cost"][0].update(verb="burn"),
            "card 'full-power'.effects[1].cost[0].verb",
            "move",
        ),
        (
            lambda d: entry(d, "full-power")["effects"][1]["cost"][0]["what"].update(zone="graveyard"),
            "card 'full-power'.effects[1].cost[0].what.zone",
            "online",
        ),
        (lambda d: entry(d, "power-charge").update(kind="Trap"), "card 'power-charge'.kind", "Digimon, Power Option"),
        (lambda d: entry(d, "palmon").update(id="Palmon!"), "cards[", "lowercase slug"),
        (lambda d: entry(d, "palmon").update(name="Agumon"), "card 'palmon'.name", "duplicate name"),
    ],
)
def test_a_bad_card_names_its_field_and_what_was_expected(edit, field, expected):
    message = broken(edit)
    assert field in message and expected in message


def test_a_bad_deck_file_names_its_field():
    with pytest.raises(InputError, match=r"deck.yaml: cards\[1\]: unknown card 'koromon'"):
        parse_card_list({"game": "arena", "cards": ["agumon", "koromon"]}, "deck.yaml", CARDS)
    with pytest.raises(InputError, match=r"deck.yaml: game/cards: expected 'game: arena'"):
        parse_card_list({"game": "dtector", "cards": []}, "deck.yaml", CARDS)


# -- setups ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("setup", "field"),
    [
        ({"decks": [["agumon"] * 30]}, "setup: decks: expected two decks"),
        (
            {"decks": [list(tutorial_decks()[0][1][:29]), list(tutorial_decks()[1][1])]},
            "setup: decks[0]: The deck has 29 cards",
        ),
        ({"draft": {"pool": ["agumon"] * 60}}, "setup: draft.pool: expected 60 unique card ids"),
        ({"draft": {"size": 3}}, "setup: draft: expected a mapping"),
        (
            board([player(["greymon"]), player(["agumon"])]),
            "setup.board.players[0].duel_zone: expected a list of Digimon with a Rookie",
        ),
        (
            board([player(["agumon"], digivolve_zone="metalgreymon"), player(["agumon"])]),
            "digivolve_zone.digivice: MetalGreymon needs a Digivice",
        ),
        (board([player(["agumon"], power_port=["greymon"]), player(["agumon"])]), "power_port: expected Power Options"),
        (
            board([player(["agumon"], hand=["koromon"]), player(["agumon"])]),
            "setup.board.players[0].hand[0]: unknown card 'koromon'",
        ),
        (
            board([player(["agumon"]), player(["agumon"])], "setup"),
            "setup.board.phase: expected one of digivolve, battle, re-group",
        ),
        (board([player(["agumon"]), player(["agumon"])], first=2), "setup.board.first: expected 0 or 1"),
        ({"players": []}, "setup: setup: expected 'decks"),
    ],
)
def test_a_bad_setup_is_one_line_naming_the_field(setup, field):
    with pytest.raises(InputError) as error:
        new_state(setup)
    assert field in str(error.value) and "\n" not in str(error.value)

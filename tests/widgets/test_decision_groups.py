"""The decision panel you can scan (issue 24.4): ★ first, grouped by kind,
identical copies folded, every option numbered.

The games' rules behind the boards: dcg:main-phase (play, digivolve, attack in any order), dcg:attacking.p2 ("target
one of your opponent's suspended Digimon"), dbe's Side Pile ("put cards face down ... until the deck holds 40").
"""

from __future__ import annotations

import html
import re

import pytest

from digitutor.core.registry import GAME_MODULES, get_game
from digitutor.widgets.model import MatchSpec, TutorModel
from digitutor.widgets.options import KIND_GROUPS, PASS_KINDS, entries, group_of, numbered_keys
from digitutor.widgets.tutor import Tutor

#: a DCG main phase: three Agumon and two Tai Kamiya in hand; Player 2 has two suspended Gabumon and one unsuspended
MAIN = {
    "board": {
        "phase": "main",
        "active": 0,
        "first": 0,
        "turn": 3,
        "memory": 5,
        "players": [
            {
                "hand": ["st1-03", "st1-03", "st1-03", "st1-09", "st1-09", "st1-06", "st1-12", "st1-12", "st1-07"],
                "battle": ["st1-07", "st1-06"],
                "deck": ["st1-02"] * 5,
                "security": ["st1-03"] * 3,
            },
            {
                "battle": [
                    {"stack": ["st2-03"], "suspended": True},
                    {"stack": ["st2-03"], "suspended": True},
                    "st2-03",
                ],
                "deck": ["st2-02"] * 5,
                "security": ["st2-03"] * 3,
                "egg_deck": ["st2-01"],
            },
        ],
    }
}


def buttons(tutor: Tutor) -> list[tuple[int, str]]:
    """(number, words) of every legal option button, in the order the panel shows them."""
    found = re.findall(
        r'<button[^>]*class="[^"]*dt-option(?! dt-option-illegal)[^"]*"[^>]*data-option="(\d+)"[^>]*>(.*?)</button>',
        tutor.decision.value,
    )
    return [(int(number), words_of(inner)) for number, inner in found]


def words_of(inner: str) -> str:
    """A button's words, the spans a small presenter screen hides (its details) included."""
    return html.unescape(re.sub(r"<[^>]+>", "", inner))


def whole_label(name: str) -> str:
    """The option's whole label in a button's accessible name: "12. Seadramon: Put Seadramon in the Side Pile" (the
    shown words first, as screen readers need), or "1. ★ Play Agumon" for a button that shows it all."""
    return name.split(": ", 1)[1] if ": " in name else name.split(". ", 1)[1].removeprefix("★ ")


def accessible_names(tutor: Tutor) -> list[str]:
    """What a screen reader says for each legal option button: its aria-label, else its words."""
    found = re.findall(
        r'<button[^>]*class="[^"]*dt-option(?! dt-option-illegal)[^"]*"([^>]*)>(.*?)</button>', tutor.decision.value
    )
    return [
        html.unescape(m.group(1)) if (m := re.search(r'aria-label="([^"]*)"', attrs)) else words_of(inner)
        for attrs, inner in found
    ]


def main_phase(script: tuple[str, ...] = ()) -> Tutor:
    tutor = Tutor(TutorModel(MatchSpec("dcg", 1, MAIN, ("human", "human"), viewpoint="all", script=script)))
    for _ in range(10):
        if tutor.model.pending() is not None:
            return tutor
        tutor.model.next()
    raise AssertionError("no main-phase decision")


def side_pile() -> Tutor:
    """The DBE guided game at its first Side Pile decision (19 cards to choose from, the coach's ★ among them)."""
    tutor = Tutor.for_lesson("dbe")
    model = tutor.model
    for _ in range(60):
        decision = model.pending()
        if decision is not None and decision.kind == "side-pile":
            return tutor
        if decision is not None:
            model.choose(model.suggestion() or decision.legal_options[0].key)
        else:
            model.next()
    raise AssertionError("no Side Pile decision in the DBE guided game")


def test_identical_copies_in_the_hand_fold_into_one_option():
    tutor = main_phase()
    shown = dict(buttons(tutor))
    agumon = [words for words in shown.values() if "Play Agumon" in words]
    assert agumon == ["1. Play Agumon (Lv.3, red, 2000 DP) (cost 3) — 3 copies"]
    assert sum("Play Tai Kamiya" in words for words in shown.values()) == 1
    assert any("Tai Kamiya" in words and "2 copies" in words for words in shown.values())


def test_choosing_a_folded_option_plays_the_first_copy_offered():
    tutor = main_phase()
    model = tutor.model
    first = next(o for o in model.pending().legal_options if o.label.startswith("Play Agumon"))
    model.choose_number(1)
    assert not model.error
    assert model.match.decisions[-1].answer == first.key


def test_two_digimon_in_play_with_one_name_are_never_folded():
    """Each Gabumon in play is its own target (its own stack, its own state): two options, two rows."""
    tutor = main_phase()
    attacks = [o for o in tutor.model.pending().legal_options if o.label == "Attack Gabumon with Greymon"]
    assert len(attacks) == 2, "the board gives two suspended Gabumon to attack"
    shown = [words for _, words in buttons(tutor) if words.endswith("Attack Gabumon with Greymon")]
    assert len(shown) == 2


def test_options_are_grouped_by_kind_with_readable_titles():
    tutor = main_phase()
    value = tutor.decision.value
    titles = re.findall(r'<div class="dt-group-title">([^<]*)</div>', value.split("Tempting")[0])
    assert titles == ["Play a card", "Digivolve", "Attack", "Pass or decline"]
    groups = re.findall(r'data-group="([^"]+)"', value.split("Tempting")[0])
    assert groups == ["play", "digivolve", "attack", "pass"]


def test_every_option_is_numbered_and_the_numbers_choose_what_they_show():
    tutor = main_phase()
    model = tutor.model
    shown = buttons(tutor)
    assert [number for number, _ in shown] == list(range(1, len(shown) + 1)) and len(shown) >= 10
    assert all(words.startswith(f"{number}. ") for number, words in shown)
    last, words = shown[-1]
    assert "type both digits" in tutor.decision.value
    model.choose_number(last)
    assert not model.error
    assert model.match.decisions[-1].answer == "pass" and words.startswith(f"{last}. Pass the turn")


def test_the_suggestion_comes_first_and_marked_in_the_side_pile():
    tutor = side_pile()
    model = tutor.model
    decision, suggested = model.pending(), model.suggestion()
    assert len(decision.legal_options) >= 10 and suggested is not None
    shown = buttons(tutor)
    assert shown[0][1].startswith("1. ★ ")
    star = re.search(r'<button[^>]*dt-option-suggested[^>]*data-option="(\d+)"', tutor.decision.value)
    assert star and star.group(1) == "1"
    assert tutor.decision.value.count("dt-option-suggested") == 1
    label = next(o.label for o in decision.legal_options if o.key == suggested)
    assert shown[0][1] == f"1. ★ {label}"
    assert max(number for number, _ in shown) == len(shown) > 9, "options past the 9th have a number too"
    model.choose_number(1)
    assert model.match.decisions[-1].answer == suggested


def test_the_number_keys_reach_an_option_past_the_ninth():
    tutor = side_pile()
    if tutor.key_listener is None:
        pytest.skip("anywidget is not installed")
    model = tutor.model
    decision = model.pending()
    twelfth = whole_label(accessible_names(tutor)[11])
    for handler in tutor.key_listener._msg_callbacks.callbacks:
        handler(tutor.key_listener, {"action": "option", "number": 12}, [])
    assert decision.option(model.match.decisions[-1].answer).label == twelfth


def test_a_past_decision_outlines_the_folded_entry_it_took():
    tutor = main_phase()
    model = tutor.model
    model.choose_number(1)
    model.jump(len(model.match.steps) - 2)
    value = tutor.decision.value
    taken = re.search(r"<button[^>]*dt-option-taken[^>]*>(.*?)</button>", value)
    assert taken and "Play Agumon" in words_of(taken.group(1)) and "3 copies" in taken.group(1)


def test_illegal_rows_stay_with_every_reason():
    tutor = main_phase()
    illegal = [o for o in tutor.model.pending().options if not o.legal]
    count, tempting = tutor.detail.contents["whynot"]  # the why-not list is in the detail place (docs/layout.md)
    assert illegal and count == len(illegal) and tempting.count('<div class="dt-illegal-row">') == len(illegal)
    assert "dt-option-illegal" not in tutor.decision.value, "the decision place lists the legal options only"
    assert 'data-group="attack"' in tempting and "Attack Gabumon with Greymon" in tempting
    assert tempting.count('class="dt-reason"') == sum(len(o.reasons) for o in illegal)


@pytest.mark.parametrize("game", list(GAME_MODULES))
def test_every_action_kind_has_a_group(game):
    for kind in get_game(game).actions:
        assert kind in KIND_GROUPS[game] or kind in PASS_KINDS or kind.startswith("no-"), f"{game}: {kind} has no group"
        assert group_of(game, kind) in {
            "setup",
            "breeding",
            "play",
            "digivolve",
            "attack",
            "block",
            "effect",
            "card",
            "pass",
        }


def test_numbered_keys_without_a_board_keep_every_option():
    tutor = main_phase()
    decision = tutor.model.pending()
    assert sorted(numbered_keys(decision)) == sorted(o.key for o in decision.legal_options)
    assert len(entries(decision, None, tutor.model.game, tutor.model.state())) < len(decision.legal_options)


def test_a_long_group_whose_options_share_their_words_says_them_once():
    """dbe:pre-game-setup.3: eighteen "Put <card> in the Side Pile" buttons are one group titled with the shared
    words; each button names its card (and keeps its number), its accessible name and tooltip the whole option."""
    tutor = side_pile()
    decision, value = tutor.model.pending(), tutor.decision.value
    assert '<div class="dt-group-title dt-group-shared">Put … in the Side Pile</div>' in value
    shown, names = buttons(tutor), accessible_names(tutor)
    labels = {o.label for o in decision.legal_options}
    assert all(whole_label(name) in labels for name in names)
    for (number, words), name in list(zip(shown, names, strict=False))[1:]:
        card = whole_label(name).removeprefix("Put ").removesuffix(" in the Side Pile")
        assert name == f"{number}. {card}: Put {card} in the Side Pile" and words == f"{number}. {card}"


def test_groups_sharing_only_a_verb_keep_their_whole_labels():
    """dcg:main-phase: "Attack the opponent with Greymon" and "Attack Gabumon with Greymon" share only "Attack"."""
    value = main_phase().decision.value
    assert "dt-group-shared" not in value and 'aria-label="1. ' not in value


def test_a_long_labels_details_can_be_hidden_on_a_small_presenter_screen_but_never_a_cost_or_power() -> None:
    """Issue 24, item 6: every option on screen at 1024x768 — a long label's
    details fold away (its tooltip keeps them)."""
    from digitutor.widgets.decision import detail_html

    hidden = '<span class="dt-option-detail">'
    assert (
        detail_html("Play Biyomon (Lv.3, red, 3000 DP) (cost 2)")
        == f"Play Biyomon{hidden} (Lv.3, red, 3000 DP)</span> (cost 2)"
    )
    assert detail_html("Play Weakening Wave: -100 to the opposing Digimon's power.").startswith(
        f"Play Weakening Wave{hidden}: -100"
    )
    assert hidden in detail_html("Pass the turn (memory goes to 3 on your opponent's side)")
    for whole in (
        "Attack with MetalGreymon + Agunimon (power 9)",
        "Digivolve Koromon into Agumon (cost 0)",
        "Keep the 9 card(s) in hand and restore it to 10",
        "✕ Cross (200, 1st-attack)",
    ):
        assert hidden not in detail_html(whole), whole


def test_a_past_decision_says_a_new_answer_asks_first() -> None:
    """Issue 24, item 1: a committed answer is never rewritten by a click on a
    past step; the panel says a click asks."""
    tutor = main_phase()
    model = tutor.model
    model.choose_number(1)
    model.jump(len(model.match.steps) - 2)
    assert "decided here" in tutor.decision.value and "asks first (“Rewrite from here?”)" in tutor.decision.value

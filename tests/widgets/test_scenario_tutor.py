"""A scenario in the Tutor: every seat a person, Next following the scenario's script."""

from __future__ import annotations

from pathlib import Path

import yaml

from digitutor.widgets.tutor import Tutor

SCENARIO = {
    "game": "dtector",
    "title": "Spirit beats all other battle types",
    "demonstrates": ["dtector:battle-call-command-phase.p1"],
    "explains": "A Spirit wins any Battle Call against another type.",
    "seed": 1,
    "setup": {
        "board": {
            "phase": "battle-call",
            "players": [
                {"hand": ["agunimon"], "deck": ["agumon"] * 5},
                {"hand": ["garurumon"], "deck": ["gabumon"] * 5},
            ],
        }
    },
    "script": ["place:agunimon", "place:garurumon"],
    "expect": {"narration": ["Spirit beats all"]},
}


def test_next_plays_a_scenario_through_its_script(tmp_path: Path):
    path = tmp_path / "spirit.yaml"
    path.write_text(yaml.safe_dump(SCENARIO), encoding="utf-8")
    tutor = Tutor.for_scenario(str(path))
    model = tutor.model
    assert model.viewer() is None, "a ruling shows the whole board"
    model.run_to_my_decision()
    assert not model.error
    assert any("Spirit beats all" in step.narration for step in model.match.steps)
    answers = [model.match.game.alias(model.match.state, d.answer) for d in model.match.decisions]
    assert answers[:2] == ["place:agunimon", "place:garurumon"]


def test_the_rulings_library_shows_every_reason_for_a_move_no_button_offers():
    """dtector:digivolve-phase.p1 — digivolving "at this time" (the Digivolve Phase), asked in the Battle Call."""
    from digitutor.scenarios.model import find_scenario
    from digitutor.widgets.rulings import scenario_html

    shown = scenario_html(find_scenario("dtector/15-why-not-digivolve-in-the-battle-call"))
    assert "Digivolve Agumon to MetalGreymon now?" in shown
    assert shown.count('class="dt-reason"') == 4  # one reason for Greymon, three for MetalGreymon
    assert (
        "Digivolving happens in the Digivolve Phase" in shown and "digivolve it to a higher level at this time" in shown
    )


def test_the_judges_view_names_a_card_the_rules_show_to_everyone():
    """Issue 22: in the rulings library (the judge's view, every card shown) a card returned from the battle area to
    its owner's hand is named in the rule panel and the timeline, never "a card Player 2 keeps hidden"."""
    scenario = (
        Path(__file__).resolve().parents[2]
        / "cards"
        / "dcg"
        / "scenarios"
        / "91-an-attacker-returned-to-the-hand-ends-the-attack.yaml"
    )
    tutor = Tutor.for_scenario(str(scenario))
    model = tutor.model
    model.run_to_my_decision()
    returned = [
        i for i, step in enumerate(model.match.steps) if "Greymon to Player 1's hand" in step.narration_for(None)
    ]
    assert returned, "the scenario returns Greymon to Player 1's hand"
    model.jump(returned[0])
    shown = tutor.rule.value + tutor.timeline.rows.value
    assert "keeps hidden" not in shown
    assert "Greymon to Player 1&#x27;s hand" in tutor.rule.value or "Greymon to Player 1's hand" in tutor.rule.value


def test_the_rule_panel_and_timeline_narrate_from_the_viewers_side():
    """A step whose card only some may see: the judge's view (None) and that
    seat read its name, the other seat does not."""
    from digitutor.core.records import Step
    from digitutor.rules.citations import cite
    from digitutor.widgets.citation import step_html

    step = Step(
        1,
        0,
        "main",
        "Player 1 adds a card to their hand.",
        (cite("dcg:digivolving.p5"),),
        views=((None, "Player 1 adds Agumon to their hand."), (0, "Player 1 adds Agumon to their hand.")),
    )
    players = {0: "Player 1", 1: "Player 2"}
    assert "Agumon" in step_html(3, step, players, "Main Phase", None)
    assert "Agumon" in step_html(3, step, players, "Main Phase", 0)
    assert "Agumon" not in step_html(3, step, players, "Main Phase", 1)

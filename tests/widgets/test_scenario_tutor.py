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
    "setup": {"board": {"phase": "battle-call", "players": [
        {"hand": ["agunimon"], "deck": ["agumon"] * 5},
        {"hand": ["garurumon"], "deck": ["gabumon"] * 5},
    ]}},
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
    assert "Digivolving happens in the Digivolve Phase" in shown and "digivolve it to a higher level at this time" in shown

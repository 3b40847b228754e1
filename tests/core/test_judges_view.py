"""The judge's view names every card (issue 24.7); a seat still reads only what it may see.

D-Tector: "each player places one Digimon from their hand face down" — the judge (the rulings library's
view, the trace ``--viewer all``) reads which one; each seat reads "a Digimon" until the reveal.
"""

from __future__ import annotations

import pytest

from digitutor.core.match import Match
from digitutor.core.records import Event, Step, judges_view
from digitutor.core.registry import GAME_MODULES
from digitutor.rules.citations import cite


def face_down_step() -> Step:
    return Step(
        1,
        0,
        "battle-call",
        "Player 1 places a Digimon face down.",
        (cite("dtector:battle-call-command-phase.p1"),),
        (Event("face-down", 0, ("p0.c3",), ("Garurumon",), visible_to=(0,)),),
    )


def test_the_judge_reads_the_face_down_card_and_who_may_see_it():
    told = face_down_step().narration_for(None)
    assert told == "Player 1 places a Digimon face down. Judge's view: Garurumon (only Player 1 sees it)."


def test_each_seat_reads_the_narration_it_read_before():
    step = face_down_step()
    assert step.narration_for(0) == step.narration_for(1) == "Player 1 places a Digimon face down."


def test_a_card_nobody_sees_and_a_step_that_hides_nothing():
    blind = Event("blind-support", 0, ("p0.c9",), ("Agumon",), visible_to=())
    assert judges_view([blind]) == " Judge's view: Agumon (no player sees it)."
    public = Event("to-trash", 0, ("p0.c9",), ("Agumon",))
    assert judges_view([public]) == ""


def test_a_narration_written_for_the_judge_comes_first():
    step = Step(
        1,
        0,
        "main",
        "Player 1 adds a card to their hand.",
        (cite("dcg:digivolving.p5"),),
        (Event("effect-move", 0, ("p0.c3",), ("Agumon",), visible_to=(0,)),),
        views=((None, "Player 1 adds Agumon to their hand."),),
    )
    assert step.narration_for(None) == "Player 1 adds Agumon to their hand."


@pytest.mark.parametrize("game", list(GAME_MODULES))
def test_every_card_a_step_hides_is_named_in_the_judges_view(game):
    match = Match(game, 1)
    match.run()
    for index, step in enumerate(match.steps):
        told = step.narration_for(None)
        for event in step.events:
            if event.visible_to is not None:
                missing = [name for name in event.names if name not in told]
                assert not missing, f"step {index}: {told!r} does not name {missing}"

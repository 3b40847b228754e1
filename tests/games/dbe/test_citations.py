"""Which clauses a DBE step cites (issue 22): the clause that makes the step happen first, the others only when
what they say applies; a word's definition is linked in the step's glossary. Each test names the clause it checks;
the boards are small scenarios (the scenario format), run through the engine.
"""

from __future__ import annotations

from scenario_steps import first, ids, run


def test_dbe_support_phase_5_1_void_timings_open_a_step_only_when_a_support_is_voided():
    """5.1: "Void" timings are checked before all other effects. A blind Support that turns face up voids nothing:
    the step is the start of resolving (step 5), and the Void timing is not quoted."""
    steps = run(
        "dbe",
        [{"active": ["agumon"], "deck": ["gomamon"] * 5}, {"active": ["gabumon"], "deck": ["biyomon"] * 5}],
        ["attack:choice=circle", "attack:choice=circle", "no-support", "blind"],
    )
    flipped = first(steps, "blind Support is")
    assert ids(flipped)[0] == "dbe:support-phase.5"
    assert "dbe:support-phase.5.1" not in ids(flipped)

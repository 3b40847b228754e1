"""Which clauses a DMB step cites (issue 22): the clause that makes the step happen first, the others only when
what they say applies; a word's definition is linked in the step's glossary. Each test names the clause it checks;
the boards are small scenarios (the scenario format), run through the engine.
"""

from __future__ import annotations

from scenario_steps import first, ids, run

DECK = ["palmon"] * 5


def test_dmb_support_phase_5_1_a_void_opens_the_step_that_voids():
    steps = run(
        "dmb",
        [
            {"active": ["agumon"], "deck": DECK, "hand": ["null-field"]},
            {"active": ["gabumon"], "deck": DECK, "hand": ["power-charge"]},
        ],
        ["attack:choice=circle", "attack:choice=circle", "support:power-charge", "support:null-field"],
    )
    voids = first(steps, "voids Player 2's Support")
    assert ids(voids)[0] == "dmb:support-phase.5.1"
    assert "dmb:glossary.void" in [c.id for c in voids.glossary]  # what "Void" means: a word the step uses


def test_dmb_end_phase_3_governs_only_when_a_lingering_effect_ends_and_boost_is_linked_as_lingering():
    """End Phase 3: "Remove ALL 'lingering' effects, such as Power boosting." Boost: "increase your *current* Power
    (as a lingering effect)". With no Support played and no lingering effect, step 3 has nothing to remove."""
    boosted = run(
        "dmb",
        [{"active": ["agumon"], "deck": DECK, "hand": ["power-charge"]}, {"active": ["gabumon"], "deck": DECK}],
        ["attack:choice=circle", "attack:choice=circle", "no-support", "support:power-charge"],
    )
    end = first(boosted, "The turn passes")
    assert ids(end)[0] == "dmb:end-phase.3"
    assert "dmb:end-phase.4" in ids(end) and "dmb:end-phase.5" in ids(end)  # Supports discarded; the turn passes
    assert "dmb:glossary.boost" in [c.id for c in end.glossary]
    assert len(ids(end)) <= 4
    plain = run(
        "dmb",
        [{"active": ["agumon"], "deck": DECK}, {"active": ["gabumon"], "deck": DECK}],
        ["attack:choice=triangle", "attack:choice=triangle", "no-support", "no-support"],
    )
    end = first(plain, "The turn passes")
    assert "dmb:end-phase.3" not in ids(end)
    assert ids(end)[0] == "dmb:end-phase.4"  # the chosen attacks reset


def test_dmb_end_phase_3_2_current_hp_is_carried_over():
    """End Phase 3.2: "Current HP is always carried over": a Digimon hit this
    turn keeps its HP, and the step says so."""
    steps = run(
        "dmb",
        [{"active": ["agumon"], "deck": DECK}, {"active": ["gabumon"], "deck": DECK}],
        ["attack:choice=circle", "attack:choice=triangle", "no-support", "no-support"],
    )
    end = first(steps, "The turn passes")
    assert "dmb:end-phase.3.2" in ids(end)
    assert "keeps its 30 HP" in end.narration  # Gabumon 60 - Agumon's Circle 30


def test_dmb_battle_phase_3_1_priority_only_when_both_attacks_bring_abilities():
    """3.1: "If there is any timing conflict at this point, the turn player begins with priority": with one side's
    ability alone there is no conflict."""
    steps = run(
        "dmb",
        [{"active": ["agumon"], "deck": DECK}, {"active": ["gabumon"], "deck": DECK}],
        ["attack:choice=cross", "attack:choice=circle", "no-support", "no-support"],
    )
    applied = first(steps, "Attack abilities apply")
    assert "dmb:battle-phase.3.1" not in ids(applied)
    assert ids(applied)[0] == "dmb:battle-phase.3"

"""What a DBE evolution step cites for the requirements that let it happen (issue 25): each method's "This uses the 1
act of evolving per turn", the DP requirement met by DP, the requirements an Evolution card kept, the evo-box that
replaced type and level, the evo-bonuses it may activate; and the FAQ headings a step links under Words used. Each test
names the clause it checks; the boards are small scenarios (the scenario format), run through the engine.
"""

from __future__ import annotations

from digitutor.core.records import Step
from digitutor.scenarios.model import parse_scenario
from digitutor.scenarios.runner import run_scenario

OPPONENT = {"active": ["gabumon"], "deck": ["palmon"] * 5}


def run(players: list[dict], script: list[str], phase: str = "evolution") -> list[Step]:
    """The steps of a turn-3 board of Player 1 at ``phase``, played with ``script`` (its expectations are empty)."""
    doc = {
        "game": "dbe",
        "title": "evolution citations",
        "demonstrates": [],
        "script": script,
        "setup": {"board": {"phase": phase, "active": 0, "turn": 3, "players": players}},
    }
    done = run_scenario(parse_scenario(doc, "<test>"))
    assert not done.failures, done.failures
    return done.match.steps


def evolves(steps: list[Step]) -> Step:
    return next(s for s in steps if " evolves " in s.narration)


def ids(step: Step) -> list[str]:
    return [c.id for c in step.citations]


def words(step: Step) -> list[str]:
    return [c.id for c in step.glossary]


def test_dbe_evolution_5_3_8_1_evolving_by_dp_uses_the_turns_evolution():
    """5.3.8.1: placing the Future "uses the 1 act of evolving per turn". Agumon with 20 DP evolves by DP to Greymon
    (20 DP)."""
    step = evolves(
        run(
            [{"active": ["agumon"], "dp": ["gomamon"], "hand": ["greymon"], "deck": ["gomamon"] * 3}, OPPONENT],
            ["no-rack", "evolve:greymon"],
        )
    )
    assert ids(step)[0] == "dbe:evolution-phase.5.3"
    assert {"dbe:evolution-phase.5.3.8", "dbe:evolution-phase.5.3.8.1"} <= set(ids(step))
    assert "dbe:evolution-phase.5.1.8.1" not in ids(step)  # the by-card method's words are not this method's


def test_dbe_evolution_5_1_2_4_an_evolution_cards_future_named_in_its_evo_box_ignores_type_not_dp():
    """5.1.2.4: "if the future contains the previous Digimon's name in its evo-box, ignore type and level but not DP";
    5.1.8.1: the evolution "uses the 1 act of evolving per turn". Birdramon (Wind, Dragon) shares no type with
    MetalSeadramon (Marine, Metal), whose evo-box says "-dramon"; Evo Booster ignores nothing."""
    step = evolves(
        run(
            [
                {
                    "active": ["biyomon", "birdramon"],
                    "dp": ["gomamon", "agumon"],
                    "hand": ["metalseadramon", "evo-booster"],
                    "deck": ["gomamon"] * 3,
                },
                OPPONENT,
            ],
            ["no-rack", "evolve-with:evo-booster:metalseadramon"],
        )
    )
    assert ids(step)[0] == "dbe:evolution-phase.5.1"
    assert {"dbe:evolution-phase.5.1.2.4", "dbe:evolution-phase.5.1.2.5", "dbe:evolution-phase.5.1.8.1"} <= set(
        ids(step)
    )
    assert "dbe:evolution-phase.5.1.2.3" not in ids(step)  # the type requirement was ignored, not met


def test_dbe_evolution_p3_do_not_use_with_level_is_linked_as_words_the_card_uses():
    """p3: "Some Evolve cards have "Do not use with <Level>"". Free Growth ("Ignore DP. Do not use with Level M.")
    evolves Agumon to Tyrannomon; the step links p3 under "Words used" and uses the turn's evolution (5.1.8.1)."""
    step = evolves(
        run(
            [{"active": ["agumon"], "hand": ["tyrannomon", "free-growth"], "deck": ["gomamon"] * 3}, OPPONENT],
            ["no-rack", "evolve-with:free-growth:tyrannomon"],
        )
    )
    assert "dbe:evolution-phase.5.1.8.1" in ids(step)
    assert "dbe:evolution-phase.p3" in words(step)


def test_dbe_evolution_5_1_7_an_evolution_cards_future_with_several_bonuses_that_qualify():
    """5.1.7: "If the cost is achieved (greater or equal DP after all reductions) ..., may activate any non-permanent
    evo-bonuses on the future that qualify based on name". Digi-Discount's DP -10 makes Garudamon's 30 DP cost 20;
    its evo-box names Birdramon, and its two bonuses trigger at once."""
    step = evolves(
        run(
            [
                {
                    "active": ["biyomon", "birdramon"],
                    "dp": ["gomamon"],
                    "hand": ["garudamon", "digi-discount"],
                    "deck": ["gomamon"] * 3,
                },
                OPPONENT,
            ],
            ["no-rack", "evolve-with:digi-discount:garudamon"],
        )
    )
    assert {"dbe:evolution-phase.5.1.5", "dbe:evolution-phase.5.1.7", "dbe:evolution-phase.5.1.8.1"} <= set(ids(step))


def test_dbe_evolution_5_2_6_1_dna_uses_the_turns_evolution():
    """5.2.6.1: evolving by DNA "uses the 1 act of evolving per turn". ExVeemon and Stingmon DNA to Paildramon."""
    step = evolves(
        run(
            [
                {
                    "active": ["veemon", "exveemon"],
                    "dp": ["gomamon"],
                    "hand": ["paildramon", "stingmon"],
                    "deck": ["gomamon"] * 3,
                },
                OPPONENT,
            ],
            ["no-rack", "dna:paildramon:stingmon"],
        )
    )
    assert ids(step)[0] == "dbe:evolution-phase.5.2"
    assert "dbe:evolution-phase.5.2.6.1" in ids(step)
    assert "dbe:evolution-phase.5.3.8.1" not in ids(step)


def test_dbe_faq_data_timing_is_linked_where_a_data_card_is_used_at_any_phase():
    """DATA timing "counts as three other use cases", one of them "Any Phase for use as normal" (b3): the Any Phase step
    of a DATA card quotes b3 and links the FAQ's heading under Words used."""
    steps = run(
        [{"active": ["agumon"], "hand": ["ulforcevdramon-data", "gomamon"], "deck": ["gomamon"] * 3}, OPPONENT],
        ["any-phase:ulforcevdramon-data"],
    )
    used = next(s for s in steps if "at Any Phase" in s.narration and "UlforceVdramon DATA" in s.narration)
    assert "dbe:rules-faq.data-timing.b3" in ids(used)
    assert "dbe:rules-faq.data-timing" in words(used)


def test_dbe_faq_counter_specifics_is_linked_where_a_counter_sets_power_to_0_and_2nd_attack():
    """The FAQ's Counter specifics: "When your attack is Counter, your Power is always 0 ... Counter gives 2nd Attack".
    Gabumon's Cross has "Counter Circle": the attack abilities step cites the Counter ability and links the FAQ."""
    steps = run(
        [{"active": ["agumon"], "deck": ["gomamon"] * 5}, {"active": ["gabumon"], "deck": ["palmon"] * 5}],
        ["attack:choice=circle", "attack:choice=cross", "no-support", "no-support"],
        phase="strategy",
    )
    applied = next(s for s in steps if s.narration.startswith("Attack abilities apply"))
    assert "dbe:attack-abilities.counter" in ids(applied)
    assert "dbe:rules-faq.counter-specifics" in words(applied)

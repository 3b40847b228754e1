"""Which clauses a DBE step cites (issue 22): the clause that makes the step happen first, the others only when
what they say applies; a word's definition is linked in the step's glossary. Each test names the clause it checks;
the boards are small scenarios (the scenario format), run through the engine.
"""

from __future__ import annotations

from digitutor.core.records import Step
from digitutor.scenarios.model import parse_scenario
from digitutor.scenarios.runner import run_scenario


def run(game: str, players: list[dict], script: list[str], active: int = 0) -> list[Step]:
    doc = {"game": game, "title": "citations", "demonstrates": [], "script": script,
           "setup": {"board": {"phase": "strategy", "active": active, "turn": 3, "players": players}}}
    done = run_scenario(parse_scenario(doc, "<test>"))
    assert not done.failures, done.failures
    return done.match.steps


def ids(step: Step) -> list[str]:
    return [c.id for c in step.citations]


def first(steps: list[Step], words: str) -> Step:
    return next(s for s in steps if words in s.narration)


def test_dbe_support_phase_5_1_void_timings_open_a_step_only_when_a_support_is_voided():
    """5.1: "Void" timings are checked before all other effects. A blind Support that turns face up voids nothing:
    the step is the start of resolving (step 5), and the Void timing is not quoted."""
    steps = run("dbe", [{"active": ["agumon"], "deck": ["gomamon"] * 5}, {"active": ["gabumon"], "deck": ["biyomon"] * 5}],
                ["attack:choice=circle", "attack:choice=circle", "no-support", "blind"])
    flipped = first(steps, "blind Support is")
    assert ids(flipped)[0] == "dbe:support-phase.5"
    assert "dbe:support-phase.5.1" not in ids(flipped)

"""A forged answer in a shared position (issue 23): refused in one line naming the answer and the reason,
the game on screen untouched and still playable — never an impossible board, never a crash clicks later."""

from __future__ import annotations

from digitutor.widgets.apps import FREE, LearnApp
from digitutor.widgets.position import position_link


def _at(app: LearnApp, kind: str) -> None:
    """Play on (the learner's seat taking the first legal option) until the learner must make a ``kind`` decision."""
    model = app.tutor.model
    for _ in range(400):
        model.run_to_my_decision()
        decision = model.pending()
        assert decision is not None, f"the game ended before a {kind} decision"
        if decision.kind == kind:
            return
        model.choose(decision.legal_options[0].key)
    raise AssertionError(f"no {kind} decision")


def test_a_link_with_a_forged_attack_is_refused_and_the_game_goes_on():
    """dmb:strategy-phase.2: the attack chosen is one of the active Digimon's three."""
    app = LearnApp("dmb")
    app.mode.value = FREE
    _at(app, "strategy")
    model = app.tutor.model
    doc = app.tutor.position()
    forged = dict(doc.match)
    forged["decisions"] = [
        *doc.match["decisions"],
        {
            "step": len(model.match.steps),
            "player": model.pending().player,
            "decision": "strategy",
            "answer": "attack:choice=-1",
            "by": "human",
        },
    ]
    forged["steps"] = len(model.match.steps) + 1
    link = position_link(type(doc)(doc.app, doc.mode, forged, doc.step, doc.options))

    other = LearnApp("dmb")
    other.mode.value = FREE
    _at(other, "strategy")
    before = [step.narration for step in other.tutor.model.match.steps]
    other.tutor.restore(link, "link")
    error = other.tutor.model.error
    assert "attack:choice=-1" in error and "dmb:strategy-phase.2" in error and "\n" not in error
    assert [step.narration for step in other.tutor.model.match.steps] == before, "the game on screen is untouched"
    other.tutor.model.choose("attack:choice=cross")  # and still playable
    other.tutor.model.run_to_my_decision()
    assert len(other.tutor.model.match.steps) > len(before)

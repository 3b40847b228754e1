"""A shared link with a forged answer (issue 23), in the real app: refused in one line naming the answer and the
rule, the game on screen still playable — never an impossible board, never a crash clicks later."""

from __future__ import annotations

from urllib.parse import quote

from drive import act, text, wait_ready
from playwright.sync_api import Page, expect

from digitutor.widgets.apps import FREE, LearnApp
from digitutor.widgets.position import Position, position_link

LEARN = "/voila/render/learn_dmb.ipynb"


def forged_link(answer: str) -> str:
    """A free-play DMB position one step past the first secret attack, that step answered with ``answer``."""
    app = LearnApp("dmb")
    app.mode.value = FREE
    model = app.tutor.model
    for _ in range(400):
        model.run_to_my_decision()
        decision = model.pending()
        assert decision is not None
        if decision.kind == "strategy":
            break
        model.choose(decision.legal_options[0].key)
    doc = app.tutor.position()
    match = dict(doc.match)
    match["decisions"] = [
        *doc.match["decisions"],
        {
            "step": len(model.match.steps),
            "player": decision.player,
            "decision": "strategy",
            "answer": answer,
            "by": "human",
        },
    ]
    match["steps"] = len(model.match.steps) + 1
    return position_link(Position(doc.app, doc.mode, match, doc.step, doc.options))


def test_a_forged_attack_in_a_link_is_one_line_and_the_game_goes_on(app: Page) -> None:
    link = forged_link("attack:choice=-1")
    app.goto(f"{LEARN}?position={quote(link)}")
    root = wait_ready(app)
    error = root.locator(".dt-error").first
    expect(error).to_be_visible(timeout=30_000)
    said = error.inner_text()
    assert "attack:choice=-1" in said and "\n" not in said.strip() and "Traceback" not in said
    before = text(root, ".dt-status")
    for _ in range(3):
        act(root)
    assert text(root, ".dt-status") != before, "the game on screen goes on"
    expect(root.locator(".dt-error").filter(has_text="Something went wrong")).to_have_count(0)

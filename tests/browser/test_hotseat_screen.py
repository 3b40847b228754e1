"""Hot-seat that keeps secrets (issue 24, item 1), in the real Learn app for Digimon Battles.

dmb:strategy-phase: both players choose Circle, Triangle or Cross in secret; the choices are revealed
together. Two people at one screen: Player 1 plays, the screen is handed over, Player 2 chooses an attack
in secret, the screen is handed over again — and one press of ◀ Back must not show Player 2's choice,
nor let a click on the past step replace it.
"""

from __future__ import annotations

import os
import re

from drive import act, text, wait_ready
from playwright.sync_api import Locator, Page, expect

LEARN = "/voila/render/learn_dmb.ipynb"
HOT_SEAT = "Hot-seat (two people)"
SECRET_PROMPT = "choose your attack in secret"
#: with seed 1 and the first legal answer everywhere, Player 2 chooses first in turn 2's Strategy Phase (step 47)
P2_CHOICE = "△ Triangle (20)"
REVEALED = "Player 2's Palmon uses △ Triangle"
SHOTS = os.environ.get("DIGITUTOR_SHOTS", "")


def shot(page: Page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"hotseat-{name}.png"), full_page=True)


def handover(root: Locator) -> Locator:
    return root.locator(".dt-handover")


def pass_screen(root: Locator, to: str, by_key: bool = False, name: str = "") -> None:
    """The hand-over screen is up for ``to``: nothing of either side is on the page; then ``to`` is ready."""
    screen = handover(root)
    expect(screen).to_contain_text(f"Pass to {to} — press when ready")
    expect(root.locator(".dt-board")).to_be_hidden()
    expect(root.locator(".dt-decision")).to_be_hidden()
    assert not root.locator(".dt-option").count() and not root.locator(".dt-tl-row").count()
    assert not root.locator(".dt-card").count(), "no card of either side"
    if name:
        shot(root.page, name)
    if by_key:
        ready = screen.locator("button.dt-handover-ready")
        expect(ready).to_be_focused()
        root.page.keyboard.press("Enter")
    else:
        screen.locator("button.dt-handover-ready").click()
    expect(screen).to_be_hidden()
    expect(root.locator(".dt-board")).to_be_visible()
    expect(root.locator(".dt-title")).to_contain_text(f"Hot-seat: {to} has the screen")


def waiting_for(root: Locator) -> str:
    found = re.search(r"waiting for (Player \d) to decide", text(root, ".dt-status"))
    return found.group(1) if found else ""


def test_back_over_player_2s_secret_attack_shows_nothing_and_changes_nothing(app: Page) -> None:
    app.goto(LEARN)
    root = wait_ready(app)
    app.get_by_role("button", name=HOT_SEAT).click()
    expect(root.locator(".dt-title")).to_contain_text("Hot-seat: Player 1 has the screen")
    handovers = 0
    for _ in range(200):  # Player 1 and Player 2 play on (the first option each time), handing the screen over
        if handover(root).is_visible():
            pass_screen(root, waiting_for(root), by_key=handovers == 0, name="1-handover" if handovers == 0 else "")
            handovers += 1
            continue
        decision = root.locator(".dt-decision")
        if decision.is_visible() and f"Player 2: {SECRET_PROMPT}" in decision.inner_text():
            break
        assert act(root), f"the game stopped moving: {text(root, '.dt-status')}"
    else:
        raise AssertionError("Player 2 was never asked for a secret attack")
    assert handovers >= 2, "the screen passed from Player 1 to Player 2 and back before the Strategy Phase"

    # Player 2 chooses in secret, then the screen goes to Player 1, who must choose too
    root.locator(".dt-decision button.dt-option", has_text=P2_CHOICE).click()
    expect(root.locator(".dt-status")).to_contain_text("Step 47 of 47")
    root.locator("button.dt-next").click()
    pass_screen(root, "Player 1")
    expect(root.locator(".dt-decision")).to_contain_text(f"Player 1: {SECRET_PROMPT}")

    # one press of Back: Player 2 decided here, and nothing says what
    root.locator("button.dt-back").click()
    expect(root.locator(".dt-status")).to_contain_text("Step 46 of 47")
    expect(root.locator(".dt-secret")).to_contain_text("Player 2 decided here.")
    shot(app, "2-back")
    page_text = app.locator("body").inner_text()
    assert P2_CHOICE not in page_text and "Triangle (20)" not in page_text
    assert not root.locator(".dt-option-taken").count() and not root.locator(".dt-decision .dt-option").count()

    # clicks and keys on the past step change nothing: no button, the keys answer nothing, the timeline only moves
    for key in ("1", "2", "3"):
        app.keyboard.press(key)
    expect(root.locator(".dt-notice")).to_contain_text("nothing to choose")
    root.locator('.dt-tl-row[data-step="45"]').click()
    expect(root.locator(".dt-status")).to_contain_text("Step 46 of 47")
    assert P2_CHOICE not in app.locator("body").inner_text()

    # back to the live end: still Player 1's secret choice, and Player 2's attack is the one they chose
    root.locator("button.dt-next").click()
    expect(root.locator(".dt-status")).to_contain_text("Step 47 of 47 · waiting for Player 1 to decide")
    for _ in range(60):
        if REVEALED in text(root, ".dt-timeline"):
            break
        if handover(root).is_visible():
            pass_screen(root, waiting_for(root))
            continue
        assert act(root), f"the game stopped moving: {text(root, '.dt-status')}"
    expect(root.locator(".dt-timeline")).to_contain_text(REVEALED)

"""Hot-seat leaks nothing through Save (issue 34, item 1), in the real Learn
apps of Digimon Battles and Battle Evolution.

dmb:strategy-phase / dbe:strategy-phase: both players choose Circle, Triangle or Cross in secret; the choices are
revealed together. Player 1 chooses ✕ Cross, the screen is handed over, and while Player 2 has it the choice is
nowhere: not in the page's text or DOM, the browser's storage, the downloaded file, the "Link to this position",
nor after a reload, which comes back to Player 2's side and asks the round again.
"""

from __future__ import annotations

import json
import os
from urllib.parse import unquote

import pytest
from drive import wait_ready
from playwright.sync_api import Locator, Page, expect

from digitutor.core.secret import waiting
from digitutor.widgets.apps import HOT_SEAT, LearnApp
from digitutor.widgets.position import position_link, read_position

ANSWER = "attack:choice=cross"
SECRET_PROMPT = "choose your attack in secret"
SHOTS = os.environ.get("DIGITUTOR_SHOTS", "")


def shot(page: Page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"hotseat-save-{name}.png"), full_page=True)


def before_player_1s_secret_attack(game: str) -> tuple[str, str, int]:
    """A hot-seat game of seed 1, played with the first legal option up to Player 1's first secret attack that opens a
    round, Player 1 at the screen: (the position this browser keeps, Player 1's Cross as its button says, the steps)."""
    app = LearnApp(game)
    app.mode.value = HOT_SEAT
    model = app.tutor.model
    for _ in range(600):
        pending = model.pending()
        if model.handover_to() is not None:
            model.ready()
        elif pending is None:
            model.next()
        elif pending.kind == "strategy" and pending.player == 0 and not waiting(model.match.state.frames):
            label = next(option.label for option in pending.options if option.key == ANSWER)
            return position_link(app.tutor.position()), label, len(model.match.steps)
        else:
            model.choose(pending.legal_options[0].key)
    raise AssertionError("Player 1 was never asked for the first attack of a round")


def stored(page: Page, game: str) -> str:
    return page.evaluate("key => localStorage.getItem(key) || ''", f"digitutor:learn:{game}")


def no_cross_in(saved: str, where: str) -> None:
    """A saved position (file text or link token) holds no Cross answer (nobody answered Cross before Player 1)."""
    answers = [d["answer"] for d in read_position(saved, where).match["decisions"]]
    assert answers and ANSWER not in answers, f"the {where} holds Player 1's secret attack"
    assert "cross" not in json.dumps(answers).lower()


def nowhere_on_the_page(page: Page, game: str, label: str) -> None:
    """Player 1's Cross is not in the page's text, its DOM (hidden parts and attributes too) or its storage."""
    for where, seen in (("page text", page.locator("body").inner_text()), ("DOM", page.content())):
        assert label not in seen, f"the {where} shows Player 1's attack {label!r}"
        assert "choice=cross" not in seen.lower() and "choice%3dcross" not in seen.lower(), f"the {where} holds it"
    no_cross_in(stored(page, game), "browser's storage")


def pass_screen(root: Locator, to: str) -> None:
    screen = root.locator(".dt-handover")
    expect(screen).to_contain_text(f"Pass to {to} — press when ready")
    screen.locator("button.dt-handover-ready").click()
    expect(screen).to_be_hidden()
    expect(root.locator(".dt-title")).to_contain_text(f"Hot-seat: {to} has the screen")


@pytest.mark.parametrize("game", ["dmb", "dbe"])
def test_player_1s_secret_attack_is_nowhere_while_player_2_has_the_screen(app: Page, game: str) -> None:
    kept, label, steps = before_player_1s_secret_attack(game)
    learn = f"/voila/render/learn_{game}.ipynb"
    app.goto(learn)
    wait_ready(app)
    app.evaluate("([key, value]) => localStorage.setItem(key, value)", [f"digitutor:learn:{game}", kept])
    app.reload()  # the game this browser kept comes back: hot-seat, Player 1 at the screen
    root = wait_ready(app)
    expect(root.locator(".dt-title")).to_contain_text("Hot-seat: Player 1 has the screen")
    expect(root.locator(".dt-status")).to_contain_text(f"Step {steps} of {steps}")

    # Player 1 chooses Cross in secret; the screen passes to Player 2, who must choose too
    root.locator("button.dt-next").click()
    expect(root.locator(".dt-decision")).to_contain_text(f"Player 1: {SECRET_PROMPT}")
    root.locator(".dt-decision button.dt-option", has_text=label).click()
    expect(root.locator(".dt-status")).to_contain_text(f"Step {steps + 1} of {steps + 1}")
    root.locator("button.dt-next").click()
    pass_screen(root, "Player 2")
    expect(root.locator(".dt-decision")).to_contain_text(f"Player 2: {SECRET_PROMPT}")
    expect(root.locator(".dt-status")).to_contain_text(f"Step {steps + 1} of {steps + 1}")
    assert label not in root.locator(".dt-decision").inner_text(), "(Player 2's own Cross reads differently)"
    nowhere_on_the_page(app, game, label)

    # Save or share: the panel says the secret choice is not saved; the file and the link do not hold it
    root.locator("button.dt-save-toggle").click()
    held = root.locator(".dt-save-held")
    expect(held).to_contain_text("A secret choice is not revealed yet, so it is not saved")
    expect(held).to_contain_text(f"it stops at step {steps} of {steps + 1}")
    shot(app, f"{game}-player-2-save")
    with app.expect_download() as download:
        root.locator("a.dt-download").click()
    with open(download.value.path(), encoding="utf-8") as file:
        no_cross_in(file.read(), "downloaded file")
    link = root.locator("a.dt-share-link").get_attribute("href") or ""
    assert link.startswith("?position=dt1.")
    no_cross_in(unquote(link.removeprefix("?position=")), "link")
    nowhere_on_the_page(app, game, label)

    # a reload: Player 2 still has the screen, and the round is asked again from its first choice, after a hand-over
    app.reload()
    root = wait_ready(app)
    expect(root.locator(".dt-title")).to_contain_text("Hot-seat: Player 2 has the screen")
    expect(root.locator(".dt-status")).to_contain_text(f"Step {steps} of {steps}")
    nowhere_on_the_page(app, game, label)
    root.locator("button.dt-next").click()
    expect(root.locator(".dt-handover")).to_contain_text("Pass to Player 1 — press when ready")
    assert not root.locator(".dt-card").count() and not root.locator(".dt-option").count()
    shot(app, f"{game}-reloaded")
    nowhere_on_the_page(app, game, label)

    # the link, opened in a page of its own, brings back the same: Player 2's side, no Cross
    app.evaluate("() => localStorage.clear()")
    app.goto(learn + link)
    root = wait_ready(app)
    expect(root.locator(".dt-title")).to_contain_text("Hot-seat: Player 2 has the screen")
    expect(root.locator(".dt-status")).to_contain_text(f"Step {steps} of {steps}")
    nowhere_on_the_page(app, game, label)

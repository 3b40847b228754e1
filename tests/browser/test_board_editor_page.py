"""The judge's bench in a real browser (issue 26): a DCG board built from an empty one, played, asked "why not block?",
shared as YAML (which ``digitutor scenario check`` passes) and as a link that opens the same board in a fresh page;
the same board → play → link → same board round trip for the other four games; hostile ``?board=`` values get one
line of error on the page.

(Named apart from tests/widgets/test_board_editor.py: pytest imports test modules by base name.)
"""

from __future__ import annotations

import base64
import json
import os
import re
import subprocess
import sys
import zlib
from pathlib import Path
from urllib.parse import unquote

import pytest
import yaml
from drive import legal_options, press, text, wait_ready
from playwright.sync_api import Locator, Page, expect

from digitutor.scenarios.boardlink import LINK_PREFIX
from digitutor.widgets.rulings import library

ROOT = Path(__file__).resolve().parents[2]
#: where the screenshots of the editor go (the brief's folder when it exists)
SHOTS = Path(os.environ.get("DIGITUTOR_SHOTS", "/work/briefs/s30/shots"))
WIDE = {"width": 1366, "height": 768}


def bench(page: Page, query: str = "") -> Locator:
    """Open the rulings app's bench (``?edit=1`` unless ``query`` says otherwise) and wait for the editor."""
    page.goto(f"/voila/render/rulings.ipynb{query or '?edit=1'}")
    editor = page.locator(".dt-editor")
    expect(editor.locator(".dt-editor-check")).to_be_visible(timeout=90_000)
    return editor


def yaml_text(editor: Locator) -> str:
    return editor.locator(".dt-editor-yaml textarea").input_value()


def put(editor: Locator, player: str, zone: str, card: str, check: str) -> None:
    """Put a card (typed into the search box) into a zone; wait until the board's YAML shows ``check``."""
    editor.locator(".dt-editor-player button", has_text=player).click()
    editor.locator(".dt-editor-zone select").select_option(label=zone)
    box = editor.locator(".dt-editor-card input")
    box.fill(card)
    box.dispatch_event("change")
    before = yaml_text(editor)
    editor.locator("button.dt-editor-put").click()
    editor.page.wait_for_function(
        "([el, before]) => el.value !== before",
        arg=[editor.locator(".dt-editor-yaml textarea").element_handle(), before],
    )
    assert check in yaml_text(editor)


def set_number(editor: Locator, css: str, value: int) -> None:
    box = editor.locator(f"{css} input")
    box.fill(str(value))
    box.press("Enter")
    expect(editor.locator(".dt-editor-yaml textarea")).to_have_value(re.compile(rf"{css.split('-')[-1]}: {value}"))


def shot(page: Page, name: str) -> None:
    if SHOTS.parent.exists():
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=False)


def play(editor: Locator) -> Locator:
    editor.locator("button.dt-editor-play").click()
    return wait_ready(editor.page, ".dt-editor-stage")


def share(editor: Locator, question: str) -> tuple[str, str]:
    """Share: (the scenario YAML downloaded, the ``?board=`` link)."""
    if question:
        box = editor.locator(".dt-editor-question input")
        box.fill(question)
        box.press("Enter")
    editor.locator("button.dt-editor-share").click()
    download = editor.locator(".dt-editor-shared a.dt-download")
    expect(download).to_be_visible()
    data = download.get_attribute("href") or ""
    link = editor.locator(".dt-editor-shared a.dt-board-link").get_attribute("href") or ""
    return unquote(data.partition(",")[2]), link


def same_board_in_a_fresh_page(page: Page, link: str, board_yaml: str, kept: str = "") -> None:
    fresh = page.context.new_page()
    try:
        fresh.set_default_timeout(30_000)
        fresh.goto(f"/voila/render/{link.removeprefix('./')}")
        editor = fresh.locator(".dt-editor")
        expect(editor.locator(".dt-editor-check")).to_be_visible(timeout=90_000)
        expect(editor.locator(".dt-editor-yaml textarea")).to_have_value(board_yaml)
        expect(editor.locator(".dt-editor-message .dt-error, .dt-editor .dt-error")).to_have_count(0)
        if kept:
            expect(editor.locator(".dt-whynot-kept")).to_contain_text(kept)
    finally:
        fresh.close()


def test_a_judge_builds_plays_asks_why_not_and_shares_a_dcg_board(app: Page, tmp_path: Path) -> None:
    app.set_viewport_size(WIDE)
    editor = bench(app)
    put(editor, "Player 1", "Battle area", "Koromon · st1-01", "st1-01")  # a Digi-Egg: no DP
    refused = editor.locator(".dt-editor-refused")
    expect(refused).to_contain_text("The rules cannot have this board")
    expect(refused.locator('[data-clause="dcg:movable-to-battle-areas.p2"]').first).to_be_visible()
    expect(editor.locator("button.dt-editor-play")).to_be_disabled()
    shot(app, "editor-dcg-refused")
    editor.locator(".dt-editor-held select").select_option(index=0)
    editor.locator("button.dt-editor-remove").click()
    expect(editor.locator(".dt-editor-yaml textarea")).not_to_have_value(re.compile("st1-01"))
    put(editor, "Player 1", "Battle area", "Birdramon · st1-05", "st1-05")
    put(editor, "Player 2", "Battle area", "st2-07", "st2-07")
    put(editor, "Player 2", "Battle area", "Ikkakumon · st2-07", "battle: [st2-07, st2-07]")
    editor.locator(".dt-editor-held select").select_option(index=0)
    editor.locator("button.dt-editor-suspend").click()
    expect(editor.locator(".dt-editor-yaml textarea")).to_have_value(re.compile("suspended: true"))
    set_number(editor, ".dt-set-memory", 3)
    set_number(editor, ".dt-set-turn", 3)
    expect(editor.locator(".dt-editor-ok")).to_contain_text("The rules can have this board")
    board_yaml = yaml_text(editor)
    shot(app, "editor-dcg-board")

    # "why not?" in words, before playing: the attack kind, then the attacker and the target by name and place
    whynot = editor.locator(".dt-whynot")
    choose(whynot, ".dt-whynot-action", "Attack: Attack … (pick the cards)")
    expect(whynot.locator(".dt-whynot-first label")).to_have_text("Attacker")
    expect(whynot.locator(".dt-whynot-second label")).to_have_text("Target")
    choose(whynot, ".dt-whynot-first", "Birdramon (st1-05) in Player 1's Battle Area")
    choose(whynot, ".dt-whynot-second", "Ikkakumon (st2-07) in Player 2's Battle Area", exact=True)
    whynot.locator("button.dt-editor-ask").click()
    result = whynot.locator(".dt-whynot-result")
    expect(result).to_contain_text("not allowed")
    expect(result).to_contain_text("; target: Ikkakumon (st2-07) in Player 2's Battle Area")
    # dcg:attacking.p2 — "You can either target one of your opponent's suspended Digimon in their battle area, or
    # the opposing player."
    expect(result.locator('[data-clause="dcg:attacking.p2"]').first).to_be_visible()
    assert not re.search(r"\bp\d\.c\d+", result.inner_text()), "no instance id in the answer"
    expect(editor.locator(".dt-editor-answer textarea")).to_have_value(re.compile("dcg:attacking.p2"))
    shot(app, "editor-dcg-why-not")

    root = play(editor)
    expect(root.locator(".dt-board")).to_contain_text("Judge's view")
    # it opens at the board's state (Player 1's main phase decision), not before the game, with no Next pressed ...
    expect(legal_options(root).first).to_be_visible()
    expect(root.locator(".dt-decision")).to_contain_text("Player 1: main phase (memory 3)")
    expect(root).not_to_contain_text("The game has not started yet")
    # ... and the question asked stays right above it: the answer and the decision fit in one 768 px window
    asked, decision = whynot.locator(".dt-whynot-result").bounding_box(), root.locator(".dt-decision").bounding_box()
    assert asked and decision and decision["y"] + decision["height"] - asked["y"] <= WIDE["height"], (asked, decision)
    expect(whynot.locator(".dt-whynot-result")).to_contain_text("; target: Ikkakumon (st2-07) in Player 2's")
    shot(app, "editor-dcg-played")
    root.locator(".dt-decision button.dt-option", has_text="Attack the opponent with Birdramon").first.click()
    for _ in range(20):
        if "lock" in text(root, ".dt-decision"):
            break
        press(root, "button.dt-next")
    assert "lock" in text(root, ".dt-decision")
    expect(whynot.locator(".dt-whynot-action select option", has_text="✗ Block: Block with Ikkakumon")).to_have_count(1)

    scenario, link = share(editor, "Can Birdramon attack the unsuspended Ikkakumon?")
    doc = yaml.safe_load(scenario)
    assert doc["title"] == "Can Birdramon attack the unsuspended Ikkakumon?" and doc["script"] == []
    assert doc["expect"]["why_not"][0]["cites"] == ["dcg:attacking.p2"], "the question asked before play is kept"
    saved = tmp_path / "blocker.yaml"
    saved.write_text(scenario, encoding="utf-8")
    checked = subprocess.run(
        [sys.executable, "-m", "digitutor.cli", "scenario", "check", str(saved)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert checked.returncode == 0 and "1 passed" in checked.stdout, checked.stdout + checked.stderr
    assert f"?board={LINK_PREFIX}" in link
    same_board_in_a_fresh_page(app, link, board_yaml, kept="; target: Ikkakumon (st2-07)")


def choose(panel: Locator, css: str, starts: str, exact: bool = False) -> None:
    """Pick the option of the list ``css`` whose words start with ``starts`` (exactly ``starts`` with ``exact``)."""
    expect(panel.locator(f"{css} select option", has_text=starts).first).to_be_attached()
    labels = [(o or "").strip() for o in panel.locator(f"{css} select option").all_text_contents()]
    # (ipywidgets writes an option's spaces as no-break spaces)
    label = next(
        lab
        for lab in labels
        if (lab.replace("\xa0", " ") == starts if exact else lab.replace("\xa0", " ").startswith(starts))
    )
    panel.locator(f"{css} select").select_option(label=label)
    expect(panel.locator(f"{css} select")).to_have_value(re.compile(".+"))


def test_a_refused_link_keeps_its_board_to_mend_and_a_200_kb_address_is_one_line(app: Page) -> None:
    upside_down = {"players": [{"battle": [{"stack": ["st1-07", "st1-03"]}]}, {}], "turn": 3}
    editor = bench(app, f"?board={forged({'game': 'dcg', 'board': upside_down})}")
    expect(editor.locator(".dt-editor-mend")).to_be_visible()
    # dcg:digivolving.p2: each card lies on one that meets its digivolution requirements (Greymon under Agumon)
    expect(editor.locator(".dt-editor-refused [data-clause='dcg:digivolving.p2']").first).to_be_visible()
    expect(editor.locator(".dt-editor-yaml textarea")).to_have_value(re.compile("st1-07, st1-03"))
    long = app.context.new_page()  # the browser logs the 414 as a failed load: not a watched app page
    try:
        response = long.goto(f"/voila/render/rulings.ipynb?board={LINK_PREFIX}{'A' * 200_000}")
        assert response is not None and response.status == 414
        shown = long.locator("main").inner_text().strip()
        assert "This address is too long" in shown and "200,0" in shown and "Traceback" not in shown
        assert len(long.locator("p.dt-too-long").inner_text().splitlines()) == 1
        assert "dt-cannot-draw" not in long.content(), "no app page watchdog: this page holds no app"
    finally:
        long.close()


@pytest.mark.parametrize("game", ["dtector", "arena", "dmb", "dbe"])
def test_a_board_plays_and_its_link_opens_the_same_board(app: Page, game: str) -> None:
    editor = bench(app, f"?edit=1&game={game}")
    scenario = next(s for s in library() if s.game == game and isinstance(s.setup.get("board"), dict))
    editor.locator(".dt-editor-start select").select_option(label=f"Scenario: {scenario.title}")
    editor.locator("button.dt-editor-load").click()
    expect(editor.locator(".dt-editor-question input")).to_have_value(scenario.title)
    expect(editor.locator(".dt-editor-yaml textarea")).to_have_value(
        yaml.safe_dump(scenario.setup["board"], sort_keys=False, default_flow_style=None, width=100, allow_unicode=True)
    )
    board_yaml = yaml_text(editor)
    play(editor)
    _, link = share(editor, "")
    same_board_in_a_fresh_page(app, link, board_yaml)


def forged(doc: object, text: str | None = None) -> str:
    raw = (text if text is not None else json.dumps(doc, separators=(",", ":"))).encode()
    return LINK_PREFIX + base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


HOSTILE = {
    "oversized": LINK_PREFIX + "A" * 25_000,
    "zip-bomb": LINK_PREFIX + base64.urlsafe_b64encode(zlib.compress(b" " * 5_000_000, 9)).decode().rstrip("="),
    "deep": forged(None, '{"game":"dcg","board":{"players":' + "[" * 5000 + "]" * 5000 + "}}"),
    "wrong-types": forged({"game": "dcg", "board": {"players": "both", "turn": "three"}}),
    "unknown-card": forged({"game": "dcg", "board": {"players": [{"hand": ["st1-3"]}, {}]}}),
    "ten-thousand-cards": forged({"game": "dcg", "board": {"players": [{"deck": ["st1-03"] * 10_000}, {}]}}),
    "later-format": "db9.eNqrVkrPz0_PSVWyUlAqSS0uUaoFADrEBgs",
}


@pytest.mark.parametrize("name", list(HOSTILE))
def test_a_hostile_board_link_is_one_line_of_error_on_the_page(app: Page, name: str) -> None:
    editor = bench(app, f"?board={HOSTILE[name]}")
    error = editor.locator(".dt-error").first
    expect(error).to_be_visible()
    shown = error.inner_text()
    assert "\n" not in shown.strip() and "Traceback" not in shown and len(shown) < 1500
    if name in ("unknown-card", "wrong-types"):  # a board the loader refuses is kept to mend
        expect(editor.locator(".dt-editor-mend")).to_be_visible()
    else:
        expect(editor.locator(".dt-editor-yaml textarea")).to_have_value("players:\n- {}\n- {}\n")
    if name == "unknown-card":
        assert "closest: " in shown and "st1-03" in shown
        app.set_viewport_size(WIDE)
        shot(app, "editor-hostile-link")


def test_edit_1_on_a_learn_page_loads_the_game_in_progress_into_the_bench(app: Page) -> None:
    app.goto("/voila/render/learn_dtector.ipynb?edit=1")
    root = wait_ready(app)
    press(root, "button.dt-next")
    editor = app.locator(".dt-learn-editor")
    expect(editor.locator(".dt-editor-start select")).to_have_value(re.compile(".+"))
    editor.locator("button.dt-editor-load").click()
    expect(editor.locator(".dt-editor-yaml textarea")).not_to_have_value("players:\n- {}\n- {}\n")
    expect(editor.locator(".dt-editor-check")).to_contain_text("The rules can have this board")
    expect(editor.locator(".dt-error")).to_have_count(0)

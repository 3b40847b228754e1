"""Screenshots for the README, taken from a real ``digitutor serve`` in headless Chromium.

    .venv/bin/python benchmarks/screenshots.py [--games dcg,dmb,dbe] [--out docs/screenshots]

Writes landing.png, rulings.png (a DCG ruling found by search) and rulebook.png at 1366x768; for each
game of ``--games`` (the big boards by default) learn-GAME.png (1366x768, mid-game, a "why not?"
open) and presenter-GAME.png (presenter mode at 1024x768, at the first decision); and
presenter-GAME-1920.png (1920x1080); course-dcg.png (the DCG course) and bench.png (the judge's bench); and the DCG
Learn page at a decision with a lesson question open: learn-dcg-question.png (1366x768) and, in presenter mode,
presenter-dcg-question-1024.png and presenter-dcg-question-1920.png.
PNG data recompressed at zlib's highest level.
"""

from __future__ import annotations

import argparse
import struct
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from drive import advance_to_why_not, advance_until, open_detail, open_questions, press, wait_ready  # noqa: E402 - after the sys.path line above
from harness import CHROMIUM, CHROMIUM_ARGS, start_server  # noqa: E402 - after the sys.path line above
from playwright.sync_api import Page, sync_playwright  # noqa: E402 - after the sys.path line above

VIEWPORT = {"width": 1366, "height": 768}


def recompress(png: bytes) -> bytes:
    """The same image with its IDAT data deflated again at level 9 (pixels and filters untouched)."""
    signature, chunks, at = png[:8], [], 8
    while at < len(png):
        length, kind = struct.unpack(">I4s", png[at : at + 8])
        chunks.append((kind, png[at + 8 : at + 8 + length]))
        at += 12 + length
    data = zlib.compress(zlib.decompress(b"".join(body for kind, body in chunks if kind == b"IDAT")), 9)
    out, idat_written = [signature], False
    for kind, body in chunks:
        if kind == b"IDAT":
            if idat_written:
                continue
            kind, body, idat_written = b"IDAT", data, True
        out.append(struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body)))
    return b"".join(out)


def save(page: Page, path: Path) -> None:
    page.wait_for_timeout(400)  # let the last widget update paint
    path.write_bytes(recompress(page.screenshot()))
    shown = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path  # --out may be outside the checkout
    print(f"{shown}  {path.stat().st_size // 1024} KiB")


def landing(page: Page, out: Path, _game: str) -> None:
    page.goto("/")
    page.locator(".dt-start").wait_for()
    save(page, out / "landing.png")


def learn(page: Page, out: Path, game: str) -> None:
    page.goto(f"/voila/render/learn_{game}.ipynb")
    root = wait_ready(page)
    advance_to_why_not(root)  # answering the questions that keep the Why not? tab closed on the way
    open_detail(root, "whynot")
    root.locator(".dt-detail .dt-why-not").first.click()
    root.locator(".dt-detail .dt-reasons").first.wait_for()
    save(page, out / f"learn-{game}.png")


def presenter(page: Page, out: Path, game: str, size: tuple[int, int] = (1024, 768), suffix: str = "") -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(f"/voila/render/learn_{game}.ipynb?mode=presenter")
    root = wait_ready(page)
    page.locator(".dt-app.dt-presenting").first.wait_for(timeout=15_000)
    advance_until(root, ".dt-decision button.dt-option:not(.dt-option-illegal)")
    page.evaluate("() => window.scrollTo(0, 0)")
    save(page, out / f"presenter-{game}{suffix}.png")


def presenter_wide(page: Page, out: Path, game: str) -> None:
    presenter(page, out, game, (1920, 1080), "-1920")


def question(page: Page, out: Path, game: str, size: tuple[int, int] = (1366, 768), presenting: bool = False) -> None:
    """The Learn page at the first decision with a lesson question, the question open in the detail place."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(f"/voila/render/learn_{game}.ipynb" + ("?mode=presenter" if presenting else ""))
    root = wait_ready(page)
    if presenting:
        page.locator(".dt-app.dt-presenting").first.wait_for(timeout=15_000)
    advance_until(root, ".dt-detail button.dt-q-toggle")
    open_questions(root)
    root.locator(".dt-detail .dt-question").first.wait_for()
    page.evaluate("() => window.scrollTo(0, 0)")
    name = f"presenter-{game}-question-{size[0]}" if presenting else f"learn-{game}-question"
    save(page, out / f"{name}.png")


def questions_shown(page: Page, out: Path, game: str) -> None:
    """A question open at 1366x768, and in presenter mode at 1024x768 and 1920x1080 (docs/layout.md)."""
    question(page, out, game)
    for size in ((1024, 768), (1920, 1080)):
        question(page, out, game, size, presenting=True)


def rulebook(page: Page, out: Path, _game: str) -> None:
    page.goto("/voila/render/rulebook.ipynb?clause=dtector:battle-call-command-phase.p1")
    page.locator(".dt-rulebook .dt-clause blockquote").wait_for()
    page.locator(".dt-rulebook input[type=text]").first.fill("digivolve")
    page.wait_for_timeout(800)
    save(page, out / "rulebook.png")


def rulings(page: Page, out: Path, _game: str) -> None:
    page.goto("/voila/render/rulings.ipynb")
    page.locator(".dt-rulings-search input").first.fill("blocker")
    # the list is filtered once the search has answered: choosing before that picked from the old list, which the
    # answer then replaced (the board stayed empty and the shot timed out)
    page.locator(".dt-rulings .dt-found", has_text="match “blocker”").first.wait_for()
    listing = page.locator(".dt-scenario-list select").first
    listing.locator("option", has_text="suspended").first.wait_for(state="attached")
    title = listing.locator("option", has_text="suspended").first.inner_text()
    listing.select_option(label=title)
    page.locator(".dt-rulings .dt-tutor .dt-title", has_text=title.split("·", 1)[-1].strip()).first.wait_for()
    root = wait_ready(page, ".dt-rulings")
    for _ in range(5):  # Next follows the scenario's script, up to the reveal
        press(root, "button.dt-next")
    save(page, out / "rulings.png")


def course(page: Page, out: Path, _game: str) -> None:
    page.goto("/voila/render/learn_dcg.ipynb?view=course")
    page.locator(".dt-course .dt-course-row").first.wait_for(state="visible")
    save(page, out / "course-dcg.png")


def bench(page: Page, out: Path, _game: str) -> None:
    page.goto("/voila/render/rulings.ipynb?edit=1")
    page.locator(".dt-editor .dt-editor-check").wait_for(state="visible")
    save(page, out / "bench.png")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default="dcg,dmb,dbe")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    args = parser.parse_args()
    if not CHROMIUM.exists():
        print(f"screenshots: {CHROMIUM} is missing (apt-get install chromium)", file=sys.stderr)
        return 2
    args.out.mkdir(parents=True, exist_ok=True)
    server = start_server()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            context = browser.new_context(viewport=VIEWPORT, base_url=server.url)
            shots = [(landing, ""), (rulings, ""), (rulebook, ""), (course, ""), (bench, "")]
            shots += [(questions_shown, "dcg")]
            shots += [(shoot, game) for game in args.games.split(",") for shoot in (learn, presenter, presenter_wide)]
            for shoot, game in shots:
                page = context.new_page()
                page.set_default_timeout(60_000)
                shoot(page, args.out, game)
                page.goto("about:blank")  # the unload beacon shuts the page's kernel down
                page.close()
            browser.close()
    finally:
        server.stop()
        server.discard_log()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

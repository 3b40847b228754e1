"""A room against the static build (``digitutor build-static``), measured (never asserted) on this machine.

    .venv/bin/python benchmarks/static_room_load.py [--site DIR] [--pages 20] [--sessions 5] [--json PATH]
    (or: .venv/bin/python benchmarks/room_load.py --static ...)

1. builds the site into a temporary folder (or takes ``--site``), serves it with ``python -m http.server``;
2. the server's side, which is all a room costs the laptop: ``--pages`` clients fetch at once every file
   one Learn page loads (the list is taken from a real page load), cold, as a room's first minute would;
   wall time and the server process's CPU seconds;
3. the browsers' side: ONE headless Chromium with one persistent profile (one HTTP cache on disk, as
   one attendee's browser has) loads one Learn page first, so its assets are cached, then one more
   page alone (what one attendee waits once the assets are cached), then opens
   ``--pages`` Learn pages at once in that profile and records when each board is interactive
   (drawn, Next step enabled), and failed pages (no board within 300 s); background tabs are not
   throttled (FOREGROUND_ARGS), as every page is the front tab of its own device in a room. Every page runs its own
   Pyodide, so on one machine this measures that machine's cores, not the server: in a room each
   attendee's device does this work for its own page;
4. ``--sessions`` of those pages each play the guided game to its end with Next, one after another.
Every request off the loopback server is aborted and counted; Chromium resolves no other host.
"""

from __future__ import annotations

import argparse
import http.client
import json
import platform
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))

import psutil
from drive import act
from harness import CHROMIUM, LOOPBACK, Server
from playwright.sync_api import BrowserContext, Page, sync_playwright
from playwright.sync_api import Error as PlaywrightError
from report import save_and_print
from static_site import LEARN_PAGE, OFFLINE_ARGS, build_site, hold_to_loopback, play_guided_to_end, serve_site

HERE = Path(__file__).resolve().parent
BOARD_TIMEOUT_S = 300.0
READY = """() => {
  const next = document.querySelector('.dt-tutor button.dt-next');
  const board = document.querySelector('.dt-tutor .dt-board');
  return !!(next && !next.disabled && board && board.offsetParent !== null);
}"""
TARGETS = {"max_interactive_s": 15.0, "failed_pages": 0}
#: in a room every page is the front tab of its own browser; here all but one are background tabs of
#: one browser, which Chromium throttles (timers clamped to once a second, later once a minute)
FOREGROUND_ARGS = [
    "--disable-background-timer-throttling",
    "--disable-backgrounding-occluded-windows",
    "--disable-renderer-backgrounding",
    "--disable-features=IntensiveWakeUpThrottling",
]


def wait_ready(pages: list[Page], start: float) -> list[float | None]:
    ready: list[float | None] = [None] * len(pages)
    while time.monotonic() - start < BOARD_TIMEOUT_S and None in ready:
        for index, page in enumerate(pages):
            if ready[index] is None:
                try:
                    if page.evaluate(READY):
                        ready[index] = time.monotonic() - start
                except PlaywrightError:
                    pass
        time.sleep(0.2)
    return ready


def spread(values: list[float]) -> dict[str, float] | None:
    if not values:
        return None
    return {"min": round(min(values), 1), "median": round(statistics.median(values), 1), "max": round(max(values), 1)}


def browser_cpu_s(server: Server) -> float:
    """CPU seconds used so far by this process's children (Chromium and its helpers), the file server left out."""
    total = 0.0
    for child in psutil.Process().children(recursive=True):
        if child.pid == server.process.pid:
            continue
        try:
            times = child.cpu_times()
            total += times.user + times.system
        except psutil.Error:
            continue
    return total


def fetch_all(server: Server, paths: list[str], clients: int) -> dict[str, Any]:
    """``clients`` threads each GET every path (one connection each, as a browser would reuse one)."""
    process = psutil.Process(server.process.pid)
    cpu_before = sum(process.cpu_times()[:2])
    failures: list[str] = []
    sizes: list[int] = []

    def client() -> None:
        connection = http.client.HTTPConnection(LOOPBACK, server.port, timeout=120)
        total = 0
        for path in paths:
            try:
                connection.request("GET", path)
                response = connection.getresponse()
                total += len(response.read())
                if response.status != 200:
                    failures.append(f"{response.status} {path}")
            except OSError as error:
                failures.append(f"{error} {path}")
                connection.close()
                connection = http.client.HTTPConnection(LOOPBACK, server.port, timeout=120)
        connection.close()
        sizes.append(total)

    start = time.monotonic()
    threads = [threading.Thread(target=client) for _ in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    wall = time.monotonic() - start
    return {
        "clients": clients,
        "files_per_page": len(paths),
        "mib_per_page": round(statistics.median(sizes) / 2**20, 1),
        "wall_s": round(wall, 1),
        "server_cpu_s": round(sum(process.cpu_times()[:2]) - cpu_before, 1),
        "failures": len(failures),
        "failure_samples": failures[:3],
    }


def run(args: argparse.Namespace) -> dict[str, Any]:
    result: dict[str, Any] = {
        "machine": {"cores": psutil.cpu_count(), "python": platform.python_version()},
        "command": " ".join(sys.argv),
        "pages": args.pages,
        "targets": TARGETS,
    }
    with tempfile.TemporaryDirectory(prefix="digitutor-static-bench-") as scratch:
        site = args.site
        if site is None:
            site = Path(scratch) / "site"
            started = time.monotonic()
            built = build_site(site)
            if built.returncode != 0:
                raise SystemExit(f"build-static failed: {built.stderr.strip()}")
            result["build_s"] = round(time.monotonic() - started, 1)
        result["site_mib"] = round(sum(p.stat().st_size for p in site.rglob("*") if p.is_file()) / 2**20)
        server = serve_site(site)
        try:
            result.update(measure(server, args, Path(scratch) / "profile"))
        finally:
            server.stop()
            server.discard_log()
    return result


def measure(server: Server, args: argparse.Namespace, profile: Path) -> dict[str, Any]:
    origin = f"{LOOPBACK}:{server.port}"
    out: dict[str, Any] = {}
    foreign: list[str] = []
    seen: list[str] = []
    errors: list[str] = []
    learn = LEARN_PAGE.format(game=args.game)
    with sync_playwright() as playwright:
        context: BrowserContext = playwright.chromium.launch_persistent_context(
            str(profile),
            executable_path=str(CHROMIUM),
            args=[*OFFLINE_ARGS, *FOREGROUND_ARGS],
            base_url=server.url,
            viewport={"width": 1100, "height": 750},
        )
        hold_to_loopback(context, origin, foreign, seen)
        context.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
        first = context.new_page()
        start = time.monotonic()
        first.goto(learn, wait_until="commit")
        out["first_load_s"] = wait_ready([first], start)[0]
        first.close()
        paths = sorted(
            {
                urlsplit(url).path + (f"?{urlsplit(url).query}" if urlsplit(url).query else "")
                for url in seen
                if url.startswith(server.url)
            }
        )
        out["server_side"] = fetch_all(server, paths, args.pages)
        print(json.dumps({"first_load_s": out["first_load_s"], "server_side": out["server_side"]}), flush=True)

        second = context.new_page()
        start = time.monotonic()
        second.goto(learn, wait_until="commit")
        out["cached_single_s"] = wait_ready([second], start)[0]
        second.close()

        pages = [context.new_page() for _ in range(args.pages)]
        cpu_before = browser_cpu_s(server)
        start = time.monotonic()
        for page in pages:
            page.goto(learn, wait_until="commit")
        ready = wait_ready(pages, start)
        times = [value for value in ready if value is not None]
        out["cached_wave"] = {
            "interactive_s": spread(times),
            "failed_pages": len(ready) - len(times),
            "browser_cpu_s_per_page": round((browser_cpu_s(server) - cpu_before) / args.pages, 1),
        }
        print(json.dumps(out["cached_wave"]), flush=True)
        for page in pages[args.sessions :]:
            page.close()

        games = []
        for page, when in zip(pages[: args.sessions], ready, strict=False):
            if when is None:
                games.append({"ended": False, "why": "never interactive"})
                continue
            page.bring_to_front()
            root = page.locator(".dt-tutor").first
            started = time.monotonic()
            try:
                moves = play_guided_to_end(root, lambda r: act(r, timeout_ms=30_000))
                games.append({"ended": True, "moves": moves, "seconds": round(time.monotonic() - started, 1)})
            except (AssertionError, PlaywrightError) as error:
                games.append({"ended": False, "why": str(error)[:200]})
        out["guided_games"] = {"played": len(games), "ended": sum(g["ended"] for g in games), "games": games}
        context.close()
    out["requests_off_loopback"] = len(foreign)
    out["console_errors"] = len(errors)
    out["console_error_samples"] = errors[:5]
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, help="an existing build (default: build one into a temporary folder)")
    parser.add_argument("--pages", type=int, default=20)
    parser.add_argument("--sessions", type=int, default=5)
    parser.add_argument("--game", default="dtector")
    parser.add_argument("--json", type=Path, default=HERE / "results" / "static_room_load.json")
    args = parser.parse_args(argv)
    result = run(args)
    save_and_print(result, args.json)


if __name__ == "__main__":
    main()

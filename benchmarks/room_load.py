"""A room of attendees against ``digitutor serve --room N``, measured (never asserted) on this machine.

    .venv/bin/python benchmarks/room_load.py [--pages 20] [--room 20] [--game dtector]
                                             [--sessions 5] [--clicks 200] [--json PATH]
    .venv/bin/python benchmarks/room_load.py --solve [--followers 20] [--json PATH]
        (a room of followers solving the teacher's exercise at once: below, "The room solves an exercise")
    .venv/bin/python benchmarks/room_load.py --static [--site DIR] [--pages 20] [--sessions 5]
        (the static build instead: see benchmarks/static_room_load.py)

1. starts ``digitutor serve --room N --game GAME`` and waits until it says it is ready
   (the pool fill time it prints), then measures what one preheated kernel costs (CPU
   seconds it used to start and run its notebook, resident and unique memory);
2. opens ``--pages`` Learn pages at once in headless Chromium, each in its own context,
   and records when each board is interactive (drawn, Next step enabled), failed pages
   (no board within 240 s), console errors, kernels and their memory during and after;
3. ``--sessions`` pages each get ``--clicks`` random clicks on the tutor's enabled
   buttons, round robin; counts kernel deaths and console errors.
Targets (issue 27, which replaced issue 14's "every board within 15 s" when the 20 browsers share the server's
cores): the server's share (CPU seconds of the server and its kernels while the room opens, divided by the
machine's cores) at most 15 s for 20 Learn pages, 0 failed pages, 0 kernel deaths.

The room solves an exercise (``--solve``; issue 36's "20 followers solving an exercise at once cost the server <= 15 s
of its 2 cores"):

1. starts ``digitutor serve --room N+1 --game dtector`` (a preheated kernel for the teacher and each follower) and
   waits until it says it is ready;
2. the teacher (headless Chromium) opens exercise 1 of the D-Tector course's first lesson; ``--followers`` follow
   pages (each its own browser context) follow the teacher until the teacher's line counts them all;
3. from the teacher's *Send this exercise to the room* on: every follower presses *Solve it* (its own Learn page, a
   kernel from the pool, in a new tab) and answers: Patamon (Ability beats the opponent's Crush: solved) for four
   followers in five, Agumon (Energy loses to Crush: failed) for the fifth; the run ends when the teacher's line
   shows every verdict ("16 solved, 4 failed, 0 still playing").
Target: the server's share (CPU seconds of the server and its kernels from the send to the last verdict on the
teacher's line, divided by the machine's cores) at most 15 s for 20 followers. The browsers' CPU is reported apart:
on one machine they share its cores with the server, in a room each follower brings its own. (Followers joining and
the click-to-follower latency are benchmarks/follow_load.py's.)
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import re
import statistics
import sys
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))

import psutil
from drive import wait_ready
from harness import CHROMIUM, CHROMIUM_ARGS, Server, start_server
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright
from playwright.sync_api import Error as PlaywrightError
from report import save_and_print
from test_follow_room import links

HERE = Path(__file__).resolve().parent
BOARD_TIMEOUT_S = 240.0
TARGETS = {"max_interactive_s": 15.0, "failed_pages": 0, "kernel_deaths": 0}
READY = """() => {
  const next = document.querySelector('.dt-tutor button.dt-next');
  const board = document.querySelector('.dt-tutor .dt-board');
  return !!(next && !next.disabled && board && board.offsetParent !== null);
}"""
#: each page notes the wall-clock moment its board turned interactive itself, so the benchmark
#: does not have to ask 20 busy pages several times a second (which costs the browsers CPU)
WATCH_READY = f"""(() => {{
  const ready = {READY};
  const timer = setInterval(() => {{
    if (ready()) {{ window.__dtReadyAt = Date.now() / 1000; clearInterval(timer); }}
  }}, 100);
}})();"""
READY_AT = "() => window.__dtReadyAt || null"
KERNEL_ID = "() => JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId"
CLICKABLE = ".dt-tutor button:not([disabled]):visible"
MIB = 1024 * 1024


class Sampler(threading.Thread):
    """Kernel count and total kernel memory every half second, until stopped."""

    def __init__(self, server: Server) -> None:
        super().__init__(daemon=True)
        self.server, self.samples, self.running = server, [], True

    def run(self) -> None:
        while self.running:
            kernels = self.server.kernels()
            self.samples.append((len(kernels), sum(_rss(k) for k in kernels)))
            time.sleep(0.5)

    def stop(self) -> dict[str, float]:
        self.running = False
        self.join(5)
        counts = [count for count, _ in self.samples] or [0]
        memory = [rss for _, rss in self.samples] or [0]
        return {"kernels_max": max(counts), "kernel_rss_max_mib": round(max(memory) / MIB)}


def _rss(process: psutil.Process) -> int:
    try:
        return process.memory_info().rss
    except psutil.Error:
        return 0


def kernel_cost(server: Server) -> dict[str, float]:
    """Median CPU seconds and memory of the preheated kernels (each started and ran its notebook once)."""
    cpu, rss, uss = [], [], []
    for kernel in server.kernels():
        try:
            times = kernel.cpu_times()
            cpu.append(times.user + times.system)
            info = kernel.memory_full_info()
            rss.append(info.rss / MIB)
            uss.append(info.uss / MIB)
        except psutil.Error:
            continue
    return {
        "kernels": len(cpu),
        "start_cpu_s": round(statistics.median(cpu), 2),
        "rss_mib": round(statistics.median(rss)),
        "uss_mib": round(statistics.median(uss)),
    }


def cpu_snapshot(server: Server) -> dict[str, dict[int, float]]:
    """CPU seconds used so far by each process of the server (kernels included) and of the browsers."""
    own = psutil.Process()
    try:
        server_tree = [psutil.Process(server.process.pid), *psutil.Process(server.process.pid).children(recursive=True)]
    except psutil.NoSuchProcess:
        server_tree = []
    server_pids = {process.pid for process in server_tree}
    browsers = [child for child in own.children(recursive=True) if child.pid not in server_pids]
    return {"server": _cpu(server_tree), "browsers": _cpu(browsers)}


def _cpu(processes: list[psutil.Process]) -> dict[int, float]:
    used = {}
    for process in processes:
        try:
            times = process.cpu_times()
            used[process.pid] = times.user + times.system + times.children_user + times.children_system
        except psutil.Error:
            continue
    return used


def cpu_used(before: dict[str, dict[int, float]], after: dict[str, dict[int, float]]) -> dict[str, float]:
    """CPU seconds each side used between two snapshots (processes that ended in between are not counted)."""
    return {
        side: round(sum(seconds - before[side].get(pid, 0.0) for pid, seconds in after[side].items()), 1)
        for side in after
    }


def open_room(
    browser: Browser, server: Server, pages: int, errors: list[str]
) -> tuple[list[Page], list[float | None], list[float]]:
    """Open ``pages`` Learn pages at once; seconds until each board is
    interactive (None: failed), and until each page's HTML came."""
    opened = []
    for _ in range(pages):
        context = browser.new_context(base_url=server.url, viewport={"width": 1100, "height": 750})
        context.add_init_script(WATCH_READY)
        page = context.new_page()
        page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
        page.on("pageerror", lambda error: errors.append(f"uncaught: {error}"))
        opened.append(page)
    start = time.time()
    served = []
    for page in opened:
        page.goto("/voila/render/learn_dtector.ipynb", wait_until="commit")
        served.append(time.time() - start)
    ready: list[float | None] = [None] * pages
    while time.time() - start < BOARD_TIMEOUT_S and None in ready:
        time.sleep(1.0)
        for index, page in enumerate(opened):
            if ready[index] is None:
                ready_at = _ready_at(page)
                ready[index] = None if ready_at is None else ready_at - start
    return opened, ready, served


def _ready_at(page: Page) -> float | None:
    """The wall-clock second the page's board turned interactive (same clock: same machine), or None."""
    try:
        return page.evaluate(READY_AT)
    except PlaywrightError:  # navigating (the queue's page handing over to the app)
        return None


def _state(page: Page) -> str:
    """What a page that never became interactive shows (for the report)."""
    try:
        return f"{page.url}: " + page.evaluate("document.body ? document.body.innerText.slice(0, 160) : ''")
    except PlaywrightError as error:
        return f"{page.url}: {error}"[:200]


def click_around(pages: list[Page], server: Server, clicks: int, seed: int) -> dict[str, int]:
    """Random clicks on enabled tutor buttons, round robin; kernels that died, clicks made."""
    rng = random.Random(seed)
    kernels = {}
    for page in pages:
        kernel_id = page.evaluate(KERNEL_ID)
        kernels[kernel_id] = server.kernel(kernel_id)
    made = 0
    if not pages:
        return {"kernel_deaths": 0, "clicks": 0}
    for _ in range(clicks):
        for page in pages:
            buttons = page.locator(CLICKABLE)
            count = buttons.count()
            if not count:
                continue
            try:
                buttons.nth(rng.randrange(count)).click(timeout=5_000)
                made += 1
            except PlaywrightError:
                pass  # rebuilt under the pointer: the next round picks again
        pages[0].wait_for_timeout(50)
    died = sum(
        1 for process in kernels.values() if not process.is_running() or process.status() == psutil.STATUS_ZOMBIE
    )
    return {"kernel_deaths": died, "clicks": made}


def summary(ready: list[float | None]) -> dict[str, Any]:
    times = [value for value in ready if value is not None]
    return {
        "interactive_s": {
            "min": round(min(times), 1),
            "median": round(statistics.median(times), 1),
            "max": round(max(times), 1),
        }
        if times
        else None,
        "failed_pages": len(ready) - len(times),
    }


def run(args: argparse.Namespace) -> dict[str, Any]:
    started = time.monotonic()
    server = start_server(["--room", str(args.room), "--game", args.game], timeout=900)
    result: dict[str, Any] = {
        "machine": {"cores": psutil.cpu_count(), "python": platform.python_version()},
        "command": " ".join(sys.argv),
        "room": args.room,
        "pages": args.pages,
    }
    try:
        fill = re.search(r"ready in ([\d.]+) s", server.output())
        result["pool_fill_s"] = float(fill[1]) if fill else None
        result["server_ready_s"] = round(time.monotonic() - started, 1)
        result["kernel_cost"] = kernel_cost(server)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            errors: list[str] = []
            sampler = Sampler(server)
            sampler.start()
            before = cpu_snapshot(server)
            pages, ready, served = open_room(browser, server, args.pages, errors)
            result["cpu_s_while_opening"] = cpu_used(before, cpu_snapshot(server))
            # issue 27's target: the server's share (its CPU, kernels included, spread over the machine's cores)
            result["server_share_s"] = round(result["cpu_s_while_opening"]["server"] / (psutil.cpu_count() or 1), 1)
            result.update(summary(ready))
            result["failed_page_states"] = [
                _state(page) for page, when in zip(pages, ready, strict=False) if when is None
            ][:5]
            print(json.dumps(summary(ready)), flush=True)
            result["during"] = sampler.stop()
            result["html_served_s"] = {"median": round(statistics.median(served), 2), "max": round(max(served), 2)}
            result["console_errors_opening"] = len(errors)
            time.sleep(5)
            kernels = server.kernels()
            result["after"] = {"kernels": len(kernels), "kernel_rss_mib": round(sum(_rss(k) for k in kernels) / MIB)}
            live = [page for page, when in zip(pages, ready, strict=False) if when is not None][: args.sessions]
            errors.clear()
            result["clicking"] = {
                **click_around(live, server, args.clicks, seed=1),
                "sessions": len(live),
                "console_errors": len(errors),
            }
            result["console_error_samples"] = errors[:5]
            browser.close()
    finally:
        server.stop()
        log = server.output()
        result["server_log_warnings"] = sum(1 for line in log.splitlines() if "WARNING" in line or "[W " in line)
        result["ping_timeouts"] = log.lower().count("ping timeout")
        server.discard_log()
    return result


# -- the room solves an exercise (--solve) -----------------------------------------------------------------------

TIMEOUT_MS = 600_000
LINE = ".dt-follow-count"
#: (the card a follower answers, the verdict it gets): the rulebook's "Ability beats Crush, ... Energy beats Ability"
SOLVES, FAILS = ("Patamon", "dt-ex-solved"), ("Agumon", "dt-ex-failed")


def answer_of(index: int) -> tuple[str, str]:
    """Four followers in five solve it, the fifth fails."""
    return FAILS if index % 5 == 4 else SOLVES


def line_matches(teacher: Page, pattern: str, timeout_ms: float = TIMEOUT_MS) -> None:
    teacher.wait_for_function(
        "([line, pattern]) => new RegExp(pattern).test(document.querySelector(line).textContent)",
        arg=[LINE, pattern],
        timeout=timeout_ms,
    )


def open_teacher(browser: Browser, teacher_link: str) -> tuple[BrowserContext, Page]:
    """The teacher's Learn page at exercise 1 of the D-Tector course's first lesson."""
    context = browser.new_context(viewport={"width": 1100, "height": 800})
    teacher = context.new_page()
    teacher.goto(re.sub(r"learn_\w+\.ipynb", "learn_dtector.ipynb", teacher_link) + "&view=course")
    row = teacher.locator(".dt-course-lesson", has=teacher.locator('.dt-course-row[data-lesson="01-a-whole-game"]'))
    row.locator("button.dt-course-practice").click(timeout=TIMEOUT_MS)
    teacher.locator(".dt-tutor .dt-exercise").first.wait_for(state="visible", timeout=TIMEOUT_MS)
    return context, teacher


def solve_all(followers: list[Page]) -> list[Page]:
    """Every follower presses Solve it (its own Learn page, a new tab), then answers there once it is ready."""
    own = []
    for page in followers:
        page.locator("#dt-challenge").wait_for(state="visible", timeout=TIMEOUT_MS)
        with page.expect_popup(timeout=TIMEOUT_MS) as opened:
            page.locator("#dt-solve").click(timeout=TIMEOUT_MS)
        own.append(opened.value)
    for index, attempt in enumerate(own):
        card, _ = answer_of(index)
        wait_ready(attempt, timeout_ms=TIMEOUT_MS)
        option = attempt.locator(".dt-tutor .dt-decision button.dt-option", has_text=card).first
        option.click(timeout=TIMEOUT_MS)
    for index, attempt in enumerate(own):
        _, verdict = answer_of(index)
        attempt.locator(f".dt-tutor .dt-ex-verdict.{verdict}").first.wait_for(state="visible", timeout=TIMEOUT_MS)
    return own


def settle(server: Server, idle_cpu_s: float = 0.3, timeout_s: float = 300.0) -> float:
    """Seconds until the server and its kernels use less than ``idle_cpu_s`` CPU-s in a second (a refill done)."""
    started = time.monotonic()
    while time.monotonic() - started < timeout_s:
        before = cpu_snapshot(server)
        time.sleep(1.0)
        if cpu_used(before, cpu_snapshot(server))["server"] < idle_cpu_s:
            break
    return round(time.monotonic() - started, 1)


def by_part(
    server: Server, before: dict[str, dict[int, float]], after: dict[str, dict[int, float]]
) -> dict[str, float]:
    """The server's CPU-s split: its own process, the kernels that ran before the send (the followers' pages took
    them from the pool), and the kernels started since (the pool refilling behind them)."""
    own, old, new = server.process.pid, before["server"], after["server"]
    parts = {"server_process": 0.0, "kernels_from_the_pool": 0.0, "kernels_refilling_the_pool": 0.0}
    for pid, seconds in new.items():
        part = (
            "server_process" if pid == own else "kernels_from_the_pool" if pid in old else "kernels_refilling_the_pool"
        )
        parts[part] += seconds - old.get(pid, 0.0)
    return {part: round(seconds, 1) for part, seconds in parts.items()}


def run_solve(args: argparse.Namespace) -> dict[str, Any]:
    started = time.monotonic()
    server = start_server(["--room", str(args.followers + 1), "--game", "dtector"], timeout=900)
    cores = psutil.cpu_count() or 1
    result: dict[str, Any] = {
        "machine": {"cores": cores, "python": platform.python_version(), "load_average": psutil.getloadavg()},
        "command": " ".join(sys.argv),
        "followers": args.followers,
    }
    try:
        result["server_ready_s"] = round(time.monotonic() - started, 1)
        teacher_link, follow_link = links(server)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            contexts, teacher = open_teacher(browser, teacher_link)
            contexts_all = [contexts]
            followers = []
            for _ in range(args.followers):
                context = browser.new_context(viewport={"width": 1100, "height": 800})
                contexts_all.append(context)
                followers.append(context.new_page())
                followers[-1].goto(follow_link)
            line_matches(teacher, rf"\b{args.followers} following")
            result["idle_before_s"] = settle(server)  # the pool refilled the teacher's kernel: not the room solving
            before, sent = cpu_snapshot(server), time.monotonic()
            teacher.locator("button.dt-follow-send").click(timeout=TIMEOUT_MS)
            solve_all(followers)
            failed = sum(1 for index in range(args.followers) if answer_of(index) == FAILS)
            line_matches(teacher, rf"{args.followers - failed} solved, {failed} failed, 0 still playing")
            result["send_to_last_verdict_s"] = round(time.monotonic() - sent, 1)
            after = cpu_snapshot(server)
            result["cpu_s"] = cpu_used(before, after)
            result["server_cpu_s_by_part"] = by_part(server, before, after)
            result["server_share_s"] = round(result["cpu_s"]["server"] / cores, 1)
            result["teacher_line"] = teacher.locator(LINE).first.inner_text()
            result["load_average_after"] = psutil.getloadavg()
            for context in contexts_all:
                context.close()
            browser.close()
    finally:
        server.stop()
        server.discard_log()
    return result


def main() -> None:
    if "--static" in sys.argv[1:]:  # the same room against the static build: benchmarks/static_room_load.py
        import static_room_load

        static_room_load.main([arg for arg in sys.argv[1:] if arg != "--static"])
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--solve", action="store_true", help="a room of followers solving the teacher's exercise")
    parser.add_argument("--followers", type=int, default=20, help="--solve: how many follow and solve")
    parser.add_argument("--pages", type=int, default=20)
    parser.add_argument("--room", type=int, default=20)
    parser.add_argument("--game", default="dtector")
    parser.add_argument("--sessions", type=int, default=5)
    parser.add_argument("--clicks", type=int, default=200)
    parser.add_argument(
        "--json",
        type=Path,
        help="where the figures go (default: results/room_load.json, with --solve results/room_solve_load.json)",
    )
    args = parser.parse_args()
    result = run_solve(args) if args.solve else run(args)
    save_and_print(result, args.json or HERE / "results" / ("room_solve_load.json" if args.solve else "room_load.json"))


if __name__ == "__main__":
    main()

"""A room solving the teacher's exercise at once, measured (never asserted) on this machine.

    .venv/bin/python benchmarks/room_solve_load.py [--followers 20] [--json PATH]

1. starts ``digitutor serve --room N+1 --game dtector`` (a preheated kernel for the teacher and each follower) and
   waits until it says it is ready;
2. the teacher (headless Chromium) opens exercise 1 of the D-Tector course's first lesson; ``--followers`` follow
   pages (each its own browser context) follow the teacher until the teacher's line counts them all;
3. from the teacher's *Send this exercise to the room* on: every follower presses *Solve it* (its own Learn page, a
   kernel from the pool, in a new tab) and answers: Patamon (Ability beats the opponent's Crush: solved) for four
   followers in five, Agumon (Energy loses to Crush: failed) for the fifth; the run ends when the teacher's line
   shows every verdict ("16 solved, 4 failed, 0 still playing").
Issue 36's target: the server's share (CPU seconds of the server and its kernels from the send to the last verdict
on the teacher's line, divided by the machine's cores) at most 15 s for 20 followers. The browsers' CPU is reported
apart: on one machine they share its cores with the server, in a room each follower brings its own.
"""

from __future__ import annotations

import argparse
import platform
import re
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))

import psutil
from drive import wait_ready
from harness import CHROMIUM, CHROMIUM_ARGS, Server, start_server
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright
from report import save_and_print
from room_load import cpu_snapshot, cpu_used
from test_follow_room import links

HERE = Path(__file__).resolve().parent
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


def run(args: argparse.Namespace) -> dict[str, Any]:
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
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--followers", type=int, default=20)
    parser.add_argument("--json", type=Path, default=HERE / "results" / "room_solve_load.json")
    args = parser.parse_args()
    save_and_print(run(args), args.json)


if __name__ == "__main__":
    main()

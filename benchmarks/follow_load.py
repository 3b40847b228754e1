"""A room following the teacher, measured (never asserted) on this machine.

    .venv/bin/python benchmarks/follow_load.py [--followers 100] [--steps 50] [--game dcg] [--json PATH]

1. starts ``digitutor serve --room 1 --game GAME`` and opens the teacher's link (printed by the
   server) in headless Chromium; the teacher's Learn app switches to free play (a long game);
2. ``--followers`` plain server-sent-event clients (asyncio sockets in this process, not
   browsers; they accept gzip, as browsers do) join at once; reports each one's join time (connect to the first view
   received) and the server's CPU while they join (server process and its kernels; "server's share" = CPU seconds /
   cores);
3. the teacher presses Next (or, at a decision, the ★ / first option, as a teacher would) ``--steps``
   times **through the teacher's page** (a real click, the kernel renders and publishes, the
   server fans out): the latency of each follower is from the moment just before the click to
   that follower's receipt of the new view (p50/p95/max over every follower and step); the server
   tree's CPU per step; failures (a follower without the new view within 10 s, a dropped stream);
4. one follower page in Chromium, alone after the load: bytes transferred and the browser's
   CPU (Chromium's task time) until the board is drawn.
Targets (issue 27): 0 failures, latency p95 <= 1 s, server's share for the joins <= 5 s.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import platform
import re
import sys
import threading
import time
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))

import psutil
from drive import act, wait_ready
from harness import CHROMIUM, CHROMIUM_ARGS, LOOPBACK, Server, start_server
from playwright.sync_api import Page, sync_playwright
from report import save_and_print

HERE = Path(__file__).resolve().parent
EVENTS = "/digitutor/follow/events"
STEP_TIMEOUT_S = 10.0
JOIN_TIMEOUT_S = 60.0
TARGETS = {"failures": 0, "latency_p95_s": 1.0, "join_server_share_s": 5.0}
_ID = re.compile(rb"^id: (\d+)$", re.MULTILINE)


@dataclass
class Follower:
    """One plain SSE client: when it joined, and when each view (by its sequence number) arrived."""

    started: float = 0.0
    joined: float | None = None
    received: dict[int, float] = field(default_factory=dict)
    error: str = ""
    closed: bool = False
    bytes: int = 0

    def latest(self) -> int:
        return max(self.received, default=0)


async def follow(port: int, follower: Follower) -> None:
    """GET the event stream (HTTP/1.0: the body is the stream itself) and note every view's arrival."""
    follower.started = time.time()
    try:
        reader, writer = await asyncio.open_connection(LOOPBACK, port)
        writer.write(
            f"GET {EVENTS} HTTP/1.0\r\nHost: {LOOPBACK}:{port}\r\nAccept: text/event-stream\r\n"
            "Accept-Encoding: gzip\r\n\r\n".encode()
        )
        await writer.drain()
        head = await reader.readuntil(b"\r\n\r\n")
        if b" 200 " not in head.split(b"\r\n", 1)[0]:
            follower.error = head.split(b"\r\n", 1)[0].decode(errors="replace")
            return
        buffer = b""
        inflate = zlib.decompressobj(16 + zlib.MAX_WBITS) if b"content-encoding: gzip" in head.lower() else None
        while True:
            chunk = await reader.read(262144)
            if not chunk:
                follower.closed = True
                return
            now = time.time()
            follower.bytes += len(chunk)
            buffer += inflate.decompress(chunk) if inflate is not None else chunk
            *events, buffer = buffer.split(b"\n\n")
            for event in events:
                found = _ID.search(event)
                if found:
                    follower.received.setdefault(int(found[1]), now)
                    if follower.joined is None:
                        follower.joined = now
    except (OSError, asyncio.IncompleteReadError) as error:
        follower.error = f"{type(error).__name__}: {error}"


class Room(threading.Thread):
    """The followers, on an asyncio loop of their own (the teacher's browser is driven from the main thread)."""

    def __init__(self, port: int, count: int) -> None:
        super().__init__(daemon=True)
        self.port, self.followers = port, [Follower() for _ in range(count)]
        self.loop = asyncio.new_event_loop()

    def run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.loop.run_until_complete(asyncio.gather(*(follow(self.port, f) for f in self.followers)))

    def wait(self, ready: Any, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while not ready():
            if time.monotonic() > deadline:
                return False
            time.sleep(0.005)
        return True


def tree(server: Server) -> list[psutil.Process]:
    root = psutil.Process(server.process.pid)
    return [root, *root.children(recursive=True)]


def cpu(processes: list[psutil.Process]) -> dict[int, float]:
    used = {}
    for process in processes:
        try:
            times = process.cpu_times()
            used[process.pid] = times.user + times.system
        except psutil.Error:
            continue
    return used


def spent(before: dict[int, float], after: dict[int, float], pids: set[int] | None = None) -> float:
    return sum(seconds - before.get(pid, 0.0) for pid, seconds in after.items() if pids is None or pid in pids)


def percentiles(values: list[float]) -> dict[str, float] | None:
    if not values:
        return None
    ordered = sorted(values)

    def at(q: float) -> float:
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))]

    return {"p50": round(at(0.50), 3), "p95": round(at(0.95), 3), "max": round(ordered[-1], 3)}


def teacher_link(server: Server) -> str:
    found = re.search(r"teacher's board \(keep this link to yourself\): (\S+)", server.output())
    if not found:
        raise SystemExit(f"the server printed no teacher's link:\n{server.output()}")
    return found[1]


def open_teacher(page: Page, link: str) -> Any:
    page.goto(link)
    root = wait_ready(page, timeout_ms=120_000)
    free = page.locator(".dt-mode button", has_text="Free play")
    if free.count():
        free.first.click()
        page.wait_for_function("() => document.querySelector('.dt-tutor .dt-status').textContent.startsWith('Start')")
    return root


def drive(page: Page, root: Any, room: Room, steps: int) -> dict[str, Any]:
    """``steps`` teacher moves through the page; each follower's latency from the click."""
    latencies, failures, moved = [], 0, 0
    for _ in range(steps):
        last = max(f.latest() for f in room.followers)
        clicked = time.time()
        if not act(root):
            break  # the game is over
        moved += 1
        room.wait(lambda: all(f.latest() > last or f.error or f.closed for f in room.followers), STEP_TIMEOUT_S)  # noqa: B023 - wait() polls it before the next iteration
        for follower in room.followers:
            arrived = [when for seq, when in follower.received.items() if seq > last]
            if arrived:
                latencies.append(min(arrived) - clicked)
            else:
                failures += 1
    return {"steps": moved, "latencies": latencies, "failures": failures}


def follower_page(browser: Any, url: str) -> dict[str, Any]:
    """One follower page alone: bytes over the wire and the browser's own CPU until the board is drawn."""
    context = browser.new_context(viewport={"width": 1100, "height": 800})
    page = context.new_page()
    session = context.new_cdp_session(page)
    session.send("Performance.enable")
    started = time.monotonic()
    page.goto(url)
    page.wait_for_function("() => document.querySelector('#dt-board .dt-players') !== null")
    shown = time.monotonic() - started
    metrics = {m["name"]: m["value"] for m in session.send("Performance.getMetrics")["metrics"]}
    transferred = page.evaluate("""() => performance.getEntriesByType('navigation').concat(
        performance.getEntriesByType('resource')).reduce((sum, e) => sum + (e.transferSize || 0), 0)""")
    context.close()
    # an event stream never ends, so its bytes are not in transferSize: the views it carried are counted apart
    return {
        "first_board_s": round(shown, 2),
        "browser_task_s": round(metrics.get("TaskDuration", 0.0), 3),
        "page_bytes": transferred,
    }


def run(args: argparse.Namespace) -> dict[str, Any]:
    server = start_server(["--room", "1", "--game", args.game], timeout=900)
    cores = psutil.cpu_count() or 1
    result: dict[str, Any] = {
        "machine": {"cores": cores, "python": platform.python_version()},
        "command": " ".join(sys.argv),
        "followers": args.followers,
        "game": args.game,
        "teacher": "a real click on the teacher's page (Chromium), the kernel publishes",
    }
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            # taller than 800 px: presenter mode keeps its mode bar there (Free play is clicked on it)
            teacher = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
            root = open_teacher(teacher, teacher_link(server))

            room = Room(server.port, args.followers)
            server_pid = server.process.pid
            before, started = cpu(tree(server)), time.time()
            room.start()
            room.wait(lambda: all(f.joined or f.error for f in room.followers), JOIN_TIMEOUT_S)
            after = cpu(tree(server))
            joins = [f.joined - started for f in room.followers if f.joined]
            join_cpu = spent(before, after)
            result["join"] = {
                "seconds": percentiles(joins),
                "joined": len(joins),
                "server_cpu_s": round(join_cpu, 2),
                "server_process_cpu_s": round(spent(before, after, {server_pid}), 2),
                "server_share_s": round(join_cpu / cores, 2),
            }
            print(json.dumps({"join": result["join"]}), flush=True)

            before = cpu(tree(server))
            steps = drive(teacher, root, room, args.steps)
            after = cpu(tree(server))
            moved = max(steps["steps"], 1)
            result["steps"] = {
                "moves": steps["steps"],
                "latency_s": percentiles(steps["latencies"]),
                "server_tree_cpu_s_per_step": round(spent(before, after) / moved, 3),
                "server_process_cpu_s_per_step": round(spent(before, after, {server_pid}) / moved, 3),
            }
            views = sum(len(f.received) for f in room.followers)
            result["wire_bytes_per_view"] = round(sum(f.bytes for f in room.followers) / max(views, 1))
            result["failures"] = (
                steps["failures"]
                + sum(1 for f in room.followers if f.error or f.closed)
                + (args.followers - len(joins))
            )
            result["failure_samples"] = [f.error or "closed" for f in room.followers if f.error or f.closed][:5]
            result["follower_page"] = follower_page(browser, server.url + "/digitutor/follow")
            browser.close()
    finally:
        server.stop()
        server.discard_log()
    result["targets"] = TARGETS
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--followers", type=int, default=100)
    parser.add_argument("--steps", type=int, default=50)
    parser.add_argument("--game", default="dcg")
    parser.add_argument("--json", type=Path, default=HERE / "results" / "follow_load.json")
    args = parser.parse_args()
    result = run(args)
    save_and_print(result, args.json)


if __name__ == "__main__":
    main()

"""How fast the tutor feels in a real browser, measured (never asserted) on this machine.

    .venv/bin/python benchmarks/app_speed.py [--game dtector] [--loads 3] [--clicks 60]
        [--apps start rulebook ...] [--json PATH]

(a) open every app under ``digitutor serve`` (the landing page first) until it is interactive
    (its main control drawn and enabled), vs stock Voila showing ``benchmarks/one_button.ipynb``
    in the same run (target: each app's median <= 1.0x the one-button median);
(b) Next step: click to changed "rule now" text, timed inside the page (target p95 <= 50 ms);
(c) resident memory of the Learn app's kernel vs the one-button kernel, which only imports
    ipywidgets (target <= 1.5x).
Both servers run side by side on loopback; each sample waits until every kernel is idle.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))

import psutil
from harness import CHROMIUM, CHROMIUM_ARGS, NOTEBOOKS, Server, free_port, start_command, start_server
from playwright.sync_api import BrowserContext, Page, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeout

HERE = Path(__file__).resolve().parent
TARGETS = {"load_ratio": 1.0, "next_p95_ms": 50.0, "memory_ratio": 1.5}

# Each returns performance.now() (ms since the navigation started) once ready, else 0.
LEARN_READY = """() => {
  const next = document.querySelector('.dt-tutor button.dt-next');
  const board = document.querySelector('.dt-tutor .dt-board');
  const drawn = board && board.offsetParent !== null && board.innerText.trim().length > 0;
  return next && !next.disabled && drawn ? performance.now() : 0;
}"""


#: every app, the landing page first, and what "interactive" means for it (a JS test that returns a time or 0)
def _ready(css: str) -> str:
    return (
        "() => { const e = document.querySelector(" + json.dumps(css) + "); "
        "return e && e.offsetParent !== null && !e.disabled ? performance.now() : 0; }"
    )


APP_READY = {
    "start.ipynb": _ready(".dt-start a.dt-link-main"),
    "rulebook.ipynb": _ready(".dt-rulebook .dt-clause blockquote"),
    "rulings.ipynb": _ready(".dt-rulings .dt-tutor button.dt-next"),
    "deck_check.ipynb": _ready(".dt-deck-check button.dt-check"),
    "compare.ipynb": _ready(".dt-compare-app table.dt-compare"),
}
BUTTON_READY = """() => {
  const button = document.querySelector('button.bench-button');
  return button && button.offsetParent !== null ? performance.now() : 0;
}"""
# Clicks Next and resolves with the ms until the "rule now" panel shows other text (-1: no change in 5 s).
TIMED_NEXT = """() => new Promise(resolve => {
  const panel = document.querySelector('.dt-tutor .dt-citation');
  const before = panel.innerText;
  const observer = new MutationObserver(() => {
    if (panel.innerText !== before) { observer.disconnect(); resolve(performance.now() - started); }
  });
  observer.observe(panel, {subtree: true, childList: true, characterData: true});
  setTimeout(() => { observer.disconnect(); resolve(-1); }, 5000);
  const started = performance.now();
  document.querySelector('.dt-tutor button.dt-next').click();
})"""
KERNEL_ID = "() => JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId"


def stock_voila(root: Path) -> Server:
    """Voila as installed, no preheating, serving ``root`` (run there, so the repo's voila.json is not read)."""
    port = free_port()
    command = [
        sys.executable,
        "-m",
        "voila",
        str(root),
        "--no-browser",
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
        "--VoilaConfiguration.preheat_kernel=False",
    ]
    return start_command(command, port, root)


def wait_idle(servers: list[Server], pooled: Server, pool: int, timeout: float = 90.0) -> None:
    """Until the pool is full again and no server or kernel uses the CPU (so samples do not overlap)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        processes = [psutil.Process(s.process.pid) for s in servers] + [k for s in servers for k in s.kernels()]
        for process in processes:
            process.cpu_percent(None)
        time.sleep(0.5)
        busy = [p for p in processes if p.is_running() and p.cpu_percent(None) > 5.0]
        if not busy and len(pooled.kernels()) == pool:
            return
    state = {s.url: [(k.pid, k.cpu_percent(None)) for k in s.kernels()] for s in servers}
    raise RuntimeError(f"the servers did not settle: kernels (pid, %cpu) {state}, want {pool} in the pool")


def open_until(browser: BrowserContext, url: str, ready: str) -> tuple[Page, float]:
    page = browser.new_page()
    page.goto(url, wait_until="commit")
    elapsed = page.wait_for_function(ready, polling="raf", timeout=120_000).json_value()
    return page, float(elapsed)


def leave(page: Page) -> None:
    """Navigate away, so the page's unload beacon asks Voila to shut its kernel down, then close the tab."""
    page.goto("about:blank")
    page.close()


def load_times(browser: BrowserContext, url: str, ready: str, loads: int, settle: Any) -> list[float]:
    """Milliseconds from navigation start to ready, one fresh tab per load (HTTP cache warmed first)."""
    times = []
    for index in range(loads + 1):
        settle()
        page, elapsed = open_until(browser, url, ready)
        leave(page)
        if index:  # the first load only warms the browser cache
            times.append(elapsed)
    return times


def next_latencies(page: Page, clicks: int) -> list[float]:
    """Timed Next presses; decisions met on the way are answered (untimed) with the suggested option."""
    samples: list[float] = []
    for _ in range(clicks * 4):
        if len(samples) >= clicks:
            break
        options = page.locator(
            ".dt-decision button.dt-option-suggested, .dt-decision button.dt-option:not(.dt-option-illegal)"
        )
        if page.locator(".dt-tutor button.dt-next").is_disabled():
            page.locator(".dt-tutor button.dt-restart").click()
            page.wait_for_timeout(300)
        elif options.count():
            before = page.locator(".dt-status").inner_text()
            try:
                options.first.click(timeout=3000)
            except PlaywrightTimeout:  # the decision was redrawn under the pointer: look again
                continue
            page.wait_for_function("b => document.querySelector('.dt-status').innerText !== b", arg=before)
        else:
            elapsed = page.evaluate(TIMED_NEXT)
            if elapsed >= 0:
                samples.append(elapsed)
    return samples


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def kernel_memory(page: Page, server: Server) -> dict[str, float]:
    kernel = server.kernel(page.evaluate(KERNEL_ID))
    info = kernel.memory_full_info()
    return {"rss_mib": info.rss / 2**20, "uss_mib": info.uss / 2**20}


def measure(args: argparse.Namespace) -> dict[str, Any]:
    learn = f"learn_{args.game}.ipynb"
    apps = {
        **{name: APP_READY[name] for name in APP_READY},
        **{p.name: LEARN_READY for p in sorted(NOTEBOOKS.glob("learn_*.ipynb"))},
    }
    if args.apps:
        apps = {name: ready for name, ready in apps.items() if name.removesuffix(".ipynb") in args.apps}
    with tempfile.TemporaryDirectory(prefix="digitutor-bench-") as folder:
        root = Path(folder)
        (root / "one_button.ipynb").symlink_to(HERE / "one_button.ipynb")
        tutor, stock = start_server(), stock_voila(root)
        servers = [tutor, stock]
        time.sleep(3)
        pool = len(tutor.kernels())  # the preheated kernels voila.json asks for
        try:
            with sync_playwright() as playwright:
                chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
                browser = chromium.new_context(viewport={"width": 1280, "height": 800})  # one HTTP cache for all tabs

                def settle() -> None:
                    wait_idle(servers, tutor, pool)

                loads: dict[str, list[float]] = {}
                one_button: list[float] = []
                for name, ready in apps.items():  # the one-button reference is measured between the apps
                    one_button += load_times(
                        browser, f"{stock.url}/voila/render/one_button.ipynb", BUTTON_READY, 1, settle
                    )
                    loads[name] = load_times(browser, f"{tutor.url}/voila/render/{name}", ready, args.loads, settle)
                one_button += load_times(browser, f"{stock.url}/voila/render/one_button.ipynb", BUTTON_READY, 1, settle)
                settle()
                page, _ = open_until(browser, f"{tutor.url}/voila/render/{learn}", LEARN_READY)
                clicks = next_latencies(page, args.clicks)
                learn_memory = kernel_memory(page, tutor)
                button_page, _ = open_until(browser, f"{stock.url}/voila/render/one_button.ipynb", BUTTON_READY)
                button_memory = kernel_memory(button_page, stock)
                chromium.close()
        except BaseException:
            for server in servers:  # what the servers said, for the one who reads the traceback
                print(f"--- {' '.join(server.process.args[:4])} ...\n{server.output()[-3000:]}", file=sys.stderr)
            raise
        finally:
            for server in servers:
                server.stop()
                server.discard_log()
    reference = statistics.median(one_button)
    return {
        "game": args.game,
        "machine": {
            "cpus": psutil.cpu_count(),
            "python": platform.python_version(),
            "platform": platform.platform(),
            "load_average": list(psutil.getloadavg()),
        },
        "preheated_kernels": pool,
        "load_ms": {"one_button_stock_voila": one_button, **loads},
        "load_ratio": {name: statistics.median(times) / reference for name, times in loads.items()},
        "next_ms": {
            "samples": len(clicks),
            "p50": percentile(clicks, 0.5),
            "p95": percentile(clicks, 0.95),
            "max": max(clicks),
            "all": clicks,
        },
        "kernel_mib": {"learn": learn_memory, "one_button": button_memory},
        "memory_ratio": learn_memory["rss_mib"] / button_memory["rss_mib"],
        "targets": TARGETS,
    }


def table(result: dict[str, Any]) -> str:
    loads, nxt, mem = result["load_ms"], result["next_ms"], result["kernel_mib"]

    def verdict(ok: bool) -> str:
        return "ok" if ok else "MISSED"

    rows = [
        (
            "one-button notebook, stock Voila (median)",
            f"{statistics.median(loads['one_button_stock_voila']):.0f} ms",
            "",
        )
    ]
    for name, ratio in result["load_ratio"].items():
        rows.append(
            (
                f"(a) {name}: median / ratio",
                f"{statistics.median(loads[name]):.0f} ms / {ratio:.2f}",
                verdict(ratio <= TARGETS["load_ratio"]),
            )
        )
    rows += [
        (
            f"(b) Next step p50 / p95 over {nxt['samples']}",
            f"{nxt['p50']:.0f} / {nxt['p95']:.0f} ms",
            verdict(nxt["p95"] <= TARGETS["next_p95_ms"]),
        ),
        (
            "kernel RSS: Learn app / one-button",
            f"{mem['learn']['rss_mib']:.0f} / {mem['one_button']['rss_mib']:.0f} MiB",
            "",
        ),
        (
            "(c) memory ratio, target <= 1.5",
            f"{result['memory_ratio']:.2f}",
            verdict(result["memory_ratio"] <= TARGETS["memory_ratio"]),
        ),
    ]
    width = max(len(name) for name, _, _ in rows)
    return "\n".join(f"{name:<{width}}  {value:>18}  {ok}" for name, value, ok in rows)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="dtector", help="which Learn app (default: dtector)")
    parser.add_argument("--loads", type=int, default=3, help="timed page loads per app (default: 3)")
    parser.add_argument("--clicks", type=int, default=60, help="timed Next presses (default: 60)")
    parser.add_argument(
        "--apps", nargs="*", metavar="APP", help="only these apps, e.g. start rulebook (default: every app)"
    )
    parser.add_argument(
        "--json", type=Path, default=HERE / "results" / "app_speed.json", help="where to write the figures"
    )
    args = parser.parse_args()
    if not CHROMIUM.exists():
        print(f"app_speed: {CHROMIUM} is missing (apt-get install chromium)", file=sys.stderr)
        return 2
    if not (NOTEBOOKS / f"learn_{args.game}.ipynb").is_file():
        print(f"app_speed: no notebooks/learn_{args.game}.ipynb", file=sys.stderr)
        return 2
    result = measure(args)
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(table(result))
    print(f"(figures in {args.json})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

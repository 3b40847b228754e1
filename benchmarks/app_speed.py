"""How fast the tutor feels in a real browser, measured (never asserted) on this machine.

    .venv/bin/python benchmarks/app_speed.py [--game dtector] [--loads 5] [--clicks 60] [--json PATH]

(a) open a Learn app under ``digitutor serve`` until the board is drawn and Next step is
    enabled, vs stock Voila showing ``benchmarks/one_button.ipynb`` (target ratio <= 1.3);
(b) Next step: click to changed "rule now" text, timed inside the page (target p95 < 100 ms);
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

import psutil  # noqa: E402
from harness import CHROMIUM, CHROMIUM_ARGS, NOTEBOOKS, Server, free_port, start_command, start_server  # noqa: E402
from playwright.sync_api import BrowserContext, Page, sync_playwright  # noqa: E402

HERE = Path(__file__).resolve().parent
TARGETS = {"load_ratio": 1.3, "next_p95_ms": 100.0, "memory_ratio": 1.5}

# Each returns performance.now() (ms since the navigation started) once ready, else 0.
LEARN_READY = """() => {
  const next = document.querySelector('.dt-tutor button.dt-next');
  const board = document.querySelector('.dt-tutor .dt-board');
  const drawn = board && board.offsetParent !== null && board.innerText.trim().length > 0;
  return next && !next.disabled && drawn ? performance.now() : 0;
}"""
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
    command = [sys.executable, "-m", "voila", str(root), "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
               "--VoilaConfiguration.preheat_kernel=False"]
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
        options = page.locator(".dt-decision button.dt-option-suggested, .dt-decision button.dt-option:not(.dt-option-illegal)")
        if page.locator(".dt-tutor button.dt-next").is_disabled():
            page.locator(".dt-tutor button.dt-restart").click()
            page.wait_for_timeout(300)
        elif options.count():
            before = page.locator(".dt-status").inner_text()
            options.first.click()
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
    pool = len(list(NOTEBOOKS.glob("learn_*.ipynb")))
    with tempfile.TemporaryDirectory(prefix="digitutor-bench-") as folder:
        root = Path(folder)
        (root / "one_button.ipynb").symlink_to(HERE / "one_button.ipynb")
        (root / learn).symlink_to(NOTEBOOKS / learn)
        tutor, stock = start_server(), stock_voila(root)
        servers = [tutor, stock]
        try:
            with sync_playwright() as playwright:
                chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
                browser = chromium.new_context(viewport={"width": 1280, "height": 800})  # one HTTP cache for all tabs
                settle = lambda: wait_idle(servers, tutor, pool)  # noqa: E731
                one_button = load_times(browser, f"{stock.url}/voila/render/one_button.ipynb", BUTTON_READY, args.loads, settle)
                preheated = load_times(browser, f"{tutor.url}/voila/render/{learn}", LEARN_READY, args.loads, settle)
                cold = load_times(browser, f"{stock.url}/voila/render/{learn}", LEARN_READY, args.loads, settle)
                settle()
                page, _ = open_until(browser, f"{tutor.url}/voila/render/{learn}", LEARN_READY)
                clicks = next_latencies(page, args.clicks)
                learn_memory = kernel_memory(page, tutor)
                button_page, _ = open_until(browser, f"{stock.url}/voila/render/one_button.ipynb", BUTTON_READY)
                button_memory = kernel_memory(button_page, stock)
                plain_page, _ = open_until(browser, f"{stock.url}/voila/render/{learn}", LEARN_READY)
                plain_memory = kernel_memory(plain_page, stock)  # the same app, never preheated
                chromium.close()
        except BaseException:
            for server in servers:  # what the servers said, for the one who reads the traceback
                print(f"--- {' '.join(server.process.args[:4])} ...\n{server.output()[-3000:]}", file=sys.stderr)
            raise
        finally:
            for server in servers:
                server.stop()
                server.discard_log()
    return {
        "game": args.game,
        "machine": {"cpus": psutil.cpu_count(), "python": platform.python_version(), "platform": platform.platform()},
        "load_ms": {"one_button_stock_voila": one_button, "learn_digitutor_serve": preheated, "learn_stock_voila": cold},
        "load_ratio": statistics.median(preheated) / statistics.median(one_button),
        "load_ratio_without_preheat": statistics.median(cold) / statistics.median(one_button),
        "next_ms": {"samples": len(clicks), "p50": percentile(clicks, 0.5), "p95": percentile(clicks, 0.95),
                    "max": max(clicks), "all": clicks},
        "kernel_mib": {"learn": learn_memory, "one_button": button_memory, "learn_stock_voila": plain_memory},
        "memory_ratio": learn_memory["rss_mib"] / button_memory["rss_mib"],
        "targets": TARGETS,
    }


def table(result: dict[str, Any]) -> str:
    loads, nxt, mem = result["load_ms"], result["next_ms"], result["kernel_mib"]
    med = {name: statistics.median(values) for name, values in loads.items()}

    def verdict(ok: bool) -> str:
        return "ok" if ok else "MISSED"

    rows = [
        ("one-button notebook, stock Voila (median)", f"{med['one_button_stock_voila']:.0f} ms", ""),
        (f"learn_{result['game']}, digitutor serve (median)", f"{med['learn_digitutor_serve']:.0f} ms", ""),
        (f"learn_{result['game']}, stock Voila, no preheat", f"{med['learn_stock_voila']:.0f} ms", ""),
        ("(a) load ratio, target <= 1.3", f"{result['load_ratio']:.2f}", verdict(result["load_ratio"] <= TARGETS["load_ratio"])),
        (f"(b) Next step p50 / p95 over {nxt['samples']}", f"{nxt['p50']:.0f} / {nxt['p95']:.0f} ms",
         verdict(nxt["p95"] < TARGETS["next_p95_ms"])),
        ("kernel RSS: Learn app / one-button", f"{mem['learn']['rss_mib']:.0f} / {mem['one_button']['rss_mib']:.0f} MiB", ""),
        ("(c) memory ratio, target <= 1.5", f"{result['memory_ratio']:.2f}", verdict(result["memory_ratio"] <= TARGETS["memory_ratio"])),
        ("    same app, stock Voila, never preheated", f"{mem['learn_stock_voila']['rss_mib']:.0f} MiB", ""),
    ]
    width = max(len(name) for name, _, _ in rows)
    return "\n".join(f"{name:<{width}}  {value:>16}  {ok}" for name, value, ok in rows)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="dtector", help="which Learn app (default: dtector)")
    parser.add_argument("--loads", type=int, default=5, help="timed page loads per case (default: 5)")
    parser.add_argument("--clicks", type=int, default=60, help="timed Next presses (default: 60)")
    parser.add_argument("--json", type=Path, default=HERE / "results" / "app_speed.json", help="where to write the figures")
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

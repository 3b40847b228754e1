"""A real ``digitutor serve`` on a free loopback port, and headless Debian Chromium.

Shared by the browser tests and by ``benchmarks/`` (which put this folder on sys.path).
"""

from __future__ import annotations

import contextlib
import http.client
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psutil

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
CHROMIUM = Path("/usr/bin/chromium")
#: what the tests drive: Debian's headless shell of the same Chromium where it is installed (the same Blink without
#: the desktop browser around it: measured 1.9 CPU-s per Learn page against 3.6), else the full browser. The
#: benchmarks keep the full browser, which is what a learner uses.
TEST_CHROMIUM = next((path for path in (Path("/usr/bin/chromium-headless-shell"), CHROMIUM) if path.exists()), CHROMIUM)
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    # nothing leaves the machine, even where CI has internet: every host but the loopback one (which Chromium never
    # sends through a proxy) goes through a proxy on a port where nothing listens
    "--proxy-server=http://127.0.0.1:9",
]
LOOPBACK = "127.0.0.1"
#: the browser tests' window size
VIEWPORT = {"width": 1280, "height": 800}
#: what a cell error or a cell's stderr looks like in a Voila page
CELL_FAILURE = '[data-mime-type="application/vnd.jupyter.stderr"], .jp-OutputArea-output[data-mime-type*="error"]'
#: what ``digitutor serve`` prints once its pool of preheated kernels is full
READY_TEXT = "digitutor: ready in"


def free_port() -> int:
    """A TCP port free on the loopback interface right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((LOOPBACK, 0))
        return probe.getsockname()[1]


def learn_notebooks() -> list[str]:
    """The Learn apps that Voila keeps a preheated kernel for."""
    return sorted(path.name for path in NOTEBOOKS.glob("learn_*.ipynb"))


def http_get(port: int, path: str, timeout: float = 180.0) -> tuple[int, dict[str, str], bytes]:
    """Status, headers and body of a GET on the loopback server (redirects not followed). A page runs its notebook
    in a kernel before it answers: on a busy machine that took more than 30 s (a CI run failed so)."""
    connection = http.client.HTTPConnection(LOOPBACK, port, timeout=timeout)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        connection.close()


@dataclass
class Server:
    """A running ``digitutor serve`` child process."""

    process: subprocess.Popen
    port: int
    log: Path
    seen_kernels: set[int] = field(default_factory=set)

    @property
    def url(self) -> str:
        return f"http://{LOOPBACK}:{self.port}"

    def output(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")

    def kernels(self) -> list[psutil.Process]:
        """The kernel processes the server runs now (preheated and in use)."""
        try:
            children = psutil.Process(self.process.pid).children(recursive=True)
        except psutil.NoSuchProcess:
            return []
        found = [child for child in children if _is_kernel(child)]
        self.seen_kernels.update(kernel.pid for kernel in found)
        return found

    def stop(self, timeout: float = 120.0) -> int | None:
        """Ctrl-C, as a user would; kill whatever is left after ``timeout`` (and say in the log what was left)."""
        self.kernels()  # remember them: a clean stop must take them down too
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                self._note_left_running(timeout)
                _kill_group(self.process.pid)
                self.process.wait(10)
        for pid in self.leftover_kernels():
            _kill(pid)
        return self.process.returncode

    def _note_left_running(self, timeout: float) -> None:
        """What still ran ``timeout`` s after Ctrl-C: the server's own state and
        each child's, for the failure report."""
        try:
            server = psutil.Process(self.process.pid)
            rows = [
                f"{p.pid} {p.status()} {' '.join(p.cmdline()[:3])}" for p in [server, *server.children(recursive=True)]
            ]
        except psutil.Error as error:
            rows = [f"(could not list: {error})"]
        with self.log.open("a") as sink:
            sink.write(f"[harness] still running {timeout:.0f} s after Ctrl-C:\n" + "\n".join(rows) + "\n")

    def kernel(self, kernel_id: str) -> psutil.Process:
        """The process of the kernel with this id (as a page's ``kernelId`` names it)."""
        for kernel in self.kernels():
            if any(f"kernel-{kernel_id}" in part for part in kernel.cmdline()):
                return kernel
        raise LookupError(f"no kernel {kernel_id} under server {self.process.pid}")

    def discard_log(self) -> None:
        self.log.unlink(missing_ok=True)

    def leftover_kernels(self) -> list[int]:
        """Kernels this server started that still run."""
        return [pid for pid in self.seen_kernels if _alive_kernel(pid)]


def start_server(
    extra_args: Sequence[str] = (), timeout: float = 180.0, wait_preheat: bool = True, in_background: bool = False
) -> Server:
    """Start ``digitutor serve --no-browser`` on a free port; return once ``/`` answers (and it says it is ready).
    ``in_background``: started with SIGINT ignored, as a shell starts a job it runs in the background."""
    port = free_port()
    command = [sys.executable, "-m", "digitutor.cli", "serve", "--port", str(port), "--no-browser", *extra_args]
    server = start_command(command, port, ROOT, len(learn_notebooks()) if wait_preheat else 0, timeout, in_background)
    if wait_preheat:
        try:
            _wait(lambda: READY_TEXT in server.output(), time.monotonic() + timeout, server, "to fill its kernel pool")
        except BaseException:
            server.stop()
            raise
    return server


def start_command(
    command: Sequence[str], port: int, cwd: Path, kernels: int = 0, timeout: float = 120.0, in_background: bool = False
) -> Server:
    """Start a server command listening on ``port``; return once ``/`` answers and ``kernels`` kernels run."""
    log = Path(tempfile.mkstemp(prefix="digitutor-serve-", suffix=".log")[1])
    with log.open("w") as sink:
        process = subprocess.Popen(
            list(command),
            cwd=cwd,
            stdout=sink,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
            preexec_fn=_ignore_sigint if in_background else _default_sigint,
        )
    server = Server(process, port, log)
    deadline = time.monotonic() + timeout
    try:
        _wait(lambda: _answers(server), deadline, server, "to answer on /")
        _wait(lambda: len(server.kernels()) >= kernels, deadline, server, f"to start {kernels} preheated kernel(s)")
    except BaseException:
        server.stop()
        raise
    return server


def _wait(ready, deadline: float, server: Server, what: str) -> None:
    while not ready():
        if server.process.poll() is not None:
            raise RuntimeError(
                f"digitutor serve exited ({server.process.returncode}) before {what}:\n{server.output()}"
            )
        if time.monotonic() > deadline:
            raise RuntimeError(f"digitutor serve took too long {what}:\n{server.output()}")
        time.sleep(0.2)


def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _default_sigint() -> None:
    """Ctrl-C as in a terminal, even when the tests run as a background job (which ignores SIGINT, and a child keeps
    that): otherwise a plain ``python -m http.server`` ignores the stop and is killed only after the stop's timeout."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _answers(server: Server) -> bool:
    try:
        return http_get(server.port, "/", timeout=30)[0] in (200, 302, 403)  # 403: --lan, no token
    except OSError:
        return False


def _is_kernel(process: psutil.Process) -> bool:
    try:
        return any("ipykernel" in part for part in process.cmdline())
    except (psutil.NoSuchProcess, psutil.AccessDenied):
        return False


def _alive_kernel(pid: int) -> bool:
    try:
        process = psutil.Process(pid)
        return process.status() != psutil.STATUS_ZOMBIE and _is_kernel(process)
    except psutil.NoSuchProcess:
        return False


def _kill_group(pid: int) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(pid, signal.SIGKILL)


def _kill(pid: int) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGKILL)


def kernel_rss(pid: int) -> int:
    """Resident memory of one kernel process, bytes."""
    return psutil.Process(pid).memory_info().rss


@dataclass
class IdlePage:
    """A Learn page opened when the worker's first browser test starts, and never touched again until test_idle."""

    page: Any  #: a Playwright ``Page``
    opened: float  #: ``time.monotonic()`` when it was ready
    log_start: int  #: where the server's log stood when it opened
    channels: list[str] = field(default_factory=list)  #: the kernel websockets it opened

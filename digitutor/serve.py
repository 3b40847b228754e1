"""``digitutor serve``: the tutor notebooks as standalone Voila apps, the landing page at ``/``.

The Voila settings (sources stripped, no tracebacks, kernel culling, a preheated
kernel per app) live in ``digitutor/serving/voila.json`` (shipped in the package; the
repository root holds the same file, so that plain ``voila notebooks/`` and Binder
behave the same); this module adds what a command line
needs: loopback unless ``--lan`` (then a token on every route), ``/`` -> ``start.ipynb``,
a room (``--room N``: N preheated Learn kernels, filled before it says it is ready, a queue
for pages that must wait, a cap on kernels), no request to a CDN, one-line errors and a
clean stop on Ctrl-C. The Voila side of it lives in ``digitutor.serving``.

``query_string()`` is the kernel side: notebooks call it to read ``?mode=...``,
also in a preheated kernel, which ran the notebook before the request came.
Importing this module is cheap (standard library only); Voila loads on ``serve``.
"""

from __future__ import annotations

import json
import logging
import os
import secrets
import signal
import socket
import sys
import threading
import time
import webbrowser
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

from .core.errors import DigitutorError
from .serving.settings import CONNECT_TIMEOUT_S, RoomPlan, plan_room, tornado_settings

LANDING = "start.ipynb"
CONFIG_FILE = "voila.json"
LOOPBACK = "127.0.0.1"
ALL_INTERFACES = "0.0.0.0"
#: the ``--lan`` token, for the kernels' own request to the server
TOKEN_ENV = "DIGITUTOR_ROOM_TOKEN"

# -- where things are --------------------------------------------------------------------------------


def checkout_root() -> Path:
    """The directory holding the package: the repository checkout in a development install."""
    return Path(__file__).resolve().parent.parent


def package_root() -> Path:
    """The installed ``digitutor`` package (a wheel ships the notebooks and voila.json in it)."""
    return Path(__file__).resolve().parent


def notebooks_dir() -> Path:
    """The tutor notebooks: the checkout's ``notebooks/``, else the copy shipped in the package."""
    for folder in (checkout_root() / "notebooks", package_root() / "notebooks"):
        if (folder / LANDING).is_file():
            return folder
    raise DigitutorError(
        f"no tutor notebooks ({LANDING}) in {checkout_root() / 'notebooks'} or "
        f"{package_root() / 'notebooks'}: reinstall digitutor"
    )


def voila_config_file() -> Path:
    """The Voila settings (``digitutor/serving/voila.json``; the checkout's ``voila.json`` is the same file)."""
    path = package_root() / "serving" / CONFIG_FILE
    try:
        json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise DigitutorError(f"{path}: missing (the Voila settings of the tutor)") from None
    except json.JSONDecodeError as error:
        raise DigitutorError(f"{path}: not valid JSON ({error})") from None
    return path


# -- the server ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RoomOptions:
    """How big a room the server prepares for (``--room``, ``--game``, ``--max-kernels``)."""

    room: int = 1
    games: tuple[str, ...] = ()
    max_kernels: int | None = None
    connect_timeout: float = CONNECT_TIMEOUT_S
    follow: bool = False  #: print the teacher's link and the followers' link (``--room``, ``--lan``)


def serve(port: int = 8866, lan: bool = False, open_browser: bool = True, room: RoomOptions = RoomOptions()) -> int:
    """Serve the apps in the foreground until Ctrl-C; returns the exit code."""
    host = ALL_INTERFACES if lan else LOOPBACK
    _check_port(host, port)
    root = notebooks_dir()
    config = voila_config_file()
    plan = _room_plan(root, room)
    token = secrets.token_urlsafe(24) if lan else ""
    if token:
        os.environ[TOKEN_ENV] = token  # kernels inherit it: their /voila/query websocket needs it too
    teacher_key = secrets.token_urlsafe(24)  # only the server holds it: the teacher's page sends it, the server checks
    app = build_app(root, config, host, port, token, plan)
    app.teacher_key = teacher_key
    local_url = _url(LOOPBACK, port, token)
    shared_url = _url(_lan_address(), port, token) if lan else local_url
    links = (
        room_links(_url(LOOPBACK, port, token), shared_url, teacher_key, _teacher_app(room)) if room.follow else None
    )
    app.on_pool_progress = _progress_reporter(shared_url, lan, plan, links)
    print(
        f"digitutor: preparing {plan.pooled} preheated kernel(s), {plan.learn_pooled} for the Learn apps "
        f"(at most {plan.max_kernels} kernels in all); Learn pages opened meanwhile wait in a queue",
        flush=True,
    )
    if open_browser and _has_display():
        _open_browser_when_listening(local_url)
    _ctrl_c_stops()
    app.start()  # blocks; Voila shuts every kernel down on Ctrl-C or SIGTERM
    print("digitutor: stopped.")
    return 0


def _ctrl_c_stops() -> None:
    """Ctrl-C stops the server even when it was started with SIGINT ignored, as a shell does for a job it runs in the
    background (``digitutor serve &`` in a script, a CI runner): Python then
    leaves SIGINT ignored, and so would Voila."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.default_int_handler)


def _room_plan(root: Path, options: RoomOptions) -> RoomPlan:
    learn = sorted(path.name for path in root.glob("learn_*.ipynb"))
    if options.room < 1:
        raise DigitutorError(f"--room {options.room}: must be at least 1 (attendees served at once)")
    unknown = [game for game in options.games if f"learn_{game}.ipynb" not in learn]
    if unknown:
        known = ", ".join(name.removeprefix("learn_").removesuffix(".ipynb") for name in learn)
        raise DigitutorError(f"--game {unknown[0]}: no Learn app for it (one of: {known})")
    if options.connect_timeout <= 0:
        raise DigitutorError(f"--connect-timeout {options.connect_timeout:g}: must be a positive number of seconds")
    others = sorted(path.name for path in root.glob("*.ipynb") if path.name not in learn)
    plan = plan_room(learn, options.room, list(options.games), options.max_kernels, options.connect_timeout, others)
    if plan.max_kernels <= plan.pooled:
        raise DigitutorError(f"--max-kernels {plan.max_kernels}: must exceed the {plan.pooled} preheated kernels")
    return plan


@dataclass(frozen=True)
class RoomLinks:
    """The two links of a room: the teacher's (presenter mode, teacher key) and the attendees' follow page."""

    teacher: str
    follow: str


def _teacher_app(options: RoomOptions) -> str:
    """The app the teacher's link opens: the first ``--game``'s Learn app, else the rulings library."""
    return f"learn_{options.games[0]}.ipynb" if options.games else "rulings.ipynb"


def room_links(local_url: str, shared_url: str, teacher_key: str, app: str) -> RoomLinks:
    """The teacher's link (on this machine) and the followers' link (as the room reaches the server)."""
    teacher = _with_path(local_url, f"voila/render/{app}", f"mode=presenter&teacher={teacher_key}")
    return RoomLinks(teacher, _with_path(shared_url, "digitutor/follow", ""))


def _with_path(url: str, path: str, query: str) -> str:
    base, _, token_query = url.partition("?")
    joined = "&".join(part for part in (query, token_query) if part)
    return base.rstrip("/") + "/" + path + (f"?{joined}" if joined else "")


def _progress_reporter(
    url: str, lan: bool, plan: RoomPlan, links: RoomLinks | None = None
) -> Callable[[int, int], None]:
    """Prints the pool filling up, then once, when full: how long it took and where to go."""
    started, shown, done = time.monotonic(), [-1], [False]

    def report(ready: int, wanted: int) -> None:
        if done[0] or ready == shown[0]:
            return
        shown[0] = ready
        width = 30
        filled = width * ready // max(wanted, 1)
        print(
            f"digitutor: [{'#' * filled}{'.' * (width - filled)}] {ready}/{wanted} kernels ready "
            f"({time.monotonic() - started:.0f} s)",
            flush=True,
        )
        if ready >= wanted:
            done[0] = True
            print(
                f"digitutor: ready in {time.monotonic() - started:.1f} s: room of {plan.pooled} preheated "
                f"kernel(s), at most {plan.max_kernels} kernels in all"
            )
            print(f"digitutor: serving the tutor {'to your network ' if lan else ''}at {url}")
            if lan:
                print("           (anyone with this link, token included, can use the apps)")
            if links is not None:
                print(f"digitutor: teacher's board (keep this link to yourself): {links.teacher}")
                print(f"digitutor: attendees follow the teacher at: {links.follow}")
            print("           Ctrl-C stops the server.", flush=True)

    return report


def build_app(root: Path, config: Path, host: str, port: int, token: str, plan: RoomPlan | None = None) -> Any:
    """A configured (not started) Voila application serving ``root``."""
    try:
        from traitlets.config import Config

        from .serving.app import TutorVoila
    except ImportError as error:
        raise DigitutorError(
            f"the app extra is missing ({error.name} is not installed): pip install -e '.[app]'"
        ) from None
    app = TutorVoila()
    try:
        app.initialize([str(root), f"--Voila.config_file_paths={config.parent}"])
    except (ValueError, OSError) as error:
        raise DigitutorError(f"Voila could not start: {error}") from None
    app.ip = host
    app.port = port
    app.port_retries = 0
    app.open_browser = False  # we open the landing URL ourselves, token included
    app.token = token
    app.room_token = token
    app.log_level = "WARN"
    app.log.addFilter(_quiet_voila_log)
    app.tornado_settings = {**app.tornado_settings, **tornado_settings()}
    app.update_config(Config(_room_config(plan)))
    return app


def _room_config(plan: RoomPlan | None) -> dict[str, Any]:
    config: dict[str, Any] = {}
    if os.name == "posix":
        # Kernels on Unix sockets: nothing listens on TCP but the server (and the kernels
        # stop printing their "running over TCP without encryption" warning).
        config["KernelManager"] = {"transport": "ipc"}
    if plan is not None:
        pools = {"default": {"pool_size": 1}} | {name: {"pool_size": size} for name, size in plan.pools.items()}
        config["VoilaKernelManager"] = {"kernel_pools_config": pools}
        config["RoomKernelManager"] = {"max_kernels": plan.max_kernels, "connect_timeout": plan.connect_timeout}
    return config


def _quiet_voila_log(record: logging.LogRecord) -> bool:
    """Drop the warning logged on every page: our notebooks are never "trusted" (no outputs to trust)."""
    return record.msg != "Notebook %s is not trusted"


def _check_port(host: str, port: int) -> None:
    if not 0 < port < 65536:
        raise DigitutorError(f"--port {port}: not a TCP port (1-65535)")
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as Tornado will: TIME_WAIT is no conflict
        try:
            probe.bind((host, port))
        except OSError:
            raise DigitutorError(
                f"--port {port}: already in use on {host} (stop the other server or pick another --port)"
            ) from None


def _url(host: str, port: int, token: str) -> str:
    return f"http://{host}:{port}/" + (f"?token={token}" if token else "")


def _lan_address() -> str:
    """This machine's address on its default route (a UDP 'connect' sends no packet)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere
            return probe.getsockname()[0]
        except OSError:
            return socket.gethostname()


def _has_display() -> bool:
    """False on a headless Linux box, where ``webbrowser`` would pick a console browser."""
    if not sys.platform.startswith("linux"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def _open_browser_when_listening(url: str) -> None:
    from tornado.ioloop import IOLoop

    # The callback runs once the loop starts, i.e. after Voila is listening.
    IOLoop.current().add_callback(lambda: threading.Thread(target=webbrowser.open, args=(url,), daemon=True).start())


# -- the kernel side -----------------------------------------------------------------------------------


def query_string(timeout: float = 30.0) -> str:
    """The page's query string (``mode=presenter``), in Voila, preheated or not; ``""`` elsewhere.

    A preheated kernel runs the notebook before anyone asks for it, so the request
    is not in its environment: Voila hands it over on a websocket once a browser
    takes the kernel. Call this in the cell that needs it, after the heavy imports,
    so the preheated kernel has done everything else by then.
    """
    if os.environ.get("VOILA_PREHEAT") == "True" and "QUERY_STRING" not in os.environ:
        os.environ.update(_request_info_from_voila(timeout))
    return os.environ.get("QUERY_STRING", "")


def query_params() -> dict[str, str]:
    """The query string as a dict (last value wins), e.g. ``{"mode": "presenter"}``."""
    return {key: values[-1] for key, values in parse_qs(query_string()).items()}


def _request_info_from_voila(timeout: float) -> dict[str, str]:
    from websockets.sync.client import connect

    port = os.environ.get("VOILA_APP_PORT", "8866")
    base = os.environ.get("VOILA_WS_BASE_URL") or os.environ.get("VOILA_SERVER_URL", "/")
    url = f"ws://{LOOPBACK}:{port}{base}voila/query/{os.environ.get('VOILA_KERNEL_ID', '')}"
    if os.environ.get(TOKEN_ENV):
        url += f"?token={os.environ[TOKEN_ENV]}"
    # The wait lasts until a browser takes this kernel: no receive timeout on purpose.
    with connect(url, open_timeout=timeout) as websocket:
        info = json.loads(websocket.recv())
    return {str(key): str(value) for key, value in info.items()}

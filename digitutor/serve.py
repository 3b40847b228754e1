"""``digitutor serve``: the tutor notebooks as standalone Voila apps, the landing page at ``/``.

The Voila settings (sources stripped, no tracebacks, kernel culling, preheated
Learn kernels) live in ``voila.json`` at the repository root, so that plain
``voila notebooks/`` behaves the same; this module adds what a command line
needs: loopback unless ``--lan`` (then a token), ``/`` -> ``start.ipynb``, no
request to a CDN, one-line errors and a clean stop on Ctrl-C.

``query_string()`` is the kernel side: notebooks call it to read ``?mode=...``,
also in a preheated kernel, which ran the notebook before the request came.
Importing this module is cheap (standard library only); Voila loads on ``serve``.
"""

from __future__ import annotations

import json
import logging
import os
import re
import secrets
import socket
import sys
import threading
import webbrowser
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

from .core.errors import DigitutorError

LANDING = "start.ipynb"
CONFIG_FILE = "voila.json"
LOOPBACK = "127.0.0.1"
ALL_INTERFACES = "0.0.0.0"

# Voila's "lab" template links Font Awesome from jsdelivr; Voila's own bundle already
# carries Font Awesome, so the link only costs an outbound request (or a stall offline).
_CDN_LINK = re.compile(r'<link\b[^>]*\bhref="(?:https?:)?//[^"]*"[^>]*>\s*', re.IGNORECASE)


# -- where things are --------------------------------------------------------------------------------


def checkout_root() -> Path:
    """The directory holding the package: the repository checkout in a development install."""
    return Path(__file__).resolve().parent.parent


def notebooks_dir() -> Path:
    """The checkout's ``notebooks/`` folder; one-line error when the package is not run from a checkout."""
    folder = checkout_root() / "notebooks"
    if not (folder / LANDING).is_file():
        raise DigitutorError(
            f"no tutor notebooks at {folder} ({LANDING} missing): `digitutor serve` runs from a "
            "digitutor checkout (git clone, then `make run`), not from an installed wheel"
        )
    return folder


def voila_config_file() -> Path:
    """``voila.json`` at the checkout root: the one place the Voila settings are written."""
    path = checkout_root() / CONFIG_FILE
    try:
        json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise DigitutorError(f"{path}: missing (the Voila settings of the tutor)") from None
    except json.JSONDecodeError as error:
        raise DigitutorError(f"{path}: not valid JSON ({error})") from None
    return path


# -- the server ----------------------------------------------------------------------------------------


def serve(port: int = 8866, lan: bool = False, open_browser: bool = True) -> int:
    """Serve the apps in the foreground until Ctrl-C; returns the exit code."""
    host = ALL_INTERFACES if lan else LOOPBACK
    _check_port(host, port)
    root = notebooks_dir()
    config = voila_config_file()
    token = secrets.token_urlsafe(24) if lan else ""
    app = build_app(root, config, host, port, token)
    local_url = _url(LOOPBACK, port, token)
    if lan:
        print(f"digitutor: serving the tutor to your network at {_url(_lan_address(), port, token)}")
        print("           (anyone with this link, token included, can use the apps)")
    else:
        print(f"digitutor: serving the tutor at {local_url}")
    print("           Ctrl-C stops the server.", flush=True)
    if open_browser and _has_display():
        _open_browser_when_listening(local_url)
    app.start()  # blocks; Voila shuts every kernel down on Ctrl-C or SIGTERM
    print("digitutor: stopped.")
    return 0


def build_app(root: Path, config: Path, host: str, port: int, token: str) -> Any:
    """A configured (not started) Voila application serving ``root``."""
    app = _tutor_voila_class()()
    try:
        app.initialize([str(root), f"--Voila.config_file_paths={config.parent}"])
    except (ValueError, OSError) as error:
        raise DigitutorError(f"Voila could not start: {error}") from None
    app.ip = host
    app.port = port
    app.port_retries = 0
    app.open_browser = False  # we open the landing URL ourselves, token included
    app.token = token
    app.log_level = "WARN"
    app.log.addFilter(_quiet_voila_log)
    if os.name == "posix":
        from traitlets.config import Config

        # Kernels on Unix sockets: nothing listens on TCP but the server (and the kernels
        # stop printing their "running over TCP without encryption" warning).
        app.update_config(Config({"KernelManager": {"transport": "ipc"}}))
    return app


def _quiet_voila_log(record: logging.LogRecord) -> bool:
    """Drop the warning logged on every page: our notebooks are never "trusted" (no outputs to trust)."""
    return record.msg != "Notebook %s is not trusted"


def _tutor_voila_class() -> type:
    """Voila, with ``/`` redirected to the landing page and CDN links dropped from the pages."""
    try:
        from jupyter_server.utils import url_path_join
        from tornado.web import RedirectHandler
        from voila.app import Voila
        from voila.tornado.handler import TornadoVoilaHandler
    except ImportError as error:
        raise DigitutorError(f"the app extra is missing ({error.name} is not installed): pip install -e '.[app]'") from None

    class OfflineVoilaHandler(TornadoVoilaHandler):
        """Renders notebooks like Voila, minus stylesheet links to other hosts."""

        async def get(self, path: str | None = None) -> None:
            # Sets the _xsrf cookie: the page's unload beacon must send it back, or Voila
            # answers 403 and the kernel outlives the tab (voila-dashboards/voila#1458).
            self.xsrf_token  # noqa: B018 - the property sets the cookie
            await super().get(path)

        def write(self, chunk: Any) -> None:
            if isinstance(chunk, str):
                chunk = _CDN_LINK.sub("", chunk)
            super().write(chunk)

    class TutorVoila(Voila):
        """Voila serving the tutor folder."""

        def init_handlers(self) -> list:
            handlers = [
                (rule[0], OfflineVoilaHandler, *rule[2:]) if rule[1] is TornadoVoilaHandler else rule
                for rule in super().init_handlers()
            ]
            landing = url_path_join(self.server_url, "voila/render", LANDING)
            # RedirectHandler keeps the query string, so /?token=... and /?mode=... carry over.
            return [(self.server_url, RedirectHandler, {"url": landing, "permanent": False}), *handlers]

    return TutorVoila


def _check_port(host: str, port: int) -> None:
    if not 0 < port < 65536:
        raise DigitutorError(f"--port {port}: not a TCP port (1-65535)")
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as Tornado will: TIME_WAIT is no conflict
        try:
            probe.bind((host, port))
        except OSError:
            raise DigitutorError(f"--port {port}: already in use on {host} (stop the other server or pick another --port)") from None


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
    # The wait lasts until a browser takes this kernel: no receive timeout on purpose.
    with connect(url, open_timeout=timeout) as websocket:
        info = json.loads(websocket.recv())
    return {str(key): str(value) for key, value in info.items()}

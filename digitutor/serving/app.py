"""The Voila application ``digitutor serve`` runs: Voila plus the room (pool, cap, queue), guards and filters."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Callable
from typing import Any

from jupyter_server.utils import url_path_join
from tornado.ioloop import PeriodicCallback
from tornado.web import RedirectHandler, RequestHandler
from voila import app as voila_app
from voila.app import Voila
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

from .filters import is_internal
from .follow import Hub, follow_handlers
from .guard import guarded
from .pages import WATCHDOG, address_too_long_page, room_full_page, waiting_page
from .room import Queue, RoomFull, room_manager
from .settings import RoomPlan, queued

LANDING = "start.ipynb"
CULL_EVERY_MS = 5_000
#: the longest address an app page is drawn for: longer than any link the apps read (boardlink.MAX_ADDRESS, 22,000
#: characters, refused in one line by the app itself), far below what the server takes (``MAX_HEADER_BYTES``)
MAX_PAGE_ADDRESS = 60_000
#: the longest request head the server takes, so that any address a browser sends (Chromium: up to 2 MB) gets the
#: one-line "too long" page instead of a dropped connection (tornado's default is 64 KB)
MAX_HEADER_BYTES = 4 * 1024 * 1024
PROGRESS_EVERY_MS = 500
# Voila's "lab" template links Font Awesome from jsdelivr; Voila's own bundle already
# carries Font Awesome, so the link only costs an outbound request (or a stall offline).
_CDN_LINK = re.compile(r'<link\b[^>]*\bhref="(?:https?:)?//[^"]*"[^>]*>\s*', re.IGNORECASE)


class TutorPageHandler(TornadoVoilaHandler):
    """An app page: through the room's queue for the Learn apps, refused politely past the cap.

    Every app keeps a preheated kernel; a page of an app other than Learn never waits for one:
    when its preheated kernel is taken (or still starting) it gets a kernel of its own, as in
    plain Voila.
    """

    _own_kernel = False

    async def get(self, path: str | None = None) -> None:
        # Sets the _xsrf cookie: the page's unload beacon must send it back, or Voila
        # answers 403 and the kernel outlives the tab (voila-dashboards/voila#1458).
        self.xsrf_token  # noqa: B018 - the property sets the cookie
        if len(self.request.uri or "") > MAX_PAGE_ADDRESS:
            self.set_status(414)
            self.set_header("Content-Type", "text/html; charset=utf-8")
            # written past this class's write: the page holds no app, so no "could not be drawn" watchdog
            super().write(address_too_long_page(len(self.request.uri or ""), MAX_PAGE_ADDRESS))
            self.finish()
            return
        queue: Queue = self.settings["digitutor_queue"]
        if path and queue.pooled(path) and queued(path):
            ticket = self._ticket_to_wait_with(queue, path)
            if ticket:
                self._finish_page(200, waiting_page(ticket, url_path_join(self.base_url, "digitutor/room", ticket)))
                return
            self.kernel_manager.tidy_pool(path)
        elif path and queue.pooled(path):  # another app: its preheated kernel when ready, else one of its own
            self.kernel_manager.tidy_pool(path)
            self._own_kernel = self.kernel_manager.ready_count(path) == 0
            if self._own_kernel and not self.kernel_manager.has_room():
                self._finish_page(503, room_full_page(self.kernel_manager.kernel_count()))
                return
        elif not self.kernel_manager.has_room():
            self._finish_page(503, room_full_page(self.kernel_manager.kernel_count()))
            return
        try:
            await super().get(path)
        except RoomFull:
            self._finish_page(503, room_full_page(self.kernel_manager.kernel_count()))

    def should_use_rendered_notebook(self, *args: Any, **kwargs: Any) -> bool:
        """Voila's choice between the preheated page and a page of its own, unless the preheated one is not ready."""
        return not self._own_kernel and super().should_use_rendered_notebook(*args, **kwargs)

    def _ticket_to_wait_with(self, queue: Queue, path: str) -> str | None:
        """None when this request may take a pool kernel now; else the ticket its waiting page polls with."""
        ticket = self.get_query_argument("dt-ticket", "")
        if ticket and queue.claim(ticket, path):
            return None
        if ticket and not queue.status(ticket).get("gone", True):
            return ticket
        return queue.enter(path)

    def _finish_page(self, status: int, page: str) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-cache, no-store, must-revalidate")
        self.finish(page)

    def write(self, chunk: Any) -> None:
        if isinstance(chunk, str):
            chunk = _CDN_LINK.sub("", chunk).replace("</body>", WATCHDOG + "</body>")
        super().write(chunk)


class RoomStatusHandler(RequestHandler):
    """``/digitutor/room/<ticket>``: a waiting page's place in the queue, as JSON."""

    def get(self, ticket: str) -> None:
        self.set_header("Content-Type", "application/json")
        self.set_header("Cache-Control", "no-store")
        self.finish(json.dumps(self.settings["digitutor_queue"].status(ticket)))


class NoFaviconHandler(RequestHandler):
    """``/favicon.ico``: nothing, said without an error (a browser asks for it on every page; a 404 is a console
    error on each)."""

    def get(self) -> None:
        self.set_header("Cache-Control", "max-age=86400")
        self.set_status(204)
        self.finish()


class QuietKernelWebsocketHandler(VoilaKernelWebsocketHandler):
    """The kernel's websocket, minus errors, stderr and tracebacks (see ``filters``), without Nagle's delay."""

    async def open(self, kernel_id: str) -> None:
        # A step goes out as a burst of small frames (busy, a few widget updates, idle). With
        # Nagle's algorithm on, every frame after the first waited for the browser's delayed
        # ACK (40 ms on Linux): Next took ~55 ms instead of ~15 ms about half the time.
        self.set_nodelay(True)
        await super().open(kernel_id)

    def write_message(self, message: Any, binary: bool = False) -> Any:
        if is_internal(message):
            return None
        return super().write_message(message, binary)


class TutorVoila(Voila):
    """Voila serving the tutor folder to a room."""

    room_plan: RoomPlan | None = None
    room_token: str = ""
    teacher_key: str = ""
    on_pool_progress: Callable[[int, int], None] | None = None

    def init_settings(self) -> dict:
        factory = voila_app.voila_kernel_manager_factory
        voila_app.voila_kernel_manager_factory = lambda *args, **kwargs: room_manager(factory(*args, **kwargs))
        try:
            settings = super().init_settings()
        finally:
            voila_app.voila_kernel_manager_factory = factory
        settings["digitutor_queue"] = Queue(self.kernel_manager)
        settings["digitutor_follow"] = Hub(self.teacher_key)
        return settings

    def init_handlers(self) -> list:
        swap = {TornadoVoilaHandler: TutorPageHandler, VoilaKernelWebsocketHandler: QuietKernelWebsocketHandler}
        handlers = [(rule[0], swap.get(rule[1], rule[1]), *rule[2:]) for rule in super().init_handlers()]
        landing = url_path_join(self.server_url, "voila/render", LANDING)
        # RedirectHandler keeps the query string, so /?token=... and /?mode=... carry over.
        handlers = [
            (self.server_url, RedirectHandler, {"url": landing, "permanent": False}),
            (url_path_join(self.server_url, r"digitutor/room/([\w-]+)"), RoomStatusHandler),
            (url_path_join(self.server_url, "favicon.ico"), NoFaviconHandler),
            *follow_handlers(self.server_url),
            *handlers,
        ]
        if self.room_token:
            handlers = [(rule[0], guarded(rule[1], self.room_token), *rule[2:]) for rule in handlers]
        return handlers

    def listen(self) -> None:
        """Voila's listen, with a request head large enough for any address a browser sends (``MAX_HEADER_BYTES``)."""
        listen = self.app.listen
        self.app.listen = lambda port, address="", **kwargs: listen(
            port, address, max_header_size=MAX_HEADER_BYTES, **kwargs
        )
        super().listen()

    def start(self) -> None:
        from tornado.ioloop import IOLoop

        IOLoop.current().add_callback(self._run_room)
        super().start()

    def stop(self) -> None:
        """Ctrl-C or SIGTERM: every kernel is shut down before the process ends; say so, as it can take a while."""
        print(
            f"digitutor: stopping: shutting down {len(self.kernel_manager.list_kernel_ids())} kernel(s) ...", flush=True
        )
        super().stop()

    def _run_room(self) -> None:
        manager = self.kernel_manager
        PeriodicCallback(lambda: asyncio.ensure_future(manager.cull_unconnected()), CULL_EVERY_MS).start()
        if self.on_pool_progress is not None:
            report = self.on_pool_progress
            PeriodicCallback(lambda: report(*manager.pool_progress()), PROGRESS_EVERY_MS).start()

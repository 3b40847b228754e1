"""Follow mode: the teacher's kernel publishes each step once, the server fans it out to every follower.

Three routes in the Voila server process (no kernel per follower):

- ``POST /digitutor/follow/publish``: the teacher's kernel sends the view it shows (board HTML, the
  rule now, the decision as text, ...) as one JSON object. It must carry the teacher key
  (header ``X-Digitutor-Teacher``, compared in constant time); the body is capped, parsed as
  JSON (never evaluated), and only known string fields of bounded size are kept.
- ``GET /digitutor/follow/events``: server-sent events. A new follower gets the current view at
  once, then every new one; a comment line every few seconds keeps proxies from closing it.
- ``GET /digitutor/follow/try``: "Try from here": a redirect to the attendee's own Learn page at the
  teacher's position (saved-position link). The position (seed, setup, answers) stays on the
  server until a follower asks for it: it is never in the stream, since it determines every
  card, hidden ones included.
- ``POST /digitutor/follow/vote``: "what would you do?": a follower's answer to the decision
  shown, counted per option for the teacher (one answer per follower and view, the last counts).
- ``GET /digitutor/follow``: the follower page (``follow.html``, a few KiB, no JupyterLab bundle),
  styled by the tutor's own CSS.

Why the kernel POSTs (and not a comm the teacher's page forwards): the kernel already has
everything the view needs, a POST on the loopback interface costs about a millisecond, it works
whatever the teacher's browser does (a background tab, a slow projector laptop), and the server
stays the only thing a follower talks to.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import re
import time
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tornado.iostream import StreamClosedError
from tornado.web import RequestHandler

#: the header the teacher's kernel sends its key in
KEY_HEADER = "X-Digitutor-Teacher"
#: the largest view the server accepts (a DCG board with its rule quotes is about 60 KiB)
MAX_BODY = 512 * 1024
#: the fields a published view may have, each a string of at most this many characters
FIELDS = {"title": 2_000, "status": 2_000, "board": 400_000, "rule": 200_000, "decision": 100_000,
          "lesson": 50_000, "viewer": 200, "app": 200}
#: the Learn app and the position a view may carry for "Try from here" (kept apart from the stream)
TRY_FIELDS = {"try_app": re.compile(r"learn_[a-z0-9]{1,20}\.ipynb"), "try_position": re.compile(r"dt1\.[A-Za-z0-9_-]{1,60000}")}
#: a vote: ``{"voter": <the page's random id>, "seq": <view>, "option": <1-based legal option>}``
VOTER = re.compile(r"[A-Za-z0-9_-]{8,40}")
MAX_VOTE_BODY = 200
MAX_OPTION = 99
MAX_VOTERS = 10_000
#: a keep-alive comment to every follower this often (s)
KEEP_ALIVE_S = 15.0
#: gzip level of a follower's stream: a view (about 27 KiB of board HTML) shrinks about tenfold even at
#: level 1, which is what a room's Wi-Fi carries per follower and step; higher levels cost CPU for little
GZIP_LEVEL = 1
PAGE = Path(__file__).with_name("follow.html")


class BadView(ValueError):
    """A published view the server refuses (one line, said back to the publisher)."""


def clean_view(body: bytes) -> dict[str, str]:
    """The known fields of a published JSON object (the view, and "Try from here"); anything else is refused or dropped."""
    if len(body) > MAX_BODY:
        raise BadView(f"view of {len(body)} bytes: at most {MAX_BODY}")
    try:
        data = json.loads(body)
    except (ValueError, UnicodeDecodeError) as error:
        raise BadView(f"not JSON: {error}") from None
    if not isinstance(data, dict):
        raise BadView("expected a JSON object")
    view: dict[str, str] = {}
    for name, limit in FIELDS.items():
        value = data.get(name, "")
        if not isinstance(value, str):
            raise BadView(f"{name}: expected a string")
        if len(value) > limit:
            raise BadView(f"{name}: {len(value)} characters, at most {limit}")
        view[name] = value
    for name, pattern in TRY_FIELDS.items():
        value = data.get(name, "")
        if value and not (isinstance(value, str) and pattern.fullmatch(value)):
            raise BadView(f"{name}: not a Learn app's position")
        view[name] = value
    return view


@dataclass
class Hub:
    """The current view and the followers waiting for the next one."""

    key: str
    view: dict[str, Any] | None = None
    attempt: tuple[str, str] | None = None  #: (Learn notebook, position link) for "Try from here"
    seq: int = 0
    followers: set[Any] = field(default_factory=set)
    event: bytes = b""
    votes: dict[str, int] = field(default_factory=dict)  #: follower id -> option number, for the view shown

    def allowed(self, offered: str) -> bool:
        """True when ``offered`` is the teacher key (constant-time compare; no key set: nobody)."""
        return bool(self.key) and hmac.compare_digest(offered.encode(), self.key.encode())

    def publish(self, view: dict[str, str]) -> int:
        """Store the view and send it to every follower; returns how many follow."""
        self.seq += 1
        self.votes.clear()  # a new view, a new question
        app, position = view.pop("try_app", ""), view.pop("try_position", "")
        self.attempt = (app, position) if app and position else None
        self.view = {**view, "try": bool(self.attempt), "seq": self.seq, "sent": time.time()}
        self.event = f"id: {self.seq}\ndata: {json.dumps(self.view, separators=(',', ':'))}\n\n".encode()
        for follower in list(self.followers):
            follower.send(self.event)
        return len(self.followers)

    def vote(self, voter: str, seq: int, option: int) -> bool:
        """A follower's answer to the decision shown ("what would you do?"); False when that view is gone."""
        if seq != self.seq or self.view is None or not self.view.get("decision"):
            return False
        if voter not in self.votes and len(self.votes) >= MAX_VOTERS:
            return False
        self.votes[voter] = option
        return True

    def status(self) -> dict[str, Any]:
        tally: dict[str, int] = {}
        for option in self.votes.values():
            tally[str(option)] = tally.get(str(option), 0) + 1
        return {"followers": len(self.followers), "seq": self.seq, "votes": tally}


class PublishHandler(RequestHandler):
    """``POST /digitutor/follow/publish``: the teacher's kernel sends its view (or ``{}`` to ask the count)."""

    def check_xsrf_cookie(self) -> None:
        """The teacher key in a header authenticates this route; a cross-site form cannot set a header."""

    def post(self) -> None:
        hub: Hub = self.settings["digitutor_follow"]
        self.set_header("Content-Type", "application/json")
        self.set_header("Cache-Control", "no-store")
        if not hub.allowed(self.request.headers.get(KEY_HEADER, "")):
            self.set_status(403)
            self.finish(json.dumps({"error": "the teacher key is missing or wrong"}))
            return
        if self.request.body.strip() not in (b"", b"{}"):
            try:
                hub.publish(clean_view(self.request.body))
            except BadView as error:
                self.set_status(400)
                self.finish(json.dumps({"error": str(error)}))
                return
        self.finish(json.dumps(hub.status()))


class EventsHandler(RequestHandler):
    """``GET /digitutor/follow/events``: the teacher's views as server-sent events, the current one first."""

    _gone: asyncio.Event | None = None
    _zip: Any = None

    async def get(self) -> None:
        hub: Hub = self.settings["digitutor_follow"]
        self.set_header("Content-Type", "text/event-stream")
        self.set_header("Cache-Control", "no-store")
        self.set_header("X-Accel-Buffering", "no")
        if "gzip" in self.request.headers.get("Accept-Encoding", ""):
            # one deflate stream per follower, flushed after every event (the browser inflates as it goes)
            self.set_header("Content-Encoding", "gzip")
            self._zip = zlib.compressobj(GZIP_LEVEL, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
        self._gone = asyncio.Event()
        hub.followers.add(self)
        try:
            self.send(b"retry: 1000\n\n" + (hub.event or b": waiting for the teacher\n\n"))
            while not self._gone.is_set():
                try:
                    await asyncio.wait_for(self._gone.wait(), KEEP_ALIVE_S)
                except TimeoutError:
                    self.send(b": keep-alive\n\n")
        finally:
            hub.followers.discard(self)

    def send(self, event: bytes) -> None:
        """Write one event and flush it; a follower that went away is dropped."""
        if self._gone is None or self._gone.is_set():
            return
        if self._zip is not None:
            event = self._zip.compress(event) + self._zip.flush(zlib.Z_SYNC_FLUSH)
        try:
            self.write(event)
            self.flush()
        except StreamClosedError:
            self._gone.set()

    def on_connection_close(self) -> None:
        if self._gone is not None:
            self._gone.set()


class VoteHandler(RequestHandler):
    """``POST /digitutor/follow/vote``: a follower's "what would you do?" answer to the decision shown."""

    def check_xsrf_cookie(self) -> None:
        """A vote changes nothing but a count the teacher sees; with ``--lan`` the room's cookie is SameSite=Strict."""

    def post(self) -> None:
        hub: Hub = self.settings["digitutor_follow"]
        self.set_header("Content-Type", "application/json")
        self.set_header("Cache-Control", "no-store")
        try:
            voter, seq, option = read_vote(self.request.body)
        except BadView as error:
            self.set_status(400)
            self.finish(json.dumps({"error": str(error)}))
            return
        self.finish(json.dumps({"counted": hub.vote(voter, seq, option)}))


def read_vote(body: bytes) -> tuple[str, int, int]:
    """(voter, seq, option) of a vote; anything else is refused in one line."""
    if len(body) > MAX_VOTE_BODY:
        raise BadView(f"vote of {len(body)} bytes: at most {MAX_VOTE_BODY}")
    try:
        data = json.loads(body)
    except (ValueError, UnicodeDecodeError):
        raise BadView("a vote must be JSON") from None
    if not isinstance(data, dict):
        raise BadView("a vote must be a JSON object")
    voter, seq, option = data.get("voter"), data.get("seq"), data.get("option")
    if not (isinstance(voter, str) and VOTER.fullmatch(voter)):
        raise BadView("voter: expected 8 to 40 letters, digits, - or _")
    return voter, _whole_number("seq", seq, 2**53), _whole_number("option", option, MAX_OPTION)


def _whole_number(name: str, value: Any, top: int) -> int:
    if type(value) is not int or not 1 <= value <= top:
        raise BadView(f"{name}: expected a whole number from 1 to {top}")
    return value


class TryHandler(RequestHandler):
    """``GET /digitutor/follow/try``: the attendee's own Learn page at the teacher's position, now."""

    def get(self) -> None:
        from jupyter_server.utils import url_path_join

        hub: Hub = self.settings["digitutor_follow"]
        self.set_header("Cache-Control", "no-store")
        if hub.attempt is None:
            self.set_status(404)
            self.set_header("Content-Type", "text/plain; charset=utf-8")
            self.finish("The teacher's board cannot be tried from here right now (only a Learn app's can).")
            return
        app, position = hub.attempt
        self.redirect(url_path_join(self.settings.get("base_url", "/"), "voila/render", app) + f"?position={position}")


class FollowPageHandler(RequestHandler):
    """``GET /digitutor/follow``: the follower page, the tutor's CSS inlined (nothing else to load)."""

    _page: str | None = None

    def get(self) -> None:
        cls = type(self)
        if cls._page is None:
            from ..widgets.style import CSS

            cls._page = PAGE.read_text(encoding="utf-8").replace("/*TUTOR_CSS*/", CSS)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(cls._page)


def follow_handlers(base: str) -> list[tuple]:
    """The follow routes under ``base`` (the server's base URL); they find the hub in the settings."""
    from jupyter_server.utils import url_path_join

    return [(url_path_join(base, "digitutor/follow"), FollowPageHandler),
            (url_path_join(base, "digitutor/follow/events"), EventsHandler),
            (url_path_join(base, "digitutor/follow/try"), TryHandler),
            (url_path_join(base, "digitutor/follow/vote"), VoteHandler),
            (url_path_join(base, "digitutor/follow/publish"), PublishHandler)]

"""Follow mode: the teacher's kernel publishes each step once, the server fans it out to every follower.

Three routes in the Voila server process (no kernel per follower):

- ``POST /digitutor/follow/publish``: the teacher's kernel sends the view it shows (board HTML, the
  rule now, the decision as text, ...) as one JSON object. It must carry the teacher key
  (header ``X-Digitutor-Teacher``, compared in constant time); the body is capped, parsed as
  JSON (never evaluated), and only known string fields of bounded size are kept.
- ``GET /digitutor/follow/events[?follower=<id>]``: server-sent events. A new follower first gets its
  follower id (a named ``follower`` event: a random token the server issues), then the current view at
  once, then every new one; a comment line every few seconds keeps proxies from closing it. A follower
  who reloads the page or comes back within ``REJOIN_S`` asks with the id it was given and keeps its
  place (its vote and its challenge result, counted once); an id the server did not issue, or forgot,
  gets a fresh one.
- ``GET /digitutor/follow/try?seq=<view>&follower=<id>``: "Try from here": a redirect to the
  attendee's own Learn page at a position made for trying (``digitutor.scenarios.determinize``):
  everything the shown seat sees, and what it cannot see dealt afresh. Only a follower (an id this
  server issued, still connected) gets it, and only for the view shown now.
- ``POST /digitutor/follow/vote``: "what would you do?": a follower's answer to the decision
  shown, counted per option for the teacher (one answer per follower and view, the last counts;
  only ids the server issued count, so the counts never exceed the followers).
- ``GET /digitutor/follow/solve`` and ``POST /digitutor/follow/result``: the room plays along, each follower
  solving the exercise the teacher sent on their own Learn page (the challenge, at the end of this module).

Every body the publish and vote routes get is untrusted: size-capped before it is read, parsed as
JSON (never evaluated; nesting, numbers and types checked), refused with 400 or 403 and one log
line (at most one every few seconds per route, with a count of the others), never a traceback.
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
import secrets
import time
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tornado.http1connection import HTTP1Connection
from tornado.iostream import StreamClosedError
from tornado.log import app_log
from tornado.web import RequestHandler, stream_request_body

#: the header the teacher's kernel sends its key in
KEY_HEADER = "X-Digitutor-Teacher"
#: the largest view the server accepts (a DCG board with its rule quotes is about 60 KiB)
MAX_BODY = 512 * 1024
#: the fields a published view may have, each a string of at most this many characters
FIELDS = {
    "title": 2_000,
    "status": 2_000,
    "board": 400_000,
    "rule": 200_000,
    "decision": 100_000,
    "lesson": 50_000,
    "viewer": 200,
    "app": 200,
    "answered": 2_000,
}
#: the Learn app and the position a view may carry for "Try from here" (kept apart from the stream)
TRY_FIELDS = {
    "try_app": re.compile(r"learn_[a-z0-9]{1,20}\.ipynb"),
    "try_position": re.compile(r"dt1\.[A-Za-z0-9_-]{1,60000}"),
}
#: a vote: ``{"voter": <the follower id the stream gave>, "seq": <view>, "option": <1-based legal option>}``
VOTER = re.compile(r"[A-Za-z0-9_-]{8,40}")
MAX_VOTE_BODY = 200
MAX_OPTION = 99
#: a follower id: ``secrets.token_urlsafe(FOLLOWER_BYTES)``
FOLLOWER_BYTES = 16
#: a follower whose streams all closed keeps its place (id, vote, challenge result) this long (s): a reload, a phone
#: that slept or a Wi-Fi that dropped comes back as the same follower
REJOIN_S = 300.0
#: at most this many followers are kept away at once (the oldest go first): streams opened and dropped in bulk
#: cannot grow the server's memory
MAX_AWAY = 2_000
#: the option buttons of a published decision (their numbers are what a vote may name)
OPTION_BUTTON = re.compile(r'<button\b[^>]*\bdata-option="(\d{1,2})"')
_HEADING = re.compile(r"<h2\b.*?</h2>", re.DOTALL)
#: a refused request logs one line, then at most one per route this often (s), counting the others
LOG_EVERY_S = 10.0
#: a keep-alive comment to every follower this often (s)
KEEP_ALIVE_S = 15.0
#: gzip level of a follower's stream: a view (about 27 KiB of board HTML) shrinks about tenfold even at
#: level 1, which is what a room's Wi-Fi carries per follower and step; higher levels cost CPU for little
GZIP_LEVEL = 1
PAGE = Path(__file__).with_name("follow.html")


class BadView(ValueError):
    """A published view the server refuses (one line, said back to the publisher)."""


def read_json(body: bytes, limit: int, what: str) -> Any:
    """The JSON document of an untrusted body; anything else (too big, too deep, not UTF-8, not JSON) is one line."""
    if len(body) > limit:
        raise BadView(f"{what} of {len(body)} bytes: at most {limit}")
    try:
        return json.loads(body)
    except RecursionError:
        raise BadView(f"{what}: nested too deeply") from None
    except (ValueError, UnicodeDecodeError) as error:  # (a number of thousands of digits is a ValueError too)
        raise BadView(f"{what} is not JSON: {str(error).splitlines()[0][:120]}") from None


def clean_view(body: bytes) -> dict[str, str]:
    """The known fields of a published JSON object (the view, and "Try from
    here"); anything else is refused or dropped."""
    return view_fields(read_json(body, MAX_BODY, "view"))


def view_fields(data: Any) -> dict[str, str]:
    """The known fields of a published view, parsed (see ``clean_view``)."""
    if not isinstance(data, dict):
        raise BadView("expected a JSON object")
    if not set(data) & {*FIELDS, *TRY_FIELDS}:
        raise BadView(f"expected a view: an object with some of {', '.join(FIELDS)}")
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


def question(decision: str) -> str:
    """What makes a decision the same question: its prompt and options, not its heading nor the answer marked taken
    (the teacher's page shows it as "decided here" for a moment after the answer)."""
    return _HEADING.sub("", decision).replace(" dt-option-taken", "")


class Refused(ValueError):
    """A request the server refuses with 403 (one line, said back to the client)."""


@dataclass
class Hub:
    """The current view, the followers (by the ids the server issued them) and their answers to the view shown."""

    key: str
    view: dict[str, Any] | None = None
    attempt: tuple[str, str] | None = None  #: (Learn notebook, position link) for "Try from here", the view shown
    seq: int = 0
    followers: set[Any] = field(default_factory=set)
    members: dict[str, set[Any]] = field(default_factory=dict)  #: follower id -> its open streams
    away: dict[str, float] = field(default_factory=dict)  #: follower id -> when its last stream closed (monotonic)
    event: bytes = b""
    options: int = 0  #: the option buttons of the decision shown (0: no decision)
    votes: dict[str, int] = field(default_factory=dict)  #: follower id -> option number, for the question shown
    asked: int = 0  #: the first view that showed the question shown (views since then showed the same decision)
    room: dict[str, Any] | None = None  #: the room's answers to the last question, until the teacher's answer is shown
    said: dict[str, tuple[float, int]] = field(default_factory=dict)  #: route -> (last line logged, refusals since)
    challenge: Any = None  #: the exercise the room is asked to solve (``challenge.Challenge``), once sent

    def allowed(self, offered: str) -> bool:
        """True when ``offered`` is the teacher key (constant-time compare; no key set: nobody)."""
        return bool(self.key) and hmac.compare_digest(offered.encode(), self.key.encode())

    def join(self, follower: Any, asked: str = "") -> str:
        """A follower's stream: the id it votes and tries with. ``asked``, an id this server issued that is still
        connected or left less than REJOIN_S ago, is kept (the same follower back); anything else gets a fresh one."""
        self.forget_gone()
        if asked in self.members or asked in self.away:
            member = asked
            self.away.pop(member, None)
        else:
            member = secrets.token_urlsafe(FOLLOWER_BYTES)
        self.members.setdefault(member, set()).add(follower)
        self.followers.add(follower)
        return member

    def leave(self, member: str, follower: Any) -> None:
        """A stream closed: once a follower has none open, it keeps its place for REJOIN_S, then it is forgotten."""
        self.followers.discard(follower)
        streams = self.members.get(member)
        if streams is None:
            return
        streams.discard(follower)
        if not streams:
            del self.members[member]
            self.away[member] = time.monotonic()
        self.forget_gone()

    def forget_gone(self) -> None:
        """Followers away for longer than REJOIN_S (or past MAX_AWAY, oldest first) go, their answers with them."""
        now = time.monotonic()
        gone: list[str] = []
        for member, left in self.away.items():  # in the order they left
            if now - left <= REJOIN_S and len(self.away) - len(gone) <= MAX_AWAY:
                break
            gone.append(member)
        for member in gone:
            del self.away[member]
            self.votes.pop(member, None)
            if self.challenge is not None:
                self.challenge.results.pop(member, None)

    def in_room(self, member: str) -> bool:
        """True for an id this server issued whose follower is connected or away for less than REJOIN_S."""
        self.forget_gone()
        return member in self.members or member in self.away

    def present(self) -> int:
        """The followers in the room: connected, or away for less than REJOIN_S (each counted once, whatever its
        streams), so a vote or result kept for one who reloads never makes the counts exceed the followers."""
        self.forget_gone()
        return len(self.members) + len(self.away)

    def publish(self, view: dict[str, str]) -> int:
        """Store the view and send it to every follower; returns how many follow."""
        asking = view.get("decision", "")
        if not (asking and self.view is not None and question(asking) == question(self.view.get("decision", ""))):
            if self.options:  # what the room answered to the one going away, for the view with the teacher's answer
                self.room = {"votes": self.status()["votes"], "followers": self.present()}
            self.votes.clear()
            self.asked = self.seq + 1
        self.seq += 1
        app, position = view.pop("try_app", ""), view.pop("try_position", "")
        self.attempt = (app, position) if app and position else None
        self.options = len({int(number) for number in OPTION_BUTTON.findall(asking)})
        answer = {"room": self.room} if self.room is not None and view.get("answered") else {"answered": ""}
        self.view = {**view, **answer, "try": bool(self.attempt), "seq": self.seq, "sent": time.time()}
        self.event = f"id: {self.seq}\ndata: {json.dumps(self.view, separators=(',', ':'))}\n\n".encode()
        for follower in list(self.followers):
            follower.send(self.event)
        return len(self.followers)

    def vote(self, voter: str, seq: int, option: int) -> bool:
        """A follower's answer to the decision shown ("what would you do?"); False when that view is gone.

        Raises Refused for an id the server did not issue (or forgot: away for longer than REJOIN_S), BadView for an
        option the decision shown does not have.
        """
        if not self.in_room(voter):
            raise Refused("not a follower of this room: votes come from the follow page")
        if not self.asked <= seq <= self.seq or self.view is None or not self.options:
            return False
        if option > self.options:
            raise BadView(f"option {option}: the decision shown has {self.options}")
        self.votes[voter] = option
        return True

    def status(self) -> dict[str, Any]:
        """The followers in the room, the view shown, and their answers (and the challenge's counts, once sent)."""
        self.forget_gone()
        tally: dict[str, int] = {}
        for option in self.votes.values():
            tally[str(option)] = tally.get(str(option), 0) + 1
        status = {"followers": self.present(), "seq": self.seq, "votes": tally}
        if self.challenge is not None:
            status["challenge"] = self.challenge.counts()
        return status

    def send_challenge(self, fields: dict[str, str]) -> int:
        """A new exercise for the room to solve (results start afresh); every follower is told which one."""
        number = self.challenge.number + 1 if self.challenge is not None else 1
        lesson, exercise, title, app, position = (
            fields[name] for name in ("lesson", "exercise", "title", "app", "position")
        )
        self.challenge = Challenge(
            number, lesson, exercise, title, app, position, kind=fields.get("kind", EXERCISE_KIND)
        )
        for follower in list(self.followers):
            follower.send(self.challenge.event())
        return number

    def log_refusal(self, route: str, line: str) -> None:
        """One log line for a refused request; past that, at most one per route every LOG_EVERY_S, counting the rest."""
        now = time.monotonic()
        last, since = self.said.get(route, (float("-inf"), 0))
        if now - last < LOG_EVERY_S:
            self.said[route] = (last, since + 1)
            return
        more = f" (and {since:,} more refused since)" if since else ""
        app_log.warning("digitutor follow: %s%s", line, more)
        self.said[route] = (now, 0)


class FollowRoute(RequestHandler):
    """A follow route that answers JSON; a refusal is a one-line error for the client and one log line."""

    _refusal = ""

    def prepare(self) -> None:
        self.set_header("Cache-Control", "no-store")

    def refuse(self, status: int, message: str) -> None:
        self._refusal = message
        self.set_status(status)
        self.set_header("Content-Type", "application/json")
        self.finish(json.dumps({"error": message}))

    def _log(self) -> None:
        """The access log's line, or for a refusal the route's own one line (rate-limited: a flood is one line)."""
        if not self._refusal:
            super()._log()
            return
        hub: Hub = self.settings["digitutor_follow"]
        hub.log_refusal(
            self.request.path,
            f"{self.get_status()} {self.request.method} {self.request.path} "
            f"from {self.request.remote_ip}: {self._refusal}",
        )


class BodyRoute(FollowRoute):
    """A POST route whose body is capped before it is read: a longer one is refused, never held in memory."""

    limit = MAX_BODY
    _body: list[bytes]
    _size = 0

    def prepare(self) -> None:
        super().prepare()
        self._body, self._size = [], 0
        connection = self.request.connection
        if isinstance(connection, HTTP1Connection):  # Tornado itself then refuses a longer body, whatever it declares
            connection.set_max_body_size(self.limit + 1)
        declared = self.request.headers.get("Content-Length", "")
        if declared.isdigit() and int(declared) > self.limit:
            self.refuse(400, f"a body of {int(declared):,} bytes: at most {self.limit:,}")

    def data_received(self, chunk: bytes) -> None:
        self._size += len(chunk)
        if self._size <= self.limit:
            self._body.append(chunk)

    def body(self) -> bytes:
        if self._size > self.limit:
            raise BadView(f"a body of more than {self.limit:,} bytes")
        return b"".join(self._body)


@stream_request_body
class PublishHandler(BodyRoute):
    """``POST /digitutor/follow/publish``: the teacher's kernel sends its view (or ``{}`` to ask the count)."""

    def check_xsrf_cookie(self) -> None:
        """The teacher key in a header authenticates this route; a cross-site form cannot set a header."""

    def post(self) -> None:
        hub: Hub = self.settings["digitutor_follow"]
        if not hub.allowed(self.request.headers.get(KEY_HEADER, "")):
            self.refuse(403, "the teacher key is missing or wrong")
            return
        try:
            body = self.body()
            if body.strip() not in (b"", b"{}"):
                data = read_json(body, MAX_BODY, "view")
                if isinstance(data, dict) and "challenge" in data:
                    hub.send_challenge(read_challenge(data))
                else:
                    hub.publish(view_fields(data))
        except BadView as error:
            self.refuse(400, str(error))
            return
        self.set_header("Content-Type", "application/json")
        self.finish(json.dumps(hub.status()))


class EventsHandler(RequestHandler):
    """``GET /digitutor/follow/events``: this follower's id, then the teacher's views as server-sent events."""

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
        kept = self.get_query_argument("follower", "")  # the id a follower coming back was given
        member = hub.join(self, kept if VOTER.fullmatch(kept) else "")
        try:
            hello = f"event: follower\ndata: {json.dumps({'follower': member})}\n\n".encode()
            asked = hub.challenge.event() if hub.challenge is not None else b""
            self.send(b"retry: 1000\n\n" + hello + asked + (hub.event or b": waiting for the teacher\n\n"))
            while not self._gone.is_set():
                try:
                    await asyncio.wait_for(self._gone.wait(), KEEP_ALIVE_S)
                except TimeoutError:
                    self.send(b": keep-alive\n\n")
        finally:
            hub.leave(member, self)

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


class CountRoute(BodyRoute):
    """A follower's post that changes only a count the teacher sees: ``{"counted": true|false}``, or one refusal."""

    def check_xsrf_cookie(self) -> None:
        """It changes nothing but a count the teacher sees, and only a follower id the server issued counts."""

    def count(self, hub: Hub, body: bytes) -> bool:
        """Read the body and count it; raises BadView (400) or Refused (403)."""
        raise NotImplementedError

    def post(self) -> None:
        try:
            counted = self.count(self.settings["digitutor_follow"], self.body())
        except Refused as error:
            self.refuse(403, str(error))
            return
        except BadView as error:
            self.refuse(400, str(error))
            return
        self.set_header("Content-Type", "application/json")
        self.finish(json.dumps({"counted": counted}))


@stream_request_body
class VoteHandler(CountRoute):
    """``POST /digitutor/follow/vote``: a follower's "what would you do?" answer to the decision shown."""

    limit = MAX_VOTE_BODY

    def count(self, hub: Hub, body: bytes) -> bool:
        return hub.vote(*read_vote(body))


def read_vote(body: bytes) -> tuple[str, int, int]:
    """(voter, seq, option) of a vote; anything else is refused in one line."""
    data = read_json(body, MAX_VOTE_BODY, "vote")
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


class TryHandler(FollowRoute):
    """``GET /digitutor/follow/try?seq=<view>&follower=<id>``: the follower's own Learn page at a position to try."""

    def get(self) -> None:
        from jupyter_server.utils import url_path_join

        hub: Hub = self.settings["digitutor_follow"]
        if not hub.in_room(self.get_query_argument("follower", "")):
            self.refuse(403, "only a follower may try the teacher's board: press Try from here on the follow page")
            return
        if self.get_query_argument("seq", "") != str(hub.seq) or hub.attempt is None:
            self.set_status(404)
            self.set_header("Content-Type", "text/plain; charset=utf-8")
            self.finish(
                "The teacher's board cannot be tried from here right now (the teacher has moved on, "
                "or the board is not a Learn app's): press Try from here again."
            )
            return
        app, position = hub.attempt
        self.redirect(url_path_join(self.settings.get("base_url", "/"), "voila/render", app) + f"?position={position}")


class FollowPageHandler(RequestHandler):
    """``GET /digitutor/follow``: the follower page, the tutor's CSS inlined (nothing else to load)."""

    _page: str | None = None

    def get(self) -> None:
        cls = type(self)
        if cls._page is None:
            from ..widgets.style import CSS, compact_css

            cls._page = PAGE.read_text(encoding="utf-8").replace("/*TUTOR_CSS*/", compact_css(CSS))
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(cls._page)


def follow_handlers(base: str) -> list[tuple]:
    """The follow routes under ``base`` (the server's base URL); they find the hub in the settings."""
    from jupyter_server.utils import url_path_join

    return [
        (url_path_join(base, "digitutor/follow"), FollowPageHandler),
        (url_path_join(base, "digitutor/follow/events"), EventsHandler),
        (url_path_join(base, "digitutor/follow/try"), TryHandler),
        (url_path_join(base, "digitutor/follow/vote"), VoteHandler),
        (url_path_join(base, "digitutor/follow/solve"), SolveHandler),
        (url_path_join(base, "digitutor/follow/result"), ResultHandler),
        (url_path_join(base, "digitutor/follow/publish"), PublishHandler),
    ]


# -- the room plays along (issue 36, item 4): the teacher sends an exercise, each follower solves it on
# their own page.
#
# - The teacher's kernel posts ``{"challenge": {...}}`` to the publish route (with the teacher key): the exercise's
#   lesson id, exercise id and title, and the Learn app and position link that open it. Followers get a named
#   ``challenge`` event with the lesson id, exercise id and title only; the link stays with the server.
# - ``GET /digitutor/follow/solve?challenge=<n>&follower=<id>``: a follower's "Solve it": a redirect to their own Learn
#   page at that exercise (a kernel from the pool), its link carrying the follower id and the challenge number so
#   that page can report back. Only a follower the server issued an id to gets it, and only for the challenge open now.
# - ``POST /digitutor/follow/result``: that page's report: ``{"follower", "challenge", "state", "first"}``, the state
#   ``playing``, ``solved`` or ``failed`` and the words of the follower's first answer. One entry per follower: the
#   first decided state is final, the first answer's words are kept once; a follower who leaves keeps its entry while
#   it keeps its place (``REJOIN_S``) and takes it along after, so the counts never exceed the followers.
# - Or the teacher sends the position shown (``{"challenge": {"kind": "position", "title", "app", "position"}}``): the
#   try-position of the seat shown (what it sees, every hidden card dealt afresh, a fresh seed; ``publish.attempt_of``),
#   which each follower plays on to the end against the computer on their own Learn page: solved when they win, failed
#   when they lose or draw. Followers are told its kind and title only, as for an exercise.

#: the states a follower's report may give
STATES = ("playing", "solved", "failed")
DECIDED = ("solved", "failed")
MAX_RESULT_BODY = 600
#: a first answer's words (an option's label) as the teacher's line shows them
MAX_FIRST = 200
LESSON = re.compile(r"([a-z0-9]{1,20})/[A-Za-z0-9_.-]{1,80}")
EXERCISE = re.compile(r"[A-Za-z0-9_.-]{1,60}")
MAX_TITLE = 200
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
#: what a challenge asks: an exercise of a course, or the position the teacher shows, played on to the end
EXERCISE_KIND, POSITION_KIND = "exercise", "position"


@dataclass
class Challenge:
    """The exercise the room is asked to solve, and each follower's result (by follower id)."""

    number: int
    lesson: str
    exercise: str
    title: str
    app: str
    position: str
    results: dict[str, dict[str, str]] = field(default_factory=dict)  #: follower id -> {"state", "first"}
    kind: str = EXERCISE_KIND

    def public(self) -> dict[str, Any]:
        """What followers are told: which exercise (or that it is a position), nothing that opens it."""
        told = {"challenge": self.number, "kind": self.kind, "title": self.title}
        return {**told, "lesson": self.lesson, "exercise": self.exercise} if self.kind == EXERCISE_KIND else told

    def event(self) -> bytes:
        return f"event: challenge\ndata: {json.dumps(self.public(), separators=(',', ':'))}\n\n".encode()

    def opened(self, member: str) -> None:
        """A follower pressed "Solve it": playing, unless already counted."""
        self.results.setdefault(member, {"state": "playing", "first": ""})

    def report(self, member: str, state: str, first: str) -> bool:
        """A follower's page reports; False when its result is already decided (the first decided one counts)."""
        entry = self.results.setdefault(member, {"state": "playing", "first": ""})
        if entry["state"] in DECIDED:
            return False
        entry["state"] = state
        entry["first"] = entry["first"] or first
        return True

    def counts(self) -> dict[str, Any]:
        """How many solved, failed or are still playing, and the first answers chosen (words -> how many)."""
        tally = {state: 0 for state in STATES}
        first: dict[str, int] = {}
        for entry in self.results.values():
            tally[entry["state"]] += 1
            if entry["first"]:
                first[entry["first"]] = first.get(entry["first"], 0) + 1
        return {"number": self.number, "title": self.title, **tally, "first": first}


def read_challenge(data: Any) -> dict[str, str]:
    """The fields of a teacher's ``{"challenge": {...}}``; anything else is refused in one line."""
    sent = data.get("challenge") if isinstance(data, dict) else None
    if not isinstance(sent, dict) or set(data) != {"challenge"}:
        raise BadView('expected {"challenge": {"lesson", "exercise", "title", "app", "position"}}')
    if sent.get("kind", EXERCISE_KIND) == POSITION_KIND:
        return read_position_challenge(sent)
    if set(sent) - {"kind", "lesson", "exercise", "title", "app", "position"}:
        raise BadView('challenge: expected only "lesson", "exercise", "title", "app", "position" (and "kind")')
    if sent.get("kind", EXERCISE_KIND) != EXERCISE_KIND:
        raise BadView(f"challenge.kind: expected {EXERCISE_KIND} or {POSITION_KIND}")
    fields: dict[str, str] = {}
    for name in ("lesson", "exercise", "title", "app", "position"):
        value = sent.get(name)
        if not isinstance(value, str):
            raise BadView(f"challenge.{name}: expected a string")
        fields[name] = value
    lesson = LESSON.fullmatch(fields["lesson"])
    if lesson is None:
        raise BadView("challenge.lesson: expected <game>/<lesson file stem>")
    if not EXERCISE.fullmatch(fields["exercise"]):
        raise BadView("challenge.exercise: expected an exercise id (letters, digits, . _ -)")
    if len(fields["title"]) > MAX_TITLE or _CONTROL.search(fields["title"]):
        raise BadView(f"challenge.title: expected one line of at most {MAX_TITLE} characters")
    if not TRY_FIELDS["try_app"].fullmatch(fields["app"]) or fields["app"] != f"learn_{lesson.group(1)}.ipynb":
        raise BadView("challenge.app: expected the Learn app of the lesson's game")
    if not TRY_FIELDS["try_position"].fullmatch(fields["position"]):
        raise BadView("challenge.position: expected a position link")
    return fields


def read_position_challenge(sent: dict[str, Any]) -> dict[str, str]:
    """The fields of a teacher's position challenge (``kind: position``, its title, Learn app and position link)."""
    if set(sent) != {"kind", "title", "app", "position"}:
        raise BadView('challenge: a position sends exactly "kind", "title", "app", "position"')
    fields = {"kind": POSITION_KIND, "lesson": "", "exercise": ""}
    for name in ("title", "app", "position"):
        value = sent[name]
        if not isinstance(value, str):
            raise BadView(f"challenge.{name}: expected a string")
        fields[name] = value
    if len(fields["title"]) > MAX_TITLE or _CONTROL.search(fields["title"]):
        raise BadView(f"challenge.title: expected one line of at most {MAX_TITLE} characters")
    if not TRY_FIELDS["try_app"].fullmatch(fields["app"]):
        raise BadView("challenge.app: expected a Learn app (learn_<game>.ipynb)")
    if not TRY_FIELDS["try_position"].fullmatch(fields["position"]):
        raise BadView("challenge.position: expected a position link")
    return fields


def read_result(body: bytes) -> tuple[str, int, str, str]:
    """(follower, challenge, state, first) of a follower page's report; anything else is refused in one line."""
    data = read_json(body, MAX_RESULT_BODY, "result")
    if not isinstance(data, dict):
        raise BadView("a result must be a JSON object")
    member, number, state, first = (data.get(name) for name in ("follower", "challenge", "state", "first"))
    if not (isinstance(member, str) and VOTER.fullmatch(member)):
        raise BadView("follower: expected 8 to 40 letters, digits, - or _")
    if type(number) is not int or not 1 <= number <= 2**53:
        raise BadView(f"challenge: expected a whole number from 1 to {2**53}")
    if state not in STATES:
        raise BadView(f"state: expected one of {', '.join(STATES)}")
    if not isinstance(first, str) or len(first) > MAX_FIRST or _CONTROL.search(first):
        raise BadView(f"first: expected one line of at most {MAX_FIRST} characters")
    return member, number, state, first


def record(hub: Hub, member: str, number: int, state: str, first: str) -> bool:
    """A follower page's report for challenge ``number``; False when that challenge is gone or already decided.

    Raises Refused for an id the server did not issue (or forgot: away for longer than REJOIN_S).
    """
    if not hub.in_room(member):
        raise Refused("not a follower of this room: results come from the page Solve it opened")
    challenge = hub.challenge
    if challenge is None or challenge.number != number:
        return False
    return challenge.report(member, state, first)


class SolveHandler(FollowRoute):
    """``GET /digitutor/follow/solve?challenge=<n>&follower=<id>``: the follower's own Learn page at the exercise."""

    def get(self) -> None:
        from urllib.parse import urlencode

        from jupyter_server.utils import url_path_join

        hub: Hub = self.settings["digitutor_follow"]
        member = self.get_query_argument("follower", "")
        if not hub.in_room(member):
            self.refuse(403, "only a follower may solve the teacher's exercise: press Solve it on the follow page")
            return
        challenge = hub.challenge
        if challenge is None or self.get_query_argument("challenge", "") != str(challenge.number):
            self.set_status(404)
            self.set_header("Content-Type", "text/plain; charset=utf-8")
            self.finish("The teacher has sent another exercise since: press Solve it again on the follow page.")
            return
        challenge.opened(member)
        kind = {"kind": POSITION_KIND} if challenge.kind == POSITION_KIND else {}
        query = urlencode({"follower": member, "challenge": challenge.number, **kind})
        page = url_path_join(self.settings.get("base_url", "/"), "voila/render", challenge.app)
        self.redirect(f"{page}?position={challenge.position}&{query}")


@stream_request_body
class ResultHandler(CountRoute):
    """``POST /digitutor/follow/result``: a follower's Learn page reports how the exercise goes."""

    limit = MAX_RESULT_BODY

    def count(self, hub: Hub, body: bytes) -> bool:
        return record(hub, *read_result(body))

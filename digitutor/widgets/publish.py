"""Follow mode, the teacher's side: a Tutor opened with the room's teacher key publishes each view it shows.

A page opened with ``?teacher=<key>`` (the teacher's link ``digitutor serve --room`` prints) sends the
key with every view; only the server knows the room's key and refuses any other (the kernels never
hold it, so an attendee's kernel has nothing to give away). The teacher's Tutor sends, after each
render, what its own panels show — the board drawn for the seat shown (or the judge's view), the step and its rule
quotes, the decision as text, the lesson's words — to the server in the same process as Voila
(``POST /digitutor/follow/publish``), which passes it on to every follower. The view is the
rendered widgets' own HTML, so a follower sees exactly the projector's picture and nothing the
seat shown may not see. A background thread sends it (the latest view wins, a click never waits
for the network) and shows the teacher how many follow.
"""

from __future__ import annotations

import http.client
import json
import logging
import os
import re
import threading
from typing import Any

import ipywidgets as widgets
from traitlets import All

from ..serve import TOKEN_ENV
from .query import in_browser, on_query
from .style import esc

log = logging.getLogger("digitutor.widgets")

PUBLISH_PATH = "digitutor/follow/publish"
KEY_HEADER = "X-Digitutor-Teacher"
#: how often the teacher's page asks how many follow when nothing is published (s)
POLL_S = 2.0
#: a teacher key is 32 characters (``secrets.token_urlsafe(24)``); a longer ``?teacher=`` is not one
MAX_KEY = 100
TIMEOUT_S = 5.0
_KEYS_HINT = re.compile(r'<span class="dt-keys-hint">.*?</span>')
_BUTTON = re.compile(r"<button\b")

_publisher: Publisher | None = None
_lock = threading.Lock()


def publish_from(tutor: Any) -> None:
    """Called once by every Tutor: when the page's link carries a teacher key, publish each view this Tutor shows."""
    on_query(lambda params: _start(tutor, params.get("teacher", "")))


def _start(tutor: Any, offered: str) -> None:
    """Only the server knows the room's key: it refuses a wrong one, and then this page stops trying."""
    global _publisher
    if not offered or len(offered) > MAX_KEY or in_browser():  # the static build has no server to publish to
        return
    with _lock:
        if _publisher is None or _publisher.key != offered:
            _publisher = Publisher(_server_address(), offered, os.environ.get(TOKEN_ENV, ""))  # --lan: the route needs it too
        publisher = _publisher
    publisher.attach(tutor)


def _server_address() -> tuple[str, int, str]:
    """(host, port, base path) of the Voila server this kernel belongs to."""
    base = os.environ.get("VOILA_SERVER_URL", "/") or "/"
    return "127.0.0.1", int(os.environ.get("VOILA_APP_PORT", "8866")), base.rstrip("/") + "/"


def decision_view(tutor: Any) -> str:
    """The decision as the teacher's panel shows it, as text: buttons disabled, no key hints.

    Only a decision of the seat shown (or any, in the judge's view) goes out; another seat's
    options could name the cards in its hand.
    """
    model = tutor.model
    decision, _taken = model.shown_decision()
    viewer = model.viewer()
    if decision is None or not tutor.decision.value:
        return ""
    if viewer is not None and decision.player != viewer:
        return '<h2 class="dt-panel-title">The other player is deciding</h2>'
    return _BUTTON.sub("<button disabled", _KEYS_HINT.sub("", tutor.decision.value))


def attempt_of(tutor: Any) -> dict[str, str]:
    """For "Try from here": the Learn app and the position link an attendee's own page opens.

    The server keeps these two apart: the position (seed and answers) determines hidden cards too,
    so it goes only to a follower who asks to try, never into the stream every follower reads.
    """
    if not tutor.app_id.startswith("learn:"):
        return {}
    from .position import position_link

    return {"try_app": f"learn_{tutor.model.game.id}.ipynb", "try_position": position_link(tutor.position())}


def view_of(tutor: Any) -> dict[str, str]:
    """What a follower sees of this Tutor now: its panels' own HTML, drawn for the seat shown."""
    model = tutor.model
    viewer = model.viewer()
    lesson = tutor.lesson.value if tutor.lesson.layout.display != "none" else ""
    return {**attempt_of(tutor),
        "app": tutor.app_id,
        "title": tutor.title.value,
        "status": tutor.status.value,
        "board": tutor.board.value,
        "rule": tutor.rule.value,
        "decision": decision_view(tutor),
        "lesson": lesson,
        "viewer": "the judge's view (every card face up)" if viewer is None else f"player {viewer + 1}'s view",
    }


def follow_badge(text: str = "Teaching this board · connecting…") -> widgets.HTML:
    """The line on the teacher's page that says how many follow."""
    badge = widgets.HTML(text)
    badge.add_class("dt-follow-count")
    return badge


class Publisher:
    """Sends the attached Tutor's views to the server from a background thread; shows the follower count."""

    def __init__(self, address: tuple[str, int, str], key: str, token: str = "") -> None:
        self.host, self.port, base = address
        self.key = key
        self.refused = False
        self.path = base + PUBLISH_PATH
        self.headers = {"Content-Type": "application/json", KEY_HEADER: key}
        if token:
            self.headers["Authorization"] = f"token {token}"
        self.followers: tuple[int, tuple] | None = None
        self.tutor: Any = None
        self.badge = follow_badge()
        self._pending: dict[str, str] | None = None
        self._last: dict[str, str] | None = None
        self._wake = threading.Condition()
        self._connection: http.client.HTTPConnection | None = None
        threading.Thread(target=self._run, name="digitutor-publish", daemon=True).start()

    def attach(self, tutor: Any) -> None:
        """Publish ``tutor``'s views from now on (a new scenario's Tutor replaces the last one)."""
        if self.tutor is tutor:
            return
        old, self.tutor = self.tutor, tutor
        if old is not None:
            old.model.unobserve(self._changed, All)
        # Every change of the model, not only the ones the Tutor renders on today (a hot-seat hand-over, say):
        # observers of all names run after those of a name, so the Tutor's own render comes first; an
        # unchanged view is not sent again.
        tutor.model.observe(self._changed, All)
        # a badge per Tutor: closing a replaced Tutor (a new scenario) closes the widgets inside it
        self.badge = follow_badge(self.badge.value)
        tutor.children = (*tutor.children[:2], self.badge, *tutor.children[2:])
        self._changed()

    def _changed(self, _change: Any = None) -> None:
        if self.refused:
            return
        try:
            view = view_of(self.tutor)
        except Exception:  # following is a bonus: never break the teacher's own board
            log.exception("could not build the view to publish")
            return
        shown = {name: value for name, value in view.items() if not name.startswith("try_")}
        if shown == self._last:  # e.g. the match grew but the Tutor has not drawn it yet: wait for that
            return
        self._last = shown
        with self._wake:
            self._pending = view
            self._wake.notify()

    def _run(self) -> None:
        while not self.refused:
            with self._wake:
                self._wake.wait_for(lambda: self._pending is not None, timeout=POLL_S)
                view, self._pending = self._pending, None
            answer = self._post(view or {})
            if answer is None and view is not None:
                with self._wake:  # the server did not take it: send it again with the next round
                    self._pending = self._pending or view
                    self._wake.wait(timeout=1.0)
            elif answer is not None:
                self._show(int(answer.get("followers", 0)), answer.get("votes") or {})

    def _post(self, view: dict[str, str]) -> dict[str, Any] | None:
        body = json.dumps(view).encode()
        for _attempt in range(2):  # a kept-alive connection the server closed is opened once more
            try:
                if self._connection is None:
                    self._connection = http.client.HTTPConnection(self.host, self.port, timeout=TIMEOUT_S)
                self._connection.request("POST", self.path, body, self.headers)
                response = self._connection.getresponse()
                data = response.read()
                if response.status == 403:  # not this room's teacher key: stop, and say so on the page
                    self.refused = True
                    self.badge.value = ('<span class="dt-follow-count-text">This link\'s teacher key is not this '
                                        "server's: nobody follows this board.</span>")
                    return None
                if response.status != 200:
                    log.warning("publishing the view: HTTP %s %s", response.status, data[:200])
                    return None
                return json.loads(data)
            except (OSError, http.client.HTTPException, ValueError):
                if self._connection is not None:
                    self._connection.close()
                self._connection = None
        return None

    def _show(self, followers: int, votes: dict[str, int]) -> None:
        """The count of followers and, at a decision, how many would choose each option (by its number)."""
        shown = (followers, tuple(sorted(votes.items())))
        if shown == self.followers:
            return
        self.followers = shown
        who = "nobody is following yet" if followers == 0 else f"{followers} following"
        tally = ", ".join(f"option {number} × {count}" for number, count in sorted(votes.items(), key=lambda kv: int(kv[0])))
        asked = f' · <span class="dt-follow-votes">they would choose: {esc(tally)}</span>' if tally else ""
        self.badge.value = f'<span class="dt-follow-count-text">Teaching this board · {who}</span>{asked}'

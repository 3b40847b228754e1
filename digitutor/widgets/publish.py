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
import random
import re
import secrets
import threading
from typing import Any

import ipywidgets as widgets
from traitlets import All

from ..core.errors import DigitutorError
from ..serve import TOKEN_ENV
from .query import in_browser, on_query
from .style import esc

log = logging.getLogger("digitutor.widgets")

PUBLISH_PATH = "digitutor/follow/publish"
KEY_HEADER = "X-Digitutor-Teacher"
#: how often the teacher's page asks how many follow when nothing is published (s)
POLL_S = 2.0
#: ... and while the room solves the exercise the teacher sent (the counts are live)
CHALLENGE_POLL_S = 0.4
#: a teacher key is 32 characters (``secrets.token_urlsafe(24)``); a longer ``?teacher=`` is not one
MAX_KEY = 100
TIMEOUT_S = 5.0
#: a tried position's seed is drawn afresh below this (the Learn app's seed box takes up to 10**9)
TRY_SEEDS = 10**9
_KEYS_HINT = re.compile(r'<span class="dt-keys-hint">.*?</span>')
_BUTTON = re.compile(r"<button\b")

_publisher: Publisher | None = None
_lock = threading.Lock()


def publish_from(tutor: Any) -> None:
    """Called once by every Tutor: when the page's link carries a teacher key, publish each view this Tutor shows;
    when it carries a follower id and a challenge ("Solve it" on the follow page), report the exercise's result."""
    on_query(lambda params: _start(tutor, params.get("teacher", "")))
    on_query(
        lambda params: _report(
            tutor, params.get("follower", ""), params.get("challenge", ""), params.get("kind", "") == "position"
        )
    )


def _report(tutor: Any, member: str, number: str, position: bool = False) -> None:
    """A follower's own Learn page at the teacher's exercise (or position): tell the server how it goes (the server
    checks the id)."""
    if not member or len(member) > MAX_KEY or not number.isdigit() or len(number) > 15 or in_browser():
        return
    from .challenge import ResultReporter

    token = os.environ.get(TOKEN_ENV, "")
    ResultReporter(_server_address(), member, int(number), token, position=position).attach(tutor)


def _start(tutor: Any, offered: str) -> None:
    """Only the server knows the room's key: it refuses a wrong one, and then this page stops trying."""
    global _publisher
    if not offered or len(offered) > MAX_KEY or in_browser():  # the static build has no server to publish to
        return
    with _lock:
        if _publisher is None or _publisher.key != offered:
            _publisher = Publisher(
                _server_address(), offered, os.environ.get(TOKEN_ENV, "")
            )  # --lan: the route needs it too
        publisher = _publisher
    publisher.attach(tutor)


def _server_address() -> tuple[str, int, str]:
    """(host, port, base path) of the Voila server this kernel belongs to."""
    base = os.environ.get("VOILA_SERVER_URL", "/") or "/"
    return "127.0.0.1", int(os.environ.get("VOILA_APP_PORT", "8866")), base.rstrip("/") + "/"


#: what followers call the seat the teacher shows (they only watch: "you" is not them)
TEACHER = "the teacher"
_SECOND_PERSON = re.compile(r"\b(you're|you've|yourself|yours|your|you)\b", re.IGNORECASE)
_THIRD_PERSON = {
    "you're": "they're",
    "you've": "they've",
    "yourself": "themselves",
    "yours": "theirs",
    "your": "their",
    "you": "they",
}
#: the seat shown's name on the board and the rulebook's "you" after it (``board.player_html``)
_YOU = re.compile(r'(<span class="dt-player-name">[^<]*) \((?:<span class="dt-named"[^>]*>you</span>|you)\)</span>')
_REWRITE_HINT = re.compile(r'<div class="dt-step-head">Choosing again asks first.*?</div>')
#: a decision's options as followers number them: answer key -> (number, label)
Asked = dict[str, tuple[int, str]]


def watcher_prompt(prompt: str, name: str) -> str:
    """A prompt put to the teacher's seat, in the third person for people who only watch.

    "Player 1: choose your attack in secret." -> "Player 1 (the teacher) is asked: choose their attack in secret."
    """
    rest = prompt[len(name) + 2 :] if prompt.startswith(f"{name}: ") else prompt

    def third(match: re.Match[str]) -> str:
        word = _THIRD_PERSON[match.group(0).lower()]
        return word[0].upper() + word[1:] if match.group(0)[0].isupper() else word

    return f"{name} ({TEACHER}) is asked: {_SECOND_PERSON.sub(third, rest)}"


def _decision_shown(tutor: Any) -> tuple[Any, str | None]:
    """The decision a follower may see (the seat shown's, or any in the judge's view) and the answer given there."""
    model = tutor.model
    decision, taken = model.shown_decision()
    if decision is None or not tutor.decision.value:
        return None, None
    return decision, taken


def options_of(tutor: Any) -> Asked:
    """The options of the decision shown as followers number them (no ★ moves one first)."""
    from .options import entries

    decision, _taken = _decision_shown(tutor)
    viewer = tutor.model.viewer()
    if decision is None or (viewer is not None and decision.player != viewer):
        return {}
    shown = entries(decision, None, tutor.model.game, tutor.model.state())
    return {key: (number, entry.label) for number, entry in enumerate(shown, 1) for key in entry.keys}


def decision_view(tutor: Any) -> str:
    """The decision for people who only watch: the teacher's seat in the third person, no ★ (the question is theirs
    to answer), buttons disabled (the follow page enables them), no key hints.

    Only a decision of the seat shown (or any, in the judge's view) goes out; another seat's
    options could name the cards in its hand.
    """
    from .decision import decision_html

    model = tutor.model
    decision, taken = _decision_shown(tutor)
    viewer = model.viewer()
    if decision is None:
        return ""
    if viewer is not None and decision.player != viewer:
        return '<h2 class="dt-panel-title">The other player is deciding</h2>'
    names = {seat: model.name(seat) for seat in range(model.game.players)}
    if viewer is not None:
        names[viewer] = f"{names[viewer]} ({TEACHER})"
    shown = decision_html(decision, names, None, taken, model.game, model.state())
    if viewer is not None:
        shown = shown.replace(esc(decision.prompt), esc(watcher_prompt(decision.prompt, model.name(viewer))), 1)
    return _BUTTON.sub("<button disabled", _KEYS_HINT.sub("", _REWRITE_HINT.sub("", shown)))


def board_view(tutor: Any) -> str:
    """The board as the teacher's page draws it, the seat shown called "the teacher" instead of "you" (the words
    ``board.player_html`` puts after that seat's name; swapped in the HTML, as drawing the board again costs ~10 ms)."""
    return _YOU.sub(rf"\1 ({TEACHER})</span>", tutor.board.value, count=1)


def answered_view(tutor: Any, asked: Asked) -> str:
    """The teacher's answer to the question followers were last asked, when the step shown is that answer's."""
    model = tutor.model
    record = next((record for record in reversed(model.match.decisions) if record.step == model.step), None)
    if record is None or record.by != "human" or record.answer not in asked:
        return ""
    number, label = asked[record.answer]
    return f"{number}. {label}"


def attempt_of(tutor: Any) -> dict[str, str]:
    """For "Try from here": the Learn app and a position to try the view shown from, censored for its seat.

    Not the teacher's game: its seed and answers determine every hidden card. The position is a board of the seat
    shown (``scenarios.determinize``): what that seat sees, the cards it cannot see dealt afresh from the cards they
    could be, a fresh seed, the seat a person's and the other the computer's. The server keeps even that one to
    itself until a follower asks to try the view shown.
    """
    model = tutor.model
    viewer = model.viewer()
    if not tutor.app_id.startswith("learn:") or viewer is None or model.handover_to() is not None:
        return {}
    from ..core.agents import AGENTS
    from ..scenarios.determinize import determinized_board
    from .position import TRY_MODE, Position, position_link

    game = model.game
    deal = random.Random(secrets.randbits(64))  # unpredictable on purpose: nothing of the teacher's game seeds it
    opponent = "greedy" if "greedy" in {*AGENTS, *getattr(game, "agents", {})} else "random"
    agents = tuple("human" if seat == viewer else opponent for seat in range(game.players))
    seed = deal.randrange(TRY_SEEDS)
    try:
        _board, match = determinized_board(game.id, model.state(), viewer, deal, agents, seed)
    except DigitutorError as error:  # (e.g. an Arena game still in its Setup: no board yet)
        log.info("no position to try from here: %s", error)
        return {}
    position = Position(tutor.app_id, TRY_MODE, match.save(), -1, {"seed": seed, "opponent": opponent})
    return {"try_app": f"learn_{game.id}.ipynb", "try_position": position_link(position)}


def view_of(tutor: Any, attempt: bool = True, asked: Asked | None = None) -> dict[str, str]:
    """What a follower sees of this Tutor now: its panels' own HTML, drawn for the seat shown (with ``attempt``,
    the position to try from here, which the server keeps to itself; with ``asked``, the options of the question
    followers were last asked, the teacher's answer to it)."""
    model = tutor.model
    viewer = model.viewer()
    lesson = tutor.lesson.value if tutor.lesson.layout.display != "none" else ""
    return {
        **(attempt_of(tutor) if attempt else {}),
        "app": tutor.app_id,
        "title": tutor.public_title(),
        "status": tutor.status.value,
        "board": board_view(tutor),
        "rule": tutor.rule.value,
        "decision": decision_view(tutor),
        "answered": answered_view(tutor, asked or {}),
        "lesson": lesson,
        "viewer": "the judge's view (every card face up)"
        if viewer is None
        else f"{TEACHER}'s view (player {viewer + 1})",
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
        self.sender = self._send_button()
        self.position_sender = self._send_position_button()
        self.challenged = False  #: an exercise was sent to the room: poll its counts often
        self._challenge: dict[str, str] | None = None  #: the exercise to send, until the thread sends it
        self._counts: dict[str, Any] | None = None
        self._pending: dict[str, str] | None = None
        self._last: dict[str, str] | None = None
        self._asked: Asked = {}  #: the options of the decision last shown, as followers number them
        self._labels: dict[str, str] = {}  #: follower's option number -> label, for the teacher's line
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
        self.sender = self._send_button()
        self.position_sender = self._send_position_button()
        sending = widgets.HBox([self.sender, self.position_sender])
        tutor.children = (*tutor.children[:2], self.badge, sending, *tutor.children[2:])
        self._changed()

    def _send_button(self) -> widgets.Button:
        """The teacher's "Send this exercise to the room" (shown while the teacher's page plays an exercise; a
        button per Tutor, as the badge)."""
        button = widgets.Button(
            description="Send this exercise to the room",
            tooltip="Each follower solves it on their own device; the line above counts who solved it",
            layout=widgets.Layout(width="auto", display="none"),
        )
        button.add_class("dt-follow-send")
        button.on_click(lambda _button: self.send_challenge())
        return button

    def _send_position_button(self) -> widgets.Button:
        """The teacher's "Send this position to the room" (shown while the teacher's page plays a game, not an
        exercise, from a seat's view): each follower plays it on from there on their own page."""
        button = widgets.Button(
            description="Send this position to the room",
            tooltip="Each follower plays on from here against the computer, the cards they cannot see dealt afresh; "
            "the line above counts who won",
            layout=widgets.Layout(width="auto", display="none"),
        )
        button.add_class("dt-follow-send-position")
        button.on_click(lambda _button: self.send_challenge(position=True))
        return button

    def send_challenge(self, position: bool = False) -> None:
        """Send the exercise the teacher plays (or, with ``position``, the position shown, censored for its seat) to the
        room: each follower may solve it on their own page."""
        from .challenge import challenge_of

        try:
            sent = position_challenge_of(self.tutor) if position else challenge_of(self.tutor)
        except Exception:  # following is a bonus: never break the teacher's own board
            log.exception("could not build the exercise to send")
            return
        if sent is None:
            return
        with self._wake:
            self._challenge = sent
            self._wake.notify()

    def _changed(self, _change: Any = None) -> None:
        if self.refused:
            return
        learn = self.tutor.app_id.startswith("learn:")
        playing = self.tutor.model.exercise is not None and learn
        self.sender.layout.display = "" if playing else "none"
        seat = learn and not playing and self.tutor.model.viewer() is not None
        self.position_sender.layout.display = "" if seat else "none"
        try:
            shown = view_of(self.tutor, attempt=False, asked=self._asked)
            if shown == self._last:  # e.g. the match grew but the Tutor has not drawn it yet: wait for that
                return
            view = {**shown, **attempt_of(self.tutor)}  # a fresh deal per view shown, only when it changed
            options = options_of(self.tutor)
        except Exception:  # following is a bonus: never break the teacher's own board
            log.exception("could not build the view to publish")
            return
        self._last = shown
        self._asked = options
        self._labels = {str(number): label for number, label in options.values()}
        with self._wake:
            self._pending = view
            self._wake.notify()

    def _run(self) -> None:
        while not self.refused:
            with self._wake:
                poll = CHALLENGE_POLL_S if self.challenged else POLL_S
                self._wake.wait_for(lambda: self._pending is not None or self._challenge is not None, timeout=poll)
                view, self._pending = self._pending, None
                sent, self._challenge = self._challenge, None
            if sent is not None:
                self.challenged = self._post({"challenge": sent}) is not None or self.challenged
            answer = self._post(view or {})
            if answer is None and view is not None:
                with self._wake:  # the server did not take it: send it again with the next round
                    self._pending = self._pending or view
                    self._wake.wait(timeout=1.0)
            elif answer is not None:
                self._show(int(answer.get("followers", 0)), answer.get("votes") or {}, answer.get("challenge"))

    def _post(self, view: dict[str, Any]) -> dict[str, Any] | None:
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
                    self.badge.value = (
                        '<span class="dt-follow-count-text">This link\'s teacher key is not this '
                        "server's: nobody follows this board.</span>"
                    )
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

    def _show(self, followers: int, votes: dict[str, int], counts: dict[str, Any] | None = None) -> None:
        """The count of followers and, at a decision, how many would choose each option (by its label, most chosen
        first: the teacher's buttons may be numbered otherwise, the ★ first); once an exercise was sent, how the
        room does at it."""
        shown = (followers, tuple(sorted(votes.items())))
        if shown == self.followers and counts == self._counts:
            return
        self.followers, self._counts = shown, counts
        who = "nobody is following yet" if followers == 0 else f"{followers} following"
        labels = self._labels
        tally = ", ".join(
            f"{labels.get(number, f'option {number}')} × {count}"
            for number, count in sorted(votes.items(), key=lambda kv: (-kv[1], int(kv[0])))
        )
        asked = f' · <span class="dt-follow-votes">they would choose: {esc(tally)}</span>' if tally else ""
        room = ""
        if counts:
            from .challenge import counts_html

            room = counts_html(counts)
        self.badge.value = f'<span class="dt-follow-count-text">Teaching this board · {who}</span>{asked}{room}'


def position_challenge_of(tutor: Any) -> dict[str, str] | None:
    """The position ``tutor`` shows, to send to the room (None while it plays an exercise, or when the view shown has
    no seat to try it from: the judge's view, a hot-seat hand-over, an Arena game still in its Setup)."""
    if tutor.model.exercise is not None or not tutor.app_id.startswith("learn:"):
        return None
    attempt = attempt_of(tutor)  # never the teacher's game: its seed and answers determine every hidden card
    if not attempt:
        return None
    title = f"Play on from the teacher's position and win ({tutor.model.game.title})"
    return {"kind": "position", "title": title, "app": attempt["try_app"], "position": attempt["try_position"]}

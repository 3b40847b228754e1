"""The room plays along (issue 36, item 4), the kernels' side: the teacher's exercise sent to the room, and each
follower's Learn page reporting how it goes.

- ``challenge_of(tutor)``: the exercise the teacher's Tutor plays, as the server's ``{"challenge": ...}`` wants it:
  its lesson id, exercise id and title for the followers, and the Learn app and a position link (the exercise's
  board before any answer, the same one its course opens) that the server keeps to itself until a follower presses
  "Solve it".
- ``ResultReporter``: a follower's Learn page opened by "Solve it" (its link carries ``follower`` and ``challenge``)
  posts ``playing``, ``solved`` or ``failed`` and the words of its first answer to ``/digitutor/follow/result``,
  each time that changes. A solve the tutor played ("Show me") is not the follower's: it reports ``failed``.
- ``PositionResult`` grades a follower's game from the position the teacher sent (``publish.position_challenge_of``):
  won: solved; lost or drawn: failed; and names the follower's first answer.
- ``counts_html(counts)``: the teacher's line: how many solved, failed or are still playing, the first answers.
"""

from __future__ import annotations

import http.client
import json
import logging
import threading
from typing import Any

from traitlets import All

from .style import esc

log = logging.getLogger("digitutor.widgets")

RESULT_PATH = "digitutor/follow/result"
TIMEOUT_S = 5.0


def challenge_of(tutor: Any) -> dict[str, str] | None:
    """The exercise ``tutor`` plays, to send to the room (None when it plays none, or is not a Learn app)."""
    session = tutor.model.exercise
    if session is None or not tutor.app_id.startswith("learn:"):
        return None
    from ..lessons.exercises import ExercisePlay
    from .position import EXERCISE_MODE, Position, position_link

    exercise = session.exercise
    play = ExercisePlay(exercise)  # the exercise's own start: none of the teacher's answers
    play.run()
    kept = {"lesson": exercise.lesson.split("/", 1)[-1], "exercise": exercise.id, "tries": 1, "hinted": 0}
    position = Position(tutor.app_id, EXERCISE_MODE, play.match.save(), -1, {**kept, "shown_me": 0})
    return {
        "lesson": exercise.lesson,
        "exercise": exercise.id,
        "title": exercise.title,
        "app": f"learn_{exercise.game}.ipynb",
        "position": position_link(position),
    }


class PositionResult:
    """How a follower's game from the teacher's position goes: playing, then solved (their seat won) or failed (lost,
    or a draw), and the words of their first answer (the option's label, read while their decision waits)."""

    def __init__(self) -> None:
        self.match: Any = None
        self.labels: dict[str, str] = {}

    def __call__(self, model: Any) -> tuple[str, str] | None:
        """(state, first answer's words) of the tried position ``model`` plays (None: it plays something else)."""
        from .position import TRY_SOURCE

        humans = model.humans()
        if model.spec.source != TRY_SOURCE or len(humans) != 1:
            return None
        match, seat = model.match, humans[0]
        if match is not self.match:  # the position opened (or Restart): its first answer is read afresh
            self.match, self.labels = match, {}
        answered = next((d for d in match.decisions if d.by == "human" and d.player == seat), None)
        pending = match.pending
        if answered is None and pending is not None and pending.player == seat:
            self.labels = {option.key: option.label for option in pending.options}
        first = "" if answered is None else self.labels.get(answered.answer, answered.answer.partition(":")[0])
        if match.result is None:
            return "playing", first
        return ("solved" if match.result.winner == seat else "failed"), first


def result_of(session: Any) -> tuple[str, str]:
    """(state, first answer's words) of a follower's exercise session."""
    play = session.play
    first = play.labels[0] if play.labels else ""
    outcome = session.outcome
    if outcome is None:
        return "playing", first
    return ("solved" if outcome.success and not session.shown_me else "failed"), first


def counts_html(counts: dict[str, Any]) -> str:
    """The teacher's line about the exercise sent: solved, failed, still playing, and the first answers chosen."""
    first = counts.get("first") or {}
    chosen = ", ".join(f"{words} × {count}" for words, count in sorted(first.items(), key=lambda kv: (-kv[1], kv[0])))
    moves = f" · first moves: {esc(chosen)}" if chosen else ""
    return (
        f' · <span class="dt-follow-challenge">Exercise sent ({esc(str(counts.get("title", "")))}): '
        f'<b class="dt-follow-solved">{int(counts.get("solved", 0))} solved</b>, '
        f'<b class="dt-follow-failed">{int(counts.get("failed", 0))} failed</b>, '
        f"{int(counts.get('playing', 0))} still playing{moves}</span>"
    )


class ResultReporter:
    """Posts a follower page's result for the exercise it was opened at, from a background thread (latest wins)."""

    def __init__(
        self, address: tuple[str, int, str], member: str, number: int, token: str = "", position: bool = False
    ) -> None:
        self.host, self.port, base = address
        #: a position challenge: the tried position's game is graded (an exercise's session otherwise)
        self.position = PositionResult() if position else None
        self.path = base + RESULT_PATH
        self.member, self.number = member, number
        self.headers = {"Content-Type": "application/json"}
        if token:
            self.headers["Authorization"] = f"token {token}"
        self.tutor: Any = None
        self.exercise: str | None = None  #: the exercise opened (another one the learner moves on to is not reported)
        self.sent: tuple[str, str] | None = None
        self._pending: tuple[str, str] | None = None
        self._wake = threading.Condition()
        threading.Thread(target=self._run, name="digitutor-result", daemon=True).start()

    def attach(self, tutor: Any) -> None:
        self.tutor = tutor
        tutor.model.observe(self._changed, All)
        self._changed()

    def _changed(self, _change: Any = None) -> None:
        if self.position is not None:
            result = self.position(self.tutor.model)
            if result is None:
                return
        else:
            session = self.tutor.model.exercise
            if session is None:
                return
            self.exercise = self.exercise or session.exercise.name
            if session.exercise.name != self.exercise:
                return
            result = result_of(session)
        if result == self.sent:
            return
        self.sent = result
        with self._wake:
            self._pending = result
            self._wake.notify()

    def _run(self) -> None:
        while True:
            with self._wake:
                self._wake.wait_for(lambda: self._pending is not None)
                result, self._pending = self._pending, None
            if result is not None:
                self._post(*result)

    def _post(self, state: str, first: str) -> None:
        body = json.dumps(
            {"follower": self.member, "challenge": self.number, "state": state, "first": " ".join(first.split())[:200]}
        )
        connection = http.client.HTTPConnection(self.host, self.port, timeout=TIMEOUT_S)
        try:
            connection.request("POST", self.path, body.encode(), self.headers)
            response = connection.getresponse()
            if response.status != 200:
                log.warning("reporting the exercise's result: HTTP %s %s", response.status, response.read()[:200])
        except (OSError, http.client.HTTPException) as error:
            log.warning("reporting the exercise's result: %s", error)
        finally:
            connection.close()

"""The room plays along (issue 36, item 4): the teacher sends an exercise, each follower solves it on their own page.

- The teacher's kernel posts ``{"challenge": {...}}`` to the publish route (with the teacher key): the exercise's
  lesson id, exercise id and title, and the Learn app and position link that open it. Followers get a named
  ``challenge`` event with the lesson id, exercise id and title only; the link stays with the server.
- ``GET /digitutor/follow/solve?challenge=<n>&follower=<id>``: a follower's "Solve it": a redirect to their own Learn
  page at that exercise (a kernel from the pool), its link carrying the follower id and the challenge number so
  that page can report back. Only a follower the server issued an id to gets it, and only for the challenge open now.
- ``POST /digitutor/follow/result``: that page's report: ``{"follower", "challenge", "state", "first"}``, the state
  ``playing``, ``solved`` or ``failed`` and the words of the follower's first answer. One entry per follower: the
  first decided state is final, the first answer's words are kept once; a follower who leaves keeps its entry while
  it keeps its place (``follow.REJOIN_S``) and takes it along after, so the counts never exceed the followers.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from tornado.web import stream_request_body

from .follow import TRY_FIELDS, VOTER, BadView, BodyRoute, FollowRoute, Hub, Refused, read_json

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

    def public(self) -> dict[str, Any]:
        """What followers are told: which exercise, nothing that opens it."""
        return {"challenge": self.number, "lesson": self.lesson, "exercise": self.exercise, "title": self.title}

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
        query = urlencode({"follower": member, "challenge": challenge.number})
        page = url_path_join(self.settings.get("base_url", "/"), "voila/render", challenge.app)
        self.redirect(f"{page}?position={challenge.position}&{query}")


@stream_request_body
class ResultHandler(BodyRoute):
    """``POST /digitutor/follow/result``: a follower's Learn page reports how the exercise goes."""

    limit = MAX_RESULT_BODY

    def check_xsrf_cookie(self) -> None:
        """A result changes nothing but a count the teacher sees, and only a follower id the server issued counts."""

    def post(self) -> None:
        hub: Hub = self.settings["digitutor_follow"]
        try:
            counted = record(hub, *read_result(self.body()))
        except Refused as error:
            self.refuse(403, str(error))
            return
        except BadView as error:
            self.refuse(400, str(error))
            return
        self.set_header("Content-Type", "application/json")
        self.finish(json.dumps({"counted": counted}))

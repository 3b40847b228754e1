"""The room plays along (issue 36, item 4): the teacher sends an exercise, each follower solves it on their own Learn
page and reports back; the teacher's line counts solved, failed, still playing, and the first answers chosen."""

from __future__ import annotations

import json
import os
from typing import Any
from urllib.parse import parse_qs, urlsplit

from test_follow import KEY, FollowServer, _until, blocks, view
from test_follow_hostile import HOSTILE, log_lines, no_traceback, refusals

from digitutor.lessons import grade
from digitutor.serving.follow import KEY_HEADER, MAX_FIRST, MAX_RESULT_BODY, REJOIN_S

STATES = ("solved", "failed", "playing")

CHALLENGE = {
    "lesson": "dcg/01-first-attack",
    "exercise": "break-security",
    "title": "Break the last security card",
    "app": "learn_dcg.ipynb",
    "position": "dt1.secret-position_-9",
}


def challenges(chunks: list[bytes]) -> list[dict[str, Any]]:
    return [data for name, data in blocks(chunks) if name == "challenge"]


class ChallengeServer(FollowServer):
    def send(self, **fields: str) -> Any:
        return self.post(json.dumps({"challenge": {**CHALLENGE, **fields}}))

    def solve(self, number: Any, follower: str) -> Any:
        return self.fetch(
            f"/digitutor/follow/solve?challenge={number}&follower={follower}", follow_redirects=False, raise_error=False
        )

    def report(self, body: dict[str, Any] | bytes) -> Any:
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        return self.fetch("/digitutor/follow/result", method="POST", body=data, raise_error=False)

    def counts(self) -> dict[str, Any]:
        return json.loads(self.post("{}").body)["challenge"]


class TestChallengeMessages(ChallengeServer):
    def test_followers_are_told_the_exercise_by_its_ids_and_the_link_stays_with_the_server(self) -> None:
        early: list[bytes] = []
        self.follow(early)
        response = self.send()
        assert response.code == 200
        assert json.loads(response.body)["challenge"] == {
            "number": 1,
            "title": CHALLENGE["title"],
            "playing": 0,
            "solved": 0,
            "failed": 0,
            "first": {},
        }
        self.io_loop.run_sync(lambda: _until(lambda: bool(challenges(early))))
        late: list[bytes] = []
        self.follow(late)  # a follower joining after it was sent is told at once
        expected = {
            "challenge": 1,
            "kind": "exercise",
            "lesson": "dcg/01-first-attack",
            "exercise": "break-security",
            "title": "Break the last security card",
        }
        assert challenges(early) == [expected]
        assert challenges(late) == [expected]
        for chunks in (early, late):
            assert b"secret-position" not in b"".join(chunks) and b"learn_dcg" not in b"".join(chunks)

    def test_solve_it_opens_the_followers_own_learn_page_at_the_exercise(self) -> None:
        me = self.follow([])
        assert self.solve(1, me).code == 404, "nothing sent yet"
        self.send()
        response = self.solve(1, me)
        assert response.code == 302
        place = urlsplit(response.headers["Location"])
        assert place.path == "/voila/render/learn_dcg.ipynb"
        assert parse_qs(place.query) == {"position": ["dt1.secret-position_-9"], "follower": [me], "challenge": ["1"]}
        assert self.counts()["playing"] == 1, "pressing Solve it counts as playing"
        assert self.solve(1, "x" * 22).code == 403, "not a follower"
        assert self.solve(2, me).code == 404, "not the challenge open now"
        self.send(exercise="another")
        assert self.solve(1, me).code == 404, "the teacher has sent another since"
        assert self.solve(2, me).code == 302

    def test_two_solve_one_fails_and_the_first_answers_are_counted(self) -> None:
        ids = [self.follow([]) for _ in range(4)]
        self.send()
        for member in ids[:3]:
            self.solve(1, member)
        first = "Attack the opponent with Agumon"
        for member, words in zip(ids[:3], (first, first, "Attack Gabumon"), strict=True):
            assert json.loads(
                self.report({"follower": member, "challenge": 1, "state": "playing", "first": words}).body
            )
        for member, state in zip(ids[:3], ("solved", "solved", "failed"), strict=True):
            self.report({"follower": member, "challenge": 1, "state": state, "first": ""})
        assert self.counts() == {
            "number": 1,
            "title": CHALLENGE["title"],
            "playing": 0,
            "solved": 2,
            "failed": 1,
            "first": {first: 2, "Attack Gabumon": 1},
        }

    def test_one_result_per_follower_the_first_decided_one_counts(self) -> None:
        me = self.follow([])
        self.send()
        for state, counted in (("playing", True), ("failed", True), ("solved", False), ("playing", False)):
            answer = self.report({"follower": me, "challenge": 1, "state": state, "first": "A"})
            assert json.loads(answer.body) == {"counted": counted}, state
        self.report({"follower": me, "challenge": 1, "state": "solved", "first": "B"})
        counts = self.counts()
        assert (counts["solved"], counts["failed"], counts["first"]) == (0, 1, {"A": 1})
        many = [{"follower": me, "challenge": 1, "state": "solved", "first": str(n)} for n in range(200)]
        for body in many:
            self.report(body)
        assert sum(self.counts()[state] for state in ("playing", "solved", "failed")) == 1

    def test_a_result_for_an_old_challenge_is_not_counted_and_a_new_one_starts_afresh(self) -> None:
        me = self.follow([])
        self.send()
        self.report({"follower": me, "challenge": 1, "state": "solved", "first": "A"})
        self.send(exercise="next-one")
        assert json.loads(self.report({"follower": me, "challenge": 1, "state": "failed", "first": ""}).body) == {
            "counted": False
        }
        counts = self.counts()
        assert (counts["number"], counts["solved"], counts["failed"], counts["first"]) == (2, 0, 0, {})

    def test_a_follower_who_leaves_for_good_takes_its_result_along(self) -> None:
        chunks: list[bytes] = []
        me = self.follow(chunks)
        self.send()
        self.report({"follower": me, "challenge": 1, "state": "solved", "first": "A"})
        assert self.counts()["solved"] == 1
        for stream in list(self.hub.members[me]):
            stream.on_connection_close()
        self.io_loop.run_sync(lambda: _until(lambda: me not in self.hub.members))
        assert self.counts()["solved"] == 1, "kept while it may come back (test_follow_rejoin.py)"
        self.hub.away[me] -= REJOIN_S + 1  # away for longer than a follower keeps its place
        assert self.counts()["solved"] == 0
        assert self.report({"follower": me, "challenge": 1, "state": "solved", "first": "A"}).code == 403

    def test_a_view_published_after_it_keeps_the_challenge(self) -> None:
        me = self.follow([])
        self.send()
        self.report({"follower": me, "challenge": 1, "state": "failed", "first": "A"})
        self.post(view(status="Step 2 of 3"))
        assert self.counts()["failed"] == 1


class TestHostileChallenges(ChallengeServer):
    def refused_once(self, path: str, body: bytes, headers: dict[str, str], codes: tuple[int, ...]) -> None:
        self.hub.said.clear()
        with log_lines() as records:
            response = self.fetch(path, method="POST", body=body, headers=headers, raise_error=False)
        assert response.code in codes, (path, body[:60], response.code)
        assert "\n" not in json.loads(response.body)["error"]
        assert len(refusals(records)) == 1, refusals(records)
        no_traceback(records)

    def test_every_hostile_result_is_refused_with_one_line_and_no_traceback(self) -> None:
        me = self.follow([])
        self.send()
        for body in HOSTILE:
            self.refused_once("/digitutor/follow/result", body, {}, (400,))
        good = {"follower": me, "challenge": 1, "state": "solved", "first": "A"}
        for bad in (
            {**good, "state": "won"},
            {**good, "state": None},
            {**good, "challenge": "1"},
            {**good, "challenge": 0},
            {**good, "challenge": True},
            {**good, "first": "x" * (MAX_FIRST + 1)},
            {**good, "first": "two\nlines"},
            {**good, "first": ["A"]},
            {**good, "follower": "short"},
            {"follower": me},
        ):
            self.refused_once("/digitutor/follow/result", json.dumps(bad).encode(), {}, (400,))
        self.refused_once("/digitutor/follow/result", json.dumps({**good, "follower": "z" * 22}).encode(), {}, (403,))
        self.refused_once("/digitutor/follow/result", b"{" + b" " * MAX_RESULT_BODY + b"}", {}, (400,))
        counts = self.counts()
        assert (counts["playing"], counts["solved"], counts["failed"]) == (0, 0, 0)

    def test_every_hostile_challenge_is_refused_and_without_the_key_nothing_is_sent(self) -> None:
        chunks: list[bytes] = []
        self.follow(chunks)
        for fields in (
            {"lesson": "../../etc"},
            {"lesson": "dcg/<b>"},
            {"exercise": "a b"},
            {"title": "x" * 201},
            {"title": "two\nlines"},
            {"app": "learn_dmb.ipynb"},
            {"app": "../tree"},
            {"position": "javascript:alert(1)"},
            {"position": 7},
            {"kind": "board"},
            {"kind": "position"},  # a position sends no lesson or exercise
            {"seed": "1"},
        ):
            body = json.dumps({"challenge": {**CHALLENGE, **fields}}).encode()
            self.refused_once("/digitutor/follow/publish", body, {KEY_HEADER: KEY}, (400,))
        for body in (
            json.dumps({"challenge": CHALLENGE, "board": "b"}).encode(),
            json.dumps({"challenge": [1]}).encode(),
            json.dumps({"challenge": {k: v for k, v in CHALLENGE.items() if k != "title"}}).encode(),
        ):
            self.refused_once("/digitutor/follow/publish", body, {KEY_HEADER: KEY}, (400,))
        self.refused_once(
            "/digitutor/follow/publish", json.dumps({"challenge": CHALLENGE}).encode(), {KEY_HEADER: "x" * 32}, (403,)
        )
        assert self.hub.challenge is None and not challenges(chunks)


class TestTheRoomPlaysAlong(ChallengeServer):
    """The kernels' side, in process: the teacher's Learn app sends the exercise it plays, each follower's Learn app
    opened at the link "Solve it" redirects to reports how it goes, and the teacher's line counts it."""

    def learn_page(self, query: str) -> Any:
        """A follower's Learn app as Voila runs it for a link with this query string."""
        from digitutor.widgets.apps import LearnApp

        port = os.environ.get("VOILA_APP_PORT")
        os.environ.update(QUERY_STRING=query, VOILA_APP_PORT=str(self.get_http_port()))  # as Voila runs a kernel
        try:
            page = LearnApp("dtector")
        finally:
            del os.environ["QUERY_STRING"]
            os.environ.pop("VOILA_APP_PORT")
            if port is not None:
                os.environ["VOILA_APP_PORT"] = port
        page.tutor.restore(parse_qs(query)["position"][0], "link")  # what the page's script sends when it opens
        return page

    def test_two_followers_solve_the_teachers_exercise_one_fails_and_the_teachers_line_says_so(self) -> None:
        from digitutor.widgets.apps import LearnApp
        from digitutor.widgets.publish import Publisher

        teacher = LearnApp("dtector")
        publisher = Publisher(("127.0.0.1", self.get_http_port(), "/"), KEY)
        publisher.attach(teacher.tutor)
        assert publisher.sender.layout.display == "none", "no exercise played: nothing to send"
        entry = next(entry for entry in teacher.lessons if entry.stem == "01-a-whole-game")
        index = [exercise.id for exercise in entry.lesson.exercises].index("type-beats-power")
        teacher.open_exercises(entry, index)
        teacher.tutor.model.exercise.answer("place:agumon")  # the teacher's own answers are not sent
        assert publisher.sender.layout.display == ""
        streams: list[list[bytes]] = [[], [], []]
        ids = [self.follow(chunks) for chunks in streams]
        publisher.send_challenge()
        self.io_loop.run_sync(lambda: _until(lambda: all(challenges(chunks) for chunks in streams)))
        assert challenges(streams[0]) == [
            {
                "challenge": 1,
                "kind": "exercise",
                "lesson": "dtector/01-a-whole-game",
                "exercise": "type-beats-power",
                "title": entry.lesson.exercises[index].title,
            }
        ]
        pages = []
        for member in ids:
            location = self.solve(1, member).headers["Location"]
            assert urlsplit(location).path == "/voila/render/learn_dtector.ipynb"
            pages.append(self.learn_page(urlsplit(location).query))
        for page in pages:
            session = page.tutor.model.exercise
            assert session is not None and session.exercise.id == "type-beats-power" and not session.play.answers
        self.io_loop.run_sync(lambda: _until(lambda: "3 still playing" in publisher.badge.value))
        # the rulebook's triangle: "Ability beats Crush, Crush beats Energy and Energy beats Ability."
        for page, key in zip(pages, ("place:patamon", "place:patamon", "place:agumon"), strict=True):
            page.tutor.model.exercise.answer(key)
        self.io_loop.run_sync(
            lambda: _until(lambda: '2 solved</b>, <b class="dt-follow-failed">1 failed' in publisher.badge.value)
        )
        counts = self.counts()
        assert (counts["solved"], counts["failed"], counts["playing"]) == (2, 1, 0)
        exercise = entry.lesson.exercises[index]
        words = {key: grade(exercise, [key]).labels[0] for key in ("place:patamon", "place:agumon")}
        assert words["place:patamon"].startswith("Patamon") and words["place:agumon"].startswith("Agumon")
        assert counts["first"] == {words["place:patamon"]: 2, words["place:agumon"]: 1}
        assert "0 still playing" in publisher.badge.value and "first moves:" in publisher.badge.value


POSITION = {"kind": "position", "title": "Play on from here", "app": "learn_dcg.ipynb", "position": "dt1.tried_-9"}


class TestPositionChallengeMessages(ChallengeServer):
    refused_once = TestHostileChallenges.refused_once

    def test_a_position_is_told_by_its_kind_and_title_and_solve_it_opens_it_as_a_position(self) -> None:
        chunks: list[bytes] = []
        me = self.follow(chunks)
        assert self.post(json.dumps({"challenge": POSITION})).code == 200
        self.io_loop.run_sync(lambda: _until(lambda: bool(challenges(chunks))))
        assert challenges(chunks) == [{"challenge": 1, "kind": "position", "title": "Play on from here"}]
        assert b"tried_-9" not in b"".join(chunks) and b"learn_dcg" not in b"".join(chunks)
        location = self.solve(1, me).headers["Location"]
        query = parse_qs(urlsplit(location).query)
        assert urlsplit(location).path == "/voila/render/learn_dcg.ipynb"
        assert query == {"position": ["dt1.tried_-9"], "follower": [me], "challenge": ["1"], "kind": ["position"]}

    def test_every_hostile_position_challenge_is_refused(self) -> None:
        for fields in (
            {"app": "../tree"},
            {"app": "learn_dcg.ipynb?x=1"},
            {"position": "javascript:alert(1)"},
            {"title": "two\nlines"},
            {"title": 7},
            {"lesson": "dcg/01-first-attack"},  # nothing beyond the four fields
        ):
            body = json.dumps({"challenge": {**POSITION, **fields}}).encode()
            self.refused_once("/digitutor/follow/publish", body, {KEY_HEADER: KEY}, (400,))
        assert self.hub.challenge is None


class TestTheRoomPlaysThePosition(ChallengeServer):
    """The teacher sends the position shown; each follower's own Learn page opens the censored try-position at their
    decision, plays it on to the end, and reports: playing with its first answer's words, then solved (won) or
    failed (lost or drawn)."""

    learn_page = TestTheRoomPlaysAlong.learn_page

    def test_three_followers_play_the_teachers_position_and_the_teachers_line_counts_each_end(self) -> None:
        from digitutor.widgets.apps import LearnApp
        from digitutor.widgets.position import TRY_SOURCE
        from digitutor.widgets.publish import Publisher

        teacher = LearnApp("dtector")
        publisher = Publisher(("127.0.0.1", self.get_http_port(), "/"), KEY)
        publisher.attach(teacher.tutor)
        model = teacher.tutor.model
        for _ in range(20):  # (the lesson's notes stop a run too)
            if model.pending() is not None:
                break
            model.run_to_my_decision()
        assert model.pending() is not None and model.pending().player == model.viewer() == 0
        assert publisher.position_sender.layout.display == "" and publisher.sender.layout.display == "none"
        streams: list[list[bytes]] = [[], [], []]
        ids = [self.follow(chunks) for chunks in streams]
        publisher.send_challenge(position=True)
        self.io_loop.run_sync(lambda: _until(lambda: all(challenges(chunks) for chunks in streams)))
        told = challenges(streams[0])[0]
        assert told["kind"] == "position" and set(told) == {"challenge", "kind", "title"}
        pages = []
        for member in ids:
            location = self.solve(1, member).headers["Location"]
            assert "kind=position" in location
            pages.append(self.learn_page(urlsplit(location).query))
        teacher_match = model.match
        for page in pages:
            tried = page.tutor.model
            # the censored try-position, never the teacher's game: a board of the seat shown and a fresh seed
            assert tried.spec.source == TRY_SOURCE and set(tried.match.setup) == {"board"}
            assert tried.match.seed != teacher_match.seed and tried.match is not teacher_match
            assert tried.pending() is not None and tried.pending().player == 0, "it opens at the follower's decision"
        self.io_loop.run_sync(lambda: _until(lambda: "3 still playing" in publisher.badge.value))
        firsts = []
        for page in pages:  # each follower answers its first decision with its first legal option
            tried = page.tutor.model
            option = next(o for o in tried.pending().options if o.legal)
            firsts.append(option.label)
            tried.choose(option.key)
        self.io_loop.run_sync(lambda: _until(lambda: sum(self.hub.challenge.counts()["first"].values()) == 3))
        assert self.counts()["first"] == {label: firsts.count(label) for label in set(firsts)}
        assert self.counts()["playing"] == 3
        ends = []
        for page in pages:  # then plays on to the end (the first legal option each time)
            tried = page.tutor.model
            for _ in range(2000):
                if tried.match.over:
                    break
                if tried.pending() is None:
                    tried.run_to_my_decision()
                    continue
                tried.choose(next(o for o in tried.pending().options if o.legal).key)
            assert tried.match.over
            ends.append("solved" if tried.match.result.winner == 0 else "failed")
        solved, failed = ends.count("solved"), ends.count("failed")
        decided = (solved, failed, 0)
        self.io_loop.run_sync(lambda: _until(lambda: tuple(self.hub.challenge.counts()[k] for k in STATES) == decided))
        said = f'{solved} solved</b>, <b class="dt-follow-failed">{failed} failed</b>, 0 still playing'
        self.io_loop.run_sync(lambda: _until(lambda: said in publisher.badge.value))

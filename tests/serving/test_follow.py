"""Follow mode: the teacher key, the publish route's limits, the event stream, and what a follower may read.

Design (docs/serving.md, "Teaching a room"): the teacher's kernel publishes each step once to a
handler in the server process; followers subscribe over server-sent events; nothing a follower
receives may hold what the shown seat's view hides.
"""

from __future__ import annotations

import json
import re
import zlib
from typing import Any

import pytest
from follow_secrets import leaks, secrets_of
from tornado.testing import AsyncHTTPTestCase
from tornado.web import Application

from digitutor.serve import room_links
from digitutor.serving.follow import FIELDS, KEY_HEADER, MAX_BODY, Hub, clean_view, follow_handlers
from digitutor.widgets import publish
from digitutor.widgets.model import TutorModel
from digitutor.widgets.publish import board_view, view_of
from digitutor.widgets.tutor import Tutor, free_play_spec

KEY = "k" * 32


def blocks(chunks: list[bytes]) -> list[tuple[str, dict[str, Any]]]:
    """Every event in a server-sent event stream: (its name, "" for a view; its data, parsed)."""
    found = []
    for block in b"".join(chunks).decode().split("\n\n"):
        lines = block.splitlines()
        data = [line[len("data: ") :] for line in lines if line.startswith("data: ")]
        name = next((line[len("event: ") :] for line in lines if line.startswith("event: ")), "")
        if data:
            found.append((name, json.loads("\n".join(data))))
    return found


def events(chunks: list[bytes]) -> list[dict[str, Any]]:
    """Every view in a server-sent event stream, parsed."""
    return [data for name, data in blocks(chunks) if not name]


def follower_id(chunks: list[bytes]) -> str:
    """The id the server issued this stream's follower."""
    return next(data["follower"] for name, data in blocks(chunks) if name == "follower")


class FollowServer(AsyncHTTPTestCase):
    def get_app(self) -> Application:
        self.hub = Hub(KEY)
        return Application(follow_handlers("/"), digitutor_follow=self.hub, xsrf_cookies=True)

    def post(self, body: bytes | str, key: str | None = KEY) -> Any:
        headers = {KEY_HEADER: key} if key is not None else {}
        return self.fetch("/digitutor/follow/publish", method="POST", body=body, headers=headers, raise_error=False)

    def follow(self, chunks: list[bytes]) -> str:
        """A follower: the stream's bytes go to ``chunks``; returns its follower id once the server issued it."""
        self.http_client.fetch(
            self.get_url("/digitutor/follow/events"),
            streaming_callback=chunks.append,
            request_timeout=3600,
            raise_error=False,
        )
        self.io_loop.run_sync(lambda: _until(lambda: any(name == "follower" for name, _ in blocks(chunks))))
        return follower_id(chunks)


async def _until(ready: Any, timeout: float = 10.0) -> None:
    import asyncio
    import time

    deadline = time.monotonic() + timeout
    while not ready():
        if time.monotonic() > deadline:
            raise AssertionError("timed out")
        await asyncio.sleep(0.01)


def view(**fields: str) -> str:
    return json.dumps({"board": "<b>board</b>", "status": "Step 1 of 3", **fields})


class TestPublishRoute(FollowServer):
    def test_without_the_teacher_key_nothing_is_published(self) -> None:
        for key in (None, "", "k" * 31, "x" * 32):
            response = self.post(view(), key)
            assert response.code == 403, key
        assert self.hub.view is None

    def test_with_the_key_the_view_is_kept_and_the_count_comes_back(self) -> None:
        response = self.post(view())
        assert response.code == 200
        assert json.loads(response.body) == {"followers": 0, "seq": 1, "votes": {}}
        assert self.hub.view["board"] == "<b>board</b>"

    def test_an_empty_post_asks_the_count_only(self) -> None:
        assert json.loads(self.post("{}").body) == {"followers": 0, "seq": 0, "votes": {}}
        assert self.hub.view is None

    def test_bad_bodies_are_refused_in_one_line(self) -> None:
        bad = [
            b"[1, 2]",
            b"not json",
            b'{"board": 3}',
            json.dumps({"board": "x" * (FIELDS["board"] + 1)}),
            b"{" + b" " * MAX_BODY + b"}",
            b"\xff\xfe",
        ]
        for body in bad:
            response = self.post(body)
            assert response.code == 400, body[:40]
            assert "\n" not in json.loads(response.body)["error"]
        assert self.hub.view is None

    def test_unknown_fields_are_dropped(self) -> None:
        self.post(json.dumps({"board": "b", "script": "<script>alert(1)</script>", "__proto__": "x"}))
        assert set(self.hub.view) == {*FIELDS, "try", "seq", "sent"}

    def test_try_from_here_answers_a_follower_for_the_view_shown_and_the_position_stays_out_of_the_stream(self) -> None:
        chunks: list[bytes] = []
        me = self.follow(chunks)

        def tried(seq: Any, follower: str = me) -> Any:
            return self.fetch(
                f"/digitutor/follow/try?seq={seq}&follower={follower}", follow_redirects=False, raise_error=False
            )

        assert tried(0).code == 404
        self.post(view(try_app="learn_dmb.ipynb", try_position="dt1.abc_-9"))
        response = tried(1)
        assert response.code == 302
        assert response.headers["Location"] == "/voila/render/learn_dmb.ipynb?position=dt1.abc_-9"
        assert tried(1, "x" * 22).code == 403, "not a follower"
        assert self.fetch("/digitutor/follow/try", follow_redirects=False, raise_error=False).code == 403
        self.post(view(try_app="learn_dmb.ipynb", try_position="dt1.other", status="Step 2 of 3"))
        assert tried(1).code == 404, "a view gone by"
        assert tried(2).headers["Location"].endswith("position=dt1.other")
        self.io_loop.run_sync(lambda: _until(lambda: len(events(chunks)) == 2))
        assert events(chunks)[-1]["try"] is True
        assert b"dt1.abc" not in b"".join(chunks) and b"dt1.other" not in b"".join(chunks)

    def test_a_try_field_must_be_a_learn_app_and_a_position_link(self) -> None:
        for fields in (
            {"try_app": "../start.ipynb", "try_position": "dt1.x"},
            {"try_app": "learn_dmb.ipynb", "try_position": "x"},
            {"try_app": "learn_dmb.ipynb", "try_position": "dt1.a&mode=presenter"},
            {"try_app": 3},
        ):
            assert (
                self.post(
                    view(**fields) if all(isinstance(v, str) for v in fields.values()) else json.dumps(fields)
                ).code
                == 400
            ), fields


DECISION = '<h2>Player 1 to decide</h2><button data-option="1">a</button><button data-option="2">b</button>'


class TestWhatWouldYouDo(FollowServer):
    """Issue 27, point 2: the teacher hands the attendees a question and sees how many chose which option.
    Issue 36, point 2: only a follower the server issued an id to votes, once per decision."""

    def vote(self, voter: str, seq: Any, option: Any) -> Any:
        body = json.dumps({"voter": voter, "seq": seq, "option": option})
        return self.fetch("/digitutor/follow/vote", method="POST", body=body, raise_error=False)

    def test_votes_on_the_decision_shown_are_counted_for_the_teacher_one_per_follower(self) -> None:
        a, b, c = (self.follow([]) for _ in range(3))
        self.post(view(decision=DECISION))
        for voter, option in ((a, 1), (b, 2), (c, 2), (a, 2)):  # a changes its mind
            assert json.loads(self.vote(voter, 1, option).body) == {"counted": True}
        assert json.loads(self.post("{}").body)["votes"] == {"2": 3}
        self.post(view(decision=DECISION.replace("to decide", "decided here"), status="Step 1 of 3 ·"))
        assert json.loads(self.post("{}").body)["votes"] == {"2": 3}, "the same question, shown again"
        self.post(view(decision=DECISION.replace(">b<", ">c<"), status="Step 2 of 3"))  # a new question
        assert json.loads(self.post("{}").body)["votes"] == {}
        assert json.loads(self.vote(a, 2, 1).body) == {"counted": False}, "a vote on a question gone by"

    def test_no_vote_without_a_decision(self) -> None:
        voter = self.follow([])
        self.post(view())
        assert json.loads(self.vote(voter, 1, 1).body) == {"counted": False}

    def test_only_an_id_the_server_issued_votes(self) -> None:
        self.follow([])
        self.post(view(decision=DECISION))
        for voter in ("a" * 12, "b" * 22):
            response = self.vote(voter, 1, 1)
            assert response.code == 403 and "not a follower" in json.loads(response.body)["error"]
        assert self.hub.votes == {}

    def test_bad_votes_are_refused_in_one_line(self) -> None:
        voter = self.follow([])
        self.post(view(decision=DECISION))
        bad = [
            ("short", 1, 1),
            ("a" * 41, 1, 1),
            ("a b c d e f", 1, 1),
            (voter, 1, 0),
            (voter, 1, 100),
            (voter, 1, "1"),
            (voter, True, 1),
            (voter, 1, 1.0),
            (voter, 0, 1),
            (voter, 1, 3),
        ]
        for who, seq, option in bad:
            response = self.vote(who, seq, option)
            assert response.code == 400, (who, seq, option)
            assert "\n" not in json.loads(response.body)["error"]
        for body in (b"x" * 201, b"[1]", b"nope"):
            assert self.fetch("/digitutor/follow/vote", method="POST", body=body, raise_error=False).code == 400
        assert self.hub.votes == {}


class TestEventStream(FollowServer):
    def test_a_late_joiner_gets_the_current_view_at_once_then_every_new_one(self) -> None:
        self.post(view(status="Step 4 of 9"))
        chunks: list[bytes] = []
        self.follow(chunks)
        self.io_loop.run_sync(lambda: _until(lambda: events(chunks)))
        assert events(chunks)[0]["status"] == "Step 4 of 9"
        assert json.loads(self.post(view(status="Step 5 of 9")).body)["followers"] == 1
        self.io_loop.run_sync(lambda: _until(lambda: len(events(chunks)) == 2))
        assert [e["seq"] for e in events(chunks)] == [1, 2]

    def test_a_follower_that_accepts_gzip_gets_each_view_compressed_and_at_once(self) -> None:
        board = "".join(f'<div class="dt-card" data-card="p0.c{n}">Agumon</div>' for n in range(400))
        self.post(view(board=board))
        raw: list[bytes] = []
        self.http_client.fetch(
            self.get_url("/digitutor/follow/events"),
            streaming_callback=raw.append,
            headers={"Accept-Encoding": "gzip"},
            decompress_response=False,
            request_timeout=3600,
        )
        inflate, text, used = zlib.decompressobj(16 + zlib.MAX_WBITS), [], [0]

        def inflated(count: int) -> bool:
            text.extend(inflate.decompress(chunk) for chunk in raw[used[0] :])
            used[0] = len(raw)
            return len(events(text)) >= count

        self.io_loop.run_sync(lambda: _until(lambda: inflated(1)))
        self.post(view(board=board, status="Step 2 of 3"))
        self.io_loop.run_sync(lambda: _until(lambda: inflated(2)))
        assert [e["status"] for e in events(text)] == ["Step 1 of 3", "Step 2 of 3"]
        assert sum(map(len, raw)) < len(board) / 5

    def test_the_follower_page_is_small_and_loads_nothing_else(self) -> None:
        response = self.fetch("/digitutor/follow")
        page = response.body.decode()
        assert response.code == 200 and "Following the teacher" in page
        assert len(response.body) < 64 * 1024
        assert not re.search(r"<(script|link|img)\b[^>]*\b(src|href)=\"(?!data:)", page), "the page loads another file"
        assert ".dt-board" in page  # the tutor's own CSS, inlined


# -- secrets: every message a follower receives, for a dmb and a dcg game ------------------------------


def play(tutor: Tutor, moves: int) -> None:
    """Next, or the first legal option at a decision, ``moves`` times."""
    model = tutor.model
    for _ in range(moves):
        pending = model.pending()
        if pending is not None:
            model.choose(pending.legal_options[0].key)
        else:
            model.next()


@pytest.mark.parametrize("game", ["dmb", "dbe", "dcg"])
class TestSecrets:
    """Design, "Follow mode": nothing a follower receives may hold what the shown view hides."""

    def test_no_message_a_follower_receives_names_a_hidden_card(self, game: str) -> None:
        case = SecretRun(game)
        case.setUp()
        try:
            case.run_game()
        finally:
            case.tearDown()

    def test_the_seat_shown_has_secrets_to_keep(self, game: str) -> None:
        # the check above is only worth something if the opponent's hand is hidden at all
        tutor = Tutor.free_play(game, seed=5)
        play(tutor, 10)
        uids, names = secrets_of(tutor)
        assert uids and names


class SecretRun(FollowServer):
    def __init__(self, game: str) -> None:
        super().__init__("run_game")
        self.game = game

    def run_game(self) -> None:
        chunks: list[bytes] = []
        self.follow(chunks)
        tutor = Tutor(TutorModel(free_play_spec(self.game, 5)), app_id=f"learn:{self.game}")
        secrets: list[tuple[set[str], set[str]]] = []
        positions: list[str] = []

        def published(_change: Any = None) -> None:
            secrets.append(secrets_of(tutor))
            shown = view_of(tutor)
            positions.append(shown["try_position"])
            self.hub.publish(clean_view(json.dumps(shown).encode()))

        tutor.model.observe(published, ["step", "revision"])
        published()
        play(tutor, 40)
        tutor.model.back()
        tutor.model.jump(3)
        self.io_loop.run_sync(lambda: _until(lambda: len(events(chunks)) == len(secrets)))
        received = events(chunks)
        assert len(received) == len(secrets) > 40
        for message, (uids, names) in zip(received, secrets, strict=False):
            assert not leaks(message, uids, names), f"seq {message['seq']}: {leaks(message, uids, names)}"
        stream = b"".join(chunks).decode()
        assert not any(position in stream for position in positions), "a position (seed, answers) reached the stream"
        assert "seed 5" not in stream and "seed 5" in tutor.title.value, "the seed is on the teacher's page only"


# -- the teacher's side -------------------------------------------------------------------------------


def test_a_tutor_without_a_teacher_key_in_its_link_publishes_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("QUERY_STRING", "mode=presenter")
    monkeypatch.setattr(publish, "_publisher", None)
    Tutor.free_play("dtector")
    assert publish._publisher is None


def test_the_decision_goes_out_as_text_for_the_seat_shown_only() -> None:
    tutor = Tutor.free_play("dmb", seed=5)
    for _ in range(200):
        if tutor.model.pending() is not None:
            break
        tutor.model.next()
    shown = view_of(tutor)["decision"]
    assert shown and "<button disabled" in shown and "dt-keys-hint" not in shown


def test_room_links_teacher_key_in_the_teachers_only() -> None:
    links = room_links("http://127.0.0.1:8866/?token=T", "http://10.0.0.5:8866/?token=T", KEY, "learn_dmb.ipynb")
    assert links.teacher == f"http://127.0.0.1:8866/voila/render/learn_dmb.ipynb?mode=presenter&teacher={KEY}&token=T"
    assert links.follow == "http://10.0.0.5:8866/digitutor/follow?token=T"
    assert KEY not in links.follow


class TestWithTheRoomToken(AsyncHTTPTestCase):
    """``--lan``: the follow routes need the room's token like every other route, the teacher key besides."""

    def get_app(self) -> Application:
        from digitutor.serving.guard import guarded

        self.hub = Hub(KEY)
        handlers = [(rule[0], guarded(rule[1], "room-token"), *rule[2:]) for rule in follow_handlers("/")]
        return Application(handlers, digitutor_follow=self.hub, xsrf_cookies=True)

    def test_no_route_answers_without_the_token(self) -> None:
        for path in ("/digitutor/follow", "/digitutor/follow/events", "/digitutor/follow/try"):
            assert self.fetch(path, raise_error=False).code == 403, path
        response = self.fetch(
            "/digitutor/follow/publish", method="POST", body=view(), headers={KEY_HEADER: KEY}, raise_error=False
        )
        assert response.code == 403 and self.hub.view is None

    def test_the_teachers_kernel_sends_both(self) -> None:
        response = self.fetch(
            "/digitutor/follow/publish",
            method="POST",
            body=view(),
            raise_error=False,
            headers={KEY_HEADER: KEY, "Authorization": "token room-token"},
        )
        assert response.code == 200 and self.hub.view is not None
        assert self.fetch("/digitutor/follow?token=room-token").code == 200


class TestTheTeachersKernel(FollowServer):
    """The publisher a teacher's Tutor starts: its views reach the server, an unchanged one is not sent again,
    and the teacher's line counts the followers."""

    def test_each_new_view_reaches_the_followers_once(self) -> None:
        from digitutor.widgets.publish import Publisher

        chunks: list[bytes] = []
        self.follow(chunks)
        publisher = Publisher(("127.0.0.1", self.get_http_port(), "/"), KEY)
        tutor = Tutor(TutorModel(free_play_spec("dmb", 5)), app_id="learn:dmb")
        publisher.attach(tutor)
        self.io_loop.run_sync(lambda: _until(lambda: self.hub.seq == 1))
        assert self.hub.view["status"] == tutor.status.value and self.hub.view["board"] == board_view(tutor)
        assert "Player 1 (the teacher)" in self.hub.view["board"] and "(you)" not in self.hub.view["board"]
        assert publisher.badge in tutor.children
        tutor.model.next()
        self.io_loop.run_sync(lambda: _until(lambda: self.hub.seq == 2))
        assert self.hub.view["status"] == tutor.status.value
        tutor.model.notice = "nothing the followers see"
        tutor.model.autoplay = False
        self.io_loop.run_sync(lambda: _until(lambda: "1 following" in publisher.badge.value))
        assert self.hub.seq == 2, "an unchanged view was sent again"
        assert [e["seq"] for e in events(chunks)] == [1, 2]

    def test_a_wrong_key_is_refused_and_the_page_stops_trying_and_says_so(self) -> None:
        from digitutor.widgets.publish import Publisher

        publisher = Publisher(("127.0.0.1", self.get_http_port(), "/"), "x" * 32)
        tutor = Tutor(TutorModel(free_play_spec("dmb", 5)), app_id="learn:dmb")
        publisher.attach(tutor)
        self.io_loop.run_sync(lambda: _until(lambda: publisher.refused))
        tutor.model.next()
        assert self.hub.seq == 0 and self.hub.view is None
        assert "not this server's" in publisher.badge.value


# -- a watcher's words (issue 36, point 3) -----------------------------------------------------------------


def test_the_teachers_prompts_are_put_in_the_third_person() -> None:
    from digitutor.widgets.publish import watcher_prompt

    assert (
        watcher_prompt("Player 1: choose your attack in secret.", "Player 1")
        == "Player 1 (the teacher) is asked: choose their attack in secret."
    )
    assert (
        watcher_prompt("Player 1: your active zone is empty; play an R, C or U from your hand.", "Player 1")
        == "Player 1 (the teacher) is asked: their active zone is empty; play an R, C or U from their hand."
    )
    asked = watcher_prompt("Player 1: keep your hand, or redraw it once?", "Player 1")
    assert asked.endswith("keep their hand, or redraw it once?")


def at_a_question(game: str = "dmb") -> Tutor:
    """A lesson (the ★ is shown) at a decision of the learner's seat with two options or more."""
    tutor = Tutor.for_lesson(game)
    tutor.app_id = f"learn:{game}"
    model = tutor.model
    for _ in range(400):
        pending = model.pending()
        if pending is not None and pending.player == 0 and len(pending.legal_options) > 1 and model.suggestion():
            return tutor
        if pending is not None:
            model.choose(model.suggestion() or pending.legal_options[0].key)
        else:
            model.next()
    raise AssertionError("no question for the room in 400 steps")


def test_what_would_you_do_shows_no_star_and_speaks_of_the_teacher() -> None:
    from digitutor.widgets.publish import decision_view, options_of

    tutor = at_a_question()
    assert "★" in tutor.decision.value, "the teacher's own panel suggests an answer"
    shown = decision_view(tutor)
    assert "★" not in shown and "dt-option-suggested" not in shown
    assert "Player 1 (the teacher) to decide" in shown and "(the teacher) is asked:" in shown
    assert not re.search(r"\byour?\b", shown.split('class="dt-options"')[0]), "the prompt still says you"
    numbers = sorted({number for number, _label in options_of(tutor).values()})
    assert numbers == [int(n) for n in re.findall(r'data-option="(\d+)"', shown)]


class TestTheRoomSeesTheAnswer(FollowServer):
    def test_after_the_teacher_answers_followers_see_the_teachers_choice_and_the_rooms_counts(self) -> None:
        from digitutor.widgets.publish import Publisher, options_of

        chunks: list[bytes] = []
        me, other = self.follow(chunks), self.follow([])
        tutor = at_a_question()
        publisher = Publisher(("127.0.0.1", self.get_http_port(), "/"), KEY)
        publisher.attach(tutor)
        self.io_loop.run_sync(lambda: _until(lambda: self.hub.seq == 1 and self.hub.options > 1))
        for voter, option in ((me, 2), (other, 1)):
            vote = json.dumps({"voter": voter, "seq": 1, "option": option})
            assert json.loads(self.fetch("/digitutor/follow/vote", method="POST", body=vote).body) == {"counted": True}
        self.io_loop.run_sync(lambda: _until(lambda: "× 1" in publisher.badge.value))
        labels = {number: label for number, label in options_of(tutor).values()}
        assert f"{labels[2]} × 1" in publisher.badge.value and f"{labels[1]} × 1" in publisher.badge.value
        key = next(key for key, (number, _label) in options_of(tutor).items() if number == 2)
        tutor.model.choose(key)
        self.io_loop.run_sync(lambda: _until(lambda: any(e.get("answered") for e in events(chunks))))
        after = next(e for e in events(chunks) if e.get("answered"))
        assert after["answered"] == f"2. {labels[2]}"
        assert after["room"] == {"votes": {"1": 1, "2": 1}, "followers": 2}
        assert "room" not in events(chunks)[0] and not events(chunks)[0]["answered"]


def test_the_compacted_stylesheet_keeps_every_rule_and_every_string() -> None:
    """The follower page inlines the tutor's CSS compacted: the same selectors, declarations and quoted strings."""
    from digitutor.widgets.style import CSS, compact_css

    def rules(css: str) -> list[tuple[str, str]]:
        css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
        found = re.findall(r"([^{}]+)\{([^{}]*)\}", css)
        return [
            (" ".join(sel.split()), ";".join(" ".join(d.split()) for d in body.split(";") if d.strip()))
            for sel, body in found
        ]

    compact = compact_css(CSS)
    assert len(compact) < len(CSS) * 0.9
    assert rules(compact) == rules(CSS)
    assert re.findall(r'"[^"]*"', compact) == re.findall(r'"[^"]*"', re.sub(r"/\*.*?\*/", "", CSS, flags=re.S))

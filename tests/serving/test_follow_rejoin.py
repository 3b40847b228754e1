"""Followers who leave and come back keep their place (issue 36, item 4): a follower who reloads the follow page,
or comes back within ``REJOIN_S``, asks for the id it was given and is the same follower, its vote and its challenge
result kept and counted once; an id the server did not issue (or forgot) counts for nothing and gets a fresh one."""

from __future__ import annotations

import asyncio
import json
import threading
import time
import urllib.request
from typing import Any

import pytest
from test_follow import DECISION, KEY, _until, blocks, follower_id, view
from test_follow_challenge import ChallengeServer
from tornado.httpserver import HTTPServer
from tornado.ioloop import IOLoop
from tornado.netutil import bind_sockets
from tornado.web import Application

from digitutor.serving import follow
from digitutor.serving.follow import KEY_HEADER, REJOIN_S


class RejoinServer(ChallengeServer):
    def rejoin(self, chunks: list[bytes], asked: str) -> str:
        """A follower's stream asking for the id ``asked``; returns the id the server gave it."""
        self.http_client.fetch(
            self.get_url(f"/digitutor/follow/events?follower={asked}"),
            streaming_callback=chunks.append,
            request_timeout=3600,
            raise_error=False,
        )
        self.io_loop.run_sync(lambda: _until(lambda: any(name == "follower" for name, _ in blocks(chunks))))
        return follower_id(chunks)

    def drop(self, member: str) -> None:
        """Every stream of this follower closes (a reload, a phone asleep, Wi-Fi gone)."""
        for stream in list(self.hub.members[member]):
            stream.on_connection_close()
        self.io_loop.run_sync(lambda: _until(lambda: member not in self.hub.members))

    def vote(self, voter: str, seq: int, option: int) -> Any:
        body = json.dumps({"voter": voter, "seq": seq, "option": option})
        return self.fetch("/digitutor/follow/vote", method="POST", body=body, raise_error=False)

    def status(self) -> dict[str, Any]:
        return json.loads(self.post("{}").body)


class TestComingBack(RejoinServer):
    def test_a_follower_who_reloads_is_the_same_follower_and_its_vote_counts_once(self) -> None:
        me, other = self.follow([]), self.follow([])
        self.post(view(decision=DECISION))
        assert json.loads(self.vote(me, 1, 2).body) == {"counted": True}
        self.drop(me)
        assert self.status()["votes"] == {"2": 1}, "kept while it may come back"
        assert self.status()["followers"] == 2
        chunks: list[bytes] = []
        assert self.rejoin(chunks, me) == me
        assert [data["seq"] for name, data in blocks(chunks) if not name] == [1], "the view shown, at once"
        status = self.status()
        assert (status["followers"], status["votes"]) == (2, {"2": 1})
        assert json.loads(self.vote(me, 1, 1).body) == {"counted": True}, "it may change its mind, once counted"
        assert self.vote(other, 1, 1).code == 200
        assert self.status()["votes"] == {"1": 2}

    def test_a_follower_who_comes_back_keeps_its_challenge_result_counted_once(self) -> None:
        me = self.follow([])
        self.send()
        assert self.solve(1, me).code == 302
        self.drop(me)  # the phone slept while its Learn page played on
        assert json.loads(self.report({"follower": me, "challenge": 1, "state": "solved", "first": "A"}).body) == {
            "counted": True
        }
        assert self.rejoin([], me) == me
        self.report({"follower": me, "challenge": 1, "state": "failed", "first": "B"})
        counts = self.counts()
        assert (counts["playing"], counts["solved"], counts["failed"], counts["first"]) == (0, 1, 0, {"A": 1})
        assert self.status()["followers"] == 1

    def test_two_tabs_of_one_follower_are_one_follower(self) -> None:
        me = self.follow([])
        assert self.rejoin([], me) == me
        self.post(view(decision=DECISION))
        self.vote(me, 1, 1)
        assert self.status()["followers"] == 1
        first = next(iter(self.hub.members[me]))
        first.on_connection_close()
        self.io_loop.run_sync(lambda: _until(lambda: len(self.hub.members[me]) == 1))
        assert me not in self.hub.away, "still connected by its other tab"
        assert self.status() == {"followers": 1, "seq": 1, "votes": {"1": 1}}


class TestOnlyIssuedIds(RejoinServer):
    def test_an_id_the_server_did_not_issue_gets_a_fresh_one_and_counts_for_nothing(self) -> None:
        forged = "forged-follower-id-0001"
        given = self.rejoin([], forged)
        assert given != forged
        self.post(view(decision=DECISION))
        assert self.vote(forged, 1, 1).code == 403
        self.send()
        assert self.solve(1, forged).code == 403
        assert self.report({"follower": forged, "challenge": 1, "state": "solved", "first": "A"}).code == 403
        assert self.status()["followers"] == 1 and self.status()["votes"] == {}
        assert self.counts()["solved"] == 0

    def test_an_id_that_is_not_an_id_is_ignored(self) -> None:
        for asked in ("short", "a" * 41, "%3Cscript%3E", "x" * 5000):
            assert len(self.rejoin([], asked)) > 20
        assert self.status()["followers"] == 4

    def test_a_follower_away_longer_than_rejoin_s_is_forgotten_with_its_vote_and_result(self) -> None:
        me = self.follow([])
        self.post(view(decision=DECISION))
        self.vote(me, 1, 2)
        self.send()
        self.report({"follower": me, "challenge": 1, "state": "solved", "first": "A"})
        self.drop(me)
        self.hub.away[me] -= REJOIN_S + 1
        status = self.status()
        assert (status["followers"], status["votes"], status["challenge"]["solved"]) == (0, {}, 0)
        assert self.vote(me, 1, 2).code == 403
        assert self.rejoin([], me) != me, "a forgotten id is not given back"
        assert self.status()["votes"] == {}


def test_streams_opened_and_dropped_in_bulk_keep_at_most_max_away(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(follow, "MAX_AWAY", 3)
    hub = follow.Hub("k" * 32)
    members = []
    for number in range(5):
        stream = object()
        members.append((hub.join(stream), stream))
        hub.votes[members[-1][0]] = 1 + number % 2
    for member, stream in members:
        hub.leave(member, stream)
    assert list(hub.away) == [member for member, _ in members[2:]], "the oldest go first"
    assert set(hub.votes) == set(hub.away)
    assert hub.present() == 3 and sum(hub.status()["votes"].values()) == 3


class ServerThread(threading.Thread):
    """The follow routes on a port of their own, in a thread with its own IOLoop (the browser blocks this one)."""

    def __init__(self) -> None:
        super().__init__(daemon=True)
        self.hub, self.ready = follow.Hub(KEY), threading.Event()
        self.port = 0

    def run(self) -> None:
        async def serve() -> None:
            sockets = bind_sockets(0, "127.0.0.1")
            self.port = sockets[0].getsockname()[1]
            server = HTTPServer(Application(follow.follow_handlers("/"), digitutor_follow=self.hub))
            server.add_sockets(sockets)
            self.loop, self.stopping = IOLoop.current(), asyncio.Event()
            self.ready.set()
            await self.stopping.wait()
            server.stop()

        asyncio.run(serve())

    def publish(self, body: str) -> Any:
        request = urllib.request.Request(
            f"http://127.0.0.1:{self.port}/digitutor/follow/publish", data=body.encode(), headers={KEY_HEADER: KEY}
        )
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.loads(response.read())


def until(ready: Any, timeout: float = 30.0) -> None:
    """Wait (generously: a busy machine) for ``ready()``, polling."""
    deadline = time.monotonic() + timeout
    while not ready():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


@pytest.mark.browser
def test_the_follow_page_reloaded_is_the_same_follower_with_its_vote_in_chromium() -> None:
    from playwright.sync_api import sync_playwright

    server = ServerThread()
    server.start()
    assert server.ready.wait(30)
    hub, page_url = server.hub, f"http://127.0.0.1:{server.port}/digitutor/follow"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        try:
            page = browser.new_context().new_page()
            page.goto(page_url)
            me = page.wait_for_function("() => localStorage.getItem('digitutor.follower')", timeout=30_000).json_value()
            server.publish(view(decision=DECISION))
            page.locator('#dt-decision button[data-option="2"]').click(timeout=30_000)
            until(lambda: server.publish("{}")["votes"] == {"2": 1})
            page.reload()
            until(lambda: set(hub.members) == {me} and len(hub.followers) == 1 and not hub.away)
            assert server.publish("{}")["votes"] == {"2": 1} and server.publish("{}")["followers"] == 1
            other = browser.new_context().new_page()  # another browser: another follower
            other.goto(page_url)
            until(lambda: len(hub.members) == 2)
            forged = browser.new_context().new_page()  # a stored id the server never issued gets a fresh one
            forged.add_init_script("localStorage.setItem('digitutor.follower', 'forged-follower-id-0001')")
            forged.goto(page_url)
            until(lambda: len(hub.members) == 3)
            kept = forged.wait_for_function(
                "() => localStorage.getItem('digitutor.follower') !== 'forged-follower-id-0001'"
                " && localStorage.getItem('digitutor.follower')",
                timeout=30_000,
            ).json_value()
            assert kept in hub.members and "forged-follower-id-0001" not in hub.members
        finally:
            browser.close()
    server.loop.add_callback(server.stopping.set)
    server.join(30)

"""Follow mode under hostile input (issue 36, point 2): any body the publish or vote routes get is refused with 400
or 403 and one log line, never a traceback; one vote per follower per decision; a flood of votes from one client
leaves the counts and the server healthy."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from test_follow import DECISION, KEY, FollowServer, _until, events, view

from digitutor.serving.follow import KEY_HEADER, MAX_BODY, MAX_VOTE_BODY

#: bodies nobody's kernel or follow page sends
HOSTILE: list[bytes] = [
    b"[" * 200_000,  # nesting: Python's parser recurses
    b'{"a":' * 100_000,
    b'{"board": ' + b"[" * 50_000 + b"]" * 50_000 + b"}",
    b"1" * 10_000,  # a number of 10,000 digits (Python refuses to convert it)
    b'{"seq": ' + b"9" * 5_000 + b"}",
    b"\xff\xfe\x00",
    b'"\\ud800"',
    b"null",
    b"1e999",
    b'{"board": {"x": 1}}',
    b'{"title": null}',
    b'{"board": ["<b>"]}',
    b'{"try_app": "learn_dmb.ipynb", "try_position": 7}',
    b'{"voter": [], "seq": {}, "option": null}',
]


@contextmanager
def log_lines() -> Iterator[list[logging.LogRecord]]:
    """Every log record of any logger while the block runs."""
    records: list[logging.LogRecord] = []
    handler = logging.Handler(logging.DEBUG)
    handler.emit = records.append  # type: ignore[method-assign] - a handler that keeps each record it is given
    root, level = logging.getLogger(), logging.getLogger().level
    root.addHandler(handler)
    root.setLevel(logging.DEBUG)
    try:
        yield records
    finally:
        root.removeHandler(handler)
        root.setLevel(level)


def refusals(records: list[logging.LogRecord]) -> list[str]:
    return [record.getMessage() for record in records if "digitutor follow:" in record.getMessage()]


def no_traceback(records: list[logging.LogRecord]) -> None:
    bad = [record.getMessage() for record in records if record.exc_info or record.levelno >= logging.ERROR]
    assert not bad, bad


async def raw_requests(port: int, requests: list[bytes]) -> list[tuple[int, bytes]]:
    """Send ``requests`` over one kept-alive connection (pipelined in batches); (status, body) of each answer."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    answers: list[tuple[int, bytes]] = []
    try:
        for start in range(0, len(requests), 200):
            batch = requests[start : start + 200]
            writer.write(b"".join(batch))
            await writer.drain()
            for _ in batch:
                head = await reader.readuntil(b"\r\n\r\n")
                lines = head.decode("latin-1").split("\r\n")
                length = next(
                    int(line.split(":", 1)[1]) for line in lines if line.lower().startswith("content-length:")
                )
                answers.append((int(lines[0].split()[1]), await reader.readexactly(length)))
    finally:
        writer.close()
    return answers


def post_request(path: str, body: bytes, headers: dict[str, str] | None = None) -> bytes:
    head = "".join(f"{name}: {value}\r\n" for name, value in (headers or {}).items())
    return (
        f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n{head}"
        f"Content-Length: {len(body)}\r\n\r\n"
    ).encode() + body


class TestHostileBodies(FollowServer):
    def refused_once(self, path: str, body: bytes, headers: dict[str, str], codes: tuple[int, ...]) -> None:
        self.hub.said.clear()  # a refusal after a quiet spell: exactly its own line
        with log_lines() as records:
            response = self.fetch(path, method="POST", body=body, headers=headers, raise_error=False)
        assert response.code in codes, (path, body[:40], response.code)
        assert "\n" not in json.loads(response.body)["error"]
        assert len(refusals(records)) == 1, refusals(records)
        no_traceback(records)

    def test_every_hostile_body_is_refused_with_one_line_and_no_traceback(self) -> None:
        voter = self.follow([])
        self.post(view(decision=DECISION))
        for body in HOSTILE:
            self.refused_once("/digitutor/follow/publish", body, {KEY_HEADER: KEY}, (400,))
            self.refused_once("/digitutor/follow/vote", body, {}, (400,))
            self.refused_once("/digitutor/follow/publish", body, {KEY_HEADER: "x" * 32}, (403,))
        for fields in ({"voter": voter, "seq": 1, "option": 3}, {"voter": voter, "seq": "1", "option": 1}):
            self.refused_once("/digitutor/follow/vote", json.dumps(fields).encode(), {}, (400,))
        self.refused_once(
            "/digitutor/follow/vote", json.dumps({"voter": "z" * 22, "seq": 1, "option": 1}).encode(), {}, (403,)
        )
        assert self.hub.seq == 1 and self.hub.votes == {}

    def test_a_body_over_the_cap_is_refused_before_it_is_read(self) -> None:
        for path, limit, headers in (
            ("/digitutor/follow/publish", MAX_BODY, {KEY_HEADER: KEY}),
            ("/digitutor/follow/vote", MAX_VOTE_BODY, {}),
        ):
            self.refused_once(path, b" " * (limit + 1), headers, (400,))
            self.refused_once(path, b"{" * (limit * 4), headers, (400,))
        assert self.hub.view is None

    def test_a_chunked_body_over_the_cap_leaves_the_server_healthy(self) -> None:
        async def chunked() -> bytes:
            reader, writer = await asyncio.open_connection("127.0.0.1", self.get_http_port())
            writer.write(b"POST /digitutor/follow/vote HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
            chunk = b"[" * 4096
            for _ in range(64):
                writer.write(f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n")
            writer.write(b"0\r\n\r\n")
            try:
                await writer.drain()
                return await asyncio.wait_for(reader.read(), 10)
            except (ConnectionError, OSError):
                return b""
            finally:
                writer.close()

        with log_lines() as records:
            answer = self.io_loop.run_sync(chunked)
        assert answer == b"" or answer.startswith(b"HTTP/1.1 400"), answer[:80]
        no_traceback(records)
        assert self.post(view()).code == 200


class TestAFloodOfVotes(FollowServer):
    def test_ten_thousand_votes_from_one_client_leave_the_counts_and_the_server_healthy(self) -> None:
        chunks: list[bytes] = []
        me = self.follow(chunks)
        others = [self.follow([]) for _ in range(2)]
        self.post(view(decision=DECISION))
        flood = []
        for number in range(10_000):
            voter = me if number % 2 else f"forged{number:08d}"  # half forged ids, half the one real follower's
            flood.append(
                post_request(
                    "/digitutor/follow/vote", json.dumps({"voter": voter, "seq": 1, "option": 1 + number % 2}).encode()
                )
            )
        started = time.monotonic()
        with log_lines() as records:
            answers = self.io_loop.run_sync(lambda: raw_requests(self.get_http_port(), flood), timeout=120)
        took = time.monotonic() - started
        codes = [code for code, _ in answers]
        assert codes.count(403) == 5_000 and codes.count(200) == 5_000
        status = json.loads(self.post("{}").body)
        assert status["votes"] == {"2": 1}, "one vote per follower, the last counts"
        assert sum(status["votes"].values()) <= status["followers"] == 3
        no_traceback(records)
        assert 1 <= len(refusals(records)) <= 1 + took / 10 + 1, "a flood is a line every few seconds, not 5,000"
        assert len(self.hub.votes) <= len(self.hub.members) == 3
        # healthy: a new view reaches the follower, and the real followers still vote
        self.post(view(decision=DECISION, status="Step 2 of 3"))
        self.io_loop.run_sync(lambda: _until(lambda: len(events(chunks)) == 2))
        vote = json.dumps({"voter": others[0], "seq": 2, "option": 2})
        assert json.loads(self.fetch("/digitutor/follow/vote", method="POST", body=vote).body) == {"counted": True}
        print(f"10,000 votes over one connection: {took:.1f} s")


def test_hostile_bodies_cover_nesting_size_and_types() -> None:
    kinds: dict[str, Any] = {"nesting": HOSTILE[0], "numbers": HOSTILE[3], "types": HOSTILE[9]}
    assert all(kinds.values())

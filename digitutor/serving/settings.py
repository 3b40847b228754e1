"""Numbers the server runs by, in one place (``voila.json`` repeats the ones Voila reads; a test keeps them equal)."""

from __future__ import annotations

import os
from dataclasses import dataclass

#: Jupyter Server pings every open websocket this often (ms)...
PING_INTERVAL_MS = 30_000
#: ...and closes it when no pong came for this long (ms). Jupyter Server checks at each ping
#: whether the last pong is older than the timeout; with timeout == interval the pong of the
#: previous ping is always about one interval old, so the check fails whenever the timer is a
#: millisecond late: every idle page was dropped every 30 s. Three intervals is Jupyter's default.
PING_TIMEOUT_MS = 3 * PING_INTERVAL_MS
#: a kernel handed to a page that never opened its websocket is shut down after this (s);
#: generous, because a room of pages loading at once on a slow laptop or network takes a while
CONNECT_TIMEOUT_S = 180.0
#: a waiting page that stopped asking for its place in the queue loses it after this (s)
TICKET_IDLE_S = 20.0
#: an admitted page that does not come for its kernel within this loses its turn (s)
TICKET_CLAIM_S = 15.0
#: kernels besides the pools a server allows by default (other apps, pages being served)
SPARE_KERNELS = 20


def tornado_settings() -> dict[str, int]:
    """The websocket keep-alive settings Jupyter Server's handlers read (milliseconds)."""
    return {"ws_ping_interval": PING_INTERVAL_MS, "ws_ping_timeout": PING_TIMEOUT_MS}


def start_slots() -> int:
    """How many kernels may start (and run their notebook) at once: one per core."""
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1))


@dataclass(frozen=True)
class RoomPlan:
    """How a server is sized: preheated kernels per notebook (Learn apps and the rest), and the cap on all kernels."""

    pools: dict[str, int]
    max_kernels: int
    connect_timeout: float = CONNECT_TIMEOUT_S

    @property
    def pooled(self) -> int:
        return sum(self.pools.values())

    @property
    def learn_pooled(self) -> int:
        return sum(size for name, size in self.pools.items() if queued(name))


def queued(notebook: str) -> bool:
    """Pages of a Learn app wait in the room's queue for a preheated kernel; the other apps never wait:
    they take their preheated kernel when it is ready, else start one of their own."""
    return notebook.rsplit("/", 1)[-1].startswith("learn_")


def plan_room(
    learn_notebooks: list[str],
    room: int,
    games: list[str],
    max_kernels: int | None,
    connect_timeout: float = CONNECT_TIMEOUT_S,
    other_notebooks: list[str] | None = None,
) -> RoomPlan:
    """``room`` preheated kernels for each chosen game's Learn notebook (all when ``games`` is empty), 1 for the rest.

    Every other app (``other_notebooks``: the landing page, rulings, rulebook, deck check, compare)
    keeps one preheated kernel too, so that it opens at once (about 55 MiB each, docs/serving.md).
    """
    chosen = {f"learn_{game}.ipynb" for game in games} if games else set(learn_notebooks)
    pools = {name: (room if name in chosen else 1) for name in learn_notebooks}
    pools |= {name: 1 for name in other_notebooks or ()}
    pooled = sum(pools.values())
    cap = max_kernels if max_kernels is not None else pooled + max(room, 1) + SPARE_KERNELS
    return RoomPlan(pools=pools, max_kernels=cap, connect_timeout=connect_timeout)

"""A room of attendees: preheated kernels started a few at a time, a cap, a fair queue, culling.

``room_manager(base)`` extends Voila's pooling kernel manager:

- kernels start (and run their notebook) at most one per core at a time, so that twenty
  kernels asked for at once do not starve each other of CPU (what made notebook cells miss
  their output: "Timeout waiting for IOPub output", a blank page);
- a pool entry counts as ready only once its notebook is fully rendered;
- the number of kernels is capped; pools wait for room, a page past the cap is refused;
- a kernel handed to a page that never opened its websocket is shut down after a short time.

``Queue`` hands the ready kernels of a pool to waiting pages in the order they came.
"""

from __future__ import annotations

import asyncio
import os
import secrets
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from traitlets import Float, Integer

from .settings import CONNECT_TIMEOUT_S, TICKET_CLAIM_S, TICKET_IDLE_S, start_slots


class RoomFull(Exception):
    """No kernel may start: the server runs as many as it is allowed."""


#: a kernel logs nothing below CRITICAL on the server's terminal: a kernel stopped mid-run by Ctrl-C
#: printed its own traceback there (DIGITUTOR_DEBUG=1 keeps every kernel log line)
QUIET_KERNEL = "--IPKernelApp.log_level=CRITICAL"


def quiet(kwargs: dict[str, Any]) -> None:
    """Start a kernel that keeps its log lines (and their tracebacks) off the teacher's terminal."""
    if not os.environ.get("DIGITUTOR_DEBUG"):
        kwargs["extra_arguments"] = [*kwargs.get("extra_arguments", []), QUIET_KERNEL]


def room_manager(base: type) -> type:
    """``base`` (Voila's pooling kernel manager class) with start slots, a cap and early culling."""

    class RoomKernelManager(base):
        """Voila's kernel manager, sized for a room."""

        max_kernels = Integer(40, config=True, help="At most this many kernels run at once (pools included).")
        start_concurrency = Integer(0, config=True, help="Kernels starting at once; 0 = one per core.")
        connect_timeout = Float(
            CONNECT_TIMEOUT_S,
            config=True,
            help="Shut down a page's kernel whose websocket never opened within this (s).",
        )

        def __init__(self, **kwargs: Any) -> None:
            self._inflight = 0
            self._slots: asyncio.Semaphore | None = None
            self._first_seen: dict[str, float] = {}
            self._connected: set[str] = set()
            self._warming: set[str] = set()
            super().__init__(**kwargs)

        # -- capacity -------------------------------------------------------------------------------

        def kernel_count(self) -> int:
            """Kernels running or being started."""
            return len(self._kernels) + self._inflight

        def has_room(self) -> bool:
            return self.kernel_count() < self.max_kernels

        def _slot(self) -> asyncio.Semaphore:
            if self._slots is None:
                self._slots = asyncio.Semaphore(self.start_concurrency or start_slots())
            return self._slots

        async def start_kernel(self, *args: Any, **kwargs: Any) -> str:
            """A page's own kernel (not from a pool): refused past the cap."""
            quiet(kwargs)
            if not self.has_room():
                raise RoomFull(f"{self.kernel_count()} kernels running (the cap is {self.max_kernels})")
            self._inflight += 1
            try:
                async with self._slot():
                    return await super().start_kernel(*args, **kwargs)
            finally:
                self._inflight -= 1

        async def _initialize(self, notebook_path: str, kernel_id: str | None = None, **kwargs: Any) -> dict:
            """A pool kernel: wait for room and a start slot, start it, run its notebook to the end."""
            if kernel_id is not None:  # a restart: Voila re-runs the notebook in the same kernel
                return await super()._initialize(notebook_path, kernel_id, **kwargs)
            while True:
                async with self._slot():
                    if self.has_room():
                        return await self._start_pooled(notebook_path, **kwargs)
                await asyncio.sleep(1.0)

        async def _start_pooled(self, notebook_path: str, **kwargs: Any) -> dict:
            quiet(kwargs)
            self._inflight += 1
            try:
                entry = await super()._initialize(notebook_path, None, **kwargs)
                self._warming.add(entry["kernel_id"])
                try:
                    await asyncio.shield(entry["task"])
                finally:
                    self._warming.discard(entry["kernel_id"])
                return entry
            finally:
                self._inflight -= 1

        # -- pools --------------------------------------------------------------------------------

        def ready_count(self, notebook: str) -> int:
            """Pool kernels of ``notebook`` whose page is fully rendered."""
            return sum(1 for task in self._pools.get(notebook, ()) if _succeeded(task))

        def pool_progress(self) -> tuple[int, int]:
            """(ready, wanted) over every pool."""
            ready = sum(self.ready_count(name) for name in self._pools)
            wanted = sum(self._pool_size(name) for name in self._pools)
            return ready, wanted

        def _pool_size(self, notebook: str) -> int:
            default = self.kernel_pools_config.get("default", {})
            return int(self.kernel_pools_config.get(notebook, default).get("pool_size", default.get("pool_size", 1)))

        def tidy_pool(self, notebook: str) -> None:
            """Drop failed pool entries (and refill), and put ready ones first: a page takes the first entry."""
            pool = self._pools.get(notebook)
            if pool is None:
                return
            failed = [task for task in pool if task.done() and not _succeeded(task)]
            for task in failed:
                pool.remove(task)
                self.log.warning(
                    "digitutor: a preheated kernel for %s failed to start: %r",
                    notebook,
                    None if task.cancelled() else task.exception(),
                )
            pool.sort(key=lambda task: not _succeeded(task))
            if failed:
                self.fill_if_needed(delay=0, notebook_name=notebook)

        def pooled_ids(self) -> set[str]:
            return {task.result()["kernel_id"] for pool in self._pools.values() for task in pool if _succeeded(task)}

        # -- culling pages that never connected ---------------------------------------------------

        async def cull_unconnected(self) -> list[str]:
            """Shut down kernels handed to a page that has not connected within ``connect_timeout``."""
            now, spared, culled = time.monotonic(), self.pooled_ids() | self._warming | self._connected, []
            for kernel_id in list(self._kernels):
                if kernel_id in spared:  # the clock starts when a pool hands the kernel to a page
                    self._first_seen.pop(kernel_id, None)
                    continue
                if self._kernel_connections.get(kernel_id, 0) > 0:
                    self._connected.add(kernel_id)
                    continue
                waited = min(now - self._first_seen.setdefault(kernel_id, now), self._quiet_for(kernel_id))
                if waited > self.connect_timeout:
                    self.log.warning("digitutor: shutting down kernel %s: no page connected to it", kernel_id)
                    culled.append(kernel_id)
                    await self.shutdown_kernel(kernel_id)
            self._forget_gone()
            return culled

        def _quiet_for(self, kernel_id: str) -> float:
            """Seconds since the kernel last said anything (it is busy running its notebook until then)."""
            last = getattr(self._kernels.get(kernel_id), "last_activity", None)
            if last is None:
                return float("inf")
            return (datetime.now(UTC) - last).total_seconds()

        def _forget_gone(self) -> None:
            running = set(self._kernels)
            self._connected &= running
            for kernel_id in set(self._first_seen) - running:
                del self._first_seen[kernel_id]

    return RoomKernelManager


def _succeeded(task: asyncio.Future) -> bool:
    return task.done() and not task.cancelled() and task.exception() is None


# -- the queue of waiting pages ------------------------------------------------------------------------


@dataclass
class Ticket:
    """One waiting page."""

    notebook: str
    seen: float
    admitted: float | None = None


@dataclass
class Queue:
    """Pages waiting for a ready pool kernel, first come first served."""

    manager: Any
    tickets: dict[str, Ticket] = field(default_factory=dict)

    def pooled(self, notebook: str) -> bool:
        return self.manager._pool_size(notebook) > 0 and notebook in self.manager._pools

    def enter(self, notebook: str) -> str | None:
        """``None``: go straight in (nobody waits and a kernel is ready); else a ticket to wait with."""
        self._tidy()
        if not self._waiting(notebook) and self._free(notebook) > 0:
            return None
        ticket = secrets.token_urlsafe(12)
        self.tickets[ticket] = Ticket(notebook, time.monotonic())
        return ticket

    def status(self, ticket: str) -> dict[str, Any]:
        """Where a ticket stands: ``{"gone": True}``, or how many are ahead and whether it may come in."""
        self._tidy()
        entry = self.tickets.get(ticket)
        if entry is None:
            return {"gone": True}
        entry.seen = time.monotonic()
        self._admit(entry.notebook)
        waiting = self._waiting(entry.notebook)
        ahead = waiting.index(ticket) if ticket in waiting else 0
        return {
            "gone": False,
            "admitted": entry.admitted is not None,
            "ahead": ahead,
            "starting": max(0, self.manager._pool_size(entry.notebook) - self.manager.ready_count(entry.notebook)),
        }

    def claim(self, ticket: str, notebook: str) -> bool:
        """True (and the ticket is used up) when this admitted ticket may take a kernel now."""
        entry = self.tickets.get(ticket)
        if entry is None or entry.notebook != notebook or entry.admitted is None:
            return False
        del self.tickets[ticket]
        return True

    def _waiting(self, notebook: str) -> list[str]:
        return [key for key, entry in self.tickets.items() if entry.notebook == notebook and entry.admitted is None]

    def _free(self, notebook: str) -> int:
        admitted = sum(
            1 for entry in self.tickets.values() if entry.notebook == notebook and entry.admitted is not None
        )
        return self.manager.ready_count(notebook) - admitted

    def _admit(self, notebook: str) -> None:
        free, now = self._free(notebook), time.monotonic()
        for key in self._waiting(notebook)[: max(free, 0)]:
            self.tickets[key].admitted = now

    def _tidy(self) -> None:
        now = time.monotonic()
        for key, entry in list(self.tickets.items()):
            stale = entry.admitted is None and now - entry.seen > TICKET_IDLE_S
            unclaimed = entry.admitted is not None and now - entry.admitted > TICKET_CLAIM_S
            if stale or unclaimed:
                del self.tickets[key]

"""Procedure frames: the pending pieces of a game's procedure, as plain data.

A game's state holds a stack of frames (``state.frames``, the top at the end).
The core's advance loop runs the top frame; a frame's handler may replace it
(``goto``), push frames above it, or pop it. A frame is a kind (the name of the
procedure step that runs it), the player it concerns, and plain arguments —
values that copy, save, load and compare: str, int, bool, None, or tuples of
them. An attack in progress, a support waiting to resolve, a response window:
each is a frame with its arguments, never a closure.
"""

from __future__ import annotations

from typing import Any

import msgspec

Plain = str | int | bool | None | tuple[Any, ...]


class Frame(msgspec.Struct, frozen=True):
    """One pending piece of procedure: what runs, for whom, with what."""

    kind: str  #: the procedure step that runs this frame, e.g. ``digi-battle.defend``
    player: int | None = None
    args: tuple[tuple[str, Plain], ...] = ()  #: sorted (name, value) pairs

    def __getitem__(self, name: str) -> Any:
        for key, value in self.args:
            if key == name:
                return value
        raise KeyError(f"frame {self.kind!r} has no argument {name!r}")

    @property
    def seat(self) -> int:
        """The player this frame is for, where one must be named (a choice, a player's turn step)."""
        if self.player is None:
            raise ValueError(f"frame {self.kind!r} names no player, yet it runs for one")
        return self.player

    def get(self, name: str, default: Any = None) -> Any:
        for key, value in self.args:
            if key == name:
                return value
        return default

    def but(self, **changes: Plain) -> Frame:
        """The same frame with some arguments changed."""
        merged = dict(self.args)
        merged.update(changes)
        return Frame(self.kind, self.player, tuple(sorted(merged.items())))

    def to_json(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"kind": self.kind}
        if self.player is not None:
            doc["player"] = self.player
        if self.args:
            doc["args"] = {key: _listed(value) for key, value in self.args}
        return doc

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> Frame:
        args = {key: _tupled(value) for key, value in doc.get("args", {}).items()}
        return cls(doc["kind"], doc.get("player"), tuple(sorted(args.items())))


def _listed(value: Any) -> Any:
    return [_listed(item) for item in value] if isinstance(value, tuple) else value


def _tupled(value: Any) -> Any:
    """JSON lists back into the tuples a frame holds, at any depth."""
    return tuple(_tupled(item) for item in value) if isinstance(value, list) else value


def frame(kind: str, player: int | None = None, **args: Plain) -> Frame:
    """Build a frame: ``frame("digi-battle.defend", 1, attacker="p0.c3")``."""
    return Frame(kind, player, tuple(sorted(args.items())) if args else ())


def stack_of(*frames: Frame) -> list[Frame]:
    """A new frame stack that runs ``frames`` in the order given (the first on top)."""
    return list(reversed(frames))


class FrameStack:
    """Mixin for a game state with a ``frames`` list: the stack of pending procedure."""

    __slots__ = ()
    frames: list[Frame]

    @property
    def top_frame(self) -> Frame:
        """The frame that runs next."""
        return self.frames[-1]

    def push(self, *frames: Frame) -> None:
        """Put frames on the stack; the first one given runs first."""
        self.frames.extend(reversed(frames))

    def pop(self) -> Frame:
        """Take the top frame off: it is finished."""
        return self.frames.pop()

    def goto(self, *frames: Frame) -> None:
        """Replace the top frame by ``frames`` (the first one given runs first)."""
        self.frames.pop()
        self.push(*frames)

    def clear_to(self, *frames: Frame) -> None:
        """Drop every pending frame and continue with ``frames`` (e.g. the game is over)."""
        self.frames.clear()
        self.push(*frames)

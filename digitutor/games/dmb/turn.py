"""One Digimon Battles turn as frames, phase by phase, in the rulebook's order (the procedure table runs them)."""

from __future__ import annotations

from ...core.frames import Frame, frame

__all__ = ["turn_frames"]


def turn_frames(active: int) -> list[Frame]:
    """One turn, phase by phase (the Strategy step lays out the Support and Battle Phases when it runs)."""
    return [
        frame("prep.draw", active),
        frame("prep.mulligan", active),
        frame("prep.new", active),
        frame("evolution.activate", active),
        frame("evolution.activate", 1 - active),
        frame("evolution.rack", active),
        frame("evolution.evolve", active),
        frame("strategy.start", active),
        frame("end.discard", active),
        frame("end.cleanup", active),
    ]

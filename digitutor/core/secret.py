"""Simultaneous secret choices: every player chooses, nobody sees another's choice until the reveal.

A game lays out a secret round as frames: one decision frame per player (asked one after
another, as a table does when both write their choice down), then a reveal frame that
holds the choices:

    secret_round("strategy", (0, 1))  ->  strategy.choose(p0), strategy.choose(p1), strategy.reveal

Answering a choose frame records the chosen key in the reveal frame's ``secret`` argument
(``record``) and pops it. Until the reveal runs, the choices are hidden from every other
player everywhere the engine shows state: ``hide_secrets`` blanks them in an observation's
frames, the trace shows another player's answer only as its kind, and the step that records
a choice says only that the player chose. The reveal step reads them with ``choices``. While
``waiting`` is true, a saved game meant for every seat (``Match.save(shared=True)``) stops before
the first choice of the round, since the answers it would hold are the choices themselves.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .frames import Frame, frame

SECRET = "secret"  #: the reveal frame's argument holding ((player, choice), ...)
HIDDEN = "?"  #: what another player sees in place of a choice


def secret_round(kind: str, players: Sequence[int], **args: Any) -> list[Frame]:
    """The frames of a secret round, in the order they run: each player's choice, then the reveal."""
    return [
        *(frame(f"{kind}.choose", player, **args) for player in players),
        frame(f"{kind}.reveal", None, **{SECRET: ()}, **args),
    ]


def record(state: Any, kind: str, player: int, choice: str) -> None:
    """Keep ``player``'s choice in the round's reveal frame (below the choose frames on the stack)."""
    for position in range(len(state.frames) - 1, -1, -1):
        reveal = state.frames[position]
        if reveal.kind == f"{kind}.reveal":
            kept = (*((p, c) for p, c in reveal[SECRET] if p != player), (player, choice))
            state.frames[position] = reveal.but(**{SECRET: kept})
            return
    raise ValueError(f"no {kind}.reveal frame to keep a secret choice in")


def choices(reveal: Frame) -> dict[int, str]:
    """The choices a reveal frame holds, by player."""
    return dict(reveal[SECRET])


def waiting(frames: Sequence[Frame]) -> bool:
    """True while a secret round holds a choice that is not revealed yet (some player may not see it)."""
    return any(kept.get(SECRET) for kept in frames)


def hide_secrets(frames: Sequence[Frame], viewer: int | None) -> list[Frame]:
    """Frames as ``viewer`` may see them: other players' unrevealed choices blanked (None: the judge sees all)."""
    if viewer is None:
        return list(frames)
    seen = []
    for kept in frames:
        secret = kept.get(SECRET)
        if secret:
            kept = kept.but(**{SECRET: tuple((p, c if p == viewer else HIDDEN) for p, c in secret)})
        seen.append(kept)
    return seen

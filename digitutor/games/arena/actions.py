"""Small card movements and records shared by the phase modules (no rule decisions here)."""

from __future__ import annotations

from collections.abc import Iterable

from ...core.frames import frame
from ...core.records import Event, Step
from ...rules.model import Citation
from .state import AState, Phase

NAMES = ("Player 1", "Player 2")


def name(player: int) -> str:
    return NAMES[player]


def step(
    state: AState,
    phase: Phase,
    player: int | None,
    narration: str,
    citations: Iterable[Citation],
    events: Iterable[Event] = (),
) -> Step:
    """The step taken; an Online pile that went down to zero during it puts a reset frame on top."""
    push_due_resets(state)
    return Step(
        state.turn, player, str(phase), narration, tuple(dict.fromkeys(citations)), tuple(events)
    )  # str(): a plain, fast copy; each citation once


def push_due_resets(state: AState) -> None:
    """Each Online pile that went down to zero puts a reset frame on top: it runs before play resumes."""
    if state.reset_due:
        state.push(*(frame("online-reset", p) for p in state.reset_due))
        state.reset_due = ()


def draw(state: AState, player: int, count: int) -> Event:
    """Draw ``count`` cards from the top of the Online pile into the hand."""
    side = state.sides[player]
    drawn = side.online[len(side.online) - count :] if count else []
    del side.online[len(side.online) - count :]
    drawn.reverse()
    side.hand.extend(drawn)
    return state.card_event("draw", player, drawn, {"count": len(drawn), "online": len(side.online)}, secret=True)


def online_to_offline(state: AState, player: int, count: int) -> Event:
    """Move up to ``count`` cards from the top of the Online pile to Offline; flags a reset if Online empties."""
    side = state.sides[player]
    count = min(count, len(side.online))
    moved = side.online[len(side.online) - count :]
    del side.online[len(side.online) - count :]
    side.offline.extend(moved)
    if count:
        flag_if_empty(state, player)
    return state.card_event("online-to-offline", player, moved, {"count": count, "online": len(side.online)})


def can_reset(state: AState, player: int) -> bool:
    """A reset would put cards back Online (interpretation ``short-after-reset``)."""
    side = state.sides[player]
    return bool(side.offline) or len(side.board_cards()) > 1


def flag_if_empty(state: AState, player: int) -> None:
    """The Online pile went down to zero: a reset is due before play resumes."""
    if not state.sides[player].online and player not in state.reset_due and can_reset(state, player):
        state.reset_due += (player,)


def to_offline(state: AState, player: int, uids: list[int]) -> list[int]:
    """Put cards (already taken from their zone) on the Offline pile; returns them."""
    state.sides[player].offline.extend(uids)
    return list(uids)


def clear_power_port(state: AState, player: int) -> list[int]:
    """Every Power Option in the Power Port (played ones and Digivices placed to digivolve) goes Offline."""
    side = state.sides[player]
    cards = side.port + side.spent
    side.port, side.spent = [], []
    return to_offline(state, player, cards)


def listing(names: Iterable[str]) -> str:
    names = list(names)
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]

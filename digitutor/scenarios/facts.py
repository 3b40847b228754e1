"""Board facts a scenario may expect: where the game stands, one card's state, counters, the order of steps.

Every fact is read from the game's own board view in the judge's view (every card visible)
and from its turn map, never from a game's internals, so the same check serves all five games.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ..core.game import BoardView, CardView
from ..core.match import Match
from .naming import CopyNumbers, NamingError
from .spelling import view_zone, zone_key


def whose_turn(board: BoardView) -> int | None:
    return next((player.index for player in board.players if player.active), None)


def now_facts(match: Match) -> dict[str, Any]:
    """Where the game stands: turn, phase (a turn-map id), whose turn, the waiting decision and who decides it."""
    board = match.game.board(match.state)
    pending = match.pending
    if pending is None and not match.over and match.state.frames:
        pending = match.game.pending(match.state)  # the decision the next step asks (asking changes nothing)
    return {
        "turn": match.state.turn,
        "phase": match.game.phase_of(match.state),
        "whose_turn": whose_turn(board),
        "decision": pending.kind if pending is not None else None,
        "deciding": pending.player if pending is not None else None,
    }


def unmet(facts: dict[str, Any], wanted: dict[str, Any]) -> list[str]:
    """The wanted facts that do not hold, as ``name is X, expected Y``."""
    return [
        f"{name} is {facts.get(name)!r}, expected {value!r}"
        for name, value in wanted.items()
        if facts.get(name) != value
    ]


def check_now(match: Match, wanted: Any) -> list[str]:
    return [f"now: {problem}" for problem in unmet(now_facts(match), dict(wanted))]


@dataclass(frozen=True)
class Placed:
    """One card as the board shows it: whose side, which zone, and the card it lies under (if any)."""

    player: int
    zone: str
    view: CardView
    under: CardView | None = None


def placed_cards(board: BoardView) -> Iterator[Placed]:
    for player in board.players:
        for zone in player.zones:
            for card in zone.cards:
                yield Placed(player.index, zone.id, card)
                for below in card.under:
                    yield Placed(player.index, zone.id, below, card)


def _same(actual: str, wanted: Any) -> bool:
    return actual == str(wanted)


def check_card(match: Match, copies: CopyNumbers, entry: dict[str, Any]) -> list[str]:
    """One card's facts: zone, under what, suspended, its headline number now and printed, its stats."""
    name = str(entry["card"])
    owner = int(entry.get("player", 1 if name.startswith("p1.") else 0))
    try:
        iid = copies.card_instance(match.state, name, owner)
    except NamingError as error:
        return [f"cards: {error}"]
    board = match.game.board(match.state)
    found = next((p for p in placed_cards(board) if p.view.uid == iid), None)
    label = f"{name} ({iid})"
    if found is None:
        zone = next((z for z, _, uids in match.game.zones(match.state) if match.state.instances.uid(iid) in uids), None)
        if "zone" in entry and zone != view_zone(str(entry["zone"])):
            where = zone_key(zone) if zone else "no zone"
            return [f"cards: {label} is in {where}, expected {zone_key(str(entry['zone']))}"]
        asked = [key for key in ("under", "suspended", "value", "printed", "current", "stats") if key in entry]
        return (
            [
                f"cards: {label} lies in a face-down {zone} the board does not show, so its {', '.join(asked)} "
                "cannot be read"
            ]
            if asked
            else []
        )
    above = match.state.instances.uid(found.under.uid) if found.under is not None else None
    printed = str(match.state.instances.cards[above].id) if above is not None else None
    return [f"cards: {label} {problem}" for problem in _card_problems(found, entry, printed)]


def _card_problems(found: Placed, entry: dict[str, Any], printed: str | None = None) -> list[str]:
    """``printed``: the card id of the card ``found`` lies under (``under`` takes it, its name or its instance)."""
    view, problems = found.view, []
    if "zone" in entry and found.zone != view_zone(str(entry["zone"])):
        problems.append(f"is in {zone_key(found.zone)}, expected {zone_key(str(entry['zone']))}")
    if "under" in entry:
        above = found.under.name if found.under is not None else None
        spellings = (above, found.under.uid if found.under else None, printed, printed.upper() if printed else None)
        if above is None or entry["under"] not in spellings:
            problems.append(f"lies under {above or 'nothing'}, expected under {entry['under']}")
    if "suspended" in entry and view.suspended != bool(entry["suspended"]):
        problems.append(
            f"is {'suspended' if view.suspended else 'not suspended'}, expected "
            f"{'suspended' if entry['suspended'] else 'not suspended'}"
        )
    current = view.current or view.printed
    for key in ("value", "current"):
        if key in entry and not isinstance(entry[key], dict) and not _same(current, entry[key]):
            problems.append(f"{view.power_label or 'value'} is {current or 'not shown'}, expected {entry[key]}")
    if "printed" in entry and not isinstance(entry["printed"], dict) and not _same(view.printed, entry["printed"]):
        problems.append(
            f"printed {view.power_label or 'value'} is {view.printed or 'not shown'}, expected {entry['printed']}"
        )
    for key in ("printed", "current"):
        for name, wanted in (entry[key] if isinstance(entry.get(key), dict) else {}).items():
            actual = figure(view, str(name), now=key == "current")
            if actual is None or not _same(actual, wanted):
                shown = {n: figure(view, n, now=key == "current") for n in (*view.figures, *view.stats)}
                told = actual if actual is not None else "not shown"
                problems.append(f"{key} {name} is {told}, expected {wanted} ({key}: {shown})")
    for stat, wanted in dict(entry.get("stats", {})).items():
        actual = view.stats.get(stat)
        if actual is None or not _same(actual, wanted):
            problems.append(
                f"{stat} is {actual if actual is not None else 'not shown'}, expected {wanted} (shown: "
                f"{dict(view.stats)})"
            )
    return problems


def figure(view: CardView, name: str, now: bool) -> str | None:
    """A number on a card by name, as printed or now (DMB/DBE ``HP``, ``Circle``; DCG ``DP``); None: not shown."""
    if name in view.figures:
        return view.figures[name][1 if now else 0]
    if name and name == view.power_label:
        return (view.current or view.printed) if now else view.printed
    return view.stats.get(name)


def check_counter(board: BoardView, entry: dict[str, Any]) -> list[str]:
    """A counter's value, or that it is there or gone; without ``player``, a shared counter or gauge."""
    name = entry["name"]
    if "player" in entry:
        player = board.players[entry["player"]]
        owner, shown = player.name, dict(player.counters)
    else:
        owner = "the shared"
        shown = {**dict(board.shared), **{gauge.name: str(gauge.value) for gauge in board.gauges}}
    actual = shown.get(name)
    if "present" in entry and (actual is not None) != bool(entry["present"]):
        there = f"shows {name} {actual}" if actual is not None else f"shows no {name}"
        return [
            f"{owner} board {there}, expected it {'present' if entry['present'] else 'absent'} (counters: "
            f"{', '.join(shown)})"
        ]
    if "value" in entry and actual != str(entry["value"]):
        return [
            f"{owner}'s {name} is {actual}, expected {entry['value']}"
            if actual is not None
            else f"{owner} has no counter {name!r} (counters: {', '.join(shown)}), expected {entry['value']}"
        ]
    return []


def _matches(step: Any, entry: Any, game: str) -> bool:
    if isinstance(entry, dict):
        if "cites" in entry:
            return entry["cites"] in {c.id for c in step.citations}
        return str(entry.get("says", "")) in step.narration
    if entry.startswith(f"{game}:") and " " not in entry:
        return entry in {c.id for c in step.citations}
    return entry in step.narration


def check_order(match: Match, entries: list[Any]) -> list[str]:
    """Each entry (a narration fragment or a cited clause id) at a later step than the one before."""
    steps, game = match.steps, match.game.id
    after, previous = 0, None
    for position, entry in enumerate(entries):
        found = next((index for index in range(after, len(steps)) if _matches(steps[index], entry, game)), None)
        if found is None:
            earlier = next((index for index in range(len(steps)) if _matches(steps[index], entry, game)), None)
            where = (
                f"only at step {earlier}, not after step {after - 1} ({previous!r})"
                if earlier is not None
                else "at no step"
            )
            return [f"order[{position}] {entry!r} occurs {where}"]
        after, previous = found + 1, entry
    return []

"""Who may see which card, and an effect's moves told to each viewer.

The rule manual puts Digimon and Tamers in the battle and breeding areas, the trash ("discarded cards ... face up")
and a checked security card (flipped "face up") in everyone's view; security cards are placed "face down ... without
looking at them", and hands and decks are a player's own. A card that moves is known to whoever could see it before
or can see it after: a Digimon returned from the battle area to its owner's hand is still known to both players.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...core.effects import Verb, VerbResult
from ...core.records import Event
from .moves import name
from .state import CState

EVERYONE = frozenset({0, 1})
NOBODY: frozenset[int] = frozenset()
SEAT = (frozenset({0}), frozenset({1}))
#: each viewer whose narration may differ from the public one, and the seats whose sight it holds (None: the judge's)
VIEWERS: tuple[tuple[int | None, frozenset[int] | None], ...] = ((None, None), (0, frozenset({0})), (1, frozenset({1})))


def seers(state: CState, uid: int) -> frozenset[int]:
    """The seats that may see which card ``uid`` is where it lies now."""
    if uid in state.revealed or state.stack_of(uid) is not None:
        return EVERYONE
    for seat, side in enumerate(state.sides):
        if uid in side.trash or uid in side.field_cards:
            return EVERYONE
        if uid in side.hand:
            return SEAT[seat]
    if uid in state.searched:  # a searched deck: its owner looks at it
        return frozenset({state.instances.owner(uid)})
    return NOBODY


class Before:
    """The board as an effect found it: who could see each card, and each Digimon's digivolution cards.

    Taken before every effect, read only for the cards the effect moved: so it keeps the board's zones as they were
    (tuples, cheap to take) and looks each moved card up in them.
    """

    def __init__(self, sides: tuple, searched: tuple[tuple[int, int], ...], revealed: tuple[int, ...]) -> None:
        self._sides, self._searched, self._revealed = sides, searched, revealed
        self._known: dict[int, frozenset[int]] = {}

    @classmethod
    def of(cls, state: CState) -> Before:
        sides = tuple(
            (tuple(side.battle), side.breeding, tuple(side.trash), tuple(side.field_cards), tuple(side.hand))
            for side in state.sides
        )
        owner = state.instances.owner
        return cls(sides, tuple((uid, owner(uid)) for uid in state.searched), tuple(state.revealed))

    def _seen_one(self, uid: int) -> frozenset[int]:
        """Who could see which card ``uid`` was, where it lay before the effect."""
        if uid in self._revealed:
            return EVERYONE
        for seat, (battle, breeding, trash, field_cards, hand) in enumerate(self._sides):
            if (
                uid in trash
                or uid in field_cards
                or any(uid in stack.cards for stack in battle)
                or (breeding is not None and uid in breeding.cards)
            ):
                return EVERYONE
            if uid in hand:
                return SEAT[seat]
        return next((SEAT[owner] for searched, owner in self._searched if searched == uid), NOBODY)

    def _sources_of(self, top: int) -> tuple[int, ...]:
        """The digivolution cards under ``top`` before the effect, if it was a Digimon's top card."""
        for battle, breeding, *_ in self._sides:
            for stack in (*battle, *((breeding,) if breeding is not None else ())):
                if stack.top == top:
                    return tuple(stack.sources)
        return ()

    def known(self, state: CState, uid: int) -> frozenset[int]:
        """Who may know which card ``uid`` is after it moved: who saw it before, and who sees it now (asked once the
        effect is over, for each viewer's narration and the events: worked out once per card)."""
        found = self._known.get(uid)
        if found is None:
            found = self._known[uid] = self._seen_one(uid) | seers(state, uid)
        return found

    def left_behind(self, state: CState, uid: int) -> tuple[int, ...]:
        """The digivolution cards ``uid`` had if it was a Digimon that has left play (they went to the trash)."""
        if state.stack_of(uid) is not None:
            return ()
        return tuple(u for u in self._sources_of(uid) if u not in state.instances.removed)


#: a move verb's destination (``to``) in words, for the owner of the card
ZONE_WORDS = {
    "hand": "{}'s hand",
    "deck": "the top of {}'s deck",
    "deck-bottom": "the bottom of {}'s deck",
    "trash": "{}'s trash",
    "security": "the top of {}'s security stack",
    "security-bottom": "the bottom of {}'s security stack",
    "egg-deck": "{}'s Digi-Egg deck",
}


def place(state: CState, uid: int, to: str | None) -> str:
    """Where a moved card went, in words: "Player 1's hand", "the bottom of Player 2's deck"."""
    if uid in state.instances.removed:
        return "out of the game"  # a Token that would leave play
    where = state.stack_of(uid)
    if where is not None:
        return f"{name(where[0])}'s {'breeding area' if where[1] is None else 'battle area'}"
    return ZONE_WORDS.get(to or "trash", "{}'s " + (to or "trash")).format(name(state.instances.owner(uid)))


def _shown(
    state: CState, uids: Sequence[int], known: dict[int, frozenset[int]], sight: frozenset[int] | None
) -> list[str]:
    """The names of the cards the viewer (the seats ``sight``; None: the judge) may know."""
    return [state.cards[u].name for u in uids if sight is None or sight <= known[u]]


def _cards(state: CState, uids: Sequence[int], known: dict[int, frozenset[int]], sight: frozenset[int] | None) -> str:
    """The cards by name where the viewer may know them, the others counted."""
    shown = _shown(state, uids, known, sight)
    hidden = len(uids) - len(shown)
    counted = f"{hidden} hidden card{'s' if hidden != 1 else ''}" if hidden else ""
    return ", ".join(shown) + (f" and {counted}" if shown and counted else counted)


def told_moves(
    state: CState, done: VerbResult, verbs: Sequence[Verb], mover: int, before: Before, sight: frozenset[int] | None
) -> str:
    """What an effect's ``verbs`` did (one entry of ``done.moved`` each), for a viewer: who moves which card where, the
    card named if the viewer may see it."""
    parts = []
    for spec, (verb, who, uids) in zip(verbs, done.moved, strict=False):
        if verb in ("choose", "search") or (not uids and verb not in ("gain", "lose", "draw")):
            continue
        known = {u: before.known(state, u) for u in uids}
        if verb == "draw":
            drawn = _shown(state, uids, known, sight)
            parts.append(f"{name(who)} draws {len(uids)}" + (f" ({', '.join(drawn)})" if drawn else ""))
        elif verb in ("gain", "lose"):
            parts.append(f"{name(who)} now has {state.player_memory(who)} memory")
        elif verb == "digivolve":
            parts.append(
                f"{name(who)}'s Digimon digivolves into {', '.join(state.cards[u].name for u in uids)}, paying "
                f"the digivolution cost (now {state.player_memory(who)} memory), and {name(who)} draws 1 card as "
                "the digivolution bonus"
            )
        elif verb == "move":
            places = {u: place(state, u, spec.to) for u in uids}
            for where in dict.fromkeys(places.values()):
                moved = [u for u in uids if places[u] == where]
                parts.append(f"{name(mover)} moves {_cards(state, moved, known, sight)} to {where}")
            parts += [_sources_trashed(state, u, before) for u in uids if before.left_behind(state, u)]
        else:
            parts.append(f"{verb}: {_cards(state, uids, known, sight)}")
    return " — " + "; ".join(parts) + "." if parts else "."


def _sources_trashed(state: CState, top: int, before: Before) -> str:
    sources = before.left_behind(state, top)
    owner = state.instances.owner(top)
    many = len(sources) > 1
    return (
        f"{state.cards[top].name}'s digivolution card{'s' if many else ''} "
        f"({', '.join(state.cards[u].name for u in sources)}) go{'' if many else 'es'} to {name(owner)}'s trash"
    )


def move_events(state: CState, done: VerbResult, verbs: Sequence[Verb], before: Before) -> list[Event]:
    """One event per verb run, seen by the seats that may know its cards; and the digivolution cards a Digimon that left
    play took to the trash."""
    events = []
    for spec, (verb, who, uids) in zip(verbs, done.moved, strict=False):
        known = EVERYONE.intersection(*(before.known(state, u) for u in uids))
        data = {"to": spec.to or "trash"} if verb == "move" else None
        events.append(state.card_event(f"effect-{verb}", who, uids, data, seen_by=None if known == EVERYONE else known))
        for uid in uids if verb == "move" else ():  # a deletion trashes the whole stack by the deletion rule
            if before.left_behind(state, uid):
                events.append(
                    state.card_event("trash-sources", state.instances.owner(uid), before.left_behind(state, uid))
                )
    return events


def views(
    state: CState, done: VerbResult, verbs: Sequence[Verb], mover: int, before: Before, head: str
) -> tuple[str, list[tuple[int | None, str]]]:
    """The public narration (``head`` and what every seat may see), and the narrations that differ from it."""
    public = head + told_moves(state, done, verbs, mover, before, EVERYONE)
    if all(before.known(state, uid) == EVERYONE for _, _, uids in done.moved for uid in uids):
        return public, []  # every card it moved is known to all: every viewer reads the same
    others = [(viewer, head + told_moves(state, done, verbs, mover, before, sight)) for viewer, sight in VIEWERS]
    return public, [(viewer, told) for viewer, told in others if told != public]

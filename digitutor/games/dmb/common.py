"""Small helpers every DMB phase uses: names, steps, and moving cards between a side's zones."""

from __future__ import annotations

import random
from collections.abc import Iterable

from ...core.records import Event, Step, words_used
from ...core.secret import choices
from ...rules.model import Citation, CitationKind
from .state import DState, Phase

PHASE_IDS = {phase: phase.value for phase in Phase}


def name(player: int) -> str:
    return f"Player {player + 1}"


def step(
    state: DState,
    phase: Phase,
    player: int | None,
    narration: str,
    citations: Iterable[Citation],
    events: Iterable[Event] = (),
    glossary: Iterable[Citation] = (),
) -> Step:
    """A step citing the rules that made it happen (the governing one first);
    ``glossary``: terms it uses, by definition."""
    cited = tuple(citations)  # each once and in reading order: Step sees to it
    return Step(
        state.turn,
        player,
        PHASE_IDS[phase],
        narration,
        cited,
        tuple(events),
        words_used(glossary, cited) if glossary else (),
    )


def is_definition(citation: Citation) -> bool:
    """Does this clause define a word (a Glossary entry, an attack ability, a part of a card's anatomy)? Such a clause
    explains a term a step uses: the step links it in its glossary rather than quoting it as a rule."""
    return citation.kind is CitationKind.RULE and citation.id.partition(":")[2].partition(".")[0] in DEFINING_SECTIONS


#: the rulebook sections whose clauses define words: a card's parts, the glossary, the attack abilities
DEFINING_SECTIONS = frozenset({"glossary", "anatomy-of-cards", "attack-abilities"})


def draw(state: DState, player: int, count: int) -> Event:
    """The top ``count`` cards of the deck (as many as it holds) into the hand; only the player sees which."""
    side = state.sides[player]
    drawn = [side.deck.pop() for _ in range(min(count, len(side.deck)))]
    side.hand.extend(drawn)  # from a deck played face up (DBE), each card drawn was open to both players
    return state.card_event("draw", player, drawn, {"count": len(drawn)}, secret=not side.deck_face_up)


def trash_top(state: DState, player: int, count: int) -> Event:
    """Trash X: the top cards of the deck, one at a time, into the trash (face up)."""
    side = state.sides[player]
    moved = [side.deck.pop() for _ in range(min(count, len(side.deck)))]
    side.trash.extend(moved)
    return state.card_event("trash", player, moved, {"count": len(moved)})


def owner_of(state: DState, uid: int, near: int) -> int:
    """Whose card ``uid`` is (a DBE attachment may lie next to the opponent's Digimon); ``near`` if unknown."""
    owner = state.instances.owners[uid]
    return near if owner is None else owner


def chosen_attack(state: DState, player: int) -> str | None:
    """The attack ``player`` chose this turn: revealed, or still secret in the round's reveal frame (None: not yet)."""
    if state.attacks:
        return state.attacks[player]
    reveal = next((f for f in state.frames if f.kind == "strategy.reveal"), None)
    return choices(reveal).get(player) if reveal is not None else None


def to_owners_trash(state: DState, uids: list[int], near: int) -> None:
    """Discarded cards go to their owner's trash (DBE: a card may lie in the opponent's DP zone)."""
    for uid in uids:
        state.sides[owner_of(state, uid, near)].trash.append(uid)


def shuffle(side_deck: list[int], rng: random.Random) -> None:
    rng.shuffle(side_deck)


def in_zone(state: DState, player: int, zone: str, instance: str) -> int | None:
    """The uid of ``instance`` if it lies in ``player``'s ``zone``."""
    uid = state.instances.uid(instance)
    return uid if uid is not None and uid in getattr(state.sides[player], zone) else None


def is_partner_r(state: DState, player: int, uid: int) -> bool:
    card = state.cards[uid]
    return card.level == "R" and card.id == state.sides[player].partner


def partner_champions(state: DState, player: int) -> list[int]:
    """Partner Level C cards in the Destiny Zone: they name the partner in their Evolution Box."""
    side = state.sides[player]
    if side.partner is None:
        return []
    partner_name = next(
        (state.cards[uid].name for uid in range(len(state.cards)) if state.cards[uid].id == side.partner), None
    )
    return [uid for uid in side.destiny if state.cards[uid].level == "C" and partner_name in state.cards[uid].evo_box]

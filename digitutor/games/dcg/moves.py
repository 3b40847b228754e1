"""Card movements, memory and records that the phase modules share (no rule decisions here).

Every function that moves cards keeps each card in exactly one zone: a card leaving the
battle area takes its Digimon's digivolution cards to the trash with it (core rules since
ver. 3.0), and a Token that would go anywhere is removed from the game instead.
"""

from __future__ import annotations

from collections.abc import Iterable

from ...core.records import Event, Step, words_used
from ...rules.model import Citation
from . import citations as C
from .state import CState, Phase, Stack

NAMES = ("Player 1", "Player 2")


def name(player: int) -> str:
    return NAMES[player]


def step(
    state: CState,
    phase: Phase,
    player: int | None,
    narration: str,
    citations: Iterable[Citation],
    events: Iterable[Event] = (),
    views: Iterable[tuple[int | None, str]] = (),
    glossary: Iterable[Citation] = (),
) -> Step:
    """A step taken, each citation listed once (the governing one first); with any <Overflow> that applied during it.

    ``views``: the narration as viewers who may see more read it (see ``Step``); ``glossary``: terms the step uses,
    each with the clause that defines it (a link, not one of the step's rules).
    """
    views = tuple(views)
    if state.overflowed:
        more, citations = _with_overflow(state, list(citations))
        narration, views = narration + more, tuple((seat, told + more) for seat, told in views)
        glossary = (*glossary, C.ACE_OVERFLOW, C.OVERFLOW_RULE)  # what <Overflow> is: a rule, not an effect
    cited = tuple(citations)  # each once and in reading order: Step sees to it
    if C.PAY in cited[1:]:
        # what paying a memory cost means (the manual's example: move the counter that many spaces) defines the
        # "memory" the narration names: a glossary link, not a rule the step follows; never the governing one
        cited = tuple(c for c in cited if c != C.PAY)
        glossary = (*glossary, C.PAY)
    words = words_used(glossary, cited) if glossary else ()
    return Step(
        state.turn, player, str(phase), narration, cited, tuple(events), words, views
    )  # str(): a fast plain copy


def _with_overflow(state: CState, citations: list[Citation]) -> tuple[str, list[Citation]]:
    """What <Overflow> adds to the narration, and its citations."""
    told = []
    for uid in state.overflowed:
        card = state.cards[uid]
        owner = state.instances.owner(uid)
        told.append(
            f"<Overflow> of {card.name}: {name(owner)} loses {card.ace.overflow} memory"
            f" (now {memory_words(state.player_memory(owner))})"
        )
    sources = state.overflow_sources
    state.overflowed, state.overflow_sources = [], False
    extra = [C.OVERFLOW_SOURCES] if sources else []
    return " " + "; ".join(told) + ".", [*citations, C.OVERFLOW, C.OVERFLOW_AT_ONCE, *extra]


def overflow(state: CState, uids: Iterable[int]) -> None:
    """ACE cards leaving the battle area (on top or as digivolution cards): their owner loses memory at once."""
    for uid in uids:
        ace = state.cards[uid].ace
        if ace is not None:
            owner = state.instances.owner(uid)
            assert owner is not None
            state.set_memory(owner, state.player_memory(owner) - ace.overflow)
            state.overflowed.append(uid)


def draw(state: CState, player: int, count: int) -> tuple[list[int], Event]:
    """Draw up to ``count`` cards from the top of the deck into the hand."""
    side = state.sides[player]
    drawn = [side.deck.pop() for _ in range(min(count, len(side.deck)))]
    side.hand.extend(drawn)
    return drawn, state.card_event("draw", player, drawn, {"count": len(drawn)}, secret=True)


def pay(state: CState, player: int, cost: int) -> int:
    """Pay a memory cost: the counter moves ``cost`` spaces toward the opponent. Returns the memory after."""
    state.set_memory(player, state.player_memory(player) - cost)
    return state.player_memory(player)


def can_pay(state: CState, player: int, cost: int) -> bool:
    """The counter can move ``cost`` spaces without passing 10 on the opponent's side (dcg:paying-memory-costs.p5)."""
    return state.player_memory(player) - cost >= -10


def memory_words(value: int) -> str:
    """A player's memory in words: "3", "0", "4 on the opponent's side"."""
    return str(value) if value >= 0 else f"{-value} on the opponent's side"


def remove_token(state: CState, uid: int) -> None:
    """A Token that would leave play is removed from the game (dcg:tokens.b5): the ledger records it."""
    state.instances = state.instances.remove(uid)


def put(state: CState, uid: int, zone: str) -> bool:
    """Put a card (already taken from its zone) into its owner's ``zone``; a
    Token is removed instead. True: it was put."""
    owner = state.instances.owner(uid)
    assert owner is not None
    if state.cards[uid].token:
        remove_token(state, uid)
        return False
    side = state.sides[owner]
    if zone == "deck-bottom":
        side.deck.insert(0, uid)
    elif zone == "security-bottom":
        side.security.insert(0, uid)
    else:
        {"hand": side.hand, "deck": side.deck, "trash": side.trash, "security": side.security, "egg-deck": side.eggs}[
            zone
        ].append(uid)
    return True


def take(state: CState, uid: int) -> list[int]:
    """Take a card out of wherever it is. A Digimon's top card takes its stack out of play:
    returns the digivolution cards left behind (the caller trashes them)."""
    where = state.stack_of(uid)
    if where is not None:
        owner, position = where
        stack = state.stack_at(owner, position)
        if position is not None:
            leaving = stack.cards if uid == stack.top else (uid,)
            overflow(state, leaving)
            if any(state.cards[u].ace is not None for u in leaving if u != stack.top):
                state.overflow_sources = True  # an ACE card among the digivolution cards
        if uid == stack.top:
            state.set_stack(owner, position, None)
            return list(stack.sources)
        state.set_stack(owner, position, stack.but(cards=tuple(u for u in stack.cards if u != uid)))
        return []
    for side in state.sides:
        for pile in (side.hand, side.deck, side.trash, side.security, side.eggs, side.field_cards):
            if uid in pile:
                pile.remove(uid)
                return []
    raise ValueError(f"card {state.iid(uid)} is in no zone")


def trash_all(state: CState, uids: Iterable[int]) -> list[int]:
    """Put cards (already taken) in their owners' trash; returns those put there (not removed Tokens)."""
    return [uid for uid in uids if put(state, uid, "trash")]


def leave_play(state: CState, top: int, to: str) -> tuple[list[int], Event]:
    """A Digimon or Tamer leaves the battle (or breeding) area to ``to``; its digivolution cards go to the trash."""
    owner = state.instances.owner(top)
    sources = take(state, top)
    trash_all(state, sources)
    put(state, top, to)
    return sources, state.card_event(f"to-{to}", owner, (top, *sources))


def delete(state: CState, top: int) -> tuple[Stack, Event]:
    """Delete a Digimon: it and all its digivolution cards go to the trash (dcg:digivolving.p9)."""
    where = state.stack_of(top)
    assert where is not None
    stack = state.stack_at(*where)
    take(state, top)
    trash_all(state, (*stack.sources, top))
    return stack, state.card_event("deleted", where[0], stack.cards)


def paid_memory(state: CState, player: int, cost: int) -> tuple[str, list]:
    """Pay ``cost`` memory: the words for it, and the clauses the payment follows."""
    before = state.player_memory(player)
    after = pay(state, player, cost)
    cited = [C.PAY]  # the counter landing on the opponent's side ends the turn: the turn's end cites that
    if after == 0:
        cited.append(C.ON_ZERO_GOES_ON)
    if (before, cost) == (1, 5):
        cited.append(C.PAY_FIVE_EXAMPLE)  # the manual's own example, exactly
    if cost > 10:
        cited += [C.OVER_TEN] + ([C.OVER_TEN_EXAMPLE] if cost == 13 else [])
    return f"pays {cost} memory ({memory_words(before)} → {memory_words(after)})", cited


def enter_play(state: CState, player: int, uid: int, played: bool = True) -> None:
    """A card enters ``player``'s battle area unsuspended (taken from wherever it was)."""
    take(state, uid)
    state.sides[player].battle.append(Stack((uid,), played=state.turn if played else 0))

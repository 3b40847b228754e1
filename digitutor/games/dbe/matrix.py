"""An Evolution card whose Future comes from the top cards of the deck, revealed: BIT-054 Matrix Evolve.

The FAQ works through this very card (Cherrypicking Rules, b2): the top 7 are separated from the deck and revealed,
the player chooses a valid Digimon among them to evolve to, and the others go back without a shuffle, because they
were separated before anyone looked; its second effect shuffles the partner from the trash into the deck. It is
evolving by Evolution card (5.1): level and type are respected, and a card that lowers DP costs still checks that
the DP is there — but it does not prohibit an Abnormal Digimon from evolving (Effect Evolution, POINT).
The choice among the revealed cards is answered in ``turn`` (``answer_matrix``), with the evolution it makes.
"""

from __future__ import annotations

from ...core.actions import Action, action
from ...core.frames import Frame, frame
from ...core.records import Decision, Option, Reason, Step
from ..dmb.common import name, step
from ..dmb.state import DState, Phase
from ..dmb.view import REVEALED
from . import citations as C
from .by_card import card_requirement_reasons


def reveal_options(state: DState, player: int) -> list[Option]:
    """Playing each such Evolution card in the hand: the Future is not chosen yet (the cards are still unknown)."""
    side, ids = state.sides[player], state.instances.ids
    options = []
    for card_uid in side.hand:
        card = state.cards[card_uid]
        if not card.reveal_top:
            continue
        reasons = (
            [Reason("You have already evolved this turn.", C.CARD_ONE_EVOLUTION)] if side.evolved == state.turn else []
        )
        if not side.deck:
            reasons.append(Reason("Your deck is empty: there is nothing to reveal.", C.MATRIX))
        options.append(
            Option(
                action("evolve-reveal", player, ids[card_uid]),
                f"Play {card.name}: reveal the top "
                f"{card.reveal_top} of your deck and evolve to a valid Digimon among them",
                tuple(reasons),
            )
        )
    return options


def answer_reveal(state: DState, top: Frame, chosen: Action) -> Step:
    """The card goes into the Evolution Zone and the top cards are separated and revealed to both players."""
    player = chosen.player
    side = state.sides[player]
    card_uid = state.uid(chosen.cards[0])
    card = state.cards[card_uid]
    side.hand.remove(card_uid)
    side.evolve_zone.append(card_uid)
    side.looking = [side.deck.pop() for _ in range(min(card.reveal_top, len(side.deck)))]  # top first
    side.looker = REVEALED
    state.push(frame("evolution.matrix", player, card=state.iid(card_uid)))
    shown = ", ".join(state.label(uid) for uid in side.looking)
    return step(
        state,
        Phase.EVOLUTION,
        player,
        f"{name(player)} plays the Evolution card {card.name} into the Evolution Zone "
        f"and reveals the top {len(side.looking)} cards of their deck: {shown}.",
        (C.BY_CARD, C.CARD_EFFECTS, *card.card_rulings, C.MATRIX),
        [state.card_event("evolve-card", player, (card_uid,)), state.card_event("reveal", player, tuple(side.looking))],
        glossary=(C.EVOLVE_ZONE,),
    )


def ask_matrix(state: DState, top: Frame) -> Decision:
    player = top.player
    assert player is not None
    side, ids = state.sides[player], state.instances.ids
    card = state.cards[state.uid(top["card"])]
    seen: set[str] = set()
    options = []
    for uid in side.looking:  # copies of one card are one choice
        target = state.cards[uid]
        if target.is_digimon and target.id not in seen:
            seen.add(target.id)
            options.append(
                Option(
                    action("matrix-evolve", player, ids[uid]),
                    f"Evolve to {state.label(uid)}",
                    tuple(card_requirement_reasons(state, player, state.cards[uid], card)),
                )
            )
    options.append(Option(action("matrix-none", player), "Evolve to none of them"))
    return Decision(
        player,
        "matrix",
        f"{name(player)}: evolve to a valid Digimon among the revealed cards?",
        tuple(options),
        (C.BY_CARD, C.MATRIX, C.CARD_RESPECTS),
        Phase.EVOLUTION.value,
    )


def check_matrix(state: DState, top: Frame | None, chosen: Action) -> tuple[Reason, ...]:
    if top is None or top.kind != "evolution.matrix":
        return (Reason("No revealed cards wait for a Future to be chosen.", C.MATRIX),)
    if chosen.kind == "matrix-none":
        return ()
    uid = state.instances.uid(chosen.cards[0]) if len(chosen.cards) == 1 else None
    side = state.sides[chosen.player]
    if uid is None or uid not in side.looking or not state.cards[uid].is_digimon:
        return (Reason("Name a Digimon among the revealed cards.", C.MATRIX),)
    return tuple(card_requirement_reasons(state, chosen.player, state.cards[uid], state.cards[state.uid(top["card"])]))

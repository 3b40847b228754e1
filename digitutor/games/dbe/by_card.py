"""Evolving by Evolution card (Evolution Phase 5.1) and what Evolution cards may say: ignore level, type or DP,
"Do not use with <Level>", "DP -X0", Downgrade, "Enables evolution to the same level", "When evolving" and
"After evolving" effects, "Activate an evo-bonus", and whether an Abnormal Digimon may use it."""

from __future__ import annotations

from ...core.actions import action
from ...core.records import Option, Reason
from ..dmb.checks import requirement_reasons
from ..dmb.run import Outcome, run_effects
from ..dmb.state import DState
from . import citations as C
from .cards import next_level

LOWER = {"M": "U", "U": "C", "C": "R"}  #: Downgrade: "Evolution in reverse Level order (M, U, C, R)"


def card_reasons(state: DState, player: int, uid: int, card_uid: int) -> list[Reason]:
    """Every reason the active Digimon cannot evolve to ``uid`` with the Evolution card ``card_uid`` now."""
    side, card, target = state.sides[player], state.cards[card_uid], state.cards[uid]
    reasons: list[Reason] = []
    if card.kind != C.EVOLVE_KIND or card_uid not in side.hand:
        reasons.append(Reason(f"{card.name} is not an Evolution card in your hand.", C.BY_CARD))
    if target.level == "M" and uid not in side.destiny:
        reasons.append(Reason(f"A Level M comes from the Destiny Zone; {target.name} is not there.", C.CARD_FUTURE))
    if target.level != "M" and uid not in side.hand:
        reasons.append(Reason(f"{target.name} is not in your hand.", C.CARD_FUTURE))
    return reasons + card_requirement_reasons(state, player, target, card)


def card_requirement_reasons(state: DState, player: int, target, card) -> list[Reason]:
    """What the Evolution card ``card`` requires of the evolution to ``target``, wherever the Future waits: level, type
    or the evo-box, DP after its DP -X0, and what the card itself says."""
    side = state.sides[player]
    current = state.cards[side.active[-1]]
    reasons: list[Reason] = []
    ignores = (
        set(card.ignores)
        | ({"level"} if card.downgrade or card.same_level else set())
        | ({"dp"} if card.discount else set())
    )
    swap = {
        C.REQ_LEVEL: C.CARD_REQ_LEVEL,
        C.REQ_TYPE: C.CARD_REQ_TYPE,
        C.REQ_DP: C.CARD_REQ_DP,
        C.ONCE_PER_TURN: C.CARD_ONE_EVOLUTION,
    }
    reasons += [
        Reason(r.why, swap.get(r.citation, r.citation))  # the by-card steps say the same, for this method
        for r in requirement_reasons(state, player, target, tuple(ignores))
    ]
    by_box = current.named_in(target.evo_box)
    if card.downgrade and LOWER.get(current.level or "") != target.level:
        reasons.append(
            Reason(
                f"Downgrade goes one level back, from {current.level} to {LOWER.get(current.level or '', '-')}, "
                f"not to {target.level}.",
                C.DOWNGRADE,
            )
        )
    if card.same_level and not by_box and target.level not in (current.level, next_level(current.level)):
        reasons.append(
            Reason(
                f"{card.name} enables the same level ({current.level}) besides the next one; {target.name} is "
                f"Level {target.level}.",
                C.ENABLES,
            )
        )
    if card.discount and "dp" not in card.ignores and target.dp is not None:
        cost, have = max(0, target.dp - card.discount), side.dp_total(state.cards)
        if have < cost:
            reasons.append(
                Reason(
                    f"{target.name} costs {target.dp} DP, {cost} after {card.name}'s DP -{card.discount}; "
                    f"your DP zone holds {have}.",
                    C.CARD_REQ_DP,
                )
            )
    if target.dp is None and "dp" in card.ignores and not by_box:
        reasons.append(Reason(f"{target.name} has no DP printed: ignoring DP cannot evolve to it.", C.NO_DP_COST))
    reasons += [
        Reason(f"{card.name} is not used with Level {level}.", C.DO_NOT_USE_WITH)
        for level in card.not_with
        if level in (current.level, target.level)
    ]
    if side.abnormal and card.no_abnormal:
        reasons.append(Reason(f"{card.name} prohibits evolving an Abnormal Digimon.", C.ABNORMAL_CARD_EFFECTS))
    if side.abnormal and card.keeps_dp:
        reasons.append(
            Reason(
                f"{card.name} works when evolving by DP, and an Abnormal Digimon cannot evolve by DP.",
                C.WHEN_EVOLVING_BY_DP,
            )
        )
    return reasons


def card_options(state: DState, player: int) -> list[Option]:
    """Every evolution by each Evolution card in the hand, to each Digimon it
    might bring (illegal ones with reasons)."""
    side, cards, ids = state.sides[player], state.cards, state.instances.ids
    targets = [u for u in side.hand if cards[u].is_digimon and not cards[u].dna] + [
        u for u in side.destiny if cards[u].level == "M"
    ]
    options = []
    for card_uid in side.hand:
        card = cards[card_uid]
        if card.kind != C.EVOLVE_KIND or card.reveal_top:  # a Future from the top of the deck: matrix.py
            continue
        for uid in targets:
            options.append(
                Option(
                    action("evolve-with", player, ids[card_uid], ids[uid]),
                    f"Evolve to {cards[uid].name} with {card.name}",
                    tuple(card_reasons(state, player, uid, card_uid)),
                )
            )
    return options


def evolve_card_options(state: DState, player: int) -> list[Option]:
    """Evolving by DP with an EVOLVE-timing card that is not an Evolution card (step 5.3.1: Penguinmon): the by-DP
    requirements, the card's DP -X0 lowering the cost."""
    side, cards, ids = state.sides[player], state.cards, state.instances.ids
    targets = [u for u in side.hand if cards[u].is_digimon and not cards[u].dna] + [
        u for u in side.destiny if cards[u].level == "M"
    ]
    options = []
    for card_uid in side.hand:
        card = cards[card_uid]
        if card.timing != "evolve" or card.kind == C.EVOLVE_KIND:
            continue
        for uid in targets:
            if uid == card_uid:
                continue
            target = cards[uid]
            reasons = requirement_reasons(state, player, target, ("dp", *card.ignores))  # "ignore level" (5.3.3.2)
            if target.dp is not None:
                cost, have = max(0, target.dp - card.discount), side.dp_total(cards)
                if have < cost:
                    reasons.append(
                        Reason(
                            f"{target.name} costs {target.dp} DP, {cost} with {card.name}; your DP zone holds {have}.",
                            C.REQ_DP,
                        )
                    )
            options.append(
                Option(
                    action("evolve-dp-with", player, ids[card_uid], ids[uid]),
                    f"Evolve to {target.name} by DP, with {card.name} as your EVOLVE card",
                    tuple(reasons),
                )
            )
    return options


def card_citations(card) -> tuple[list, list]:
    """The clauses behind what an Evolution card says, when it is used: the rules it applies, and the words it uses."""
    cited = [C.CARD_COST] if card.discount else []  # its DP -X0 lowers the cost
    cited += [C.DOWNGRADE] if card.downgrade else []
    cited += [C.ENABLES] if card.same_level else []
    cited += (
        [C.WHEN_EVOLVING_BY_DP, C.BY_DP, C.DP_EVOLVE_CARD, C.DP_CARD_EFFECTS] if card.keeps_dp else []
    )  # it bolsters evolving by DP
    terms = [
        C.CARD_TIMING_EVOLVE,
        *([C.DP_DISCOUNT] if card.discount else []),
        *([C.DO_NOT_USE_WITH] if card.not_with else []),
    ]
    return cited + list(card.card_rulings), terms


def when_evolving(state: DState, player: int, card) -> Outcome:
    """ "When evolving": the card's effect, there being a valid Future in the Evolution Zone."""
    return run_effects(state, player, tuple(e for e in card.effects if e.spec.timing == "when-evolving"))


def after_evolving(state: DState, player: int, card, target, card_uid: int | None = None) -> Outcome:
    """ "After evolving": once the Future is the active Digimon with its stats; and "Activate an evo-bonus"."""
    outcome = run_effects(state, player, tuple(e for e in card.effects if e.spec.timing == "after-evolving"), card_uid)
    if card.activates_bonus and target.bonuses:
        more = run_effects(state, player, target.bonuses)
        outcome.say(f"{card.name} activates {target.name}'s evo-bonuses: {more.narration}")
        outcome.citations += [C.ACTIVATE_BONUS, *more.citations]
        outcome.glossary += more.glossary
        outcome.events += more.events
    return outcome

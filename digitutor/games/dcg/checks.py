"""DCG checks: one function per kind of action, used by the decisions, the procedure and ``why_not`` alike.

Each ``check_*`` returns every reason an action breaks the rules (empty: allowed), each
citing the manual. ``frame`` is the decision frame when the action is asked for now, else
None (the core then adds the timing reason). A check never names a card its player may
not see.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import Literal

from ...core.actions import Action
from ...core.frames import Frame
from ...core.game import ActionRule
from ...core.records import Reason
from ...rules.model import Citation
from . import citations as C
from .cards import Card, Category, Partner, Requirement
from .layer import has
from .moves import can_pay, memory_words
from .state import CState, Stack
from .triggers import CHOICES, check_order
from .xros import cheapest, check_xros, why_not_burst

# -- where a named card is ------------------------------------------------------------------------------------------


def in_hand(state: CState, player: int, instance: str) -> int | None:
    uid = state.instances.uid(instance)
    return uid if uid is not None and uid in state.sides[player].hand else None


def own_stack(state: CState, player: int, instance: str, breeding: bool = True) -> tuple[int | None, Stack] | None:
    """(position, stack) of ``player``'s Digimon or Tamer whose top card is
    ``instance`` (position None: breeding area)."""
    uid = state.instances.uid(instance)
    if uid is None:
        return None
    where = state.stack_of(uid)
    if where is None or where[0] != player or (where[1] is None and not breeding):
        return None
    stack = state.stack_at(*where)
    return (where[1], stack) if stack.top == uid else None


def _one_card(proposed: Action, count: int, what: str) -> tuple[Reason, ...]:
    if len(proposed.cards) != count:
        return (Reason(f"Name {what}.", C.MAIN),)
    return ()


def _cost_reasons(state: CState, player: int, cost: int, what: str) -> list[Reason]:
    """Whether the counter can move ``cost`` spaces (dcg:paying-memory-costs.p5, p6)."""
    if can_pay(state, player, cost):
        return []
    have = state.player_memory(player)
    return [
        Reason(
            f"{what} costs {cost}: the counter must move {cost} spaces, so you need at least {cost - 10} memory "
            f"and you have {memory_words(have)}.",
            C.OVER_TEN,
        )
    ]


# -- A. Playing Digimon, C. Playing Tamers -----------------------------------------------------------------------------


def why_not_play_card(state: CState, player: int, card: Card) -> tuple[Reason, ...]:
    """Every reason ``card`` (in ``player``'s hand) cannot be played now."""
    if card.category is not Category.DIGIMON and card.category is not Category.TAMER:
        rule = C.USE_OPTION if card.category is Category.OPTION else C.PLAY_DIGIMON
        return (Reason(f"{card.name} is a {card.category.value} card: only Digimon and Tamers are played.", rule),)
    cost = (card.cost or 0) if card.digixros is None else cheapest(state, player, card)
    return tuple(_cost_reasons(state, player, cost, card.name))


def _card_from_hand(
    state: CState,
    proposed: Action,
    what: str,
    rule: Citation,
    why_not: Callable[[CState, int, Card], tuple[Reason, ...]],
) -> tuple[Reason, ...]:
    """A proposal naming one card of the proposer's hand, checked by ``why_not``."""
    reasons = _one_card(proposed, 1, what)
    if reasons:
        return reasons
    uid = in_hand(state, proposed.player, proposed.cards[0])
    if uid is None:
        return (Reason(f"{proposed.cards[0]} is not a card in your hand.", rule),)
    return why_not(state, proposed.player, state.cards[uid])


def check_play(state: CState, frame: Frame | None, proposed: Action) -> tuple[Reason, ...]:
    return _card_from_hand(state, proposed, "one card from your hand", C.PLAY_DIGIMON, why_not_play_card)


# -- B. Digivolving ----------------------------------------------------------------------------------------------------


def meets(requirement: Requirement | Partner, top: Card) -> bool:
    """Does a Digimon showing ``top`` meet one digivolution requirement (or one side of DNA requirements)?"""
    if requirement.name is not None:
        return top.name == requirement.name
    trait = getattr(requirement, "trait", None)
    if trait is not None:
        return trait in top.traits
    return requirement.level == top.level and requirement.colour in top.colours


def digivolve_requirement(card: Card, top: Card) -> Requirement | None:
    """The first requirement of ``card`` that ``top`` meets (any one is enough: dcg:digivolving.p2)."""
    return digivolve_match(card, top)[0]


def digivolve_match(card: Card, top: Card) -> tuple[Requirement | None, bool]:
    """The requirement ``top`` meets (as above), and whether it is worth offering at all: it meets one, or is
    of a level one names (printed data only, so worked out once per pair of cards)."""
    key = (card.id, top.id)
    found = MATCHES.get(key)
    if found is None:
        requirement = next((r for r in card.digivolve if meets(r, top)), None)
        found = MATCHES[key] = (
            requirement,
            requirement is not None or any(r.level == top.level for r in card.digivolve),
        )
    return found


MATCHES: dict[tuple[str, str], tuple[Requirement | None, bool]] = {}  # by card ids: the shipped card set's printed data


class _Find(Enum):
    FIND = "find"  #: "work the requirement out here"


_FIND = _Find.FIND


def why_not_digivolve(
    state: CState, player: int, stack: Stack, card: Card, requirement: Requirement | Literal[_Find.FIND] | None = _FIND
) -> tuple[Reason, ...]:
    """Every reason the Digimon ``stack`` cannot digivolve into ``card`` from the hand now
    (``requirement``: the one it meets, when the caller has worked it out already)."""
    top = state.cards[stack.top]
    if card.category is not Category.DIGIMON:
        return (Reason(f"{card.name} is not a Digimon card: only Digimon cards digivolve.", C.REQUIREMENTS),)
    if top.token:
        return (Reason(f"{top.name} is a Token: Tokens can't digivolve.", C.TOKENS_NO_DIGIVOLVE),)
    if top.category is Category.TAMER:
        return (Reason(f"{top.name} is a Tamer, not a Digimon that can digivolve.", C.DIGIVOLVE),)
    reasons: list[Reason] = []
    if requirement is _FIND:
        requirement = digivolve_requirement(card, top)
    if requirement is None:
        wanted = " or ".join(_requirement_words(r) for r in card.digivolve) or "nothing"
        colours = "/".join(c.value for c in top.colours)
        reasons.append(
            Reason(
                f"{card.name} digivolves from {wanted}; {top.name} is {colours}, level {top.level}.",
                C.ONE_REQUIREMENT if len(card.digivolve) > 1 else C.REQUIREMENTS,
            )
        )
        return tuple(reasons)
    reasons += _cost_reasons(state, player, requirement.cost, f"Digivolving into {card.name}")
    return tuple(reasons)


def _requirement_words(requirement: Requirement) -> str:
    if requirement.name is not None:
        return f"[{requirement.name}]"
    if requirement.trait is not None:
        return f"a Digimon with the trait {requirement.trait}"
    return f"a {requirement.colour} level {requirement.level} Digimon"


def check_digivolve(state: CState, frame: Frame | None, proposed: Action) -> tuple[Reason, ...]:
    reasons = _one_card(proposed, 2, "your Digimon and the card from your hand it digivolves into")
    if reasons:
        return reasons
    target = own_stack(state, proposed.player, proposed.cards[0])
    uid = in_hand(state, proposed.player, proposed.cards[1])
    found = []
    if target is None:
        found.append(Reason(f"{proposed.cards[0]} is not one of your Digimon in play.", C.DIGIVOLVE))
    if uid is None:
        found.append(Reason(f"{proposed.cards[1]} is not a card in your hand.", C.REQUIREMENTS))
    if target is None or uid is None:
        return tuple(found)
    return why_not_digivolve(state, proposed.player, target[1], state.cards[uid])


def why_not_dna(state: CState, player: int, left: Stack, right: Stack, card: Card) -> tuple[Reason, ...]:
    """Every reason ``left`` and ``right`` cannot DNA digivolve into ``card`` from the hand now."""
    if card.dna is None:
        return (Reason(f"{card.name} has no DNA digivolution requirements.", C.DNA),)
    reasons: list[Reason] = []
    if left is right:
        reasons.append(Reason("DNA digivolution combines two different Digimon.", C.DNA))
    for stack, partner, side in ((left, card.dna.left, "left"), (right, card.dna.right, "right")):
        shown = state.cards[stack.top]
        if shown.token:
            reasons.append(Reason(f"{shown.name} is a Token: Tokens can't digivolve.", C.TOKENS_NO_DIGIVOLVE))
        elif shown.category is Category.TAMER or not meets(partner, shown):
            wanted = f"[{partner.name}]" if partner.name else f"a {partner.colour} level {partner.level} Digimon"
            reasons.append(
                Reason(
                    f"The {side} of {card.name}'s DNA requirements is {wanted}; {shown.name} is not.",
                    C.DNA_REQUIREMENTS,
                )
            )
    reasons += _cost_reasons(state, player, card.dna.cost, f"DNA digivolving into {card.name}")
    return tuple(reasons)


def check_dna(state: CState, frame: Frame | None, proposed: Action) -> tuple[Reason, ...]:
    reasons = _one_card(proposed, 3, "the left Digimon, the right Digimon and the card from your hand")
    if reasons:
        return reasons
    left = own_stack(state, proposed.player, proposed.cards[0], breeding=False)
    right = own_stack(state, proposed.player, proposed.cards[1], breeding=False)
    uid = in_hand(state, proposed.player, proposed.cards[2])
    found = [
        Reason(f"{c} is not one of your Digimon in the battle area.", C.DNA_BATTLE_AREA)
        for c, s in ((proposed.cards[0], left), (proposed.cards[1], right))
        if s is None
    ]
    if uid is None:
        found.append(Reason(f"{proposed.cards[2]} is not a card in your hand.", C.DNA_REQUIREMENTS))
    if left is None or right is None or uid is None:
        return tuple(found)
    return why_not_dna(state, proposed.player, left[1], right[1], state.cards[uid])


# -- F. [Main] effects on Digimon and Tamers ---------------------------------------------------------------------------


def main_effects(state: CState, stack: Stack) -> tuple[int, ...]:
    """Indexes of the top card's own [Main] effects (Digimon and Tamers)."""
    card = state.cards[stack.cards[-1]]
    found = _MAIN_EFFECTS.get(card.id)
    if found is None:
        found = _MAIN_EFFECTS[card.id] = (
            ()
            if card.category is Category.OPTION
            else tuple(i for i, effect in enumerate(card.effects) if effect.spec.timing == "main")
        )
    return found


_MAIN_EFFECTS: dict[str, tuple[int, ...]] = {}  # by card id: printed data


def why_not_activate(state: CState, stack: Stack, index: int) -> tuple[Reason, ...]:
    card = state.cards[stack.top]
    if index not in main_effects(state, stack):
        return (Reason(f"{card.name} has no such [Main] effect.", C.MAIN_ON_CARDS),)
    effect = card.effects[index]
    if effect.spec.once_per_turn and f"{state.iid(stack.top)}/own/{index}" in state.used:
        return (Reason(f"{card.name}'s effect is [Once Per Turn] and was used this turn.", effect.citation),)
    return ()


def check_activate(state: CState, frame: Frame | None, proposed: Action) -> tuple[Reason, ...]:
    reasons = _one_card(proposed, 1, "your Digimon or Tamer with a [Main] effect")
    if reasons:
        return reasons
    found = own_stack(state, proposed.player, proposed.cards[0], breeding=False)
    if found is None:
        return (
            Reason(f"{proposed.cards[0]} is not one of your Digimon or Tamers in the battle area.", C.MAIN_ON_CARDS),
        )
    index = proposed.param("effect", "0")
    if not index or not index.isdigit():
        return (Reason("Name the effect by its number.", C.MAIN_ON_CARDS),)
    return why_not_activate(state, found[1], int(index))


# -- D. Using Option cards ---------------------------------------------------------------------------------------------


def colours_in_play(state: CState, player: int) -> set[str]:
    """The colours of ``player``'s Digimon and Tamers in the battle and breeding
    areas (each colour of a multicolour card)."""
    side = state.sides[player]
    stacks = [*side.battle, *([side.breeding] if side.breeding is not None else [])]
    return {colour for stack in stacks for colour in state.cards[stack.top].colours}  # colours are str enums


def why_not_use(state: CState, player: int, card: Card, have: set[str] | None = None) -> tuple[Reason, ...]:
    """Every reason the Option ``card`` cannot be used from the hand now (``have``: the colours in play, if known)."""
    if card.category is not Category.OPTION:
        return (Reason(f"{card.name} is not an Option card.", C.USE_OPTION),)
    reasons: list[Reason] = []
    if have is None:
        have = colours_in_play(state, player)
    missing = [colour.value for colour in card.colours if colour not in have]
    if missing:
        rule = C.MULTICOLOUR_OPTION if len(card.colours) > 1 else C.COLOUR_REQUIREMENT
        reasons.append(
            Reason(
                f"{card.name} needs a {' and a '.join(missing)} Digimon or Tamer in your battle or breeding area.", rule
            )
        )
    reasons += _cost_reasons(state, player, card.cost or 0, card.name)
    return tuple(reasons)


def check_use(state: CState, frame: Frame | None, proposed: Action) -> tuple[Reason, ...]:
    return _card_from_hand(state, proposed, "one Option card from your hand", C.USE_OPTION, why_not_use)


# -- E. Attacking ------------------------------------------------------------------------------------------------------


def why_not_attacker(state: CState, player: int, stack: Stack) -> list[Reason]:
    """Every reason this Digimon or Tamer of ``player``'s battle area cannot attack now."""
    top = state.cards[stack.top]
    if top.category is Category.TAMER:
        return [Reason(f"{top.name} is a Tamer: Tamers can't attack.", C.TAMERS_NO_ATTACK)]
    reasons = []
    if stack.suspended:
        reasons.append(
            Reason(f"{top.name} is suspended: only an unsuspended Digimon can attack.", C.SUSPEND_AND_DECLARE)
        )
    if stack.played == state.turn and not has(state, stack.top, "rush"):
        if stack.digivolved == state.turn:  # the card played this turn is now under the one on top
            played = state.cards[stack.cards[0]].name  # the bottom card: the one played this turn
            reasons.append(
                Reason(
                    f"{top.name} was played this turn as {played} and then digivolved: Digimon still can't "
                    "attack on the turn they are played, even if digivolved.",
                    C.PLAYED_STILL_CANNOT,
                )
            )
        else:
            reasons.append(
                Reason(
                    f"{top.name} was played this turn: Digimon can't attack on the turn they were played.",
                    C.NO_ATTACK_WHEN_PLAYED,
                )
            )
    return reasons


def why_not_target(state: CState, player: int, target: int | None) -> list[Reason]:
    """Every reason ``target`` (None: the opposing player) cannot be attacked."""
    if target is None:
        return []
    where = state.stack_of(target)
    if where is None or where[0] != 1 - player or where[1] is None or state.stack_at(*where).top != target:
        return [Reason("The target must be the opposing player or one of their Digimon in the battle area.", C.TARGET)]
    return target_reasons(state, state.stack_at(*where))


def target_reasons(state: CState, stack: Stack) -> list[Reason]:
    """Every reason the opponent's Digimon or Tamer ``stack`` in the battle area cannot be attacked."""
    shown = state.cards[stack.top]
    if shown.category is Category.TAMER:
        return [Reason(f"{shown.name} is a Tamer: only the player or a suspended Digimon can be the target.", C.TARGET)]
    if not stack.suspended:
        return [Reason(f"{shown.name} is unsuspended: only a suspended Digimon can be attacked.", C.TARGET)]
    return []


def check_attack(state: CState, frame: Frame | None, proposed: Action) -> tuple[Reason, ...]:
    if len(proposed.cards) not in (1, 2):
        return (Reason("Name your attacking Digimon, and the Digimon it attacks (none: the player).", C.TARGET),)
    attacker = own_stack(state, proposed.player, proposed.cards[0], breeding=False)
    reasons: list[Reason] = []
    if attacker is None:
        reasons.append(Reason(f"{proposed.cards[0]} is not one of your Digimon in the battle area.", C.ATTACK))
    else:
        reasons += why_not_attacker(state, proposed.player, attacker[1])
    target = state.instances.uid(proposed.cards[1]) if len(proposed.cards) == 2 else None
    if len(proposed.cards) == 2 and target is None:
        reasons.append(Reason(f"There is no card {proposed.cards[1]}.", C.TARGET))
    else:
        reasons += why_not_target(state, proposed.player, target)
    return tuple(reasons)


def check_block(state: CState, frame: Frame | None, proposed: Action) -> tuple[Reason, ...]:
    if proposed.kind == "no-block":
        return ()
    reasons = _one_card(proposed, 1, "the Digimon that blocks")
    if reasons:
        return reasons
    found = own_stack(state, proposed.player, proposed.cards[0], breeding=False)
    if found is None:
        return (Reason(f"{proposed.cards[0]} is not one of your Digimon in the battle area.", C.BLOCK),)
    return tuple(why_not_blocker(state, found[1]))


def why_not_blocker(state: CState, stack: Stack) -> list[Reason]:
    shown = state.cards[stack.top]
    if shown.category is Category.TAMER:
        return [Reason(f"{shown.name} is a Tamer: Tamers can't block.", C.TAMERS_NO_ATTACK)]
    reasons = []
    if not has(state, stack.top, "blocker"):
        reasons.append(Reason(f"{shown.name} does not have <Blocker>.", C.BLOCKER_AT_TIMING))
    if stack.suspended:
        reasons.append(Reason(f"{shown.name} is suspended: a block suspends an unsuspended Digimon.", C.BLOCK))
    return reasons


# -- Breeding phase and setup ------------------------------------------------------------------------------------------


def check_breeding(state: CState, frame: Frame | None, proposed: Action) -> tuple[Reason, ...]:
    side = state.sides[proposed.player]
    if proposed.kind == "hatch":
        reasons = []
        if side.breeding is not None:
            reasons.append(Reason("There is already a Digimon in your breeding area.", C.HATCH_EMPTY))
        if not side.eggs:
            reasons.append(Reason("Your Digi-Egg deck is empty.", C.HATCH))
        return tuple(reasons)
    if proposed.kind == "move-out":
        if side.breeding is None:
            return (Reason("There is no Digimon in your breeding area.", C.MOVE_OUT),)
        shown = state.cards[side.breeding.top]
        if shown.dp is None:
            return (
                Reason(
                    f"{shown.name} has no DP: Digimon without DP can't be moved to the battle area.", C.NO_DP_NO_MOVE
                ),
            )
    return ()


def _always(state: CState, frame: Frame | None, proposed: Action) -> tuple[Reason, ...]:
    return ()


ACTIONS: dict[str, ActionRule] = {
    "redraw": ActionRule(C.REDRAW, "A hand is redrawn only while setting up, after drawing 5.", _always),
    "keep": ActionRule(C.NO_REDRAW, "A hand is kept (or redrawn) only while setting up, after drawing 5.", _always),
    "hatch": ActionRule(C.BREEDING_ONCE, "Hatching happens in your breeding phase, once per turn.", check_breeding),
    "move-out": ActionRule(
        C.BREEDING_ONCE,
        "Moving a Digimon out of the breeding area happens in your breeding phase, once per turn.",
        check_breeding,
    ),
    "stay": ActionRule(C.DO_NOTHING, "Doing nothing in the breeding phase happens in your breeding phase.", _always),
    "play": ActionRule(C.MAIN, "Digimon and Tamers are played in your main phase.", check_play),
    "digivolve": ActionRule(C.MAIN, "Digivolving happens in your main phase.", check_digivolve),
    "dna": ActionRule(C.MAIN, "DNA digivolving happens in your main phase.", check_dna),
    "activate": ActionRule(
        C.MAIN_EFFECTS,
        "[Main] effects are activated in your main phase, when nothing else is activating.",
        check_activate,
    ),
    "use": ActionRule(C.MAIN, "Option cards are used from the hand in your main phase.", check_use),
    "attack": ActionRule(C.MAIN, "Attacks are made in your main phase.", check_attack),
    "pass": ActionRule(C.PASS, "Passing happens in your main phase, when there is nothing left to do.", _always),
    "block": ActionRule(
        C.BLOCKER_TIMING, "Blocking happens at blocker timing, when an opponent's Digimon attacks.", check_block
    ),
    "no-block": ActionRule(C.BLOCKER_TIMING, "Declining to block happens at blocker timing.", check_block),
    "resolve": ActionRule(
        C.OWNER_ORDERS, "The order of effects is chosen when several trigger at the same time.", check_order
    ),
    "use-effect": ActionRule(C.CARD_TEXT_FIRST, "An optional effect is used when it activates.", _always),
    "decline": ActionRule(C.CARD_TEXT_FIRST, "An optional effect is declined when it activates.", _always),
    **CHOICES.action_rules(),
}


def check_burst(state: CState, frame: Frame | None, proposed: Action) -> tuple[Reason, ...]:
    reasons = _one_card(proposed, 2, "your Digimon and the card from your hand it burst digivolves into")
    if reasons:
        return reasons
    target = own_stack(state, proposed.player, proposed.cards[0], breeding=False)
    uid = in_hand(state, proposed.player, proposed.cards[1])
    if target is None or uid is None:
        return (Reason("Name one of your Digimon in the battle area and a card in your hand.", C.BURST),)
    return why_not_burst(state, proposed.player, target[1], state.cards[uid])


def _xros_rules() -> dict[str, ActionRule]:
    when = "Cards are placed for a DigiXros while playing a card with DigiXros requirements."
    return {
        "xros": ActionRule(C.XROS_WHETHER, when, check_xros),
        "xros-done": ActionRule(C.XROS_WHETHER, when, check_xros),
        "burst": ActionRule(C.MAIN, "Burst digivolving happens in your main phase.", check_burst),
    }


ACTIONS.update(_xros_rules())

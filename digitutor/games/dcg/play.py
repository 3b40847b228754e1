"""The DCG procedure from setting up to the end of a turn: one function per step of the manual, in its order.

Each function runs one kind of frame (``PROCEDURE`` in procedure.py lists them). A turn
is its phases as frames; the main phase is one decision frame that stays until the turn
ends: when the memory counter is on the opponent's side once every effect has finished,
or when the player passes.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ...core.actions import Action, action, plain_action
from ...core.effects import expire
from ...core.frames import Frame, frame
from ...core.records import Decision, Event, Option, Step
from ...rules.model import Citation
from . import citations as C
from .cards import Card, Category
from .checks import (
    MATCHES,
    check_breeding,
    colours_in_play,
    digivolve_match,
    digivolve_requirement,
    main_effects,
    meets,
    own_stack,
    target_reasons,
    why_not_activate,
    why_not_attacker,
    why_not_digivolve,
    why_not_dna,
    why_not_play_card,
    why_not_use,
)
from .layer import dp, keyword, may_lower_dp
from .moves import can_pay, delete, draw, enter_play, leave_play, memory_words, name, paid_memory, step, take, trash_all
from .state import CState, Phase, Stack
from .triggers import push_pending, stack_triggers, triggered
from .xros import burst_tamer, declare, end_of_burst, why_not_burst, xros_materials

HAND = 5
SECURITY = 5
PASS_MEMORY = 3
#: the main phase's list of actions (A. to F.): the rule of the main phase's choice
MAIN_ACTIONS = (C.MAIN, C.MAIN_PRIMARY, C.MAIN_A, C.MAIN_B, C.MAIN_C, C.MAIN_D, C.MAIN_E, C.MAIN_F)


# -- Setting up the game ---------------------------------------------------------------------------------------------


def setup_shuffle(state: CState, top: Frame, rng: random.Random) -> Step:
    for side in state.sides:
        rng.shuffle(side.deck)
        rng.shuffle(side.eggs)
    state.goto(frame("setup.first"))
    return step(
        state,
        Phase.SETUP,
        None,
        "Each player shuffles their deck and their Digi-Egg deck and puts them in place.",
        (C.SHUFFLE_DECK, C.SHUFFLE_EGGS),
        [Event("shuffle", p) for p in (0, 1)],
        glossary=(C.DECK, C.EGG_DECK, C.DECK_ZONE, C.EGG_ZONE, C.EGG_BACK, C.ARRANGE),
    )


def setup_first(state: CState, top: Frame, rng: random.Random) -> Step:
    state.first = state.active = rng.randrange(2)
    state.goto(frame("setup.draw"))
    return step(
        state,
        Phase.SETUP,
        state.first,
        f"{name(state.first)} wins and goes first.",
        (C.FIRST_PLAYER, C.COIN),
        [Event("first", state.first)],
    )


def setup_draw(state: CState, top: Frame, rng: random.Random) -> Step:
    events = [draw(state, p, HAND)[1] for p in (0, 1)]
    state.goto(frame("setup.redraw", state.first), frame("setup.redraw", 1 - state.first), frame("setup.security"))
    return step(state, Phase.SETUP, None, f"Both players draw {HAND} cards.", (C.DRAW_FIVE,), events)


def ask_redraw(state: CState, top: Frame) -> Decision:
    player = top.player
    assert player is not None
    options = (
        Option(action("keep", player), "Keep this hand"),
        Option(action("redraw", player), "Redraw: shuffle the hand into the deck and draw 5"),
    )
    return Decision(
        player,
        "redraw",
        f"{name(player)}: keep your hand, or redraw it once?",
        options,
        (C.REDRAW, C.NO_REDRAW),
        Phase.SETUP.value,
    )


def answer_redraw(state: CState, top: Frame, chosen: Action) -> Step:
    player = chosen.player
    if chosen.kind == "keep":
        state.pop()
        return step(state, Phase.SETUP, player, f"{name(player)} keeps their hand.", (C.NO_REDRAW,))
    state.goto(frame("setup.reshuffle", player))
    return step(
        state, Phase.SETUP, player, f"{name(player)} announces a redraw.", (C.REDRAW,), [Event("redraw", player)]
    )


def setup_reshuffle(state: CState, top: Frame, rng: random.Random) -> Step:
    """Shuffle the hand into the deck and draw a new hand of 5."""
    player = top.player
    assert player is not None
    side = state.sides[player]
    side.deck.extend(side.hand)
    side.hand.clear()
    rng.shuffle(side.deck)
    _, event = draw(state, player, HAND)
    state.pop()
    return step(
        state,
        Phase.SETUP,
        player,
        f"{name(player)} shuffles their hand into the deck and draws a new hand of {HAND}.",
        (C.HOW_TO_REDRAW,),
        [event],
    )


def setup_security(state: CState, top: Frame, rng: random.Random) -> Step:
    for side in state.sides:
        for _ in range(min(SECURITY, len(side.deck))):
            side.security.append(side.deck.pop())  # one at a time from the top: the deck's top card ends at the bottom
    state.goto(frame("setup.memory"))
    return step(
        state,
        Phase.SETUP,
        None,
        f"Each player places the top {SECURITY} cards of their deck face down as their security stack.",
        (C.SECURITY,),
        [Event("security", p, data={"count": len(state.sides[p].security)}) for p in (0, 1)],
        glossary=(C.SECURITY_WALL,),
    )


def setup_memory(state: CState, top: Frame, rng: random.Random) -> Step:
    state.memory = 0
    ready = step(
        state,
        Phase.SETUP,
        None,
        "The memory counter is placed on 0: the game begins.",  # the setup's last step
        (C.MEMORY_ZERO,),
        glossary=(C.GAUGE_AND_COUNTER, C.SHARED_GAUGE),
    )
    state.turn = 1
    state.goto(*turn_frames(state.first))
    return ready


# -- The turn's phases -------------------------------------------------------------------------------------------------


def turn_frames(active: int) -> list[Frame]:
    """A turn's four phases, in the manual's order ([Start of Your Turn] effects first)."""
    return [
        frame("turn.start", active),
        frame("unsuspend.all", active),
        frame("draw.draw", active),
        frame("breeding.choose", active),
        frame("main.act", active),
    ]


def in_play_triggers(state: CState, player: int, timing: str) -> list:
    """The effects with ``timing`` of ``player``'s Digimon and Tamers in the battle area (and their inherited ones)."""
    found = []
    for stack in state.sides[player].battle:
        found += stack_triggers(state, timing, player, stack.top, stack.sources)
    return found


def start_of_turn(state: CState, top: Frame, rng: random.Random) -> Step | None:
    """[Start of Your Turn] effects activate before anything else of the turn."""
    state.pop()
    waiting = in_play_triggers(state, state.active, "start-of-your-turn")
    if not waiting:
        return None
    push_pending(state, waiting)
    return step(
        state,
        Phase.UNSUSPEND,
        state.active,
        f"Turn {state.turn} begins: {len(waiting)} [Start of Your Turn] effect(s) activate.",
        (C.CARD_TIMINGS,),
    )


def unsuspend_all(state: CState, top: Frame, rng: random.Random) -> Step:
    """Unsuspend all of the turn player's cards; a Digimon of the opponent with <Reboot> unsuspends too."""
    player = state.active
    side = state.sides[player]
    woke = [stack.top for stack in side.battle if stack.suspended]
    side.battle = [stack.but(suspended=False) for stack in side.battle]
    cited: list = [C.UNSUSPEND, C.FOUR_PHASES]
    rebooted = []
    other = state.sides[1 - player]
    for position, stack in enumerate(other.battle):
        if not stack.suspended:
            continue
        reboot = keyword(state, stack.top, "reboot")
        if reboot.value == "yes":
            other.battle[position] = stack.but(suspended=False)
            rebooted.append(stack.top)
            cited += [C.CARD_TIMINGS, *reboot.because]
    state.pop()
    told = f"{name(player)} unsuspends {len(woke)} card(s)." if woke else f"{name(player)} has no suspended cards."
    if rebooted:
        told += f" {name(1 - player)}'s {', '.join(state.label(u) for u in rebooted)} unsuspend(s) too (<Reboot>)."
    return step(
        state,
        Phase.UNSUSPEND,
        player,
        f"Turn {state.turn}: {told}",
        cited,
        [state.card_event("unsuspend", player, woke + rebooted)],
        glossary=(C.SUSPENDING_WORDS,) if woke or rebooted else (),
    )


def draw_phase(state: CState, top: Frame, rng: random.Random) -> Step:
    player = state.active
    state.pop()
    if state.turn == 1 and player == state.first:
        return step(
            state,
            Phase.DRAW,
            player,
            f"{name(player)} goes first and does not draw on the first turn.",
            (C.FIRST_TURN_NO_DRAW,),
        )
    if not state.sides[player].deck:
        return game_over(
            state,
            1 - player,
            f"{name(player)} cannot draw: their deck is empty. {name(1 - player)} wins.",
            (C.CANNOT_DRAW_LOSES, C.WIN_NO_DRAW),
            by=DECK_OUT,
        )
    _, event = draw(state, player, 1)
    return step(state, Phase.DRAW, player, f"{name(player)} draws a card.", (C.DRAW,), [event])


def ask_breeding(state: CState, top: Frame) -> Decision | None:
    """Hatch, move out, or do nothing (None: nothing but "do nothing" is possible)."""
    player = state.active
    side = state.sides[player]
    options = [Option(action("stay", player), "Do nothing")]
    for kind, label in (("hatch", "Hatch a Digi-Egg"), ("move-out", "Move the Digimon out of the breeding area")):
        proposed = action(kind, player)
        if kind == "hatch" and not side.eggs:
            continue
        if kind == "move-out" and side.breeding is None:
            continue
        options.append(Option(proposed, label, check_breeding(state, top, proposed)))
    if len(options) == 1:
        return None  # no Digi-Egg deck and an empty breeding area: nothing to consider
    return Decision(
        player,
        "breeding",
        f"{name(player)}: breeding phase — hatch, move out, or do nothing?",
        tuple(options),
        (C.BREEDING_ONE, C.BREEDING_ONCE),
        Phase.BREEDING.value,
    )


def breeding_nothing(state: CState, top: Frame, rng: random.Random) -> Step:
    state.pop()
    return step(
        state,
        Phase.BREEDING,
        state.active,
        f"{name(state.active)} has nothing to hatch or move out, and does nothing.",
        (C.DO_NOTHING,),
    )


def answer_breeding(state: CState, top: Frame, chosen: Action) -> Step:
    player = chosen.player
    side = state.sides[player]
    state.pop()
    if chosen.kind == "stay":
        return step(
            state,
            Phase.BREEDING,
            player,
            f"{name(player)} does nothing in the breeding phase.",
            (C.DO_NOTHING, C.BREEDING_NOTHING),
        )
    if chosen.kind == "hatch":
        egg = side.eggs.pop()
        side.breeding = Stack((egg,))
        return step(
            state,
            Phase.BREEDING,
            player,
            f"{name(player)} hatches {state.label(egg)} in the breeding area.",
            (C.HATCH, C.BREEDING_HATCH, C.BREEDING_ONCE, C.HATCH_EMPTY, C.HATCHED_LEVEL_2),
            [state.card_event("hatch", player, (egg,))],
            glossary=(C.EGG_DECK, C.BREEDING_AREA, C.EGG_IS_DIGIMON, C.CARD_LEVEL),
        )
    stack = side.breeding
    assert stack is not None
    side.breeding = None
    side.battle.append(stack.but(played=0))
    return step(
        state,
        Phase.BREEDING,
        player,
        f"{name(player)} moves {state.label(stack.top)} out to the battle area.",
        (C.MOVE_OUT, C.BREEDING_MOVE, C.BREEDING_ONCE, C.MOVED_NOT_PLAYED),
        [state.card_event("move-out", player, stack.cards)],
    )


# -- Main phase --------------------------------------------------------------------------------------------------------


def turn_is_over(state: CState) -> bool:
    """The counter is on the opponent's side (1 or more) with every effect finished."""
    return state.player_memory(state.active) < 0


def rules_due(state: CState) -> list[int]:
    """Top cards of Digimon the rules remove now: DP 0 (deleted) or without DP in the battle area (trashed)."""
    due = []
    lowered = may_lower_dp(state)
    for side in state.sides:
        for stack in side.battle:
            shown = state.cards[stack.top]
            if shown.category is Category.TAMER:
                continue
            if shown.dp is None or ((shown.dp <= 0 or lowered) and dp(state, stack.top).value <= 0):
                due.append(stack.top)
    return due


def ask_main(state: CState, top: Frame) -> Decision | None:
    """The turn player's next action (None: the turn ends, or the rules must act first)."""
    if state.over or turn_is_over(state) or rules_due(state):
        return None
    player = state.active
    return Decision(
        player,
        "main",
        f"{name(player)}: main phase (memory {memory_words(state.player_memory(player))}).",
        main_options(state, player),
        MAIN_ACTIONS,
        Phase.MAIN.value,
    )


_PLAY_LABELS: dict[str, str] = {}  # by card id: a card's play label never changes


def _play_label(card: Card) -> str:
    label = _PLAY_LABELS.get(card.id)
    if label is None:
        label = _PLAY_LABELS[card.id] = f"Play {card.label()} (cost {card.cost})"
    return label


def main_options(state: CState, player: int) -> tuple[Option, ...]:
    """Every card in hand to play, digivolve into or use; every attack; then pass. Illegal ones carry their reasons."""
    side, cards = state.sides[player], state.cards
    ids = state.instances.ids
    options: list[Option] = []
    have = colours_in_play(state, player)
    mine = [(stack, cards[stack.cards[-1]]) for stack in ([side.breeding] if side.breeding is not None else [])]
    mine += [(stack, cards[stack.cards[-1]]) for stack in side.battle]
    growing = [
        (stack, shown)
        for stack, shown in mine
        if shown.category is Category.DIGIMON or shown.category is Category.DIGI_EGG
    ]
    for uid in side.hand:
        card = cards[uid]
        if card.category is Category.OPTION:
            options.append(
                Option(
                    plain_action("use", player, (ids[uid],)),
                    f"Use {card.name} (cost {card.cost})",
                    why_not_use(state, player, card, have),
                )
            )
            continue
        options.append(
            Option(plain_action("play", player, (ids[uid],)), _play_label(card), why_not_play_card(state, player, card))
        )
        if card.category is not Category.DIGIMON:
            continue
        for stack, shown in growing:
            requirement, tempting = MATCHES.get((card.id, shown.id)) or digivolve_match(card, shown)
            if not tempting:
                continue
            reasons = why_not_digivolve(state, player, stack, card, requirement)
            cost = f" (cost {requirement.cost})" if requirement else ""
            options.append(
                Option(
                    plain_action("digivolve", player, (ids[stack.top], ids[uid])),
                    f"Digivolve {shown.name} into {card.name}{cost}",
                    reasons,
                )
            )
    options += _dna_options(state, player)
    options += _burst_options(state, player)
    fighting = mine[1:] if side.breeding is not None else mine
    for stack, shown in fighting:
        for index in main_effects(state, stack):
            options.append(
                Option(
                    action("activate", player, ids[stack.top], effect=str(index)),
                    f"Activate {shown.name}: {shown.effects[index].spec.quote}",
                    why_not_activate(state, stack, index),
                )
            )
    targets = [
        (ids[stack.top], cards[stack.top].name, tuple(target_reasons(state, stack)))
        for stack in state.sides[1 - player].battle
        if cards[stack.top].category is not Category.TAMER
    ]  # each target's reasons do not depend on the attacker
    open_targets = [target for target in targets if not target[2]]
    for stack, shown in fighting:
        if shown.category is Category.TAMER:
            continue
        attacker = tuple(why_not_attacker(state, player, stack))
        who, attacker_id = shown.name, ids[stack.top]
        options.append(
            Option(plain_action("attack", player, (attacker_id,)), f"Attack the opponent with {who}", attacker)
        )
        if attacker:
            continue  # why it cannot attack is shown once, above; why_not answers any target proposed for it
        options += [
            Option(
                plain_action("attack", player, (attacker_id, target_id)), f"Attack {target_name} with {who}", against
            )
            for target_id, target_name, against in targets
        ]
        targets = open_targets  # why a target cannot be attacked is shown once, with the first Digimon able to attack
    options.append(Option(action("pass", player), "Pass the turn (memory goes to 3 on your opponent's side)"))
    return tuple(options)


def _burst_options(state: CState, player: int) -> list[Option]:
    """Burst digivolutions onto a Digimon of the name the card's Burst requirement names."""
    side, cards, ids = state.sides[player], state.cards, state.instances.ids
    found = []
    for uid in side.hand:
        card = cards[uid]
        if card.burst is None:
            continue
        for stack in side.battle:
            if cards[stack.top].name == card.burst.source:
                found.append(
                    Option(
                        action("burst", player, ids[stack.top], ids[uid]),
                        f"Burst digivolve {cards[stack.top].name} into {card.name} (cost {card.burst.cost}, "
                        f"returning {card.burst.tamer} to the hand)",
                        why_not_burst(state, player, stack, card),
                    )
                )
    return found


def _dna_options(state: CState, player: int) -> list[Option]:
    """DNA digivolutions whose two Digimon are both in the battle area (illegal ones: only for cost)."""
    side, cards, ids = state.sides[player], state.cards, state.instances.ids
    found = []
    for uid in side.hand:
        card = cards[uid]
        if card.dna is None:
            continue
        lefts = [s for s in side.battle if meets(card.dna.left, cards[s.top]) and not cards[s.top].token]
        rights = [s for s in side.battle if meets(card.dna.right, cards[s.top]) and not cards[s.top].token]
        for left in lefts:
            for right in rights:
                if left is right:
                    continue
                found.append(
                    Option(
                        action("dna", player, ids[left.top], ids[right.top], ids[uid]),
                        f"DNA digivolve {cards[left.top].name} and {cards[right.top].name} into {card.name} "
                        f"(cost {card.dna.cost})",
                        why_not_dna(state, player, left, right, card),
                    )
                )
    return found


def main_automatic(state: CState, top: Frame, rng: random.Random) -> Step | None:
    """No decision now: the rules remove Digimon first; else the turn ends."""
    if state.over:
        state.clear_to(frame("game-over.done"))
        return None
    due = rules_due(state)
    if due:
        return rules_processing(state, due)
    return turn_ending(state)


def turn_ending(state: CState, passed: bool = False) -> Step:
    """The turn is ending: [End of Your Turn] effects activate first (once a turn), then the turn passes."""
    waiting = [] if "end-of-turn" in state.used else in_play_triggers(state, state.active, "end-of-your-turn")
    state.used.append("end-of-turn")
    if not waiting:
        return _turn_passes(state, passed)
    state.push(frame("end.turn", state.active, passed=passed))
    push_pending(state, waiting)
    return step(
        state,
        Phase.MAIN,
        state.active,
        f"{name(state.active)}'s turn is ending: {len(waiting)} [End of Your Turn] effect(s) activate.",
        (C.CARD_TIMINGS, C.PASS if passed else C.END_OF_THE_TURN),
    )


def end_of_turn(state: CState, top: Frame, rng: random.Random) -> Step:
    """After the [End of Your Turn] effects: the turn goes on if they brought the counter back, else it passes."""
    state.pop()
    if not top["passed"] and not turn_is_over(state):
        return step(
            state,
            Phase.MAIN,
            state.active,
            f"The memory counter is back on {name(state.active)}'s side: the turn goes on.",
            (C.EFFECTS_BRING_BACK,),
        )
    return _turn_passes(state, top["passed"])


def _turn_passes(state: CState, passed: bool) -> Step:
    if passed:
        return end_turn(state, (C.PASS, C.PASS_TO_THREE), passed=True)
    return end_turn(state, (C.ENDING_A_TURN, C.TURN_ENDS, C.AFTER_EFFECTS, C.COUNTER_STAYS))


def rules_processing(state: CState, due: list[int]) -> Step:
    """DP 0 deletes a Digimon (dcg:what-happens-if-a-digimons-dp-falls-to-zero); no DP in the battle area trashes it."""
    events, told, cited, words, waiting = [], [], [], [], []
    for uid in due:
        owner = state.instances.owner(uid)
        shown = state.cards[uid]
        if shown.dp is None:
            where = state.stack_in_play(uid)
            stack = state.stack_at(*where)
            take(state, uid)
            trash_all(state, (*stack.sources, uid))
            told.append(f"{shown.name} has no DP and is placed in the trash (not deleted)")
            cited += [C.NO_DP_TRASHED, C.NOT_DELETED, C.NO_DP_RULE_CHANGE, C.LEVEL_2_ENTERS]
            words.append(C.REVISIONS)
            events.append(state.card_event("trashed", owner, stack.cards))
            continue
        stack, event = delete(state, uid)
        told.append(f"{shown.name}'s DP is 0: it is deleted")
        cited += [C.DP_ZERO, C.DELETED_STACK]
        events.append(event)
        waiting += stack_triggers(state, "on-deletion", owner, uid, stack.sources)
    push_pending(state, waiting)
    return step(state, Phase.MAIN, None, "; ".join(told) + ".", cited, events, glossary=words)


def answer_main(state: CState, top: Frame, chosen: Action) -> Step:
    kind, player = chosen.kind, chosen.player
    if kind == "pass":
        state.set_memory(player, -PASS_MEMORY)
        return turn_ending(state, passed=True)
    if kind == "play":
        uid = state.uid(chosen.cards[0])
        card = state.cards[uid]
        if card.digixros is not None and xros_materials(state, player, card):
            return declare(state, player, uid)
        return play_from_hand(state, player, uid)
    if kind == "burst":
        found = own_stack(state, player, chosen.cards[0])
        assert found is not None
        return digivolve(state, player, found[0], found[1], state.uid(chosen.cards[1]), burst=True)
    if kind == "digivolve":
        found = own_stack(state, player, chosen.cards[0])
        assert found is not None
        return digivolve(state, player, found[0], found[1], state.uid(chosen.cards[1]))
    if kind == "use":
        return use_option(state, player, state.uid(chosen.cards[0]))
    if kind == "dna":
        return dna_digivolve(
            state, player, state.uid(chosen.cards[0]), state.uid(chosen.cards[1]), state.uid(chosen.cards[2])
        )
    assert kind == "activate", kind  # "attack" is attack.py's (the procedure table sends it there)
    return activate_main(state, player, state.uid(chosen.cards[0]), int(chosen.param("effect", "0") or 0))


def play_from_hand(state: CState, player: int, uid: int) -> Step:
    """Place the card unsuspended, then pay its play cost; its [On Play] effects trigger."""
    card = state.cards[uid]
    enter_play(state, player, uid)
    paid, cited = paid_memory(state, player, card.cost or 0)
    rules: tuple[Citation, ...]
    words: tuple[Citation, ...]
    if card.category is Category.DIGIMON:
        rules, words = (
            (C.PLAY_DIGIMON, C.PLACE_UNSUSPENDED, C.PAY_PLAY_COST),
            (C.CARD_PLAY_COST, C.SUSPENDED_STATES, C.GAUGE_FOR_COSTS),
        )
    else:
        rules, words = (C.PLAY_TAMER, C.TAMER_UNSUSPENDED, C.TAMER_COST), (C.TAMER_PLAY_COST, C.GAUGE_FOR_COSTS)
        if any(state.cards[s.top].category is Category.TAMER for s in state.sides[player].battle if s.top != uid):
            rules += (C.TAMERS_NO_LIMIT,)  # a Tamer already in play does not stop another
    push_pending(state, triggered(state, "on-play", player, uid))
    return step(
        state,
        Phase.MAIN,
        player,
        f"{name(player)} plays {card.label()} and {paid}.",
        (*rules, *cited),
        [state.card_event("play", player, (uid,))],
        glossary=words,
    )


def digivolve(
    state: CState,
    player: int,
    position: int | None,
    stack: Stack,
    uid: int,
    blast: bool = False,
    burst: bool = False,
    less: int = 0,
) -> Step:
    """Stack the card on the Digimon, pay the digivolve cost (not for <Blast Digivolve>; ``less``: reduced by an
    effect), draw 1; then its [When Digivolving] effects."""
    card = state.cards[uid]
    before = state.cards[stack.top]
    requirement = digivolve_requirement(card, before)
    assert requirement is not None or burst
    returned = ""
    if burst:
        tamer = burst_tamer(state, player, card)
        assert tamer is not None and card.burst is not None
        leave_play(state, tamer, "hand")
        returned = f"returns {state.cards[tamer].name} to the hand, "
        position = next(i for i, s in enumerate(state.sides[player].battle) if s.top == stack.top)
    state.sides[player].hand.remove(uid)
    state.set_stack(
        player, position, stack.but(cards=(*stack.cards, uid), burst=stack.burst or burst, digivolved=state.turn)
    )
    if blast:  # <Blast Digivolve> governs: a digivolution at counter timing, without paying
        paid, rules = "pays no cost", [C.BLAST, C.COUNTER_TIMING, C.PLACE_DIGIVOLVED, C.BLAST_BONUS]
        words = [C.ACE_INTRO, C.ACE_CATEGORY, C.ACE_BLAST]
    elif burst:
        paid, paying = paid_memory(state, player, card.burst.cost)
        paid = returned + paid
        rules, words = [C.BURST, C.BURST_BONUS, C.DIGIVOLVE_STEPS, *paying], [C.BURST_INTRO, C.GAUGE_FOR_COSTS]
        if (card.burst.source, card.burst.tamer) == ("ShineGreymon", "Marcus Damon"):
            words += list(C.BURST_EXAMPLE_TEXT)  # the manual's own example card (a picture's text, not a rule)
    elif requirement is not None:
        paid, paying = paid_memory(state, player, max(0, requirement.cost - less))
        rules, words = [C.DIGIVOLVE_STEPS, *paying], [C.GAUGE_FOR_COSTS]
        if position is None:
            rules.append(C.DIGIVOLVE)  # "in their battle area or breeding area"
    else:
        raise ValueError(f"{card.name} meets no digivolve requirement on {before.name}")
    _, event = draw(state, player, 1)
    words += [C.CARD_REQUIREMENTS, C.SOURCES, C.ONE_DIGIMON]
    if requirement is not None and not (
        blast or burst
    ):  # the requirement it meets (<Blast Digivolve> says so; a burst has its own)
        if requirement.name is not None or requirement.trait is not None:
            rules.append(C.NAME_REQUIREMENT)
            words += [C.CARD_TRAITS] if requirement.trait is not None else []
        else:
            rules.append(C.REQUIREMENTS)
            words += [C.CARD_LEVEL, C.REQUIREMENT_EXAMPLE]
            if len(before.colours) > 1:  # its colours met the requirement
                rules += [C.MULTICOLOUR, C.MULTICOLOUR_DIGIVOLVE] + (
                    [C.MULTICOLOUR_EVERYWHERE] if position is None else []
                )
    if len(before.colours) > 1 or len(card.colours) > 1:
        words.append(C.MULTICOLOUR_INTRO)
    if stack.suspended:
        rules.append(C.STAYS_SUSPENDED)
    waiting = triggered(state, "when-digivolving", player, uid)
    if waiting:
        rules += (
            [C.BLAST_WHEN_DIGIVOLVING]
            if blast
            else [C.BURST_TRIGGERS, C.WHEN_DIGIVOLVING_AFTER_BONUS]
            if burst
            else [C.WHEN_DIGIVOLVING_AFTER_BONUS]
        )
    push_pending(state, waiting)
    where = "in the breeding area" if position is None else ""
    return step(
        state,
        Phase.MAIN,
        player,
        f"{name(player)} digivolves {before.name} into {card.name}{' ' + where if where else ''}, {paid}, and "
        "draws 1 card as the digivolution bonus.",
        rules,
        [state.card_event("digivolve", player, (stack.top, uid)), event],
        glossary=words,
    )


def dna_digivolve(state: CState, player: int, left: int, right: int, uid: int) -> Step:
    """Place the card on both Digimon (left on top of right, each with its digivolution cards), pay, draw 1."""
    card = state.cards[uid]
    assert card.dna is not None
    side = state.sides[player]
    stacks = {top: next(s for s in side.battle if s.top == top) for top in (left, right)}
    side.battle = [s for s in side.battle if s.top not in (left, right)]
    side.hand.remove(uid)
    cards = (*stacks[right].cards, *stacks[left].cards, uid)
    side.battle.append(Stack(cards))
    before = len(state.lasting), len(state.used)
    state.lasting = [change for change in state.lasting if not set(change.cards) & set(cards)]
    state.used = [key for key in state.used if key.partition("/")[0] not in {state.iid(u) for u in cards}]
    paid, paying = paid_memory(state, player, card.dna.cost)
    _, event = draw(state, player, 1)
    waiting = triggered(state, "when-digivolving", player, uid)
    push_pending(state, waiting)
    rules = [
        C.DNA_PLACE,
        C.DNA_REQUIREMENTS,
        C.DNA_ORDER,
        C.DNA_PAY,
        C.DNA_UNSUSPENDED,
        C.DNA_MAY_ATTACK,
        C.DNA_BATTLE_AREA,
        *paying,
    ]
    rules += ([C.DNA_RESET] if len(state.lasting) < before[0] else []) + (
        [C.DNA_ONCE_RESET] if len(state.used) < before[1] else []
    )
    words = [
        C.DNA,
        C.CARD_DNA,
        C.MULTICOLOUR_INTRO,
        C.DNA_ONE,
        C.DNA_INHERITED,
        C.DNA_LIKE_DIGIVOLUTION,
        C.GAUGE_FOR_COSTS,
    ]
    if waiting:
        rules.append(C.DNA_WHEN_DIGIVOLVING)
    if any(state.cards[u].ace is not None for u in cards[:-1]):
        rules.append(C.OVERFLOW_NOT)  # an ACE card placed under another Digimon: no <Overflow>
    names = (state.cards[left].name, state.cards[right].name)
    return step(
        state,
        Phase.MAIN,
        player,
        f"{name(player)} DNA digivolves {names[0]} and {names[1]} into {card.name} ({names[0]} on top of "
        f"{names[1]}), {paid}, and draws 1 card; {card.name} is unsuspended and may attack this turn.",
        rules,
        [state.card_event("dna-digivolve", player, cards), event],
        glossary=words,
    )


def activate_main(state: CState, player: int, top: int, index: int) -> Step:
    """Declare a [Main] effect of a Digimon or Tamer, then resolve its text."""
    effect = state.cards[top].effects[index]
    push_pending(state, [(player, state.iid(top), "own", index, state.iid(top))])
    return step(
        state,
        Phase.MAIN,
        player,
        f'{name(player)} activates {state.label(top)}\'s effect: "{effect.spec.quote}"',
        (C.MAIN_EFFECTS, C.MAIN_ON_CARDS, C.MAIN_NO_INTERRUPT, effect.citation),
        [state.card_event("activate", player, (top,))],
    )


def use_option(state: CState, player: int, uid: int) -> Step:
    """Place the Option in the field, pay its cost, activate its [Main] effect; then it goes to the trash."""
    card = state.cards[uid]
    side = state.sides[player]
    side.hand.remove(uid)
    side.field_cards.append(uid)
    paid, paying = paid_memory(state, player, card.cost or 0)
    state.push(frame("main.option-done", player, card=state.iid(uid)))
    push_pending(state, triggered(state, "main", player, uid))
    rules, words = [C.OPTION_PAY, C.OPTION_RULE, *paying], [C.OPTION_COST, C.OPTION_EFFECT, C.GAUGE_FOR_COSTS]
    if card.security:
        words += [
            C.OPTION_SECURITY,
            C.OPTION_SECURITY_NOT_FROM_HAND,
        ]  # why its [Security] text does nothing from the hand
    stacks = [*side.battle, *([side.breeding] if side.breeding is not None else [])]
    meeting = [
        s for s in stacks if len(state.cards[s.top].colours) > 1 and set(state.cards[s.top].colours) & set(card.colours)
    ]
    if len(card.colours) > 1:
        rules.append(C.MULTICOLOUR_OPTION)
        if card.id == "st10-14":  # the manual's example card, Chaos Degradation
            alone = any(set(card.colours) <= set(state.cards[s.top].colours) for s in meeting)
            rules.append(C.CHAOS_ONE_DIGIMON if alone else C.CHAOS_NEEDS_BOTH)
            words.append(C.CHAOS_DEGRADATION)
    if meeting:  # a multicolour Digimon has each of its colours, in the breeding area too
        rules += [C.MULTICOLOUR] + ([C.MULTICOLOUR_EVERYWHERE] if side.breeding in meeting else [])
    if meeting or len(card.colours) > 1:
        words.append(C.MULTICOLOUR_INTRO)
    return step(
        state,
        Phase.MAIN,
        player,
        f"{name(player)} uses {card.name} and {paid}.",
        rules,
        [state.card_event("use", player, (uid,))],
        glossary=words,
    )


def option_done(state: CState, top: Frame, rng: random.Random) -> Step:
    uid = state.uid(top["card"])
    state.pop()
    side = state.sides[top.seat]
    if uid in side.field_cards:
        side.field_cards.remove(uid)
        side.trash.append(uid)
    return step(
        state,
        Phase.MAIN,
        top.player,
        f"{state.label(uid)} is placed in the trash.",
        (C.OPTION_TRASHED,),
        [state.card_event("trash", top.player, (uid,))],
        glossary=(C.TRASH_FACE_UP,),
    )


# -- End of the turn and of the game -----------------------------------------------------------------------------------


def end_turn(state: CState, cited: tuple, passed: bool = False) -> Step:
    """The turn ends and it becomes the opponent's: the step is the last of the turn that ends, in its Main Phase."""
    ending = state.active
    burst_told, burst_cited = end_of_burst(state, ending)
    cited = (*cited, *burst_cited)
    memory = state.player_memory(1 - ending)
    expire(state, "turn")
    why = "passes" if passed else "has the memory counter on the opponent's side"
    extra = "".join(f" {told}." for told in burst_told)
    told = f"{name(ending)} {why}: the turn ends.{extra} {name(1 - ending)} begins with {memory_words(memory)} memory."
    ended = step(
        state, Phase.MAIN, ending, told, cited, glossary=(C.BURST_AT_END,) if C.BURST_END in burst_cited else ()
    )
    state.turn += 1
    state.active = 1 - ending
    state.used = []
    state.clear_to(*turn_frames(state.active))
    return ended


#: the ways a DCG game ends (dcg:ending-the-game.b1 and .b2), as the match's result names them
NO_SECURITY = "an attack on a player with no security left"
DECK_OUT = "a player who could not draw in their draw phase"


def game_over(state: CState, winner: int, told: str, cited: tuple, glossary: tuple = (), by: str = "") -> Step:
    """``cited``: the way of winning that applies (governing); "If either of the following occurs, you win" joins it.
    ``by``: that way in a few words, kept in the last frame for the match's result."""
    state.over = True
    state.winner = winner
    state.clear_to(frame("game-over.done", by=by))
    return step(
        state, Phase.GAME_OVER, winner, told, (*cited, C.YOU_WIN_IF), [Event("game-over", winner)], glossary=glossary
    )


def digivolve_by_effect(state: CState, owner: int, into: Sequence[int], onto: Sequence[int], less: int) -> list[int]:
    """An effect makes a Digimon digivolve: a normal digivolution with its requirements and its cost
    (dcg:effect-text-for-causing-digimon-to-digivolve.p1), less ``less``; never a burst (dcg:burst-digivolve.p9).
    Nothing happens if the card cannot digivolve onto that Digimon or the cost cannot be paid."""
    if not into or not onto:
        return []
    uid, base = into[0], onto[0]
    where = state.stack_of(base)
    if where is None or where[0] != owner or uid not in state.sides[owner].hand:
        return []
    stack = state.stack_at(*where)
    requirement = digivolve_requirement(state.cards[uid], state.cards[stack.top])
    if requirement is None or stack.top != base or not can_pay(state, owner, max(0, requirement.cost - less)):
        return []
    digivolve(state, owner, where[1], stack, uid, less=less)
    return [uid]

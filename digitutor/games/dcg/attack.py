"""E. Attacking: declare, [When Attacking] effects, blocker timing, then a battle or security checks, one at a time.

An attack is frames above the main phase: ``attack.block`` (the defender may block),
``attack.resolve`` (a battle, or the first security check), ``attack.check`` and
``attack.checked`` for each security card. Effects triggered meanwhile wait above them.
"""

from __future__ import annotations

import random

from ...core.actions import Action, action
from ...core.frames import Frame, frame
from ...core.records import Decision, Option, Reason, Step
from ...rules.model import Citation
from . import citations as C
from .cards import Category
from .checks import digivolve_requirement, why_not_blocker
from .layer import NOW, YES, dp, has, in_force, keyword, security_attack
from .moves import delete, name, step, trash_all
from .play import NO_SECURITY, game_over, rules_due, rules_processing
from .state import CState, Phase
from .triggers import push_pending, stack_triggers, triggered


def _attacker(state: CState, top: Frame) -> int | None:
    """The attacking Digimon's top card now (it may have digivolved), or None if it left the battle area."""
    uid = state.uid(top["attacker"])
    where = state.stack_of(uid)
    if where is None or where[1] is None or where[0] != state.active:
        return None
    return state.stack_at(*where).top


def declare_attack(state: CState, player: int, chosen: Action) -> Step:
    """Suspend the attacker and declare the attack; its [When Attacking] effects activate now."""
    attacker = state.uid(chosen.cards[0])
    target = chosen.cards[1] if len(chosen.cards) > 1 else ""
    owner, position = state.stack_in_play(attacker)
    stack = state.stack_at(owner, position)
    state.set_stack(owner, position, stack.but(suspended=True))
    ready = tuple(
        state.iid(s.top)
        for s in state.sides[1 - player].battle
        if any(e.spec.timing == "counter" for e in state.cards[s.top].effects)
    )
    state.push(
        frame("attack.counter", 1 - player, attacker=chosen.cards[0], target=target, ready=ready),
        frame("attack.block", 1 - player, attacker=chosen.cards[0], target=target),
        frame("attack.resolve", player, attacker=chosen.cards[0], target=target),
    )
    waiting = stack_triggers(state, "when-attacking", player, attacker, stack.sources)
    for other in state.sides[player].battle:  # "effects that activate when one of your Digimon attacks"
        if other.top != attacker:
            waiting += triggered(state, "your-digimon-attacks", player, other.top)
    push_pending(state, waiting)
    aim = name(1 - player) if not target else state.label(state.uid(target))
    cited = [C.SUSPEND_AND_DECLARE, C.ATTACK, C.TARGET] + ([C.WHEN_ATTACKING] if waiting else [])
    if stack.digivolved == state.turn and stack.played != state.turn:
        cited.append(C.DIGIVOLVED_MAY_ATTACK)  # digivolving this turn does not stop it
    rush = keyword(state, attacker, "rush") if stack.played == state.turn else None
    if rush is not None and rush.value == YES:
        cited += [
            C.NO_ATTACK_WHEN_PLAYED,
            C.CARD_TIMINGS,
            *rush.because,
        ]  # <Rush>: it may attack the turn it was played
    return step(
        state,
        Phase.MAIN,
        player,
        f"{name(player)} suspends {state.label(attacker)} and attacks {aim}.",
        cited,
        [state.card_event("attack", player, (attacker,), {"target": target or "player"})],
        glossary=(C.SUSPENDED_STATES,),
    )


# -- counter timing ----------------------------------------------------------------------------------------------------


def counter_options(state: CState, defender: int) -> list[Option]:
    """<Blast Digivolve> into an ACE card in hand, and [Counter] effects of the defender's cards in play."""
    side, cards, ids = state.sides[defender], state.cards, state.instances.ids
    options = []
    for uid in side.hand:
        card = cards[uid]
        if card.ace is None or not card.ace.blast:
            continue
        for stack in side.battle:
            shown = cards[stack.top]
            if (
                shown.category is Category.DIGIMON
                and not shown.token
                and digivolve_requirement(card, shown) is not None
            ):
                options.append(
                    Option(
                        action("blast", defender, ids[stack.top], ids[uid]),
                        f"<Blast Digivolve> {shown.name} into {card.name}",
                    )
                )
    for stack in side.battle:
        for index, effect in enumerate(cards[stack.top].effects):
            if effect.spec.timing == "counter":
                options.append(
                    Option(
                        action("counter", defender, ids[stack.top], effect=str(index)),
                        f"[Counter] {cards[stack.top].name}: {effect.spec.quote}",
                    )
                )
    return options


def ask_counter(state: CState, top: Frame) -> Decision | None:
    defender = top.player
    assert defender is not None
    if _attacker(state, top) is None:
        return None
    options = counter_options(state, defender)
    if not options:
        return None
    options.append(Option(action("no-counter", defender), "Do nothing at counter timing"))
    blast = (C.BLAST,) if any(o.action.kind == "blast" for o in options) else ()
    return Decision(
        defender,
        "counter",
        f"{name(defender)}: counter timing — use a [Counter] effect?",
        tuple(options),
        (C.COUNTER_TIMING, C.COUNTER_ONCE, *blast, C.ONE_COUNTER),
        Phase.MAIN.value,
    )


def no_counter(state: CState, top: Frame, rng: random.Random) -> Step | None:
    """Nothing to use at counter timing; a [Counter] card that left play since the attack began is said so."""
    state.pop()
    gone = [i for i in top.get("ready", ()) if not any(s.top == state.uid(i) for s in state.sides[top.seat].battle)]
    if not gone or _attacker(state, top) is None:
        return None
    names = ", ".join(state.label(state.uid(i)) for i in gone)
    return step(
        state,
        Phase.MAIN,
        top.player,
        f"Counter timing: {names} left play before it, so its [Counter] effect does not activate.",
        (C.COUNTER_TIMING, C.LEFT_PLAY, C.LEFT_PLAY_CANCELLED),
    )


def answer_counter(state: CState, top: Frame, chosen: Action) -> Step:
    from .play import digivolve

    defender = chosen.player
    state.pop()
    if chosen.kind == "no-counter":
        return step(
            state, Phase.MAIN, defender, f"{name(defender)} does nothing at counter timing.", (C.COUNTER_TIMING,)
        )
    top_uid = state.uid(chosen.cards[0])
    owner, position = state.stack_in_play(top_uid)
    if chosen.kind == "blast":
        return digivolve(
            state, defender, position, state.stack_at(owner, position), state.uid(chosen.cards[1]), blast=True
        )
    index = int(chosen.param("effect", "0") or 0)
    effect = state.cards[top_uid].effects[index]
    push_pending(state, [(defender, chosen.cards[0], "own", index, chosen.cards[0])])
    return step(
        state,
        Phase.MAIN,
        defender,
        f"{name(defender)} activates {state.label(top_uid)}'s [Counter] effect.",
        (C.COUNTER_ONCE, effect.citation),
    )


def check_counter(state: CState, frame: Frame | None, proposed: Action) -> tuple:
    if frame is None or proposed.kind == "no-counter":
        return ()
    if not any(o.action == proposed for o in counter_options(state, proposed.player)):
        return (Reason("That is not a <Blast Digivolve> or [Counter] effect you can use now.", C.COUNTER_TIMING),)
    return ()


# -- blocker timing ----------------------------------------------------------------------------------------------------


def ask_block(state: CState, top: Frame) -> Decision | None:
    defender = top.player
    assert defender is not None
    if _attacker(state, top) is None:
        return None
    ids = state.instances.ids
    options = []
    for stack in state.sides[defender].battle:
        if state.cards[stack.top].category is Category.TAMER or not has(state, stack.top, "blocker"):
            continue
        options.append(
            Option(
                action("block", defender, ids[stack.top]),
                f"Block with {state.label(stack.top)}",
                tuple(why_not_blocker(state, stack)),
            )
        )
    if not any(o.legal for o in options):
        return None
    options.append(Option(action("no-block", defender), "Do not block"))
    return Decision(
        defender,
        "block",
        f"{name(defender)}: blocker timing — block the attack?",
        tuple(options),
        (C.BLOCKER_TIMING, C.BLOCK, C.BLOCK_ONCE, C.BLOCKER_TAKES, C.BLOCKER_PROTECT),
        Phase.MAIN.value,
    )


def answer_block(state: CState, top: Frame, chosen: Action) -> Step:
    defender = chosen.player
    state.pop()
    if chosen.kind == "no-block":
        return step(state, Phase.MAIN, defender, f"{name(defender)} does not block.", (C.BLOCKER_TIMING,))
    blocker = state.uid(chosen.cards[0])
    given = keyword(state, blocker, "blocker").because
    extra = (C.BLOCKER_GIVEN_AT_TIMING,) if any(c.id != f"dcg:card.{state.cards[blocker].id}" for c in given) else ()
    owner, position = state.stack_in_play(blocker)
    state.set_stack(owner, position, state.stack_at(owner, position).but(suspended=True))
    resolve = state.frames[-1]
    state.frames[-1] = resolve.but(target=chosen.cards[0], blocked=True)
    return step(
        state,
        Phase.MAIN,
        defender,
        f"{name(defender)} suspends {state.label(blocker)} to block: it becomes the attack target.",
        (C.BLOCK, C.BLOCKER_TIMING, C.BLOCK_SWITCHES, C.BLOCKER_AT_TIMING, *extra),
        [state.card_event("block", defender, (blocker,))],
        glossary=(
            C.BLOCKER,
            C.BLOCKER_NEW_TEXT,
            C.BLOCKER_NOT_TRIGGERED,
            C.BLOCKER_ABILITY,
            C.BLOCKER_SWITCHES,
            C.SUSPENDED_STATES,
        ),
    )


# -- the battle, or the security checks --------------------------------------------------------------------------------


def resolve_attack(state: CState, top: Frame, rng: random.Random) -> Step:
    due = rules_due(state)
    if due:
        return rules_processing(state, due)
    attacker = _attacker(state, top)
    player = top.player
    assert player is not None
    if attacker is None:
        state.pop()
        return step(
            state, Phase.MAIN, player, "The attacking Digimon left the battle area: the attack ends.", (C.CHECKS_STOP,)
        )
    if top["target"]:
        return _battle(state, top, attacker)
    defender = 1 - player
    if not state.sides[defender].security:
        return game_over(
            state,
            player,
            f"{name(defender)} has no security cards left: {state.label(attacker)}'s attack wins the game for "
            f"{name(player)}.",
            (C.NO_SECURITY_WINS, C.WIN_NO_SECURITY, C.SECURITY_LOSE),
            glossary=(C.GOAL,),
            by=NO_SECURITY,
        )
    extra = security_attack(state, attacker)
    checks = 1 + max(0, extra.value)
    state.goto(frame("attack.check", player, attacker=state.iid(attacker), left=checks))
    cited = [C.CHECK] + ([C.SECURITY_A, C.ONE_CHECK_AT_A_TIME, *extra.because] if checks > 1 else [])
    return step(
        state,
        Phase.MAIN,
        player,
        f"{state.label(attacker)}'s attack reaches {name(defender)}: {checks} security check(s).",
        cited,
    )


def _battle(state: CState, top: Frame, attacker: int) -> Step:
    player = top.player
    assert player is not None
    target = state.uid(top["target"])
    where = state.stack_of(target)
    state.pop()
    if where is None or where[1] is None or where[0] != 1 - player:
        return step(
            state, Phase.MAIN, player, f"{state.label(target)} is no longer in play: the attack ends.", (C.TARGET_LEFT,)
        )
    target = state.stack_at(*where).top  # the same Digimon, even if it digivolved meanwhile (dcg:digivolving.p8)
    mine, theirs = dp(state, attacker), dp(state, target)
    cited = [C.BATTLE, C.HIGHER_DP, *mine.because, *theirs.because]
    if _timed(state, (*mine.because, *theirs.because)):
        cited.append(C.CARD_TIMINGS)  # [Your Turn] / [Opponent's Turn] boosts act as their cards say
    told = f"{state.label(attacker)} ({mine.value} DP) battles {state.label(target)} ({theirs.value} DP): "
    losers = [attacker, target] if mine.value == theirs.value else [target] if mine.value > theirs.value else [attacker]
    cited += [C.EQUAL_DP] if len(losers) == 2 else [C.LOSER_DELETED]
    events, waiting = [], []
    for uid in losers:
        owner = state.instances.owner(uid)
        stack, event = delete(state, uid)
        events.append(event)
        if len(stack.cards) > 1:
            cited.append(C.DELETED_STACK)
        waiting += stack_triggers(state, "on-deletion", owner, uid, stack.sources)
    push_pending(state, waiting)  # deleted at once: their [On Deletion] effects trigger together
    if any(u in state.instances.removed for u in losers):
        cited.append(C.TOKENS_REMOVED)
    told += "a draw, both are deleted." if len(losers) == 2 else f"{state.label(losers[0])} is deleted."
    piercing = keyword(state, attacker, "piercing")
    if losers == [target] and piercing.value == YES:
        checks = 1 + max(0, security_attack(state, attacker).value)
        state.push(frame("attack.check", player, attacker=state.iid(attacker), left=checks))
        told += f" {state.label(attacker)} survives and has <Piercing>: it checks security."
        cited += [C.CARD_TIMINGS, *piercing.because]
    return step(state, Phase.MAIN, player, told, cited, events, glossary=(C.CARD_DP,))


def _timed(state: CState, because: tuple) -> bool:
    """Did an effect with a timing the manual only names on cards ([Your Turn], [Opponent's Turn], [All Turns]) change
    this value? (A change that lasts "for the turn" is the card's own one-shot effect: no such timing.)"""
    if not because:
        return False
    timed = {force.effect.citation for force in in_force(state, NOW) if force.effect.spec.timing in TIMED}
    return any(citation in timed for citation in because)


TIMED = frozenset({"your-turn", "opponents-turn", "all-turns"})


def check_security(state: CState, top: Frame, rng: random.Random) -> Step:
    """Flip the top security card face up; its security effects activate before anything else."""
    player = top.player
    assert player is not None
    defender = 1 - player
    attacker = _attacker(state, top)
    if attacker is None:
        state.pop()
        return step(
            state, Phase.MAIN, player, "The attacking Digimon left the battle area: the attack ends.", (C.CHECKS_STOP,)
        )
    side = state.sides[defender]
    if not side.security:
        state.pop()
        return step(
            state,
            Phase.MAIN,
            player,
            f"{name(defender)} has no security cards left: the attack ends there, and the game goes on.",
            (C.NO_MORE_SECURITY, C.GAME_GOES_ON, C.ANOTHER_ATTACK),
        )
    card = side.security.pop()
    side.field_cards.append(card)
    state.goto(frame("attack.checked", player, attacker=top["attacker"], card=state.iid(card), left=top["left"]))
    waiting = triggered(state, "security", defender, card, parts=("security",))
    push_pending(state, waiting)
    cited = [C.CHECK] + ([C.SECURITY_EFFECT, C.SECURITY_FREE] if waiting else []) + [C.BY_CARD_TYPE]
    kind = state.cards[card].category
    words = (
        ([C.TAMER_SECURITY] if kind is Category.TAMER else [C.OPTION_SECURITY] if kind is Category.OPTION else [])
        if waiting
        else []
    )
    return step(
        state,
        Phase.MAIN,
        player,
        f"{name(player)} checks {name(defender)}'s top security card: {state.label(card)}.",
        cited,
        [state.card_event("check", defender, (card,))],
        glossary=words,
    )


def _attacker_gone(state: CState, attacker: int) -> str:
    """ "If the attacking Digimon ... is returned to the player's hand, the
    attack ends" (and so if it left play otherwise)."""
    owner = state.instances.owner(attacker)
    how = f"is returned to {name(owner)}'s hand" if attacker in state.sides[owner].hand else "has left the battle area"
    return f"the attacking Digimon, {state.label(attacker)}, {how}: the attack ends"


def after_check(state: CState, top: Frame, rng: random.Random) -> Step:
    """The checked card: a Digimon battles the attacker; then it (and an Option or Tamer) goes to the trash."""
    player = top.player
    assert player is not None
    defender = 1 - player
    card = state.uid(top["card"])
    attacker = _attacker(state, top)
    side = state.sides[defender]
    cited, told, events = [], [], []
    gone = attacker is None  # the checked card's security effect took the attacking Digimon out of the battle area
    if card in side.field_cards:
        shown = state.cards[card]
        if shown.category is Category.DIGIMON and attacker is not None:
            mine = dp(state, attacker)
            theirs = shown.dp or 0
            cited += [C.SECURITY_DIGIMON, *mine.because]
            if shown.effects or shown.inherited_effects:
                cited.append(C.SECURITY_DIGIMON_NO_EFFECTS)  # its effects (but a security effect) do not activate
            told.append(
                f"{shown.name} becomes a Security Digimon ({theirs} DP) and battles {state.label(attacker)} "
                f"({mine.value} DP)"
            )
            jamming = keyword(state, attacker, "jamming")
            if mine.value <= theirs and jamming.value == YES:
                told.append(f"{state.label(attacker)} has <Jamming>: it is not deleted")
                cited += [C.CARD_TIMINGS, *jamming.because]
            elif mine.value <= theirs:
                stack, event = delete(state, attacker)
                events.append(event)
                cited += [C.ATTACKER_LOSES] + ([C.EQUAL_DP] if mine.value == theirs else [])
                told.append(f"{state.label(attacker)} is deleted and the attack ends")
                if top["left"] > 1:
                    cited.append(C.CHECKS_STOP)
                push_pending(state, stack_triggers(state, "on-deletion", player, attacker, stack.sources))
                attacker = None
            cited.append(C.SECURITY_DIGIMON_TRASHED)
            if shown.ace is not None:  # an ACE card moved from the security stack, never from the battle area
                cited.append(C.OVERFLOW_NOT_OUTSIDE)
        else:
            cited.append(C.OPTION_TAMER_CHECKED)
        side.field_cards.remove(card)
        trash_all(state, (card,))
        told.append(f"{shown.name} is placed in the trash")
        if C.OVERFLOW_NOT_OUTSIDE in cited:
            told.append(
                f"{shown.name} is an ACE card, but its <Overflow> does not apply: it moved from the security "
                "stack, not the battle area"
            )
        events.append(state.card_event("trash", defender, (card,)))
    else:
        cited.append(C.OPTION_TAMER_CHECKED)  # its security effect played it or added it to the hand
        told.append(f"{state.cards[card].name} is not placed in the trash: its security effect moved it")
    if gone:
        told.append(_attacker_gone(state, state.uid(top["attacker"])))
        cited.append(C.CHECKS_STOP)
    left = top["left"] - 1
    if attacker is not None and left > 0:
        state.goto(frame("attack.check", player, attacker=top["attacker"], left=left))
        cited.append(C.ONE_CHECK_AT_A_TIME)
    else:
        state.pop()
    words: tuple[Citation, ...] = (C.SECURITY_DIGIMON_NOT_REGULAR, C.CARD_DP) if C.SECURITY_DIGIMON in cited else ()
    words += (C.ACE_OVERFLOW,) if C.OVERFLOW_NOT_OUTSIDE in cited else ()
    return step(
        state,
        Phase.MAIN,
        player,
        ("; ".join(told) or "The checked card has left the security check") + ".",
        cited,
        events,
        glossary=words,
    )

"""The Battle Phase and the End Phase: reveal, attack abilities, the attack order, damage, KO and KO points.

The attack-order and damage rules are functions of plain numbers that take the game's citation
table (``cites``), so a game with the same rule (DBE) can call them with its own quotes.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from ...core.frames import Frame, frame
from ...core.records import Event, Step
from ...core.secret import choices
from . import citations as DMB
from .cards import SYMBOLS
from .choices import push_attach_from, push_look, push_shatter
from .common import chosen_attack, draw, name, owner_of, step, trash_top
from .effects import has_passive, passive_power
from .state import Battle, DState, Phase
from .turn import turn_frames

WIN_POINTS = 4
KILLER_BOOST = 300  #: DBE's Killer: "Boost own Power +300"
CRASH_HP = 10


# -- the rules as functions of plain values (shared with DBE through ``cites``) -------------------------------


def attack_order(
    turn: int,
    firsts: tuple[int, int],
    gained: tuple[int, ...],
    counter: tuple[bool, bool],
    stripped: tuple[bool, bool],
    cites: ModuleType = DMB,
) -> tuple[tuple[int, int], list[Any]]:
    """(first attacker, second attacker) and the rules that decided it (Battle Phase 2.1 and 3.2)."""
    cited: list[Any] = []
    if counter[0] != counter[1]:
        second = 0 if counter[0] else 1
        return (1 - second, second), [cites.COUNTER_SECOND, cites.A_COUNTER]
    if stripped[0] != stripped[1]:
        second = 0 if stripped[0] else 1
        return (1 - second, second), [cites.CANNOT_GAIN]
    counts = [max(0, firsts[p] + (1 if p == turn else 0)) for p in (0, 1)]  # a 2nd Attack (DBE) cancels a stack
    for p in (0, 1):
        if stripped[p] or counter[p]:
            counts[p] = 0
    if any(stripped):
        cited.append(cites.CANNOT_GAIN)
    if counts[0] != counts[1]:
        first = 0 if counts[0] > counts[1] else 1
        if not sum(firsts):
            return (first, 1 - first), [*cited, cites.TURN_FIRST]  # only the turn player's default 1st Attack
        cited.append(cites.FIRST_CONFLICT)
        if min(counts) > 0:  # e.g. two against one: 3.2.1 counts the turn player's default point
            cited.append(cites.FIRST_TIE)
        return (first, 1 - first), cited
    if counts[0] == 0:
        return (turn, 1 - turn), [*cited, cites.TURN_FIRST]
    recent = [p for p in gained if counts[p] > 0]
    first = recent[-1] if recent else turn
    if sum(firsts):
        cited += [cites.FIRST_CONFLICT, cites.FIRST_TIE]
    return (first, 1 - first), cited


def drained(damage: int, hp_before: int) -> int:
    """Drain recovers the damage dealt, but not past the opponent reaching zero."""
    return min(damage, hp_before)


# -- what each side's chosen attack is now -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Abilities:
    """The attack abilities a side's chosen attack has now: printed (unless Jammed) and gained."""

    names: tuple[tuple[str, str], ...]

    def has(self, ability: str) -> bool:
        return any(n == ability for n, _ in self.names)

    def arg(self, ability: str) -> str | None:
        return next((a for n, a in self.names if n == ability), None)

    def count(self, ability: str) -> int:
        return sum(1 for n, _ in self.names if n == ability)


def abilities(state: DState, player: int) -> Abilities:
    side = state.sides[player]
    chosen = chosen_attack(state, player)
    if chosen is None or not side.active:
        return Abilities(())
    attack = state.cards[side.active[-1]].attack(chosen)
    names: list[tuple[str, str]] = []
    if attack.ability and not (chosen == "cross" and "jammed" in side.battle.abilities):
        names.append((attack.ability, attack.arg or str(attack.amount or "")))
    for gained in gained_by(side, chosen):
        ability, _, arg = gained.partition("@")[0].partition(":")
        names.append((ability, arg))
    return Abilities(tuple(names))


def gained_by(side, attack: str) -> list[str]:
    """The abilities gained through effects that ``attack`` has: those gained by any attack, and those added to it
    alone (DBE: ``jamming@triangle``)."""
    return [a for a in side.battle.abilities if a != "jammed" and a.partition("@")[2] in ("", attack)]


def power(state: DState, player: int) -> int:
    """The chosen attack's current Power: printed, Boost, x3 VS, "[Attack] to 0" and Counter's 0."""
    side, other = state.sides[player], state.sides[1 - player]
    mine, theirs = abilities(state, player), abilities(state, 1 - player)
    if mine.has("counter"):
        return 0
    value = (
        state.cards[side.active[-1]].attack(state.attacks[player]).power // side.divisor
        + side.battle.boost
        - side.shattered
    )
    if mine.arg("killer") == state.attacks[1 - player]:  # DBE's Killer: Boost +300 against the named attack
        value += KILLER_BOOST
    if mine.arg("grudge") == state.attacks[1 - player]:  # DBE's Grudge: double own Power against the named attack
        value *= 2
    value += sum(passive_power(state.cards[uid].effects) for uid in (*side.attached, side.active[-1]))
    value += sum(passive_power(state.cards[uid].effects, "active-stack") for uid in side.active)  # DBE: "Active Stack:"
    x3 = mine.arg("x3")
    if x3 and other.active and state.cards[other.active[-1]].counts_as(x3):
        value *= 3
    if ("to-0", state.attacks[player]) in theirs.names:
        value = 0
    return max(value, 0)


def attack_power(state: DState, player: int, attack: str) -> int:
    """One attack's current Power: once revealed, the chosen attack's as the battle deals it (``power``); before,
    and for the attacks not chosen, printed (divided while Abnormal), Boost, Shatter and passive Power."""
    side = state.sides[player]
    if state.attacks and state.attacks[player] == attack:
        return power(state, player)
    value = state.cards[side.active[-1]].attack(attack).power // side.divisor + side.battle.boost - side.shattered
    value += sum(passive_power(state.cards[uid].effects) for uid in (*side.attached, side.active[-1]))
    value += sum(passive_power(state.cards[uid].effects, "active-stack") for uid in side.active)
    return max(value, 0)


def countered(state: DState, player: int) -> bool:
    """Does this player's Counter name the attack the opponent is using?"""
    arg = abilities(state, player).arg("counter")
    return arg is not None and arg == state.attacks[1 - player] and not uncounterable(state, 1 - player)


def uncounterable(state: DState, player: int) -> bool:
    """An evolution-box passive on the active Digimon: its attacks cannot be countered."""
    side = state.sides[player]
    return bool(side.active) and has_passive(state.cards[side.active[-1]].effects, "uncounterable")


# -- Battle Phase steps ---------------------------------------------------------------------------------------


def battle_reveal(state: DState, top: Frame, rng: random.Random) -> Step:
    chosen = choices(top)
    state.attacks = (chosen[0], chosen[1])
    state.gained = (state.active, *state.gained)
    state.pop()
    told = "; ".join(f"{name(p)}'s {state.label(state.sides[p].active[-1])} uses {SYMBOLS[chosen[p]]}" for p in (0, 1))
    return step(
        state,
        Phase.BATTLE,
        None,
        f"Both attacks are revealed: {told}. {name(state.active)} has 1st Attack by default.",
        (state.cites.REVEAL, state.cites.TURN_FIRST),
        [Event("reveal-attack", p, data={"attack": chosen[p]}) for p in (0, 1)],
    )


def battle_abilities(state: DState, top: Frame, rng: random.Random) -> Step:
    found = [abilities(state, p) for p in (0, 1)]
    cited: list[Any] = [state.cites.ABILITIES_AT_ONCE]
    if all(
        _printed(state, found, p) in ACT_NOW for p in (0, 1)
    ):  # both attacks' own abilities at once: a timing conflict
        cited += [state.cites.PRIORITY, state.cites.KEEPS_PRIORITY]
    gained = state.gained
    for p in (state.active, 1 - state.active):  # the turn player resolves first (3.1); printed ones are gained now
        gained += (p,) * (found[p].count("1st-attack") - state.sides[p].battle.abilities.count("1st-attack"))
        gained += (p,) * (_killer(state, found, p))
    counter = (found[0].has("counter"), found[1].has("counter"))
    stripped = (found[0].has("cannot-gain-1st"), found[1].has("cannot-gain-1st"))
    firsts = (_first_stacks(state, found, 0), _first_stacks(state, found, 1))
    order, because = attack_order(state.active, firsts, gained, counter, stripped, state.cites)
    if not any(counter) and not any(stripped):
        order, because = _second_attack_tie(state, found, firsts, order, because)
    state.order = order
    cited += because
    for p in (0, 1):  # the abilities that act at this step; the others act when the attack hits
        cited += [
            getattr(state.cites, _ABILITY_CITES[ability])
            for ability, _ in found[p].names
            if ability in ACT_NOW and ability in _ABILITY_CITES
        ]
    powers = {p: power(state, p) for p in (0, 1)}
    glossary: list[Any] = []
    cited += _grudge(state, found, powers, glossary)
    for p in (0, 1):
        for uid in state.sides[p].attached:  # an attachment's (Parenthesis) passives apply while it is attached
            passives = [
                e.citation for e in state.cards[uid].effects if e.spec.timing == "passive" and "power" in e.modifies
            ]
            cited += [state.cites.PARENTHESIS, *passives, *state.cites.MORE.get("attached", ())] if passives else []
            glossary += [state.cites.ATTACH] if passives else []
        side = state.sides[p]
        for uid in side.active:  # the active Digimon's passives, and "Active Stack:" ones anywhere in the stack (DBE)
            own = [
                e
                for e in state.cards[uid].effects
                if any(m.value == "power" for m in e.spec.modify)
                and (e.spec.timing == "active-stack" or (e.spec.timing == "passive" and uid == side.active[-1]))
            ]
            cited += [
                c for e in own for c in (state.effect_rules.timings[e.spec.timing].citation, e.citation, *e.rulings)
            ]
        x3, target = found[p].arg("x3"), state.cards[state.sides[1 - p].active[-1]]
        if x3 and target.type != x3 and target.counts_as(x3):
            cited.append(state.cites.ALSO_TYPE)
    if any(("to-0", state.attacks[1 - p]) in found[p].names for p in (0, 1)):
        cited.append(state.cites.ATTACK_CHANGES)
    if all(counter):  # neither attack is made: on to the KO check
        state.pop()
        state.frames[:] = [kept for kept in state.frames if kept.kind not in ("battle.first", "battle.second")]
        return step(
            state,
            Phase.BATTLE,
            None,
            "Both players have Counter: both attacks fail and no damage is dealt.",
            [state.cites.COUNTER_SECOND, *cited, state.cites.COUNTER_SPECIFICS],
            glossary=glossary,
        )
    state.pop()
    told = "; ".join(f"{name(p)} {powers[p]} Power" for p in (0, 1))
    return step(
        state,
        Phase.BATTLE,
        order[0],
        f"Attack abilities apply: {told}. {name(order[0])} attacks first.",
        cited,
        glossary=glossary,
    )


def hit(state: DState, attacker: int, first: bool, rng: random.Random) -> Step | None:
    """One attack: damage to the target, then Crash's HP to 10 before Drain; a Counter turns the attack around."""
    target = 1 - attacker
    state.pop()
    if first and countered(state, target):
        return step(
            state,
            Phase.BATTLE,
            attacker,
            f"{name(target)} Counters {SYMBOLS[state.attacks[attacker]]}: {name(attacker)}'s attack is voided for now.",
            (state.cites.FIRST_HITS, state.cites.A_COUNTER, state.cites.COUNTER_SPECIFICS),
        )
    mine = abilities(state, attacker)
    cited: list[Any] = [state.cites.FIRST_HITS if first else state.cites.SECOND_HITS]
    if abilities(state, target).arg("counter") == state.attacks[attacker] and uncounterable(state, attacker):
        cited.append(state.cites.EVO_BOX_PASSIVES)  # the Counter names this attack, but it cannot be countered
    events: list[Event] = []
    glossary: list[Any] = (
        [state.cites.EVO_PASSIVES] if state.cites.EVO_BOX_PASSIVES in cited else []
    )  # such bonuses are passives
    receiver, victim = attacker, target
    if mine.has("counter"):
        cited[0] = state.cites.COUNTER_DAMAGE  # step 5.1: a Counter-user deals the opponent's Power, or misfires
        if not countered(state, attacker):
            if uncounterable(state, target):
                return step(
                    state,
                    Phase.BATTLE,
                    attacker,
                    f"{name(attacker)}'s Counter misfires: {name(target)}'s attacks cannot be countered.",
                    [*cited, state.cites.EVO_BOX_PASSIVES],
                    glossary=(state.cites.MISFIRE, state.cites.EVO_PASSIVES),
                )
            return step(
                state,
                Phase.BATTLE,
                attacker,
                f"{name(attacker)}'s Counter misfires: {name(target)} did not use that attack.",
                [*cited, state.cites.COUNTER_SPECIFICS],
                glossary=(state.cites.MISFIRE,),
            )
        damage = power(state, target)
        receiver, victim = attacker, target  # the opponent hits itself; the Counter-user receives Drain, Draw ...
        mine = abilities(state, target)
        cited += [state.cites.A_COUNTER, state.cites.COUNTER_SPECIFICS]
        how = f"{name(attacker)} Counters: {name(target)} hits itself for {damage}"
    elif mine.has("crash"):
        damage = state.sides[attacker].hp
        cited += [state.cites.A_CRASH] + ([state.cites.COUNTER_DAMAGE] if not first else [])
        how = f"{name(attacker)} Crashes for its current HP, {damage}"
    else:
        damage = power(state, attacker)
        how = f"{name(attacker)} hits {name(target)} for {damage}"
    before = state.sides[victim].hp
    state.sides[victim].hp = max(0, before - damage)
    events.append(Event("damage", victim, data={"damage": damage, "hp": state.sides[victim].hp}))
    left = state.sides[victim].hp  # what the damage left, before any KO by flats
    flat_words = _three_flats(state, victim, damage, first, cited, events)
    if mine.has("flatten") or mine.has("static"):
        flat_words += _flatten_static(state, receiver, victim, mine, damage, bool(flat_words), cited, events, glossary)
    knocked_out = state.sides[victim].hp == 0 and first
    if knocked_out:
        state.goto(frame("battle.ko"))  # the second attack is skipped
        cited.append(state.cites.KO_SKIPS)
    narration = f"{how}: {name(victim)} has {left} HP.{flat_words}"
    narration += _residual(
        state, attacker, receiver, mine, drained(damage, before), first, cited, events, rng, glossary
    )
    if knocked_out:
        narration += f" {name(victim)}'s Digimon is at 0 HP: {name(victim)} gets no attack."
    return step(state, Phase.BATTLE, attacker, narration, cited, events, glossary)


def _residual(
    state: DState,
    attacker: int,
    receiver: int,
    found: Abilities,
    dealt: int,
    first: bool,
    cited: list,
    events: list,
    rng: random.Random,
    glossary: list,
) -> str:
    told = ""
    side = state.sides[receiver]
    if found.has("crash") and not abilities(state, attacker).has("counter"):
        side.hp = CRASH_HP
        told += f" Crash: {name(receiver)}'s HP goes to {CRASH_HP}."
        cited.append(state.cites.RESIDUAL if first else state.cites.RESIDUAL_SECOND)
    if found.has("drain") and dealt:
        side.hp += dealt
        told += f" Drain: {name(receiver)} recovers {dealt} HP ({side.hp})."
        cited += [state.cites.A_DRAIN, state.cites.RESIDUAL if first else state.cites.RESIDUAL_SECOND]
        if found.has("crash"):
            cited.append(state.cites.CRASH_BEFORE_DRAIN if first else state.cites.CRASH_BEFORE_DRAIN_SECOND)
    amount = found.arg("draw")
    if amount:
        events.append(draw(state, receiver, int(amount)))
        drawn = events[-1].data["count"]
        short = drawn < int(amount)  # the deck held fewer: what is there is drawn, and that is all
        told += f" Draw {amount}: {name(receiver)} draws" + (
            f" {drawn} (the deck held only {drawn})." if short else "."
        )
        cited += [state.cites.A_DRAW, *(state.cites.MORE.get("draw-short", (state.cites.EMPTY_DECK,)) if short else ())]
    amount = found.arg("trash")
    if amount:
        events.append(trash_top(state, 1 - receiver, int(amount)))
        told += f" Trash {amount}: {name(1 - receiver)} trashes from their deck."
        cited.append(state.cites.A_TRASH)
        glossary.append(state.cites.TRASH)
    amount = found.arg("recycle")
    if amount:
        side = state.sides[receiver]
        moved = [side.trash.pop() for _ in range(min(int(amount), len(side.trash)))]
        side.deck.extend(moved)
        rng.shuffle(side.deck)
        events.append(state.card_event("recycle", receiver, moved))
        told += f" Recycle {amount}: {len(moved)} card(s) from {name(receiver)}'s trash go into the deck, shuffled."
        cited.append(state.cites.A_RECYCLE)
        glossary.append(state.cites.RECYCLE)
    zone = {"D": "deck", "T": "trash", "H": "hand"}.get(found.arg("attach") or "")
    if zone:
        told += " " + push_attach_from(state, receiver, zone)
        cited.append(state.cites.A_ATTACH)
        glossary.append(state.cites.ATTACH)
    shatter = found.arg("shatter")
    if shatter and dealt > 0:
        target = state.sides[1 - receiver]
        if target.active:
            target.shattered += int(shatter)
        told += (
            f" Shatter: {name(1 - receiver)}'s Digimon loses {shatter} Power for as long as it stays."
            + (" " + push_shatter(state, receiver)).rstrip()
        )
        cited.append(state.cites.A_SHATTER)
    for ability, rule in (("recode", state.cites.A_RECODE), ("corrupt", state.cites.A_CORRUPT)):
        amount = found.arg(ability)
        if amount:
            owner = receiver if ability == "recode" else 1 - receiver
            told += " " + push_look(state, receiver, owner, int(amount), corrupt=ability == "corrupt")
            cited.append(rule)
    return told


def _printed(state: DState, found: list[Abilities], p: int) -> str | None:
    """The ability printed on the side's chosen attack, if it applies now (not Jammed); those gained earlier are not."""
    gained = len(gained_by(state.sides[p], state.attacks[p]))
    return found[p].names[0][0] if len(found[p].names) > gained else None


def _first_stacks(state: DState, found: list[Abilities], p: int) -> int:
    """Stacks of 1st Attack a side gained from its attack: 1st Attack and Killer add one; DBE's 2nd Attack and
    Grudge (against the named attack) take one away."""
    other = state.attacks[1 - p]
    return (
        found[p].count("1st-attack")
        + _killer(state, found, p)
        - found[p].count("2nd-attack")
        - (1 if found[p].arg("grudge") == other else 0)
    )


def _second_attack_tie(
    state: DState, found: list[Abilities], firsts: tuple[int, ...], order: tuple[int, int], because: list[Any]
) -> tuple[tuple[int, int], list[Any]]:
    """DBE: when nobody is left with a stack of 1st Attack, the one player who gained 2nd Attack attacks second."""
    seconds = [found[p].has("2nd-attack") or found[p].arg("grudge") == state.attacks[1 - p] for p in (0, 1)]
    stacks = [firsts[p] + (1 if p == state.active else 0) for p in (0, 1)]
    if seconds[0] == seconds[1] or max(stacks) > 0 or not seconds[order[0]]:
        return order, because
    return (order[1], order[0]), [*because, state.cites.SECOND_ATTACK, state.cites.SECOND_ATTACK_TIE]


def _killer(state: DState, found: list[Abilities], p: int) -> int:
    return 1 if found[p].arg("killer") == state.attacks[1 - p] else 0


def _grudge(state: DState, found: list[Abilities], powers: dict[int, int], glossary: list[Any]) -> list[Any]:
    """DBE's Grudge against the attack the opponent used: Set Revival with the Grudge attack's Power (not if 0)."""
    cited: list[Any] = []
    for p in (0, 1):
        if found[p].arg("grudge") == state.attacks[1 - p]:
            cited += [
                state.cites.A_GRUDGE_DOUBLE,
                state.cites.SECOND_ATTACK,
            ]  # double Power, 2nd Attack: one stack less
            glossary += [state.cites.A_GRUDGE, state.cites.A_GRUDGE_SECOND, state.cites.A_GRUDGE_WORDING]
            if powers[p] > 0:
                state.sides[p].alter(revival=powers[p])
                cited.append(state.cites.A_GRUDGE_REVIVE)
                glossary.append(state.cites.REVIVE)
    for p in (0, 1):
        if found[p].has("2nd-attack"):
            cited.append(state.cites.SECOND_ATTACK)
        if _killer(state, found, p):
            cited.append(state.cites.A_KILLER)
    return cited


def _three_flats(state: DState, victim: int, damage: int, first: bool, cited: list, events: list) -> str:
    """DBE's 3-flat KO: damage from the player who attacked first KOs a Digimon with 3 flats, whatever the attack (the
    flats it had before this attack: a flat this attack adds comes too late)."""
    side = state.sides[victim]
    if not (first and damage > 0 and side.active and side.flats >= 3 and side.hp > 0):
        return ""
    side.hp = 0
    cited += [state.cites.FLAT_THREE, state.cites.A_FLATTEN]
    events.append(Event("flat-ko", victim, data={"flats": side.flats}))
    return f" {name(victim)}'s Digimon has 3 flats and was damaged by the first attacker: it is KO'd."


def _flatten_static(
    state: DState,
    receiver: int,
    victim: int,
    found: Abilities,
    damage: int,
    flat_ko: bool,
    cited: list,
    events: list,
    glossary: list,
) -> str:
    """DBE's Flatten after the damage (none once the 3-flat KO took the Digimon), and Static X."""
    side = state.sides[victim]
    told = ""
    if found.has("flatten") and damage > 0 and side.active and not flat_ko:
        side.flats += 1
        cited += [state.cites.A_FLATTEN, state.cites.FLAT_ADDED]
        events.append(Event("flat", victim, data={"flats": side.flats}))
        told += f" Flatten: a flat token goes in front of {name(victim)}'s Digimon ({side.flats})."
        if side.flats >= 4:
            side.hp = 0
            told += " With 4 flats it is KO'd."
            cited.append(state.cites.FLAT_FOUR)
        elif side.flats == 3:
            cited.append(state.cites.FLAT_TIMING)
    amount = found.arg("static")
    if amount:
        trash = state.sides[1 - receiver].trash
        gone = trash[: int(amount)]
        del trash[: int(amount)]
        state.sides[1 - receiver].deleted.extend(gone)
        cited.append(state.cites.A_STATIC)
        glossary.append(state.cites.STATIC)
        events.append(state.card_event("delete", 1 - receiver, gone))
        told += f" Static {amount}: the bottom {len(gone)} card(s) of {name(1 - receiver)}'s trash are deleted."
    return told


def battle_first(state: DState, top: Frame, rng: random.Random) -> Step | None:
    down = [p for p in (0, 1) if state.sides[p].active and state.sides[p].hp == 0]
    if down:  # an effect brought a Digimon to 0 HP before the attacks
        state.pop()  # no first attack,
        state.goto(frame("battle.ko"))  # nor a second one: straight to the KO check
        return step(
            state,
            Phase.BATTLE,
            None,
            f"{name(down[0])}'s Digimon is at 0 HP before the attacks: no attack is made; on to the KO check.",
            (state.cites.KO_SKIPS, state.cites.ZERO_BEFORE_ATTACKS),
        )
    return hit(state, state.order[0], True, rng)


def battle_second(state: DState, top: Frame, rng: random.Random) -> Step | None:
    return hit(state, state.order[1], False, rng)


def battle_unopposed(state: DState, top: Frame, rng: random.Random) -> Step:
    state.pop()
    return step(
        state,
        Phase.BATTLE,
        state.active,
        f"{name(1 - state.active)} has no active Digimon: there is no battle this turn.",
        (state.cites.UNOPPOSED,),
    )


def knock_out(
    state: DState, player: int, rng: random.Random, glossary: list[Any]
) -> tuple[int, list[Any], list[Event], str]:
    """Battle Phase 6.1-6.5 for a KO'd active Digimon; returns the KO points it is worth, citations, events, words."""
    side = state.sides[player]
    cited: list[Any] = [state.cites.KO_CHECK] + (
        [state.cites.KO_REVIVAL] if side.battle.revival or side.worth_one else []
    )
    top = state.cards[side.active[-1]]
    worth = 1 if side.worth_one else (2 if top.level == "M" else 1)
    if side.worth_one:  # revived before: this KO is a "future" one
        cited.append(state.cites.REVIVED_WORTH_ONE)
    if side.battle.revival:  # "KO points are still awarded as usual"; only the KOs after this one are worth exactly 1
        side.hp = side.battle.revival
        side.worth_one = True
        return (
            worth,
            [*cited, state.cites.REVIVE],
            [Event("revive", player, data={"hp": side.hp})],
            f"Set Revival: {name(player)}'s Digimon stays with {side.hp} HP. This KO gives its usual KO points; "
            "any later KO of it is worth exactly 1.",
        )
    events: list[Event] = []
    to_deck = [u for u in side.active if state.cards[u].level == "R" and state.cards[u].id == side.partner]
    to_delete = [u for u in side.active if u in side.destined or u in side.activated or state.cards[u].level == "M"]
    to_trash = [u for u in side.active if u not in to_deck and u not in to_delete] + [
        u for u in side.attached if owner_of(state, u, player) == player
    ]
    for uid in side.attached:  # an opponent's card attached here goes to its owner's trash (DBE)
        if owner_of(state, uid, player) != player:
            state.sides[1 - player].trash.append(uid)
    if to_trash:
        cited.append(state.cites.KO_DISCARD)
    if side.attached:
        cited.append(state.cites.ATTACHMENT_SLOT)  # "Discard ALL attachments for a Digimon that is KO'd"
    side.trash.extend(to_trash)
    events.append(state.card_event("ko-discard", player, to_trash))
    if to_deck:
        side.deck.extend(to_deck)
        rng.shuffle(side.deck)
        cited.append(state.cites.KO_PARTNER_R)
        events.append(state.card_event("to-deck", player, to_deck))
    if to_delete:
        side.deleted.extend(to_delete)
        glossary.append(state.cites.DELETE)
        cited += [state.cites.KO_PARTNER_C] if any(state.cards[u].level == "C" for u in to_delete) else []
        events.append(state.card_event("delete", player, to_delete))
    if top.level == "M":
        cited.append(state.cites.KO_MEGA)
    side.trash.extend(side.kept)  # DBE: the DP kept under an attachment goes with it
    side.active, side.attached, side.kept, side.kept_dp = [], [], [], 0
    side.hp, side.abnormal, side.worth_one, side.shattered, side.flats, side.divisor = 0, False, False, 0, 0, 1
    return worth, cited, events, f"{name(player)}'s {top.name} is KO'd."


def battle_ko(state: DState, top: Frame, rng: random.Random) -> Step | None:
    state.pop()
    out = [p for p in (0, 1) if state.sides[p].active and state.sides[p].hp == 0]
    if not out:
        return None
    cited: list[Any] = []
    glossary: list[Any] = []
    events: list[Event] = []
    told = []
    for player in out:
        worth, because, happened, words = knock_out(state, player, rng, glossary)
        winner = state.sides[1 - player]
        winner.ko_points += worth
        cited += [*because, state.cites.KO_POINT]
        events += [*happened, Event("ko-points", 1 - player, data={"points": winner.ko_points})]
        told.append(
            f"{words} {name(1 - player)} gains {worth} KO point{'s' if worth > 1 else ''} ({winner.ko_points})."
        )
    champions = [p for p in (0, 1) if state.sides[p].ko_points >= WIN_POINTS]
    if champions:
        state.over = True
        state.winner = champions[0]
        state.clear_to(frame("game-over.done"))
        told.append(f"{name(champions[0])} has {state.sides[champions[0]].ko_points} KO points and wins!")
        cited += [state.cites.WIN, state.cites.OBJECT]
        events.append(Event("game-over", champions[0]))
    return step(state, Phase.BATTLE, 1 - out[0], " ".join(told), cited, events, glossary)


# -- End Phase ----------------------------------------------------------------------------------------------------


def end_cleanup(state: DState, top: Frame, rng: random.Random) -> Step:
    ending = state.active
    told, cited, glossary = _what_ends(state)
    events = []
    for player, side in enumerate(state.sides):
        if side.support:
            gone = [uid for uid in side.support if uid in side.destined]  # a Partner Option: deleted after use
            events.append(state.card_event("discard-support", player, [uid for uid in side.support if uid not in gone]))
            side.trash.extend(uid for uid in side.support if uid not in gone)
            side.deleted.extend(gone)
            if gone:
                events.append(state.card_event("delete", player, gone))
            side.support, side.blind = [], False
        side.battle = Battle()
        side.used_this_turn = ()
    state.attacks, state.order, state.gained = (), (), ()
    ended = step(
        state,
        Phase.END,
        ending,
        f"{told} The turn passes to {name(1 - ending)}.",  # the last step of the turn that ends
        (*cited, state.cites.NEXT_TURN),
        events,
        glossary,
    )
    state.turn += 1
    state.active = 1 - ending
    state.goto(*turn_frames(state.active))
    return ended


def _what_ends(state: DState) -> tuple[str, list[Any], list[Any]]:
    """End Phase steps 3 and 4 as they apply now, in words, rules and glossary: the lingering effects in force end (each
    linked to the term that makes it lingering), HP carries over, the Supports are discarded (a Partner Option from the
    Destiny Zone deleted) and the chosen attacks reset. With none of these, the turn passing governs the step."""
    cites = state.cites
    ending: list[str] = []
    glossary: list[Any] = []
    for player, side in enumerate(state.sides):
        battle = side.battle
        for present, words, term in (
            (battle.boost, "Power boost", cites.BOOST),
            ([a for a in battle.abilities if a != "jammed"], "gained attack abilities", None),
            (battle.revival, "Set Revival", cites.REVIVE),
            (battle.hand_open, "open hand", None),
        ):
            if present:
                ending.append(f"{name(player)}'s {words}")
                glossary += [term] if term is not None else []
    cited: list[Any] = []
    told = []
    if ending:
        cited.append(cites.REMOVE_LINGERING)
        glossary += [
            cites.TYPE_CHANGES_STAY,
            cites.HP_CARRIES,
            cites.PASSIVES_STAY,
            cites.EVO_PASSIVES,
        ]  # what is no lingering effect
        told.append(f"Lingering effects end: {', '.join(ending)}; type changes and passives stay.")
    kept = [
        f"{name(p)}'s {state.label(side.active[-1])} keeps its {side.hp} HP"
        for p, side in enumerate(state.sides)
        if side.active and side.hp != state.cards[side.active[-1]].hp // side.divisor
    ]
    if kept:  # current HP is carried over: it is not an effect that ends
        told.append(f"{'; '.join(kept)}.")
    supports = any(side.support for side in state.sides)
    if supports or state.attacks:
        cited.append(cites.DISCARD_SUPPORTS)
        told.append("Supports are discarded and the chosen attacks reset." if supports else "The chosen attacks reset.")
    if any(uid in side.destined for side in state.sides for uid in side.support):  # deleted after use (Glossary)
        cited.append(cites.PARTNER_OPTION)
        glossary.append(cites.DELETE)
        told[-1] = f"{told[-1][:-1]} (a {cites.WORDS['partner-option']} from the Destiny Zone is deleted)."
    if not cited:
        cited.append(cites.NEXT_TURN)  # nothing lingered, nothing to discard: the turn passing governs
    cited += [cites.HP_CARRIES] if kept else []
    return " ".join(told) or "End Phase.", cited, glossary


#: the attack abilities that act at the attack-abilities step (Power, the attack order); the others act on the hit
ACT_NOW = frozenset({"1st-attack", "to-0", "counter", "x3", "cannot-gain-1st", "killer", "grudge", "2nd-attack"})
#: attack ability -> the name of its clause in a game's citation table
_ABILITY_CITES = {
    "1st-attack": "A_FIRST",
    "to-0": "A_TO_ZERO",
    "counter": "A_COUNTER",
    "crash": "A_CRASH",
    "x3": "A_X3",
    "jamming": "A_JAMMING",
    "drain": "A_DRAIN",
    "draw": "A_DRAW",
    "trash": "A_TRASH",
    "cannot-gain-1st": "CANNOT_GAIN",
    "recycle": "A_RECYCLE",
    "recode": "A_RECODE",
    "corrupt": "A_CORRUPT",
    "attach": "A_ATTACH",
    "shatter": "A_SHATTER",
}

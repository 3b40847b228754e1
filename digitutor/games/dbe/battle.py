"""DBE's Support and Battle Phases where DBE says more than DMB: Jamming at the attack-abilities step, and the
DBE clauses that explain what DMB's shared steps did (a Counter's damage and who receives its abilities, HP and
Power as the Anatomy of Cards defines them, the lingering effects that end, a SUPPORT card's timing)."""

from __future__ import annotations

import random
from typing import overload

from msgspec.structs import replace

from ...core.actions import Action
from ...core.frames import Frame
from ...core.records import Decision, Reason, Step
from ...rules.model import Citation, CitationKind
from ..dmb import battle as dmb_battle
from ..dmb import checks as dmb_checks
from ..dmb import support as dmb_support
from ..dmb.common import name, step, words_used
from ..dmb.state import DState, Phase
from . import citations as C


@overload
def _adding(
    done: Step,
    *cited: Citation | None,
    before: str = "",
    after: str = "",
    glossary: tuple[Citation, ...] = (),
    swap: dict[Citation, Citation | None] | None = None,
) -> Step: ...
@overload
def _adding(
    done: Step | None,
    *cited: Citation | None,
    before: str = "",
    after: str = "",
    glossary: tuple[Citation, ...] = (),
    swap: dict[Citation, Citation | None] | None = None,
) -> Step | None: ...
def _adding(
    done: Step | None,
    *cited: Citation | None,
    before: str = "",
    after: str = "",
    glossary: tuple[Citation, ...] = (),
    swap: dict[Citation, Citation | None] | None = None,
) -> Step | None:
    """The shared step with DBE's clauses (and words) added; ``glossary``: terms it uses, by definition; ``swap``: a DMB
    clause the shared step cites -> the DBE clause that says it for this case (None: DBE has it elsewhere)."""
    if done is None or not (cited or before or after or glossary or swap):
        return done
    narration = " ".join(part for part in (before, done.narration, after) if part)
    kept = [(swap or {}).get(c, c) for c in done.citations]
    citations = tuple(dict.fromkeys(c for c in (*kept, *cited) if c is not None))
    return replace(
        done, narration=narration, citations=citations, glossary=words_used((*done.glossary, *glossary), citations)
    )


def battle_reveal(state: DState, top: Frame, rng: random.Random) -> Step:
    """Step 2 needs both active Digimon: when an effect has removed one during the Support Phase, there is no battle."""
    missing = [p for p in (0, 1) if not state.sides[p].active]
    if not missing:
        return dmb_battle.battle_reveal(state, top, rng)
    state.frames[:] = [
        kept for kept in state.frames if not kept.kind.startswith("battle.") and kept.kind != "strategy.reveal"
    ]
    return step(
        state,
        Phase.BATTLE,
        missing[0],
        f"{name(missing[0])} has no active Digimon now: there is no battle this turn.",
        (C.NO_ACTIVE_NO_BATTLE, C.REVEAL),
    )


def battle_abilities(state: DState, top: Frame, rng: random.Random) -> Step:
    """Step 3.1 first: a player with Jamming voids the opponent's Cross ability (never a Jamming); then DMB's step 3."""
    jammers = [p for p in (0, 1) if dmb_battle.abilities(state, p).has("jamming")]
    voided, refused, told, extra = [], [], [], []
    for p in jammers:
        other = state.sides[1 - p]
        if not other.active:
            continue
        gained = dmb_battle.gained_by(other, state.attacks[1 - p])
        if state.attacks[1 - p] != "cross":
            if gained:  # abilities a non-Cross attack gained through effects stay
                told.append(
                    f"{name(p)}'s Jamming does not void the abilities {name(1 - p)}'s "
                    f"{state.attacks[1 - p].capitalize()} gained."
                )
                extra += [C.JAMMING_ONLY_CROSS, C.JAMMING_NOT_OTHERS]
            continue
        cross = state.cards[other.active[-1]].attack("cross")
        if cross.ability == "jamming":
            refused.append(p)
            continue
        lost = [a for a in gained if a.partition("@")[0] != "jamming" and not a.startswith("counter")]
        kept = [a for a in gained if a.startswith("counter")]
        if cross.ability and "jammed" not in other.battle.abilities:
            other.alter(abilities=(*other.battle.abilities, "jammed"))
            voided.append(p)
        if lost:  # a Cross's abilities gained through effects are voided too
            other.alter(abilities=tuple(a for a in other.battle.abilities if a not in lost))
            told.append(
                f"{name(p)}'s Jamming also voids the abilities {name(1 - p)}'s Cross gained ({', '.join(lost)})."
            )
            extra += [C.JAMMING_VOIDS_CROSS, C.JAMMING_GAINED_CROSS]
        if kept:  # a Counter set by a Support's effect is not Jammed
            told.append(f"{name(1 - p)}'s Counter set by an effect is not voided.")
            extra.append(C.COUNTER_NOT_JAMMED)
    done = dmb_battle.battle_abilities(state, top, rng)
    told = [
        *(f"{name(p)}'s Jamming voids {name(1 - p)}'s Cross ability." for p in voided),
        *(f"{name(p)}'s Jamming cannot void {name(1 - p)}'s Jamming." for p in refused),
        *told,
    ]
    said = " ".join(told)
    cited = [C.JAMMING_VOIDS_CROSS] if voided or refused else []  # 3.1: voids the Cross ability, never a Jamming
    cited += extra
    if any(state.cards[state.sides[1 - p].active[-1]].attack("cross").ability == "counter" for p in voided):
        cited.append(C.JAMMING_BEATS_COUNTER)  # a Cross Counter is voided before Counter is set
    glossary = (
        [C.A_JAMMING, C.JAMMING_CASES, C.JAMMING_WHICH] if (voided or refused or extra) else []
    )  # Jamming, and the FAQ on it
    glossary += [C.JAMMING_ONLY_CROSS] if voided else []
    glossary += [C.JAMMING_NOT_JAMMING] if refused else []
    found = [dmb_battle.abilities(state, p).names for p in (0, 1)]
    if any(len(names) > 1 for names in found):  # one player's several abilities: their priority order
        cited.append(C.ABILITY_PRIORITY)
    glossary += [C.ATTACK_ABILITY] if any(found) else []
    # a Counter sets its user's Power to 0 and its user attacks second: the FAQ's Counter as a concept says why
    glossary += [C.COUNTER_SPECIFICS] if C.A_COUNTER in done.citations else []
    return _adding(done, *cited, before=said, glossary=tuple(glossary))


def _hit(state: DState, done: Step | None, attacker: int) -> Step | None:
    """A hit: Power is subtracted from HP; a Counter's damage and abilities as the FAQ explains them, with its examples
    when the countered attack was boosted or gained an ability."""
    if done is None:
        return None
    glossary = [C.POWER] if any(c in done.citations for c in (C.FIRST_HITS, C.SECOND_HITS, C.COUNTER_DAMAGE)) else []
    cited = []
    if C.COUNTER_DAMAGE in done.citations and C.A_COUNTER in done.citations:
        received = {n for n, _ in dmb_battle.abilities(state, 1 - attacker).names} & RECEIVED
        cited += [C.COUNTER_WHO_RECEIVES] if received else []  # the countering player receives them
        countered = state.sides[
            1 - attacker
        ].battle  # the FAQ works through this very case: a boosted attack, a gained ability
        cited += [C.COUNTER_EXAMPLE_BOOSTED] if countered.boost else []
        cited += [C.COUNTER_EXAMPLE_GAINED] if any(a != "jammed" for a in countered.abilities) else []
    # DBE's FAQ opens with Counter as a concept; the paragraph that says how the damage goes is the one that applies
    return _adding(done, *cited, glossary=tuple(glossary), swap={C.COUNTER_SPECIFICS: C.COUNTER_HOW_DAMAGE})


#: the attack abilities of a countered attack that act after its damage: the countering player receives them
RECEIVED = frozenset(
    {"drain", "draw", "trash", "recycle", "recode", "corrupt", "attach", "shatter", "static", "flatten"}
)


def battle_first(state: DState, top: Frame, rng: random.Random) -> Step | None:
    attacker = state.order[0] if state.order else state.active
    return _hit(state, dmb_battle.battle_first(state, top, rng), attacker)


def battle_second(state: DState, top: Frame, rng: random.Random) -> Step | None:
    attacker = state.order[1] if state.order else 1 - state.active
    return _hit(state, dmb_battle.battle_second(state, top, rng), attacker)


def battle_ko(state: DState, top: Frame, rng: random.Random) -> Step | None:
    """The KO check: HP "KOs the Digimon when it reaches zero"; a KO removes its flat tokens; a revived Digimon is reset
    "as though it had just evolved, including removing Abnormal status"."""
    flats = [side.flats for side in state.sides]
    abnormal = [side.abnormal for side in state.sides]
    done = dmb_battle.battle_ko(state, top, rng)
    if done is None:
        return None
    gone = [p for p in (0, 1) if flats[p] and not state.sides[p].active]
    told = [f"{name(p)}'s {flats[p]} flat token(s) are removed with it." for p in gone]
    for p in [e.player for e in done.events if e.kind == "revive" and e.player is not None and abnormal[e.player]]:
        state.sides[p].abnormal, state.sides[p].divisor = False, 1
        told.append(f"Revived, {name(p)}'s Digimon is reset as though it had just evolved: it is no longer Abnormal.")
    return _adding(done, *([C.FLAT_STAYS] if gone else []), after=" ".join(told), glossary=(C.HP,))


def end_lingering(done: Step, hand_open: bool = False) -> Step:
    """When lingering effects end, the FAQ's entry says which effects are lingering (Boost Power, gained attack
    abilities, a revealed hand ...), permanent or passive: the words the step uses."""
    if C.REMOVE_LINGERING not in done.citations:
        return done
    glossary = (
        C.LINGERING_OR_PERMANENT,
        C.LINGERING_ENDS,
        C.PERMANENT_STAYS,
        C.PASSIVES_NEITHER,
        *((C.HIDDEN_ZONES,) if hand_open else ()),
    )
    return _adding(done, glossary=glossary)


def support_resolve(state: DState, top: Frame, rng: random.Random) -> Step | None:
    """A Support resolves its text in order, one sentence (one effect) at a time."""
    from .more_supports import support_resolve as once

    done = once(state, top, rng)
    ran = done is not None and any(c.kind is CitationKind.CARD for c in done.citations)
    return _adding(done, glossary=(C.CARD_TEXT,)) if ran else done


def _any_phase_card(state: DState, chosen: Action) -> Reason | None:
    """A DATA or EFFECT card is not a Support: its timing is Any Phase."""
    uid = state.instances.uid(chosen.cards[0]) if chosen.kind == "support" and len(chosen.cards) == 1 else None
    card = state.cards[uid] if uid is not None else None
    if card is None or card.timing not in ("data", "effect") or card.supports:
        return None
    return Reason(
        f"{card.name} is a {card.timing.upper()} card: it is used at Any Phase (a phase's step 1), not as a Support.",
        C.DATA_ANY_PHASE if card.timing == "data" else C.CARD_TIMING_EFFECT,
    )


def check_support(state: DState, top: Frame | None, chosen: Action) -> tuple[Reason, ...]:
    timing = _any_phase_card(state, chosen)
    return (timing,) if timing is not None else dmb_checks.ACTIONS["support"].reasons(state, top, chosen)


def ask_support(state: DState, top: Frame) -> Decision:
    """DMB's declaration, each option with DBE's reasons."""
    decision = dmb_support.ask_support(state, top)
    options = []
    for option in decision.options:
        timing = _any_phase_card(state, option.action)
        options.append(replace(option, reasons=(timing,)) if timing is not None else option)
    return replace(decision, options=tuple(options))


def answer_support(state: DState, top: Frame, chosen: Action) -> Step:
    """A SUPPORT card is played from the hand to the Support Zone during the Support step."""
    card = state.cards[state.uid(chosen.cards[0])] if chosen.kind == "support" else None
    done = dmb_support.answer_support(state, top, chosen)
    if card is not None and card.timing == "support":  # a SUPPORT-timing card (not a Digimon's Support text)
        return _adding(done, C.SUPPORT_TIMING, glossary=(C.CARD_TIMINGS, C.TIMING_ANATOMY))
    if chosen.kind == "partner-option":
        return _adding(done, C.DZ_PROXY_RULE)
    return done

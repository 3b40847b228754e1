"""DBE's turn where it differs from DMB's: the draw with the Dark Area, the Partner Evolution step, the evolution's
Abnormal branch and stats, the first turn's skipped phases, and the next turn's frames. What is the same rule runs
DMB's code (``games/dmb``), citing DBE's text through ``state.cites``."""

from __future__ import annotations

import random

from msgspec.structs import replace

from ...core.actions import Action, action
from ...core.frames import Frame, frame
from ...core.records import Decision, Option, Reason, Step
from ..dmb import battle as dmb_battle
from ..dmb import evolution as dmb_evolution
from ..dmb import prep as dmb_prep
from ..dmb.checks import evolve_options
from ..dmb.common import draw, is_partner_r, name, partner_champions, step, words_used
from ..dmb.run import run_effects
from ..dmb.state import DState, Phase
from . import citations as C
from .by_card import after_evolving, card_citations, card_options, evolve_card_options, when_evolving
from .cards import next_level
from .choices import put_back
from .matrix import answer_reveal, reveal_options


def turn_frames(state: DState) -> list[Frame]:
    """One turn, phase by phase; the game's first turn skips the Strategy, Support and Battle Phases."""
    active = state.active
    frames = [
        frame("prep.triggers", active),
        frame("prep.any-phase", active),
        frame("prep.any-phase", 1 - active),
        frame("prep.draw", active),
        frame("prep.mulligan", active),
        frame("prep.new", active),
        frame("prep.partner", active),
        frame("evolution.activate", active),
        frame("evolution.activate", 1 - active),
        frame("evolution.any-phase", active),
        frame("evolution.any-phase", 1 - active),
        frame("evolution.rack", active),
        frame("evolution.evolve", active),
    ]
    frames.append(frame("strategy.skip", active) if state.turn == 1 else frame("strategy.start", active))
    return [*frames, frame("end.triggers", active), frame("end.discard", active), frame("end.cleanup", active)]


# -- Prep Phase --------------------------------------------------------------------------------------------------


def prep_draw(state: DState, top: Frame, rng: random.Random) -> Step:
    """Step 2: draw 1, or 2 with 2 or fewer in hand; then every card of the Dark Area is taken (not a draw)."""
    player = state.active
    side = state.sides[player]
    count = 2 if len(side.hand) <= 2 else 1
    event = draw(state, player, count)
    state.pop()
    cited = [C.DRAW, C.EACH_TURN]  # step 1's abilities have their own step (prep.triggers)
    glossary = []
    told = f"draws {event.data['count']}" + (" (2 or fewer cards in hand)" if count == 2 else "")
    if event.data["count"] < count:
        cited.append(C.EMPTY_DECK)
        told += f" (the deck held only {event.data['count']})"
    events = [event]
    if side.dark:
        taken = list(side.dark)
        side.hand.extend(taken)
        side.dark.clear()
        events.append(state.card_event("take-dark-area", player, taken, {"count": len(taken)}, secret=True))
        cited.append(C.DARK_AREA_TAKEN)
        glossary.append(C.DARK_AREA)
        told += f", then takes the {len(taken)} card(s) of their Dark Area into the hand (not a draw)"
    return step(state, Phase.PREP, player, f"Turn {state.turn}: {name(player)} {told}.", cited, events, glossary)


def answer_new_digimon(state: DState, top: Frame, chosen: Action) -> Step:
    done = dmb_prep.answer_new_digimon(state, top, chosen)
    side = state.sides[chosen.player]
    if not side.abnormal:
        return done
    return replace(
        done,
        narration=f"{done.narration[:-1]}; its stats are divided by {side.divisor}: {side.hp} HP.",
        citations=(*done.citations, C.ABNORMAL_STATS),
        glossary=(*done.glossary, C.ABNORMAL_STATE),
    )


def ask_partner(state: DState, top: Frame) -> Decision | None:
    """Step 5: only when the active Digimon is the partner Level R and a partner C waits in the Destiny Zone."""
    player = top.seat
    side = state.sides[player]
    if not side.active or not is_partner_r(state, player, side.active[-1]) or not partner_champions(state, player):
        return None
    return dmb_prep.ask_partner(state, top)


def answer_partner(state: DState, top: Frame, chosen: Action) -> Step:
    """The partner C goes through the Evolution Zone as a Future: its evo-bonuses trigger, then it is the active; this
    is the turn's one evolution."""
    done = dmb_prep.answer_partner(state, top, chosen)
    if chosen.kind == "no-partner-evolve":
        return done
    side = state.sides[chosen.player]
    side.evolved = state.turn
    side.abnormal, side.divisor = False, 1
    bonus = run_effects(state, chosen.player, state.cards[side.active[-1]].bonuses)
    cited = [*done.citations, C.PARTNER_USES_EVOLUTION]  # step 5 names the Future, the Evolution Zone, the evo-bonuses
    glossary = [*done.glossary, C.FUTURE, C.EVOLVE_ZONE]
    narration = done.narration
    if bonus.citations:
        cited += bonus.citations
        glossary += [C.EVO_BONUS, *bonus.glossary]
        narration += " " + bonus.narration
    cited = list(dict.fromkeys(cited))
    return replace(
        done,
        narration=narration,
        citations=tuple(cited),
        glossary=words_used(glossary, cited),
        events=(*done.events, *bonus.events),
    )


# -- Evolution Phase --------------------------------------------------------------------------------------------


def abnormal_evolutions(state: DState, player: int) -> tuple[Option, ...]:
    """An Abnormal active may only evolve by a revealed Evolution card that does not prohibit it (step 3.1)."""
    return (
        *card_options(state, player),
        *reveal_options(state, player),
        Option(action("no-evolve", player), "Do not evolve"),
    )


def evolution_options(state: DState, player: int) -> tuple[Option, ...]:
    """By DP (with flats removed), by DNA, and by each Evolution card in the hand; then ``no-evolve``."""
    side = state.sides[player]
    if side.abnormal:
        return abnormal_evolutions(state, player)
    options = []
    for option in evolve_options(state, player):
        if option.action.kind == "evolve-with":  # DBE's own list below: what its Evolution cards may say
            continue
        if option.action.kind == "dna":  # the turn's one evolution, as the DNA method says it
            option = replace(
                option,
                reasons=tuple(
                    Reason(r.why, C.DNA_ONE_EVOLUTION) if r.citation is C.ONCE_PER_TURN else r for r in option.reasons
                ),
            )
        options.append(option)
        if option.action.kind == "evolve" and option.legal and side.flats:
            options += _flat_removals(state, player, option)
    return (
        *options[:-1],
        *card_options(state, player),
        *reveal_options(state, player),
        *evolve_card_options(state, player),
        *options[-1:],
    )


FLAT_PRICE = 10  #: "reduce own DP total by -10 ... to remove 1 flat token"


def _flat_removals(state: DState, player: int, option: Option) -> list[Option]:
    """Evolving by DP, a player may lower their DP total by 10 per flat token removed (step 5.3.3.7)."""
    side = state.sides[player]
    target = state.cards[state.uid(option.action.cards[0])]
    spare = side.dp_total(state.cards) - (target.dp or 0)
    return [
        Option(
            action("evolve", player, *option.action.cards, flats=count),
            f"{option.label}, removing {count} flat token(s) for -{FLAT_PRICE * count} DP",
        )
        for count in range(1, side.flats + 1)
        if spare >= FLAT_PRICE * count
    ]


def ask_evolve(state: DState, top: Frame) -> Decision | None:
    player = state.active
    side = state.sides[player]
    if not side.active or side.partner_evolved == state.turn:
        return None
    options = evolution_options(state, player)
    if len(options) == 1:
        return None
    cited = (
        (C.SKIP_ABNORMAL, C.ABNORMAL_OR_PARTNER, C.ABNORMAL_EXAMPLE, C.ABNORMAL_SKIPS_REST)
        if side.abnormal
        else (
            C.CHOOSE_METHOD,
            C.ONE_EVOLUTION,
            C.ONE_EVOLVE_CARD,
            C.BY_CARD,
            C.BY_DNA,
            C.BY_DP,
            C.TERMS,
            C.EVOLVE_WORDS,
        )
    )
    return Decision(
        player, "evolve", f"{name(player)}: evolve your active Digimon?", options, cited, Phase.EVOLUTION.value
    )


#: the clauses DMB's shared evolution cites -> what DBE's text says for each method (None: not a step of that method;
#: DBE's FAQ on "paying DP" is about cards that say "Pay DP": discarding DP to evolve "is not paying DP")
METHOD_CITES = {
    "evolve": {C.CHOOSE_METHOD: C.BY_DP, C.REQ_DP: None, C.PAYING_DP: None},
    "evolve-with": {
        C.CHOOSE_METHOD: None,
        C.REQ_DP: C.CARD_REQ_DP,
        C.DISCARD_DP: C.CARD_DISCARD_DP,
        C.DP_RESPECTS: None,
        C.REQ_EVO_BOX: C.CARD_REQ_EVO_BOX,
        C.NEW_HP: C.CARD_RESET,
        C.PAYING_DP: None,
    },
    "dna": {C.DNA_AS_BOX: None, C.NEW_HP: C.DNA_RESET},
}
#: each method's own steps that every evolution by it carries out: the Future placed on the active, evolving it, which
#: uses the turn's 1 act of evolving; the method complete (the rest of the phase skipped)
METHOD_STEPS = {
    "evolve": [C.DP_EVOLVES, C.ONCE_PER_TURN, C.DP_COMPLETE],
    "evolve-with": [C.CARD_EVOLVES, C.CARD_ONE_EVOLUTION, C.CARD_COMPLETE],
    "dna": [C.DNA_PLACE_MATERIAL, C.DNA_EVOLVES, C.DNA_ONE_EVOLUTION, C.DNA_NO_BONUS, C.DNA_COMPLETE],
}
#: each method's steps for the evo-bonuses that qualify by name: they "may" be activated (the player picks the order of
#: several), and are activated once the Future is placed
METHOD_BONUSES = {"evolve": (C.DP_BONUSES_MAY, C.DP_AFTER), "evolve-with": (C.CARD_BONUSES_MAY, C.CARD_AFTER)}
#: the words of each method the step uses (the Evolution terminology and the method's definitions)
METHOD_TERMS = {
    "evolve": [C.FUTURE, C.EVOLVE_ZONE, C.DP_FUTURE, C.DP_WORDS, C.DP_COST_ANATOMY, C.DP_COST],
    "evolve-with": [C.FUTURE, C.EVOLVE_ZONE, C.CARD_FUTURE],
    "dna": [
        C.FUTURE,
        C.EVOLVE_ZONE,
        C.DNA_FUTURE,
        C.DNA_MATERIALS,
        C.DNA_ACTIVE_MATERIAL,
        C.DNA_IGNORES_REST,
        C.DNA_NOT_BONUS,
    ],
}


def answer_evolve(state: DState, top: Frame, chosen: Action) -> Step:
    """DMB's evolution (the same steps: future, requirements, evo-bonuses, DP discarded), then DBE's own checks of
    the new active: the stats reset, Abnormal checked again by the cards under it."""
    player = chosen.player
    if chosen.kind == "evolve-reveal":  # the Future comes from the top of the deck, revealed first (Matrix Evolve)
        return answer_reveal(state, top, chosen)
    side = state.sides[player]
    was_abnormal = side.abnormal
    evolve_card = None
    if chosen.kind == "evolve-dp-with":  # by DP, with an EVOLVE-timing card (5.3.1): the card goes to the trash
        evolve_card = state.uid(chosen.cards[0])
        side.hand.remove(evolve_card)
        side.trash.append(evolve_card)
        chosen = action("evolve", player, chosen.cards[1])
    card = state.cards[state.uid(chosen.cards[0])] if chosen.kind == "evolve-with" else None
    material = state.cards[state.uid(chosen.cards[1])] if chosen.kind == "dna" else None
    before_effects = when_evolving(state, player, card) if card is not None else None
    done = dmb_evolution.answer_evolve(state, top, chosen)
    if chosen.kind == "no-evolve":
        return done
    swap = METHOD_CITES[chosen.kind]
    cited = [kept for c in done.citations if (kept := swap.get(c, c)) is not None] + METHOD_STEPS[chosen.kind]
    glossary = [*done.glossary, *METHOD_TERMS[chosen.kind]]
    if evolve_card is not None:  # by DP, with an EVOLVE-timing card played at its step and its effects resolved
        cited += [C.DP_EVOLVE_CARD, C.CARD_TIMING_EVOLVE, C.DP_CARD_EFFECTS]
        glossary += [C.ONE_EVOLVE_CARD, *([C.DP_DISCOUNT] if state.cards[evolve_card].discount else [])]
        discount = state.cards[evolve_card].discount
        done = replace(
            done,
            narration=f"{done.narration[:-1]}, with the EVOLVE card {state.label(evolve_card)}"
            + (f" (DP -{discount})." if discount else "."),
            events=(*done.events, state.card_event("evolve-card", player, (evolve_card,))),
        )
    if C.EVO_BONUS in done.citations and chosen.kind in METHOD_BONUSES:
        may, after = METHOD_BONUSES[
            chosen.kind
        ]  # the method's own steps say when the bonuses go; the word is in the glossary
        cited = [c for c in cited if c is not C.EVO_BONUS] + (
            [may, after] if C.SIMULTANEOUS in done.citations else [after]
        )
        glossary.append(C.EVO_BONUS)
    if C.REQ_EVO_BOX in cited or C.CARD_REQ_EVO_BOX in cited:
        glossary.append(C.EVO_BOX_ANATOMY)
    if (
        any(
            v.what is not None and v.what.whose == "opponent"
            for e in state.cards[side.active[-1]].bonuses
            for v in e.spec.do
        )
        and C.EVO_BONUS in done.citations
    ):
        cited.append(C.NEGATIVE_BONUS)  # a bonus that would hurt its owner is written for the opponent
    top_card = state.cards[side.active[-1]]
    under = len(side.active) - 1
    before = state.cards[side.active[-2]]
    if (
        evolve_card is not None
        and "level" in state.cards[evolve_card].ignores
        and top_card.level != next_level(before.level or "")
    ):
        cited.append(C.DP_IGNORE_LEVEL)  # an EVOLVE card that ignores level, evolving by DP
        glossary.append(C.IGNORE)
    if (
        chosen.kind == "evolve"
        and before.named_in(top_card.evo_box)
        and top_card.level != next_level(before.level or "")
    ):
        cited.append(C.DP_IGNORE_LEVEL)  # the evo-box ignores level: back, the same level, or higher (5.3.3.2)
    ignored = set(card.ignores) if card is not None else set()
    if before.name not in top_card.evo_box and any(a in top_card.evo_box for a in before.alias):
        glossary.append(C.ALIAS)  # its evo-box names what the active also counts as
    if before.named_in(top_card.evo_box) and not any(n in top_card.evo_box for n in before.names):
        glossary.append(C.PARTIAL_NAMES)  # named by a partial name ("-dramon")
    if chosen.kind != "dna" and "type" not in ignored and not before.named_in(top_card.evo_box):
        glossary.append(C.TYPE_ANATOMY)
        if before.type != top_card.type and C.same_type(before, top_card):
            cited.append(C.REQ_TYPE)  # the type shared is a subtype
            glossary.append(C.SUBTYPES)
    side.abnormal = under < C.UNDER_NEEDED.get(top_card.level or "R", 0) if was_abnormal else False
    side.divisor = C.ABNORMAL_DIVISOR.get(top_card.level or "", 1) if side.abnormal else 1
    narration = done.narration
    events: list = []
    if any(e.spec.timing == "passive" for e in before.effects):
        narration += f" {before.name} is covered: its passive effects stop."
        cited.append(C.COVERED_PASSIVES_STOP)
        glossary += [C.PASSIVE_TIMING, C.PASSIVES_NEITHER]
    if side.divisor > 1:
        side.hp = top_card.hp // side.divisor
        narration += (
            f" With {under} card(s) under it, it is still Abnormal: {side.hp} HP, Power divided by {side.divisor}."
        )
    after_effects = (
        after_evolving(state, player, card, top_card, state.uid(chosen.cards[0])) if card is not None else None
    )  # stats set
    if was_abnormal:
        cited.append(C.CARD_IGNORES_ABNORMAL)  # an Evolution card ignores Abnormal status
        glossary += [C.SKIP_ABNORMAL, C.ABNORMAL_STATE]
        if side.divisor > 1:
            cited.append(C.ABNORMAL_STATE)  # checked again when evolving: not enough cards under it
    if material is not None:
        cited += [C.DNA_IGNORES_DP] if side.dp or side.kept else []  # the DP zone stays: cited when there is DP in it
        glossary += [C.DATA_TIMING] if material.data else []  # a DATA card's timing, one of whose uses is DNA
        more_cited, more_glossary = _dna_material(state, player, material, top_card, events)
        cited += more_cited
        glossary += more_glossary
        if material.dna_material:
            more = after_evolving(state, player, material, top_card, state.uid(chosen.cards[1]))
            if more.narration:
                narration += f" {more.narration}"
                cited += [C.DNA_WHEN_AFTER, *more.citations]
                glossary += more.glossary
                events += more.events
    if card is not None:
        card_rules, card_terms = card_citations(card)
        cited += card_rules
        glossary += card_terms
        for outcome, rule in ((before_effects, C.WHEN_EVOLVING), (after_effects, C.AFTER_EVOLVING)):
            if outcome is not None and outcome.narration:
                narration += f" {outcome.narration}"
                cited += [C.CARD_EFFECTS, rule, *outcome.citations]
                glossary += outcome.glossary
                events += outcome.events
        if "level" in card.ignores and (before.level or "") and top_card.level != next_level(before.level):
            cited.append(C.CARD_IGNORE_LEVEL)
            glossary.append(C.IGNORE)
        if top_card.level == "R":
            glossary.append(C.ZERO_DP_ROOKIE)
        if "dp" in card.ignores:
            narration += f" {card.name} ignores DP: the DP zone stays."
            cited.append(C.CARD_DISCARD_DP)
            glossary.append(C.IGNORE)
    removed = int(chosen.param("flats") or 0)
    if removed:
        side.flats -= removed
        narration += (
            f" Lowering the DP total by {FLAT_PRICE * removed} first, {name(player)} removes {removed} flat token(s)."
        )
        cited.append(C.REMOVE_FLAT)
        glossary.append(C.FLAT_EVOLVE_BY_DP)
    if side.flats:
        narration += f" {side.flats} flat token(s) stay in front of it."
        glossary.append(C.FLAT_STAYS)  # flats do not go away on their own when the Digimon evolves
    cited = list(dict.fromkeys(cited))
    return replace(
        done,
        narration=narration,
        citations=tuple(cited),
        glossary=words_used(glossary, cited),
        events=(*done.events, *events),
    )


def _dna_material(state: DState, player: int, material, target, events: list) -> tuple[list, list]:
    """Which DNA rule the material met: by name, by a type-and-level specification, or as a card that counts as one
    (the rules it met, and the words the step uses)."""
    from ..dmb.checks import material_spec_matches

    if material.dna_material:
        return [C.DNA_MATERIAL_EFFECTS], []
    if material.name not in target.dna and any(material_spec_matches(material, spec) for spec in target.dna):
        return [C.DNA_SPECS], [C.DNA_BY_NAME]
    return [], [C.DNA_BY_NAME]


def skip_evolve(state: DState, top: Frame, rng: random.Random) -> Step | None:
    player = state.active
    side = state.sides[player]
    state.pop()
    if side.active and side.partner_evolved == state.turn:
        return step(
            state,
            Phase.EVOLUTION,
            player,
            f"{name(player)} partner-evolved this turn: the rest of the Evolution Phase is skipped.",
            (C.SKIP_PARTNER, C.ABNORMAL_OR_PARTNER, C.PARTNER_USES_EVOLUTION),
        )
    return None


def check_evolve(state: DState, top: Frame | None, chosen: Action) -> tuple[Reason, ...]:
    """Every reason an evolution is not allowed now (the same check the options carry)."""
    player = chosen.player
    side = state.sides[player]
    if not side.active:
        return (Reason("You have no active Digimon.", C.CHOOSE_METHOD),)
    if side.partner_evolved == state.turn:
        return (Reason("You partner-evolved this turn: skip the rest of this phase.", C.SKIP_PARTNER),)
    for option in evolution_options(state, player):
        if option.action == chosen:
            return option.reasons
    if side.abnormal and chosen.kind == "evolve-dp-with":
        return (
            Reason(
                "EVOLVE-timing cards are not valid for an Abnormal Digimon, only the Evolution card type.",
                C.SKIP_ABNORMAL,
            ),
            Reason("You may not reveal Penguinmon, which is EVOLVE timing.", C.ABNORMAL_EXAMPLE),
        )
    if side.abnormal and chosen.kind in ("evolve", "dna"):
        if chosen.kind == "dna":
            return (
                Reason(
                    "A DNA Future counts as an EVOLVE-timing card, which an Abnormal Digimon cannot use.",
                    C.DNA_NOT_ABNORMAL,
                ),
                Reason(
                    "With an Abnormal active, the rest of the phase is skipped: no evolving by DP, DNA or any other "
                    "method than Evolution type cards.",
                    C.ABNORMAL_SKIPS_REST,
                ),
            )
        return (
            Reason("An Abnormal Digimon can't evolve by DP or by DNA: only by an Evolution card.", C.ABNORMAL_STATE),
            Reason(
                "With an Abnormal active, the rest of the phase is skipped: no evolving by DP, DNA or any other "
                "method than Evolution type cards.",
                C.ABNORMAL_SKIPS_REST,
            ),
        )
    return (Reason("That is not an evolution your active Digimon can make now.", C.CHOOSE_METHOD),)


# -- the first turn, and the turn after -------------------------------------------------------------------------


def first_turn_skip(state: DState, top: Frame, rng: random.Random) -> Step:
    state.pop()
    return step(
        state,
        Phase.STRATEGY,
        state.active,
        "The game's first turn: the Strategy, Support and Battle Phases are skipped.",
        (C.STRATEGY_FIRST_TURN, C.SUPPORT_FIRST_TURN, C.BATTLE_FIRST_TURN),
    )


def end_cleanup(state: DState, top: Frame, rng: random.Random) -> Step:
    """DMB's End Phase (the same five steps), then the next turn laid out by DBE's turn."""
    from .battle import end_lingering

    hand_open = any(side.battle.hand_open for side in state.sides)
    done = dmb_battle.end_cleanup(state, top, rng)
    state.goto(*turn_frames(state))
    return end_lingering(done, hand_open)


def answer_rack(state: DState, top: Frame, chosen: Action) -> Step:
    """Racking up: the card gives its "+P" in the DP zone."""
    done = dmb_evolution.answer_rack(state, top, chosen)
    if chosen.kind == "no-rack":
        return done
    negative = state.cards[state.uid(chosen.cards[0])].plus_p < 0  # "-X0 +P": the DP the player has is lowered
    return replace(
        done,
        citations=(*done.citations, *(C.MORE["negative-plus-p"] if negative else ())),
        glossary=(*done.glossary, C.PLUS_P),
    )


def answer_matrix(state: DState, top: Frame, chosen: Action) -> Step:
    """Matrix Evolve's choice (the cards revealed by ``matrix``): the chosen Future evolves the active Digimon by the
    Evolution card's steps; the rest go back in the same order; then the card's other effects resolve (also when no
    Future was chosen: the evolution failed)."""
    player = chosen.player
    side = state.sides[player]
    card_uid = state.uid(top["card"])
    card = state.cards[card_uid]
    was_abnormal = side.abnormal
    state.pop()
    side.evolve_zone.remove(card_uid)
    if chosen.kind == "matrix-none":
        back = put_back(state, player)
        side.trash.append(card_uid)
        state.pop()  # the Evolution Phase's evolve step: no evolution this turn
        done = step(
            state,
            Phase.EVOLUTION,
            player,
            f"{name(player)} evolves to none of them: the evolution fails. The {back} "
            f"revealed cards go back on top of the deck in the same order, without a shuffle; {card.name} goes to the "
            "trash.",
            (C.CARD_FAILS, C.MATRIX),
            [state.card_event("discard", player, (card_uid,))],
        )
    else:
        uid = state.uid(chosen.cards[0])
        side.looking.remove(uid)
        back = put_back(state, player)
        side.hand += [uid, card_uid]  # the Evolution card's steps take the Future and the card from where they wait
        ids = state.instances.ids
        done = answer_evolve(state, state.frames[-1], action("evolve-with", player, ids[card_uid], ids[uid]))
        cited = (*done.citations, C.MATRIX) + ((C.MATRIX_ABNORMAL,) if was_abnormal else ())
        done = replace(
            done,
            narration=f"{done.narration} The other {back} revealed cards go back on top of the deck in the same "
            "order, without a shuffle.",
            citations=tuple(dict.fromkeys(cited)),
        )
    rest = run_effects(state, player, tuple(e for e in card.effects if e.spec.timing == "evolve"), card_uid)
    if not rest.narration:
        return done
    quoted = {
        c.id for c in done.citations
    }  # a clause the evolution already quotes is not quoted again in another piece
    cited = tuple(dict.fromkeys((*done.citations, *(c for c in rest.citations if c.id not in quoted))))
    return replace(
        done,
        narration=f"{done.narration} {card.name} finishes resolving: {rest.narration}",
        citations=cited,
        glossary=words_used((*done.glossary, *rest.glossary), cited),
        events=(*done.events, *rest.events),
    )

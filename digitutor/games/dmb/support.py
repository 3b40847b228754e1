"""The Strategy Phase (the secret attack choice) and the Support Phase (declare, Jam, Void first, resolve LIFO)."""

from __future__ import annotations

import random

from ...core.actions import Action, action
from ...core.frames import Frame, frame
from ...core.records import Decision, Event, Option, Step
from ...core.secret import record, secret_round
from .cards import ATTACKS, SYMBOLS, Card
from .checks import why_not_support
from .common import draw, name, step, trash_top
from .effects import is_void
from .run import run_effects
from .state import DState, Phase


def battle_frames() -> list[Frame]:
    return [frame("battle.abilities"), frame("battle.first"), frame("battle.second"), frame("battle.ko")]


def support_frames(state: DState) -> list[Frame]:
    turn, other = state.active, 1 - state.active
    return [
        frame("support.activate", turn),
        frame("support.activate", other),
        frame("support.declare", other),
        frame("support.declare", turn),
        frame("support.jam-window"),
        frame("support.void"),
        frame("support.resolve", turn),
        frame("support.resolve", other),
    ]


def strategy_start(state: DState, top: Frame, rng: random.Random) -> Step:
    player, opponent = state.active, 1 - state.active
    if not state.sides[opponent].active:
        events = [trash_top(state, opponent, 2), draw(state, player, 1)]
        state.goto(*support_frames(state), frame("battle.unopposed"))
        return step(
            state,
            Phase.STRATEGY,
            player,
            f"{name(opponent)} has no active Digimon: unopposed victory bonus — {name(opponent)} trashes 2, "
            f"{name(player)} draws 1.",
            (state.cites.UNOPPOSED, state.cites.UNOPPOSED_BONUS),
            events,
            glossary=(state.cites.TRASH,),
        )
    *chooses, reveal = secret_round("strategy", (player, opponent))
    state.goto(
        *chooses,
        *support_frames(state),
        frame("battle.activate", player),
        frame("battle.activate", opponent),
        reveal,
        *battle_frames(),
    )
    return step(
        state,
        Phase.STRATEGY,
        None,
        "Both players choose Circle, Triangle or Cross, secretly and at the same time.",
        (state.cites.CHOOSE_ATTACK, state.cites.SECRETLY, state.cites.FACE_DOWN_ATTACK),
    )


def attack_label(card: Card, attack: str) -> str:
    chosen = card.attack(attack)
    ability = (
        (
            f", {chosen.ability}{' ' + SYMBOLS.get(chosen.arg, chosen.arg) if chosen.arg else ''}"
            f"{' ' + str(chosen.amount) if chosen.amount else ''}"
        )
        if chosen.ability
        else ""
    )
    return f"{SYMBOLS[attack]} ({chosen.power}{ability})"


def ask_strategy(state: DState, top: Frame) -> Decision:
    player = top.player
    assert player is not None
    card = state.top_card(player)
    options = tuple(Option(action("attack", player, choice=attack), attack_label(card, attack)) for attack in ATTACKS)
    return Decision(
        player,
        "strategy",
        f"{name(player)}: choose your attack in secret.",
        options,
        (state.cites.CHOOSE_ATTACK, state.cites.SECRETLY, state.cites.BLUFF),
        Phase.STRATEGY.value,
    )


def answer_strategy(state: DState, top: Frame, chosen: Action) -> Step:
    player = chosen.player
    record(state, "strategy", player, chosen.param("choice") or "circle")
    state.pop()
    return step(
        state,
        Phase.STRATEGY,
        player,
        f"{name(player)} chooses an attack, face down.",
        (state.cites.CHOOSE_ATTACK, state.cites.FACE_DOWN_ATTACK),
    )


# -- Support Phase -----------------------------------------------------------------------------------------------


def ask_support(state: DState, top: Frame) -> Decision:
    player = top.player
    assert player is not None
    side = state.sides[player]
    ids = state.instances.ids
    options = [
        Option(action("support", player, ids[uid]), f"Support with {state.label(uid)}", why_not_support(state, uid))
        for uid in side.hand
    ]
    for option in (uid for uid in side.destiny if state.cards[uid].partner_option):
        for partner in partner_cards(state, player):
            options.append(
                Option(
                    action("partner-option", player, ids[option], ids[partner]),
                    f"Discard {state.label(partner)} to Support with the {state.cites.WORDS['partner-option']} "
                    f"{state.label(option)}",
                )
            )
    if side.deck:
        options.append(Option(action("blind", player), "Support blind from the top of your deck (face down)"))
    options.append(Option(action("no-support", player), "No Support"))
    cited = (
        state.cites.SUPPORTING,
        state.cites.NON_TURN_DECLARES if player != state.active else state.cites.TURN_DECLARES,
    )
    return Decision(
        player,
        "support",
        f"{name(player)}: declare your Support (or none).",
        tuple(options),
        cited,
        Phase.SUPPORT.value,
    )


def partner_cards(state: DState, player: int) -> list[int]:
    """The Partner cards in the hand a Partner Option may be paid with: copies of the declared partner."""
    side = state.sides[player]
    return [uid for uid in side.hand if side.partner is not None and state.cards[uid].id == side.partner]


def answer_support(state: DState, top: Frame, chosen: Action) -> Step:
    player = chosen.player
    side = state.sides[player]
    state.pop()
    order = state.cites.NON_TURN_DECLARES if player != state.active else state.cites.TURN_DECLARES
    if chosen.kind == "partner-option":
        option, partner = state.uid(chosen.cards[0]), state.uid(chosen.cards[1])
        side.hand.remove(partner)
        side.trash.append(partner)
        side.destiny.remove(option)
        side.support.append(option)
        return step(
            state,
            Phase.SUPPORT,
            player,
            f"{name(player)} discards {state.label(partner)} and supports with the "
            f"{state.cites.WORDS['partner-option']} {state.label(option)} from the Destiny Zone.",
            (state.cites.PARTNER_OPTION, state.cites.SUPPORTING, order),
            [state.card_event("discard", player, (partner,)), state.card_event("support", player, (option,))],
        )
    if chosen.kind == "no-support":
        return step(
            state, Phase.SUPPORT, player, f"{name(player)} declares no Support.", (state.cites.SUPPORTING, order)
        )
    if chosen.kind == "blind":
        uid = side.deck.pop()
        side.support.append(uid)
        side.blind = True
        event = Event("blind-support", player, (state.iid(uid),), (state.label(uid),), {}, ())
        return step(
            state,
            Phase.SUPPORT,
            player,
            f"{name(player)} supports blind: the top card of their deck, face down.",
            (state.cites.SUPPORTING, order),
            [event],
        )
    uid = state.uid(chosen.cards[0])
    side.hand.remove(uid)
    side.support.append(uid)
    return step(
        state,
        Phase.SUPPORT,
        player,
        f"{name(player)} supports with {state.label(uid)}.",
        (state.cites.SUPPORTING, order),
        [state.card_event("support", player, (uid,))],
    )


def can_jam(state: DState, player: int) -> bool:
    """The window of 5.3: this player's active has a Jamming Cross, and the
    opponent supported with a Digimon card (face up)."""
    card = state.top_card(player)
    other = state.sides[1 - player]
    if card is None or card.attack("cross").ability != "jamming" or not other.support or other.blind:
        return False
    return state.cards[other.support[-1]].is_digimon and not other.battle.voided


def jam_window(state: DState, top: Frame, rng: random.Random) -> None:
    jammers = [frame("support.jam", p) for p in (state.active, 1 - state.active) if can_jam(state, p)]
    state.goto(*jammers)
    return None


def ask_jam(state: DState, top: Frame) -> Decision | None:
    player = top.player
    assert player is not None
    if not can_jam(state, player):
        return None
    from .checks import ACTIONS

    reasons = ACTIONS["jam"].reasons(state, top, action("jam", player))
    options = (
        Option(action("jam", player), "Reveal your Cross and Jam: Void their Digimon Support", reasons),
        Option(action("no-jam", player), "Do not Jam"),
    )
    return Decision(
        player,
        "jam",
        f"{name(player)}: {name(1 - player)} supported with a Digimon. Reveal a Jamming Cross?",
        options,
        (state.cites.JAM_WINDOW, state.cites.JAMMING_ODDBALLS, state.cites.JAM_ASKED, state.cites.BLIND_JAM),
        Phase.SUPPORT.value,
    )


def answer_jam(state: DState, top: Frame, chosen: Action) -> Step:
    player = chosen.player
    state.pop()
    if chosen.kind == "no-jam":
        return step(
            state,
            Phase.SUPPORT,
            player,
            f"{name(player)} does not Jam.",
            (state.cites.JAM_WINDOW, state.cites.JAM_ASKED),
        )
    other = state.sides[1 - player]
    other.alter(voided=True, abilities=(*other.battle.abilities, "jammed"))
    uid = other.support[-1]
    return step(
        state,
        Phase.SUPPORT,
        player,
        f"{name(player)} reveals Cross with Jamming: {name(1 - player)}'s Digimon Support {state.label(uid)} is "
        "voided, and so is their Cross ability.",
        (state.cites.JAM_WINDOW, state.cites.A_JAMMING, state.cites.JAMMING_ODDBALLS),
        [Event("reveal-attack", player, data={"attack": "cross"}), Event("void", 1 - player)],
        glossary=(state.cites.VOID,),
    )


def support_void(state: DState, top: Frame, rng: random.Random) -> Step | None:
    """Blind Supports turn face up as resolving begins; then Void timings are checked before all other effects, the turn
    player's first. The step cites the Void timing only when a Support is voided."""
    state.pop()
    events, told, cited, flipped = [], [], [], []
    for player in (state.active, 1 - state.active):
        side = state.sides[player]
        if side.blind:
            side.blind = False
            flipped.append(player)
            events.append(state.card_event("flip-support", player, side.support))
            told.append(f"{name(player)}'s blind Support is {state.label(side.support[-1])}.")
    voiders = [
        (p, card)
        for p in (state.active, 1 - state.active)
        if (card := _support(state, p)) is not None and is_void(card.supports)
    ]
    for player, card in voiders:
        side, other = state.sides[player], state.sides[1 - player]
        if side.battle.voided and not state.cites.VOIDS_CANNOT_BE_VOIDED:
            continue
        if other.support and not other.battle.voided:
            other.alter(voided=True)
            cited += [state.cites.VOID_FIRST, *(e.citation for e in card.supports if e.spec.timing == "void")]
            told.append(f"{name(player)}'s {card.name} voids {name(1 - player)}'s Support.")
            events.append(Event("void", 1 - player))
    if len(voiders) == 2 and cited:
        cited.append(state.cites.VOID_ORDER)
        if state.cites.VOIDS_CANNOT_BE_VOIDED:  # DBE: both Voids apply, each to the other card's other effects
            cited.append(state.cites.VOIDS_NOT_VOIDS)
    if not told:
        return None
    revealed = (
        [state.cites.RESOLVE_LIFO, state.cites.SUPPORTING] if flipped else []
    )  # a face-down Support is seen as it resolves
    return step(
        state,
        Phase.SUPPORT,
        None,
        " ".join(told),
        cited + revealed,
        events,
        glossary=(state.cites.VOID,) if cited else (),
    )


def _support(state: DState, player: int) -> Card | None:
    side = state.sides[player]
    return state.cards[side.support[-1]] if side.support else None


def support_resolve(state: DState, top: Frame, rng: random.Random) -> Step | None:
    player = top.player
    assert player is not None
    state.pop()
    card = _support(state, player)
    if card is None:
        return None
    side = state.sides[player]
    order = [state.cites.RESOLVE_LIFO]
    if side.battle.voided:
        return step(
            state,
            Phase.SUPPORT,
            player,
            f"{name(player)}'s {card.name} is voided: it does nothing.",
            order,
            glossary=(state.cites.VOID,),
        )
    effects = tuple(e for e in card.supports if e.spec.timing in ("support", "data"))
    timing = (
        [*state.cites.MORE.get("data", ()), state.cites.DATA_TIMING, state.cites.EFFECT_TIMING]
        if any(e.spec.timing == "data" for e in effects)
        else []
    )
    if not effects:
        side.alter(voided=True)
        why = "has no Support text" if not card.supports else "has only a Void effect left"
        return step(
            state,
            Phase.SUPPORT,
            player,
            f"{name(player)}'s {card.name} {why}: it misfires.",
            [*order, state.cites.MISFIRE],
        )
    state.frames.append(top)  # still resolving: a choice the effects ask for belongs to the Support Phase
    outcome = run_effects(state, player, effects, side.support[-1])
    state.frames.remove(top)
    return step(
        state,
        Phase.SUPPORT,
        player,
        f"{name(player)}'s {card.name} resolves: {outcome.narration}",
        order + outcome.citations,
        outcome.events,
        glossary=timing + outcome.glossary,
    )

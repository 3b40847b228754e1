"""Effects that ask a player to choose: an opponent's discard, Take (with the Cherrypicking rules), and Recode /
Corrupt (look at the top cards of a deck and put each on the top or the bottom).

A verb that needs a choice pushes its frame; the frame runs before anything else resolves, so a card lists such a
verb last. The cards being looked at wait in the deck owner's ``looking`` zone, seen only by the looker.
"""

from __future__ import annotations

import random
from typing import Protocol

from ...core.actions import Action, action
from ...core.effects import Verb
from ...core.frames import Frame, frame
from ...core.records import Decision, Event, Option, Reason, Step
from ...rules.model import Citation
from .cards import valid_line
from .common import in_zone, name, owner_of, step
from .effects import can_attach
from .state import DState, Phase, frame_phase


class Cited(Protocol):
    """Where ``attach`` adds the clauses it used: an effect run's outcome
    (``run.Outcome``, which imports this module)."""

    citations: list[Citation]
    glossary: list[Citation]


def push_discard(state: DState, player: int, count: int) -> str:
    if not state.sides[player].hand:
        return f"{name(player)} has no cards in hand to discard."
    state.frames.append(frame("effect.discard", player, count=count, phase=state.phase.value))
    return f"{name(player)} discards {count} of their choice."


def push_take(state: DState, player: int, verb: Verb, to: str = "hand") -> str:
    what = verb.what
    zone = what.zone if what is not None and what.zone in ("deck", "trash") else "trash"
    state.frames.append(
        frame(
            "effect.take",
            player,
            zone=zone,
            level=getattr(what, "level", None),
            sort=getattr(what, "kind", None),
            to=to,
            phase=state.phase.value,
        )
    )
    purpose = {"deck": " for the top of the deck.", "under": " to place under their Digimon."}
    return f"{name(player)} picks a card from their {zone}" + purpose.get(to, ".")


def attach(state: DState, player: int, uid: int, outcome: Cited | None = None) -> str:
    """Attach: next to the active Digimon, in the one attachment slot (a card already there is discarded)."""
    side = state.sides[player]
    for either in state.sides:  # a card may be attached to the opponent's Digimon (DBE)
        for zone in (either.support, either.hand, either.trash, either.deck):
            if uid in zone:
                zone.remove(uid)
    told = ""
    if side.attached:
        old = side.attached.pop()
        state.sides[owner_of(state, old, player)].trash.append(old)
        side.trash.extend(side.kept)  # DBE: the DP kept under it goes with it
        side.kept, side.kept_dp = [], 0
        told = f" {state.label(old)} is discarded to make room; its effects stop."
        if outcome is not None:  # one attachment slot: the card already there is discarded and replaced
            outcome.citations += [state.cites.ATTACH, state.cites.ATTACHMENT_SLOT, state.cites.LEAVING_A_ZONE]
    side.attached.append(uid)
    if outcome is not None:
        if (
            owner_of(state, uid, player) != player
        ):  # "Attachments can only target your own Digimon unless otherwise specified"
            outcome.citations.append(state.cites.ATTACH)
        outcome.glossary.append(state.cites.ATTACHMENT_SLOT)
    return f"{state.label(uid)} is attached to {name(player)}'s {state.label(side.active[-1])}.{told}"


def push_attach_from(state: DState, player: int, zone: str) -> str:
    state.frames.append(frame("effect.attach", player, zone=zone, phase=state.phase.value))
    return f"{name(player)} attaches a card from their {zone}."


def push_shatter(state: DState, player: int) -> str:
    if not any(side.attached for side in state.sides):
        return ""
    state.frames.append(frame("effect.shatter", player, phase=state.phase.value))
    return f"{name(player)} may discard an attached card."


def push_look(state: DState, looker: int, owner: int, count: int, corrupt: bool) -> str:
    side = state.sides[owner]
    taken = [side.deck.pop() for _ in range(min(count, len(side.deck)))]
    if not taken:
        return f"{name(owner)}'s deck is empty: nothing to look at."
    side.looking = list(reversed(taken))  # top first
    side.looker = looker
    state.frames.append(frame("effect.look", looker, owner=owner, corrupt=corrupt, phase=state.phase.value))
    whose = "their own" if owner == looker else f"{name(owner)}'s"
    return f"{name(looker)} looks at the top {len(taken)} of {whose} deck."


def _matches(state: DState, uid: int, top: Frame) -> bool:
    card = state.cards[uid]
    return (top.get("level") is None or card.level == top["level"]) and (
        top.get("sort") is None or card.counts_as(top["sort"])
    )


# -- an opponent's discard (their choice) -------------------------------------------------------------------------


def ask_discard(state: DState, top: Frame) -> Decision | None:
    player = top.player
    assert player is not None
    hand = state.sides[player].hand
    if not hand or top["count"] <= 0:
        return None
    ids = state.instances.ids
    options = tuple(Option(action("effect-discard", player, ids[uid]), f"Discard {state.label(uid)}") for uid in hand)
    return Decision(
        player,
        "effect-discard",
        f"{name(player)}: discard {top['count']} card(s) of your choice.",
        options,
        (state.cites.DISCARD, state.cites.OPPONENT_DISCARDS),
        state.phase.value,
    )


def answer_discard(state: DState, top: Frame, chosen: Action) -> Step:
    player = chosen.player
    uid = state.uid(chosen.cards[0])
    side = state.sides[player]
    side.hand.remove(uid)
    side.trash.append(uid)
    state.frames[-1] = top.but(count=top["count"] - 1)
    return step(
        state,
        state.phase,
        player,
        f"{name(player)} discards {state.label(uid)}.",
        (state.cites.DISCARD, state.cites.OPPONENT_DISCARDS),
        [state.card_event("discard", player, (uid,))],
    )


# -- Take, and the Cherrypicking rules ----------------------------------------------------------------------------


def ask_take(state: DState, top: Frame) -> Decision | None:
    player = top.player
    assert player is not None
    pile = getattr(state.sides[player], top["zone"])
    found = [uid for uid in pile if _matches(state, uid, top)]
    if not found:
        return None
    ids = state.instances.ids
    options = tuple(Option(action("take", player, ids[uid]), f"Take {state.label(uid)}") for uid in found)
    return Decision(
        player,
        "take",
        f"{name(player)}: take a card from your {top['zone']}.",
        options,
        (state.cites.TAKE,),
        state.phase.value,
    )


def check_take(state: DState, top: Frame | None, chosen: Action) -> tuple[Reason, ...]:
    """Take: one card of the searched zone that is what the effect asks for."""
    if top is None:
        return (
            ()
            if len(chosen.cards) == 1 and not chosen.params
            else (Reason("Name the one card to take.", state.cites.TAKE),)
        )
    uid = (
        in_zone(state, chosen.player, top["zone"], chosen.cards[0])
        if len(chosen.cards) == 1 and not chosen.params
        else None
    )
    if uid is None or not _matches(state, uid, top):
        return (Reason(f"Name one card of your {top['zone']} that the effect lets you take.", state.cites.TAKE),)
    return ()


def no_take(state: DState, top: Frame, rng: random.Random) -> Step:
    phase = frame_phase(top)
    player = top.player
    assert player is not None
    state.pop()
    cited = [state.cites.TAKE, state.cites.MISFIRE]
    told = f"{name(player)} has no such card in their {top['zone']}: the Take misfires."
    if top["zone"] == "deck":
        rng.shuffle(state.sides[player].deck)
        cited.append(state.cites.CHERRYPICKING)
        told += " The deck was searched, so it is shuffled."
    return step(state, phase, player, told, cited)


def answer_take(state: DState, top: Frame, chosen: Action) -> Step:
    phase = frame_phase(top)
    player = chosen.player
    uid = state.uid(chosen.cards[0])
    side = state.sides[player]
    getattr(side, top["zone"]).remove(uid)
    state.goto(frame("effect.shuffle", player, phase=top["phase"])) if top["zone"] == "deck" else state.pop()
    if top.get("to") == "deck":
        side.deck.append(uid)
        return step(
            state,
            phase,
            player,
            f"{name(player)} puts {state.label(uid)} from the trash on top of the deck (no shuffle).",
            (state.cites.RECYCLE_ANY,),
            [state.card_event("recycle", player, (uid,))],
        )
    if top.get("to") == "under":
        return _placed_under(state, phase, player, uid)
    side.hand.append(uid)
    cited = [state.cites.TAKE] + ([state.cites.CHERRYPICKING] if top["zone"] == "deck" else [])
    return step(
        state,
        phase,
        player,
        f"{name(player)} takes {state.label(uid)} from their {top['zone']} and shows it.",
        cited,
        [state.card_event("take", player, (uid,))],
    )


def _placed_under(state: DState, phase: Phase, player: int, uid: int) -> Step:
    """A card goes under the active Digimon; an Abnormal one whose line is now a valid evolution becomes Normal."""
    side = state.sides[player]
    top = side.active[-1]
    side.active.insert(len(side.active) - 1, uid)
    told = f"{name(player)} places {state.label(uid)} under {state.label(top)}."
    cited = [state.cites.PLACED_UNDER]
    if side.abnormal:
        if valid_line(state.cards[uid], state.cards[top]):
            side.abnormal = False
            told += (
                f" {state.label(uid)} to {state.label(top)} would be a valid evolution: {state.label(top)} is no "
                "longer Abnormal."
            )
        else:
            told += (
                f" {state.label(uid)} to {state.label(top)} would not be a valid evolution: {state.label(top)} stays "
                "Abnormal."
            )
        cited.append(state.cites.ABNORMAL)
    return step(state, phase, player, told, cited, [state.card_event("put-under", player, (uid,))])


# -- Attach D/T/H and Shatter ------------------------------------------------------------------------------------------


def _attachable(state: DState, player: int, zone: str) -> list[int]:
    return [uid for uid in getattr(state.sides[player], zone) if can_attach(state.cards[uid].effects)]


def ask_attach(state: DState, top: Frame) -> Decision | None:
    player = top.player
    assert player is not None
    found = _attachable(state, player, top["zone"]) if state.sides[player].active else []
    if not found:
        return None
    ids = state.instances.ids
    options = tuple(Option(action("attach", player, ids[uid]), f"Attach {state.label(uid)}") for uid in found)
    return Decision(
        player,
        "attach",
        f"{name(player)}: attach a card from your {top['zone']}.",
        options,
        (state.cites.A_ATTACH, state.cites.ATTACH),
        state.phase.value,
    )


def check_attach(state: DState, top: Frame | None, chosen: Action) -> tuple[Reason, ...]:
    """Attach: one card of the named zone that can be attached, to a player with an active Digimon."""
    named = len(chosen.cards) == 1 and not chosen.params
    if top is None:
        return () if named else (Reason("Name the one card to attach.", state.cites.A_ATTACH),)
    uid = in_zone(state, chosen.player, top["zone"], chosen.cards[0]) if named else None
    if (
        uid is None
        or not state.sides[chosen.player].active
        or uid not in _attachable(state, chosen.player, top["zone"])
    ):
        return (Reason(f"Name one card of your {top['zone']} that can be attached.", state.cites.A_ATTACH),)
    return ()


def no_attach(state: DState, top: Frame, rng: random.Random) -> Step:
    phase = frame_phase(top)
    player = top.player
    assert player is not None
    state.pop()
    cited = [state.cites.A_ATTACH, state.cites.MISFIRE]
    told = f"{name(player)} has no card that can be attached in their {top['zone']}: Attach misfires."
    if top["zone"] == "deck":
        rng.shuffle(state.sides[player].deck)
        cited.append(state.cites.CHERRYPICKING)
    return step(state, phase, player, told, cited, glossary=(state.cites.ATTACH,))


def answer_attach(state: DState, top: Frame, chosen: Action) -> Step:
    phase = frame_phase(top)
    player = chosen.player
    uid = state.uid(chosen.cards[0])
    from_deck = top["zone"] == "deck"
    state.goto(frame("effect.shuffle", player, phase=top["phase"])) if from_deck else state.pop()
    replacing = bool(state.sides[player].attached)
    told = attach(state, player, uid)
    cited = (
        [state.cites.A_ATTACH]
        + ([state.cites.ATTACH, state.cites.ATTACHMENT_SLOT, state.cites.LEAVING_A_ZONE] if replacing else [])
        + ([state.cites.CHERRYPICKING] if from_deck else [])
    )
    return step(
        state,
        phase,
        player,
        told,
        cited,
        [state.card_event("attach", player, (uid,))],
        glossary=(state.cites.ATTACH, state.cites.ATTACHMENT_SLOT),
    )


def ask_shatter(state: DState, top: Frame) -> Decision | None:
    player = top.player
    assert player is not None
    attached = [(p, uid) for p in (0, 1) for uid in state.sides[p].attached]
    if not attached:
        return None
    ids = state.instances.ids
    options = [
        Option(action("shatter", player, ids[uid]), f"Discard {name(p)}'s attached {state.label(uid)}")
        for p, uid in attached
    ]
    options.append(Option(action("no-shatter", player), "Discard nothing"))
    return Decision(
        player,
        "shatter",
        f"{name(player)}: the Shatter attack hit. Discard an attached card?",
        tuple(options),
        (state.cites.A_SHATTER,),
        state.phase.value,
    )


def check_shatter(state: DState, top: Frame | None, chosen: Action) -> tuple[Reason, ...]:
    """Shatter: one card attached to either player's Digimon."""
    uid = state.uid(chosen.cards[0]) if len(chosen.cards) == 1 and not chosen.params else None
    if uid is None or not any(uid in side.attached for side in state.sides):
        return (Reason("Name one attached card (of either player) to discard.", state.cites.A_SHATTER),)
    return ()


def answer_shatter(state: DState, top: Frame, chosen: Action) -> Step:
    phase = frame_phase(top)
    player = chosen.player
    state.pop()
    if chosen.kind == "no-shatter":
        return step(state, phase, player, f"{name(player)} discards no attachment.", (state.cites.A_SHATTER,))
    uid = state.uid(chosen.cards[0])
    owner = next(p for p in (0, 1) if uid in state.sides[p].attached)
    state.sides[owner].attached.remove(uid)
    state.sides[owner_of(state, uid, owner)].trash.append(uid)
    state.sides[owner].trash.extend(state.sides[owner].kept)  # DBE: the DP kept under it goes with it
    state.sides[owner].kept, state.sides[owner].kept_dp = [], 0
    return step(
        state,
        phase,
        player,
        f"{name(player)} Shatters {name(owner)}'s attached {state.label(uid)}: it is discarded, and its effects stop.",
        (state.cites.A_SHATTER, state.cites.LEAVING_A_ZONE),
        [state.card_event("discard", owner, (uid,))],
    )


def effect_shuffle(state: DState, top: Frame, rng: random.Random) -> Step:
    phase = frame_phase(top)
    player = top.player
    assert player is not None
    rng.shuffle(state.sides[player].deck)
    state.pop()
    return step(
        state,
        phase,
        player,
        f"{name(player)} shuffles the deck that was picked from.",
        (state.cites.CHERRYPICKING, *state.cites.MORE.get("shuffle", ())),
    )


# -- Recode and Corrupt ----------------------------------------------------------------------------------------------


def ask_look(state: DState, top: Frame) -> Decision | None:
    looker = top.player
    assert looker is not None
    side = state.sides[top["owner"]]
    if not side.looking:
        return None
    ids = state.instances.ids
    options = []
    for uid in side.looking:
        options.append(Option(action("recode-top", looker, ids[uid]), f"Put {state.label(uid)} on top"))
        options.append(Option(action("recode-bottom", looker, ids[uid]), f"Put {state.label(uid)} on the bottom"))
    rule = (
        (state.cites.CORRUPT, state.cites.A_CORRUPT) if top["corrupt"] else (state.cites.RECODE, state.cites.A_RECODE)
    )
    return Decision(
        looker,
        "recode",
        f"{name(looker)}: put each card on the top or the bottom, in any order.",
        tuple(options),
        rule,
        state.phase.value,
    )


def check_look(state: DState, top: Frame | None, chosen: Action) -> tuple[Reason, ...]:
    """Recode or Corrupt: one of the cards being looked at goes on top or at the bottom."""
    named = len(chosen.cards) == 1 and not chosen.params
    if top is None:
        return () if named else (Reason("Name the one card to put back.", state.cites.RECODE),)
    if not named or state.uid(chosen.cards[0]) not in state.sides[top["owner"]].looking:
        rule = state.cites.CORRUPT if top["corrupt"] else state.cites.RECODE
        return (Reason("Name one of the cards being looked at.", rule),)
    return ()


def done_looking(state: DState, top: Frame, rng: random.Random) -> None:
    state.sides[top["owner"]].looker = None
    state.pop()
    return None


def answer_look(state: DState, top: Frame, chosen: Action) -> Step:
    looker = chosen.player
    owner = top["owner"]
    side = state.sides[owner]
    uid = state.uid(chosen.cards[0])
    side.looking.remove(uid)
    if chosen.kind == "recode-top":
        side.deck.append(uid)
        where = "on top of"
    else:
        side.deck.insert(0, uid)
        where = "at the bottom of"
    rule = state.cites.CORRUPT if top["corrupt"] else state.cites.RECODE
    return step(
        state,
        state.phase,
        looker,
        f"{name(looker)} puts a card {where} {name(owner)}'s deck.",
        (rule, *state.cites.MORE.get("look", ())),
        [Event("recode", owner, data={"where": "top" if chosen.kind == "recode-top" else "bottom"})],
    )

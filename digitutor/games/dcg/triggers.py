"""Triggered effects: waiting in order, the owner's choice of order, activation, and choices inside effects.

When something triggers effects (a Digimon is played, digivolves, attacks, is deleted, a
security card is checked), an ``effects.pending`` frame is pushed above whatever was
running, so effects triggered while others resolve go first (dcg:effect-activation-order.p5).
Within one frame the turn player's effects activate first, then the opponent's
(p3, p4); a player with several decides their order (p2). An effect whose Digimon or
Tamer left play before it activates does not activate (p6), nor one of a Digimon in the breeding area, nor an
inherited effect whose card is no longer a digivolution card.

A pending effect is plain data: (owner, card, part, index, this) — ``part`` is ``own``,
``inherited`` or ``security``; ``this`` the Digimon it belongs to (its top card).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence

from msgspec.structs import replace

from ...core.actions import Action, action
from ...core.choosing import ChoiceRules, choice_frame, picked_cards
from ...core.effects import Effect, Selector, Verb, VerbHooks, VerbResult, run_verbs
from ...core.frames import Frame, frame
from ...core.records import Decision, Event, Option, Reason, Step
from ...rules.model import Citation
from . import citations as C
from .effects import RULES
from .layer import WORLD
from .moves import delete, enter_play, leave_play, name, overflow, put, step, take, trash_all
from .sight import Before, move_events, views
from .state import CState

Pending = tuple[int, str, str, int, str]  #: (owner, card iid, part, effect index, this iid)
#: verbs whose work lives in a module above this one (a digivolution by an effect is play.py's): the procedure table,
#: the one place that knows every module, connects them, so that this module imports only downward
UPWARD: dict[str, Callable[..., list[int]]] = {}
PARTS = {"own": "effects", "inherited": "inherited_effects", "security": "security_effects"}


def effect_of(state: CState, item: Pending) -> Effect:
    _, card_iid, part, index, _ = item
    return getattr(state.cards[state.uid(card_iid)], PARTS[part])[index]


def triggered(
    state: CState, timing: str, owner: int, uid: int, this: int | None = None, parts: Sequence[str] = ("own",)
) -> list[Pending]:
    """The effects of card ``uid`` with ``timing`` (in the given parts), owned
    by ``owner``, for the Digimon ``this``."""
    found: list[Pending] = []
    card = state.cards[uid]
    for part in parts:
        for index, effect in enumerate(getattr(card, PARTS[part])):
            if effect.spec.timing == timing and not (
                effect.spec.once_per_turn and f"{state.iid(uid)}/{part}/{index}" in state.used
            ):
                found.append((owner, state.iid(uid), part, index, state.iid(this if this is not None else uid)))
    return found


def stack_triggers(state: CState, timing: str, owner: int, top: int, sources: Iterable[int] = ()) -> list[Pending]:
    """A Digimon's own effects with ``timing`` and its digivolution cards' inherited ones."""
    found = triggered(state, timing, owner, top)
    for uid in sources:
        found += triggered(state, timing, owner, uid, top, ("inherited",))
    return found


def push_pending(state: CState, items: Sequence[Pending]) -> None:
    """Effects triggered at once wait above everything running now (newer before older)."""
    if items:
        state.push(
            frame("effects.pending", state.active, pending=tuple(items), owners=tuple(sorted({i[0] for i in items})))
        )


def _next_owner(state: CState, pending: Sequence[Pending]) -> int:
    owners = {item[0] for item in pending}
    return state.active if state.active in owners else 1 - state.active


def ask_order(state: CState, top: Frame) -> Decision | None:
    """A player with several effects waiting at once picks the one that activates next."""
    pending = top["pending"]
    owner = _next_owner(state, pending)
    mine = [item for item in pending if item[0] == owner]
    if len(mine) < 2:
        return None
    options = []
    for item in mine:
        effect = effect_of(state, item)
        alone = sum(1 for other in mine if other[1] == item[1]) == 1  # the card names the effect: no numbers needed
        key = (
            action("resolve", owner, item[1])
            if alone
            else action("resolve", owner, item[1], effect=str(item[3]), part=item[2])
        )
        options.append(Option(key, f"Activate {state.label(state.uid(item[1]))}: {effect.spec.quote}"))
    cited: tuple = (C.OWNER_ORDERS, C.TURN_PLAYER_FIRST, C.THEN_OPPONENT, C.NEWER_FIRST)
    if _manuals_example(state, pending):  # the manual shows both orders: A first, "or" B first
        cited += (*C.EXAMPLE_A_FIRST, C.EXAMPLE_OR, *C.EXAMPLE_B_FIRST)
    return Decision(
        owner,
        "order",
        f"{name(owner)}: which of your effects activates first?",
        tuple(options),
        cited,
        state.phase.value,
    )


def activate_only(state: CState, top: Frame, rng: random.Random) -> Step | None:
    """One effect of the next owner waits (or none): it activates."""
    pending = top["pending"]
    if not pending:
        state.pop()
        return None
    owner = _next_owner(state, pending)
    item = next(item for item in pending if item[0] == owner)
    return activate(state, top, item)


def _named(top: Frame, chosen: Action) -> list[Pending]:
    """The waiting effects an order answer names: its card, and the effect's number and part when given."""
    return [
        i
        for i in top["pending"]
        if chosen.cards
        and i[1] == chosen.cards[0]
        and chosen.param("effect", str(i[3])) == str(i[3])
        and chosen.param("part", i[2]) == i[2]
    ]


def _manuals_example(state: CState, pending: Sequence[Pending]) -> bool:
    """The manual's activation order example: an Attack Effect A and a "When one of your Digimon attacks" Effect B."""
    return {"when-attacking", "your-digimon-attacks"} <= {effect_of(state, i).spec.timing for i in pending}


def answer_order(state: CState, top: Frame, chosen: Action) -> Step:
    item = _named(top, chosen)[0]
    example: tuple = ()
    if _manuals_example(state, top["pending"]):  # the order chosen is one of the manual's two
        example = C.EXAMPLE_A_FIRST if effect_of(state, item).spec.timing == "when-attacking" else C.EXAMPLE_B_FIRST
    step_ = activate(state, top, item)
    return replace(step_, citations=tuple(dict.fromkeys((C.OWNER_ORDERS, *example, *step_.citations))))


def check_order(state: CState, top: Frame | None, proposed: Action) -> tuple:
    if top is None:
        return ()
    owner = _next_owner(state, top["pending"])
    named = [i for i in _named(top, proposed) if i[0] == owner]
    if not named:
        return (Reason("That card has no effect waiting to activate now.", C.OWNER_ORDERS),)
    if len(named) > 1:
        return (
            Reason(
                "That card has several effects waiting: name one (effect=N, part=own|inherited|security).",
                C.OWNER_ORDERS,
            ),
        )
    return ()


def _cannot_activate(state: CState, item: Pending) -> tuple[str, tuple[Citation, ...]] | None:
    """Why a waiting effect can no longer activate (what happened, the rules), or None while it still can.

    Its Digimon or Tamer left play (p6); its Digimon is in the breeding area, where no effect activates
    (breeding-area.p2); or its card is no longer a digivolution card, and an inherited effect activates only
    while the card is placed as one (card information b13)."""
    owner, card_iid, part, _, this_iid = item
    uid, this = state.uid(card_iid), state.uid(this_iid)
    effect = effect_of(state, item)
    label = state.label(uid)
    left = (
        f"{label} left play before its effect could activate: it does not activate.",
        (C.LEFT_PLAY, C.LEFT_PLAY_CANCELLED),
    )
    if effect.spec.timing == "on-deletion":
        return None if uid in state.sides[owner].trash else left
    if part == "security" or state.cards[uid].category.value == "option":
        there = any(uid in side.field_cards for side in state.sides) or state.stack_of(uid) is not None
        return None if there else left
    where = state.stack_of(this)
    if where is None:
        return left
    if where[1] is None:
        return (
            f"{state.label(this)} is in the breeding area, where Digimon can't activate effects: {label}'s effect does "
            "not activate.",
            (C.BREEDING_NO_EFFECTS,),
        )
    if uid not in state.stack_at(*where).cards:
        return (
            f"{label} is no longer one of {state.label(this)}'s digivolution cards, and an inherited effect activates "
            "only while its card is placed as one: it does not activate.",
            (C.CARD_INHERITED,),
        )
    return None


def activate(state: CState, top: Frame, item: Pending) -> Step:
    """Take ``item`` out of the waiting effects and activate it (unless its card left play)."""
    rest = tuple(i for i in top["pending"] if i != item)
    if rest:
        state.frames[-1] = top.but(pending=rest)
    else:
        state.pop()
    owner, card_iid, _, _, _ = item
    effect = effect_of(state, item)
    uid = state.uid(card_iid)
    label = state.label(uid)
    order = _order_citations(state, top, item, effect, state.frames[:-1] if rest else state.frames)
    stopped = _cannot_activate(state, item)
    if stopped is not None:
        told, rules = stopped
        return step(state, state.phase, owner, told, (*rules, effect.citation, *order))
    if effect.spec.optional:
        state.push(frame("effect.optional", owner, item=item))
        return step(
            state,
            state.phase,
            owner,
            f'{name(owner)}\'s {label} may activate: "{effect.spec.quote}"',
            (effect.citation, *order),
        )
    done = run_effect(state, item)
    return replace(done, citations=tuple(dict.fromkeys((*done.citations, *order))))


def _order_citations(
    state: CState, top: Frame, item: Pending, effect: Effect, below: Sequence[Frame]
) -> list[Citation]:
    """The rules of effect activation order that decided this effect activates
    now (``below``: the frames under its own)."""
    pending = top["pending"]
    cited = []
    if len(pending) > 1:
        cited.append(C.SIMULTANEOUS)
    if len(top.get("owners", ())) > 1:  # both players' effects triggered at once
        cited.append(C.TURN_PLAYER_FIRST if item[0] == state.active else C.THEN_OPPONENT)
    if any(f.kind == "effects.pending" for f in below):  # older effects still wait under these
        cited.append(C.NEWER_FIRST)
    if effect.spec.timing == "on-deletion":
        cited.append(C.ON_DELETION_AFTER_TRASH)
    return cited


def ask_optional(state: CState, top: Frame) -> Decision:
    item = top["item"]
    effect = effect_of(state, item)
    owner = top.seat
    options = (
        Option(action("use-effect", owner), f"Use it: {effect.spec.quote}"),
        Option(action("decline", owner), "Do not use it"),
    )
    return Decision(
        owner,
        "optional",
        f"{name(owner)}: use this effect of {state.label(state.uid(item[1]))}?",
        options,
        (effect.citation, C.CARD_TEXT_FIRST),
        state.phase.value,
    )


def answer_optional(state: CState, top: Frame, chosen: Action) -> Step:
    item = top["item"]
    state.pop()
    if chosen.kind == "decline":
        effect = effect_of(state, item)
        return step(state, state.phase, chosen.player, f"{name(chosen.player)} does not use it.", (effect.citation,))
    return run_effect(state, item)


def run_effect(
    state: CState, item: Pending, start: int = 0, kept: dict | None = None, picked: Sequence[int] | None = None
) -> Step:
    """Run an effect's verbs (from ``start``); a choice a player must make stops it in a choice frame."""
    owner, card_iid, part, index, this_iid = item
    effect = effect_of(state, item)
    phase = state.phase  # before its verbs change the frames: the phase in which the effect activated
    if start == 0 and effect.spec.once_per_turn:
        state.used.append(f"{card_iid}/{part}/{index}")
    hooks = verb_hooks()
    verbs = (*effect.spec.cost, *effect.spec.do)  # "You may trash ... If you do, ...": the cost, then what it does
    before = Before.of(state)
    done = run_verbs(
        state,
        verbs,
        RULES,
        WORLD,
        hooks,
        owner,
        (state.uid(this_iid),),
        effect.citation,
        start=start,
        kept=kept,
        picked=picked,
    )
    label = state.label(state.uid(card_iid))
    rules, words = _what_rules(state, item, effect, verbs, start, done)
    done.citations.extend(rules)
    if any(verb == "choose" and not uids for verb, _, uids in done.moved) and any(s.breeding for s in state.sides):
        done.citations.append(C.BREEDING_NO_EFFECTS)  # nothing to choose: Digimon in a breeding area are out of reach
    if any(verb == "gain" and state.player_memory(who) == 10 for verb, who, _ in done.moved):
        done.citations.append(C.MAX_TEN)  # a gain stops at 10
    if done.waiting is not None:
        kept_plain = tuple(sorted(done.kept.items()))
        state.push(choice_frame(state, done.waiting, item=item, kept=kept_plain, quote=effect.spec.quote))
        told = f'{name(owner)}\'s {label}: "{effect.spec.quote}"'
        return step(
            state,
            phase,
            owner,
            told,
            (effect.citation, *done.citations),
            move_events(state, done, verbs[start:], before),
            glossary=words,
        )
    told, seen = views(state, done, verbs[start:], owner, before, f'{name(owner)}\'s {label}: "{effect.spec.quote}"')
    events = move_events(state, done, verbs[start:], before)
    if any(e.kind == "trash-sources" for e in events):
        done.citations.append(C.LEAVES_SOURCES_TRASHED)  # a Digimon that left play: its digivolution cards to the trash
    _effect_over(state)
    return step(state, phase, owner, told, (effect.citation, *done.citations), events, seen, glossary=words)


def _what_rules(
    state: CState, item: Pending, effect: Effect, every: Sequence[Verb], start: int, done: VerbResult
) -> tuple[list[Citation], list[Citation]]:
    """The clauses of the manual this effect's kind and verbs follow (Tokens, "with X in its text" ...), and the terms
    it uses (what a card's effect is, what a Token is ...): (rules, glossary). ``every``: all its verbs; those from
    ``start`` ran in this step."""
    verbs = every[start:]
    owner, card_iid, part, _, _ = item
    card = state.cards[state.uid(card_iid)]
    cited: list[Citation] = []
    words: list[Citation] = []
    if part == "inherited":
        cited.append(C.INHERITED)
        words.append(C.CARD_INHERITED)
    elif part == "own":
        words.append(
            C.TAMER_EFFECTS
            if card.category.value == "tamer"
            else C.OPTION_EFFECT
            if card.category.value == "option"
            else C.CARD_EFFECTS
        )
    elif effect.spec.timing == "security" and any(v.verb == "gain" for v in verbs) and owner != state.active:
        cited.append(C.HAMMER_SPARK)  # the checked card's owner gains, on the opponent's turn
    if any(v.verb in ("gain", "lose") for v in verbs):
        words.append(C.GAIN_LOSE)
    if any(
        v.verb == "change" and v.change is not None and v.change.value == "dp" and (v.change.by or 0) < 0 for v in verbs
    ):
        cited.append(C.DP_LOSS)  # effects can lower DP for a while
    if any(v.verb in ("suspend", "unsuspend") for v in verbs):
        words.append(C.SUSPENDING_WORDS)
    if any(u in state.instances.removed for _, _, uids in done.moved for u in uids):
        cited.append(C.TOKENS_REMOVED)  # a Token that would leave play is removed from the game
    if any(v.verb == "play-token" for v in verbs):
        cited.append(C.TOKENS_DIFFER)  # its name and abilities are the effect's
        words += [
            C.TOKENS_IN_BOOSTERS,
            C.TOKENS_SPECIAL,
            C.TOKENS_SEPARATE,
            C.TOKENS_NOT_IN_DECK,
            C.TOKENS_NO_DIGIVOLVE,
            C.TOKENS_NO_SOURCES,
            C.TOKENS_ARE_DIGIMON,
            C.TOKENS_STAY,
            C.TOKEN_CARDS,
        ]
    selectors = [s for v in verbs for s in (v.what, v.change.target if v.change else None) if s is not None]
    if any(s.trait for s in selectors):
        words.append(C.CARD_TRAITS)  # "with [Xros Heart] in its traits": what a card's traits are
    if any(s.text_contains for s in selectors):
        cited.append(C.WITH_X)
        words += [C.WITH_X_INTRO, C.WITH_X_MEANS]
        if any(s.text_contains and s.zone == "battle-area" for s in selectors):
            cited.append(C.WITH_X_TOP_ONLY)  # among Digimon and Tamers: the top card's text only
        if any(s.text_contains and s.text_contains.startswith(("<", "[")) for s in selectors):
            cited.append(C.WITH_X_EFFECT_TERMS)  # an effect's name: a card that prints it counts
        if any(s.text_contains and not s.text_contains.startswith(("<", "[")) for s in selectors):
            cited.append(C.WITH_X_WORDS)  # a bare word: part of a longer word counts, part of an icon does not
    for verb_name, _, uids in done.moved:
        if verb_name == "digivolve" and uids:
            cited.append(C.DIGIVOLVE_STEPS)
            words.append(C.SOURCES)
            if any(state.cards[u].burst is not None for u in uids):
                cited.append(C.NO_BURST_BY_EFFECT)  # a card with a Burst requirement digivolves the normal way here
    if any(v.verb == "play" and v.what is not None and v.what.zone == "sources" for v in verbs):
        cited.append(C.PLAY_FROM_SOURCES)
    for spec, (verb, _, uids) in zip(verbs, done.moved, strict=False):  # one entry a verb run, in order
        if verb != "move" or not uids or spec.what is None:
            continue
        where, origin = spec.to, _origin(every, spec.what)
        if where in ("security", "security-bottom"):
            # "Place 1 [X] card from your hand ...": shown first if the text names a kind; otherwise face down
            cited.append(C.PLACE_FROM_HAND if origin == "hand" else C.PLACE_IN_SECURITY)
            words.append(C.STANDARDIZED)
        if origin == "battle-area" and where != "trash":
            cited.append(C.LEAVES_SOURCES_TRASHED)  # leaving the battle area trashes its digivolution cards
            words.append(C.STANDARDIZED)
        if spec.what.excluding is not None and where in ("deck", "deck-bottom"):
            cited.append(C.RETURN_THE_REST)
    if "<" in effect.spec.quote and any(v.verb == "move" for v in verbs):
        cited.append(C.CARD_TIMINGS)  # a keyword that moves cards (<Recovery +1 (Deck)>): the manual only names it
    return cited, words


def _origin(verbs: Sequence[Verb], what: Selector) -> str | None:
    """The zone the selected cards come from: the selector's own, or that of the earlier verb that kept the cards it
    picks ``among`` (Holy Shield chooses a card in the hand, then places it)."""
    seen: set[str] = set()
    while what.zone is None and what.among is not None and what.among not in seen:
        seen.add(what.among)
        earlier = next((v.what for v in verbs if v.keep == what.among and v.what is not None), None)
        if earlier is None:
            return None
        what = earlier
    return what.zone


def _effect_over(state: CState) -> None:
    """The effect has finished: what it revealed and did not move goes back on top of its deck; searches end."""
    state.searched.clear()
    revealed, state.revealed = state.revealed, []
    for uid in reversed(revealed):
        for side in state.sides:
            if uid in side.field_cards:
                side.field_cards.remove(uid)
                side.deck.append(uid)


# -- what the verbs do on a DCG board ---------------------------------------------------------------------------------


def verb_hooks() -> VerbHooks:
    """How DCG's verbs move cards, change memory and shuffle (a shuffle is a
    step of its own, with the match's random stream)."""

    def move(state: CState, owner: int, uids: list[int], to: str, source: str | None) -> None:
        for uid in uids:
            if to == "deleted":
                _delete_with_triggers(state, uid)
            elif (place := state.stack_of(uid)) is not None and uid == state.stack_at(*place).top:
                leave_play(state, uid, to)
            else:
                take(state, uid)
                put(state, uid, to)

    def counter(state: CState, player: int, which: str, change: int) -> None:
        state.set_memory(player, state.player_memory(player) + change)

    def shuffle(state: CState, player: int, zone: str) -> None:
        # a step of its own with the match's random stream (an effect may finish inside a player's answer)
        state.push(frame("effect.shuffle", player))

    def show(state: CState, player: int, uids: list[int], public: bool) -> None:
        """Revealed cards lie face up in the field while the effect lasts;
        searched ones are seen by their owner only."""
        if not public:
            state.searched.extend(uids)
            return
        for uid in uids:
            take(state, uid)
            state.sides[state.instances.owner(uid)].field_cards.append(uid)
            state.revealed.append(uid)

    def other(state: CState, verb: Verb, owner: int, uids: list[int], kept: Mapping[str, Sequence[int]]) -> list[int]:
        if verb.verb in ("suspend", "unsuspend"):
            for uid in uids:
                where = state.stack_of(uid)
                if where is not None and where[1] is not None:
                    state.set_stack(*where, state.stack_at(*where).but(suspended=verb.verb == "suspend"))
            return uids
        if verb.verb == "play":
            for uid in uids:
                enter_play(state, state.instances.owner(uid), uid)
            return uids
        if verb.verb == "play-token":
            from .cards import card_set
            from .state import Stack

            if verb.card is None:  # refused when the card file is loaded (cards.py): a play-token names its Token
                raise ValueError("a play-token verb names no Token")
            made = []
            for _ in range(verb.count):
                state.instances, uid = state.instances.create(card_set()[verb.card], owner)
                state.cards = state.instances.cards
                state.sides[owner].battle.append(Stack((uid,), played=state.turn))
                made.append(uid)
            return made
        if verb.verb == "digivolve":
            return UPWARD["digivolve"](state, owner, uids, kept.get(verb.onto or "", ()), verb.amount)
        if verb.verb == "de-digivolve":
            trashed = []
            for uid in uids:
                where = state.stack_of(uid)
                if where is None or where[1] is None:
                    continue
                stack = state.stack_at(*where)
                keep = max(1, len(stack.cards) - verb.count)
                trashed += list(stack.cards[keep:])
                state.set_stack(*where, stack.but(cards=stack.cards[:keep]))
            overflow(state, trashed)
            trash_all(state, trashed)
            return trashed
        raise ValueError(f"unknown verb {verb.verb}")

    return VerbHooks(move, counter, trash="deleted", hand="hand", deck="deck", shuffle=shuffle, other=other, show=show)


def _delete_with_triggers(state: CState, top: int) -> None:
    """Delete a Digimon by an effect; its [On Deletion] effects wait to activate once it is in the trash."""
    where = state.stack_of(top)
    if where is None:
        return
    owner = where[0]
    stack, _ = delete(state, top)
    push_pending(state, stack_triggers(state, "on-deletion", owner, top, stack.sources))


def shuffle_deck(state: CState, top: Frame, rng: random.Random) -> Step:
    """An effect shuffles its owner's deck."""
    state.pop()
    rng.shuffle(state.sides[top.seat].deck)
    return step(
        state,
        state.phase,
        top.seat,
        f"{name(top.seat)} shuffles their deck.",
        (C.CARD_TEXT_FIRST,),
        [Event("shuffle", top.player)],
    )


# -- choices inside an effect ------------------------------------------------------------------------------------------


def resume_choice(state: CState, choosing: Frame) -> Step:
    """A choice inside an effect is complete: the effect's verbs go on from it."""
    state.pop()
    item = choosing["item"]
    kept = {name: tuple(uids) for name, uids in choosing["kept"]}
    return run_effect(state, item, start=choosing["at"], kept=kept, picked=picked_cards(state, choosing))


def _choice_citation(state: CState, choosing: Frame) -> Citation:
    return effect_of(state, choosing["item"]).citation


CHOICES = ChoiceRules(C.CARD_TEXT_FIRST, resume_choice, lambda state: state.phase.value, name, _choice_citation)

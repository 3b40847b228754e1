"""Carrying out a DMB card's effects: conditions ("If/When"), then each verb in order; a failed condition misfires."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...core.effects import Effect, Selector, Verb
from ...core.frames import frame
from ...core.records import Event
from ...core.secret import record
from ...rules.model import Citation
from .cards import SYMBOLS
from .choices import attach, push_discard, push_look, push_take
from .common import chosen_attack, draw, is_definition, name, to_owners_trash, trash_top
from .effects import has_passive, whose
from .state import DState


@dataclass(slots=True)
class Outcome:
    """What a run of effects did, in words, with every rule and card text behind it."""

    narration: str = ""
    citations: list[Citation] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    glossary: list[Citation] = field(default_factory=list)  #: the words its card texts use, each by its definition
    misfired: bool = False
    discarded: list[int] = field(default_factory=list)  #: players who discarded during the effect running now (DBE)

    def say(self, words: str) -> None:
        self.narration = f"{self.narration} {words}".strip()

    def cite(self, citation: Citation) -> None:
        """A clause behind what happened: quoted as a rule, or linked as a word's definition."""
        (self.glossary if is_definition(citation) else self.citations).append(citation)


def _ability_words(ability: str) -> str:
    """``counter:circle`` -> ``Counter ○ Circle``; ``1st-attack`` -> ``1st Attack``."""
    words = {"1st-attack": "1st Attack", "cannot-gain-1st": '"cannot gain 1st Attack"', "to-0": "to 0"}
    name_, _, arg = ability.partition(":")
    return " ".join(part for part in (words.get(name_, name_.capitalize()), SYMBOLS.get(arg, arg.capitalize())) if part)


def same_attacks(state: DState) -> bool:
    """DBE's "If both attacks are same": the two attacks chosen this turn (still secret, or revealed)."""
    first = chosen_attack(state, 0)
    return first is not None and first == chosen_attack(state, 1)


def holds(state: DState, owner: int, selector: Selector) -> bool:
    """Does a condition's selector find a card? Zones: the active Digimon's top card, or a pile."""
    if selector.state == "same-attacks":
        return same_attacks(state)
    player = whose(selector, owner)
    side = state.sides[player]
    pile = side.active[-1:] if selector.zone in (None, "active") else getattr(side, selector.zone, [])
    for uid in pile:
        card = state.cards[uid]
        if selector.name is not None and card.name != selector.name:
            continue
        if selector.name_contains is not None and selector.name_contains not in card.name:
            continue
        if selector.level is not None and card.level != selector.level:
            continue
        if selector.kind is not None and not card.counts_as(selector.kind):
            continue
        return True
    return False


def dig(state: DState, player: int, what: Selector | None, outcome: Outcome) -> str:
    """Check the deck from the top until a matching card appears; it goes to the
    DP zone, the others stay where they were."""
    side = state.sides[player]
    wanted = what.kind if what is not None and what.kind else "digimon"
    found = next((at for at in range(len(side.deck) - 1, -1, -1) if state.cards[side.deck[at]].counts_as(wanted)), None)
    checked = len(side.deck) - (found if found is not None else 0)
    outcome.citations.append(state.cites.UNKNOWN_CARDS)
    if checked > 1:  # cards that are not the one wanted were checked and skipped (DBE works this very case through)
        outcome.citations += state.cites.MORE.get("dig", ())
    shuffles = checked > 1 or (checked == 1 and state.cites.DIG_ALWAYS_SHUFFLES)
    if found is None:
        if shuffles:
            state.frames.append(frame("effect.shuffle", player, phase=state.phase.value))
        outcome.misfired = True
        return f"No {wanted} is left in {name(player)}'s deck: it misfires."
    uid = side.deck.pop(found)
    side.dp.append(uid)
    outcome.events.append(state.card_event("dig", player, (uid,)))
    told = f"{state.label(uid)} from {name(player)}'s deck goes to the DP zone."
    if shuffles:
        state.frames.append(frame("effect.shuffle", player, phase=state.phase.value))
        outcome.glossary += state.cites.MORE.get(
            "intent", ()
        )  # the shuffle step that follows cites the Cherrypicking rule
        told += (
            f" {checked - 1} card(s) above it were checked and stay; the deck is shuffled."
            if checked > 1
            else " Then the deck is shuffled."
        )
    return told


def run_effects(state: DState, owner: int, effects: tuple[Effect, ...], source: int | None = None) -> Outcome:
    """Each effect in card order: a failed condition misfires it (the next effect still runs), unless the effect
    has an "If not" / "Otherwise" branch, which is done instead (dmb:faq.conditionals). In DBE an effect that made a
    player discard is interrupted there by the other player's "when opponent discards" effects."""
    outcome = Outcome()
    for effect in effects:
        _one_effect(state, owner, effect, outcome, source)
        if outcome.discarded and state.cites.INTERRUPTS:
            _interrupt(state, outcome)
    return outcome


def _one_effect(state: DState, owner: int, effect: Effect, outcome: Outcome, source: int | None) -> None:
    outcome.citations += [effect.citation, *effect.rulings]
    support = effect.spec.timing in SUPPORT_TIMINGS
    short = state.cites.COSTS_MUST_COMPLETE and any(_cannot_complete(state, owner, verb) for verb in effect.spec.cost)
    for verb in effect.spec.cost:  # a cost (the sentence before a colon) is paid whatever exempts its effects
        outcome.glossary += [state.cites.COSTS_VS_EFFECTS, *state.cites.MORE.get("cost", ())]  # what a cost is
        _verb(state, owner, verb, outcome, source, paying=True, support=support)
    if short:  # DBE: a cost not fully met is a condition that failed
        outcome.misfired = True
        outcome.citations += [state.cites.COST_NOT_MET, state.cites.MISFIRE, *state.cites.MORE.get("cost-short", ())]
        if effect.spec.quote.startswith("Must "):  # DBE: "Must" in a cost: attempted in full, then misfires
            outcome.citations.append(state.cites.MUST_COST)
        outcome.say(f'The cost of "{effect.spec.quote}" could not be met in full: the effect misfires.')
        return
    verbs = effect.spec.do
    if any(selector.state == "same-attacks" for selector in effect.spec.condition):
        outcome.citations.append(state.cites.SAME_ATTACKS_IN_SECRET)
    failed = [i for i, selector in enumerate(effect.spec.condition) if not holds(state, owner, selector)]
    if failed:
        if not effect.spec.otherwise:
            outcome.misfired = True
            outcome.citations += [state.cites.MISFIRE, state.cites.CONDITIONALS]
            outcome.say(f'"{effect.spec.quote}" misfires: its condition is not met.')
            return
        outcome.citations += [
            state.cites.CONDITIONALS,
            *(c for key, c in effect.if_not if key == ",".join(map(str, failed))),
        ]
        outcome.say(f'"{effect.spec.quote}": its condition is not met, so the "If not" part is done instead.')
        verbs = effect.spec.otherwise
    elif effect.spec.otherwise:
        outcome.citations.append(state.cites.CONDITIONALS)
        outcome.say(f'"{effect.spec.quote}": its condition is met, so the "If not" part is skipped.')
    for verb in verbs:
        _verb(state, owner, verb, outcome, source, support=support)


def _interrupt(state: DState, outcome: Outcome) -> None:
    """DBE: "when opponent discards" effects of the other player's cards in play interrupt the effect that made a
    player discard, once that effect (with its cost) has finished."""
    for player in dict.fromkeys(outcome.discarded):
        side = state.sides[1 - player]
        triggered = tuple(
            e
            for uid in (*side.active[-1:], *side.attached)
            for e in state.cards[uid].effects
            if e.spec.timing == "opponent-discards"
        )
        if triggered:
            inner = run_effects(state, 1 - player, triggered)
            outcome.say(f"{name(1 - player)}'s effect interrupts: {inner.narration}")
            outcome.citations += [state.cites.INTERRUPT, *inner.citations]
            outcome.glossary += inner.glossary
            outcome.events += inner.events
    outcome.discarded.clear()


SUPPORT_TIMINGS = ("support", "void", "data")


def _cannot_complete(state: DState, owner: int, verb: Verb) -> bool:
    """Would this cost fall short: fewer cards in the deck or hand than it asks, less HP than it lowers?"""
    side = state.sides[whose(verb.what, owner)]
    if verb.verb == "trash":
        return len(side.deck) < verb.count
    if verb.verb == "discard":
        return len(side.hand) < verb.count
    if verb.verb == "access":
        wanted = verb.what.kind if verb.what is not None else None
        return not any(wanted is None or state.cards[uid].counts_as(wanted) for uid in side.hand)
    if verb.verb == "lower-hp":
        return side.hp < verb.amount and not _passive(state, whose(verb.what, owner), "hp-costs-zero")
    return False


def _passive(state: DState, player: int, value: str) -> bool:
    """Does a passive on the player's active Digimon or an attachment give ``value``?"""
    side = state.sides[player]
    return any(has_passive(state.cards[uid].effects, value) for uid in (*side.active[-1:], *side.attached))


def _shielded(state: DState, player: int) -> bool:
    """Does a passive on the player's active Digimon or an attachment say "Supports cannot lower your HP"?"""
    return _passive(state, player, "supports-cannot-lower-hp")


def _shields(state: DState, player: int) -> list[Citation]:
    """The card texts of those passives: the exemption the step shows."""
    side = state.sides[player]
    return [
        e.citation
        for uid in (*side.active[-1:], *side.attached)
        for e in state.cards[uid].effects
        if e.spec.timing == "passive" and "supports-cannot-lower-hp" in e.modifies
    ]


def _verb(
    state: DState,
    owner: int,
    verb: Verb,
    outcome: Outcome,
    source: int | None = None,
    paying: bool = False,
    support: bool = False,
) -> None:
    """One verb of an effect (``paying``: as its cost; ``support``: the effect is a Support's)."""
    player = whose(verb.what, owner)
    side = state.sides[player]
    kind = verb.verb
    if kind != "lower-hp":  # the rule behind lowering HP is cited below, where an exemption meets it
        outcome.cite(state.effect_rules.verbs[kind])
    if kind == "boost":
        side.alter(boost=side.battle.boost + verb.amount)
        outcome.say(f"{name(player)}'s Power +{verb.amount}.")
    elif kind == "recover":
        if side.active:
            side.hp += verb.amount
            outcome.say(f"{name(player)}'s {state.label(side.active[-1])} recovers {verb.amount} HP ({side.hp}).")
    elif kind == "draw":
        event = draw(state, player, verb.count)
        outcome.events.append(event)
        short = event.data["count"] < verb.count  # the deck held fewer: what is there is drawn, and that is all
        outcome.say(
            f"{name(player)} draws {event.data['count']}"
            + (f" (the deck held only {event.data['count']})." if short else ".")
        )
        outcome.citations += state.cites.MORE.get("draw-short", (state.cites.EMPTY_DECK,)) if short else ()
    elif kind == "trash":
        event = trash_top(state, player, verb.count)
        outcome.events.append(event)
        outcome.say(f"{name(player)} trashes the top {event.data['count']} of their deck.")
    elif kind == "gain-ability":
        ability = verb.counter or ""
        side.alter(abilities=(*side.battle.abilities, ability))
        if ability == "1st-attack":
            state.gained = (*state.gained, player)
        ability, _, scope = ability.partition("@")
        if scope:  # DBE: an ability added to one specific attack (FAQ, which abilities Jamming can void)
            outcome.citations += state.cites.MORE.get("attack-gains", ())
        outcome.say(f"{name(player)}'s {scope.capitalize() if scope else 'attack'} gains {_ability_words(ability)}.")
    elif kind == "revive":
        side.alter(revival=verb.amount or 10)
        outcome.say(f"{name(player)} sets Revival with {verb.amount or 10} HP.")
    elif kind == "recycle":
        moved = [side.trash.pop() for _ in range(min(verb.count, len(side.trash)))]
        side.deck.extend(moved)
        outcome.events.append(state.card_event("recycle", player, moved))
        outcome.glossary += state.cites.MORE.get("recycle", ())  # what Recycle means: no shuffle
        outcome.say(f"{name(player)} recycles {len(moved)} card(s) from the trash to the top of the deck.")
    elif kind == "discard":
        outcome.say(push_discard(state, player, verb.count))  # the discard itself, the player's choice, is its own step
    elif kind == "attach":
        if source is not None and side.active:
            outcome.say(attach(state, player, source, outcome))
    elif kind == "dig":
        outcome.say(dig(state, player, verb.what, outcome))
    elif kind == "recycle-any":
        outcome.say(push_take(state, player, verb, to="deck"))
    elif kind == "lower-hp":
        if paying and _passive(state, player, "hp-costs-zero"):  # DBE: "(costs are 0)"
            outcome.citations += state.cites.MORE.get("costs-are-0", ())
            outcome.say(f"{name(player)}'s HP costs are 0: the cost is met and the HP stays at {side.hp}.")
            return
        if paying and _shielded(state, player):  # an exemption from effects does not reach a cost
            outcome.citations += [
                state.cites.COSTS_VS_EFFECTS,
                *state.cites.MORE.get("cost-not-exempted", ()),
                *_shields(state, player),
            ]
        if support and not paying and _shielded(state, player):
            outcome.citations += [state.cites.COSTS_VS_EFFECTS, *_shields(state, player)]
            outcome.say(f"Supports cannot lower {name(player)}'s HP: it stays at {side.hp}.")
        elif side.active:
            side.hp = max(0, side.hp - verb.amount)
            paid = " as the cost" if paying else ""
            outcome.say(f"{name(player)}'s {state.label(side.active[-1])} loses {verb.amount} HP{paid} ({side.hp}).")
    elif kind == "put-under":
        if side.active:
            outcome.say(push_take(state, player, verb, to="under"))
    elif kind == "take":
        outcome.say(push_take(state, player, verb))
    elif kind == "dark-draw":  # DBE: Dark [action]: the destination is the player's Dark Area
        moved = [side.deck.pop() for _ in range(min(verb.count, len(side.deck)))]
        side.dark.extend(moved)
        outcome.events.append(state.card_event("dark-draw", player, moved, {"count": len(moved)}, secret=True))
        outcome.glossary += [
            state.cites.DARK_DRAW,
            state.cites.DARK_AREA_HIDDEN,
        ]  # what Dark Draw and the Dark Area are
        outcome.say(f"{name(player)} draws {len(moved)} into their Dark Area.")
    elif kind == "static":  # DBE: Static X: delete the bottom X cards of the trash
        gone = side.trash[: verb.count]
        del side.trash[: verb.count]
        side.deleted.extend(gone)
        outcome.events.append(state.card_event("delete", player, gone))
        outcome.say(f"Static {verb.count}: the bottom {len(gone)} card(s) of {name(player)}'s trash are deleted.")
    elif kind == "flatten":  # DBE: a flat token in front of the active Digimon; at 4 it is KO'd
        if side.active:
            side.flats += 1
            outcome.events.append(Event("flat", player, data={"flats": side.flats}))
            outcome.say(f"A flat token goes in front of {name(player)}'s Digimon ({side.flats}).")
            if side.flats >= 4:
                side.hp = 0
                outcome.citations.append(state.cites.FLAT_FOUR)
                outcome.say("With 4 flats it is KO'd.")
    elif kind == "attach-from":  # DBE: attach a card by this effect (FAQ, attachment conditions)
        zone = verb.what.zone if verb.what is not None and verb.what.zone else "deck"
        wanted = verb.what.name if verb.what is not None else None
        state.frames.append(frame("effect.attach-from", player, zone=zone, name=wanted, phase=state.phase.value))
        outcome.say(f"{name(player)} attaches {wanted or 'a card'} from their {zone}.")
    elif kind == "flip":  # DBE: a flip card turns over to its other side
        card = state.cards[source] if source is not None else None
        other = state.cites.card_set().get(card.flip) if card is not None and getattr(card, "flip", None) else None
        if other is not None and card is not None and source is not None:
            cards = list(state.instances.cards)
            cards[source] = other
            table = state.instances
            state.instances = type(table)(
                tuple(cards), table.ids, table.owners, table.created, table.removed, table.index
            )
            state.cards = state.instances.cards
            outcome.events.append(state.card_event("flip", player, (source,)))
            outcome.say(f"{card.name} flips to its other side: {other.name}.")
    elif (
        kind == "remove-active"
    ):  # DBE: the active Digimon and every card under it to the bottom of its deck (Potty Boat)
        if side.active:
            gone = list(side.active)
            side.deck[:0] = gone  # the bottom of the deck is its start
            side.trash.extend(side.attached)
            outcome.events.append(state.card_event("to-deck", player, gone))
            side.active, side.attached, side.hp, side.flats, side.abnormal, side.divisor = [], [], 0, 0, False, 1
            outcome.say(
                f"{name(player)}'s active Digimon and the cards under it go to the bottom of their deck: their active "
                "zone is empty."
            )
    elif kind == "flip-deck":  # DBE: the deck is flipped over and played face up (DB-017 Gaizmon)
        side.deck.reverse()  # turned over, the bottom card is on top
        side.deck_face_up = not side.deck_face_up
        if not side.deck_face_up:
            outcome.say(f"{name(player)}'s deck is flipped back over: it is face down again.")
        elif side.deck:
            outcome.events.append(state.card_event("reveal", player, tuple(side.deck[-1:])))
            outcome.say(
                f"{name(player)}'s deck is flipped over and played face up: its top card, "
                f"{state.label(side.deck[-1])}, is open to both players; the cards under it stay hidden."
            )
        else:
            outcome.say(f"{name(player)}'s deck is flipped over and played face up.")
    elif kind == "partner-to-deck":  # DBE: "Shuffle own partner from the Trash into own deck." (BIT-054 Matrix Evolve)
        back = [uid for uid in side.trash if state.cards[uid].id == side.partner]
        side.trash[:] = [uid for uid in side.trash if uid not in back]
        side.deck.extend(back)
        outcome.events.append(state.card_event("to-deck", player, back))
        outcome.say(
            f"{name(player)} puts {len(back)} partner card(s) from the trash into the deck."
            if back
            else f"{name(player)} has no partner card in the trash."
        )
    elif kind == "change-attack":  # DBE: "Change opponent's attack to Cross." — the secret choice changes
        attack = verb.counter or "cross"
        if any(f.kind == "strategy.reveal" for f in state.frames):  # the choices are still secret: the new one is kept
            record(state, "strategy", player, attack)
            outcome.events.append(Event("change-attack", player, data={"attack": attack}))
            outcome.say(f"{name(player)}'s attack is changed to {attack.capitalize()}.")
            if side.active and state.cards[side.active[-1]].attack(attack).ability == "jamming":
                outcome.say(
                    f"{name(player)}'s new {attack.capitalize()} has Jamming, but it cannot be revealed now to "
                    "void a Digimon Support: the time to reveal has passed."
                )
    elif kind == "open-hand":  # DBE: "Opponent's hand stays face up until the End Phase." (Redotamamon)
        side.alter(hand_open=True)
        outcome.events.append(state.card_event("reveal", player, tuple(side.hand)))
        outcome.say(f"{name(player)}'s hand is face up until the End Phase.")
    elif kind == "self-under":  # DBE: a card that enters the active zone under the active (Kamemon)
        if source is not None and source in side.support and side.active:
            side.support.remove(source)
            side.active.insert(len(side.active) - 1, source)
            outcome.events.append(state.card_event("put-under", player, (source,)))
            outcome.say(f"{state.label(source)} goes under {name(player)}'s {state.label(side.active[-1])}.")
            top = state.cards[side.active[-1]]
            if side.abnormal and len(side.active) - 1 >= state.cites.UNDER_NEEDED.get(top.level or "R", 0):
                side.abnormal, side.divisor = False, 1  # enough cards under it now: Abnormal no more
                outcome.citations.append(state.cites.ABNORMAL_STATE)
                outcome.say(f"With {len(side.active) - 1} card(s) under it, it is no longer Abnormal.")
    elif kind == "keep-dp":  # DBE: "put all your DP below this card" (BIT-052 Immortalize)
        kept = list(side.dp)
        side.kept += kept
        side.kept_dp += sum(state.cards[uid].plus_p for uid in kept)
        side.dp.clear()
        outcome.events.append(state.card_event("keep-dp", player, kept, {"dp": side.kept_dp}))
        outcome.say(f"{name(player)} puts their {len(kept)} DP card(s) under it: it tracks {side.kept_dp} DP.")
    elif kind == "access":  # DBE: "Access [type]:" — reveal such a card in own hand (a cost)
        wanted = verb.what.kind if verb.what is not None else None
        shown = next((uid for uid in side.hand if wanted is None or state.cards[uid].counts_as(wanted)), None)
        if shown is not None:
            outcome.events.append(state.card_event("reveal", player, (shown,)))
            outcome.say(f"{name(player)} reveals {state.label(shown)} from their hand.")
    elif (
        kind == "discard-dp"
    ):  # DBE: "Discard opponent's DP." (all) / "Discard any 1 in opponent's DP." (the owner picks)
        if not verb.count:
            gone = list(side.dp)
            to_owners_trash(state, gone, player)
            side.dp.clear()
            outcome.events.append(state.card_event("discard", player, gone))
            outcome.citations += state.cites.MORE.get("amount-not-specified", ())
            outcome.say(f"{name(player)}'s DP zone is discarded ({len(gone)} card(s)).")
        elif side.dp:
            state.frames.append(
                frame("effect.discard-dp", owner, target=player, count=verb.count, phase=state.phase.value)
            )
            outcome.say(f"{name(owner)} picks {verb.count} card(s) of {name(player)}'s DP zone to discard.")
    elif kind == "dig-top":  # DBE: "Put 1 Digimon from the top 5 of own deck into DP."
        side.looking = [side.deck.pop() for _ in range(min(verb.count, len(side.deck)))]
        side.looker = player
        wanted = verb.what.kind if verb.what is not None and verb.what.kind else "digimon"
        state.frames.append(frame("effect.dig-top", player, sort=wanted, phase=state.phase.value))
        outcome.say(f"{name(player)} sets the top {len(side.looking)} card(s) of their deck apart and looks at them.")
    elif kind == "discard-hand":  # DBE: "Discard own hand."
        gone = list(side.hand)
        side.trash.extend(gone)
        side.hand.clear()
        outcome.events.append(state.card_event("discard", player, gone))
        outcome.discarded.append(player)
        outcome.say(f"{name(player)} discards their hand ({len(gone)}).")
    elif kind == "self-to-dp":  # DBE: "Put this card into DP." (or into the opponent's, `what.whose`)
        if source is not None and source in state.sides[owner].support:
            state.sides[owner].support.remove(source)
            side.dp.append(source)
            outcome.events.append(state.card_event("to-dp", player, (source,)))
            outcome.say(f"{state.label(source)} goes into {name(player)}'s DP zone.")
            if state.cards[source].plus_p < 0:  # DBE: "-X0 +P" lowers the DP a player has, even below 0
                outcome.citations += state.cites.MORE.get("negative-plus-p", ())
                outcome.say(
                    f"Its {state.cards[source].plus_p} +P lowers {name(player)}'s DP to {side.dp_total(state.cards)}."
                )
    elif kind == "discard-active":  # DBE: "discard this active"
        if side.active:
            discarded = side.active.pop()
            side.trash.append(discarded)
            outcome.events.append(state.card_event("discard", player, (discarded,)))
            under = (
                f"; {state.label(side.active[-1])} under it is the active Digimon now"
                if side.active
                else "; the active zone is empty"
            )
            outcome.say(f"{name(player)} discards their active {state.label(discarded)}{under}.")
    elif kind == "set-hp":  # DBE: "own HP is 10"
        if side.active:
            side.hp = verb.amount
            outcome.say(f"{name(player)}'s HP is {side.hp}.")
    elif kind == "shuffle":  # DBE: a card that says "and shuffle"
        state.frames.append(frame("effect.shuffle", player, phase=state.phase.value))
        outcome.say(f"{name(player)} will shuffle their deck.")
    elif kind == "add-support":  # DBE: one more Support from the hand, resolved when the resolution starts again
        state.frames.append(frame("effect.add-support", player, phase=state.phase.value))
        outcome.say(f"{name(player)} may play 1 more Support from their hand.")
    elif kind == "evolve-from":  # DBE: evolving by an effect, to a valid Digimon of a zone (the player picks it)
        zone = verb.what.zone if verb.what is not None and verb.what.zone else "deck"
        level = verb.what.level if verb.what is not None else None
        state.frames.append(frame("effect.evolve", player, zone=zone, level=level, phase=state.phase.value))
        outcome.say(f"{name(player)} evolves to a valid Digimon from their {zone}.")
    elif kind in ("recode", "corrupt"):
        outcome.say(push_look(state, owner, player, verb.count, corrupt=kind == "corrupt"))
    # "void" is carried out by the Support Phase's Void check, before every other effect

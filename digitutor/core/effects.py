"""Card effects as data: the effect language, and the continuous-effect layer that applies it.

A card file says, for each effect of a card (see docs/effects.md for every word):

``quote``
    the words of the card's own ``text`` this effect carries out. It is checked at load
    (a verbatim part of the card's text) and cited as a ``card`` citation.
``timing``
    when it acts: a timing the game declares (``while-defending``, ``on-play``, ...), each citing
    the rule that defines it. Static timings make its ``modify`` entries apply; trigger timings
    run its ``cost`` and ``do`` verbs once.
``condition``
    selectors that must each find at least one card (``your Digimon is Red``).
``otherwise``
    verbs done instead of ``do`` when the condition does not hold ("If not, ..." / "Otherwise, ..."),
    in a game whose rules define such a branch (``EffectRules.otherwise``).
``cost`` / ``do``
    verbs on selected cards: move, draw, shuffle, delete, gain, lose, reveal, search, choose,
    change. A verb may ``keep`` the cards it acted on under a name, and a later verb of the same
    effect selects ``among`` them (``excluding`` others): "reveal the top 3, add 1 Tamer among
    them to your hand, put the rest at the bottom" is reveal (keep: revealed), choose (among:
    revealed, keep: chosen), move (among: chosen), move (among: revealed, excluding: chosen).
``modify``
    changes to a value the game answers (power, damage, colour ...), by an amount or to a value,
    for the cards a target selector finds.
``duration``
    how long a change lasts: this step, this turn, this duel, while the timing holds, permanent.

Verbs and timings are code, each citing the clause that defines it; cards are data. A card
whose effect uses existing verbs needs no Python. The continuous layer (``ValueLayer``) is
the one place the procedure, ``why_not`` and the board ask for a current value, so they agree.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

import msgspec

from ..rules.model import Citation, CitationKind
from .errors import InputError
from .schema import Count, Schema, ShortText, Text

Whose = Literal["self", "opponent", "any"]
Duration = Literal["step", "turn", "duel", "while", "permanent"]

#: what each duration means, for docs/effects.md
DURATIONS: dict[str, str] = {
    "step": "until the end of the current step",
    "turn": "until the end of the current turn",
    "duel": "until the end of the current duel or battle",
    "while": "as long as its timing holds (the card is where the timing says)",
    "permanent": "for the rest of the game",
}


#: what each verb does, for docs/effects.md (which rule defines it is each game's: ``EffectRules.verbs``)
VERBS: dict[str, str] = {
    "move": "move the selected cards (the top `count` of a zone, or `count` of the selection) to zone `to`",
    "draw": "move the top `count` cards of the deck to the hand",
    "shuffle": "shuffle a zone (`to`, default the deck)",
    "delete": "put `count` of the selected cards in the game's trash zone",
    "gain": "add `amount` to a player's `counter`",
    "lose": "take `amount` from a player's `counter`",
    "reveal": "show the selected cards to both players",
    "search": "the owner looks at the selected cards (a deck searched, the top cards looked at); nobody else sees them",
    "choose": "a player (`chooser`) picks `count` of the selected cards (`up_to`: from none to `count`), one "
    "sub-decision a card and a Done; when the choice is forced (no more cards than `count`) it is made at once",
    "change": "apply `change` (a modifier) to the cards its target finds now, `until` a duration ends",
}

#: the fields of a selector, for docs/effects.md
SELECTOR_FIELDS: dict[str, str] = {
    "whose": "`self` (the effect's owner, the default), `opponent` or `any`",
    "zone": "a zone the game names (below)",
    "this": "the card the effect is on (or the Digimon it belongs to)",
    "top": "only the top N cards of the zone",
    "name": "the card's name is exactly this",
    "name_contains": "the card's name contains this (e.g. `dramon`)",
    "level": "the card's level is this",
    "level_at_least": "the card's level is this or higher",
    "kind": "the card's kind (battle type, card kind) is this",
    "colour": "the card's current colour (after changes) is this",
    "among": "only cards an earlier verb of the same effect kept under this name",
    "excluding": "not the cards an earlier verb of the same effect kept under this name",
    "at_most": "a mapping of values the game answers (e.g. `dp`, `level`) to the most each may be",
    "at_least": "a mapping of values the game answers to the least each may be",
    "state": "a state the game names (e.g. `suspended`, `unsuspended`)",
    "trait": "the card has this trait (or type) among its traits",
    "text_contains": "the card's text (as the game answers `text`: its name, effects ...) contains these words",
}


class Selector(Schema, frozen=True):
    """Which cards: whose, in which zone, and filters on what they are."""

    whose: Whose = "self"  #: relative to the effect's owner
    zone: ShortText | None = None  #: a zone the game names (``duel-zone``, ``online``, ``d-dock``)
    this: bool = False  #: the card itself (or the Digimon it belongs to)
    top: Count | None = None  #: only the top N cards of the zone
    name: ShortText | None = None
    name_contains: ShortText | None = None
    level: ShortText | None = None
    level_at_least: ShortText | None = None
    kind: ShortText | None = None  #: battle type, card kind ...
    colour: ShortText | None = None  #: current colour (after changes), not only printed
    among: ShortText | None = None  #: only cards kept under this name by an earlier verb of the effect
    excluding: ShortText | None = None  #: not the cards kept under this name
    at_most: dict[ShortText, int] | None = None  #: value -> the most it may be (``{dp: 4000}``)
    at_least: dict[ShortText, int] | None = None
    state: ShortText | None = None  #: ``suspended``, ``unsuspended`` ... (the game answers ``state``)
    trait: ShortText | None = None  #: one of the card's traits (the game answers ``traits``)
    text_contains: ShortText | None = None  #: "with X in its text" (the game answers ``text``)


class Modifier(Schema, frozen=True):
    """A change to a value the game answers, for the cards ``target`` finds."""

    value: ShortText  #: e.g. ``power``, ``damage``, ``colour``
    by: int | None = None
    to: ShortText | None = None
    target: Selector = Selector(this=True)


class Verb(Schema, frozen=True):
    """One thing an effect does."""

    verb: ShortText  #: a core verb (``VERBS``) or one the game adds (``EffectRules.game_verbs``)
    what: Selector | None = None  #: the cards it acts on
    to: ShortText | None = None  #: the zone they go to (move)
    count: Count = 1
    counter: ShortText | None = None  #: gain / lose
    amount: int = 0
    change: Modifier | None = None  #: change: the modifier that lasts
    until: Duration = "turn"  #: change: how long it lasts
    card: ShortText | None = None  #: a card id the verb names (e.g. the Token a game verb creates)
    keep: ShortText | None = None  #: name the cards this verb acted on, for later verbs' ``among``
    onto: ShortText | None = None  #: a name an earlier verb keeps: the card(s) this verb acts onto (a game's digivolve)
    up_to: bool = False  #: choose: any number from none to ``count``
    chooser: Whose = "self"  #: choose: who picks (``self``: the effect's owner)


class EffectSpec(Schema, frozen=True):
    """One effect of a card, as its card file writes it."""

    quote: Text
    timing: ShortText
    condition: tuple[Selector, ...] = ()
    cost: tuple[Verb, ...] = ()
    do: tuple[Verb, ...] = ()
    otherwise: tuple[
        Verb, ...
    ] = ()  #: done instead of ``do`` when the condition fails ("If not, ..." / "Otherwise, ...")
    modify: tuple[Modifier, ...] = ()
    duration: Duration = "while"
    once_per_turn: bool = False  #: a trigger that acts at most once a turn for each card that has it
    optional: bool = False  #: its owner may decline it ("you may ...")
    rulings: tuple[
        ShortText, ...
    ] = ()  #: clause ids where the rulebook works through this very card's effect; cited with it
    #: for an "If not" branch: which conditions failed ("0", "1", "0,1": their positions) -> the clause of the rulebook
    #: that works through that very case; cited when it happens
    if_not_rulings: dict[ShortText, ShortText] | None = None


@dataclass(frozen=True, slots=True)
class Effect:
    """A loaded effect: its spec and the ``card`` citation that quotes the card's text."""

    spec: EffectSpec
    citation: Citation
    modifies: frozenset[str] = frozenset()  #: the values its ``modify`` entries change (to skip it fast)
    rulings: tuple[Citation, ...] = ()  #: the rulebook's own discussion of this card's effect (``EffectSpec.rulings``)
    if_not: tuple[tuple[str, Citation], ...] = ()  #: ``EffectSpec.if_not_rulings``: failed conditions -> citation


def card_citation(game: str, card_id: str, quote: str) -> Citation:
    """The citation of a card's own effect text (kind ``card``)."""
    return Citation(f"{game}:card.{card_id}", quote, CitationKind.CARD)


@dataclass(frozen=True, slots=True)
class Timing:
    """A timing a game declares: its name, what it means, the rule that defines it, and its kind."""

    name: str
    meaning: str
    citation: Citation
    static: bool  #: True: ``modify`` applies while it holds; False: a trigger that runs ``cost`` and ``do``


@dataclass(frozen=True)
class EffectRules:
    """A game's part of the effect language: its timings, values, zones and what defines each verb."""

    game: str
    timings: Mapping[str, Timing]
    values: Mapping[str, tuple[str, Citation]]  #: value -> (meaning, the rule that defines it)
    zones: Mapping[str, str]  #: zone -> meaning
    verbs: Mapping[str, Citation]  #: verb -> the rule (or interpretation) that defines it in this game
    filters: Mapping[str, str] = field(default_factory=dict)  #: selector filters this game's cards use
    game_verbs: Mapping[str, str] = field(default_factory=dict)  #: verbs only this game has -> what they do
    otherwise: Citation | None = None  #: the rule for "If not" / "Otherwise" branches, in a game that has one

    def check(self, spec: EffectSpec, source: str, where: str) -> None:
        """Every timing, value, zone and verb of ``spec`` is one this game knows; else one InputError."""
        if spec.timing not in self.timings:
            raise InputError(
                source, f"{where}.timing", f"expected one of {', '.join(self.timings)}, got {spec.timing[:40]!r}"
            )
        if spec.otherwise and self.otherwise is None:
            raise InputError(
                source,
                f"{where}.otherwise",
                f"expected no 'otherwise': {self.game} effects have no If not / Otherwise branch",
            )
        if spec.otherwise and not spec.condition:
            raise InputError(
                source,
                f"{where}.otherwise",
                "expected a condition: 'otherwise' is what happens when the condition fails",
            )
        selectors = [(f"{where}.condition[{i}]", s) for i, s in enumerate(spec.condition)]
        for part, verbs in (("cost", spec.cost), ("do", spec.do), ("otherwise", spec.otherwise)):
            kept: set[str] = set()
            for i, verb in enumerate(verbs):
                if verb.verb not in self.verbs:
                    raise InputError(
                        source,
                        f"{where}.{part}[{i}].verb",
                        f"expected one of {', '.join(self.verbs)}, got {verb.verb!r}",
                    )
                if verb.verb == "choose" and verb.what is None:
                    raise InputError(
                        source, f"{where}.{part}[{i}].what", "expected the cards to choose from (a selector)"
                    )
                named = [
                    (f"what.{n}", getattr(verb.what, n, None) if verb.what is not None else None)
                    for n in ("among", "excluding")
                ]
                for field_name, name in [*named, ("onto", verb.onto)]:
                    if name is not None and name not in kept:
                        raise InputError(
                            source,
                            f"{where}.{part}[{i}].{field_name}",
                            f"expected a name an earlier verb keeps ({', '.join(sorted(kept)) or 'none yet'}), "
                            f"got {name[:40]!r}",
                        )
                if verb.keep is not None:
                    kept.add(verb.keep)
                if verb.verb == "change" and verb.change is None:
                    raise InputError(
                        source, f"{where}.{part}[{i}].change", "expected the change (value, by or to, target)"
                    )
                if verb.change is not None:
                    selectors.append((f"{where}.{part}[{i}].change.target", verb.change.target))
                if verb.to is not None and verb.to not in self.zones:
                    raise InputError(
                        source,
                        f"{where}.{part}[{i}].to",
                        f"expected a zone ({', '.join(self.zones)}), got {verb.to[:40]!r}",
                    )
                if verb.what is not None:
                    selectors.append((f"{where}.{part}[{i}].what", verb.what))
        for i, modifier in enumerate(spec.modify):
            if modifier.value not in self.values:
                raise InputError(
                    source,
                    f"{where}.modify[{i}].value",
                    f"expected one of {', '.join(self.values)}, got {modifier.value[:40]!r}",
                )
            if (modifier.by is None) == (modifier.to is None):
                raise InputError(source, f"{where}.modify[{i}]", "expected either 'by' (an amount) or 'to' (a value)")
            selectors.append((f"{where}.modify[{i}].target", modifier.target))
        for at, selector in selectors:
            if selector.zone is not None and selector.zone not in self.zones:
                raise InputError(
                    source, f"{at}.zone", f"expected a zone ({', '.join(self.zones)}), got {selector.zone[:40]!r}"
                )


def _rulings(clause_ids: tuple[str, ...], game: str, source: str, where: str) -> tuple[Citation, ...]:
    """The clauses a card's effect names as the rulebook's discussion of it:
    each a clause of the game's own rulebook."""
    from ..rules.citations import cite
    from ..rules.corpus import UnknownClauseError

    cited = []
    for position, clause_id in enumerate(clause_ids):
        if not clause_id.startswith(f"{game}:"):
            raise InputError(
                source, f"{where}[{position}]", f"expected a clause of the {game} rulebook, got {clause_id[:60]!r}"
            )
        try:
            cited.append(cite(clause_id))
        except UnknownClauseError:
            raise InputError(source, f"{where}[{position}]", f"unknown clause {clause_id[:60]!r}") from None
    return tuple(cited)


def load_effects(raw: Any, text: str, rules: EffectRules, card_id: str, source: str, where: str) -> tuple[Effect, ...]:
    """A card's ``effects`` list: each checked against the schema, the game's words, and the card's text."""
    from .schema import validate

    if raw is None:
        return ()
    specs = validate(raw, tuple[EffectSpec, ...], source, f"{where}.effects")
    effects = []
    for position, spec in enumerate(specs):
        at = f"{where}.effects[{position}]"
        if spec.quote not in text:
            raise InputError(
                source, f"{at}.quote", f"expected words of the card's text {text[:80]!r}, got {spec.quote[:80]!r}"
            )
        rules.check(spec, source, at)
        effects.append(
            Effect(
                spec,
                card_citation(rules.game, card_id, spec.quote),
                frozenset(m.value for m in spec.modify),
                _rulings(spec.rulings, rules.game, source, f"{at}.rulings"),
                tuple(
                    zip(
                        spec.if_not_rulings or {},
                        _rulings(
                            tuple((spec.if_not_rulings or {}).values()), rules.game, source, f"{at}.if_not_rulings"
                        ),
                        strict=True,
                    )
                ),
            )
        )
    return tuple(effects)


# -- selecting cards ----------------------------------------------------------------------------------------------

#: (state, owner, zone) -> the zone's uids, top last
ZoneReader = Callable[[Any, int, str], Sequence[int]]
#: (state, uid, attribute) -> the card's current value of it (name, level, kind, colour ...)
Attribute = Callable[[Any, int, str], Any]


@dataclass(frozen=True)
class World:
    """How the effect language sees one game's state: its zones, card attributes and level order."""

    zone: ZoneReader
    attribute: Attribute
    levels: Sequence[str] = ()
    #: zones that belong to the effect's own card rather than to a player (DCG's
    #: ``sources``): (state, zone, this) -> uids
    relative: Callable[[Any, str, Sequence[int]], Sequence[int]] | None = None
    relative_zones: frozenset[str] = frozenset()

    def owners(self, whose: str, owner: int) -> tuple[int, ...]:
        return {"self": (owner,), "opponent": (1 - owner,), "any": (owner, 1 - owner)}[whose]

    def select(
        self,
        state: Any,
        selector: Selector,
        owner: int,
        this: Sequence[int] = (),
        kept: Mapping[str, Sequence[int]] | None = None,
    ) -> list[int]:
        """The cards ``selector`` finds, for an effect owned by ``owner`` whose card is ``this``.

        ``kept``: the cards earlier verbs of the same effect kept, by name (for ``among``/``excluding``).
        """
        found = self._candidates(state, selector, owner, this, kept or {})
        return [uid for uid in found if self.matches(state, uid, selector)]

    def finds(self, state: Any, selector: Selector, owner: int, this: Sequence[int], uid: int) -> bool:
        """Is the card ``uid`` among those ``selector`` finds? (``select`` for one card, filtering only that card.)"""
        return uid in self._candidates(state, selector, owner, this, {}) and self.matches(state, uid, selector)

    def _candidates(
        self, state: Any, selector: Selector, owner: int, this: Sequence[int], kept: Mapping[str, Sequence[int]]
    ) -> list[int]:
        """The cards ``selector`` looks at, before its filters."""
        if selector.this:
            found = list(this)
        elif selector.among is not None:
            found = list(kept.get(selector.among, ()))
        elif selector.zone in self.relative_zones and self.relative is not None:
            found = list(self.relative(state, selector.zone, this))
        else:
            found = []
            for player in self.owners(selector.whose, owner):
                cards = list(self.zone(state, player, selector.zone or ""))
                found += cards[-selector.top :] if selector.top else cards
        if selector.excluding is not None:
            left_out = set(kept.get(selector.excluding, ()))
            found = [uid for uid in found if uid not in left_out]
        return found

    def matches(self, state: Any, uid: int, selector: Selector) -> bool:
        """The filters of ``selector`` hold for the card ``uid``."""
        get = self.attribute
        if selector.name is not None and get(state, uid, "name") != selector.name:
            return False
        if selector.name_contains is not None and selector.name_contains not in get(state, uid, "name"):
            return False
        if selector.kind is not None and str(get(state, uid, "kind")) != selector.kind:
            return False
        if selector.colour is not None:
            colour = get(state, uid, "colour")  # a multicolour card answers all its colours
            if (
                selector.colour not in colour
                if isinstance(colour, (tuple, frozenset))
                else str(colour) != selector.colour
            ):
                return False
        if selector.level is not None and str(get(state, uid, "level")) != selector.level:
            return False
        if selector.level_at_least is not None:
            level = str(get(state, uid, "level"))
            if level not in self.levels or self.levels.index(level) < self.levels.index(selector.level_at_least):
                return False
        if (selector.at_most is not None or selector.at_least is not None) and not self._within(state, uid, selector):
            return False
        if selector.state is not None and get(state, uid, "state") != selector.state:
            return False
        if selector.trait is not None and selector.trait not in (get(state, uid, "traits") or ()):
            return False
        return selector.text_contains is None or selector.text_contains in (get(state, uid, "text") or "")

    def _within(self, state: Any, uid: int, selector: Selector) -> bool:
        """The numeric filters (``at_most``, ``at_least``); a card without the value fails them."""
        for bound, most in ((selector.at_most, True), (selector.at_least, False)):
            for name, limit in (bound or {}).items():
                value = self.attribute(state, uid, name)
                if value is None or (value > limit if most else value < limit):
                    return False
        return True

    def holds(self, state: Any, effect: Effect, owner: int, this: Sequence[int]) -> bool:
        """Every condition of the effect finds at least one card."""
        return all(self.select(state, condition, owner, this) for condition in effect.spec.condition)


# -- changes that last -----------------------------------------------------------------------------------------

#: which durations end at which boundary (a turn's end also ends what lasts a step, and so on)
ENDS_AT: dict[str, frozenset[str]] = {
    "step": frozenset({"step"}),
    "turn": frozenset({"step", "turn"}),
    "duel": frozenset({"step", "turn", "duel"}),
}


class Lasting(msgspec.Struct, frozen=True):
    """A change a verb made that lasts until a duration ends: on the cards its target found when it was made."""

    modifier: Modifier
    cards: tuple[int, ...]
    until: str
    citation: Citation


def renumbered(lasting: Sequence[Lasting], fresh: Mapping[int, int]) -> list[Lasting]:
    """Lasting changes for a copy of the state whose cards got fresh numbers (an observation)."""
    return [Lasting(c.modifier, tuple(fresh[u] for u in c.cards if u in fresh), c.until, c.citation) for c in lasting]


def expire(state: Any, boundary: str) -> None:
    """The ``boundary`` (step, turn, duel) is reached: changes that last until it end."""
    ending = ENDS_AT.get(boundary, frozenset())
    if getattr(state, "lasting", None):
        state.lasting = [change for change in state.lasting if change.until not in ending]


# -- the continuous-effect layer ---------------------------------------------------------------------------------


class InForce(msgspec.Struct, frozen=True):
    """An effect in force now: whose it is, and the card(s) it counts as ``this``."""

    effect: Effect
    owner: int
    this: tuple[int, ...]


class Value(msgspec.Struct, frozen=True):
    """A current value, and the card citations of every effect that changed it."""

    value: Any
    because: tuple[Citation, ...] = ()


class ValueLayer:
    """Answers "what is this value now?" for one game: printed value, then every static effect in force."""

    def __init__(
        self, rules: EffectRules, world: World, in_force: Callable[[Any, frozenset[str]], Iterable[InForce]]
    ) -> None:
        self.rules, self.world, self.in_force = rules, world, in_force

    def value(
        self,
        state: Any,
        name: str,
        subject: int,
        printed: Any,
        now: frozenset[str] = frozenset(),
        extra: Iterable[InForce] = (),
    ) -> Value:
        """``name`` of the card ``subject`` (printed value ``printed``) while the timings ``now`` hold.

        ``extra``: effects imagined in force as well (to weigh a play before making it).
        """
        value, because = printed, []
        for force in (*self.in_force(state, now), *extra):
            if name not in force.effect.modifies:
                continue
            spec = force.effect.spec
            timing = self.rules.timings[spec.timing]
            if not timing.static or spec.timing not in now:
                continue
            for modifier in spec.modify:
                if modifier.value != name or not self.world.finds(
                    state, modifier.target, force.owner, force.this, subject
                ):
                    continue
                if not self.world.holds(state, force.effect, force.owner, force.this):
                    continue
                value = value + modifier.by if modifier.by is not None else modifier.to
                because.append(force.effect.citation)
        for change in getattr(state, "lasting", ()):
            if change.modifier.value == name and subject in change.cards:
                modifier = change.modifier
                value = value + modifier.by if modifier.by is not None else modifier.to
                because.append(change.citation)
        return Value(value, tuple(because))


def own_value(effects: Iterable[Effect], rules: EffectRules, name: str, printed: Any, now: frozenset[str]) -> Value:
    """A card's value changed only by its own static effects that target the card itself (``this``).

    The layer's answer for games whose effects never reach another card, without a state to search.
    """
    value, because = printed, []
    for effect in effects:
        spec = effect.spec
        if spec.timing not in now or not rules.timings[spec.timing].static or spec.condition:
            continue
        for modifier in spec.modify:
            if modifier.value == name and modifier.target.this:
                value = value + modifier.by if modifier.by is not None else modifier.to
                because.append(effect.citation)
    return Value(value, tuple(because))


# -- one-shot verbs ------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Choice:
    """A ``choose`` verb waiting for a player: pick ``count`` of ``candidates`` (``up_to``: or fewer).

    Plain data, so a frame can carry it; ``at`` is the verb's position, where the verbs resume.
    """

    at: int
    chooser: int
    candidates: tuple[int, ...]
    count: int
    up_to: bool
    keep: str | None


@dataclass
class VerbResult:
    """What running verbs did: the uids each verb acted on, the rule citations of the verbs used,
    the cards kept by name, and the choice the verbs wait for (None: they ran to the end)."""

    moved: list[tuple[str, int, list[int]]] = field(default_factory=list)  #: (verb, owner, uids)
    citations: list[Citation] = field(default_factory=list)
    kept: dict[str, tuple[int, ...]] = field(default_factory=dict)
    waiting: Choice | None = None


@dataclass(frozen=True)
class VerbHooks:
    """What the one-shot verbs need from a game: moving cards between zones, counters, the trash."""

    #: (state, owner, uids, to zone, from zone); from zone None: wherever each card is now
    move: Callable[[Any, int, list[int], str, str | None], None]
    counter: Callable[[Any, int, str, int], None]  #: (state, player, counter, change)
    trash: str  #: the zone a deleted card goes to
    hand: str
    deck: str
    shuffle: Callable[[Any, int, str], None] | None = None
    #: reveal (public: True) and search (public: False): (state, owner, uids, public) — e.g. face up in the field
    show: Callable[[Any, int, list[int], bool], None] | None = None
    #: the game's own verbs: (state, verb, owner, selected uids) -> the uids it acted on
    other: Callable[[Any, Verb, int, list[int], Mapping[str, Sequence[int]]], list[int]] | None = (
        None  #: a game's own verbs (with the kept cards)
    )


def run_verbs(
    state: Any,
    verbs: Sequence[Verb],
    rules: EffectRules,
    world: World,
    hooks: VerbHooks,
    owner: int,
    this: Sequence[int] = (),
    source: Citation | None = None,
    *,
    start: int = 0,
    kept: Mapping[str, Sequence[int]] | None = None,
    picked: Sequence[int] | None = None,
) -> VerbResult:
    """Carry out ``verbs`` for an effect owned by ``owner``, in order; each cites the rule that defines it here.

    ``source``: the card citation of the effect, carried by the changes it makes that last.
    A ``choose`` that needs a player stops the run: ``waiting`` says what to ask. Run again
    from ``start=waiting.at`` with ``kept=result.kept`` and the ``picked`` cards to go on.
    """
    result = VerbResult(kept={name: tuple(uids) for name, uids in (kept or {}).items()})
    for position in range(start, len(verbs)):
        verb = verbs[position]
        if verb.verb == "change" and verb.change is not None:
            found = world.select(state, verb.change.target, owner, this, result.kept)
            state.lasting.append(Lasting(verb.change, tuple(found), verb.until, source or rules.verbs[verb.verb]))
            _did(result, rules, verb, owner, found)
            continue
        targets = world.select(state, verb.what, owner, this, result.kept) if verb.what is not None else []
        who = world.owners(verb.what.whose, owner)[0] if verb.what is not None else owner
        if verb.verb == "choose":
            chooser = world.owners(verb.chooser, owner)[0]
            if position == start and picked is not None:
                targets = [uid for uid in picked if uid in targets]
            elif verb.up_to or len(targets) > verb.count:
                result.waiting = Choice(position, chooser, tuple(targets), verb.count, verb.up_to, verb.keep)
                return result
            who = chooser
        elif verb.verb == "draw":
            deck = list(world.zone(state, who, hooks.deck))
            targets = deck[len(deck) - min(verb.count, len(deck)) :][::-1]
            hooks.move(state, who, targets, hooks.hand, hooks.deck)
        elif verb.verb == "move":
            if verb.what is None or verb.what.among is None:  # cards kept by name move all together
                targets = (
                    targets[len(targets) - min(verb.count, len(targets)) :]
                    if verb.what and verb.what.top
                    else targets[: verb.count]
                )
            hooks.move(state, who, targets, verb.to or hooks.trash, verb.what.zone if verb.what else None)
        elif verb.verb == "delete":
            targets = targets[: verb.count]
            hooks.move(state, who, targets, hooks.trash, verb.what.zone if verb.what else None)
        elif verb.verb in ("gain", "lose"):
            hooks.counter(state, who, verb.counter or "", verb.amount if verb.verb == "gain" else -verb.amount)
        elif verb.verb == "shuffle" and hooks.shuffle is not None:
            hooks.shuffle(state, who, verb.to or hooks.deck)
        elif verb.verb in ("reveal", "search") and hooks.show is not None:
            hooks.show(state, who, targets, verb.verb == "reveal")
        elif verb.verb not in VERBS and hooks.other is not None:
            targets = hooks.other(state, verb, who, targets, result.kept)
        _did(result, rules, verb, who, targets)
    return result


def _did(result: VerbResult, rules: EffectRules, verb: Verb, who: int, targets: Sequence[int]) -> None:
    result.moved.append((verb.verb, who, list(targets)))
    result.citations.append(rules.verbs[verb.verb])
    if verb.keep is not None:
        result.kept[verb.keep] = tuple(targets)


def spec_to_json(spec: EffectSpec) -> dict[str, Any]:
    """An effect spec as plain data (for docs and the card view)."""
    doc: dict[str, Any] = msgspec.to_builtins(spec)
    return doc

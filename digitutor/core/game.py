"""What every game provides to the engine, the CLI and the widgets, and the loop that runs it.

A game is a ``Game`` subclass: a state with a stack of procedure frames, a
``Procedure`` (one handler per frame kind: automatic steps, and decisions that
ask and are answered), and one ``ActionRule`` per kind of action a player can
take. The base class runs the advance loop and gives every game the same
``why_not`` / ``apply`` / ``legal_actions`` / ``observe``, so the engine, the UI
and the agents ask one check and cannot disagree.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol

import msgspec

from ..rules.model import Citation
from .actions import Action, BadActionKey
from .errors import IllegalActionError, InputError, excerpt
from .frames import Frame
from .instances import Instances
from .records import Decision, Option, Reason, Result, Step, seat_name

#: the board key that says a board is deliberately beyond a legal game, and why (shown to the learner)
BEYOND_RULES = "beyond-rules"
#: the longest ``beyond-rules`` reason
MAX_BEYOND_RULES = 500


def beyond_rules_reason(board: Mapping[str, Any], source: str = "setup") -> str:
    """The board's ``beyond-rules`` reason ('' when it has none); a value that is not a short text is one InputError."""
    reason = board.get(BEYOND_RULES, "")
    if not isinstance(reason, str) or (not reason.strip() and BEYOND_RULES in board) or len(reason) > MAX_BEYOND_RULES:
        raise InputError(
            source,
            f"setup.board.{BEYOND_RULES}",
            f"expected a text of 1 to {MAX_BEYOND_RULES} characters saying why the board is beyond "
            f"a legal game, got {excerpt(reason)}",
        )
    return reason.strip()


class GameState(Protocol):
    """A game's mutable state: plain data with its frames and instances. ``copy`` must be cheap."""

    turn: int
    over: bool
    frames: list[Frame]
    instances: Instances

    def copy(self) -> GameState: ...


StepHandler = Callable[[Any, Frame, random.Random], "Step | None"]


@dataclass(frozen=True, slots=True)
class DecisionRule:
    """A frame kind where a player decides.

    ``ask`` builds the decision without changing the state (None: nothing to decide,
    then ``skip`` runs); ``answer`` carries out an action already checked by ``why_not``.
    """

    kinds: frozenset[str]  #: the action kinds that answer it
    ask: Callable[[Any, Frame], Decision | None]
    answer: Callable[[Any, Frame, Action], Step]
    skip: StepHandler | None = None  #: default: pop the frame and go on


@dataclass(frozen=True, slots=True)
class ActionRule:
    """A kind of action: the rule that says when it is taken, and every other check on it.

    ``check(state, frame, action)`` returns every reason the action breaks a rule (None: the kind is a bare
    answer such as ``pass``, which names no card and takes no parameter); ``frame``
    is the decision frame when the action is asked for now, else None (checks that need
    the moment, such as what is attacking, are then left out: the timing reason says it all).
    """

    when: Citation
    when_text: str  #: e.g. "Blocking happens in the Digi-Battle Phase, when the opponent attacks."
    check: Callable[[Any, Frame | None, Action], tuple[Reason, ...]] | None = None

    def reasons(self, state: Any, frame: Frame | None, proposed: Action) -> tuple[Reason, ...]:
        """What the kind's own check finds against ``proposed`` (a bare answer's kind has none: nothing)."""
        return self.check(state, frame, proposed) if self.check is not None else ()


@dataclass(frozen=True, slots=True)
class Procedure:
    """A game's procedure: frame kind -> automatic step, or decision."""

    steps: Mapping[str, StepHandler]
    decisions: Mapping[str, DecisionRule] = field(default_factory=dict)


def pop_frame(state: Any, frame: Frame, rng: random.Random) -> None:
    state.frames.pop()
    return None


class Observation:
    """What one player may see of a state: agents decide from this and nothing else.

    ``state`` is a copy in which every card hidden from the player is an unknown card
    under a fresh number (built on first use); ``decision`` is the player's own pending one.
    """

    def __init__(self, game: Game, state: Any, player: int, decision: Decision | None = None) -> None:
        self.game, self.player, self.decision = game, player, decision
        self._full, self._seen = state, None

    @property
    def state(self) -> Any:
        if self._seen is None:
            self._seen = self.game.redact(self._full, self.player)
        return self._seen

    @property
    def board(self) -> BoardView:
        return self.game.board(self.state, self.player)


@dataclass(frozen=True, slots=True)
class PhaseInfo:
    """One entry of a game's turn map."""

    id: str
    title: str
    citation: Citation


@dataclass(frozen=True, slots=True)
class CardPart:
    """One part of a card as its rulebook's card diagram names it ("Card Name", "Play Cost"), with that clause."""

    label: str
    value: str
    citation: Citation


@dataclass(frozen=True, slots=True)
class CardView:
    """A card as a board shows it; ``hidden`` cards show only their back.

    Every field after ``hidden`` is optional, so one drawing fits all five games: a D-Tector
    card (level, battle type, power), an Arena card (colour, level, attacks), a DCG card
    (colour, level, DP, play cost, cards under it, suspended) and a DMB/DBE card (HP and
    its three attack powers).
    """

    uid: str
    name: str = ""
    level: str = ""
    kind: str = ""  #: battle type, colour, card type — whatever that game sorts by
    stats: Mapping[str, str] = field(default_factory=dict)  #: the numbers that matter in that game
    text: str = ""
    hidden: bool = False
    colour: str = ""  #: the card's colour as the game names it (frame colour); empty: drawn from ``kind``
    power_label: str = ""  #: the headline number's name: ``Power``, ``DP``, ``HP``
    printed: str = ""  #: the headline number as printed on the card
    current: str = ""  #: the headline number now, after effects (empty: as printed)
    cost: str = ""  #: play cost (DCG memory, …)
    attacks: Mapping[str, str] = field(
        default_factory=dict
    )  #: e.g. DMB/DBE {"Circle": "40", "Triangle": "30", "Cross": "20"}
    face_down: bool = False  #: lies face down (its owner, or a judge's view, may still read it)
    suspended: bool = False  #: DCG: suspended (turned sideways)
    under: tuple[CardView, ...] = ()  #: cards under it (digivolution sources), top first
    parts: tuple[
        CardPart, ...
    ] = ()  #: the whole card as the rulebook's card diagram names its parts (else the fields above)
    #: numbers a scenario may check by name, each (as printed, now after effects): DMB/DBE ``HP`` and the attacks'
    #: ``Circle``, ``Triangle`` and ``Cross`` Power
    figures: Mapping[str, tuple[str, str]] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class ZoneView:
    """One zone of one player; piles show a count, rows and stacks show cards."""

    id: str
    title: str
    cards: tuple[CardView, ...]
    layout: str = "row"  #: ``row`` (side by side), ``stack`` (on top of each other), ``pile`` (count only)
    count: int = 0
    citation: Citation | None = None  #: the clause that names the zone, where the rulebook does


@dataclass(frozen=True, slots=True)
class PlayerView:
    """One side of the board."""

    index: int
    name: str
    counters: Mapping[str, str]  #: e.g. {"Points": "3"}, {"HP": "40"}, {"Memory": "3"}
    zones: tuple[ZoneView, ...]
    active: bool = False
    you: Citation | None = None  #: the rulebook's label for the viewer's own side of the field, where it has one


@dataclass(frozen=True, slots=True)
class GaugeView:
    """A gauge both players share, such as DCG's memory gauge: from ``span`` on Player 1's side through 0 to
    ``span`` on Player 2's. ``value`` is signed: positive on ``toward``'s side (the player who may use it)."""

    name: str
    span: int
    value: int
    toward: int  #: the player on whose side positive values lie
    citation: Citation | None = None  #: the clause that names the gauge

    def side(self) -> int | None:
        """Whose side the marker is on (None: at 0)."""
        return None if self.value == 0 else (self.toward if self.value > 0 else 1 - self.toward)

    def marks(self) -> tuple[tuple[int, int | None], ...]:
        """Every mark from Player 1's end to Player 2's: (number shown, whose side it is on; None for 0)."""
        near = [(n, 0) for n in range(self.span, 0, -1)]
        far = [(n, 1) for n in range(1, self.span + 1)]
        return (*near, (0, None), *far)


@dataclass(frozen=True, slots=True)
class BoardView:
    """The whole board as seen by ``viewer`` (None: everything visible)."""

    game: str
    turn: int
    phase: str
    players: tuple[PlayerView, ...]
    shared: Mapping[str, str] = field(default_factory=dict)  #: counters both players share (Duel number, draft pile)
    gauges: tuple[GaugeView, ...] = ()  #: shared gauges (DCG's memory gauge)


@dataclass(frozen=True)
class Plugs:
    """What a game plugs into the base class: its procedure, actions, effect words, and layout and view functions."""

    procedure: Procedure
    actions: Mapping[str, ActionRule]
    phases: tuple[PhaseInfo, ...]
    layout: Callable[..., Any]  #: (setup, source, rng) -> state
    zones: Callable[[Any], Iterator[tuple[str, int | None, list[int]]]]
    redact: Callable[[Any, int | None], Any]
    board: Callable[[Any, int | None], BoardView]
    cards: Callable[[], Mapping[str, Any]]
    decks: Callable[[], Any]  #: the tutorial decks: ((name, card ids), ...)
    effect_rules: Any = None
    state_type: type | None = None  #: the game's state class (read back by ``load_state``)


class Game:
    """The base of every game sub-package (``digitutor.games.<id>.GAME``).

    A subclass names itself and sets ``plugs``; the base class does the rest.
    """

    plugs: Plugs

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        plugs = cls.__dict__.get("plugs")
        if plugs is not None:  # copied onto the class: the advance loop reads them on every step
            cls.procedure, cls.actions, cls.phases, cls.effect_rules = (
                plugs.procedure,
                plugs.actions,
                plugs.phases,
                plugs.effect_rules,
            )

    id: str = ""
    title: str = ""
    players: int = 2
    summary: str = ""
    agents: ClassVar[Mapping[str, Any]] = {}
    #: state fields that are the game's rules, not play (a citation table): not saved, set again on load
    fixed_fields: ClassVar[Mapping[str, Any]] = {}
    procedure: Procedure
    actions: Mapping[str, ActionRule]

    # -- what each game provides --------------------------------------------------------------

    phases: tuple[PhaseInfo, ...] = ()  #: the game's phases in order, each citing its rule (the turn map)
    effect_rules: Any = None

    def check_deck(self, doc: Any, source: str) -> tuple[str, list[str], tuple[Reason, ...]]:
        """A deck document checked against the game's deck rules: its name, its card ids, every cited problem."""
        raise NotImplementedError(f"{self.title} has no deck check")

    def default_setup(self) -> dict[str, Any]:
        """A JSON-able setup for a normal game (the tutorial decks)."""
        return {"decks": [list(card_ids) for _, card_ids in self.plugs.decks()]}

    def new_state(self, setup: Mapping[str, Any], source: str = "setup", rng: random.Random | None = None) -> Any:
        """Lay out a game from a setup; ``rng`` numbers the instances. Raises InputError.

        A board's ``beyond-rules`` (why it is deliberately beyond a legal game) is the board check's, not the layout's.
        """
        board = setup.get("board") if isinstance(setup, Mapping) else None
        if isinstance(board, Mapping) and BEYOND_RULES in board:
            beyond_rules_reason(board, source)
            setup = {**setup, "board": {key: value for key, value in board.items() if key != BEYOND_RULES}}
        return self.plugs.layout(setup, source, rng)

    def result(self, state: Any) -> Result | None:
        raise NotImplementedError

    def zones(self, state: Any) -> Iterator[tuple[str, int | None, list[int]]]:
        """Every zone as (name, owner, uids): for card conservation and hiding."""
        return self.plugs.zones(state)

    def redact(self, state: Any, viewer: int | None) -> Any:
        """A copy of ``state`` as ``viewer`` may know it (None: everything)."""
        return self.plugs.redact(state, viewer)

    def board(self, state: Any, viewer: int | None = None) -> BoardView:
        """The board as ``viewer`` sees it (None: everything, the judge's view)."""
        return self.plugs.board(state, viewer)

    def turn_map(self) -> tuple[PhaseInfo, ...]:
        return self.phases

    def phase_of(self, state: Any) -> str:
        """The id (in ``turn_map``) of the phase the state is in."""
        return str(state.phase)

    def player_name(self, player: int) -> str:
        return seat_name(player)

    def card_text(self, card_id: str) -> str | None:
        """A card's printed text (what its effects quote); None: no such card."""
        card = self.plugs.cards().get(card_id)
        return None if card is None else card.text

    # -- the advance loop -----------------------------------------------------------------------

    def advance(self, state: Any, rng: random.Random) -> Step | Decision:
        """Run the top frame until a step happens or a player must decide. A decision changes nothing."""
        steps, decisions = self.procedure.steps, self.procedure.decisions
        while True:
            top = state.frames[-1]
            outcome: Step | Decision | None
            handler = steps.get(top.kind)
            if handler is not None:
                outcome = handler(state, top, rng)
            else:
                rule = decisions[top.kind]
                outcome = rule.ask(state, top)
                if outcome is None:
                    outcome = (rule.skip or pop_frame)(state, top, rng)
            if outcome is not None:
                return outcome

    def pending(self, state: Any) -> Decision | None:
        """The decision the top frame asks, if it is a decision frame (built without changing anything)."""
        rule = self.procedure.decisions.get(state.frames[-1].kind) if state.frames else None
        return rule.ask(state, state.frames[-1]) if rule else None

    # -- one check, three uses --------------------------------------------------------------------

    def parse(self, state: Any, key: str, player: int, by_card_id: bool = False) -> Action:
        """An action from its key; raises BadActionKey for an unknown kind or card.

        ``by_card_id``: the key may name cards by card id (``digivolve:agumon:greymon``), as scenario
        files do; each stands for the first copy ``player`` owns (else the first copy anyone owns).
        """
        if by_card_id:
            key = self._instances_for(state, key, player)
        proposed = Action.parse(key, player)
        if proposed.kind not in self.actions:
            raise BadActionKey(
                f"{proposed.kind!r} is not an action of {self.title} (actions: {', '.join(self.actions)})"
            )
        for instance in proposed.cards:
            if state.instances.uid(instance) is None:
                raise BadActionKey(f"there is no card {instance} in this game")
        return proposed

    #: zones a card id in a proposal names last: face-down piles nobody picks from by name
    piles: frozenset[str] = frozenset({"deck", "online", "draft-pile"})

    def _instances_for(self, state: Any, key: str, player: int) -> str:
        table = state.instances
        parts = key.split(":") if isinstance(key, str) else [key]
        in_pile = {uid for zone, _, uids in self.zones(state) if zone in self.piles for uid in uids}
        used: set[int] = set()
        for position, part in enumerate(parts[1:], start=1):
            if "=" in part or table.uid(part) is not None:
                continue
            copies = [
                uid for uid, card in enumerate(table.cards) if getattr(card, "id", None) == part and uid not in used
            ]
            copies.sort(key=lambda uid: (table.owners[uid] != player, uid in in_pile))
            if copies:
                used.add(copies[0])
                parts[position] = table.ids[copies[0]]
        return ":".join(parts)

    def why_not(self, state: Any, proposed: Action) -> tuple[Reason, ...]:
        """Every reason ``proposed`` breaks the rules now, each cited; empty: it is legal."""
        rule = self.actions.get(proposed.kind)
        if rule is None:
            raise BadActionKey(f"{proposed.kind!r} is not an action of {self.title}")
        reasons: list[Reason] = []
        top = state.frames[-1] if state.frames else None
        asking = self.procedure.decisions.get(top.kind) if top is not None else None
        frame: Frame | None = None
        if asking is None or proposed.kind not in asking.kinds or top is None:
            reasons.append(Reason(f"{rule.when_text} {self.now(state, top, asking)}", rule.when))
        elif top.player is not None and proposed.player != top.player:
            reasons.append(
                Reason(
                    f"It is {self.player_name(top.player)}'s choice now, not {self.player_name(proposed.player)}'s.",
                    rule.when,
                )
            )
        else:
            frame = top
        if rule.check is not None:
            reasons.extend(rule.check(state, frame, proposed))
        elif proposed.cards or proposed.params:  # a kind without a check of its own is a bare answer: pass, done, no-…
            reasons.append(Reason(f"{proposed.kind} names no card and takes no parameter.", rule.when))
        if not reasons and frame is not None and asking is not None:
            reasons.extend(self._not_offered(state, frame, asking, proposed, rule.when))
        return tuple(dict.fromkeys(reasons)) if len(reasons) > 1 else tuple(reasons)

    def _not_offered(
        self, state: Any, frame: Frame, asking: DecisionRule, proposed: Action, when: Citation
    ) -> tuple[Reason, ...]:
        """The last gate: an answer its kind's checks let through must still be one the decision offers.

        The decision lists every legal answer (``legal_actions`` is built from it), so an answer it does
        not offer — a parameter the kind does not take, a value out of range — is refused here, cited
        with the rule that says when the kind is taken, instead of being carried out.
        """
        decision = asking.ask(state, frame)
        if decision is not None and decision.find(proposed.key) is not None:
            return ()
        offered = [option.key for option in decision.options if option.action.kind == proposed.kind] if decision else []
        listed = ", ".join(offered[:8]) + (", …" if len(offered) > 8 else "")
        told = f"now: {listed}" if offered else "none now"
        return (
            Reason(
                f"{proposed.key[:80]!r} is not one of the answers this decision offers ({proposed.kind} answers: "
                f"{told}).",
                when,
            ),
        )

    def now(self, state: Any, top: Frame | None = None, asking: DecisionRule | None = None) -> str:
        """Where the game is, in words, for a timing reason; in the right phase, the answer the game waits for first."""
        if state.over:
            return "The game is over."
        phase = self.phase_of(state)
        title = next((info.title for info in self.turn_map() if info.id == phase), phase)
        decision = asking.ask(state, top) if asking is not None and top is not None else None
        if decision is None:
            return f"Now it is the {title}."
        return f"Now it is the {title}, and first the game waits for this answer: {decision.prompt}"

    def apply(self, state: Any, proposed: Action, offered: Option | None = None) -> Step:
        """Check ``proposed`` with ``why_not`` (every reason, each cited), then carry it out.

        ``offered``: the option of the pending decision it comes from, whose reasons the same
        checks have just given (so they are not worked out twice).
        """
        reasons = (
            offered.reasons if offered is not None and offered.action is proposed else self.why_not(state, proposed)
        )
        if reasons:
            raise IllegalActionError(f"{proposed.key!r} is not allowed", reasons)
        top = state.frames[-1]
        return self.procedure.decisions[top.kind].answer(state, top, proposed)

    def legal_actions(self, state: Any) -> Iterator[Action]:
        """What the deciding player may do now, lazily."""
        decision = self.pending(state)
        if decision is not None:
            for option in decision.options:
                if option.legal:
                    yield option.action

    # -- cards and views ------------------------------------------------------------------------------

    def all_cards(self, state: Any) -> list[int]:
        """Every card uid in every zone (for the no-card-lost-or-duplicated invariant)."""
        return [uid for _, _, uids in self.zones(state) for uid in uids]

    def save_state(self, state: Any) -> dict[str, Any]:
        """The whole state (frames, instances, lasting changes included) as JSON-able plain data.

        Cards are written by card id and read back from the game's card set.
        """
        fixed = self.fixed_fields
        doc: dict[str, Any] = msgspec.to_builtins(
            {f.name: getattr(state, f.name) for f in dataclasses.fields(state) if f.name not in fixed}
            if fixed
            else state
        )
        doc["instances"]["cards"] = [card.id for card in state.instances.cards]
        doc["instances"].pop("memo", None)
        doc["instances"].pop("index", None)
        doc.pop("cards", None)
        return doc

    def load_state(self, doc: dict[str, Any], source: str = "saved state") -> Any:
        """A state from ``save_state``'s document; a card id the game does not know is an InputError."""
        known = self.plugs.cards()
        doc = dict(doc)
        instances = dict(doc["instances"])
        missing = [card_id for card_id in instances["cards"] if card_id not in known]
        if missing:
            raise InputError(source, "instances.cards", f"unknown card {str(missing[0])[:40]!r}")
        doc["instances"] = instances
        cards = [known[card_id] for card_id in instances["cards"]]
        instances["cards"] = list(range(len(cards)))
        try:
            state = msgspec.convert(doc, self.plugs.state_type)
        except msgspec.ValidationError as error:
            raise InputError(source, "", str(error)[:200]) from None
        table = state.instances
        state.instances = Instances(tuple(cards), table.ids, table.owners, table.created, table.removed)
        # a frame argument may nest tuples (a secret round's ((player, choice), ...)): JSON gave lists back
        state.frames = [Frame.from_json(kept.to_json()) for kept in state.frames]
        state.cards = state.instances.cards
        for name, value in self.fixed_fields.items():
            setattr(state, name, value)
        return state

    def alias(self, state: Any, key: str) -> str:
        """An action key with each instance id replaced by its card id (scripts may name cards so)."""
        parts = key.split(":")
        table = state.instances
        for position, part in enumerate(parts):
            uid = table.uid(part)
            if uid is not None:
                parts[position] = table.cards[uid].id
        return ":".join(parts)

    def observe(self, state: Any, player: int) -> Observation:
        """What ``player`` may see now; agents use only this."""
        decision = self.pending(state)
        return Observation(self, state, player, decision if decision is not None and decision.seen_by(player) else None)

"""A match: one game played step by step, with its full history.

The history is the seed, the setup and the answers given at decisions; every
state can be rebuilt from them. Snapshots of the state (and of the RNG) taken
every ``SNAPSHOT_EVERY`` steps make going back to any step a copy plus at most
that many replayed steps, so undo, jump and fork stay fast in long games.
"""

from __future__ import annotations

import copy
import random
from typing import TYPE_CHECKING, Any

import msgspec

from .actions import Action, BadActionKey
from .agents import Agent, make_agent
from .errors import DigitutorError, IllegalActionError, InputError
from .game import Game, GameState, Observation
from .records import Decision, Option, Reason, Result, Step
from .registry import get_game
from .savefile import SAVE_VERSION, read_saved_match
from .secret import waiting

if TYPE_CHECKING:
    from ..scenarios.boardcheck import BoardCheck

SNAPSHOT_EVERY = 32
SAVE_FORMAT = "digitutor-match"


class DecisionRecord(msgspec.Struct, frozen=True):
    """An answer given at a decision, and the step it produced."""

    step: int
    player: int
    kind: str
    answer: str
    by: str  #: the agent's name, or ``human``

    def to_json(self, viewer: int | None = None) -> dict[str, Any]:
        answer = self.answer if viewer in (None, self.player) else self.answer.partition(":")[0]
        return {"step": self.step, "player": self.player, "decision": self.kind, "answer": answer, "by": self.by}


class Match:
    """One game of ``game_id`` from ``seed`` and ``setup``, answered by ``agents``."""

    def __init__(
        self,
        game_id: str,
        seed: int,
        setup: dict[str, Any] | None = None,
        agents: tuple[str, ...] = ("random", "random"),
        source: str = "setup",
    ) -> None:
        self.game: Game = get_game(game_id)
        self.seed = seed
        self.setup = setup if setup is not None else self.game.default_setup()
        self.agent_names = tuple(agents)
        if len(self.agent_names) != self.game.players:
            raise DigitutorError(
                f"{game_id} needs {self.game.players} agents, got {len(self.agent_names)}: {','.join(agents)}"
            )
        self.agents: list[Agent | None] = self._make_agents("")
        self.rng = random.Random(seed)
        self.state: GameState = self.game.new_state(self.setup, source, random.Random(f"{seed}/instances"))
        board = self.setup.get("board") if isinstance(self.setup, dict) else None
        self.board_check: BoardCheck | None = None  #: a board setup's check: its notes (beyond a legal deck)
        if isinstance(board, dict):  # a board no legal game reaches is refused, with its clauses (unless beyond-rules)
            from ..scenarios.boardcheck import refuse_impossible

            self.board_check = refuse_impossible(game_id, board, self.state, source)
        self.steps: list[Step] = []
        self.decisions: list[DecisionRecord] = []
        self._answer_at: dict[int, DecisionRecord] = {}
        self._open: list[bool] = []  #: per step: True when no secret choice waits to be revealed after it
        self._snapshots: dict[int, tuple[GameState, tuple[Any, ...]]] = {-1: (self.state.copy(), self.rng.getstate())}
        self.pending: Decision | None = None
        self.result: Result | None = None

    def _make_agents(self, salt: str) -> list[Agent | None]:
        extra = getattr(self.game, "agents", None)
        return [
            make_agent(name, random.Random(f"{self.seed}/agent/{index}{salt}"), extra)
            for index, name in enumerate(self.agent_names)
        ]

    # -- playing ---------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.result is not None

    def advance(self) -> Step | Decision | None:
        """Take one step. Returns the step, the decision a person must answer, or None when over."""
        if self.result is not None:
            return None
        if self.pending is None:
            outcome = self.game.advance(self.state, self.rng)
            if isinstance(outcome, Step):
                return self._record(outcome, None)
            self.pending = outcome
        agent = self.agents[self.pending.player]
        if agent is None:
            return self.pending
        seen = Observation(self.game, self.state, self.pending.player, self.pending)
        return self._answer(agent.choose(self.pending, seen), agent.name)

    def choose(self, key: str) -> Step:
        """Answer the pending decision as a person; raises IllegalActionError with every reason.

        ``key`` is an option's key, or the same key naming cards by card id instead of
        instance (``hand:agumon`` for the first copy of Agumon offered), or any action
        key at all: one that is not on offer is refused with every reason it breaks a rule.
        """
        return self._answer(key, "human")

    def resolve_key(self, key: str) -> Action:
        """The action a person's answer to the pending decision stands for."""
        option = self._offered(key)
        if option is not None:
            return option.action
        decision = self.pending
        assert decision is not None
        try:
            return self.game.parse(self.state, key, decision.player)
        except BadActionKey as error:
            legal = ", ".join(o.key for o in decision.legal_options)
            raise IllegalActionError(
                f"{str(key)[:80]!r} is not an option of this decision ({decision.kind}); legal: {legal} ({error})"
            ) from None

    def _offered(self, key: str) -> Option | None:
        """The pending decision's option with this key (or naming the same cards by card id)."""
        decision = self.pending
        if decision is None:
            raise DigitutorError("no decision is waiting for an answer")
        option = decision.find(key)
        if option is None:
            option = next((o for o in decision.options if self.game.alias(self.state, o.key) == key), None)
        return option

    def why_not(self, key: str, player: int | None = None) -> tuple[Reason, ...]:
        """Every cited reason the action ``key`` is not allowed now (empty: allowed). Changes nothing.

        Any action may be proposed, on offer or not; ``key`` may name cards by card id.
        """
        if player is None:
            player = self.pending.player if self.pending is not None else 0
        proposed = None
        if self.pending is not None and player == self.pending.player:
            option = self._offered(key)
            proposed = option.action if option is not None else None
        if proposed is None:
            proposed = self.game.parse(self.state, key, player, by_card_id=True)
        return self.game.why_not(self.state, proposed)

    def _answer(self, key: str, by: str) -> Step:
        decision = self.pending
        if decision is None:
            raise DigitutorError("no decision is waiting for an answer")
        offered = self._offered(key)
        chosen = offered.action if offered is not None else self.resolve_key(key)
        step = self.game.apply(self.state, chosen, offered)
        self.pending = None
        record = DecisionRecord(len(self.steps), decision.player, decision.kind, chosen.key, by)
        return self._record(step, record)

    def _record(self, step: Step, record: DecisionRecord | None) -> Step:
        index = len(self.steps)
        self.steps.append(step)
        self._open.append(not waiting(self.state.frames))
        if record is not None:
            self.decisions.append(record)
            self._answer_at[index] = record
        if index % SNAPSHOT_EVERY == SNAPSHOT_EVERY - 1:
            self._snapshots[index] = (self.state.copy(), self.rng.getstate())
        if self.state.over:
            self.result = self.game.result(self.state)
        return step

    def run(self, max_steps: int = 1_000_000) -> Decision | None:
        """Advance until the game ends or a person must decide; returns that decision."""
        for _ in range(max_steps):
            outcome = self.advance()
            if outcome is None or isinstance(outcome, Decision):
                return outcome
        raise DigitutorError(f"the game did not end within {max_steps} steps")

    # -- going back in time ------------------------------------------------------

    def state_at(self, index: int) -> GameState:
        """The state right after step ``index`` (-1: before the first step)."""
        return self._rebuild(index)[0]

    def _rebuild(self, index: int) -> tuple[GameState, random.Random]:
        if not -1 <= index < len(self.steps):
            raise DigitutorError(f"step {index} does not exist (this match has steps 0 to {len(self.steps) - 1})")
        base = (index + 1) // SNAPSHOT_EVERY * SNAPSHOT_EVERY - 1
        snapshot, rng_state = self._snapshots[base]
        state = snapshot.copy()
        rng = random.Random()
        rng.setstate(rng_state)
        for step_index in range(base + 1, index + 1):
            outcome = self.game.advance(state, rng)
            if isinstance(
                outcome, Decision
            ):  # an answer this match took, checked when it was given: replayed as offered
                answer = self._answer_at[step_index].answer
                offered = outcome.find(answer)
                chosen = offered.action if offered is not None else self.game.parse(state, answer, outcome.player)
                self.game.apply(state, chosen, offered)
        return state, rng

    def truncate(self, index: int) -> None:
        """Go back to right after step ``index``, forgetting everything later."""
        self.state, self.rng = self._rebuild(index)
        del self.steps[index + 1 :]
        del self._open[index + 1 :]
        self.decisions = [d for d in self.decisions if d.step <= index]
        self._answer_at = {d.step: d for d in self.decisions}
        self._snapshots = {i: s for i, s in self._snapshots.items() if i <= index}
        self.pending = None
        self.result = self.game.result(self.state) if self.state.over else None

    def undo(self) -> bool:
        """Take back the last answer a person gave (or, with no person playing, the last answer).

        The match goes back to that decision, which is asked again. Returns False if
        there is nothing to undo.
        """
        humans = [d for d in self.decisions if d.by == "human"]
        candidates = humans or self.decisions
        if not candidates:
            return False
        self.truncate(candidates[-1].step - 1)
        return True

    def fork(self, index: int | None = None) -> Match:
        """A new, independent match that shares this one's history up to step ``index``."""
        twin = copy.copy(self)
        twin.steps = list(self.steps)
        twin.decisions = list(self.decisions)
        twin._answer_at = dict(self._answer_at)
        twin._open = list(self._open)
        twin._snapshots = dict(self._snapshots)  # snapshots are never mutated, only copied from
        twin.agents = self._make_agents(f"/fork{len(self.steps)}")
        twin.truncate(len(self.steps) - 1 if index is None else index)
        return twin

    # -- saving and tracing --------------------------------------------------------

    def shared_end(self) -> int:
        """The last step (-1: the start) up to which every seat may see every answer given.

        That is the live end, unless a secret choice (core/secret.py) waits there to be revealed: then it is
        the last step after which none waited, just before the answer that made the round's first choice.
        """
        index = len(self.steps) - 1
        while index >= 0 and not self._open[index]:
            index -= 1
        return index

    def save(self, shared: bool = False) -> dict[str, Any]:
        """A JSON-able document from which ``Match.load`` rebuilds this exact match.

        ``shared``: only what every seat may see, for a screen the players share (hot-seat): the match up
        to ``shared_end``, without a secret choice that is not revealed yet. Loading it asks that choice again.
        """
        end = self.shared_end() if shared else len(self.steps) - 1
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "game": self.game.id,
            "seed": self.seed,
            "agents": list(self.agent_names),
            "setup": self.setup,
            "steps": end + 1,
            "decisions": [d.to_json() for d in self.decisions if d.step <= end],
        }

    @classmethod
    def load(cls, doc: Any, source: str = "saved match") -> Match:
        """Rebuild a saved match by replaying its answers; raises InputError naming the bad field."""
        read_saved_match(doc, source)  # every field typed first (core/savefile.py)
        if not isinstance(doc, dict) or doc.get("format") != SAVE_FORMAT:
            raise InputError(source, "format", f"expected {SAVE_FORMAT!r}")
        if doc.get("version") != SAVE_VERSION:
            raise InputError(source, "version", f"expected {SAVE_VERSION}")
        for field, kind in (
            ("game", str),
            ("seed", int),
            ("agents", list),
            ("setup", dict),
            ("steps", int),
            ("decisions", list),
        ):
            if not isinstance(doc.get(field), kind):
                raise InputError(source, field, f"expected a {kind.__name__}")
        match = cls(doc["game"], doc["seed"], doc["setup"], tuple(doc["agents"]), source)
        answers = {}
        for position, entry in enumerate(doc["decisions"]):
            if (
                not isinstance(entry, dict)
                or not isinstance(entry.get("step"), int)
                or not isinstance(entry.get("answer"), str)
            ):
                raise InputError(source, f"decisions[{position}]", "expected {step: int, answer: str, ...}")
            answers[entry["step"]] = entry
        match._replay(doc["steps"], answers, source)
        return match

    def _replay(self, count: int, answers: dict[int, dict[str, Any]], source: str) -> None:
        while len(self.steps) < count and self.result is None:
            outcome = self.game.advance(self.state, self.rng)
            if isinstance(outcome, Step):
                self._record(outcome, None)
                continue
            entry = answers.get(len(self.steps))
            if entry is None:
                raise InputError(source, f"decisions (step {len(self.steps)})", f"an answer to {outcome.kind!r}")
            self.pending = outcome
            by = str(entry.get("by", "human"))
            agent = self.agents[outcome.player]
            if agent is not None and by == agent.name:  # the agent thinks again, so its own seeded RNG stays in step
                agent.choose(outcome, Observation(self.game, self.state, outcome.player, outcome))
            try:
                self._answer(entry["answer"], by)
            except DigitutorError as error:
                raise InputError(source, f"decisions (step {len(self.steps)})", str(error)) from None

    def trace(self, viewer: int | None = None) -> dict[str, Any]:
        """The JSON trace as ``viewer`` may see it (None: everything, the judge's view).

        A viewer sees which cards an event names only if the rules show them; another
        player's answers show only the kind of action (the step that follows tells what it did).
        """
        pending = self.pending if self.pending is not None and self.pending.seen_by(viewer) else None
        return {
            "game": self.game.id,
            "seed": self.seed,
            "agents": list(self.agent_names),
            "viewer": "all" if viewer is None else viewer,
            "steps": [step.to_json(index, viewer) for index, step in enumerate(self.steps)],
            "decisions": [d.to_json(viewer) for d in self.decisions],
            "pending": pending.to_json() if pending else None,
            "result": self.result.to_json() if self.result else None,
        }

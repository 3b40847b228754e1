"""Who answers decisions: the computer (random or scripted), or a person through a UI.

A person is represented by no agent at all: the match stops at the decision and
waits for ``Match.choose``. Agents get their own seeded RNG from the match, and
decide from the decision and their seat's ``Observation`` only: never from the
full state, so they cannot see through a face-down card.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from typing import Any, ClassVar, Protocol

from .errors import DigitutorError
from .game import Observation
from .records import Decision, Option


class Agent(Protocol):
    """Something that answers a decision with an option key."""

    name: str

    def choose(self, decision: Decision, seen: Observation) -> str: ...


class RandomAgent:
    """Picks uniformly among the legal options, with its own seeded RNG."""

    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, decision: Decision, seen: Observation) -> str:
        legal = decision.legal_options
        return legal[self.rng.randrange(len(legal))].key


class FirstAgent:
    """Always takes the first legal option: predictable, for demos and tests."""

    name = "first"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, decision: Decision, seen: Observation) -> str:
        return decision.legal_options[0].key


class ScriptExhausted(DigitutorError):
    """A scripted agent was asked more than its script holds."""


class ScriptedAgent:
    """Answers from a list of option keys, in order."""

    name = "scripted"

    def __init__(self, answers: Iterable[str]) -> None:
        self.answers = list(answers)
        self.position = 0

    def choose(self, decision: Decision, seen: Observation) -> str:
        if self.position >= len(self.answers):
            raise ScriptExhausted(f"the script has no answer for decision {decision.kind!r}")
        answer = self.answers[self.position]
        self.position += 1
        return answer


#: decision kind -> (observed state, player, legal options) -> the chosen option's key
Chooser = Callable[[Any, int, tuple[Option, ...]], str]


class ChooserAgent:
    """An agent that answers each kind of decision with its own function of what its seat sees.

    A game's agent sets ``name`` and ``choosers``: decision kind -> (observed state, player,
    legal options) -> key; other kinds get the first legal option.
    """

    name = "chooser"
    choosers: ClassVar[Mapping[str, Chooser]] = {}

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, decision: Decision, seen: Observation) -> str:
        """Decide from what this seat may see (``seen.state`` has every hidden card blanked)."""
        legal = decision.legal_options
        chooser = self.choosers.get(decision.kind)
        return chooser(seen.state, decision.player, legal) if chooser else legal[0].key


AgentFactory = Callable[[random.Random], Agent]

#: agents available by name on the command line; games may add their own
AGENTS: dict[str, AgentFactory] = {"random": RandomAgent, "first": FirstAgent}


def make_agent(name: str, rng: random.Random, game_agents: dict[str, AgentFactory] | None = None) -> Agent | None:
    """Build an agent by name; ``human`` means no agent (a person answers)."""
    if name == "human":
        return None
    factories = {**AGENTS, **(game_agents or {})}
    if name not in factories:
        known = ", ".join(sorted([*factories, "human"]))
        raise DigitutorError(f"unknown agent {name!r} (known agents: {known})")
    return factories[name](rng)

"""Digimon Battles (DMB), on the second-edition core: see docs/dmb.md."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ...core.game import Game, PhaseInfo, Plugs
from ...core.records import Reason, Result
from . import citations as C
from .agents import GreedyAgent
from .cards import card_set, parse_deck, tutorial_decks
from .checks import ACTIONS
from .effects import RULES as EFFECT_RULES
from .procedure import PROCEDURE
from .setup import deck_problems
from .setup import new_state as _new_state
from .state import DState, Phase
from .view import board as _board
from .view import redact as _redact
from .view import zones as _zones

TURN_MAP = (
    PhaseInfo(Phase.SETUP.value, "Before the game", C.OPENING_HAND),
    PhaseInfo(Phase.PREP.value, "Prep Phase", C.DRAW),
    PhaseInfo(Phase.EVOLUTION.value, "Evolution Phase", C.LEVEL_UP),
    PhaseInfo(Phase.STRATEGY.value, "Strategy Phase", C.CHOOSE_ATTACK),
    PhaseInfo(Phase.SUPPORT.value, "Support Phase", C.RESOLVE_LIFO),
    PhaseInfo(Phase.BATTLE.value, "Battle Phase", C.REVEAL),
    PhaseInfo(Phase.END.value, "End Phase", C.NEXT_TURN),
    PhaseInfo(Phase.GAME_OVER.value, "Game over", C.WIN),
)


def _decks() -> list[tuple[str, tuple[str, ...]]]:
    return [(deck.name, deck.cards) for deck in tutorial_decks()]


class DigimonBattles(Game):
    """The game object the engine, CLI and widgets use."""

    id = "dmb"
    title = "Digimon Battles"
    players = 2
    agents: ClassVar[Mapping[str, Any]] = {"greedy": GreedyAgent}
    summary = (
        "Evolve a partner with DP, choose Circle, Triangle or Cross in secret, answer with Supports that resolve "
        "last-in-first-out, and trade blows by 1st Attack, Counter, Crash and Drain. 4 KO points wins."
    )
    plugs = Plugs(
        PROCEDURE, ACTIONS, TURN_MAP, _new_state, _zones, _redact, _board, card_set, _decks, EFFECT_RULES, DState
    )
    fixed_fields: ClassVar[Mapping[str, Any]] = {"cites": C, "effect_rules": EFFECT_RULES}

    def default_setup(self) -> dict[str, Any]:
        return {"decks": [deck.to_setup() for deck in tutorial_decks()]}

    def long_setup(self) -> dict[str, Any]:
        """A long game for timing time travel: six-fold decks, and two Ultimates
        (no Crash) with 3000 HP and no Mega to evolve to."""
        players = [
            {"deck": list(deck.cards) * 6, "active": [top], "hp": 3000, "partner": deck.partner}
            for deck, top in zip(tutorial_decks(), ("magnaangemon", "weregarurumon"), strict=True)
        ]
        return {"board": {"phase": "prep", "active": 0, "turn": 1, "players": players}}

    def check_deck(self, doc: Any, source: str) -> tuple[str, list[str], tuple[Reason, ...]]:
        """A deck document -> (name, card ids, every reason it is illegal)."""
        deck = parse_deck(doc, source, card_set())
        return deck.name, list(deck.cards) + list(deck.destiny), deck_problems(deck)

    def result(self, state: DState) -> Result | None:
        if not state.over:
            return None
        points = tuple(side.ko_points for side in state.sides)
        reason = "4 KO points" if max(points) >= 4 else "a player had no Digimon to play"
        return Result(state.winner, reason, points)


GAME = DigimonBattles()

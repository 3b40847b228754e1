"""The D-Tector Card Game ("Battle Call"), complete."""

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
    PhaseInfo(Phase.SETUP.value, "Game Requirements", C.SHUFFLE_AND_DRAW),
    PhaseInfo(Phase.DRAW.value, "Refill hands", C.DRAW_TO_THREE),
    PhaseInfo(Phase.BATTLE_CALL.value, "Battle Call Command Phase", C.PLACE_FACE_DOWN),
    PhaseInfo(Phase.DIGIVOLVE.value, "Digivolve Phase", C.DIGIVOLVE),
    PhaseInfo(Phase.DIGI_BATTLE.value, "Digi-Battle Phase", C.ATTACK),
    PhaseInfo(Phase.END.value, "End of turn", C.END_TURN),
    PhaseInfo(Phase.GAME_OVER.value, "How To Win", C.HOW_TO_WIN),
)


class DTector(Game):
    """The game object the engine, CLI and widgets use."""

    id = "dtector"
    title = "D-Tector Card Game"
    players = 2
    agents: ClassVar[Mapping[str, Any]] = {"greedy": GreedyAgent}
    summary = (
        "Battle Call: both players reveal a Digimon at once (Ability > Crush > Energy > Ability, Spirit "
        "beats all); winners fill the D-Dock, digivolve, and attack the opponent's deck. Most points when "
        "a deck runs out wins."
    )

    def check_deck(self, doc: Any, source: str) -> tuple[str, list[str], tuple[Reason, ...]]:
        """A deck document -> (name, card ids, every reason it is illegal)."""
        name, card_ids = parse_deck(doc, source, card_set())
        return name, card_ids, deck_problems(card_ids)

    def long_setup(self) -> dict[str, Any]:
        """A prepared board with six-fold decks, for timing time travel in a long game."""
        decks = [list(card_ids) * 6 for _, card_ids in tutorial_decks()]
        return {"board": {"phase": "draw", "players": [{"deck": deck} for deck in decks]}}

    plugs = Plugs(
        PROCEDURE,
        ACTIONS,
        TURN_MAP,
        _new_state,
        _zones,
        _redact,
        _board,
        card_set,
        tutorial_decks,
        EFFECT_RULES,
        DState,
    )

    def result(self, state: DState) -> Result | None:
        if not state.over:
            return None
        points = tuple(side.points for side in state.sides)
        return Result(state.winner, "most points when a deck ran out", points)


GAME = DTector()

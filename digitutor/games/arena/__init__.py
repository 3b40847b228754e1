"""The Arena Digi-Battle Card Game (Bandai, 1999), complete: Setup, Digivolve, Battle, Re-Group, 1000 points."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ...core.game import Game, PhaseInfo, Plugs
from ...core.records import Reason, Result
from . import citations as C
from .agents import GreedyAgent
from .cardfile import card_set, parse_card_list, tutorial_decks
from .checks import ACTIONS, deck_problems
from .effects import RULES as EFFECT_RULES
from .layout import new_state as _new_state
from .procedure import PROCEDURE
from .state import AState, Phase
from .view import board as _board
from .view import redact as _redact
from .view import zones as _zones

TURN_MAP = (
    PhaseInfo(Phase.SETUP.value, "Setup", C.FOUR_PHASES),
    PhaseInfo(Phase.DIGIVOLVE.value, "Digivolve", C.PLACE_FACE_DOWN),
    PhaseInfo(Phase.BATTLE.value, "Battle", C.TAKE_TURNS),
    PhaseInfo(Phase.RE_GROUP.value, "Re-Group", C.RESTORE),
    PhaseInfo(Phase.GAME_OVER.value, "1000 points", C.THOUSAND_POINTS),
)


class Arena(Game):
    """The game object the engine, CLI and widgets use."""

    id = "arena"
    title = "Arena Digi-Battle Card Game"
    players = 2
    summary = (
        "Red, Green and Yellow Digimon duel on the Duel Zone: digivolve with face-down cards and their "
        "requirements, trade Power Options one per turn, and the largest power scores from its Score section. "
        "First to 1000 points wins."
    )
    agents: ClassVar[Mapping[str, Any]] = {"greedy": GreedyAgent}
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
        AState,
    )

    def check_deck(self, doc: Any, source: str) -> tuple[str, list[str], tuple[Reason, ...]]:
        """A deck document -> (name, card ids, every reason it is illegal: 30 cards, all unique, a Rookie)."""
        cards = card_set()
        name, card_ids = parse_card_list(doc, source, cards)
        return name, card_ids, deck_problems(card_ids, cards)

    def long_setup(self) -> dict[str, Any]:
        """A long game for timing time travel: a Mega farming Rookies.

        WarGreymon's Score section gives 20 points for a Rookie, and neither player holds a Power
        Option or a digivolution, so it takes about fifty Duels (well over 1,100 steps) to reach 1000.
        """
        rookies = [card.id for card in card_set().values() if card.is_rookie]
        pile = rookies * (320 // len(rookies))
        mega = ["agumon", "greymon", "metalgreymon", "wargreymon"]
        players = [{"duel_zone": duel, "hand": pile[:10], "online": pile[10:]} for duel in (mega, ["gabumon"])]
        return {"board": {"phase": "battle", "first": 0, "players": players}}

    def result(self, state: AState) -> Result | None:
        if not state.over:
            return None
        points = tuple(side.points for side in state.sides)
        reason = (
            "ten tied Duels in a row: a draw" if state.top_frame.get("reason") == "ties" else "first to 1000 points"
        )
        return Result(state.winner, reason, points)


GAME = Arena()

"""The Digimon Card Game (rule manual ver. 3.0), on the second-edition core. Being built: see docs/dcg.md."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ...core.game import Game, PhaseInfo, Plugs
from ...core.records import Reason, Result
from . import citations as C
from .agents import GreedyAgent
from .cards import card_set, tutorial_decks
from .effects import RULES as EFFECT_RULES
from .procedure import ACTIONS, PROCEDURE
from .setup import deck_problems
from .setup import new_state as _new_state
from .state import CState, Phase
from .view import board as _board
from .view import redact as _redact
from .view import zones as _zones

TURN_MAP = (
    PhaseInfo(Phase.SETUP.value, "Setting up the Game", C.DRAW_FIVE),
    PhaseInfo(Phase.UNSUSPEND.value, "Unsuspend Phase", C.UNSUSPEND),
    PhaseInfo(Phase.DRAW.value, "Draw Phase", C.DRAW),
    PhaseInfo(Phase.BREEDING.value, "Breeding Phase", C.BREEDING_ONE),
    PhaseInfo(Phase.MAIN.value, "Main Phase", C.MAIN),
    PhaseInfo(Phase.GAME_OVER.value, "Ending the Game", C.WIN_NO_SECURITY),
)


def _decks() -> list[tuple[str, tuple[str, ...]]]:
    return [(deck.name, deck.deck) for deck in tutorial_decks()]


class DigimonCardGame(Game):
    """The game object the engine, CLI and widgets use."""

    id = "dcg"
    title = "Digimon Card Game"
    players = 2
    agents: ClassVar[Mapping[str, Any]] = {"greedy": GreedyAgent}
    summary = (
        "Pay memory from one shared gauge to play, digivolve and use Options; the turn passes once the counter "
        "crosses to the opponent's side. Hatch Digi-Eggs, attack the security stack, and win by attacking a player "
        "with no security left."
    )
    plugs = Plugs(
        PROCEDURE, ACTIONS, TURN_MAP, _new_state, _zones, _redact, _board, card_set, _decks, EFFECT_RULES, CState
    )
    piles = frozenset({"deck", "egg-deck", "security"})

    def default_setup(self) -> dict[str, Any]:
        decks = tutorial_decks()
        return {"decks": [list(d.deck) for d in decks[:2]], "eggs": [list(d.eggs) for d in decks[:2]]}

    def check_deck(self, doc: Any, source: str) -> tuple[str, list[str], tuple[Reason, ...]]:
        """A deck document (``cards`` and ``eggs``, as the deck checker reads
        it) -> (name, card ids, every reason it is illegal)."""

        def ids(part: str) -> list[str]:
            return [e["card"] for e in doc.get(part, []) for _ in range(e.get("count", 1))]

        deck, eggs = ids("cards"), ids("eggs")
        return str(doc.get("name", "deck")), deck + eggs, deck_problems(deck, eggs)

    def long_setup(self) -> dict[str, Any]:
        """A long game for timing time travel: six-fold starter decks, 100 of each as security."""
        decks = tutorial_decks()
        players = []
        for deck in decks[:2]:
            pile = list(deck.deck) * 6
            players.append({"deck": pile[100:], "security": pile[:100], "egg_deck": list(deck.eggs)})
        return {"board": {"phase": "unsuspend", "active": 0, "turn": 1, "first": 0, "players": players}}

    def busy_setup(self) -> dict[str, Any]:
        """A main phase with 8 cards in hand and 5 Digimon on each side (for timing the legal actions)."""
        hand = ["st1-07", "st1-08", "st1-09", "st1-13", "st1-15", "st1-16", "st1-12", "st1-05"]
        mine = [
            "st1-03",
            ["st1-02", "st1-05"],
            ["st1-03", "st1-07"],
            "st1-06",
            ["st1-01", "st1-03", "st1-07", "st1-09"],
        ]
        theirs = [
            {"stack": [c], "suspended": i % 2 == 0}
            for i, c in enumerate(["st2-03", "st2-06", "st2-07", "st2-08", "st2-09"])
        ]
        players = [
            {"hand": hand, "deck": ["st1-03"] * 10, "security": ["st1-03"] * 5, "battle": mine},
            {"deck": ["st2-03"] * 10, "security": ["st2-03"] * 5, "battle": theirs},
        ]
        return {"board": {"phase": "main", "active": 0, "turn": 5, "first": 0, "memory": 4, "players": players}}

    def card_text(self, card_id: str) -> str | None:
        """Every text a card prints (its effects, inherited and security effects), which its citations quote."""
        card = card_set().get(card_id)
        return None if card is None else card.full_text

    def result(self, state: CState) -> Result | None:
        if not state.over:
            return None
        security = tuple(len(side.security) for side in state.sides)
        ended = state.frames[-1].get("by", "") if state.frames and state.frames[-1].kind == "game-over.done" else ""
        return Result(state.winner, f"{ended or 'the game is over'}; security cards left", security)


GAME = DigimonCardGame()

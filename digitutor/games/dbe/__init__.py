"""Digimon Battle Evolution (DBE), on the second-edition core, sharing DMB's code where the rule is the same:
see docs/dbe.md and docs/dbe-plan.md."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ...core.agents import Chooser
from ...core.game import Game, PhaseInfo, Plugs
from ...core.records import Reason, Result
from ..dmb.agents import CHOOSERS as DMB_CHOOSERS
from ..dmb.agents import GreedyAgent as DmbGreedy
from ..dmb.state import DState, Phase
from ..dmb.view import board as _board
from ..dmb.view import redact as _redact
from ..dmb.view import zones as _zones
from . import citations as C
from .cards import card_set, parse_deck, tutorial_decks
from .effects import RULES as EFFECT_RULES
from .procedure import ACTIONS, PROCEDURE
from .setup import deck_problems
from .setup import new_state as _new_state

TURN_MAP = (
    PhaseInfo(Phase.SETUP.value, "Pre-Game Setup", C.SETUP_STEPS),
    PhaseInfo(Phase.PREP.value, "Prep Phase", C.DRAW),
    PhaseInfo(Phase.EVOLUTION.value, "Evolution Phase", C.CHOOSE_METHOD),
    PhaseInfo(Phase.STRATEGY.value, "Strategy Phase", C.CHOOSE_ATTACK),
    PhaseInfo(Phase.SUPPORT.value, "Support Phase", C.RESOLVE_LIFO),
    PhaseInfo(Phase.BATTLE.value, "Battle Phase", C.REVEAL),
    PhaseInfo(Phase.END.value, "End Phase", C.NEXT_TURN),
    PhaseInfo(Phase.GAME_OVER.value, "Game over", C.WIN),
)


def _decks() -> list[tuple[str, tuple[str, ...]]]:
    return [(deck.name, deck.cards + deck.destiny) for deck in tutorial_decks()]


def _side_pile(state: DState, seat: int, legal: tuple) -> str:
    """Set aside the card least needed early: the highest level, then the lowest +P."""

    def weight(option) -> tuple:
        card = state.cards[state.uid(option.action.cards[0])]
        return ("RCUM".find(card.level or "R") if card.is_digimon else 1, -card.plus_p)

    return max(legal, key=weight).key


class GreedyAgent(DmbGreedy):
    """DMB's greedy agent, which sets aside its highest-level cards for the Side Pile."""

    choosers: ClassVar[Mapping[str, Chooser]] = {**DMB_CHOOSERS, "side-pile": _side_pile}


class DigimonBattleEvolution(Game):
    """The game object the engine, CLI and widgets use."""

    id = "dbe"
    title = "Digimon Battle Evolution"
    players = 2
    agents: ClassVar[Mapping[str, Any]] = {"greedy": GreedyAgent}
    summary = (
        "DMB's successor: a 50-card deck with a Side Pile, a Dark Area, three ways to evolve (by DP, by "
        "Evolution card, by DNA), flat tokens, Killer and Grudge. The first turn has no battle; 4 KO points wins."
    )
    plugs = Plugs(
        PROCEDURE, ACTIONS, TURN_MAP, _new_state, _zones, _redact, _board, card_set, _decks, EFFECT_RULES, DState
    )
    fixed_fields: ClassVar[Mapping[str, Any]] = {"cites": C, "effect_rules": EFFECT_RULES}

    def default_setup(self) -> dict[str, Any]:
        return {"decks": [deck.to_setup() for deck in tutorial_decks()]}

    def long_setup(self) -> dict[str, Any]:
        """A long game for timing time travel: two Ultimates (no Crash) with 40,000 HP and nothing to evolve to, and
        six-fold decks without flat tokens (a fourth KOs whatever the HP) or Evolution cards (an evolution resets the
        HP)."""
        cards = card_set()
        left_out = {
            i
            for i, c in cards.items()
            if c.is_evolution
            or any(a and a.ability == "flatten" for a in c.attacks)
            or any(v.verb == "flatten" for e in c.effects for v in e.spec.do)
        }
        players = [
            {
                "deck": [i for i in deck.cards if i not in left_out] * 6,
                "active": [top],
                "hp": 40_000,
                "partner": deck.partner,
            }
            for deck, top in zip(tutorial_decks(), ("paildramon", "lillymon"), strict=True)
        ]
        return {"board": {"phase": "prep", "active": 0, "turn": 2, "players": players}}

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


GAME = DigimonBattleEvolution()

"""The Arena board: each player's zones, the Duel's bookkeeping, and where the procedure is."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from ...core.frames import Frame, frame
from ...core.instances import Instances
from ...core.state import StateBase
from .cards import Card

HAND_SIZE = 10
DECK_SIZE = 30
POOL_SIZE = 60
WINNING_SCORE = 1000
TIE_LIMIT = 10  #: interpretation ``endless-ties``


class Phase(StrEnum):
    """The four main phases, and the end of the game."""

    SETUP = "setup"  #: decks (preconstructed or drafted), Rookies, the deal, comparing types
    DIGIVOLVE = "digivolve"  #: face-down cards turned over, requirements fulfilled, or Pass
    BATTLE = "battle"  #: Power Options one per turn, the largest power wins, scoring
    RE_GROUP = "re-group"  #: restore the hand, change the Rookie, prepare the next Digivolve
    GAME_OVER = "game-over"  #: someone reached 1000 points


class Zone(StrEnum):
    """A player's zones, as the board and the scenario files name them."""

    DUEL_ZONE = "duel-zone"  #: the Digimon in play, Rookie at the bottom
    DIGIVOLVE_ZONE = "digivolve-zone"  #: one face-down next-level card
    POWER_PORT = "power-port"  #: Power Options played this Duel (and Digivices placed to digivolve)
    HAND = "hand"
    ONLINE = "online"  #: face-down draw pile
    OFFLINE = "offline"  #: face-up pile of used cards
    DECK = "deck"  #: a deck being built or dealt during Setup


@dataclass(frozen=True, slots=True)
class Plan:
    """The face-down card on a Digivolve Zone, and the Digivice from the hand named to go with it."""

    card: int
    digivice: int | None = None


@dataclass(slots=True)
class Side:
    """One player's cards, as instance numbers into ``AState.cards``. Piles keep their top at the end."""

    deck: list[int] = field(default_factory=list)
    duel: list[int] = field(default_factory=list)
    hand: list[int] = field(default_factory=list)
    online: list[int] = field(default_factory=list)
    offline: list[int] = field(default_factory=list)
    port: list[int] = field(default_factory=list)  #: Power Options played this Duel, effects in play
    spent: list[int] = field(default_factory=list)  #: Digivices placed to meet a Digivolve Requirement
    plan: Plan | None = None  #: the Digivolve Zone
    new_rookie: int | None = None  #: a Rookie face down on top of the Duel Zone
    points: int = 0

    def copy(self) -> Side:
        return Side(
            list(self.deck),
            list(self.duel),
            list(self.hand),
            list(self.online),
            list(self.offline),
            list(self.port),
            list(self.spent),
            self.plan,
            self.new_rookie,
            self.points,
        )

    def board_cards(self) -> list[int]:
        """Everything on this side of the board (not the hand, not the piles)."""
        cards = self.duel + self.port + self.spent
        if self.plan is not None:
            cards.append(self.plan.card)
        if self.new_rookie is not None:
            cards.append(self.new_rookie)
        return cards


@dataclass(slots=True)
class AState(StateBase):
    """The whole game: zones of card instances and the stack of pending procedure frames."""

    instances: Instances  #: every physical card: uid -> card, public id, owner
    sides: list[Side]
    frames: list[Frame] = field(default_factory=lambda: [frame("setup.start")])
    turn: int = 0  #: the Duel number (0 during Setup)
    first: int = 0  #: who goes first in this Duel
    actor: int = 0  #: who acts in the current step
    passed: list[bool] = field(default_factory=lambda: [False, False])
    last_winner: int | None = None  #: winner of the last Duel (None: a tie, or no Duel yet)
    ties: int = 0  #: Duels in a row that ended in a tie
    pool: list[int] = field(default_factory=list)  #: the face-down draft pool
    drafting: bool = False  #: Setup by draft rather than preconstructed decks
    reset_due: tuple[int, ...] = ()  #: players whose Online pile just went down to zero (a reset frame comes next)
    restoring: bool = False  #: a Re-Group restore ran short and reset; the next draw finishes it

    def copy(self) -> AState:
        return AState(
            self.instances,
            [side.copy() for side in self.sides],
            list(self.frames),
            self.turn,
            self.first,
            self.actor,
            list(self.passed),
            self.last_winner,
            self.ties,
            list(self.pool),
            self.drafting,
            self.reset_due,
            self.restoring,
            **self.ending(),
        )

    @property
    def phase(self) -> Phase:
        return (
            Phase(self.frames[-1].kind.partition(".")[0])
            if self.frames[-1].kind != "online-reset"
            else self._below_reset()
        )

    def _below_reset(self) -> Phase:
        kinds = [f.kind for f in self.frames if f.kind != "online-reset"]
        return Phase(kinds[-1].partition(".")[0]) if kinds else Phase.GAME_OVER

    def top(self, player: int) -> Card:
        """The Digimon showing on a player's Duel Zone."""
        return self.cards[self.sides[player].duel[-1]]

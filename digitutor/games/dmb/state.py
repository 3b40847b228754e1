"""The Digimon Battles board: each player's zones, the active Digimon's HP, and the battle in progress."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum
from types import ModuleType
from typing import Any

from ...core.effects import EffectRules
from ...core.frames import Frame, frame
from ...core.instances import Instances
from ...core.state import StateBase
from . import citations as DMB
from .effects import RULES as DMB_EFFECTS


class Phase(StrEnum):
    """The parts of a Digimon Battles game, in the rulebook's order."""

    SETUP = "setup"  #: before the game: opening hand, mulligan, first turn-player
    PREP = "prep"  #: Prep Phase: draw, free mulligans, a new Digimon
    EVOLUTION = "evolution"  #: Evolution Phase: rack up DP, evolve
    STRATEGY = "strategy"  #: Strategy Phase: the secret attack choice
    SUPPORT = "support"  #: Support Phase: declare and resolve Supports
    BATTLE = "battle"  #: Battle Phase: reveal, attack abilities, damage, KO
    END = "end"  #: End Phase
    GAME_OVER = "game-over"


@dataclass(frozen=True, slots=True)
class Battle:
    """What this turn's effects and attack abilities did to one side's attack (lingering until the End Phase)."""

    boost: int = 0  #: Boost: Power added to the chosen attack
    abilities: tuple[str, ...] = ()  #: attack abilities gained from effects (``1st-attack``, ``counter:circle`` ...)
    revival: int = 0  #: Set Revival's HP (0: none set)
    voided: bool = False  #: this side's Support was voided or misfired
    resolved: tuple[int, ...] = ()  #: DBE: the Support cards that have resolved (a Support added by an effect has not)
    hand_open: bool = False  #: DBE: an effect keeps this player's hand face up until the End Phase (Redotamamon)


@dataclass(slots=True)
class Side:
    """One player's zones. Cards are uids into ``DState.cards``; piles have their top at the end."""

    deck: list[int]
    hand: list[int] = field(default_factory=list)
    active: list[int] = field(default_factory=list)  #: the active zone's stack, bottom first
    dp: list[int] = field(default_factory=list)  #: the DP zone
    trash: list[int] = field(default_factory=list)
    destiny: list[int] = field(default_factory=list)  #: the Destiny Zone
    attached: list[int] = field(default_factory=list)  #: the attachment slot
    support: list[int] = field(default_factory=list)  #: the Support played this Support Phase
    deleted: list[int] = field(default_factory=list)  #: removed from the game
    hp: int = 0  #: the active Digimon's current HP
    ko_points: int = 0
    partner: str | None = None  #: the card id of the declared partner Level R
    abnormal: bool = False
    partner_evolved: int = 0  #: the turn the partner evolved from the Destiny Zone (0: not)
    evolved: int = 0  #: the turn this side last evolved (0: not yet)
    worth_one: bool = False  #: Set Revival: the active Digimon is worth exactly 1 KO point
    blind: bool = False  #: the Support lies face down (played blind from the deck)
    battle: Battle = field(default_factory=Battle)
    destined: tuple[int, ...] = ()  #: the cards that began in the Destiny Zone (deleted when they leave play)
    looking: list[int] = field(
        default_factory=list
    )  #: top cards of this deck being looked at (Recode, Corrupt), top first
    looker: int | None = None  #: who looks at them (-1: revealed to both players)
    activated: tuple[int, ...] = ()  #: cards whose ACTIVATE was used (once per game; deleted when they leave)
    used_this_turn: tuple[tuple[int, int], ...] = ()  #: (card, turn) of [1/Turn] effects used
    shattered: int = 0  #: Shatter: Power the active Digimon lost for as long as it stays (its printed Shatter amounts)
    # -- zones and counters only DBE uses (they stay empty in DMB) --
    dark: list[int] = field(default_factory=list)  #: DBE: the Dark Area, a hidden zone taken into hand at the draw
    side_pile: list[int] = field(default_factory=list)  #: DBE: the Side Pile of the pre-game setup
    evolve_zone: list[int] = field(
        default_factory=list
    )  #: DBE: the Evolution Zone (Evolve cards, the Future, materials)
    flats: int = 0  #: DBE: flat tokens in front of the active Digimon
    divisor: int = 1  #: DBE: an Abnormal Digimon's stats are halved (Level C, 2) or quartered (Level U, 4)
    evolve_cards: int = 0  #: DBE: the turn EVOLVE-timing cards were last played from the hand (one per turn)
    kept: list[int] = field(default_factory=list)  #: DBE: DP cards kept under the attachment (BIT-052 Immortalize)
    kept_dp: int = 0  #: DBE: the DP that attachment tracks ("Pay X DP from this" lowers it)
    deck_face_up: bool = False  #: DBE: the deck was flipped over (DB-017 Gaizmon): its top card is open to both players

    def copy(self) -> Side:
        return Side(
            list(self.deck),
            list(self.hand),
            list(self.active),
            list(self.dp),
            list(self.trash),
            list(self.destiny),
            list(self.attached),
            list(self.support),
            list(self.deleted),
            self.hp,
            self.ko_points,
            self.partner,
            self.abnormal,
            self.partner_evolved,
            self.evolved,
            self.worth_one,
            self.blind,
            self.battle,
            self.destined,
            list(self.looking),
            self.looker,
            self.activated,
            self.used_this_turn,
            self.shattered,
            list(self.dark),
            list(self.side_pile),
            list(self.evolve_zone),
            self.flats,
            self.divisor,
            self.evolve_cards,
            list(self.kept),
            self.kept_dp,
            self.deck_face_up,
        )

    @property
    def top(self) -> int | None:
        return self.active[-1] if self.active else None

    def dp_total(self, cards: tuple) -> int:
        return sum(cards[uid].plus_p for uid in self.dp)

    def alter(self, **changes: Any) -> None:
        self.battle = replace(self.battle, **changes)


@dataclass(slots=True)
class DState(StateBase):
    """The whole game state: zones of card instances and the stack of pending procedure frames."""

    instances: Instances
    sides: list[Side]
    frames: list[Frame] = field(default_factory=lambda: [frame("setup.shuffle")])
    turn: int = 0
    active: int = 0  #: the turn player
    first: int = 0
    attacks: tuple[str, ...] = ()  #: the revealed attacks (player 0's, player 1's), empty before the reveal
    order: tuple[int, ...] = ()  #: this battle's attack order: first attacker, second attacker
    gained: tuple[int, ...] = ()  #: who gained 1st Attack, in order (the turn player's default first)
    cites: ModuleType = DMB  #: the game's citation table: the shared rules quote DMB's text, or DBE's for DBE
    effect_rules: EffectRules = DMB_EFFECTS  #: the game's effect language (what rule defines each verb)

    def copy(self) -> DState:
        return DState(
            self.instances,
            [side.copy() for side in self.sides],
            list(self.frames),
            self.turn,
            self.active,
            self.first,
            self.attacks,
            self.order,
            self.gained,
            self.cites,
            self.effect_rules,
            **self.ending(),
        )

    @property
    def phase(self) -> Phase:
        top = self.frames[-1]
        if top.kind == "battle.ko" and not any(side.active and side.hp == 0 for side in self.sides):
            return Phase.END  # a KO check with no Digimon at 0 HP takes no step: the Battle Phase is over
        return frame_phase(top)

    def top_card(self, player: int):
        top = self.sides[player].top
        return None if top is None else self.cards[top]


def frame_phase(running: Frame) -> Phase:
    """The phase a frame runs in (a step it takes is labelled with it, even once the frame is gone)."""
    if running.kind == "strategy.reveal":
        return Phase.BATTLE
    if running.kind.startswith("effect."):  # an effect's own frame belongs to the phase it was pushed in
        return Phase(running["phase"])
    return Phase(running.kind.partition(".")[0])

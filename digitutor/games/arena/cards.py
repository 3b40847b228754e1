"""Arena Digi-Battle cards: Digimon and Power Options, the records the engine reads.

Loading and validating the YAML files lives in ``cardfile.py``; these records are
what a card *is*: a Digimon with a colour, attack values against each colour, a
Score section and (above Rookie) a Digivolve Requirements box, or a Power Option
with an effect and Use Requirements.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from ...core.effects import Effect
from ..levels import RANK, Level


class Colour(StrEnum):
    """The three types; Yellow is stronger than Green, Green than Red, Red than Yellow."""

    RED = "Red"
    GREEN = "Green"
    YELLOW = "Yellow"


#: the colour each colour is, in general, stronger than
STRONGER_THAN = {Colour.YELLOW: Colour.GREEN, Colour.GREEN: Colour.RED, Colour.RED: Colour.YELLOW}


class Kind(StrEnum):
    """What a card is."""

    DIGIMON = "Digimon"  #: fights on the Duel Zone
    POWER_OPTION = "Power Option"  #: played on the Power Port during Battle


@dataclass(frozen=True, slots=True)
class DigivolveBox:
    """A Digimon's Digivolve Requirements box."""

    digimon: tuple[str, ...]  #: the name it digivolves from; two names for a DNA Digivolve
    online_to_offline: int = 0  #: cards moved from Online to Offline when digivolving
    digivice: bool = False  #: a Digivice Power Option must be placed in the Power Port

    @property
    def dna(self) -> bool:
        return len(self.digimon) == 2

    @property
    def text(self) -> str:
        parts = [" + ".join(self.digimon) + (" (DNA Digivolve)" if self.dna else "")]
        if self.online_to_offline:
            parts.append(f"move {self.online_to_offline} card(s) from Online to Offline")
        if self.digivice:
            parts.append("place a Digivice Power Option in your Power Port")
        return "; ".join(parts)


@dataclass(frozen=True, slots=True)
class Card:
    """One Arena card. Digimon fields are empty on Power Options and the other way round."""

    id: str
    name: str
    kind: Kind
    level: Level | None = None
    colour: Colour | None = None
    attack: Mapping[Colour, int] | None = None  #: attack value against each colour
    score: Mapping[Level, int] | None = None  #: Score section: points for defeating each level
    box: DigivolveBox | None = None  #: Digivolve Requirements (not on Rookies)
    digivice: bool = False  #: a Digivice Power Option
    option_text: str = ""  #: a Power Option's text (written for this project); its effects quote it
    effects: tuple[Effect, ...] = ()  #: what a Power Option does and needs, as data
    # derived once, read in every step (the engine's hot path)
    is_digimon: bool = field(init=False, repr=False, compare=False)
    is_rookie: bool = field(init=False, repr=False, compare=False)
    rank: int = field(init=False, repr=False, compare=False)  #: the level's rank; -1 for Power Options

    def __post_init__(self) -> None:
        object.__setattr__(self, "is_digimon", self.kind is Kind.DIGIMON)
        object.__setattr__(self, "is_rookie", self.level is Level.ROOKIE)
        object.__setattr__(self, "rank", RANK[self.level] if self.level is not None else -1)

    def attack_on(self, colour: Colour) -> int:
        """The attack value against ``colour``: a Digimon's (a Power Option has none, a ValueError here)."""
        if self.attack is None:
            raise ValueError(f"{self.name} has no attack values: it is not a Digimon card")
        return self.attack[colour]

    @property
    def text(self) -> str:
        """The card's text as a board shows it (written for this project)."""
        if self.is_digimon:
            assert self.attack is not None and self.score is not None
            attacks = ", ".join(f"vs {colour} {value}" for colour, value in self.attack.items())
            scores = ", ".join(f"{level} {points}" for level, points in self.score.items())
            text = f"Attack: {attacks}. Score: {scores}."
            if self.box:
                text += f" Digivolve Requirements: {self.box.text}."
            return text
        return self.option_text

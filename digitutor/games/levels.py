"""The four Digimon levels that D-Tector and Arena both print (the other games have their own)."""

from __future__ import annotations

from enum import StrEnum


class Level(StrEnum):
    """The four levels, lowest first (Rookie to Champion to Ultimate to Mega)."""

    ROOKIE = "Rookie"
    CHAMPION = "Champion"
    ULTIMATE = "Ultimate"
    MEGA = "Mega"

    @property
    def rank(self) -> int:
        """0 for Rookie up to 3 for Mega."""
        return RANK[self]


RANK = {level: rank for rank, level in enumerate(Level)}

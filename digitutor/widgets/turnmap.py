"""The turn map: the game's phases in order (from ``turn_map()``), the current one highlighted."""

from __future__ import annotations

import ipywidgets as widgets

from ..core.game import PhaseInfo
from .markup import quote_plain
from .style import esc


def turn_map_html(phases: tuple[PhaseInfo, ...], current: str) -> str:
    chips = "".join(
        f'<span class="dt-phase{" dt-phase-current" if phase.id == current else ""}" data-phase="{esc(phase.id)}" '
        f'title="{esc(phase.citation.id)}: {esc(quote_plain(phase.citation))}">{esc(phase.title)}</span>'
        for phase in phases
    )
    return f'<div class="dt-phases">{chips}</div>'


class TurnMap(widgets.HTML):
    """One HTML string per step; hovering a phase shows the rule that defines it."""

    def __init__(self, phases: tuple[PhaseInfo, ...]) -> None:
        super().__init__()
        self.add_class("dt-turn-map")
        self.phases = phases

    def show(self, current: str) -> None:
        self.value = turn_map_html(self.phases, current)

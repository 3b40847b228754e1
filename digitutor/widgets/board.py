"""The board view: every player's counters and zones, drawn from the game's BoardView."""

from __future__ import annotations

import ipywidgets as widgets

from ..core.game import BoardView, CardView, PlayerView, ZoneView
from .style import esc, kind_colour

#: a row zone with more cards than this takes a whole line of its own
WIDE_ZONE = 4


def card_html(card: CardView) -> str:
    """One card: name, level and kind, stats, text; a hidden card shows its back."""
    if card.hidden:
        return '<div class="dt-card dt-card-back" title="A hidden card">?</div>'
    meta = " · ".join(part for part in (card.level, card.kind) if part)
    stats = "".join(f"<span>{esc(k)} <b>{esc(v)}</b></span>" for k, v in card.stats.items())
    text = f'<div class="dt-card-text">{esc(card.text)}</div>' if card.text else ""
    tip = esc(" ".join(part for part in (card.name, meta, card.text) if part))
    return (
        f'<div class="dt-card" style="--dt-kind: {kind_colour(card.kind)}" title="{tip}">'
        f'<div class="dt-card-name">{esc(card.name)}</div><div class="dt-card-meta">{esc(meta)}</div>'
        f'<div class="dt-card-stats">{stats}</div>{text}</div>'
    )


def zone_html(zone: ZoneView) -> str:
    """A zone: piles show their count (and top card's name), rows and stacks show cards."""
    count = zone.count or len(zone.cards)
    title = f'<div class="dt-zone-title">{esc(zone.title)} ({count})</div>'
    if zone.layout == "pile":
        top = zone.cards[-1] if zone.cards else None
        shown = "" if top is None or top.hidden else f"<span>{esc(top.name)}</span>"
        body = f'<div class="dt-pile" title="{esc(zone.title)}: {count} card(s)"><b>{count}</b>{shown}</div>'
        return f'<div class="dt-zone">{title}{body}</div>'
    if not zone.cards:
        body = '<div class="dt-empty">empty</div>' if not count else f'<div class="dt-pile"><b>{count}</b></div>'
    else:
        css = "dt-stack" if zone.layout == "stack" else "dt-cards"
        body = f'<div class="{css}">{"".join(card_html(card) for card in zone.cards)}</div>'
    wide = " dt-zone-wide" if zone.layout == "row" and len(zone.cards) > WIDE_ZONE else ""
    return f'<div class="dt-zone{wide}" data-zone="{esc(zone.id)}">{title}{body}</div>'


def player_html(player: PlayerView, viewer: int | None) -> str:
    counters = "".join(f'<span class="dt-counter">{esc(k)} <b>{esc(v)}</b></span>' for k, v in player.counters.items())
    you = " (you)" if viewer is not None and player.index == viewer else ""
    active = " dt-active" if player.active else ""
    zones = "".join(zone_html(zone) for zone in player.zones)
    return (
        f'<div class="dt-player{active}" data-player="{player.index}"><div class="dt-player-head">'
        f'<span class="dt-player-name">{esc(player.name)}{you}</span>{counters}</div>'
        f'<div class="dt-zones">{zones}</div></div>'
    )


def board_html(board: BoardView, viewer: int | None) -> str:
    """The whole board; the viewer's own side is drawn last (nearest, like at a table)."""
    players = sorted(board.players, key=lambda p: p.index == viewer)
    shared = " · ".join(f"{esc(k)}: <b>{esc(v)}</b>" for k, v in board.shared.items())
    names = {p.index: p.name for p in board.players}
    eyes = "everything visible" if viewer is None else f"seen by {esc(names.get(viewer, viewer))}"
    top = f'<div class="dt-board-top"><span>Turn {board.turn}{" · " + shared if shared else ""}</span><span>{eyes}</span></div>'
    return top + "".join(player_html(player, viewer) for player in players)


class BoardPanel(widgets.HTML):
    """The board as one HTML widget: a step updates one string, never a widget tree."""

    def __init__(self) -> None:
        super().__init__()
        self.add_class("dt-board")

    def show(self, board: BoardView, viewer: int | None) -> None:
        self.value = board_html(board, viewer)

"""The board view: every player's counters and zones, drawn from the game's BoardView.

Cards are drawn as cards (coloured frame, level, name, type, the big number) by one
function for all five games; clicking a card opens the whole card with its text — a
native ``<details>``, so it costs no round trip to the kernel.
"""

from __future__ import annotations

import ipywidgets as widgets

from ..core.game import BoardView, CardView, GaugeView, PlayerView, ZoneView
from ..rules.corpus import find_clause
from ..rules.model import Citation
from .cardface import TALL_GAMES, face_html, headline
from .markup import quote_plain, rulebook_html
from .shorthand import Word
from .style import esc, frame_colour

#: a row zone with more cards than this takes a whole line of its own
WIDE_ZONE = 4


def named(label: str, citation: Citation | None) -> str:
    """A label the rulebook gives, its clause id and quote on hover."""
    if citation is None:
        return esc(label)
    return f'<span class="dt-named" title="{esc(citation.id)}: {esc(quote_plain(citation))}">{esc(label)}</span>'


def _under_html(card: CardView) -> str:
    if not card.under:
        return ""
    return "<p><b>Under it:</b> " + esc(", ".join(c.name or "a hidden card" for c in card.under)) + "</p>"


def _words_html(words: tuple[Word, ...]) -> str:
    """The card's shorthand, each word folded with the rulebook clause that defines it (quoted whole)."""
    if not words:
        return ""
    parts = []
    for word in words:
        note = word.note()
        kind = "Tutor's interpretation" if word.interpretation else "Rulebook"
        also = f" ({esc(word.also)})" if word.also else ""
        parts.append(
            f'<details class="dt-card-word" data-clause="{esc(word.source)}"><summary>{esc(word.shown)}{also}</summary>'
            f'<div class="dt-crumb"><span class="dt-label">{kind}</span> {esc(word.where())} <code>{esc(word.source)}</code></div>'
            f'<blockquote class="dt-quote">{_word_quote(word)}</blockquote>'
            + (f'<div class="dt-crumb">{"Note" if word.interpretation else "Editor&#8217;s note"}: {esc(note)}</div>' if note else "")
            + "</details>")
    return f'<div class="dt-card-words"><b>Words on this card</b>{"".join(parts)}</div>'


def _word_quote(word: Word) -> str:
    """A word's defining text as HTML: the clause rendered as the rule panel renders it, or the interpretation's words."""
    if word.interpretation:
        return esc(word.quote())
    clause = find_clause(word.source)
    return rulebook_html(clause.game, clause.text)


def _parts(card: CardView, words: tuple[Word, ...] = ()) -> str:
    """The whole card as the rulebook's card diagram names its parts."""
    facts = "".join(f"<dt>{named(part.label, part.citation)}</dt><dd>{esc(part.value)}</dd>" for part in card.parts if part.value)
    return (f'<div class="dt-card-full" role="dialog" aria-label="{esc(card.name)}"><h4>{esc(card.name)}</h4><dl>{facts}</dl>'
            f'{_under_html(card)}{_words_html(words)}</div>')


def _details(card: CardView, words: tuple[Word, ...] = ()) -> str:
    """The whole card: every field the game gave, its text, the cards under it, and what its shorthand means."""
    if card.parts:
        return _parts(card, words)
    label, printed, current = headline(card)
    rows = [("Level", card.level), ("Type", card.kind), ("Colour", card.colour), ("Cost", card.cost)]
    if label:
        rows.append((label, current if current == printed else f"{current} (printed {printed})"))
    rows += [(name, value) for name, value in card.attacks.items()]
    rows += [(name, value) for name, value in card.stats.items() if name != label]
    if card.face_down:
        rows.append(("Lies", "face down"))
    if card.suspended:
        rows.append(("State", "suspended"))
    facts = "".join(f"<dt>{esc(name)}</dt><dd>{esc(value)}</dd>" for name, value in rows if value)
    text = f'<p class="dt-card-text">{esc(card.text)}</p>' if card.text else ""
    return (f'<div class="dt-card-full" role="dialog" aria-label="{esc(card.name)}"><h4>{esc(card.name)}</h4><dl>{facts}</dl>'
            f'{text}{_under_html(card)}{_words_html(words)}</div>')


def card_html(card: CardView, game: str = "") -> str:
    """One card as a card; a hidden card shows its back only (nothing about it reaches the page).

    Every number on the face is drawn whole; text that does not fit is cut at a word with "…" (the whole text is its
    ``title`` and in the opened card); shorthand (``Counter ○``, ``x3 Ice``, ``<Blocker>``) is explained on hover and in
    the opened card from the clause of ``game``'s rulebook that defines it (``cardface.face_html``).
    """
    tall = " dt-face-tall" if game in TALL_GAMES else ""
    if card.hidden:
        return ('<div class="dt-card dt-card-back" title="A hidden card" aria-label="a hidden card">'
                f'<div class="dt-face{tall}">?</div></div>')
    face, words = face_html(card, game)
    under = f'<span class="dt-under" title="{len(card.under)} card(s) under it">+{len(card.under)}</span>' if card.under else ""
    css = ("dt-card" + (" dt-face-down" if card.face_down else "") + (" dt-suspended" if card.suspended else "")
           + (" dt-has-under" if card.under else ""))
    frame = frame_colour(card.colour or card.kind)
    return (
        f'<details class="{css}" style="--dt-frame: {frame}" data-card="{esc(card.uid)}">'
        f'<summary title="{esc(card.name)}: click for the whole card">{under}{face}</summary>{_details(card, words)}</details>'
    )


def zone_html(zone: ZoneView, game: str = "") -> str:
    """A zone: piles show their count (and top card's name), rows and stacks show cards."""
    count = zone.count or len(zone.cards)
    cards = f"{count} card{'s' if count != 1 else ''}"
    title = f'<div class="dt-zone-title">{named(zone.title, zone.citation)} · {cards}</div>'
    if zone.layout == "pile":
        top = zone.cards[-1] if zone.cards else None
        shown = "" if top is None or top.hidden else f"<span>{esc(top.name)}</span>"
        body = f'<div class="dt-pile" title="{esc(zone.title)}: {cards}"><b>{count}</b>{shown}</div>'
        return f'<div class="dt-zone" data-zone="{esc(zone.id)}">{title}{body}</div>'
    if not zone.cards:
        body = '<div class="dt-empty">empty</div>' if not count else f'<div class="dt-pile"><b>{count}</b></div>'
    else:
        css = "dt-stack" if zone.layout == "stack" else "dt-cards"
        body = f'<div class="{css}">{"".join(card_html(card, game) for card in zone.cards)}</div>'
    wide = " dt-zone-wide" if zone.layout == "row" and len(zone.cards) > WIDE_ZONE else ""
    return f'<div class="dt-zone{wide}" data-zone="{esc(zone.id)}">{title}{body}</div>'


def player_html(player: PlayerView, viewer: int | None, game: str = "") -> str:
    counters = "".join(f'<span class="dt-counter">{esc(k)} <b>{esc(v)}</b></span>' for k, v in player.counters.items())
    you = f" ({named('you', player.you)})" if viewer is not None and player.index == viewer else ""
    active = " dt-active" if player.active else ""
    zones = "".join(zone_html(zone, game) for zone in player.zones)
    return (
        f'<div class="dt-player{active}" data-player="{player.index}"><div class="dt-player-head">'
        f'<span class="dt-player-name">{esc(player.name)}{you}</span>{counters}</div>'
        f'<div class="dt-zones">{zones}</div></div>'
    )


def gauge_html(gauge: GaugeView, names: dict[int, str], far: int) -> str:
    """A shared gauge as a strip of marks, from ``far``'s end (drawn first) to the other player's; the marker is lit."""
    marks = gauge.marks() if far == 0 else gauge.marks()[::-1]
    here = gauge.side()
    cells = []
    for number, side in marks:
        lit = number == abs(gauge.value) and side == here
        whose = "dt-gauge-zero" if side is None else f"dt-gauge-p{side}"
        cells.append(f'<span class="dt-gauge-mark {whose}{" dt-gauge-lit" if lit else ""}">{number}</span>')
    where = "at 0" if here is None else f"{abs(gauge.value)} on {names.get(here, here)}'s side"
    near = 1 - far
    return (
        f'<div class="dt-gauge" role="img" aria-label="{esc(gauge.name)}: {esc(where)}" data-gauge="{esc(gauge.name)}">'
        f'<span class="dt-gauge-name">{named(gauge.name, gauge.citation)} <b>{esc(where)}</b></span>'
        f'<span class="dt-gauge-end">{esc(names.get(far, far))}</span><span class="dt-gauge-marks">{"".join(cells)}</span>'
        f'<span class="dt-gauge-end">{esc(names.get(near, near))}</span></div>'
    )


def board_html(board: BoardView, viewer: int | None) -> str:
    """The whole board; the viewer's own side is drawn last (nearest, like at a table), shared gauges between the sides."""
    players = sorted(board.players, key=lambda p: p.index == viewer)
    shared = " · ".join(f"{esc(k)}: <b>{esc(v)}</b>" for k, v in board.shared.items())
    names = {p.index: p.name for p in board.players}
    eyes = "Judge's view: every card face up" if viewer is None else f"{esc(names.get(viewer, viewer))}'s view"
    top = f'<div class="dt-board-top"><span>Turn {board.turn}{" · " + shared if shared else ""}</span><span>{eyes}</span></div>'
    sides = [player_html(player, viewer, board.game) for player in players]
    if board.gauges and len(sides) == 2:
        sides.insert(1, "".join(gauge_html(gauge, names, players[0].index) for gauge in board.gauges))
    return top + f'<div class="dt-players">{"".join(sides)}</div>'


class BoardPanel(widgets.HTML):
    """The board as one HTML widget: a step updates one string, never a widget tree."""

    def __init__(self) -> None:
        super().__init__()
        self.add_class("dt-board")

    def show(self, board: BoardView, viewer: int | None) -> None:
        self.value = board_html(board, viewer)

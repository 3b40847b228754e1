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
from .termlinks import link_terms

#: a row zone with more cards than this takes a whole line of its own
WIDE_ZONE = 4
#: a row zone (not a hand) with more cards than this, such as a deck being looked through, is drawn as a pile, its
#: names one click away
MANY = 8
#: games whose sides hold a dozen cards (hand, Destiny Zone, Side Pile, DP and Offline piles...): on a small presenter
#: screen their faces become one-line chips (level, name, big number; the whole card one click away), so the deciding
#: side fits the board without scrolling (``.dt-chips``, the block "presenter 1024x768" in style.py)
CHIP_GAMES = frozenset({"dmb", "dbe", "arena"})


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
            f'<div class="dt-crumb"><span class="dt-label">{kind}</span> {esc(word.where())} '
            f"<code>{esc(word.source)}</code></div>"
            f'<blockquote class="dt-quote">{_word_quote(word)}</blockquote>'
            + (
                f'<div class="dt-crumb">{"Note" if word.interpretation else "Editor&#8217;s note"}: {esc(note)}</div>'
                if note
                else ""
            )
            + "</details>"
        )
    return f'<div class="dt-card-words"><b>Words on this card</b>{"".join(parts)}</div>'


def _word_quote(word: Word) -> str:
    """A word's defining text as HTML: the clause rendered as the rule panel
    renders it, or the interpretation's words."""
    if word.interpretation:
        return esc(word.quote())
    clause = find_clause(word.source)
    return rulebook_html(clause.game, clause.text)


def _parts(card: CardView, words: tuple[Word, ...] = ()) -> str:
    """The whole card as the rulebook's card diagram names its parts."""
    facts = "".join(
        f"<dt>{named(part.label, part.citation)}</dt><dd>{esc(part.value)}</dd>" for part in card.parts if part.value
    )
    return (
        f'<div class="dt-card-full" role="dialog" aria-label="{esc(card.name)}"><h4>{esc(card.name)}</h4>'
        f"<dl>{facts}</dl>"
        f"{_under_html(card)}{_words_html(words)}</div>"
    )


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
    return (
        f'<div class="dt-card-full" role="dialog" aria-label="{esc(card.name)}"><h4>{esc(card.name)}</h4>'
        f"<dl>{facts}</dl>"
        f"{text}{_under_html(card)}{_words_html(words)}</div>"
    )


def card_html(card: CardView, game: str = "") -> str:
    """One card as a card; a hidden card shows its back only (nothing about it reaches the page).

    Every number on the face is drawn whole; text that does not fit is cut at a word with "…" (the whole text is its
    ``title`` and in the opened card); shorthand (``Counter ○``, ``x3 Ice``, ``<Blocker>``) is explained on hover and in
    the opened card from the clause of ``game``'s rulebook that defines it (``cardface.face_html``).
    """
    tall = " dt-face-tall" if game in TALL_GAMES else ""
    if card.hidden:
        return (
            '<div class="dt-card dt-card-back" title="A hidden card" aria-label="a hidden card">'
            f'<div class="dt-face{tall}">?</div></div>'
        )
    face, words = face_html(card, game)
    under = (
        f'<span class="dt-under" title="{len(card.under)} card(s) under it">+{len(card.under)}</span>'
        if card.under
        else ""
    )
    css = (
        "dt-card"
        + (" dt-face-down" if card.face_down else "")
        + (" dt-suspended" if card.suspended else "")
        + (" dt-has-under" if card.under else "")
    )
    frame = frame_colour(card.colour or card.kind)
    return (
        f'<details class="{css}" style="--dt-frame: {frame}" data-card="{esc(card.uid)}">'
        f'<summary title="{esc(card.name)}: click for the whole card">{under}{face}'
        f"</summary>{link_terms(_details(card, words), game)}</details>"
    )


def plural(count: int) -> str:
    return f"{count} card{'s' if count != 1 else ''}"


def pile_html(zone: ZoneView, count: int, top: CardView | None, game: str = "") -> str:
    """A pile as one tile: its count, and its top card's name when the viewer may see it (click: the whole card, with
    what its shorthand means, as on any other face)."""
    tip = f"{esc(zone.title)}: {plural(count)}"
    if top is None or top.hidden:
        back = " dt-pile-back" if count and top is not None else ""
        return f'<div class="dt-pile{back}" title="{tip}"><b>{count}</b></div>'
    frame = frame_colour(top.colour or top.kind)
    return (
        f'<details class="dt-card dt-pile-card" style="--dt-frame: {frame}" data-card="{esc(top.uid)}">'
        f'<summary title="{tip}; on top: {esc(top.name)} (click for the whole card)">'
        f'<div class="dt-pile dt-pile-top"><b>{count}</b><span>{esc(top.name)}</span></div></summary>'
        f"{_details(top, face_html(top, game)[1])}</details>"
    )


def zone_html(zone: ZoneView, game: str = "") -> str:
    """A zone: piles (and rows of cards hidden from the viewer) are one tile with a count and the top card,
    rows and stacks show their cards."""
    count = zone.count or len(zone.cards)
    title = (
        f'<div class="dt-zone-title">{named(zone.title, zone.citation)}<span class="dt-zone-count"> · {plural(count)}'
        "</span></div>"
    )
    hidden = [card for card in zone.cards if card.hidden]
    shown = [card for card in zone.cards if not card.hidden]
    if zone.layout == "pile" or (zone.cards and not shown) or (len(zone.cards) > MANY and zone.id != "hand"):
        body = pile_html(zone, count, zone.cards[-1] if zone.cards else None, game)
        if len(shown) > 1 and zone.layout != "pile":
            names = "".join(f"<li>{esc(card.name)}</li>" for card in reversed(shown))
            body += f'<details class="dt-pile-list"><summary>all {len(shown)}</summary><ol>{names}</ol></details>'
        return f'<div class="dt-zone dt-zone-pile dt-zone-narrow" data-zone="{esc(zone.id)}">{title}{body}</div>'
    if not zone.cards:
        body = '<div class="dt-empty">empty</div>' if not count else pile_html(zone, count, None)
        return f'<div class="dt-zone dt-zone-pile dt-zone-narrow" data-zone="{esc(zone.id)}">{title}{body}</div>'
    css = "dt-stack" if zone.layout == "stack" else "dt-cards"
    backs = ""
    if hidden:  # the backs a viewer may not see through: one tile with their count, not every back
        backs = (
            f'<div class="dt-pile dt-pile-back" title="{len(hidden)} hidden card(s)"><b>{len(hidden)}</b>'
            f"<span>hidden</span></div>"
        )
    body = f'<div class="{css}">{"".join(card_html(card, game) for card in shown)}{backs}</div>'
    wide = " dt-zone-wide" if zone.layout == "row" and len(shown) > WIDE_ZONE else ""
    wide = " dt-zone-narrow" if len(shown) == 1 and not hidden else wide  # its title wraps to the card's width
    return f'<div class="dt-zone{wide}" data-zone="{esc(zone.id)}">{title}{body}</div>'


def player_html(
    player: PlayerView, viewer: int | None, near: bool = False, deciding: bool = False, game: str = ""
) -> str:
    """One side: name, counters, zones; ``near`` is drawn full size next to the decision, the other side compact."""
    drawn = {zone.title for zone in player.zones if zone.cards or zone.count}
    counters = "".join(
        f'<span class="dt-counter{" dt-counter-drawn" if k in drawn else ""}">{esc(k)} <b>{esc(v)}</b></span>'
        for k, v in player.counters.items()
    )
    you = f" ({named('you', player.you)})" if viewer is not None and player.index == viewer else ""
    css = "dt-player" + (" dt-active" if player.active else "") + (" dt-near" if near else " dt-far")
    css += " dt-deciding" if deciding else ""
    zones = "".join(zone_html(zone, game) for zone in player.zones if zone.cards or zone.count)
    empty = [zone for zone in player.zones if not (zone.cards or zone.count)]
    if empty:  # one short line instead of a box per empty zone
        names = ", ".join(
            f'<span data-zone="{esc(zone.id)}">{named(zone.title, zone.citation)}</span>' for zone in empty
        )
        zones += f'<div class="dt-zone dt-zone-empty"><div class="dt-zone-title">Empty: {names}</div></div>'
    return (
        f'<div class="{css}" data-player="{player.index}"><div class="dt-player-head">'
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
        f'<span class="dt-gauge-end">{esc(names.get(far, far))}</span>'
        f'<span class="dt-gauge-marks">{"".join(cells)}</span>'
        f'<span class="dt-gauge-end">{esc(names.get(near, near))}</span></div>'
    )


def near_seat(board: BoardView, viewer: int | None, decider: int | None) -> int | None:
    """The side drawn first, next to the decision: the viewer's own, else (the judge's view) the deciding seat's."""
    return viewer if viewer is not None else decider


def board_html(board: BoardView, viewer: int | None, decider: int | None = None) -> str:
    """The whole board: the viewer's side (the judge's view: the deciding seat's) first and full size, next to the
    decision, shared gauges between the sides, the other side after it and compact."""
    near = near_seat(board, viewer, decider)
    players = sorted(board.players, key=lambda p: p.index != near)
    shared = " · ".join(f"{esc(k)}: <b>{esc(v)}</b>" for k, v in board.shared.items())
    names = {p.index: p.name for p in board.players}
    eyes = "Judge's view: every card face up" if viewer is None else f"{esc(names.get(viewer, viewer))}'s view"
    top = (
        f'<div class="dt-board-top"><span>Turn {board.turn}{" · " + shared if shared else ""}</span>'
        f"<span>{eyes}</span></div>"
    )
    sides = [
        player_html(player, viewer, player.index == near, player.index == decider, board.game) for player in players
    ]
    if board.gauges and len(sides) == 2:
        far = players[1].index if near is not None else players[0].index
        sides.insert(1, "".join(gauge_html(gauge, names, far) for gauge in board.gauges))
    chips = " dt-chips" if board.game in CHIP_GAMES else ""
    # focusable, so a keyboard can scroll the board where it overflows its place (presenter mode)
    return top + (
        f'<div class="dt-players{chips}" tabindex="0" role="region" aria-label="The board">{"".join(sides)}</div>'
    )


class BoardPanel(widgets.HTML):
    """The board as one HTML widget: a step updates one string, never a widget tree."""

    def __init__(self) -> None:
        super().__init__()
        self.add_class("dt-board")

    def show(self, board: BoardView, viewer: int | None, decider: int | None = None) -> None:
        self.value = board_html(board, viewer, decider)

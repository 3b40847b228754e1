"""The board view: every player's counters and zones, drawn from the game's BoardView.

Cards are drawn as cards (coloured frame, level, name, type, the big number) by one
function for all five games; clicking a card opens the whole card with its text — a
native ``<details>``, so it costs no round trip to the kernel.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import ipywidgets as widgets

from ..core.game import BoardView, CardView, GaugeView, PlayerView, ZoneView
from ..rules.corpus import find_clause
from ..rules.model import Citation
from .fit import ELLIPSIS, lines_needed, name_lines, shorten, width
from .markup import quote_plain, rulebook_html
from .shorthand import Word, attack, attack_word, level_word, text_words
from .style import esc, frame_colour

#: a row zone with more cards than this takes a whole line of its own
WIDE_ZONE = 4
#: the stats that are a card's headline number, in the order they are looked for
HEADLINE = ("Power", "DP", "HP")


def headline(card: CardView) -> tuple[str, str, str]:
    """(label, printed, current) of the card's big number; from ``stats`` when the game gave no ``printed``."""
    if card.printed or card.current:
        return card.power_label, card.printed, card.current or card.printed
    for label in HEADLINE:
        if label in card.stats:
            return label, card.stats[label], card.stats[label]
    return "", "", ""


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


# -- the card face: every number whole, text cut only at a word, shorthand explained on hover ---------------------------

@dataclass(frozen=True, slots=True)
class Face:
    """A card face's room, in em of the face's font (the CSS block "cards drawn to fit their text" in style.py)."""

    width: float  #: the content width
    height: float  #: the content height (the face grows past it rather than clip, but the text is fitted to it)
    name: float  #: the name's font size
    power: float  #: the big number's font size (three digits or fewer)


#: the two sizes a board draws a card at: normal, and presenter mode (``.dt-presenting .dt-face``: 14 px, 9.2 × 9.4 em,
#: name 18 px, number 24 px); each a little smaller than the CSS, for rounding
FACES = (Face(width=6.4, height=8.6, name=1.0, power=1.45), Face(width=8.0, height=8.4, name=18 / 14, power=24 / 14))
#: games whose faces carry more (type, DP, +P, three attacks with their abilities, HP): their faces are taller
#: (``.dt-face-tall``, 10.8 em at both sizes), the same height for every card of the game
TALL_GAMES = frozenset({"dmb", "dbe"})
TALL = 1.2  #: how much more content height a tall face has (in em of the face's font)
TOP = 0.78  #: the top row's font (level, kind, costs)
ROW = 0.74  #: an attack row's or a stat row's font
TEXT = 0.72  #: the face text's font
LINE = 1.2  #: line height of the small text
#: the big number's font by its length in characters (presenter mode scales it the same way)
POWER_STEPS = {3: 1.0, 4: 0.86, 5: 0.72}
GAP = 0.5  #: the flex gaps and margins a face spends between its rows
UNDER_BADGE = 1.7  #: room the top row leaves (in its own em) for the "+2 under it" badge on the face's corner


#: a name is never shortened, it gets smaller: its sizes (``.dt-name-86`` …) and wrapping, in the order tried: the two larger sizes wrapping at spaces only, then wrapping inside
#: a CamelCase name too (``Ulforce|Vdramon``), then the smallest size
NAME_TRIES = ((1.0, False), (0.86, False), (1.0, True), (0.86, True), (0.74, False), (0.74, True))
NAME_LINE = 1.15  #: the name's line height (``.dt-card-name``)


def _name_height(name: str, face: Face, step: float, camel: bool = True) -> float:
    return name_lines(name, face.width / (face.name * step), camel) * face.name * step * NAME_LINE


def _name_step(name: str, room: tuple[float, ...]) -> float:
    """The first name size (``NAME_TRIES``) at which the name takes at most two lines on every face and fits ``room``,
    the height left for it on each face of ``FACES``; else the two-line size that takes the least height."""
    tries = [(step, camel) for step, camel in NAME_TRIES
             if all(name_lines(name, face.width / (face.name * step), camel) <= 2 for face in FACES)]
    for step, camel in tries:
        if all(_name_height(name, face, step, camel) <= space for face, space in zip(FACES, room)):
            return step
    if not tries:
        return NAME_TRIES[-1][0]
    return min(tries, key=lambda t: max(_name_height(name, face, t[0], t[1]) - space for face, space in zip(FACES, room)))[0]


def _power_step(number: str) -> float:
    return POWER_STEPS.get(min(max(len(number), 3), 5), 0.72)


def _wbr(name: str) -> str:
    """The escaped name with a soft break inside CamelCase (``Ulforce<wbr>Vdramon``), so it never breaks mid-word."""
    return " ".join("<wbr>".join(esc(piece) for piece in _CAMEL.split(word)) for word in name.split())


_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")


def _tip(word: Word | None) -> str:
    return f' title="{esc(word.tooltip())}"' if word is not None else ""


def _attack_rows(card: CardView, game: str) -> tuple[list[str], list[Word], int]:
    """The DMB/DBE attacks as rows (symbol, Power, ability), the words they use, and the lines they take."""
    rows, words, lines = [], [], 0
    for symbol, text in card.attacks.items():
        read = attack(game, symbol, text)
        mark = attack_word(game, read.mark, read.name)
        ability = ""
        if read.ability is not None:
            words.append(read.ability)
            ability = f'<span class="dt-shorthand"{_tip(read.ability)}>{esc(read.ability.shown)}</span>'
        elif read.raw:
            ability = f"<span>{esc(read.raw)}</span>"
        rows.append(f'<div class="dt-attack"><span class="dt-attack-mark"{_tip(mark)}>{esc(read.mark)}</span>'
                    f'<b class="dt-attack-power">{esc(read.power)}</b>{ability}</div>')
        shown = f"{read.mark} {read.power} " + (read.ability.shown if read.ability else read.raw)
        lines += max(lines_needed(shown.split(), FACES[0].width / ROW), 1)
    if card.attacks and (mark := attack_word(game, "○", "Circle")) is not None:
        words.insert(0, Word("○ △ ✕", mark.source, "Circle / Triangle / Cross attacks"))
    return rows, words, lines


def _stat_rows(card: CardView, label: str) -> tuple[list[str], int]:
    """Numbers a face lists beside its headline: Arena's attack values against each colour (``vs Red``)."""
    rows = [f'<div class="dt-stat-row"><span>{esc(name)}</span><b>{esc(value)}</b></div>'
            for name, value in card.stats.items() if name.startswith("vs ") and name != label]
    return rows, len(rows)


def _top(card: CardView, game: str) -> tuple[str, float]:
    """The top row — level, kind, the small numbers (DMB/DBE DP and +P, DCG digivolve cost), the play cost — and its height."""
    level = ""
    if card.level:
        level = f'<span class="dt-level"{_tip(level_word(game, card.level))}>{esc(card.level)}</span>'
    kind = card.kind if card.kind != card.level else ""  # (a DCG Tamer's level line says "Tamer" already)
    groups = [f'<span class="dt-card-kind">{esc(kind)}</span>'] if kind else []
    widths = [width(word) for word in kind.split()]  # a long kind wraps at its spaces
    for name in ("DP", "+P"):
        if card.attacks and name in card.stats and card.stats[name] not in ("", "-"):
            groups.append(f'<span class="dt-top-stat">{esc(name)} <b>{esc(card.stats[name])}</b></span>')
            widths.append(width(f"{name} {card.stats[name]}"))
    costs, room = "", 0.0
    evolve = _digivolve_costs(card)
    if evolve:
        costs += f'<span class="dt-evo-cost" title="{esc("Digivolution Requirements: " + evolve[1])}">↑{esc(evolve[0])}</span>'
        room += width(f"↑{evolve[0]}") + 0.7
    if card.cost:
        costs += f'<span class="dt-cost" title="play cost">{esc(card.cost)}</span>'
        room += width(card.cost) + 0.9
    if costs:  # the costs stay together, on the right
        costs = f'<span class="dt-costs">{costs}</span>'
        widths.append(room)
    if card.level:
        widths.insert(0, width(card.level, True) + 0.6)
    line = FACES[0].width / TOP - (UNDER_BADGE if card.under else 0.0)
    used, lines = 0.0, 1
    for size in widths:
        if used and used + 0.3 + size > line:
            lines, used = lines + 1, size
        else:
            used += (0.3 if used else 0.0) + size
    return f'<div class="dt-face-top">{level}{"".join(groups)}{costs}</div>', lines * TOP * 1.3


def _digivolve_costs(card: CardView) -> tuple[str, str] | None:
    """A DCG card's digivolve cost(s), read from its "Digivolution Requirements" part: ("2", the whole requirement)."""
    for part in card.parts:
        if part.label == "Digivolution Requirements" and part.value:
            costs = dict.fromkeys(re.findall(r"cost (\d+)", part.value))
            return ("/".join(costs), part.value) if costs else None
    return None


def _foot(label: str, printed: str, current: str) -> tuple[str, float]:
    """The big number, whole at any length (smaller when longer); the printed value struck through beside it when changed."""
    if not (label or current):
        return "", 0.0
    changed = current != printed and bool(printed)
    step = _power_step(current)
    was = f'<s class="dt-power-printed" title="printed {esc(printed)}">{esc(printed)}</s>' if changed else ""
    side = f'<span class="dt-foot-side"><span class="dt-power-label">{esc(label)}</span>{was}</span>'
    css = "dt-power" + (" dt-power-changed" if changed else "") + f" dt-power-{min(max(len(current), 3), 5)}"
    number = f'<span class="{css}">{esc(current)}</span>'
    height = max((2 if changed else 1) * 0.7 * LINE, max(face.power for face in FACES) * step * 1.15)
    return f'<div class="dt-card-foot">{side}{number}</div>', height


def _face_text(card: CardView) -> str:
    """The text a face shows: the card's text, less a first sentence that only repeats the stat rows drawn above it
    (Arena's "Attack: vs Red 210, …")."""
    text = card.text
    if text.startswith("Attack: vs ") and any(name.startswith("vs ") for name in card.stats):
        text = text.split(". ", 1)[1] if ". " in text else ""
    return text


def card_html(card: CardView, game: str = "") -> str:
    """One card as a card; a hidden card shows its back only (nothing about it reaches the page).

    Every number on the face is drawn whole; text that does not fit is cut at a word with "…" (the whole text is its
    ``title`` and in the opened card); shorthand (``Counter ○``, ``x3 Ice``, ``<Blocker>``) is explained on hover and in
    the opened card from the clause of ``game``'s rulebook that defines it.
    """
    tall = " dt-face-tall" if game in TALL_GAMES else ""
    if card.hidden:
        return ('<div class="dt-card dt-card-back" title="A hidden card" aria-label="a hidden card">'
                f'<div class="dt-face{tall}">?</div></div>')
    label, printed, current = headline(card)
    top, top_height = _top(card, game)
    rows, words, row_lines = _attack_rows(card, game)
    stats, stat_lines = _stat_rows(card, label)
    foot, foot_height = _foot(label, printed, current)
    fixed = top_height + GAP + foot_height + (row_lines + stat_lines) * ROW * LINE
    room = tuple(face.height + (TALL if game in TALL_GAMES else 0.0) - fixed for face in FACES)
    step = _name_step(card.name, room)
    name = f'<div class="dt-card-name dt-name-{int(step * 100)}">{_wbr(card.name)}</div>'
    words += [w for w in text_words(game, card.text) if w.shown not in {x.shown for x in words}]
    body = "".join(rows + stats)
    text = ""
    said = _face_text(card)
    if said:
        left = min(space - _name_height(card.name, face, step) for face, space in zip(FACES, room))
        fitted = shorten(said, FACES[0].width / TEXT, int(left // (TEXT * LINE)))
        if fitted.shown and fitted.shown != ELLIPSIS:
            more = f' title="{esc(card.text)}"' if fitted.cut else ""
            text = f'<div class="dt-face-text"{more}>{esc(fitted.shown)}</div>'
    body = f'<div class="dt-face-body">{body}{text}</div>' if body or text else ""
    under = f'<span class="dt-under" title="{len(card.under)} card(s) under it">+{len(card.under)}</span>' if card.under else ""
    css = ("dt-card" + (" dt-face-down" if card.face_down else "") + (" dt-suspended" if card.suspended else "")
           + (" dt-has-under" if card.under else ""))
    frame = frame_colour(card.colour or card.kind)
    return (
        f'<details class="{css}" style="--dt-frame: {frame}" data-card="{esc(card.uid)}">'
        f'<summary title="{esc(card.name)}: click for the whole card">{under}<div class="dt-face{tall}"><div class="dt-face-in">'
        f'{top}{name}{body}{foot}</div></div></summary>{_details(card, tuple(words))}</details>'
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

"""A card's face laid out to fit: every number whole, text cut only at a word, shorthand explained on hover.

The board (``board.card_html``) wraps this face in the card's ``<details>``; the CSS is the block "cards drawn to fit
their text" in style.py, whose sizes ``FACES`` restates.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..core.game import CardView
from .fit import CAMEL, ELLIPSIS, lines_needed, name_lines, shorten, width
from .shorthand import Word, attack, attack_word, level_word, text_words
from .style import esc

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
POWER_STEPS = {3: 1.0, 4: 0.86, 5: 0.72}  #: (``.dt-power-86``, ``.dt-power-72``)
GAP = 0.5  #: the flex gaps and margins a face spends between its rows
SAFETY = 0.3  #: height kept free under a face's text, for rounding and line boxes a little taller than estimated
UNDER_BADGE = 1.7  #: room the top row leaves (in its own em) for the "+2 under it" badge on the face's corner


#: a name is never shortened, it gets smaller: its sizes (``.dt-name-86``, ``.dt-name-74``) and wrapping, in the order
#: tried: the two larger sizes wrapping at spaces only, then wrapping inside a CamelCase name too (``Ulforce|Vdramon``),
#: then the smallest size
NAME_TRIES = ((1.0, False), (0.86, False), (1.0, True), (0.86, True), (0.74, False), (0.74, True))
NAME_LINE = 1.15  #: the name's line height (``.dt-card-name``)


def _name_height(name: str, face: Face, step: float, camel: bool = True) -> float:
    return name_lines(name, face.width / (face.name * step), camel) * face.name * step * NAME_LINE


def _name_step(name: str, room: tuple[float, ...]) -> float:
    """The first name size (``NAME_TRIES``) at which the name takes at most two lines on every face and fits ``room``,
    the height left for it on each face of ``FACES``; else the two-line size that takes the least height."""
    tries = [
        (step, camel)
        for step, camel in NAME_TRIES
        if all(name_lines(name, face.width / (face.name * step), camel) <= 2 for face in FACES)
    ]
    for step, camel in tries:
        if all(_name_height(name, face, step, camel) <= space for face, space in zip(FACES, room, strict=False)):
            return step
    if not tries:
        return NAME_TRIES[-1][0]
    return min(
        tries,
        key=lambda t: max(
            _name_height(name, face, t[0], t[1]) - space for face, space in zip(FACES, room, strict=False)
        ),
    )[0]


def _power_step(number: str) -> float:
    return POWER_STEPS.get(min(max(len(number), 3), 5), 0.72)


def _wbr(name: str) -> str:
    """The escaped name with a soft break inside CamelCase (``Ulforce<wbr>Vdramon``), so it never breaks mid-word."""
    return " ".join("<wbr>".join(_mon_break(piece) for piece in CAMEL.split(word)) for word in name.split())


#: where a presenter face may break a long name that fits no line at 20 px: before its "-mon" (``Birdra|mon``)
MON = re.compile(r"(?<=[a-z]{3})(?=mon$)")
MON_BREAK = '<span class="dt-wb"></span>'  #: a break there in presenter mode only (``.dt-wb::before``)


def _mon_break(piece: str) -> str:
    return MON_BREAK.join(esc(part) for part in MON.split(piece))


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
        rows.append(
            f'<div class="dt-attack"><span class="dt-attack-mark"{_tip(mark)}>{esc(read.mark)}</span>'
            f'<b class="dt-attack-power">{esc(read.power)}</b>{ability}</div>'
        )
        shown = f"{read.mark} {read.power} " + (read.ability.shown if read.ability else read.raw)
        lines += max(lines_needed(shown.split(), FACES[0].width / ROW), 1)
    if card.attacks and (mark := attack_word(game, "○", "Circle")) is not None:
        words.insert(0, Word("○ △ ✕", mark.source, "Circle / Triangle / Cross attacks"))
    return rows, words, lines


def _stat_rows(card: CardView, label: str) -> tuple[list[str], int]:
    """Numbers a face lists beside its headline: Arena's attack values against each colour (``vs Red``)."""
    rows = [
        f'<div class="dt-stat-row"><span>{esc(name)}</span><b>{esc(value)}</b></div>'
        for name, value in card.stats.items()
        if name.startswith("vs ") and name != label
    ]
    return rows, len(rows)


def _top(card: CardView, game: str) -> tuple[str, float]:
    """The top row — level, kind, the small numbers (DMB/DBE DP and +P, DCG
    digivolve cost), the play cost — and its height."""
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
        costs += (
            f'<span class="dt-evo-cost" title="{esc("Digivolution Requirements: " + evolve[1])}">↑{esc(evolve[0])}'
            "</span>"
        )
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
    """The big number, whole at any length (smaller when longer); the printed
    value struck through beside it when changed."""
    if not (label or current):
        return "", 0.0
    changed = current != printed and bool(printed)
    step = _power_step(current)
    was = f'<s class="dt-power-printed" title="printed {esc(printed)}">{esc(printed)}</s>' if changed else ""
    side = f'<span class="dt-foot-side"><span class="dt-power-label">{esc(label)}</span>{was}</span>'
    css = "dt-power" + (" dt-power-changed" if changed else "")
    number = f'<span class="{css}">{esc(current)}</span>'
    if step < 1:  # smaller than whatever size the board gives the number (``.dt-power``), in a span of its own
        number = (
            f'<span class="{css} dt-power-small"><span class="dt-power-{int(step * 100)}">{esc(current)}</span></span>'
        )
    height = max((2 if changed else 1) * 0.7 * LINE, max(face.power for face in FACES) * step * 1.15)
    return f'<div class="dt-card-foot">{side}{number}</div>', height


def _face_text(card: CardView) -> str:
    """The text a face shows: the card's text, less a first sentence that only repeats the stat rows drawn above it
    (Arena's "Attack: vs Red 210, …")."""
    text = card.text
    if text.startswith("Attack: vs ") and any(name.startswith("vs ") for name in card.stats):
        text = text.split(". ", 1)[1] if ". " in text else ""
    return text


def face_html(card: CardView, game: str) -> tuple[str, tuple[Word, ...]]:
    """A face-up card's face (``.dt-face``), laid out for ``FACES``, and the shorthand it uses (for the opened card)."""
    label, printed, current = headline(card)
    top, top_height = _top(card, game)
    rows, words, row_lines = _attack_rows(card, game)
    stats, stat_lines = _stat_rows(card, label)
    foot, foot_height = _foot(label, printed, current)
    fixed = top_height + GAP + foot_height + (row_lines + stat_lines) * ROW * LINE
    room = tuple(face.height + (TALL if game in TALL_GAMES else 0.0) - fixed for face in FACES)
    step = _name_step(card.name, room)
    name = f'<div class="dt-card-name">{_wbr(card.name)}</div>'
    if step < 1:  # smaller than whatever size the board gives names (``.dt-card-name``), in a span of its own
        name = (
            f'<div class="dt-card-name dt-name-small"><span class="dt-name-{int(step * 100)}">{_wbr(card.name)}'
            "</span></div>"
        )
    words += [w for w in text_words(game, card.text) if w.shown not in {x.shown for x in words}]
    body = "".join(rows + stats)
    text = ""
    said = _face_text(card)
    if said:
        left = (
            min(space - _name_height(card.name, face, step) for face, space in zip(FACES, room, strict=False)) - SAFETY
        )
        fitted = shorten(said, FACES[0].width / TEXT, int(left // (TEXT * LINE)))
        if fitted.shown and fitted.shown != ELLIPSIS:
            more = f' title="{esc(card.text)}"' if fitted.cut else ""
            text = f'<div class="dt-face-text"{more}>{esc(fitted.shown)}</div>'
    body = f'<div class="dt-face-body">{body}{text}</div>' if body or text else ""
    tall = " dt-face-tall" if game in TALL_GAMES else ""
    # a suspended face is drawn turned: its height is its width, which differs by the window's size, so up to 1400 px
    # it takes the height measured at that size alone (a row measured at the wider size would not fit 1024x768)
    small = f"; --dt-presenter-face-small: {presenter_face(card, game, PRESENTER[:1], 8.0)}px" if card.suspended else ""
    style = f' style="--dt-presenter-face: {presenter_face(card, game)}px{small}"'
    return f'<div class="dt-face{tall}"{style}><div class="dt-face-in">{top}{name}{body}{foot}</div></div>', tuple(
        words
    )


#: presenter mode's card faces (the block "a board that fits, presenter mode" in style.py): (face font px, face
#: width em) — 12 px in a window up to 1400 px wide, 15 px wider, 9.8 em wide; the name is always 20 px and
#: the big number 24 px (20 px at five digits); the face text is not on a presenter face (the opened card has it)
PRESENTER = ((12.0, 9.8), (15.0, 9.8))
PRESENTER_NAME = 20.0
PRESENTER_POWER = 24.0
PRESENTER_POWER_MIN = 20.0
FRAME = 1.1  #: the face's padding and its inner padding across (em of the face's font)
PRESENTER_BADGE = 30.0  #: px the top row leaves for the 20 px "+2 under it" badge


def _name_pieces(word: str, mon: bool) -> list[str]:
    return [part for camel in CAMEL.split(word) for part in (MON.split(camel) if mon else [camel])]


def presenter_name_lines(name: str, line_px: float, mon: bool = True) -> int:
    """Lines a bold 20 px name takes in ``line_px``: wrapping at spaces and CamelCase first (and before a "-mon"
    if ``mon``), inside a piece wider than the line anywhere (``overflow-wrap: anywhere``)."""
    line = line_px / PRESENTER_NAME
    lines, used = 1, 0.0
    for word in name.split():
        for index, piece in enumerate(_name_pieces(word, mon)):
            gap = 0.0 if index or not used else width(" ", True)
            size = width(piece, True)
            if used and used + gap + size <= line:
                used += gap + size
                continue
            if used:
                lines += 1
            while size > line:  # broken inside, one character at a time
                take = ""
                for ch in piece:
                    if width(take + ch, True) > line:
                        break
                    take += ch
                piece = piece[len(take) :]
                size = width(piece, True)
                lines += 1
            used = size
    return lines


def presenter_height(card: CardView, game: str, sizes: tuple[tuple[float, float], ...] = PRESENTER) -> float:
    """The height (px) a presenter face's content takes at the tighter of ``sizes`` (``PRESENTER``'s)."""
    label, printed, current = headline(card)
    _, _, row_lines = _attack_rows(card, game)
    _, stat_lines = _stat_rows(card, label)
    _, top_height = _top(card, game)
    tallest = 0.0
    for font, face_width in sizes:
        inner = (face_width - FRAME) * font
        power = max(PRESENTER_POWER * _power_step(current), PRESENTER_POWER_MIN) if current else 0.0
        changed = current != printed and bool(printed)
        foot = max((2 if changed else 1) * 0.7 * LINE * font, power * 1.15) if (label or current) else 0.0
        if card.suspended:  # a turned face is as wide as its widest piece of name (no break before "-mon")
            inner = presenter_turned_width(card, ((font, face_width),)) - FRAME * font
            name = presenter_name_lines(card.name, inner, mon=False) * PRESENTER_NAME * NAME_LINE
        else:
            name = presenter_name_lines(card.name, inner) * PRESENTER_NAME * NAME_LINE
        top = (
            top_height * font
        )  # (its lines at presenter sizes, the badge's room left, are no more than at normal size)
        if card.suspended and card.under:  # the turned badge sits over the top row's start: the name goes below it
            top = max(top, PRESENTER_BADGE)
        body = (row_lines + stat_lines) * ROW * LINE * font
        tallest = max(tallest, top + name + body + foot + GAP * font + SAFETY * font)
    return tallest


def presenter_turned_width(card: CardView, sizes: tuple[tuple[float, float], ...] = PRESENTER) -> float:
    """The width (px) of a suspended card's presenter face (``width: min-content``, at least ``sizes``' width):
    turned, it is the face's drawn height, at the wider of ``sizes`` (``PRESENTER``'s)."""
    pieces = [piece for word in card.name.split() for piece in _name_pieces(word, False)]
    widest = max((width(piece, True) for piece in pieces), default=0.0) * PRESENTER_NAME
    return max(max(face_width * font, widest + FRAME * font) for font, face_width in sizes)


def presenter_face(
    card: CardView, game: str, sizes: tuple[tuple[float, float], ...] = PRESENTER, spare: float = 0.0
) -> int:
    """A presenter face's height (px, its ``--dt-presenter-face``): its content and its frame at the tighter
    size, rounded up to a step of 8 px so the faces of a row mostly match; a suspended card's face, drawn turned,
    at least as tall as it is wide."""
    frame = max(font for font, _ in sizes) * 0.9  # the face's padding and its inner padding, top and bottom
    height = presenter_height(card, game, sizes) + frame
    if card.suspended:  # spare: px beyond the measured width of a turned face's name (the font's own widths vary)
        height = max(height, presenter_turned_width(card, sizes) + spare)
    return int(-(-height // 8) * 8)

"""The one stylesheet every digitutor app uses (tutor.css, inlined: no external assets, no fonts to fetch)."""

from __future__ import annotations

import html
import re
import zlib
from importlib import resources

import ipywidgets as widgets

#: the stylesheet, shipped beside this module as package data (pyproject.toml) so a wheel serves it too
CSS = resources.files(__package__).joinpath("tutor.css").read_text(encoding="utf-8")


def compact_css(css: str) -> str:
    """The stylesheet without its comments and the spaces around braces and semicolons (the follower page, which
    inlines it, stays small). The stylesheet's strings hold none of ``{};`` nor runs of spaces, so none changes."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    css = re.sub(r"\s+", " ", css)
    return re.sub(r"\s*([{};])\s*", r"\1", css).strip()


def style() -> widgets.HTML:
    """The digitutor stylesheet as an HTML widget (put it once in every app)."""
    return widgets.HTML(f"<style>{CSS}</style>", layout=widgets.Layout(display="none"))


def esc(text: object) -> str:
    """HTML-escape ``text`` (quotes stay verbatim: escaping only changes how they are sent)."""
    return html.escape(str(text), quote=True)


def kind_colour(kind: str) -> str:
    """A stable colour for a card kind (battle type, colour...), the same in every game."""
    if not kind:
        return "#8a94a6"
    return f"hsl({zlib.crc32(kind.lower().encode()) % 360}, 60%, 45%)"


#: frame colours for the card colours the games name (DCG, Arena); other kinds get a stable hue
COLOURS = {
    "red": "#d2342b",
    "blue": "#1f6fd1",
    "yellow": "#e0b300",
    "green": "#2f9a46",
    "black": "#2b2b2b",
    "purple": "#7b3fb5",
    "white": "#c9ced6",
    "orange": "#e07a1f",
}


def frame_colour(kind: str) -> str:
    """A card's frame colour: its own colour when it names one, else a stable hue for its kind."""
    return COLOURS.get(kind.strip().lower(), kind_colour(kind))


def paragraphs(text: str) -> str:
    """Plain lesson text -> escaped HTML paragraphs."""
    return "".join(f"<p>{esc(part.strip())}</p>" for part in text.split("\n\n") if part.strip())

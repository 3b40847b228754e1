"""Save or share a position: a file to download, a link to copy, and an upload to open one again."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any
from urllib.parse import quote

import ipywidgets as widgets

from .position import MAX_TEXT, Position, position_link, position_text
from .style import esc
from .words import step_number

log = logging.getLogger("digitutor.widgets")

Restore = Callable[[str, str], None]


def save_html(position: Position, game: str) -> str:
    """The download link (a JSON file) and the shareable link (``?position=...``) of a position."""
    viewed = "the start" if position.step < 0 else f"step {step_number(position.step)}"
    name = f"digitutor-{game}-{position.mode}-step-{step_number(position.step)}.json"
    data = "data:application/json;charset=utf-8," + quote(position_text(position))
    link = "?position=" + position_link(position)
    return (
        f"<p>This position ({esc(viewed)}) is a seed plus the answers given: it replays exactly, anywhere.</p>"
        f'<p><a class="dt-download" download="{esc(name)}" href="{esc(data)}">⬇ Download this position</a> '
        f'(a small JSON file) · <a class="dt-share-link" href="{esc(link)}">🔗 Link to this position</a> '
        "(copy the link to share it; opening it brings this game back)</p>"
    )


#: hot-seat: what a saved position still tells (its seed decides every shuffle, so a replay shows every card)
SEED_WARNING = (
    "Like every saved game, it holds the seed, which decides every shuffle: replayed with digitutor's own "
    "tools (not this page), it shows every hidden card, hands included. Share it when the game is over."
)


def hot_seat_save_html(players: int, end: int, total: int) -> str:
    """Hot-seat: whether a secret choice not yet revealed is held back (and where the saved game stops instead, ``end``
    of ``total`` steps), and what the seed still tells."""
    everyone = "both players" if players == 2 else "every player"
    stop = "at the start" if end < 0 else f"at step {step_number(end)} of {total}"
    held = (
        (
            '<p class="dt-save-held" role="note"><b>A secret choice is not revealed yet, so it is not saved.</b> '
            f"In hot-seat, what leaves this page (the file, the link, and the game this browser keeps for a reload) "
            f"holds only what {everyone} may see: it stops {esc(stop)}, before the first secret choice of this round. "
            "Opening it asks for that choice again.</p>"
        )
        if end < total - 1
        else ""
    )
    return held + f'<p class="dt-save-seed">{esc(SEED_WARNING)}</p>'


def uploaded(value: Any) -> tuple[str, bytes] | None:
    """(file name, bytes) of the first uploaded file of a FileUpload value."""
    if not value:
        return None
    upload = value[0]
    return str(upload.get("name", "uploaded file")), bytes(upload["content"])


class SavePanel(widgets.VBox):
    """Hidden until "Save or share" is pressed; then links for the viewed position and an upload."""

    def __init__(self, restore: Restore) -> None:
        self.links = widgets.HTML()
        self.upload = widgets.FileUpload(
            accept=".json,application/json",
            multiple=False,
            description="Open a saved position",
            layout=widgets.Layout(width="auto"),
        )
        self.upload.add_class("dt-upload-position")
        self.problem = widgets.HTML()
        self.problem.add_class("dt-error")
        super().__init__([self.links, self.upload, self.problem], layout=widgets.Layout(display="none"))
        self.add_class("dt-save")
        self.add_class("dt-panel")
        self._restore = restore
        self.upload.observe(self._uploaded, "value")

    @property
    def shown(self) -> bool:
        return self.layout.display != "none"

    def show(self, position: Position | None, game: str, note: str = "") -> None:
        """The links for ``position``, after ``note`` (in hot-seat, ``hot_seat_save_html``)."""
        if position is not None:
            self.links.value = note + save_html(position, game)

    def _uploaded(self, _change: Any = None) -> None:
        found = uploaded(self.upload.value)
        if found is None:
            return
        name, content = found
        self.upload.value = ()  # the same file may be chosen again later
        self.problem.value = ""
        if len(content) > MAX_TEXT:
            self.problem.value = esc(f"{name}: too large to be a saved position ({len(content)} bytes)")
            return
        try:
            text = content.decode("utf-8")
        except UnicodeDecodeError:
            self.problem.value = esc(f"{name}: not a saved position (not UTF-8 text)")
            return
        self._restore(text, name)

"""Deck check: paste or upload a deck list, see legal or illegal with every cited reason."""

from __future__ import annotations

import logging
from importlib import resources
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from ..core.errors import DigitutorError, counted
from ..core.registry import GAME_MODULES, get_game
from ..decks import DeckReport, check_deck_text
from .decision import cited_reasons_html
from .page import AppPage
from .query import on_query
from .style import esc

log = logging.getLogger("digitutor.widgets")


def shipped_decks(game_id: str) -> dict[str, str]:
    """The example deck files of a game: file name -> YAML text."""
    folder = Path(str(resources.files("digitutor.cards"))) / game_id / "decks"
    return {path.name: path.read_text(encoding="utf-8") for path in sorted(folder.glob("*.yaml"))}


def report_html(report: DeckReport) -> str:
    """The verdict: legal, or every reason it is not, each with its quote."""
    if report.legal:
        return (
            f'<p class="dt-legal">✓ Legal: “{esc(report.name)}” is a legal {esc(get_game(report.game).title)} '
            f"deck of {counted(report.card_count, 'card')}.</p>"
        )
    # the list's own problems (an unknown card, a name of several cards) quote no rule
    unread = "".join(
        f'<div class="dt-reason dt-list-problem"><b>✗ {esc(problem)}</b></div>' for problem in report.problems
    )
    why = unread + cited_reasons_html(report.reasons)
    return f'<p class="dt-illegal">✗ Not legal: “{esc(report.name)}” ({counted(report.card_count, "card")})</p>{why}'


def uploaded_text(value: Any) -> tuple[str, str] | None:
    """(file name, UTF-8 text) of the first uploaded file, from a FileUpload value."""
    if not value:
        return None
    upload = value[0]
    return upload["name"], bytes(upload["content"]).decode("utf-8")


#: what a deck list looks like, per game (the text box's placeholder)
PLACEHOLDERS = {
    "dtector": "game: dtector\nname: My deck\ncards:\n  - {card: <card id>, count: 3}\n  - ...",
    "arena": "game: arena\nname: My deck\ncards:\n  - <card id>\n  - <card id>\n  - ... (30 different cards)",
}


#: the text format, after the YAML example
TEXT_HINT = "or one card a line, as players write it: 4 Gabumon ST2-03 · 4x ST2-03 · ST2-03 x4 · 4 Gabumon"


def placeholder(game_id: str) -> str:
    """The placeholder of the deck text box: the game's own format, from its first example deck if it has one."""
    decks = shipped_decks(game_id)
    if decks:
        first = next(iter(decks.values())).splitlines()
        shown = [line for line in first if not line.lstrip().startswith("#")][:7]
        return "Paste a deck list (YAML), for example:\n" + "\n".join(shown) + "\n  ...\n" + TEXT_HINT
    return PLACEHOLDERS.get(game_id, "Paste a deck list (YAML)") + "\n" + TEXT_HINT


class DeckCheckApp(AppPage):
    """Game picker, example decks, a text box and an upload button, and the verdict (``?game=`` picks the game)."""

    def __init__(self, game_id: str = "dtector") -> None:
        games = [(get_game(g).title, g) for g in GAME_MODULES]
        self.game = widgets.Dropdown(
            options=games, value=game_id if game_id in GAME_MODULES else games[0][1], description="Game"
        )
        self.example = widgets.Dropdown(description="Example", options=[])
        self.text = widgets.Textarea(
            placeholder=placeholder(self.game.value),
            description="Deck list",
            layout=widgets.Layout(width="auto", height="260px"),
        )
        self.text.add_class("dt-deck-text")
        self.upload = widgets.FileUpload(accept=".yaml,.yml,.txt", multiple=False, description="Upload a deck")
        self.check = widgets.Button(description="Check deck", button_style="primary")
        self.check.add_class("dt-check")
        self.verdict = widgets.HTML()
        self.verdict.add_class("dt-panel")
        self.verdict.add_class("dt-verdict")
        self.source = "pasted deck"
        super().__init__(
            "Deck check",
            [widgets.HBox([self.game, self.example]), self.text, widgets.HBox([self.upload, self.check]), self.verdict],
            css="dt-deck-check",
        )
        self.game.observe(lambda _c: self._examples(), "value")
        self.example.observe(lambda _c: self._load_example(), "value")
        self.upload.observe(lambda _c: self._uploaded(), "value")
        self.check.on_click(lambda _b: self.run())
        self.text.observe(lambda _c: setattr(self, "source", "pasted deck"), "value")
        self._examples()
        on_query(self._deep_link)

    def _deep_link(self, params: dict[str, str]) -> None:
        if params.get("game") in GAME_MODULES:
            self.game.value = params["game"]

    def _examples(self) -> None:
        self.text.placeholder = placeholder(self.game.value)
        self._decks = shipped_decks(self.game.value)
        self.example.options = ["(none)", *self._decks]
        self.example.value = "(none)"

    def _load_example(self) -> None:
        if self.example.value in self._decks:
            self.text.value = self._decks[self.example.value]
            self.source = self.example.value
            self.run()

    def _uploaded(self) -> None:
        try:
            found = uploaded_text(self.upload.value)
        except UnicodeDecodeError:
            self.verdict.value = '<p class="dt-illegal">That file is not UTF-8 text.</p>'
            return
        if found is not None:
            name, text = found
            self.text.value = text
            self.source = name
            self.run()

    def run(self) -> None:
        """Check the text box's deck and show the verdict (a bad file is one line, never a traceback)."""
        if not self.text.value.strip():
            self.verdict.value = "<p>Paste a deck list or upload a file first.</p>"
            return
        try:
            self.verdict.value = report_html(check_deck_text(self.text.value, self.source, self.game.value))
        except DigitutorError as error:
            self.verdict.value = f'<p class="dt-illegal">{esc(str(error).splitlines()[0])}</p>'
        except Exception as error:
            log.exception("deck check failed")
            self.verdict.value = (
                f'<p class="dt-illegal">Something went wrong ({esc(type(error).__name__)}): {esc(error)}</p>'
            )


def deck_check_app(game_id: str = "dtector") -> DeckCheckApp:
    return DeckCheckApp(game_id)

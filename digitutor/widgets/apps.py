"""The Learn app of any registered game: the guided first game, then free play, from one function.

A new game needs only a two-line notebook: ``from digitutor.widgets import learn_app`` /
``learn_app("<game>")``.
"""

from __future__ import annotations

import logging
from typing import Any

import ipywidgets as widgets

from ..core.agents import AGENTS
from ..core.errors import DigitutorError
from ..core.registry import GAME_MODULES, get_game
from ..rules.corpus import GAME_TITLES
from .lessons import lesson_for
from .model import TutorModel
from .style import esc, style
from .tutor import Tutor, free_play_spec, lesson_spec

log = logging.getLogger("digitutor.widgets")

GUIDED, FREE, HOT_SEAT = "Guided first game", "Free play against the computer", "Hot-seat (two people)"


def agent_names(game: Any) -> list[str]:
    """The computer opponents a game offers, strongest-sounding first (the engine's agents, by name)."""
    names = [*AGENTS, *getattr(game, "agents", {})]
    return sorted(set(names), key=lambda name: (name != "greedy", name != "random", name))


def message_page(title: str, text: str) -> widgets.VBox:
    """A plain page for a game that cannot be played here (yet)."""
    page = widgets.VBox([style(), widgets.HTML(f"<h2>{esc(title)}</h2><p>{esc(text)}</p><p><a href=\"./start.ipynb\">Back to the start page</a></p>")])
    page.add_class("dt-app")
    return page


class LearnApp(widgets.VBox):
    """Mode switch (guided / free play / hot-seat) above one Tutor."""

    def __init__(self, game_id: str) -> None:
        self.game = get_game(game_id)
        self.lesson = lesson_for(game_id)
        modes = ([GUIDED] if self.lesson else []) + [FREE, HOT_SEAT]
        self.mode = widgets.ToggleButtons(options=modes, value=modes[0], style={"button_width": "auto"})
        self.mode.add_class("dt-mode")
        self.seed = widgets.BoundedIntText(value=1, min=0, max=10**9, description="Seed", layout=widgets.Layout(width="160px"))
        names = agent_names(self.game)
        self.opponent = widgets.Dropdown(options=names, value=names[0], description="Computer", layout=widgets.Layout(width="220px"))
        self.new_game = widgets.Button(description="New game", button_style="success")
        self.new_game.add_class("dt-new-game")
        self.free_options = widgets.HBox([self.seed, self.opponent, self.new_game])
        missing = "" if self.lesson else f"There is no guided lesson for {self.game.title} yet: enjoy a free game."
        self.hint = widgets.HTML(f'<div class="dt-notice">{esc(missing)}</div>' if missing else "")
        self.tutor = Tutor(self._model(modes[0]))
        super().__init__([style(), self.hint, widgets.HBox([self.mode]), self.free_options, self.tutor])
        self.add_class("dt-app")
        self.add_class("dt-learn")
        self._show_options()
        self.mode.observe(lambda _change: self._switch(), "value")
        self.new_game.on_click(lambda _button: self._switch())

    def _model(self, mode: str) -> TutorModel:
        return TutorModel(self._spec(mode), self.lesson if mode == GUIDED else None)

    def _spec(self, mode: str) -> Any:
        if mode == GUIDED and self.lesson is not None:
            return lesson_spec(self.lesson)
        opponent = None if mode == HOT_SEAT else self.opponent.value
        return free_play_spec(self.game.id, int(self.seed.value), opponent)

    def _show_options(self) -> None:
        self.free_options.layout.display = "none" if self.mode.value == GUIDED else ""
        self.opponent.layout.display = "" if self.mode.value == FREE else "none"

    def _switch(self) -> None:
        """Start the chosen kind of game in the same Tutor (no new widget tree)."""
        self._show_options()
        model = self.tutor.model
        try:
            lesson = self.lesson if self.mode.value == GUIDED else None
            model.start(self._spec(self.mode.value), lesson)
        except DigitutorError as error:
            model.error = str(error).splitlines()[0]
        except Exception as error:  # noqa: BLE001 - never a traceback in front of a learner
            log.exception("switching the learn app's mode failed")
            model.error = f"Something went wrong ({type(error).__name__}): {error}"


def learn_app(game_id: str) -> widgets.Widget:
    """The Learn app of ``game_id``; a friendly page when that game is not playable yet."""
    if game_id not in GAME_MODULES:
        title = GAME_TITLES.get(game_id, game_id)
        return message_page(title, f"{title} is not playable in the tutor yet. You can already read its rulebook.")
    return LearnApp(game_id)

"""The Learn app of any registered game: the guided first game, then free play, from one function.

A new game needs only a two-line notebook: ``from digitutor.widgets import learn_app`` /
``learn_app("<game>")``.
"""

from __future__ import annotations

import logging
from typing import Any

import ipywidgets as widgets
import traitlets

from ..core.agents import AGENTS
from ..core.errors import DigitutorError, InputError
from ..core.match import Match
from ..core.registry import GAME_MODULES, get_game
from ..rules.corpus import GAME_TITLES
from .lessons import lesson_for
from .model import TutorModel, one_line
from .editor import attach_editor
from .page import AppPage, on_query
from .position import Position
from .style import esc
from .tutor import Tutor, free_play_spec, lesson_spec

log = logging.getLogger("digitutor.widgets")

GUIDED, FREE, HOT_SEAT = "Guided first game", "Free play against the computer", "Hot-seat (two people)"
#: the mode names a saved position uses
MODE_IDS = {GUIDED: "guided", FREE: "free", HOT_SEAT: "hot-seat"}
MAX_SEED = 10**9


def agent_names(game: Any) -> list[str]:
    """The computer opponents a game offers, strongest-sounding first (the engine's agents, by name)."""
    names = [*AGENTS, *getattr(game, "agents", {})]
    return sorted(set(names), key=lambda name: (name != "greedy", name != "random", name))


def message_page(title: str, text: str) -> widgets.VBox:
    """A plain page for a game that cannot be played here (yet)."""
    body = widgets.HTML(f"<p>{esc(text)}</p><p><a href=\"./rulebook.ipynb\">Read its rulebook</a></p>")
    return AppPage(title, [body], css="dt-message")


class LearnApp(AppPage):
    """Mode switch (guided / free play / hot-seat) above one Tutor; asks before a switch throws a game away."""

    def __init__(self, game_id: str) -> None:
        self.game = get_game(game_id)
        self.lesson = lesson_for(game_id)
        modes = ([GUIDED] if self.lesson else []) + [FREE, HOT_SEAT]
        self.mode = widgets.ToggleButtons(options=modes, value=modes[0], style={"button_width": "auto"},
                                          tooltips=["A prepared game with lesson notes", "You against the computer",
                                                    "Two people at one screen"][3 - len(modes):])
        self.mode.add_class("dt-mode")
        self.seed = widgets.BoundedIntText(value=1, min=0, max=MAX_SEED, description="Seed", layout=widgets.Layout(width="160px"))
        names = agent_names(self.game)
        self.opponent = widgets.Dropdown(options=names, value=names[0], description="Computer", layout=widgets.Layout(width="220px"))
        self.new_game = widgets.Button(description="New game", button_style="success", tooltip="Start a new game with these settings")
        self.new_game.add_class("dt-new-game")
        self.free_options = widgets.HBox([self.seed, self.opponent, self.new_game])
        missing = "" if self.lesson else f"There is no guided lesson for {self.game.title} yet: enjoy a free game."
        self.hint = widgets.HTML(f'<div class="dt-notice">{esc(missing)}</div>' if missing else "")
        self._mode = modes[0]
        self._quiet = False
        self.tutor = Tutor(self._model(modes[0]), presenter_toggle=False, store_key=f"digitutor:learn:{game_id}",
                           app_id=f"learn:{game_id}")
        self.tutor.mode_info = self._mode_info
        self.tutor.restorer = self._restore
        bar = widgets.HBox([self.mode, self.free_options])
        bar.add_class("dt-mode-bar")
        super().__init__(f"Learn {self.game.title}", [self.hint, bar, self.tutor], css="dt-learn")
        traitlets.link((self, "presenter"), (self.tutor.model, "presenter"))
        self._show_options()
        self.mode.observe(lambda _change: self._asked_switch(), "value")
        self.new_game.on_click(lambda _button: self._asked_switch())
        on_query(lambda params: attach_editor(self, game_id, lambda: self.tutor.model.match, params))  # ?edit=1: the bench

    def _model(self, mode: str) -> TutorModel:
        return TutorModel(self._spec(mode), self.lesson if mode == GUIDED else None)

    def _spec(self, mode: str) -> Any:
        if mode == GUIDED and self.lesson is not None:
            return lesson_spec(self.lesson)
        opponent = None if mode == HOT_SEAT else self.opponent.value
        return free_play_spec(self.game.id, int(self.seed.value), opponent)

    def _mode_info(self) -> tuple[str, dict[str, Any]]:
        options: dict[str, Any] = {} if self._mode == GUIDED else {"seed": int(self.seed.value)}
        if self._mode == FREE:
            options["opponent"] = self.opponent.value
        return MODE_IDS[self._mode], options

    def _show_options(self) -> None:
        self.free_options.layout.display = "none" if self.mode.value == GUIDED else ""
        self.opponent.layout.display = "" if self.mode.value == FREE else "none"

    def _asked_switch(self) -> None:
        """Switch at once when nothing would be lost; otherwise ask, and put the mode back on "no"."""
        if self._quiet:
            return
        model = self.tutor.model
        if not model.has_progress():
            self._switch()
            return
        model.autoplay = False
        wanted = self.mode.value
        self.tutor.confirm.ask(
            f"Start a new game ({wanted})? The {len(model.match.steps)} steps of this game will be lost "
            "(use Save or share to keep them).", "Yes, start the new game", self._switch, self._keep)

    def _keep(self) -> None:
        self._set_mode(self._mode)
        self._show_options()

    def _set_mode(self, mode: str) -> None:
        self._quiet = True
        try:
            self.mode.value = mode
        finally:
            self._quiet = False

    def _switch(self) -> None:
        """Start the chosen kind of game in the same Tutor (no new widget tree)."""
        self._show_options()
        model = self.tutor.model
        try:
            lesson = self.lesson if self.mode.value == GUIDED else None
            model.start(self._spec(self.mode.value), lesson)
            self._mode = self.mode.value
        except DigitutorError as error:
            model.error = one_line(str(error))
        except Exception as error:  # noqa: BLE001 - never a traceback in front of a learner
            log.exception("switching the learn app's mode failed")
            model.error = one_line(f"Something went wrong ({type(error).__name__}): {error}")

    def _restore(self, position: Position, match: Match) -> None:
        """Bring a checked position back: its mode and settings, then its match at its step."""
        source = "saved position"
        modes = {mode_id: mode for mode, mode_id in MODE_IDS.items() if mode in self.mode.options}
        mode = modes.get(position.mode)
        if mode is None:
            raise InputError(source, "mode", f"expected one of {', '.join(modes)}")
        seed, opponent = position.options.get("seed", 1), position.options.get("opponent", self.opponent.value)
        if not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            raise InputError(source, "options.seed", f"expected a whole number from 0 to {MAX_SEED}")
        if mode == FREE and opponent not in self.opponent.options:
            raise InputError(source, "options.opponent", f"expected one of {', '.join(self.opponent.options)}")
        self._quiet = True
        try:
            self.seed.value = seed
            if mode == FREE:
                self.opponent.value = opponent
            self.mode.value = mode
        finally:
            self._quiet = False
        spec = self._spec(mode)
        if tuple(match.agent_names) != tuple(spec.agents):
            raise InputError(source, "match.agents", f"expected {', '.join(spec.agents)} for {mode}")
        self._show_options()
        self._mode = mode
        self.tutor.model.adopt(match, position.step, spec, self.lesson if mode == GUIDED else None)


def learn_app(game_id: str) -> widgets.Widget:
    """The Learn app of ``game_id``; a friendly page when that game is not playable yet."""
    if game_id not in GAME_MODULES:
        title = GAME_TITLES.get(game_id, game_id)
        return message_page(title, f"{title} is not playable in the tutor yet. You can already read its rulebook.")
    return LearnApp(game_id)

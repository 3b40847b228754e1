"""Controls (next, back, run, undo, restart, autoplay, speed), the "are you sure?" bar, and the timeline."""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as widgets
import traitlets

from ..core.match import Match
from .model import TutorModel
from .style import esc
from .words import phase_title, step_number

#: the autoplay speeds offered (steps per second); a select is labelled for screen readers, a slider handle is not
SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0)
#: the timeline lists at most this many steps at once; older ones are a page away
PAGE = 50


def button(label: str, css: str, tip: str, style: str = "") -> widgets.Button:
    made = widgets.Button(description=label, tooltip=tip, button_style=style, layout=widgets.Layout(width="auto"))
    made.add_class(css)
    return made


class ConfirmBar(widgets.HBox):
    """Asks before something is thrown away: a sentence, "Yes, …" and "Keep playing"."""

    def __init__(self) -> None:
        self.message = widgets.HTML()
        self.yes = button("Yes", "dt-confirm-yes", "Go ahead", "danger")
        self.no = button("Keep playing", "dt-confirm-no", "Change nothing")
        super().__init__([self.message, self.yes, self.no], layout=widgets.Layout(display="none"))
        self.add_class("dt-confirm")
        self._on_yes: Callable[[], None] | None = None
        self._on_no: Callable[[], None] | None = None
        self.yes.on_click(lambda _b: self._answer(True))
        self.no.on_click(lambda _b: self._answer(False))

    def ask(
        self, message: str, yes_label: str, on_yes: Callable[[], None], on_no: Callable[[], None] | None = None
    ) -> None:
        self.message.value = f"<b>{esc(message)}</b>"
        self.yes.description = yes_label
        self._on_yes, self._on_no = on_yes, on_no
        self.layout.display = ""

    def _answer(self, yes: bool) -> None:
        action = self._on_yes if yes else self._on_no
        self._on_yes = self._on_no = None
        self.layout.display = "none"
        if action is not None:
            action()


class Controls(widgets.HBox):
    """The row of buttons; each forwards its click to the model (Restart asks first when there is progress)."""

    def __init__(self, model: TutorModel, confirm: ConfirmBar, presenter: bool = True) -> None:
        self.model, self.confirm = model, confirm
        self.back = button("◀ Back", "dt-back", "Show the previous step (the future is kept) · key ← or B")
        self.next = button("Next step ▶", "dt-next", "Take or show the next step · key → or N", "primary")
        self.run = button("Run to my next decision ▶▶", "dt-run", "Play on until you must decide")
        self.undo = button("Undo", "dt-undo", "Take back your last answer")
        self.restart = button("Restart", "dt-restart", "Start this game again (asks first)")
        self.autoplay = widgets.ToggleButton(
            description="Autoplay",
            value=model.autoplay,
            icon="play",
            tooltip="Step on by itself; stops at your decisions and lesson notes",
            layout=widgets.Layout(width="auto"),
        )
        self.autoplay.add_class("dt-autoplay")
        speeds = sorted({*SPEEDS, float(model.speed)})
        self.speed = widgets.Dropdown(
            options=[(f"{value:g} steps/s", value) for value in speeds],
            value=float(model.speed),
            description="Speed",
            tooltip="Autoplay speed",
            style={"description_width": "initial"},
            layout=widgets.Layout(width="auto"),
        )
        self.speed.add_class("dt-speed")
        self.save = widgets.ToggleButton(
            description="Save or share",
            value=False,
            icon="download",
            tooltip="Download this position, open a saved one, or copy a link to it",
            layout=widgets.Layout(width="auto"),
        )
        self.save.add_class("dt-save-toggle")
        parts: list[widgets.Widget] = [
            self.back,
            self.next,
            self.run,
            self.undo,
            self.restart,
            self.autoplay,
            self.speed,
            self.save,
        ]
        self.presenter: widgets.ToggleButton | None = None
        if presenter:
            from .page import presenter_toggle

            self.presenter = presenter_toggle()
            traitlets.link((model, "presenter"), (self.presenter, "value"))
            parts.append(self.presenter)
        super().__init__(parts)
        self.add_class("dt-controls")
        self.back.on_click(lambda _b: model.back())
        self.next.on_click(lambda _b: model.next())
        self.run.on_click(lambda _b: model.run_to_my_decision())
        self.undo.on_click(lambda _b: model.undo())
        self.restart.on_click(lambda _b: self.ask_restart())
        traitlets.link((model, "autoplay"), (self.autoplay, "value"))
        traitlets.link((model, "speed"), (self.speed, "value"))

    def ask_restart(self) -> None:
        """Restart at once when nothing would be lost, else ask first."""
        model = self.model
        if not model.has_progress():
            model.restart()
            return
        model.autoplay = False
        self.confirm.ask(
            f"Start this game again? The {len(model.match.steps)} steps played so far will be lost "
            "(use Save or share to keep them).",
            "Yes, restart",
            model.restart,
        )

    def show(self, model: TutorModel) -> None:
        """Enable what makes sense at the viewed point."""
        self.back.disabled = model.step < 0
        self.undo.disabled = not model.match.decisions
        done = model.match.over and model.at_end
        self.next.disabled = done
        self.run.disabled = done or (model.at_end and model.pending() is not None)


def step_row(index: int, match: Match, current: int, viewer: int | None = None) -> str:
    """One timeline row: number, turn, phase (the rulebook's name) and the whole narration as ``viewer`` may read it."""
    step = match.steps[index]
    here = " dt-tl-current" if index == current else ""
    pressed = "true" if index == current else "false"
    return (
        f'<li><button type="button" class="dt-tl-row{here}" data-step="{index}" aria-pressed="{pressed}">'
        f'<span class="dt-tl-n">{step_number(index)}</span><span class="dt-tl-where">Turn {step.turn} · '
        f"{esc(phase_title(match.game, step.phase))}</span><span "
        f'class="dt-tl-text">{esc(step.narration_for(viewer))}</span></button></li>'
    )


class Timeline(widgets.VBox):
    """Every step so far (a page of ``PAGE`` at a time), whole narrations; clicking a row jumps there.

    The rows are plain HTML buttons: the page bridge sends the click to ``model.jump``.
    """

    def __init__(self, model: TutorModel) -> None:
        self._model = model
        self._shown: tuple | None = None
        self.start = 0
        self.rows = widgets.HTML()
        self.rows.add_class("dt-timeline-list")
        self.earlier = button("◀ Earlier steps", "dt-timeline-earlier", "Show older steps")
        self.later = button("Later steps ▶", "dt-timeline-later", "Show newer steps")
        self.where = widgets.HTML()
        self.where.add_class("dt-timeline-where")
        title = widgets.HTML(
            '<h2 class="dt-timeline-title">Timeline</h2><span class="dt-timeline-hint">choose a step to go back '
            "to it</span>"
        )
        title.add_class("dt-timeline-head-text")
        head = widgets.HBox([title, self.earlier, self.later, self.where])
        head.add_class("dt-timeline-head")
        super().__init__([head, self.rows])
        self.add_class("dt-timeline")
        self.earlier.on_click(lambda _b: self._page(-PAGE))
        self.later.on_click(lambda _b: self._page(PAGE))

    def clear(self) -> None:
        """Hide the rows and forget them (hot-seat hand-over: the narrations were the last player's)."""
        self._shown = None
        self.rows.value = ""

    def _page(self, delta: int) -> None:
        length = len(self._model.match.steps)
        self.start = max(0, min(self.start + delta, max(length - 1, 0) // PAGE * PAGE))
        self._fill(force=True)

    def show(self, model: TutorModel) -> None:
        """Follow the viewed step to its page; redraw only when the rows or the viewed step changed."""
        if not self.start <= max(model.step, 0) < self.start + PAGE:
            self.start = max(model.step, 0) // PAGE * PAGE
        self._fill()

    def _fill(self, force: bool = False) -> None:
        match, model = self._model.match, self._model
        total = len(match.steps)
        stop = min(self.start + PAGE, total)
        last = match.steps[stop - 1] if stop else None
        viewer = model.viewer()  # the narrations are the viewer's: a hot-seat hand-over must redraw them
        key = (id(match), self.start, stop, id(last), model.step, viewer)
        if force or key != self._shown:
            self._shown = key
            start_row = ""
            if self.start == 0:
                here = " dt-tl-current" if model.step == -1 else ""
                start_row = (
                    f'<li><button type="button" class="dt-tl-row{here}" data-step="-1" '
                    f'aria-pressed="{"true" if here else "false"}"><span class="dt-tl-n">0</span>'
                    '<span class="dt-tl-text">Start of the game</span></button></li>'
                )
            rows = "".join(step_row(index, match, model.step, viewer) for index in range(self.start, stop))
            self.rows.value = f'<ol class="dt-tl" aria-label="Steps of this game">{start_row}{rows}</ol>'
        self.earlier.disabled = self.start == 0
        self.later.disabled = stop >= total
        self.where.value = f"showing steps {self.start + 1}–{stop} of {total}" if total else "no steps yet"

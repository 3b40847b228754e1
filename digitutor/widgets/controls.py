"""Controls (next, back, run, undo, restart, autoplay, presenter) and the timeline of steps."""

from __future__ import annotations

import ipywidgets as widgets
import traitlets

from ..core.match import Match
from .model import TutorModel

#: the timeline lists at most this many steps at once; older ones are a page away
PAGE = 200
#: autoplay's Play widget counts up to here; it only serves as a ticking clock
CLOCK_MAX = 10**9


def button(label: str, css: str, tip: str, style: str = "") -> widgets.Button:
    made = widgets.Button(description=label, tooltip=tip, button_style=style, layout=widgets.Layout(width="auto"))
    made.add_class(css)
    return made


class Controls(widgets.HBox):
    """The row of buttons; each forwards its click to the model."""

    def __init__(self, model: TutorModel) -> None:
        self.back = button("◀ Back", "dt-back", "Show the previous step (the future is kept)")
        self.next = button("Next step ▶", "dt-next", "Take or show the next step", "primary")
        self.run = button("Run to my next decision ▶▶", "dt-run", "Play on until you must decide")
        self.undo = button("Undo", "dt-undo", "Take back your last answer")
        self.restart = button("Restart", "dt-restart", "Start this game again")
        self.clock = widgets.Play(value=0, min=0, max=CLOCK_MAX, interval=500, show_repeat=False, tooltip="Autoplay")
        self.clock.add_class("dt-autoplay")
        self.speed = widgets.FloatSlider(value=model.speed, min=0.5, max=10.0, step=0.5, description="steps/s",
                                         readout_format=".1f", layout=widgets.Layout(width="220px"))
        self.speed.add_class("dt-speed")
        self.presenter = widgets.ToggleButton(description="Presenter mode", value=model.presenter,
                                              tooltip="Large type, high contrast, → next and ← back",
                                              layout=widgets.Layout(width="auto"))
        self.presenter.add_class("dt-presenter")
        super().__init__([self.back, self.next, self.run, self.undo, self.restart, self.clock, self.speed, self.presenter])
        self.add_class("dt-controls")
        self.back.on_click(lambda _b: model.back())
        self.next.on_click(lambda _b: model.next())
        self.run.on_click(lambda _b: model.run_to_my_decision())
        self.undo.on_click(lambda _b: model.undo())
        self.restart.on_click(lambda _b: model.restart())
        traitlets.link((model, "autoplay"), (self.clock, "playing"))
        traitlets.link((model, "speed"), (self.speed, "value"))
        traitlets.link((model, "presenter"), (self.presenter, "value"))
        self.clock.observe(lambda change: self._tick(model, change), "value")
        model.observe(lambda change: setattr(self.clock, "interval", int(1000 / change["new"])), "speed")
        self.clock.interval = int(1000 / model.speed)

    @staticmethod
    def _tick(model: TutorModel, change: dict) -> None:
        if change["new"] > change["old"]:  # the Play widget's stop button rewinds it; that is no tick
            model.tick()

    def show(self, model: TutorModel) -> None:
        """Enable what makes sense at the viewed point."""
        self.back.disabled = model.step < 0
        self.undo.disabled = not model.match.decisions
        done = model.match.over and model.at_end
        self.next.disabled = done
        self.run.disabled = done or (model.at_end and model.pending() is not None)


def step_label(index: int, match: Match) -> str:
    step = match.steps[index]
    return f"{index:>4}  T{step.turn:<3} {step.phase[:12]:<12} {step.narration[:90]}"


class Timeline(widgets.VBox):
    """Every step so far (a page of ``PAGE`` at a time); picking one jumps there."""

    def __init__(self, model: TutorModel) -> None:
        self._model = model
        self._setting = False
        self._shown: tuple | None = None
        self.start = 0
        self.pick = widgets.Select(options=[], rows=7, layout=widgets.Layout(width="calc(100% - 12px)"))
        self.pick.add_class("dt-timeline-list")
        self.earlier = button("◀ earlier steps", "dt-timeline-earlier", "Show older steps")
        self.later = button("later steps ▶", "dt-timeline-later", "Show newer steps")
        self.where = widgets.HTML()
        head = widgets.HBox([widgets.HTML("<b>Timeline</b> — click a step to go back to it"), self.earlier, self.later, self.where])
        head.layout.align_items = "center"
        super().__init__([head, self.pick])
        self.add_class("dt-timeline")
        self.pick.observe(self._picked, "value")
        self.earlier.on_click(lambda _b: self._page(-PAGE))
        self.later.on_click(lambda _b: self._page(PAGE))

    def _picked(self, change: dict) -> None:
        if not self._setting and change["new"] is not None and change["new"] != self._model.step:
            self._model.jump(change["new"])

    def _page(self, delta: int) -> None:
        length = len(self._model.match.steps)
        self.start = max(0, min(self.start + delta, (length - 1) // PAGE * PAGE))
        self._fill(force=True)

    def show(self, model: TutorModel) -> None:
        """Follow the viewed step to its page; refill the list only when its steps changed."""
        if not self.start <= max(model.step, 0) < self.start + PAGE:
            self.start = max(model.step, 0) // PAGE * PAGE
        self._fill()

    def _fill(self, force: bool = False) -> None:
        match, model = self._model.match, self._model
        stop = min(self.start + PAGE, len(match.steps))
        last = match.steps[stop - 1] if stop else None
        key = (id(match), self.start, stop, id(last))
        self._setting = True
        try:
            if force or key != self._shown:
                self._shown = key
                head = [("   –  Start of the game", -1)] if self.start == 0 else []
                self.pick.options = head + [(step_label(i, match), i) for i in range(self.start, stop)]
            listed = self.start <= model.step < stop or (model.step == -1 and self.start == 0)
            self.pick.value = model.step if listed else None
        finally:
            self._setting = False
        self.earlier.disabled = self.start == 0
        self.later.disabled = stop >= len(match.steps)
        self.where.value = f"steps {self.start}–{max(stop - 1, 0)} of {len(match.steps)}"

"""Hot-seat: the hand-over screen between two people at one screen, and the line that says a decision is hidden.

While the screen is passed on, the tutor shows this panel and nothing of either side: no board,
no decision, no narration, no timeline. The player it is passed to presses the button (or Enter,
which presses the focused button) when ready; only then is their side drawn.
"""

from __future__ import annotations

import ipywidgets as widgets

from .model import TutorModel
from .style import esc

#: what the hand-over screen and the help text say about going back in hot-seat
GOING_BACK = (
    "Going back (◀ Back, the timeline, Undo) never shows the other player's choices: each player sees only "
    "their own options and answers, and the other's stay hidden until the game reveals them. An answer "
    "already given changes only after “Rewrite from here?” is confirmed, and only by the player who gave it."
)


def handover_html(model: TutorModel, seat: int) -> str:
    """The words of the hand-over screen: who passes to whom; nothing of either hand."""
    to, by = esc(model.name(seat)), esc(model.name(model.at_screen))
    return (
        f'<h2 class="dt-panel-title dt-handover-title">Pass to {to} — press when ready</h2>'
        f"<p>{by}: please hand the screen to {to} now. Nothing of either hand is shown until {to} presses "
        f'the button below (or Enter).</p><p class="dt-handover-help">{esc(GOING_BACK)}</p>'
    )


class HandOver(widgets.VBox):
    """The hand-over screen: the words and one button; hidden when no hand-over is due."""

    def __init__(self, model: TutorModel) -> None:
        self.words = widgets.HTML()
        self.ready = widgets.Button(
            description="I am ready",
            button_style="primary",
            tooltip="Show my side · Enter",
            layout=widgets.Layout(width="auto"),
        )
        self.ready.add_class("dt-handover-ready")
        super().__init__([self.words, self.ready], layout=widgets.Layout(display="none"))
        self.add_class("dt-handover")
        self.add_class("dt-panel")
        self.ready.on_click(lambda _button: model.ready())
        self._seat: int | None = None

    def show(self, model: TutorModel, seat: int | None) -> None:
        """Show the hand-over to ``seat`` (None: hide it); the button takes the keyboard focus, so Enter presses it."""
        if seat is None:
            self.layout.display = "none"
            self._seat = None
            return
        self.words.value = handover_html(model, seat)
        self.ready.description = f"I am {model.name(seat)} — show my side"
        self.layout.display = ""
        if self._seat != seat:
            self._seat = seat
            self.ready.focus()


def secret_html(model: TutorModel, seat: int) -> str:
    """Says that ``seat`` decided here, without what they could choose or chose."""
    who = esc(model.name(seat))
    viewer = model.viewer()
    eyes = esc(model.name(viewer)) if viewer is not None else "the judge"
    return (
        f'<div class="dt-secret" role="note"><b>{who} decided here.</b> Their options and answer are theirs '
        f"alone, so {eyes}'s view does not show them (only {who} may change that answer).</div>"
    )

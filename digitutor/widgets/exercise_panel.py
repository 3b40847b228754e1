"""The exercise panel (``dt-exercise``): the goal, the stars, Hint, Retry, Show me, and the verdict with its rule.

It sits first in the tutor's right column (docs/layout.md, the task place). It shows one of two things:

- after a lesson that has exercises: an offer to start them;
- while an exercise is played (``TutorModel.exercise``): its goal and stars, the buttons, the hint once asked, the
  line "Show me" played, and once decided the verdict: solved or not, the deciding step, and the rule that decided
  it quoted verbatim, with the exercise's own ``solved`` or ``failed`` words.

The game itself is played on the tutor's board and decision panel; this view only renders the model
(``ExerciseSession``, widgets/exercise.py) and forwards clicks to it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from ..core.errors import DigitutorError
from ..lessons.exercises import Outcome
from .citation import citations_html
from .controls import button
from .exercise import ExerciseSession, ShownStep, stars_text
from .lessons import Lesson
from .model import TutorModel, one_line
from .style import esc, paragraphs
from .words import step_number

log = logging.getLogger("digitutor.widgets")


def stars_html(stars: int, label: str) -> str:
    """The stars, with words for a screen reader (the symbols alone say little)."""
    return f'<span class="dt-ex-stars" aria-label="{esc(label)}" title="{esc(label)}">{stars_text(stars)}</span>'


def verdict_html(session: ExerciseSession, outcome: Outcome) -> str:
    """Solved or not, the step that decided it, its rule quoted verbatim, and the exercise's own words."""
    exercise = session.exercise
    stars = session.stars
    if outcome.success:
        head = f"Solved! {stars_html(stars, f'{stars} of 3 stars')}"
        words = exercise.solved
    else:
        head = "Not solved"
        words = exercise.failed
    where = (
        f'<div class="dt-ex-decided">Decided at step {step_number(outcome.step)}: {esc(outcome.narration)}</div>'
        if outcome.step >= 0
        else ""
    )
    unmet = "".join(f"<li>{esc(fact)}</li>" for fact in outcome.unmet)
    unmet = f'<div class="dt-ex-unmet">Not reached:<ul>{unmet}</ul></div>' if unmet else ""
    rule = citations_html([outcome.citation]) if outcome.citation is not None else ""
    css = "dt-ex-solved" if outcome.success else "dt-ex-failed"
    return (
        f'<div class="dt-ex-verdict {css}" role="status"><h3 class="dt-ex-head">{head}</h3>{where}'
        f'<div class="dt-ex-rule"><span class="dt-label">The rule that decided it</span>{rule}</div>'
        f"{paragraphs(words)}{unmet}</div>"
    )


def shown_html(shown: tuple[ShownStep, ...]) -> str:
    """The line "Show me" played: each answer, the step it made and that step's rule."""
    if not shown:
        return ""
    rows = "".join(
        f"<li><b>{esc(item.label)}</b> — step {step_number(item.step)}: {esc(item.narration)}"
        + (
            f'<blockquote class="dt-quote" data-clause="{esc(item.clause)}">{esc(item.quote)}</blockquote>'
            * bool(item.quote)
        )
        + "</li>"
        for item in shown
    )
    return (
        '<div class="dt-ex-shown"><span class="dt-label">Shown by the tutor (worth 1 star)</span>'
        f"<ol>{rows}</ol><div>Look back through the steps with ◀ Back, or press Retry to do it yourself.</div></div>"
    )


def session_html(session: ExerciseSession, number: int, total: int) -> str:
    """The goal, the stars still to earn (or earned), the hint once asked, the shown line, the verdict."""
    exercise = session.exercise
    outcome = session.outcome
    stars = session.stars
    label = f"{stars} of 3 stars" + ("" if outcome is not None else " if you solve it now")
    tries = f'<span class="dt-ex-tries">try {session.tries}</span>' if session.tries > 1 else ""
    hint = ""
    if session.hinted:
        hint = f'<div class="dt-ex-hint-text"><span class="dt-label">Hint</span>{paragraphs(exercise.hint)}</div>'
    verdict = verdict_html(session, outcome) if outcome is not None else ""
    playing = (
        "" if outcome is not None else '<div class="dt-ex-go">Your move: choose on the decision panel below.</div>'
    )
    return (
        f'<h2 class="dt-panel-title">Exercise {number} of {total}: {esc(exercise.title)} '
        f"{stars_html(stars, label)} {tries}</h2>"
        f'<div class="dt-ex-goal">{paragraphs(exercise.text)}</div>{hint}{shown_html(session.shown)}{playing}{verdict}'
    )


class ExercisePanel(widgets.VBox):
    """The view of an exercise (``dt-exercise``); ``back(lesson)`` opens a lesson again (the tutor supplies it)."""

    def __init__(self, model: TutorModel, back: Callable[[Lesson], None]) -> None:
        self.model = model
        self.back = back
        self.body = widgets.HTML()
        self.body.add_class("dt-ex-body")
        self.start = button("Start the exercises", "dt-ex-start", "Reach each goal on your own", "success")
        self.hint = button("Hint (costs 1 ★)", "dt-ex-hint", "Names the rule to think of, not the move; costs a star")
        self.retry = button("Retry", "dt-ex-retry", "The same board again, from the start", "primary")
        self.show_me = button("Show me", "dt-ex-show", "The tutor plays a solution, each step with its rule (1 star)")
        self.next = button("Next exercise ▶", "dt-ex-next", "The next exercise of this lesson")
        self.lesson = button("Lesson", "dt-ex-lesson", "Back to the lesson: play it again")
        self.buttons = widgets.HBox([self.start, self.hint, self.retry, self.show_me, self.next, self.lesson])
        self.buttons.add_class("dt-ex-buttons")
        super().__init__([self.body, self.buttons], layout=widgets.Layout(display="none"))
        self.add_class("dt-exercise")
        self.add_class("dt-panel")
        self.start.on_click(lambda _b: self._act(self._start))
        self.hint.on_click(lambda _b: self._act(lambda session: session and session.hint()))
        self.retry.on_click(lambda _b: self._act(lambda session: session and session.retry()))
        self.show_me.on_click(lambda _b: self._act(lambda session: session and session.show_me()))
        self.next.on_click(lambda _b: self._act(self._next))
        self.lesson.on_click(lambda _b: self._act(self._back))

    def show(self, model: TutorModel) -> None:
        """Draw what the model is at: an exercise, the offer after a lesson with exercises, or nothing (hidden)."""
        session = model.exercise
        lesson = model.exercise_lesson if session is not None else model.lesson
        if session is not None and lesson is not None:
            index = lesson.exercises.index(session.exercise)
            self.body.value = session_html(session, index + 1, len(lesson.exercises))
            self._buttons(hint=not session.hinted and not session.decided, retry=True, show_me=True)
            self.next.layout.display = "" if index + 1 < len(lesson.exercises) else "none"
        elif lesson is not None and lesson.exercises and model.lesson_done:
            count = len(lesson.exercises)
            self.body.value = (
                f'<h2 class="dt-panel-title">Now on your own: {count} exercise{"s" if count != 1 else ""}</h2>'
                "<div>Reach each goal yourself, with no ★ to follow. Solve one at the first try without a hint for "
                "★★★.</div>"
            )
            self._buttons(start=True)
        else:
            self.layout.display = "none"
            self.body.value = ""
            return
        self.layout.display = ""

    def _buttons(self, start: bool = False, hint: bool = False, retry: bool = False, show_me: bool = False) -> None:
        shown = {self.start: start, self.hint: hint, self.retry: retry, self.show_me: show_me}
        shown[self.next] = shown[self.lesson] = retry
        for widget, on in shown.items():
            widget.layout.display = "" if on else "none"

    def _act(self, action: Callable[[Any], Any]) -> None:
        """Run a click's action; a refusal is a one-line error, never a traceback."""
        model = self.model
        model.error = ""
        try:
            action(model.exercise)
        except DigitutorError as error:
            model.error = one_line(str(error))
        except Exception as error:  # a click must never crash the lesson
            log.exception("an exercise panel action failed")
            model.error = one_line(f"Something went wrong ({type(error).__name__}): {error}")

    def _start(self, _session: ExerciseSession | None) -> None:
        lesson = self.model.lesson
        if lesson is not None and lesson.exercises:
            self.model.start_exercise(lesson, 0)

    def _next(self, session: ExerciseSession | None) -> None:
        lesson = self.model.exercise_lesson
        if session is not None and lesson is not None:
            self.model.start_exercise(lesson, lesson.exercises.index(session.exercise) + 1)

    def _back(self, _session: ExerciseSession | None) -> None:
        lesson = self.model.exercise_lesson
        if lesson is not None:
            self.back(lesson)

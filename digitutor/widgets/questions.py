"""The "check yourself" panel: a lesson question, its choices as buttons, and the engine's cited verdict.

The question is posed by the lesson engine (``digitutor.lessons.pose``) at the point it fires; this view only
shows it and forwards the click. A wrong click shows that choice's cited explanation and the engine's answer;
the lesson goes on either way (Next still works: a question never blocks).
"""

from __future__ import annotations

import logging
from typing import Any

import ipywidgets as widgets

from ..core.records import Reason
from ..lessons import Lesson, Posed, Question, QuestionError, pose
from ..lessons.questions import Choice
from ..rules.model import Citation
from .citation import citations_html
from .style import esc

log = logging.getLogger("digitutor.widgets")

#: how many posed questions a panel remembers (a lesson has a handful; rewinds pose some again)
KEEP = 64


def explanation_html(why: tuple[Citation | Reason, ...]) -> str:
    """A choice's citations: a reason's plain words above its quote, a citation's quote alone (each once)."""
    parts: dict[str, None] = {}
    for item in why:
        if isinstance(item, Reason):
            parts.setdefault(f'<div class="dt-reason"><b>{esc(item.why)}</b>{citations_html([item.citation])}</div>')
        else:
            parts.setdefault(citations_html([item]))
    return "".join(parts)


def verdict_html(choice: Choice, posed: Posed) -> str:
    """What a click shows: right or wrong, why (cited), and after a wrong click
    the engine's answer (its rule folded)."""
    if choice.right:
        return (
            f'<div class="dt-q-verdict dt-q-right" role="status"><b>✓ Right.</b> The rule behind it:</div>'
            f"{explanation_html(choice.why)}"
        )
    right = posed.right
    answer = "".join(f"<li>{esc(c.label)}</li>" for c in right)
    return (
        f'<div class="dt-q-verdict dt-q-wrong" role="status"><b>✗ Not this one.</b> What the rules say about it:</div>'
        f"{explanation_html(choice.why)}"
        f'<div class="dt-q-answer"><b>The engine\'s answer{"s" if len(right) > 1 else ""}:</b><ul>{answer}</ul>'
        f"<details><summary>The rule behind {'them' if len(right) > 1 else 'it'}"
        f"</summary>{explanation_html(right[0].why)}</details></div>"
    )


class QuestionCard(widgets.VBox):
    """One posed question: the prompt, a button per choice, and the verdict once answered."""

    def __init__(self, lesson: Lesson, number: int, posed: Posed, answered: Any) -> None:
        self.lesson, self.number, self.posed = lesson, number, posed
        self._answered = answered
        self.prompt = widgets.HTML(
            f'<div class="dt-q-head"><span class="dt-label">Check yourself</span> '
            f'<span class="dt-q-prompt">{esc(posed.prompt)}</span></div>'
        )
        self.buttons = [self._button(choice) for choice in posed.choices]
        self.verdict = widgets.HTML()
        self.given: str | None = None
        box = widgets.VBox(self.buttons)
        box.add_class("dt-q-choices")
        super().__init__([self.prompt, box, self.verdict])
        self.add_class("dt-question")

    def _button(self, choice: Choice) -> widgets.Button:
        button = widgets.Button(
            description=choice.label, tooltip=choice.label, layout=widgets.Layout(width="100%", height="auto")
        )
        button.add_class("dt-q-choice")
        button.on_click(lambda _b, label=choice.label: self.answer(label))
        return button

    def answer(self, label: str) -> None:
        """Grade a click (once: the first answer counts), show the verdict, and tell the tutor."""
        if self.given is not None:
            return
        choice = self.posed.grade(label)
        self.given = label
        for button, each in zip(self.buttons, self.posed.choices, strict=False):
            button.disabled = True
            if each.label == label:
                button.add_class("dt-q-picked")
            button.add_class("dt-q-is-right" if each.right else "dt-q-is-wrong")
        self.verdict.value = verdict_html(choice, self.posed)
        self._answered(self.lesson.id, self.number, choice.right)


class QuestionPanel(widgets.VBox):
    """The lesson questions of the viewed step, shown in the tutor's detail place under its "Check yourself" tab
    (which opens and folds them, so that at a decision the options and the rule now stay on screen)."""

    def __init__(self) -> None:
        super().__init__(layout=widgets.Layout(display="none"))
        self.add_class("dt-questions")
        self._cards: dict[tuple[Any, ...], QuestionCard] = {}
        self.cards: tuple[QuestionCard, ...] = ()

    def show(self, model: Any) -> None:
        lesson = model.lesson
        fired = model.questions() if lesson is not None else ()
        cards = tuple(
            card for number, question in fired if (card := self._card(model, lesson, number, question)) is not None
        )
        if cards != self.cards:
            self.cards = cards
            self.children = cards

    def clear(self) -> None:
        self.cards, self.children = (), ()
        self.layout.display = "none"

    def _card(self, model: Any, lesson: Lesson, number: int, question: Question) -> QuestionCard | None:
        match, index = model.match, model.step
        key = (id(match), lesson.id, number, index, id(match.steps[index]) if index >= 0 else None)
        card = self._cards.get(key)
        if card is None:
            try:
                taken = model.suggestion() if model.at_end else None  # what the ★ suggests is what "next" assumes
                posed = pose(question, match, lesson, None if model.at_end else index, taken)
            except QuestionError as error:  # e.g. the learner left the script: this question does not fit their game
                log.info("question %s of %s not asked: %s", number, lesson.id, error)
                return None
            except Exception:  # a question that cannot be posed must never break the lesson
                log.exception("posing question %s of %s failed", number, lesson.id)
                return None
            if len(self._cards) >= KEEP:
                for old in self._cards.values():
                    if old not in self.cards:
                        old.close()
                self._cards = {k: v for k, v in self._cards.items() if v in self.cards}
            card = self._cards[key] = QuestionCard(lesson, number, posed, model.answered)
        return card

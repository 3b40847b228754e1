"""The "check yourself" panel: a lesson question, its choices as buttons, and the engine's cited verdict.

The question is posed by the lesson engine (``digitutor.lessons.pose``) at the point it fires; this view only
shows it and forwards the click. A wrong click shows that choice's cited explanation, never the right answer, and
the learner may try again; the first answer is the one scored (issue 33: the retries only teach). The lesson goes on
either way (Next still works: a question never blocks). While a question is open (not yet answered right) the tutor
keeps its answer off the screen: no "Tempting, but not allowed" list (``QuestionPanel.unanswered``).
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


def verdict_html(choice: Choice, first: bool) -> str:
    """What a click shows: right or wrong and why (cited). A wrong click never shows the right answer: the learner
    tries again. ``first``: this click is the scored answer."""
    if choice.right:
        scored = "" if first else " (your first answer is the one that counts)"
        return (
            f'<div class="dt-q-verdict dt-q-right" role="status"><b>✓ Right{scored}.</b> The rule behind it:</div>'
            f"{explanation_html(choice.why)}"
        )
    return (
        f'<div class="dt-q-verdict dt-q-wrong" role="status"><b>✗ Not “{esc(choice.label)}”.</b> What the rules say '
        f"about it:</div>{explanation_html(choice.why)}"
        '<div class="dt-q-again">Try another answer: the first one is the one that counts, the next ones teach.</div>'
    )


class QuestionCard(widgets.VBox):
    """One posed question: the prompt, a button per choice, and the verdict of the last click.

    ``given`` is the first answer (the scored one); ``settled`` once the right answer is found (a wrong one may be
    followed by others). ``on_settled`` listeners hear when it settles (the tutor then shows the tempting list).
    """

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
        self.tried: list[str] = []
        self.settled = False
        self.on_settled: list[Any] = []
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
        """Grade a click: the first is scored and told to the tutor; a wrong one leaves the others to try, a right
        one settles the question (a choice already tried, or a click after the right one, changes nothing)."""
        if self.settled or label in self.tried:
            return
        choice = self.posed.grade(label)
        first = self.given is None
        if first:
            self.given = label
        self.tried.append(label)
        for button, each in zip(self.buttons, self.posed.choices, strict=False):
            if each.label == label:
                button.disabled = True
                button.add_class("dt-q-picked" if first else "dt-q-retried")
                button.add_class("dt-q-is-right" if each.right else "dt-q-is-wrong")
        if choice.right:
            self.settled = True
            for button, each in zip(self.buttons, self.posed.choices, strict=False):
                button.disabled = True
                button.add_class("dt-q-is-right" if each.right else "dt-q-is-wrong")
        self.verdict.value = verdict_html(choice, first)
        if first:
            self._answered(self.lesson.id, self.number, choice.right)
        if self.settled:
            for listener in list(self.on_settled):
                listener()


class QuestionPanel(widgets.VBox):
    """The lesson questions of the viewed step, shown in the tutor's detail place under its "Check yourself" tab
    (which opens and folds them, so that at a decision the options and the rule now stay on screen)."""

    def __init__(self) -> None:
        super().__init__(layout=widgets.Layout(display="none"))
        self.add_class("dt-questions")
        self._cards: dict[tuple[Any, ...], QuestionCard] = {}
        self.cards: tuple[QuestionCard, ...] = ()
        #: called when a question of the step shown settles (the tutor redraws its detail place)
        self.on_settled: Any = None

    @property
    def unanswered(self) -> bool:
        """A question of the step shown is not answered right yet: its answer must stay off the screen."""
        return any(not card.settled for card in self.cards)

    def show(self, model: Any) -> None:
        lesson = model.lesson
        fired = model.questions() if lesson is not None else ()
        cards = tuple(
            card for number, question in fired if (card := self._card(model, lesson, number, question)) is not None
        )
        if cards != self.cards:
            self.cards = cards
            self.children = cards

    def _settled(self) -> None:
        if self.on_settled is not None:
            self.on_settled()

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
            card.on_settled.append(self._settled)
        return card

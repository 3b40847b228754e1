"""The detail place (docs/layout.md, place 4): one thing at a time, chosen by its tab.

The lesson note in full, the questions ("Check yourself"), the why-not list, the rules the rule now place folds
("+ N more rules") and the words used share one place under the rule now. It takes the height the column has left
and scrolls inside itself, so opening any of them never moves or covers the task, the decision or the rule now.

Only the open tab's HTML is sent to the page (the others are kept here): a step costs no more than before, and a
panel nobody opened sends nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import ipywidgets as widgets

from .questions import QuestionPanel

#: the tabs in their order: name -> the words on the tab (a count, when given, is added)
TABS: dict[str, str] = {
    "note": "Lesson note",
    "questions": "✎ Check yourself",
    "whynot": "Why not?",
    "rules": "+ {n} more rule{s}",
    "words": "Words used",
}


def tab_label(name: str, count: int) -> str:
    """The words on a tab: "Why not? (3)", "+ 2 more rules"."""
    words = TABS[name]
    if "{n}" in words:
        return words.format(n=count, s="s" if count != 1 else "")
    return f"{words} ({count})" if count > 1 or name != "note" else words


class DetailPanel(widgets.VBox):
    """A row of tabs (toggles: one open at a time, or none) over the open tab's content."""

    def __init__(self, questions: QuestionPanel) -> None:
        self.questions = questions
        self.buttons: dict[str, widgets.ToggleButton] = {}
        for name in TABS:
            button = widgets.ToggleButton(layout=widgets.Layout(display="none", width="auto", height="auto"))
            button.add_class("dt-detail-tab")
            button.add_class(f"dt-tab-{name}")
            if name == "questions":
                button.add_class("dt-q-toggle")
            button.observe(lambda change, name=name: self._clicked(name, change["new"]), "value")
            self.buttons[name] = button
        self.bar = widgets.HBox(list(self.buttons.values()))
        self.bar.add_class("dt-detail-tabs")
        self.pane = widgets.HTML(layout=widgets.Layout(display="none"))
        self.pane.add_class("dt-detail-pane")
        self.body = widgets.VBox([self.pane, questions])
        self.body.add_class("dt-detail-body")
        super().__init__([self.bar, self.body], layout=widgets.Layout(display="none"))
        self.add_class("dt-detail")
        self.add_class("dt-panel")
        #: name -> (count, HTML) of every tab that has something now (questions: its count only)
        self.contents: dict[str, tuple[int, str]] = {}
        #: the tab the learner chose (kept while it has nothing, and opened again when it has)
        self.chosen: str | None = None
        self._drawing = False

    @property
    def opened(self) -> str | None:
        """The tab open now (the chosen one, when it has something)."""
        return self.chosen if self.chosen in self.contents else None

    def show(self, contents: Mapping[str, tuple[int, str]]) -> None:
        """What each tab has now (a tab with a count of 0 and no HTML is hidden)."""
        self.contents = {name: contents[name] for name in TABS if name in contents and any(contents[name])}
        self._draw()

    def choose(self, name: str | None) -> None:
        """Open ``name`` (None: close); an unknown name (sent by the page) is ignored."""
        if name is not None and name not in TABS:
            return
        self.chosen = name
        self._draw()

    def clear(self) -> None:
        """Nothing in any tab (the hand-over screen: a hidden panel still sends its HTML)."""
        self.contents = {}
        self.questions.clear()
        self._draw()

    def text(self) -> str:
        """Every tab's HTML, open or not (what this place could show)."""
        return "".join(html for _count, html in self.contents.values())

    def _clicked(self, name: str, on: bool) -> None:
        if self._drawing:
            return
        if on:
            self.choose(name)
        elif self.chosen == name:
            self.choose(None)

    def _draw(self) -> None:
        opened = self.opened
        self._drawing = True
        try:
            for name, button in self.buttons.items():
                shown = name in self.contents
                button.layout.display = "" if shown else "none"
                if shown:
                    button.description = tab_label(name, self.contents[name][0])
                button.value = name == opened
        finally:
            self._drawing = False
        html = self.contents[opened][1] if opened is not None and opened != "questions" else ""
        if self.pane.value != html:
            self.pane.value = html
        self.pane.layout.display = "" if html else "none"
        self.questions.layout.display = "" if opened == "questions" else "none"
        for name in TABS:
            (self.add_class if name == opened else self.remove_class)(f"dt-detail-{name}")
        self.layout.display = "" if self.contents else "none"

    def page_choice(self, name: Any) -> None:
        """A tab chosen in the page (a lesson's "more"): only a known name opens."""
        if isinstance(name, str) and name in TABS:
            self.choose(name)

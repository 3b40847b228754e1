"""The rulebook browser: all five rulebooks, searchable; each clause with what demonstrates it, and coverage."""

from __future__ import annotations

import functools
import logging

import ipywidgets as widgets

from ..core.registry import GAME_MODULES, registered_games
from ..rules.citations import ENGINE_CITATIONS, INTERPRETATIONS
from ..rules.corpus import GAME_TITLES, load_corpus, search
from ..rules.model import Clause
from .style import esc, style

log = logging.getLogger("digitutor.widgets")
LIST_ROWS = 18


@functools.cache
def demonstrations(game_id: str) -> dict[str, list[str]]:
    """Clause id -> what shows it: scenarios (by what they demonstrate) and lesson steps (by what they cite)."""
    shown: dict[str, list[str]] = {}
    if game_id not in GAME_MODULES:
        return shown
    from ..scenarios.model import shipped_scenarios
    from .lessons import lesson_for, play_lesson

    for scenario in shipped_scenarios(game_id):
        for clause_id in dict.fromkeys((*scenario.demonstrates, *scenario.expect.get("cites", []))):
            shown.setdefault(str(clause_id), []).append(f"Scenario “{scenario.title}” ({scenario.id})")
    lesson = lesson_for(game_id)
    if lesson is not None:
        for index, step in enumerate(play_lesson(lesson).steps):
            for clause_id in dict.fromkeys(c.id for c in step.citations):
                shown.setdefault(clause_id, []).append(f"Lesson “{lesson.title}”, step {index}: {step.narration}")
    return shown


def clause_label(clause: Clause) -> str:
    depth = clause.breadcrumb.count("›")
    title = clause.breadcrumb.split("›")[-1].strip()
    snippet = " ".join(clause.text.split())[:70]
    return f"{'  ' * depth}{title}" + ("" if snippet == title else f" — {snippet}")


def clause_html(clause: Clause) -> str:
    """A clause verbatim, with who cites it and what demonstrates it."""
    note = f'<p class="dt-crumb">Editor\'s note: {esc(clause.note)}</p>' if clause.note else ""
    engine = ENGINE_CITATIONS.get(clause.id, [])
    quotes = "".join(f"<li>“{esc(q)}”</li>" for q in dict.fromkeys(c.quote for c in engine))
    used = f"<p><b>The engine quotes it:</b></p><ul>{quotes}</ul>" if engine else "<p>The engine does not quote it.</p>"
    gaps = [i for i in INTERPRETATIONS.values() if clause.id in i.fills]
    gap = "".join(f'<li><span class="dt-label">Tutor\'s interpretation</span> {esc(i.title)}: {esc(i.text)}</li>' for i in gaps)
    shown = demonstrations(clause.game).get(clause.id, [])
    demos = "".join(f"<li>{esc(d)}</li>" for d in shown[:12]) + (f"<li>… and {len(shown) - 12} more</li>" if len(shown) > 12 else "")
    return (
        f'<div class="dt-crumb"><code>{esc(clause.id)}</code> {esc(clause.kind)} · {esc(GAME_TITLES[clause.game])} › '
        f'{esc(clause.breadcrumb)}</div><blockquote class="dt-quote">{esc(clause.text)}</blockquote>{note}{used}'
        f"{f'<p><b>Where the rulebook is silent, the tutor reads:</b></p><ul>{gap}</ul>' if gap else ''}"
        f"<p><b>Shown by:</b></p><ul>{demos or '<li>nothing yet</li>'}</ul>"
    )


def coverage_html() -> str:
    """Per game: how many clauses the engine, the scenarios and the lessons cite."""
    from ..rules.coverage import coverage

    cited = {game: set(demonstrations(game)) for game in GAME_TITLES}
    rows = "".join(
        f"<tr><td>{esc(GAME_TITLES[g.game])}</td><td>{len(g.clauses)}</td><td>{len(g.by_engine)}</td>"
        f"<td>{len(g.by_scenarios & set(g.clauses))}</td><td>{len(g.cited)}</td><td>{g.percent:.0f}%</td></tr>"
        for g in coverage(cited)
    )
    head = "<tr><th>Game</th><th>Clauses</th><th>Quoted by the engine</th><th>Shown by scenarios and lessons</th><th>Covered</th><th>Share</th></tr>"
    return f'<h3>Coverage</h3><table class="dt-table dt-coverage">{head}{rows}</table>'


class RulebookApp(widgets.VBox):
    """Game picker and search box, a list of clauses, the chosen clause, and coverage."""

    def __init__(self, game_id: str = "dtector") -> None:
        registered_games()  # importing the games registers every quote the engine can make
        self.game = widgets.Dropdown(options=[(t, g) for g, t in GAME_TITLES.items()], value=game_id, description="Rulebook")
        self.query = widgets.Text(placeholder="search words, e.g. spirit power", description="Search", continuous_update=False)
        self.found = widgets.HTML()
        self.pick = widgets.Select(options=[], rows=LIST_ROWS, layout=widgets.Layout(width="46%"))
        self.pick.add_class("dt-clause-list")
        self.view = widgets.HTML(layout=widgets.Layout(width="54%"))
        self.view.add_class("dt-panel")
        self.view.add_class("dt-clause")
        self.coverage_view = widgets.HTML()
        super().__init__([style(), widgets.HTML("<h2>The five rulebooks</h2>"), widgets.HBox([self.game, self.query, self.found]),
                          widgets.HBox([self.pick, self.view]), self.coverage_view])
        self.add_class("dt-app")
        self.add_class("dt-rulebook")
        self.game.observe(lambda _c: self._list(), "value")
        self.query.observe(lambda _c: self._list(), "value")
        self.pick.observe(lambda _c: self._show(), "value")
        self._list()
        self.coverage_view.value = coverage_html()

    def _list(self) -> None:
        corpus = load_corpus(self.game.value)
        if self.query.value.strip():
            clauses = [hit.clause for hit in search(self.query.value, self.game.value, limit=200)]
            self.found.value = f"{len(clauses)} clause(s) found"
        else:
            clauses = list(corpus.clauses.values())
            self.found.value = f"{len(clauses)} clauses"
        self.pick.options = [(clause_label(c), c.id) for c in clauses]
        if clauses:
            self.pick.value = clauses[0].id
        self._show()

    def _show(self) -> None:
        if self.pick.value is None:
            self.view.value = "<p>Nothing found. Try fewer or other words.</p>"
            return
        try:
            self.view.value = clause_html(load_corpus(self.game.value).clause(self.pick.value))
        except Exception as error:  # noqa: BLE001 - a browsing click must never show a traceback
            log.exception("showing clause %s failed", self.pick.value)
            self.view.value = f'<div class="dt-error">{esc(type(error).__name__)}: {esc(error)}</div>'


def rulebook_app(game_id: str = "dtector") -> RulebookApp:
    return RulebookApp(game_id)

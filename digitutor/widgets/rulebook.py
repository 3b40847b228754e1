"""The rulebook browser: all five rulebooks, searchable; each clause with what demonstrates it, and coverage."""

from __future__ import annotations

import functools
import logging
from urllib.parse import quote

import ipywidgets as widgets

from ..core.registry import GAME_MODULES, registered_games
from ..rules.citations import ENGINE_CITATIONS, INTERPRETATIONS
from ..rules.corpus import GAME_TITLES, load_corpus, search
from ..rules.model import Clause, ClauseKind
from .markup import rulebook_html, rulebook_plain
from .page import AppPage
from .query import on_query
from .style import esc
from .words import clean_heading, crumb_part, crumb_text, step_number

log = logging.getLogger("digitutor.widgets")
LIST_ROWS = 18


@functools.cache
def demonstrations(game_id: str) -> dict[str, list[tuple[str, str]]]:
    """Clause id -> what shows it, as (words, link): scenarios (what they
    demonstrate) and lesson steps (what they cite)."""
    shown: dict[str, list[tuple[str, str]]] = {}
    if game_id not in GAME_MODULES:
        return shown
    from ..lessons.course import course_for, play_lesson
    from ..scenarios.model import shipped_scenarios

    for scenario in shipped_scenarios(game_id):
        link = f"./rulings.ipynb?scenario={quote(scenario.id)}"
        for clause_id in dict.fromkeys((*scenario.demonstrates, *scenario.expect.get("cites", []))):
            shown.setdefault(str(clause_id), []).append((f"Ruling “{scenario.title}”", link))
    for lesson in course_for(game_id):  # each lesson of the course, at the first of its steps that cites the clause
        played = play_lesson(lesson)
        first: dict[str, int] = {}
        for index, step in enumerate(played.steps):
            for clause_id in (c.id for c in step.citations):
                first.setdefault(clause_id, index)
        link = f"./learn_{quote(game_id)}.ipynb?lesson={quote(lesson.name)}"
        for clause_id, index in first.items():
            step = played.steps[index]
            shown.setdefault(clause_id, []).append(
                (f"Lesson “{lesson.title}”, step {step_number(index)}: {step.narration}", link)
            )
    return shown


def heading(clause: Clause) -> str:
    """The clause's own name in clean words (its last breadcrumb part)."""
    return crumb_part(clause.breadcrumb.split("›")[-1])


def snippet(clause: Clause, chars: int) -> str:
    """The start of a clause's text on one line, without markup (a list row shows plain text only)."""
    return clean_heading(" ".join(rulebook_plain(clause.game, clause.text).split()))[:chars]


def clause_label(clause: Clause, flat: bool = False) -> str:
    """A list row: indented by depth under its headings, or (``flat``, for search hits) with its whole breadcrumb."""
    depth = 0 if flat else clause.breadcrumb.count("›")
    title = crumb_text(clause.breadcrumb) if flat else heading(clause)
    start = snippet(clause, 70)
    return f"{'  ' * depth}{title}" + ("" if clause.kind is ClauseKind.SECTION or start == title else f" — {start}")


def section_html(clause: Clause) -> str:
    """A heading: where it is, and the clauses under it (a heading is not quoted by itself)."""
    corpus = load_corpus(clause.game)
    inside = "".join(
        f"<li>{esc(heading(corpus.clause(c)))} — {esc(snippet(corpus.clause(c), 90))}</li>"
        for c in clause.children[:20]
    )
    return (
        f'<div class="dt-crumb" title="{esc(clause.id)}">{esc(GAME_TITLES[clause.game])} › '
        f"{esc(crumb_text(clause.breadcrumb))}</div>"
        f"<h3>{esc(heading(clause))}</h3><p>A heading of the rulebook. It holds:</p>"
        f"<ul>{inside or '<li>(no clauses)</li>'}</ul>"
    )


def clause_html(clause: Clause) -> str:
    """A clause verbatim, with who cites it and what demonstrates it (a heading: what it holds)."""
    if clause.kind is ClauseKind.SECTION:
        return section_html(clause)
    note = f'<p class="dt-crumb">Editor\'s note: {esc(clause.note)}</p>' if clause.note else ""
    engine = ENGINE_CITATIONS.get(clause.id, [])
    quotes = "".join(f"<li>“{rulebook_html(clause.game, q)}”</li>" for q in dict.fromkeys(c.quote for c in engine))
    playable = clause.game in GAME_MODULES
    if engine:
        used = f"<p><b>The engine quotes it:</b></p><ul>{quotes}</ul>"
    elif playable:
        used = "<p>The engine does not quote it.</p>"
    else:
        used = "<p>This game is not playable in the tutor yet: the clause is here to read and search.</p>"
    gaps = [i for i in INTERPRETATIONS.values() if clause.id in i.fills]
    gap = "".join(
        f'<li><span class="dt-label">Tutor\'s interpretation</span> {esc(i.title)}: {esc(i.text)}</li>' for i in gaps
    )
    shown = demonstrations(clause.game).get(clause.id, [])
    demos = "".join(f'<li><a class="dt-link" href="{esc(link)}">{esc(words)}</a></li>' for words, link in shown[:12])
    demos += f"<li>… and {len(shown) - 12} more</li>" if len(shown) > 12 else ""
    shown_by = f"<p><b>Shown by:</b></p><ul>{demos}</ul>" if demos else ""
    return (
        f'<div class="dt-crumb" title="{esc(clause.id)}">{esc(GAME_TITLES[clause.game])} › '
        f"{esc(crumb_text(clause.breadcrumb))}"
        f" <code>{esc(clause.id)}</code></div><blockquote "
        f'class="dt-quote">{rulebook_html(clause.game, clause.text)}</blockquote>{note}{used}'
        f"{f'<p><b>Where the rulebook is silent, the tutor reads:</b></p><ul>{gap}</ul>' if gap else ''}{shown_by}"
    )


def coverage_html() -> str:
    """Per game: how many clauses (headings apart) the engine, the scenarios and the lessons cite."""
    from ..rules.coverage import coverage

    cited = {game: set(demonstrations(game)) for game in GAME_TITLES}
    rows = "".join(
        f"<tr><td>{esc(GAME_TITLES[g.game])}</td><td>{len(g.clauses)}</td><td>{g.sections}</td>"
        f"<td>{len(g.by_engine)}</td>"
        f"<td>{len(g.by_scenarios & set(g.clauses))}</td><td>{len(g.cited)}</td><td>{g.percent:.0f}%</td></tr>"
        for g in coverage(cited)
    )
    head = (
        "<tr><th>Game</th><th>Clauses</th><th>Headings</th><th>Quoted by the engine</th>"
        "<th>Shown by scenarios and lessons</th><th>Covered</th><th>Share</th></tr>"
    )
    return f'<h2>Coverage</h2><table class="dt-table dt-coverage">{head}{rows}</table>'


def counted(clauses: list[Clause]) -> tuple[int, int]:
    """(clauses, headings) among ``clauses``: coverage counts clauses, headings apart."""
    headings = sum(1 for c in clauses if c.kind is ClauseKind.SECTION)
    return len(clauses) - headings, headings


class RulebookApp(AppPage):
    """Game picker and search box (searching as you type), a list of clauses, the chosen clause, and coverage.

    Deep links: ``?game=dmb`` opens that rulebook, ``?clause=dmb:glossary.revive`` that clause.
    """

    def __init__(self, game_id: str = "dtector") -> None:
        registered_games()  # importing the games registers every quote the engine can make
        self.game = widgets.Dropdown(
            options=[(t, g) for g, t in GAME_TITLES.items()], value=game_id, description="Rulebook"
        )
        self.query = widgets.Text(
            placeholder="search words, e.g. spirit power", description="Search", continuous_update=True
        )
        self.found = widgets.HTML()
        self.found.add_class("dt-found")
        self.pick = widgets.Select(
            options=[], rows=LIST_ROWS, description="Clauses", layout=widgets.Layout(width="46%")
        )
        self.pick.style.description_width = "0px"
        self.pick.add_class("dt-clause-list")
        self.view = widgets.HTML(layout=widgets.Layout(width="54%"))
        self.view.add_class("dt-panel")
        self.view.add_class("dt-clause")
        self.coverage_view = widgets.HTML()
        self._listing = False
        super().__init__(
            "Rulebook browser",
            [
                widgets.HBox([self.game, self.query, self.found]),
                widgets.HBox([self.pick, self.view]),
                self.coverage_view,
            ],
            css="dt-rulebook",
        )
        self.game.observe(lambda _c: self._list(), "value")
        self.query.observe(lambda _c: self._list(), "value")
        self.pick.observe(lambda _c: self._show(), "value")
        self._list()
        self.coverage_view.value = coverage_html()
        on_query(self._deep_link)

    def _deep_link(self, params: dict[str, str]) -> None:
        """``?game=`` and ``?clause=``; an unknown one leaves the browser as it is and says so."""
        clause_id = params.get("clause", "")
        game = params.get("game", "") or clause_id.split(":", 1)[0]
        if game in GAME_TITLES and game != self.game.value:
            self.game.value = game
        if clause_id:
            if clause_id in load_corpus(self.game.value).clauses:
                self.query.value = ""
                self.pick.value = clause_id
            else:
                self.found.value = f'<span class="dt-error">No clause {esc(clause_id)} in this rulebook.</span>'

    def _list(self) -> None:
        corpus = load_corpus(self.game.value)
        words = self.query.value.strip()
        if words:
            clauses = [hit.clause for hit in search(words, self.game.value, limit=200)]
        else:
            clauses = list(corpus.clauses.values())
        count, headings = counted(clauses)
        what = f"{count} clause{'s' if count != 1 else ''}" + (
            f" and {headings} heading{'s' if headings != 1 else ''}" if headings else ""
        )
        self.found.value = f"{what} found" if words else what
        self._listing = True
        try:
            self.pick.options = [(clause_label(c, flat=bool(words)), c.id) for c in clauses]
            first = next((c for c in clauses if c.kind is not ClauseKind.SECTION), clauses[0] if clauses else None)
            self.pick.value = first.id if first is not None else None
        finally:
            self._listing = False
        self._show()

    def _show(self) -> None:
        if self._listing:
            return
        if self.pick.value is None:
            self.view.value = "<p>Nothing found. Try fewer or other words.</p>"
            return
        try:
            self.view.value = clause_html(load_corpus(self.game.value).clause(self.pick.value))
        except Exception as error:  # a browsing click must never show a traceback
            log.exception("showing clause %s failed", self.pick.value)
            self.view.value = f'<div class="dt-error">{esc(type(error).__name__)}: {esc(error)}</div>'


def rulebook_app(game_id: str = "dtector") -> RulebookApp:
    return RulebookApp(game_id)

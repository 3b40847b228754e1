"""The rulings library: search every game's scenarios as you type, read what one demonstrates, step through it.

The search runs over each scenario's title, its explanation, the clauses it demonstrates (ids and
breadcrumbs) and the names of the cards on its board and in its script. A scenario played to its end
says so, with what it showed quoted.
"""

from __future__ import annotations

import functools
import logging
import threading
from collections.abc import Iterator
from typing import Any

import ipywidgets as widgets

from ..core.errors import DigitutorError
from ..core.registry import GAME_MODULES, get_game
from ..scenarios.model import Scenario, scenario_library
from .citation import citations_html
from .model import MatchSpec, TutorModel
from .page import AppPage
from .query import in_browser, on_query
from .style import esc, paragraphs
from .tutor import Tutor

log = logging.getLogger("digitutor.widgets")

#: the game filter's value for every game at once
ALL = "all"
#: rows of the scenario list
LIST_ROWS = 12


def demonstrated(scenario: Scenario) -> list[Any]:
    """The clauses a scenario demonstrates, as citations of their whole text (a card's: its own text)."""
    return [_whole(clause_id) for clause_id in scenario.demonstrates]


def _whole(clause_id: str) -> Any:
    from ..core.effects import card_citation
    from ..core.registry import get_game
    from ..rules.corpus import find_clause
    from ..rules.model import Citation

    game, _, card = clause_id.partition(":card.")
    if card:
        return card_citation(game, card, get_game(game).card_text(card) or "")
    return Citation(clause_id, find_clause(clause_id).text)


def absences_html(scenario: Scenario) -> str:
    """How the scenario shows the clauses it shows by what does not happen."""
    rows = "".join(
        f"<li><code>{esc(clause_id)}</code>: {esc(how)}</li>" for clause_id, how in scenario.by_absence.items()
    )
    return f'<div class="dt-step-head">Shown by what does not happen:</div><ul>{rows}</ul>' if rows else ""


def scenario_html(scenario: Scenario) -> str:
    """What a scenario demonstrates: its explanation and the clauses it shows, quoted."""
    return (
        f'<h2 class="dt-scenario-title">{esc(scenario.title)}</h2>{paragraphs(scenario.explains)}'
        f'<div class="dt-step-head">It demonstrates:</div>{citations_html(demonstrated(scenario))}'
        f"{absences_html(scenario)}{proposals_html(scenario)}"
        '<div class="dt-step-head">Press <b>Next step</b> to play it; at each decision, Next takes the '
        "scenario's answer (★).</div>"
    )


def complete_html(scenario: Scenario) -> str:
    """The end of a scenario: it is complete, and what it showed, quoted."""
    return (
        f'<h2 class="dt-panel-title">✓ Scenario complete</h2>'
        f"<p>“{esc(scenario.title)}” has played to its end. It showed:</p>{citations_html(demonstrated(scenario))}"
        f"{absences_html(scenario)}"
    )


def complete_notice(scenario: Scenario) -> str:
    """The one line the tutor shows where a scenario stops at an open decision."""
    return f"Scenario complete — it showed {', '.join(scenario.demonstrates)} (quoted above)."


def proposals_html(scenario: Scenario) -> str:
    """The moves the scenario asks about that no button offers, each with every reason it is refused."""
    if not scenario.expect.get("why_not"):
        return ""
    from ..scenarios.runner import proposals, run_scenario

    rows = []
    for entry, reasons in proposals(run_scenario(scenario)):
        asked = entry.get("ask") or f"{entry.get('action')}" if isinstance(entry, dict) else str(entry)
        if isinstance(reasons, str):
            rows.append(f'<div class="dt-error">{esc(asked)}: {esc(reasons)}</div>')
        elif not reasons:
            rows.append(f'<div class="dt-proposal"><b>{esc(asked)}</b> — allowed.</div>')
        else:
            why = "".join(
                f'<div class="dt-reason"><b>✗ {esc(reason.why)}</b>{citations_html([reason.citation])}</div>'
                for reason in reasons
            )
            rows.append(f'<div class="dt-proposal"><b>{esc(asked)}</b> — not allowed, because:{why}</div>')
    return '<div class="dt-step-head">Asked about moves no button offers:</div>' + "".join(rows)


# -- the search --------------------------------------------------------------------------------------


def library() -> tuple[Scenario, ...]:
    """Every shipped scenario of every game, game by game (loaded once)."""
    return scenario_library()


def _strings(value: Any) -> Iterator[str]:
    """Every string inside a scenario's setup or script (card ids, keys, names)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _strings(item)


#: a board's piles of filler cards (a deck of five Gomamon to draw from): the cards a scenario is about lie elsewhere
FILLER_ZONES = frozenset({"deck", "security", "egg_deck", "online"})


def card_names(scenario: Scenario) -> list[str]:
    """The names of the cards a scenario is about: on its board outside the filler piles, and in its script."""
    cards = get_game(scenario.game).plugs.cards()
    names = {card.name.lower(): card.name for card in cards.values()}
    board = scenario.setup.get("board") if isinstance(scenario.setup, dict) else None
    players = board.get("players", []) if isinstance(board, dict) else []
    placed = [
        {zone: held for zone, held in player.items() if zone not in FILLER_ZONES}
        for player in players
        if isinstance(player, dict)
    ]
    found: dict[str, None] = {}
    for text in _strings([placed, list(scenario.script)]):
        for part in text.replace("=", ":").split(":"):
            card = cards.get(part)
            if card is not None:
                found[card.name] = None
            elif part.lower() in names:
                found[names[part.lower()]] = None
    return list(found)


@functools.cache
def search_text(scenario_id: str) -> str:
    """What a search looks in, lower case: title, explanation, clause ids and breadcrumbs, card names, game."""
    from ..rules.corpus import find_clause

    scenario = next(s for s in library() if s.id == scenario_id)
    crumbs = [find_clause(clause_id).breadcrumb for clause_id in scenario.demonstrates if ":card." not in clause_id]
    parts = [
        scenario.title,
        scenario.explains,
        *scenario.demonstrates,
        *crumbs,
        *card_names(scenario),
        scenario.game,
        get_game(scenario.game).title,
    ]
    return "\n".join(parts).lower()


def warm_search() -> None:
    """Build the search text of every scenario ahead of the first key press (the card files take a moment to load)."""
    try:
        for scenario in library():
            search_text(scenario.id)
    except Exception:  # the search builds what it needs itself on the first key press
        log.exception("building the rulings search index failed")


def search(words: str, game: str = ALL) -> list[Scenario]:
    """The scenarios (of ``game``, or of every game) whose search text holds every word of ``words``."""
    wanted = words.lower().split()
    found = [s for s in library() if game in (ALL, s.game) and all(word in search_text(s.id) for word in wanted)]
    return sorted(
        found, key=lambda s: -sum(2 * (word in s.title.lower()) + (word in s.explains.lower()) for word in wanted)
    )


def short_name(game_id: str) -> str:
    return {"dtector": "D-Tector", "arena": "Arena"}.get(game_id, game_id.upper())


class RulingsApp(AppPage):
    """A game filter and a search box (as you type) above the list of scenarios, the chosen one's explanation and a
    Tutor; when a scenario has played to its end, a panel says it is complete and quotes what it showed.

    Deep links: ``?game=arena`` lists that game's rulings, ``?scenario=<id>`` opens that scenario.
    """

    def __init__(self) -> None:
        games = [("All games", ALL)] + [(get_game(game_id).title, game_id) for game_id in GAME_MODULES]
        self.game = widgets.Dropdown(options=games, value=ALL, description="Game")
        self.query = widgets.Text(
            placeholder="a card, a rule, a word — e.g. Agumon, blocker, dcg:attacking",
            description="Search",
            continuous_update=True,
            layout=widgets.Layout(width="420px"),
        )
        self.query.add_class("dt-rulings-search")
        self.found = widgets.HTML()
        self.found.add_class("dt-found")
        self.scenario = widgets.Select(
            options=[], rows=LIST_ROWS, description="Scenario", layout=widgets.Layout(width="min(760px, 96%)")
        )
        self.scenario.add_class("dt-scenario-list")
        self.about = widgets.HTML()
        self.about.add_class("dt-panel")
        self.done = widgets.HTML(layout=widgets.Layout(display="none"))
        self.done.add_class("dt-panel")
        self.done.add_class("dt-scenario-complete")
        self.stage = widgets.VBox()
        self.to_bench = widgets.Button(
            description="Set up a board",
            icon="pencil",
            tooltip="The judge's bench: any board, checked, played, asked “why not?”, shared",
        )
        self.to_bench.add_class("dt-to-bench")
        self.edit_this = widgets.Button(
            description="Edit this board", tooltip="Open this scenario's board in the editor"
        )
        self.edit_this.add_class("dt-edit-this")
        self.to_library = widgets.Button(description="Back to the rulings library")
        self.to_library.add_class("dt-to-library")
        self.bench = widgets.VBox([self.to_library], layout=widgets.Layout(display="none"))
        self.bench.add_class("dt-bench")
        self._scenarios: dict[str, Scenario] = {}
        self._opened: str | None = None
        self._listing = False
        self.library_part = widgets.VBox(
            [
                widgets.HBox([self.game, self.query, self.found, self.to_bench]),
                self.scenario,
                self.about,
                self.edit_this,
                self.done,
                self.stage,
            ]
        )
        super().__init__("Rulings library", [self.library_part, self.bench], css="dt-rulings")
        self.to_bench.on_click(lambda _b: self.open_bench())
        self.edit_this.on_click(lambda _b: self._edit_open_scenario())
        self.to_library.on_click(lambda _b: self._show_bench(False))
        self.game.observe(lambda _change: self._list(), "value")
        self.query.observe(lambda _change: self._list(), "value")
        self.scenario.observe(lambda _change: self._open(), "value")
        self.observe(self._presenter_to_tutor, "presenter")
        self._list(open_first=True)
        on_query(self._deep_link)
        if not in_browser():  # Python in the page (the static build) has no threads: the first search builds it
            threading.Thread(target=warm_search, name="digitutor-rulings-index", daemon=True).start()

    def tutor(self) -> Tutor | None:
        return next((child for child in self.stage.children if isinstance(child, Tutor)), None)

    def _presenter_to_tutor(self, change: dict) -> None:
        tutor = self.tutor()
        if tutor is not None:
            tutor.model.presenter = change["new"]

    # -- the judge's bench -------------------------------------------------------------------------

    def editor(self) -> Any:
        from .editor import BoardEditor

        return next((child for child in self.bench.children if isinstance(child, BoardEditor)), None)

    def _show_bench(self, shown: bool) -> None:
        self.bench.layout.display = "" if shown else "none"
        self.library_part.layout.display = "none" if shown else ""

    def open_bench(self, params: dict[str, str] | None = None) -> Any:
        """Show the board editor (made on first use): ``?board=`` opens that board, a bad link is one line of error."""
        from .editor import editor_app_part

        editor = self.editor()
        if editor is None or params:
            if editor is not None:
                editor.close()
            wanted = params or {"game": self.game.value if self.game.value != ALL else "dcg"}
            editor = editor_app_part(wanted)
            self.bench.children = (self.to_library, editor)
        self._show_bench(True)
        return editor

    def _edit_open_scenario(self) -> None:
        scenario = library_scenario(self._opened)
        board = scenario.setup.get("board") if scenario is not None else None
        editor = self.open_bench()
        if scenario is not None and isinstance(board, dict):
            editor.set_board(scenario.game, board, scenario.title)
        elif scenario is not None:
            editor.message.value = (
                '<div class="dt-error">This scenario starts from two decks, not a board: start from an empty '
                "board.</div>"
            )

    def _deep_link(self, params: dict[str, str]) -> None:
        """``?scenario=<id>`` (its game follows) or ``?game=<id>``; an unknown one is said in one line.
        ``?board=<link>`` or ``?edit=1`` open the board editor."""
        if params.get("board") or params.get("edit"):
            self.open_bench({key: params[key] for key in ("board", "game") if params.get(key)} or {"game": "dcg"})
            return
        wanted = params.get("scenario", "")
        game = params.get("game", "")
        for named in (game, wanted.split("/", 1)[0]):
            if named and named not in GAME_MODULES:
                self.about.value = f'<div class="dt-error">No rulings for {esc(named)}: it is not playable yet.</div>'
                return
        if game and game != self.game.value:
            self.game.value = game
        if wanted:
            if wanted not in self._scenarios and self.query.value:
                self.query.value = ""
            if wanted not in self._scenarios and self.game.value != ALL:
                self.game.value = ALL
            if wanted in self._scenarios:
                self.scenario.value = wanted
            else:
                self.about.value = f'<div class="dt-error">There is no scenario {esc(wanted)}.</div>' + self.about.value

    def _list(self, open_first: bool = False) -> None:
        """List the scenarios the game filter and the search words let through;
        keep the open one if it is among them."""
        try:
            found = search(self.query.value, self.game.value)
        except DigitutorError as error:
            self.about.value = f'<div class="dt-error">{esc(error)}</div>'
            return
        every = [s for s in library() if self.game.value in (ALL, s.game)]
        self._scenarios = {s.id: s for s in found}
        many = self.game.value == ALL
        label = (lambda s: f"{short_name(s.game)} · {s.title}") if many else (lambda s: s.title)
        keep = self.scenario.value if self.scenario.value in self._scenarios else None
        self._listing = True
        try:
            self.scenario.options = [(label(s), s.id) for s in found]
            self.scenario.rows = min(LIST_ROWS, max(4, len(found)))
            self.scenario.value = keep
        finally:
            self._listing = False
        self.found.value = self._count(len(found), len(every))
        if not every:
            self.about.value = "<p>There are no scenarios for this game yet.</p>"
            self._close_tutor()
        elif open_first or (keep is None and self.query.value.strip() == ""):
            self.scenario.value = found[0].id
        elif keep is None and self._opened is not None:
            self._clear_board()

    def _clear_board(self) -> None:
        """The search hid the open scenario: its board must not stay below a list that no longer holds it."""
        self._close_tutor()
        self.about.value = '<p class="dt-hint">Pick a scenario from the list to open its board.</p>'

    def _count(self, found: int, every: int) -> str:
        words = self.query.value.strip()
        of = "" if self.game.value == ALL else f" {short_name(self.game.value)}"
        if not words:
            return f'<span class="dt-found-count">{every}{of} scenarios</span>'
        if not found:
            return f'<span class="dt-found-count">No scenario matches “{esc(words)}”: try fewer or other words.</span>'
        pick = " — pick one to open it" if found and self.scenario.value is None else ""
        return f'<span class="dt-found-count">{found} of {every}{of} scenarios match “{esc(words)}”{pick}</span>'

    def _close_tutor(self) -> None:
        for old in self.stage.children:
            old.close()
        self.stage.children = ()
        self.done.layout.display = "none"
        self._opened = None

    def _open(self) -> None:
        if self._listing:
            return
        scenario = self._scenarios.get(self.scenario.value)
        if scenario is None or scenario.id == self._opened:
            return
        try:
            self.about.value = scenario_html(scenario)
            self._close_tutor()
            tutor = scenario_tutor(scenario)
            tutor.model.presenter = self.presenter
            tutor.model.observe(lambda _change: self._complete(scenario, tutor.model), ["step", "revision"])
            self.stage.children = (tutor,)
            self._opened = scenario.id
        except DigitutorError as error:
            self.about.value = f'<div class="dt-error">{esc(error)}</div>'
        except Exception as error:  # a broken scenario must not break the library
            log.exception("opening scenario %s failed", scenario.id)
            self.about.value = f'<div class="dt-error">{esc(type(error).__name__)}: {esc(error)}</div>'

    def _complete(self, scenario: Scenario, model: TutorModel) -> None:
        """Show the "complete" panel while the scenario's end is viewed."""
        done = scenario_complete(model)
        if done and self.done.layout.display == "none":
            self.done.value = complete_html(scenario)
        self.done.layout.display = "" if done else "none"


def library_scenario(scenario_id: str | None) -> Scenario | None:
    return next((s for s in library() if s.id == scenario_id), None)


def scenario_complete(model: TutorModel) -> bool:
    """True at the live end of a scenario: the game is over, or a person must
    decide and the script has no answer left."""
    match = model.match
    if not model.at_end:
        return False
    if match.over:
        return True
    answered = sum(1 for record in match.decisions if record.by == "human")
    return match.pending is not None and answered >= len(model.spec.script)


def scenario_tutor(scenario: Scenario) -> Tutor:
    """A Tutor over a scenario: the judge's view (every card shown), every seat a person, Next following its script."""
    players = get_game(scenario.game).players
    spec = MatchSpec(
        scenario.game,
        scenario.seed,
        scenario.setup,
        ("human",) * players,
        scenario.path,
        "all",
        label=scenario.title,
        script=scenario.script,
        follow_script=True,
        extra={"waiting": complete_notice(scenario)},
    )
    return Tutor(TutorModel(spec), presenter_toggle=False)


def rulings_app() -> RulingsApp:
    return RulingsApp()

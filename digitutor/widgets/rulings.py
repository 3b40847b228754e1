"""The rulings library: pick a game and a scenario, read what it demonstrates, step through it."""

from __future__ import annotations

import logging

import ipywidgets as widgets

from ..core.errors import DigitutorError
from ..core.registry import GAME_MODULES, get_game
from ..scenarios.model import Scenario, shipped_scenarios
from .citation import citations_html
from .page import AppPage, on_query
from .style import esc, paragraphs
from .tutor import Tutor

log = logging.getLogger("digitutor.widgets")


def scenario_html(scenario: Scenario) -> str:
    """What a scenario demonstrates: its explanation and the clauses it shows, quoted."""
    from ..rules.corpus import find_clause
    from ..rules.model import Citation

    shown = [Citation(clause_id, find_clause(clause_id).text) for clause_id in scenario.demonstrates]
    return (
        f"<h3>{esc(scenario.title)}</h3>{paragraphs(scenario.explains)}"
        f"<div class=\"dt-step-head\">It demonstrates:</div>{citations_html(shown)}"
        f"{proposals_html(scenario)}"
        "<div class=\"dt-step-head\">Press <b>Next step</b> to play it; at each decision, Next takes the scenario's answer (★).</div>"
    )


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
                f'<div class="dt-reason"><b>✗ {esc(reason.why)}</b>{citations_html([reason.citation])}</div>' for reason in reasons
            )
            rows.append(f'<div class="dt-proposal"><b>{esc(asked)}</b> — not allowed, because:{why}</div>')
    return '<div class="dt-step-head">Asked about moves no button offers:</div>' + "".join(rows)


class RulingsApp(AppPage):
    """Game and scenario pickers above the scenario's explanation and a Tutor.

    Deep links: ``?game=arena`` opens that game's rulings, ``?scenario=<id>`` that scenario.
    """

    def __init__(self) -> None:
        games = [(get_game(game_id).title, game_id) for game_id in GAME_MODULES]
        self.game = widgets.Dropdown(options=games, description="Game")
        self.scenario = widgets.Dropdown(options=[], description="Scenario", layout=widgets.Layout(width="520px"))
        self.about = widgets.HTML()
        self.about.add_class("dt-panel")
        self.stage = widgets.VBox()
        super().__init__("Rulings library", [widgets.HBox([self.game, self.scenario]), self.about, self.stage],
                         css="dt-rulings")
        self.game.observe(lambda _change: self._list(), "value")
        self.scenario.observe(lambda _change: self._open(), "value")
        self.observe(self._presenter_to_tutor, "presenter")
        self._list()
        on_query(self._deep_link)

    def _presenter_to_tutor(self, change: dict) -> None:
        for tutor in self.stage.children:
            tutor.model.presenter = change["new"]

    def _deep_link(self, params: dict[str, str]) -> None:
        """``?scenario=<id>`` (its game follows) or ``?game=<id>``; an unknown one is said in one line."""
        wanted = params.get("scenario", "")
        game = params.get("game", "") or wanted.split("/", 1)[0]
        if game and game not in GAME_MODULES:
            self.about.value = f'<div class="dt-error">No rulings for {esc(game)}: it is not playable yet.</div>'
            return
        if game and game != self.game.value:
            self.game.value = game
        if wanted:
            if wanted in self._scenarios:
                self.scenario.value = wanted
            else:
                self.about.value = f'<div class="dt-error">There is no scenario {esc(wanted)}.</div>' + self.about.value

    def _list(self) -> None:
        try:
            found = shipped_scenarios(self.game.value)
        except DigitutorError as error:
            self.about.value = f'<div class="dt-error">{esc(error)}</div>'
            return
        self._scenarios = {s.id: s for s in found}
        self.scenario.options = [(s.title, s.id) for s in found]
        self.scenario.value = found[0].id if found else None
        if not found:
            self.about.value = "<p>There are no scenarios for this game yet.</p>"
            self.stage.children = ()

    def _open(self) -> None:
        scenario = self._scenarios.get(self.scenario.value)
        if scenario is None:
            return
        try:
            self.about.value = scenario_html(scenario)
            for old in self.stage.children:
                old.close()
            tutor = Tutor.for_scenario(scenario.path, presenter_toggle=False)
            tutor.model.presenter = self.presenter
            self.stage.children = (tutor,)
        except DigitutorError as error:
            self.about.value = f'<div class="dt-error">{esc(error)}</div>'
        except Exception as error:  # noqa: BLE001 - a broken scenario must not break the library
            log.exception("opening scenario %s failed", scenario.id)
            self.about.value = f'<div class="dt-error">{esc(type(error).__name__)}: {esc(error)}</div>'


def rulings_app() -> RulingsApp:
    return RulingsApp()

"""The apps behind the notebooks: each builds, and each shows engine facts (quotes, verdicts) as given."""

from __future__ import annotations

import html
from datetime import UTC, datetime

import pytest

from digitutor.core.registry import GAME_MODULES
from digitutor.rules.corpus import GAME_TITLES, GAMES, find_clause
from digitutor.widgets import compare_app, deck_check_app, learn_app, rulebook_app, rulings_app, start_page
from digitutor.widgets.apps import FREE, HOT_SEAT, LearnApp
from digitutor.widgets.compare import load_comparison
from digitutor.widgets.markup import rulebook_html


def test_the_start_page_lists_all_five_games_and_links_every_app():
    value = start_page().children[2].value
    for game, title in GAME_TITLES.items():
        assert html.escape(title) in value
        if game in GAME_MODULES:
            assert f'href="./learn_{game}.ipynb"' in value
        assert f'href="./rulebook.ipynb?game={game}"' in value, "each game's rulebook link opens that rulebook"
    for page in ("rulings", "rulebook", "deck_check", "compare"):
        assert f'href="./{page}.ipynb"' in value


def test_a_game_that_is_not_playable_gets_a_friendly_page(monkeypatch):
    from digitutor.widgets import apps

    monkeypatch.setattr(apps, "GAME_MODULES", {k: v for k, v in apps.GAME_MODULES.items() if k != "dbe"})
    page = learn_app("dbe")
    assert not isinstance(page, LearnApp)
    assert "not playable" in page.children[2].value
    assert 'href="./start.ipynb"' in page.heading.value, "every app links back home"


def test_the_learn_app_switches_to_free_play_and_hot_seat_in_the_same_tutor():
    app = learn_app("dtector")
    tutor = app.tutor
    assert tutor.model.lesson is not None
    app.mode.value = FREE
    assert app.tutor is tutor and tutor.model.lesson is None and tutor.model.spec.agents[0] == "human"
    app.mode.value = HOT_SEAT
    assert tutor.model.spec.viewpoint == "to-move" and not tutor.model.error


def test_every_comparison_cell_quotes_a_real_clause_verbatim():
    comparison = load_comparison()
    for game in GAMES:
        for topic, _title in comparison.topics:
            cell = comparison.cells[(game, topic)]
            for clause_id, quote in cell.cites:
                assert clause_id.startswith(f"{game}:") and quote in find_clause(clause_id).text
    table = compare_app().children[3].value
    # plain-text rulebooks escaped as printed; the DCG manual's markdown rendered (issue 24: never raw "**")
    assert all(rulebook_html(game, q) in table for (game, _), cell in comparison.cells.items() for _, q in cell.cites)
    assert "**" not in table


def test_the_deck_check_shows_legal_and_every_cited_reason():
    app = deck_check_app("dtector")
    app.example.value = app.example.options[1]
    assert "dt-legal" in app.verdict.value
    app.text.value = app.text.value.replace("count: 5", "count: 1", 1)
    app.run()
    assert "dt-illegal" in app.verdict.value and "dt-reason" in app.verdict.value and "dt-quote" in app.verdict.value
    app.text.value = "cards: [[["
    app.run()
    assert "malformed YAML" in app.verdict.value


def test_the_deck_check_reads_an_uploaded_file():
    app = deck_check_app("dtector")
    text = next(iter(app._decks.values())).encode()
    app.upload.value = (
        {
            "name": "mine.yaml",
            "type": "",
            "size": len(text),
            "content": memoryview(text),
            "last_modified": datetime.now(UTC),
        },
    )
    assert app.source == "mine.yaml" and "dt-legal" in app.verdict.value


def test_the_rulebook_searches_and_shows_what_demonstrates_a_clause():
    app = rulebook_app("dtector")
    app.query.value = "spirit"
    assert app.pick.options and "clauses found" in app.found.value
    app.pick.value = "dtector:battle-call-command-phase.p1"
    assert "Lesson “Your first D-Tector game”" in app.view.value
    assert "dt-coverage" in app.coverage_view.value
    app.query.value = ""
    app.game.value = "dcg"
    assert len(app.pick.options) > 100


@pytest.mark.parametrize("game", list(GAME_MODULES))
def test_the_rulings_app_lists_scenarios_or_says_there_are_none(game):
    app = rulings_app()
    app.game.value = game
    assert app.scenario.options or "no scenarios" in app.about.value
    if app.scenario.options:
        tutor = app.stage.children[0]
        tutor.model.run_to_my_decision()
        assert not tutor.model.error and tutor.model.length > 0


def test_rulebook_search_runs_as_you_type_and_counts_agree_with_coverage():
    from digitutor.rules.coverage import coverage

    app = rulebook_app("dtector")
    assert app.query.continuous_update, "search runs as you type, not only on Enter"
    leaves = {g.game: len(g.clauses) for g in coverage()}["dtector"]
    assert app.found.value.startswith(f"{leaves} clauses"), app.found.value
    app.query.value = "digivolve"
    assert "found" in app.found.value and len(app.pick.options) < 20
    labels = " ".join(label for label, _ in app.pick.options)
    assert "[]" not in labels and "**" not in labels and " p1" not in labels


def test_rulebook_headings_read_clean_and_never_open_on_an_empty_heading():
    app = rulebook_app("dtector")
    assert "The engine does not quote it" not in app.view.value and "nothing yet" not in app.view.value
    app.game.value = "dcg"
    labels = " ".join(label for label, _ in app.pick.options)
    assert "**" not in labels and "\\*" not in labels


def test_rulebook_and_rulings_follow_deep_links():
    app = rulebook_app("dtector")
    app._deep_link({"clause": "dmb:glossary.revive"})
    assert app.game.value == "dmb" and app.pick.value == "dmb:glossary.revive"
    app._deep_link({"clause": "nope:nothing"})
    rulings = rulings_app()
    game = list(GAME_MODULES)[-1]
    scenario = rulings.scenario.options[0][1] if game == rulings.game.value else None
    rulings._deep_link({"game": game})
    assert rulings.game.value == game
    wanted = rulings.scenario.options[-1][1]
    rulings._deep_link({"scenario": wanted})
    assert rulings.scenario.value == wanted and scenario != "x"
    rulings._deep_link({"scenario": "dtector/no-such-thing"})
    assert "no scenario" in rulings.about.value


def test_the_deck_check_placeholder_shows_each_games_own_format():
    app = deck_check_app("arena")
    assert "game: arena" in app.text.placeholder
    app.game.value = "dtector"
    assert "game: dtector" in app.text.placeholder


def test_compare_breadcrumbs_read_clean():
    import re

    from digitutor.widgets.compare import comparison_html

    crumbs = re.findall(r'class="dt-crumb"[^>]*>(.*?)</div>', comparison_html(load_comparison()))
    assert crumbs and not [c for c in crumbs if "**" in c or "[]" in c or re.search(r"› [pb]\d", c)]

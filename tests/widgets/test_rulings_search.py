"""The rulings library (issue 24.7): search as you type over every game's scenarios, a scenario that says it is
complete and quotes what it showed, and a judge's view that names every card."""

from __future__ import annotations

import html

from digitutor.rules.corpus import find_clause
from digitutor.scenarios.model import find_scenario, shipped_scenarios
from digitutor.widgets.rulings import ALL, rulings_app, scenario_complete, search

#: Ikkakumon is in the title of this DCG scenario (cards/dcg/scenarios/41-blocker-switches-the-target.yaml)
IKKAKUMON = "dcg/41-blocker-switches-the-target"


def test_the_search_box_runs_as_you_type_and_counts_every_game():
    app = rulings_app()
    total = len(shipped_scenarios())
    assert app.query.continuous_update, "search runs as you type, not only on Enter"
    assert app.game.value == ALL
    assert f"{total} scenarios" in app.found.value
    assert len(app.scenario.options) == total
    games = {scenario_id.split("/")[0] for _, scenario_id in app.scenario.options}
    assert games == {s.game for s in shipped_scenarios()}, "every game's scenarios are in the one list"


def placed(scenario) -> str:
    """The cards on a scenario's board outside its filler piles (deck, security,
    Digi-Egg deck, Online), and its script."""
    players = scenario.setup.get("board", {}).get("players", [])
    zones = [
        {zone: cards for zone, cards in player.items() if zone not in ("deck", "security", "egg_deck", "online")}
        for player in players
    ]
    return (str(zones) + str(scenario.script)).lower()


def test_typing_a_card_name_narrows_the_list_to_scenarios_with_it():
    app = rulings_app()
    app.query.value = "ikkakumon"
    listed = [scenario_id for _, scenario_id in app.scenario.options]
    assert IKKAKUMON in listed and 0 < len(listed) < len(shipped_scenarios())
    assert f"{len(listed)} of {len(shipped_scenarios())} scenarios match" in app.found.value
    for scenario_id in listed:  # Ikkakumon is st2-07 in the DCG files and ikkakumon elsewhere
        scenario = find_scenario(scenario_id)
        assert "ikkakumon" in (scenario.title + scenario.explains).lower() or any(
            card in placed(scenario) for card in ("ikkakumon", "st2-07")
        ), scenario_id


def test_a_card_named_by_its_number_on_the_board_is_found_by_its_name():
    """DCG boards name cards by number (st2-07 is Ikkakumon): the search finds them by the name players know."""
    found = [s.id for s in search("Ikkakumon", "dcg")]
    boards = [s.id for s in shipped_scenarios("dcg") if "st2-07" in placed(s) and "ikkakumon" not in s.title.lower()]
    assert boards and set(boards) <= set(found)


def test_the_search_finds_clause_ids_and_explanations():
    by_clause = search("dtector:battle-type.p1")
    assert by_clause and all("dtector:battle-type.p1" in s.demonstrates for s in by_clause)
    assert next(s.id for s in search("ability beats crush")) == "dtector/02-ability-beats-crush", (
        "a title match comes first"
    )
    assert search("no such words anywhere zzz") == []


def test_no_match_says_so_and_an_emptied_box_lists_everything_again():
    app = rulings_app()
    app.query.value = "zzz nothing"
    assert app.scenario.options == () and "No scenario matches" in app.found.value
    app.query.value = ""
    assert len(app.scenario.options) == len(shipped_scenarios())


def test_picking_a_result_opens_it_and_the_game_filter_narrows_the_search():
    app = rulings_app()
    app.query.value = "ikkakumon"
    app.scenario.value = IKKAKUMON
    assert app.tutor() is not None and app.tutor().model.spec.label == find_scenario(IKKAKUMON).title
    app.game.value = "dcg"
    assert all(scenario_id.startswith("dcg/") for _, scenario_id in app.scenario.options)
    assert app.scenario.value == IKKAKUMON, "the open scenario stays chosen while it is still listed"


def run_to_the_end(app) -> None:
    model = app.tutor().model
    for _ in range(50):
        if scenario_complete(model):
            return
        model.next()
    raise AssertionError("the scenario did not end within 50 presses of Next")


def test_the_end_of_a_scenario_says_it_is_complete_and_quotes_what_it_showed():
    app = rulings_app()
    app.query.value = "ability beats crush"
    app.scenario.value = "dtector/02-ability-beats-crush"
    assert app.done.layout.display == "none"
    run_to_the_end(app)
    model = app.tutor().model
    model.next()  # Next at the end: the tutor's own line says the scenario is complete
    assert app.done.layout.display == "" and "Scenario complete" in app.done.value
    for clause_id in find_scenario("dtector/02-ability-beats-crush").demonstrates:
        assert clause_id in app.done.value and html.escape(find_clause(clause_id).text) in app.done.value
    assert "Your turn: choose one of the options." not in model.notice
    assert model.notice.startswith("Scenario complete") or model.match.over
    model.back()
    assert app.done.layout.display == "none", "looking back, the scenario is not at its end"


def test_a_scenario_that_stops_at_an_open_decision_is_complete_too():
    app = rulings_app()
    app.scenario.value = "dtector/15-why-not-digivolve-in-the-battle-call"
    run_to_the_end(app)
    model = app.tutor().model
    assert model.pending() is not None and not model.match.over
    model.next()
    assert model.notice.startswith("Scenario complete — it showed dtector:")
    assert app.done.layout.display == ""


def test_the_judges_view_names_the_face_down_cards():
    """dtector:battle-call-command-phase.p1: both place a Digimon face down; the
    library (the judge's view) names them."""
    app = rulings_app()
    app.scenario.value = "dtector/02-ability-beats-crush"
    tutor = app.tutor()
    model = tutor.model
    assert model.viewer() is None
    run_to_the_end(app)
    placed = [i for i, step in enumerate(model.match.steps) if "face down" in step.narration]
    assert placed
    model.jump(placed[0])
    assert "Judge&#x27;s view: Garurumon (only Player 1 sees it)" in tutor.rule.value
    assert "keeps hidden" not in tutor.rule.value + tutor.timeline.rows.value


def test_a_card_citation_and_a_ruling_by_absence_are_shown_with_their_words():
    """A judge's scenario may demonstrate a card's own text (dcg:card.bt2-070, Impmon's effect) and a clause shown by
    what does not happen (dcg:overflow.p1 applies to "an ACE Digimon card": Impmon is none); the library quotes both."""
    from pathlib import Path

    from digitutor.core.registry import get_game
    from digitutor.core.yamlio import load_yaml
    from digitutor.scenarios.model import parse_scenario
    from digitutor.widgets.rulings import complete_html, scenario_html

    doc = load_yaml(next((Path(__file__).parents[2] / "cards" / "dcg" / "scenarios").glob("58*.yaml")))
    doc["demonstrates"] = [
        "dcg:card.bt2-070",
        {"clause": "dcg:overflow.p1", "by_absence": "Impmon is no ACE: no memory is lost."},
    ]
    scenario = parse_scenario(doc, "judge.yaml")
    impmon = get_game("dcg").card_text("bt2-070")
    for page in (scenario_html(scenario), complete_html(scenario)):
        assert impmon.split("\n")[0][:40] in page.replace("&quot;", '"').replace("&#x27;", "'")
        assert "Impmon is no ACE: no memory is lost." in page
        assert "dcg:overflow.p1" in page

"""Issue 33, item 5: what counts as taught is what is on screen.

A clause is shown when the learner sees it unfolded: the rule the "rule now" panel shows of a step or decision
(``shown_unfolded``: the governing citation, and a lead-in with the items of its list that apply), an exercise's
verdict rule, or a clause a note quotes. ``digitutor lessons coverage`` prints that figure first.
"""

from __future__ import annotations

import json

import pytest
import yaml

from digitutor.cli import main
from digitutor.core.errors import InputError
from digitutor.core.records import Decision
from digitutor.games.dcg import citations as C
from digitutor.lessons import lesson_path, load_lesson
from digitutor.lessons.course import course_for, lesson_points
from digitutor.lessons.coverage import lesson_coverage
from digitutor.lessons.model import parse_lesson
from digitutor.rules.citations import lead_in_items, shown_unfolded
from digitutor.rules.corpus import find_clause
from digitutor.widgets.citation import citations_html

BREEDING_ITEMS = ("dcg:breeding-phase.b1", "dcg:breeding-phase.b2", "dcg:breeding-phase.b3")


def short_dtector_lesson(**changes) -> dict:
    """The dtector guided game cut at step 4: steps 0-4 and the Battle Call decision, each rule known."""
    doc = yaml.safe_load(lesson_path("dtector").read_text(encoding="utf-8"))
    doc.pop("exercises", None)
    return {**doc, "until": {"step": 4}, "notes": [], "questions": [], **changes}


def test_the_shown_count_is_the_first_rule_of_each_step_not_the_folded_ones():
    lesson = parse_lesson(short_dtector_lesson(), "cards/dtector/lessons/first-game.yaml")
    cited = [c.id for _, outcome in lesson_points(lesson) for c in outcome.citations]
    assert "dtector:battle-type.p1" in cited, "step 3 cites the battle types second: folded under + 1 more rule"
    cover = lesson_coverage(lesson)
    # step 0 shows an interpretation (not a rulebook clause); the Battle Call decision and steps 1-4 show its rule
    assert cover.shown == {"dtector:battle-call-command-phase.p1"}
    assert cover.rules == {"dtector:battle-call-command-phase.p1", "dtector:battle-type.p1"}


def test_a_note_that_quotes_a_clause_counts_it_as_shown():
    note = {"when": {"step": 1}, "title": "How to win", "text": "Points win.", "quotes": ["dtector:how-to-win.p1"]}
    lesson = parse_lesson(short_dtector_lesson(notes=[note]), "cards/dtector/lessons/first-game.yaml")
    assert lesson.notes[0].quotes == ("dtector:how-to-win.p1",)
    assert "dtector:how-to-win.p1" in lesson_coverage(lesson).shown


def test_an_old_note_without_quotes_still_loads_and_a_shipped_note_quotes_the_battle_types():
    old = load_lesson(lesson_path("dtector", "01-a-whole-game"))
    assert old.notes and all(note.quotes == () for note in old.notes)
    guided = load_lesson(lesson_path("dtector"))
    assert ("dtector:battle-type.p1",) in [note.quotes for note in guided.notes]
    assert "dtector:battle-type.p1" in lesson_coverage(guided).shown


@pytest.mark.parametrize(
    ("quotes", "field"),
    [
        (["dtector:no-such-clause"], "notes[0].quotes[0]"),
        (["dtector:how-to-win.p1", "dcg:breeding-phase.p1"], "notes[0].quotes[1]"),  # another game's rulebook
        (["dtector:how-to-win"], "notes[0].quotes[0]"),  # a heading
        ("dtector:how-to-win.p1", "notes[0].quotes"),  # not a list
        (["dtector:how-to-win.p1", "dtector:how-to-win.p1"], "notes[0].quotes"),
    ],
)
def test_a_bad_quote_id_is_refused_in_one_line_naming_file_and_field(tmp_path, capsys, quotes, field):
    note = {"when": {"step": 1}, "title": "t", "text": "x", "quotes": quotes}
    path = tmp_path / "first-game.yaml"
    path.write_text(yaml.safe_dump(short_dtector_lesson(notes=[note])), encoding="utf-8")
    with pytest.raises(InputError) as raised:
        load_lesson(path)
    assert raised.value.field == field and str(raised.value).startswith(f"{path}: {field}: ")
    code = main(["lessons", "check", str(path)])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and f"{path}: {field}: " in err


def test_a_lead_in_is_shown_with_the_items_of_its_list():
    assert lead_in_items("dcg:breeding-phase.p1") == BREEDING_ITEMS
    assert lead_in_items("dcg:breeding-phase.p2") == ()  # "This can only be done once per turn." is no lead-in
    # a step citing the lead-in and one item: the item is shown with it, the rest folded
    shown, folded = shown_unfolded((C.BREEDING_ONE, C.BREEDING_HATCH, C.BREEDING_ONCE))
    assert [c.id for c in shown] == ["dcg:breeding-phase.p1", "dcg:breeding-phase.b1"]
    assert [c.id for c in folded] == ["dcg:breeding-phase.p2"]


def test_dcg_breeding_phase_p1_the_breeding_decision_shows_the_items_it_chooses_among():
    lesson = course_for("dcg")[0]
    decision = next(o for _, o in lesson_points(lesson) if isinstance(o, Decision) and o.kind == "breeding")
    # the lead-in "Players can do only one of the following:"
    assert decision.citations[0].id == "dcg:breeding-phase.p1"
    shown, folded = shown_unfolded(decision.citations)
    assert [c.id for c in folded] == ["dcg:breeding-phase.p2"]
    assert [c.id for c in shown] == ["dcg:breeding-phase.p1", *BREEDING_ITEMS]
    assert all(c.quote == find_clause(c.id).text for c in shown[1:])
    html = citations_html(decision.citations, fold=True)
    unfolded = html.partition('<details class="dt-more-rules">')[0]
    for item in BREEDING_ITEMS:
        assert f'data-clause="{item}"' in unfolded
    assert "+ 1 more rule<" in html and 'data-clause="dcg:breeding-phase.p2"' not in unfolded
    assert {"dcg:breeding-phase.p1", *BREEDING_ITEMS} <= lesson_coverage(lesson).shown


def test_the_cli_prints_the_shown_figure_first(capsys):
    assert main(["lessons", "coverage", "--game", "dtector"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first.startswith("dtector: ") and "leaf clauses shown unfolded = " in first
    assert first.index("shown unfolded") < first.index("as the rule of a step") < first.index("leaf clauses taught")
    assert main(["lessons", "coverage", "--game", "dtector", "--json"]) == 0
    (doc,) = json.loads(capsys.readouterr().out)
    shown = set().union(*(set(lesson["shown"]) for lesson in doc["lessons"]))
    assert list(doc)[1:5] == ["clauses", "shown", "shown_percent", "taught"] and doc["shown"] == len(shown)

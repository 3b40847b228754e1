"""A lesson note that quotes clauses (``quotes``): each drawn in full in the note panel, verbatim, with its
breadcrumb."""

from __future__ import annotations

import html

import yaml

from digitutor.lessons import lesson_path
from digitutor.lessons.model import parse_lesson
from digitutor.rules.corpus import find_clause
from digitutor.widgets.model import TutorModel
from digitutor.widgets.tutor import Tutor, lesson_spec


def test_a_note_shows_the_clauses_it_quotes_verbatim_with_their_breadcrumb():
    doc = yaml.safe_load(lesson_path("dtector").read_text(encoding="utf-8"))
    doc.pop("exercises", None)
    note = {
        "when": {"step": 0},
        "title": "How to win",
        "text": "Points win the game.",
        "quotes": ["dtector:how-to-win.p1", "dtector:battle-type.p1"],
    }
    lesson = parse_lesson({**doc, "notes": [note], "questions": []}, "cards/dtector/lessons/first-game.yaml")
    tutor = Tutor(TutorModel(lesson_spec(lesson), lesson))
    assert "dt-rule" not in tutor.lesson.value  # the intro quotes nothing
    tutor.model.next()
    assert tutor.model.step == 0
    panel = tutor.lesson.value
    assert "Points win the game." in panel
    for clause_id in note["quotes"]:
        clause = find_clause(clause_id)
        assert f'data-clause="{clause_id}"' in panel
        assert clause.text in html.unescape(panel)
        assert clause.breadcrumb[0] in panel

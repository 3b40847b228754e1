"""The tutor's four places (docs/layout.md): task, decision, rule now, detail — in that order, one detail tab at a
time, the task hidden when all it holds is hidden, the detail emptied on the hot-seat hand-over screen."""

from __future__ import annotations

import ipywidgets as widgets

from digitutor.widgets.tutor import Tutor


def at_a_question(tutor: Tutor) -> None:
    model = tutor.model
    for _ in range(60):
        if tutor.questions.cards:
            return
        if model.pending() is not None:
            model.choose(model.suggestion())
        else:
            model.next()
    raise AssertionError("the DCG lesson asked no question")


def side_classes(tutor: Tutor) -> list[str]:
    side = next(child for child in tutor.main.children if "dt-side" in child._dom_classes)
    return [next(c for c in child._dom_classes if c.startswith("dt-") and c != "dt-panel") for child in side.children]


def test_the_right_column_holds_the_four_places_in_order():
    tutor = Tutor.for_lesson("dcg")
    assert side_classes(tutor) == ["dt-task", "dt-secret-place", "dt-decision", "dt-citation", "dt-detail"]
    assert tutor.task.children == (tutor.exercise, tutor.lesson), "the task place: an exercise, else the lesson"


def test_one_detail_tab_is_open_at_a_time_and_only_its_html_is_sent():
    tutor = Tutor.for_lesson("dcg")
    at_a_question(tutor)
    detail = tutor.detail
    assert tutor.decision.why_not[0], "a decision with a question and tempting options"
    assert "whynot" not in detail.contents, "the tempting list waits until the questions are answered (issue 33)"
    for card in tutor.questions.cards:
        card.answer(card.posed.right[0].label)
    assert {"questions", "whynot"} <= set(detail.contents)
    assert detail.opened is None and detail.pane.value == "" and tutor.questions.layout.display == "none"
    detail.buttons["whynot"].value = True  # a click on the tab
    assert detail.opened == "whynot" and "dt-why-not" in detail.pane.value
    detail.buttons["questions"].value = True
    assert detail.opened == "questions" and not detail.buttons["whynot"].value
    assert detail.pane.value == "" and tutor.questions.layout.display == ""
    detail.buttons["questions"].value = False
    assert detail.opened is None and tutor.questions.layout.display == "none"


def test_the_lessons_more_opens_the_whole_note_in_the_detail_place():
    tutor = Tutor.for_lesson("dcg")
    assert 'data-detail="note"' in tutor.lesson.value  # the intro is longer than three lines
    tutor.detail.page_choice("note")
    assert tutor.detail.opened == "note" and tutor.detail.pane.value == tutor.lesson.full
    tutor.detail.page_choice("<script>")  # only a known tab opens
    assert tutor.detail.opened == "note"


def test_the_task_hides_when_everything_in_it_is_hidden():
    tutor = Tutor.free_play("dtector", seed=3, opponent="random")
    assert tutor.lesson.layout.display == "none" and tutor.task.layout.display == "none"
    extra = widgets.HTML("an exercise", layout=widgets.Layout(display="none"))
    tutor.task.children = (*tutor.task.children, extra)
    assert tutor.task.layout.display == "none"
    extra.layout.display = ""
    assert tutor.task.layout.display == ""
    extra.layout.display = "none"
    assert tutor.task.layout.display == "none"


def test_the_hand_over_screen_empties_the_detail_place():
    tutor = Tutor.free_play("dmb", seed=1, opponent=None)
    model = tutor.model
    for _ in range(200):
        if model.handover_to() is not None:
            break
        if model.pending() is not None:
            model.choose_number(1)
        else:
            model.next()
    assert model.handover_to() is not None, "no hand-over in the first 200 moves"
    assert tutor.detail.contents == {} and tutor.detail.pane.value == "" and tutor.rule.more == (0, "")

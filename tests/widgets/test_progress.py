"""Progress that is kept (issue 25, point 3): the store, the course page, the Learn app's Course view, the start page.

The page's local storage is untrusted: whatever it sends (not JSON, huge, wrong types) counts as
"no progress" and never raises. The fixture course (tests/fixtures/course/dcg: three two-step
lessons, one attack wins each) stands in for the shipped one through ``DIGITUTOR_LESSONS``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from digitutor.widgets.apps import COURSE, FREE, GUIDED, LearnApp
from digitutor.widgets.course import continue_lesson, course
from digitutor.widgets.landing import start_html, start_page
from digitutor.widgets.position import position_link
from digitutor.widgets.progress import (
    LESSONS_ENV,
    MAX_TEXT,
    Progress,
    course_hashes,
    course_paths,
    lesson_hash,
    progress_text,
    read_progress,
)

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "course"
FIRST, SECOND, THIRD = "dcg/first-game", "dcg/01-garurumon-is-no-target", "dcg/02-a-third-lesson"


@pytest.fixture
def fixture_course(monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """The three-lesson DCG fixture course instead of the shipped one; its lesson ids -> content hashes."""
    monkeypatch.setenv(LESSONS_ENV, str(FIXTURES))
    return course_hashes("dcg")


def page_sends(progress: Progress, game: str, text: object) -> None:
    """What the progress bridge sends when the page opens: the text this browser kept for ``game``."""
    assert progress.bridge is not None
    progress.bridge._handle_custom_msg({"action": "progress", "game": game, "text": text}, [])


def play_to_end(app: LearnApp) -> None:
    model = app.tutor.model
    for _ in range(50):
        if model.match.over:
            return
        model.run_to_my_decision()
        if model.pending() is not None:
            model.choose(model.suggestion() or model.pending().legal_options[0].key)
    raise AssertionError("the lesson did not end")


# -- the course order and the content hash ----------------------------------------------------------


def test_the_course_order_is_first_game_then_the_numbered_lessons_by_name(fixture_course):
    assert [path.name for path in course_paths("dcg")] == [
        "first-game.yaml",
        "01-garurumon-is-no-target.yaml",
        "02-a-third-lesson.yaml",
    ]
    assert list(fixture_course) == [FIRST, SECOND, THIRD]


def test_the_course_leaves_out_the_untaught_list_and_puts_first_game_before_lessons_that_sort_earlier(
    tmp_path, monkeypatch
):
    folder = tmp_path / "dcg"
    folder.mkdir()
    for name in ("02-b.yaml", "00-intro.yaml", "first-game.yaml", "untaught.yaml", "notes.txt"):
        (folder / name).write_text("game: dcg\n")
    monkeypatch.setenv(LESSONS_ENV, str(tmp_path))
    assert [path.name for path in course_paths("dcg")] == ["first-game.yaml", "00-intro.yaml", "02-b.yaml"]
    assert course_paths("dmb")[0].parent.name == "lessons"  # no folder of its own there: the shipped course


def test_a_lessons_hash_is_the_first_12_hex_digits_of_the_sha256_of_its_bytes(tmp_path):
    path = tmp_path / "first-game.yaml"
    path.write_bytes(b"game: dcg\n")
    # sha256(b"game: dcg\n"), computed apart from the engine
    import hashlib

    assert lesson_hash(path) == hashlib.sha256(b"game: dcg\n").hexdigest()[:12]
    assert len(lesson_hash(path)) == 12


def test_the_shipped_course_starts_with_each_games_first_game():
    for game in ("dtector", "arena", "dmb", "dbe", "dcg"):
        assert course_paths(game)[0].name == "first-game.yaml"


# -- the store ------------------------------------------------------------------------------------


def test_finished_lessons_and_right_answers_round_trip_through_the_stored_text(fixture_course):
    progress = Progress({"dcg": fixture_course})
    progress.mark_finished(FIRST)
    progress.record_answer(FIRST, 2, True)
    progress.record_answer(FIRST, 0, False)  # a wrong answer is not kept
    progress.record_answer(SECOND, 1, True)
    assert progress.state("dcg") == {FIRST: {"finished": True, "right": [2]}, SECOND: {"finished": False, "right": [1]}}
    stored = progress.bridge.store["dcg"]
    again = Progress({"dcg": fixture_course})
    page_sends(again, "dcg", stored)
    assert again.state("dcg") == progress.state("dcg")
    assert again.finished("dcg") == 1


def test_a_changed_lesson_does_not_claim_the_progress_of_its_old_text(fixture_course):
    old = {**fixture_course, FIRST: "000000000000"}
    text = progress_text(
        {
            FIRST: read_progress(
                json.dumps(
                    {"version": 1, "lessons": {FIRST: {"hash": "000000000000", "finished": True, "right": [0]}}}
                ),
                old,
            )[FIRST]
        },
        old,
    )
    progress = Progress({"dcg": fixture_course})
    page_sends(progress, "dcg", text)
    assert progress.state("dcg") == {}


def test_progress_made_before_the_kept_copy_arrives_is_merged_and_written_back(fixture_course):
    kept = Progress({"dcg": fixture_course})
    kept.mark_finished(FIRST)
    progress = Progress({"dcg": fixture_course})
    progress.record_answer(SECOND, 0, True)
    page_sends(progress, "dcg", kept.bridge.store["dcg"])
    assert progress.state("dcg") == {FIRST: {"finished": True, "right": []}, SECOND: {"finished": False, "right": [0]}}
    assert read_progress(progress.bridge.store["dcg"], fixture_course).keys() == {FIRST, SECOND}


def valid(lessons: object) -> str:
    return json.dumps({"version": 1, "lessons": lessons})


HOSTILE = [
    "",
    "not json",
    "{",
    "[1, 2]",
    "null",
    "true",
    "42",
    '"text"',
    "x" * 5_000_000,
    "[" * 10_000 + "]" * 10_000,
    '{"version": 1, "lessons": ' + "[" * 5_000 + "]" * 5_000 + "}",
    json.dumps({"version": 2, "lessons": {}}),
    json.dumps({"version": True, "lessons": {}}),
    json.dumps({"version": "1", "lessons": {}}),
    json.dumps({"lessons": {}}),
    json.dumps({"version": 1, "lessons": []}),
    valid({FIRST: True}),
    valid({FIRST: {"hash": None, "finished": True}}),
    '{"version": 1' + "0" * 5000 + ', "lessons": {}}',
    '{"version": NaN, "lessons": {}}',
    '{"version": 1.0, "lessons": {}}',
    "<script>alert(1)</script>",
    "__import__('os').system('true')",
]


@pytest.mark.parametrize("text", HOSTILE, ids=range(len(HOSTILE)))
def test_hostile_stored_progress_counts_as_none_and_never_raises(fixture_course, text):
    assert read_progress(text, fixture_course) == {}
    progress = Progress({"dcg": fixture_course})
    page_sends(progress, "dcg", text)
    assert progress.state("dcg") == {}
    assert "dcg" not in progress.bridge.store  # nothing to write back over it until there is progress


@pytest.mark.parametrize(
    "entry",
    [
        {"finished": "yes"},
        {"finished": 1},
        {"right": "0,1"},
        {"right": [True]},
        {"right": [-1]},
        {"right": [1.5]},
        {"right": [10**6]},
        {"right": [0] * 2000},
        {"right": {"0": 1}},
        {"finished": None},
    ],
)
def test_a_lesson_entry_of_the_wrong_types_is_dropped_and_the_good_ones_kept(fixture_course, entry):
    text = valid(
        {
            FIRST: {"hash": fixture_course[FIRST], "finished": True, **entry},
            SECOND: {"hash": fixture_course[SECOND], "finished": True, "right": [1]},
            "dcg/no-such-lesson": {"hash": "0" * 12, "finished": True},
        }
    )
    kept = read_progress(text, fixture_course)
    assert set(kept) == {SECOND}
    assert kept[SECOND].finished and kept[SECOND].right == {1}


def test_the_page_may_send_only_progress_of_its_own_games_within_the_size_cap(fixture_course):
    progress = Progress({"dcg": fixture_course})
    good = valid({FIRST: {"hash": fixture_course[FIRST], "finished": True}})
    for message in (
        {"action": "progress", "game": "dmb", "text": good},
        {"action": "eval", "game": "dcg", "text": good},
        {"action": "progress", "game": "dcg", "text": ["not", "text"]},
        ["progress", "dcg", good],
        None,
        {"action": "progress", "game": "dcg", "text": good + " " * MAX_TEXT},
    ):
        progress.bridge._handle_custom_msg(message, [])
    assert progress.state("dcg") == {}
    page_sends(progress, "dcg", good)
    assert progress.finished("dcg") == 1


def test_progress_of_a_lesson_outside_the_course_or_a_silly_question_number_is_ignored(fixture_course):
    progress = Progress({"dcg": fixture_course})
    progress.mark_finished("dcg/no-such-lesson")
    progress.mark_finished("dmb/first-game")
    progress.record_answer(FIRST, -1, True)
    progress.record_answer(FIRST, 10**9, True)
    assert progress.state("dcg") == {} and progress.state("dmb") == {}


# -- the course page in the Learn app -----------------------------------------------------------------


def test_the_course_view_lists_each_lesson_with_its_concepts_and_offers_the_first(fixture_course):
    app = LearnApp("dcg")
    assert app.mode.options[:2] == (COURSE, GUIDED) and app.mode.value == GUIDED
    app.mode.value = COURSE
    assert app.course.layout.display == "" and app.tutor.layout.display == "none"
    assert not app.tutor.key_listener.enabled  # → and digits do not move the hidden game
    app.mode.value = GUIDED
    assert app.tutor.key_listener.enabled and app.tutor.layout.display == ""
    app.mode.value = COURSE
    rows = [row.value for row in app.course.rows]
    assert "One attack wins" in rows[0] and "<li>Attacking a player</li><li>Empty security stack</li>" in rows[0]
    assert "questions right 0/3" in rows[0]
    assert "dt-concepts" not in rows[2]  # a lesson without concepts shows none
    assert "questions right" not in rows[1]  # nor, without questions, a count
    assert "0 of 3 lessons finished" in app.course.summary.value
    assert "lesson 1, One attack wins" in app.course.resume.description


def test_a_lesson_played_to_its_end_is_finished_and_continue_offers_the_next(fixture_course):
    app = LearnApp("dcg")
    app.mode.value = COURSE
    app.course.resume.click()
    assert app.mode.value == GUIDED and app.tutor.layout.display == ""
    assert app.tutor.model.lesson.id == FIRST
    play_to_end(app)
    assert app.progress.state("dcg")[FIRST]["finished"]
    # a new page (a reload): the browser sends what it kept
    reloaded = LearnApp("dcg")
    page_sends(reloaded.progress, "dcg", app.progress.bridge.store["dcg"])
    assert "✓ finished" in reloaded.course.rows[0].value and "✓ finished" not in reloaded.course.rows[1].value
    assert "1 of 3 lessons finished" in reloaded.course.summary.value
    assert "lesson 2, Garurumon is no target" in reloaded.course.resume.description
    assert reloaded.course.buttons[0].description == "Play lesson 1 again"
    reloaded.course.resume.click()
    assert reloaded.tutor.model.lesson.id == SECOND


def test_every_lesson_finished_hides_continue(fixture_course):
    app = LearnApp("dcg")
    for lesson_id in fixture_course:
        app.progress.mark_finished(lesson_id)
    assert app.course.resume.layout.display == "none"
    assert continue_lesson(app.lessons, app.progress.state("dcg")) is None
    assert "3 of 3 lessons finished" in app.course.summary.value


def test_the_lesson_in_play_is_not_restarted_when_opened_again_from_the_course(fixture_course):
    app = LearnApp("dcg")
    app.tutor.model.next()
    steps = len(app.tutor.model.match.steps)
    app.mode.value = COURSE
    app.course.buttons[0].click()
    assert app.tutor.model.lesson.id == FIRST and len(app.tutor.model.match.steps) == steps


def test_a_lesson_link_opens_that_lesson_and_an_unknown_one_the_first_with_one_line(fixture_course):
    app = LearnApp("dcg")
    app._course_query({"lesson": "02-a-third-lesson"})
    assert app.mode.value == GUIDED and app.tutor.model.lesson.id == THIRD and not app.tutor.model.error
    other = LearnApp("dcg")
    other._course_query({"lesson": "../../etc/passwd"})
    assert other.tutor.model.lesson.id == FIRST
    error = other.tutor.model.error
    assert "There is no lesson '../../etc/passwd'" in error and "\n" not in error
    viewer = LearnApp("dcg")
    viewer._course_query({"view": "course"})
    assert viewer.mode.value == COURSE and viewer.tutor.layout.display == "none"


def test_a_kept_position_brings_back_the_lesson_it_was_in(fixture_course):
    app = LearnApp("dcg")
    app.open_lesson(app.lessons[2])
    app.tutor.model.next()
    kept = position_link(app.tutor.position())
    reloaded = LearnApp("dcg")
    reloaded.tutor.restore(kept, "position kept by this browser")
    assert reloaded.tutor.model.lesson.id == THIRD and not reloaded.tutor.model.error
    assert reloaded.mode.value == GUIDED and reloaded.tutor.model.step == app.tutor.model.step


def test_a_lesson_link_wins_over_a_kept_game_of_another_lesson(fixture_course):
    app = LearnApp("dcg")
    app.mode.value = FREE
    app.tutor.model.next()
    kept = position_link(app.tutor.position())
    reloaded = LearnApp("dcg")
    reloaded._course_query({"lesson": "01-garurumon-is-no-target"})
    reloaded.tutor.restore(kept, "position kept by this browser")
    assert reloaded.tutor.model.lesson.id == SECOND and reloaded.mode.value == GUIDED
    assert not reloaded.tutor.model.error


def test_the_shipped_courses_of_dtector_and_dcg_load_in_the_learn_app():
    for game in ("dtector", "dcg"):
        app = LearnApp(game)
        assert next(entry.stem for entry in app.lessons) == "first-game"
        assert len(app.course.rows) == len(course(game))


# -- the start page --------------------------------------------------------------------------------


def test_the_start_page_shows_each_games_course_progress(fixture_course):
    page = start_page()
    body = page.children[2]
    assert '<span class="dt-course-count">0 of 3 lessons finished</span>' in body.value
    progress = next(child for child in page.children if type(child).__name__ == "ProgressBridge")
    kept = Progress({"dcg": fixture_course})
    kept.mark_finished(FIRST)
    kept.mark_finished(THIRD)
    progress._handle_custom_msg({"action": "progress", "game": "dcg", "text": kept.bridge.store["dcg"]}, [])
    assert '<span class="dt-course-count">2 of 3 lessons finished</span>' in body.value
    assert 'href="./learn_dcg.ipynb?view=course"' in body.value
    progress._handle_custom_msg({"action": "progress", "game": "dcg", "text": "x" * 100}, [])
    assert "2 of 3 lessons finished" in body.value  # bad data later takes nothing away


def test_the_start_page_without_progress_says_none_is_finished():
    html = start_html(Progress({"dmb": course_hashes("dmb")}))
    assert f"0 of {len(course_paths('dmb'))} lesson" in html
    assert "dt-course-progress" not in start_html()


def test_a_kept_game_comes_back_behind_the_course_view_when_the_page_opened_on_it(fixture_course):
    app = LearnApp("dcg")
    app.tutor.model.next()
    kept = position_link(app.tutor.position())
    reloaded = LearnApp("dcg")
    reloaded._course_query({"view": "course"})
    reloaded.tutor.restore(kept, "position kept by this browser")
    assert reloaded.mode.value == COURSE and reloaded.course.layout.display == ""
    assert reloaded.tutor.model.step == app.tutor.model.step
    reloaded.mode.value = GUIDED  # back to the game it kept: nothing is lost, nothing asked
    assert reloaded.tutor.layout.display == "" and reloaded.tutor.model.step == app.tutor.model.step


def test_answers_reported_to_the_learn_app_count_as_questions_right(fixture_course):
    app = LearnApp("dcg")
    app.answered(FIRST, 1, False)
    app.answered(FIRST, 2, True)
    app.answered(FIRST, 2, True)
    assert app.progress.state("dcg") == {FIRST: {"finished": False, "right": [2]}}
    assert "questions right 1/3" in app.course.rows[0].value and "✓ finished" not in app.course.rows[0].value

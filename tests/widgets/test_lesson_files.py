"""Lesson files: validated on load with one-line errors; the shipped ones play through and every note fires."""

from __future__ import annotations

import pytest

from digitutor.core.errors import InputError
from digitutor.core.registry import GAME_MODULES
from digitutor.widgets.lessons import LessonTracker, lesson_for, parse_lesson, play_lesson

GOOD = {
    "game": "dtector",
    "title": "A lesson",
    "notes": [{"when": {"phase": "battle-call"}, "title": "Battle Call", "text": "Words."}],
}


def shipped():
    return [lesson for game in GAME_MODULES if (lesson := lesson_for(game)) is not None]


def test_there_is_a_lesson_for_dtector():
    assert lesson_for("dtector") is not None


@pytest.mark.parametrize("lesson", shipped(), ids=lambda lesson: lesson.id)
def test_a_shipped_lesson_plays_its_script_to_the_end_and_every_note_fires(lesson):
    match = play_lesson(lesson)
    tracker = LessonTracker(lesson)
    tracker.update(match)
    # the script carries the learner through a whole game, or (a guided game split at 60 presses) to its until
    assert match.over or tracker.end == len(match.steps) - 1, "the script should carry the learner to the lesson's end"
    fired = [note for index in range(-1, len(match.steps)) for note in tracker.notes_at(index)]
    assert sorted(n.title for n in fired) == sorted(n.title for n in lesson.notes)


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"game": "chess"}, "game"),
        ({"title": ""}, "title"),
        ({"surprise": 1}, "surprise"),
        ({"script": "agumon"}, "script"),
        ({"seat": 5}, "seat"),
        ({"notes": [{"when": {"phase": "lunch"}, "title": "t", "text": "x"}]}, "notes[0].when.phase"),
        ({"notes": [{"when": {"colour": "red"}, "title": "t", "text": "x"}]}, "notes[0].when"),
        ({"notes": [{"when": {"step": "one"}, "title": "t", "text": "x"}]}, "notes[0].when.step"),
        ({"notes": [{"when": {"step": 1}, "title": "t"}]}, "text"),
    ],
)
def test_a_bad_lesson_is_refused_in_one_line_naming_file_and_field(change, field):
    with pytest.raises(InputError) as refused:
        parse_lesson({**GOOD, **change}, "lessons/bad.yaml")
    message = str(refused.value)
    assert message.startswith("lessons/bad.yaml: ") and field in message and "\n" not in message


def test_a_game_without_a_lesson_has_none():
    assert lesson_for("dtector", "no-such-lesson") is None

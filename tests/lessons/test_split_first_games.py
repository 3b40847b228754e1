"""The guided first games split at 60 presses of Next (issue 25, "What to build" 1): each part is the same game.

A part (``00-first-game-part-N.yaml``) starts on the board the lesson before it ends on (its ``until``), written
in the scenario board format: every pile in order and every hidden card where it was. Played on past its
``until`` with the next part's answers, the lesson before tells exactly the steps the part tells: the same game.
"""

from __future__ import annotations

import pytest

from digitutor.core.records import Decision
from digitutor.lessons import course_for, play_lesson
from digitutor.lessons.coach import coach_answer
from digitutor.scenarios.boardstate import board_from_state

SPLIT = ("dtector", "arena", "dbe")


def parts(game: str) -> list[tuple[object, object]]:
    """(the lesson before, the part) for each part of the game's guided first game."""
    course = course_for(game)
    return [(course[i - 1], lesson) for i, lesson in enumerate(course) if lesson.name.startswith("00-first-game-part-")]


@pytest.mark.parametrize("game", SPLIT)
def test_the_first_game_is_split_into_parts_of_at_most_60_presses(game):
    found = parts(game)
    assert found, f"{game}: no part 2"
    assert course_for(game)[0].name == "first-game"
    for before, part in found:
        assert before.until is not None, f"{part.id}: the lesson before it ends at a named point"
        assert len(play_lesson(part).steps) <= 60, part.id


@pytest.mark.parametrize("game", SPLIT)
def test_a_part_starts_on_the_board_the_lesson_before_it_ends_on(game):
    for before, part in parts(game):
        ended = play_lesson(before)
        assert part.setup == {"board": board_from_state(game, ended.state)}, part.id
        assert (part.seat, part.opponent) == (before.seat, before.opponent), part.id


@pytest.mark.parametrize("game", SPLIT)
def test_a_part_is_the_same_game_played_on(game):
    for before, part in parts(game):
        shown = play_lesson(part).steps
        going_on = play_lesson(before)  # the learner plays on past the lesson's end, with the part's answers
        start, script = len(going_on.steps), list(part.script)
        while len(going_on.steps) - start < len(shown) and (outcome := going_on.advance()) is not None:
            if isinstance(outcome, Decision) and going_on.pending is outcome:
                going_on.choose(script.pop(0) if script else coach_answer(going_on, outcome))
        went_on = going_on.steps[start:]
        assert [s.narration for s in went_on] == [s.narration for s in shown], part.id
        assert [[c.id for c in s.citations] for s in went_on] == [[c.id for c in s.citations] for s in shown], part.id

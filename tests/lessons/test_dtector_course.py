"""The shipped D-Tector course (issue 33): its chapters, a clean ``lessons check``, and exercises whose solving and
failing lines end in the verdict the rulebook gives.

Every line of every exercise is listed below with its verdict, written from the rulebook (d-tector-card-game.txt)
before the engine was run, and the clause that decides it. The search's two lines (``proofs.prove``) must be among
them with that verdict and that clause, and so must every line the engine can play.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from digitutor.lessons import course_for, lessons_dir
from digitutor.lessons.check import check_course, check_lesson
from digitutor.lessons.course import course_chapters
from digitutor.lessons.exercise_model import Exercise
from digitutor.lessons.exercises import ExercisePlay, Outcome, grade, legal_keys
from digitutor.lessons.proofs import prove

GAME = "dtector"
BATTLE_CALL = "dtector:battle-call-command-phase.p1"  # "...Ability beats Crush, ... Spirit beats all other ..."
DIGI_BATTLE = "dtector:digi-battle-phase.p1"  # "The defender may defend with ... the highest Digimon Power ... wins."
TURN_ENDS = "dtector:digi-battle-phase.p2"  # "Player ends their turn and play shifts to other player."
HOW_TO_WIN = "dtector:how-to-win.p1"  # "The player with the highest number of points ... runs out of cards wins ..."
DECLINE = "dtector:interpretation.decline-defence"  # the tutor's reading: a defender may choose not to defend

#: exercise -> {line of answers (card ids) -> (solved?, the clause of the deciding step)}: every line the learner has
VERDICTS: dict[str, dict[tuple[str, ...], tuple[bool, str]]] = {
    # Player 2 places Beetlemon (Spirit, 3). "Spirit beats all other battle types"; between two Spirits "compare the
    # Digimon's Digimon Power": Kazemon 2 + 2 (its Special Effect in the Battle Call) = 4 beats 3, Lobomon's 3 ties.
    "00-first-game-part-2#spirit-against-spirit": {
        ("place:kazemon",): (True, BATTLE_CALL),
        ("place:lobomon",): (False, BATTLE_CALL),
        ("place:greymon",): (False, BATTLE_CALL),
    },
    # Player 2: 5 cards in the deck, no defender. "For each Power Point, one card from the defender's deck is
    # discarded": Greymon 4 + 1 (its Special Effect, unblocked) = 5 empties the deck, and the player with more points
    # wins "when either player runs out of cards". Agumon's 2 leaves 3 cards: the turn ends with the game going on.
    "00-first-game-part-2#empty-their-deck": {
        ("digivolve:agumon:greymon", "done", "attack:greymon"): (True, HOW_TO_WIN),
        ("digivolve:agumon:greymon", "done", "no-attack"): (False, TURN_ENDS),
        ("done", "attack:agumon"): (False, TURN_ENDS),
        ("done", "no-attack"): (False, TURN_ENDS),
    },
    # Player 2 places Gabumon (Crush, 2): "Ability beats Crush, Crush beats Energy"; Hawkmon (Crush, 2) ties.
    "01-a-whole-game#type-beats-power": {
        ("place:patamon",): (True, BATTLE_CALL),
        ("place:agumon",): (False, BATTLE_CALL),
        ("place:hawkmon",): (False, BATTLE_CALL),
    },
    # Greymon (Fire, 4) attacks. "The defender may defend with a D-Dock Digimon, a Spirit Digimon from their hand, or
    # a Digimon from their hand with the same elemental attribute"; "the highest Digimon Power number wins":
    # Loweemon 3 + 2 (defending) = 5 wins; Kumamon 2 + 1, Agumon (Fire) 2 and Gabumon 2 lose; no block scores nothing.
    "01-a-whole-game#defend-and-score": {
        ("block:loweemon",): (True, DIGI_BATTLE),
        ("block:kumamon",): (False, DIGI_BATTLE),
        ("block:agumon",): (False, DIGI_BATTLE),
        ("block:gabumon",): (False, DIGI_BATTLE),
        ("no-block",): (False, DECLINE),
    },
    # Ankylomon defends with 4 + 1 (its Special Effect) = 5. "If you have a Spirit Digimon in your D-Dock, you can
    # combine it with another D-Dock Digimon and add up their Digimon Power numbers": Greymon + Kazemon = 6 wins;
    # Greymon's 4 or Kazemon's 2 alone loses the battle; no attack ends the turn without a point.
    "01-a-whole-game#combine-to-win": {
        ("combine:kazemon:greymon", "attack:greymon"): (True, DIGI_BATTLE),
        ("combine:kazemon:greymon", "no-attack"): (False, TURN_ENDS),
        ("done", "attack:greymon"): (False, DIGI_BATTLE),
        ("done", "attack:kazemon"): (False, DIGI_BATTLE),
        ("done", "no-attack"): (False, TURN_ENDS),
    },
}


def course_exercises() -> list[Exercise]:
    return [exercise for lesson in course_for(GAME) for exercise in lesson.exercises]


def exercise_named(name: str) -> Exercise:
    return next(exercise for exercise in course_exercises() if exercise.name == f"{GAME}/{name}")


def engine_lines(exercise: Exercise, prefix: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    """Every line of answers the engine lets the learner play, as the engine names them."""
    play = ExercisePlay(exercise, track=False)
    for key in prefix:
        play.run()
        play.answer(key)
    decision = play.run()
    if decision is None:
        yield prefix
        return
    for key in legal_keys(decision):
        yield from engine_lines(exercise, (*prefix, key))


def rulebook_verdict(exercise: Exercise, outcome: Outcome) -> tuple[bool, str]:
    """The verdict the table gives the line this outcome played (matched by the outcome of each listed line)."""
    for line, verdict in VERDICTS[exercise.name.removeprefix(f"{GAME}/")].items():
        if grade(exercise, list(line)).answers == outcome.answers:
            return verdict
    raise AssertionError(f"{exercise.name}: the line {outcome.labels} is not in the rulebook's table")


def test_the_course_has_a_chapters_file_with_every_lesson_once_and_the_first_game_first() -> None:
    assert (lessons_dir(GAME) / "chapters.yaml").is_file()
    chapters = course_chapters(GAME)
    assert [(chapter.id, chapter.lessons) for chapter in chapters] == [
        ("your-first-game", ("first-game", "00-first-game-part-2")),
        ("a-whole-game", ("01-a-whole-game",)),
    ]
    stems = {path.stem for path in lessons_dir(GAME).glob("*.yaml")} - {"chapters", "untaught"}
    assert sorted(stem for chapter in chapters for stem in chapter.lessons) == sorted(stems)


def test_lessons_check_reports_no_problem_for_the_course_or_any_lesson() -> None:
    """The course as a whole (needs in order, two exercises closing every chapter), then each lesson played through
    with its exercises proved solvable and failable."""
    assert check_course(GAME) == []
    for lesson in course_for(GAME):
        assert check_lesson(lesson) == [], lesson.path


def test_every_lesson_says_what_it_introduces_and_every_later_one_what_it_needs() -> None:
    first, *later = course_for(GAME)
    assert first.concepts and all(lesson.concepts and lesson.needs for lesson in later)


def test_every_chapter_ends_with_at_least_two_exercises() -> None:
    lessons = {lesson.name: lesson for lesson in course_for(GAME)}
    for chapter in course_chapters(GAME):
        assert len(lessons[chapter.lessons[-1]].exercises) >= 2, chapter.id


def test_the_table_lists_every_exercise_of_the_course() -> None:
    assert sorted(exercise.name for exercise in course_exercises()) == sorted(f"{GAME}/{name}" for name in VERDICTS)


@pytest.mark.parametrize("name", list(VERDICTS))
def test_the_searchs_solving_and_failing_lines_end_in_the_rulebooks_verdict(name: str) -> None:
    exercise = exercise_named(name)
    proof = prove(exercise)
    assert proof.solving is not None and proof.failing is not None, proof.missing()
    for outcome in (proof.solving, proof.failing):
        assert outcome.citation is not None
        assert (outcome.success, outcome.citation.id) == rulebook_verdict(exercise, outcome), outcome.labels


@pytest.mark.parametrize("name", list(VERDICTS))
def test_every_line_the_engine_lets_the_learner_play_gets_the_rulebooks_verdict(name: str) -> None:
    exercise = exercise_named(name)
    played = list(engine_lines(exercise))
    assert len(played) == len(VERDICTS[name]), f"{name}: the engine offers {len(played)} lines"
    for line in played:
        outcome = grade(exercise, list(line))
        assert outcome.citation is not None
        assert (outcome.success, outcome.citation.id) == rulebook_verdict(exercise, outcome), outcome.labels

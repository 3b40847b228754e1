"""The DCG course (issue 33): chapters in teaching order, exercises closing every chapter that end at the step whose
rule decides them, and what the course shows unfolded, with every note's quotes about the step it pauses at.

The exercises' expected outcomes are written from the rulebook; each test names the clause that decides them.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from cited import uncited_quotes

from digitutor.lessons import course_for, lesson_path, load_lesson
from digitutor.lessons.check import check_course
from digitutor.lessons.course import course_chapters
from digitutor.lessons.coverage import course_coverage
from digitutor.lessons.exercises import grade


def exercise(stem: str, exercise_id: str):
    return next(e for e in load_lesson(lesson_path("dcg", stem)).exercises if e.id == exercise_id)


def test_the_course_is_in_chapters_a_first_game_first_and_every_chapter_closes_with_two_exercises():
    chapters = course_chapters("dcg")
    assert chapters[0].id == "a-first-game" and chapters[0].lessons[0] == "first-game"
    assert [c.id for c in chapters][-2:] == ["effects-and-keywords", "edge-cases"]  # edge cases last
    lessons = {Path(lesson.path).stem: lesson for lesson in course_for("dcg")}
    for chapter in chapters:
        assert len(lessons[chapter.lessons[-1]].exercises) >= 2, chapter.id
    assert check_course("dcg") == []  # needs in order, two exercises closing each chapter


def test_the_course_shows_at_least_85_percent_and_gives_a_reason_for_the_rest():
    coverage = course_coverage("dcg")
    assert coverage.shown_percent >= 85.0
    assert all(clause in coverage.reasons for clause in coverage.leaves if clause not in coverage.shown)


@pytest.mark.parametrize("lesson", course_for("dcg"), ids=lambda lesson: Path(lesson.path).stem)
def test_a_note_quotes_only_rules_its_step_cites(lesson):
    """A note's quotes are about what is on screen: rules the step (or decision) it pauses at cites."""
    for number, title, uncited in uncited_quotes(lesson):
        assert not uncited, f"notes[{number}] ({title})"


# -- the exercises closing the chapters, graded: outcomes from the rulebook -------------------------------------------


def test_dcg_ending_a_turn_p1_digivolving_first_gives_the_turn_away_before_the_winning_attack():
    """dcg:ending-a-turn.p1: "if the memory counter goes to 1 or above on your opponent's side due to costs ..., your
    turn ends": Greymon's 5 from 1 memory ends the turn; attacking first wins (option-and-tamer-cards.p2)."""
    chosen = exercise("02-memory", "attack-before-you-pay")
    failed = grade(chosen, ["play:st1-07"])
    assert not failed.success and failed.early is False and failed.citation is not None
    assert failed.citation.id == "dcg:ending-a-turn.p1"
    solved = grade(chosen, ["attack:st1-03"])
    assert solved.success and solved.citation is not None
    assert solved.citation.id == "dcg:attacking.security-check.option-and-tamer-cards.p2"


def test_dcg_paying_memory_costs_a_cost_of_13_needs_3_memory_so_hammer_spark_comes_first():
    """dcg:paying-memory-costs: "To pay a memory cost exceeding 10, you must be able to move the memory counter that
    many spaces": from 2 memory Gallantmon (13) cannot be played; Hammer Spark's +1 makes it possible."""
    chosen = exercise("02-memory", "pay-thirteen-from-two")
    solved = grade(chosen, ["use:st2-13", "play:bt2-112"])
    assert solved.success and solved.citation is not None and solved.citation.id == "dcg:playing-digimon.p1"
    failed = grade(chosen, ["pass"])  # the turn passed without Gallantmon: decided at once
    assert not failed.success and failed.citation is not None and failed.citation.id == "dcg:passing.p1"


def test_dcg_dna_digivolution_enters_unsuspended_and_its_attack_wins():
    """dcg:dna-digivolution: the DNA Digimon enters unsuspended and may attack; a Digimon that digivolves normally
    keeps its state, and the 3 memory it costs from 2 ends the turn (dcg:ending-a-turn.p1)."""
    chosen = exercise("12-more-ways-to-digivolve", "attack-after-dna")
    solved = grade(chosen, ["dna:st9-03:st9-04:st9-05", "attack:st9-05"])
    assert solved.success and solved.citation is not None
    assert solved.citation.id == "dcg:attacking.security-check.option-and-tamer-cards.p2"
    failed = grade(chosen, ["digivolve:st9-03:st9-05"])
    assert not failed.success and failed.citation is not None and failed.citation.id == "dcg:ending-a-turn.p1"


def test_dcg_ace_digimon_blast_digivolve_at_counter_timing_wins_the_battle():
    """dcg:ace-digimon: <Blast Digivolve> at counter timing, no cost; Greymon ACE (6000) +2000 from its own
    [When Digivolving] beats Garurumon (5000). Without it Agumon (2000) loses the battle (dcg:attacking.battle.p1)."""
    chosen = exercise("12-more-ways-to-digivolve", "blast-to-survive")
    solved = grade(chosen, ["blast:st1-03:st15-08"])
    assert solved.success and "Garurumon is deleted" in solved.narration
    failed = grade(chosen, ["no-counter"])
    assert not failed.success and "Agumon is deleted" in failed.narration
    assert failed.citation is not None and failed.citation.id == "dcg:attacking.battle.p1"


def test_dcg_piercing_checks_security_after_deleting_the_digimon_it_attacked():
    """<Piercing>: WereGarurumon deletes Gabumon in battle, survives, and checks Player 2's last security card; an
    attack on the player checks it too but leaves Gabumon (dcg:attacking.security-check.digimon-cards.p1 decides)."""
    chosen = exercise("16-cards-that-move-cards", "pierce-to-security")
    solved = grade(chosen, ["attack:p0.c10:p1.c5"])  # WereGarurumon attacks Player 2's Gabumon
    assert solved.success and solved.citation is not None and solved.citation.id == "dcg:attacking.security-check.p1"
    failed = grade(chosen, ["attack:st2-09"])
    assert not failed.success and failed.citation is not None
    assert failed.citation.id == "dcg:attacking.security-check.digimon-cards.p1"


def test_dcg_jamming_survives_the_security_digimon_agumon_does_not():
    """<Jamming>: "This Digimon is not deleted in battles against Security Digimon."; Agumon (3000 on your turn)
    loses to the Security Digimon Greymon (4000): dcg:attacking.security-check.digimon-cards.p1."""
    chosen = exercise("16-cards-that-move-cards", "jamming-through-security")
    assert grade(chosen, ["attack:bt7-049"]).success
    failed = grade(chosen, ["attack:st1-03"])
    assert not failed.success and "Agumon" in failed.narration and failed.citation is not None
    assert failed.citation.id == "dcg:attacking.security-check.digimon-cards.p1"


def test_dcg_effect_activation_order_p6_gatomon_deleted_before_counter_timing_never_activates():
    """dcg:effect-activation-order.p6: an effect whose Digimon is deleted before it activates does not activate.
    Biyomon's inherited -1000 first takes Gatomon (4000) to 3000, so MetalGreymon's "Delete 1 of your opponent's
    Digimon with 3000 DP or less" reaches it before counter timing; in the other order it cannot."""
    chosen = exercise("18-a-counter-effect-that-never-comes", "delete-the-counter-first")
    solved = grade(chosen, ["attack:st1-09:st2-06", "resolve:st1-02", "pick:st3-06"])
    assert solved.success and solved.citation is not None and solved.citation.id == "dcg:card.st1-09"
    failed = grade(chosen, ["attack:st1-09:st2-06", "resolve:st1-09", "pick:st3-06"])
    assert not failed.success and failed.citation is not None and failed.citation.id == "dcg:attacking.battle.p1"


def test_dcg_card_information_b13_a_trashed_biyomon_gives_no_inherited_effect():
    """dcg:digimon-cards-digi-egg-cards.b13: an inherited effect works only while its card is a digivolution card.
    Myotismon trashing Devimon keeps Biyomon's -1000: 11000 - 3000 - 1000 = 7000 against 8000, a win; trashing
    Biyomon first leaves 8000 against 8000, "both Digimon are deleted" (dcg:attacking.battle.p4)."""
    chosen = exercise("18-a-counter-effect-that-never-comes", "keep-the-inherited-effect")
    attack = ["attack:bt2-079:st2-11", "resolve:bt2-079", "use-effect"]
    assert grade(chosen, [*attack, "pick:bt2-074"]).success
    failed = grade(chosen, [*attack, "pick:st1-02"])
    assert not failed.success and "both are deleted" in failed.narration

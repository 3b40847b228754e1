"""The arena course's exercises, graded by the real engine: each outcome is written from the rulebook first.

Powers are the cards' attack values against the opposing colour (arena:setup.p6) plus the Power Options played.
"""

from __future__ import annotations

import pytest

from digitutor.lessons import lesson_path, load_lesson
from digitutor.lessons.exercises import grade

PART_2 = lesson_path("arena", "00-first-game-part-2")
PART_3 = lesson_path("arena", "00-first-game-part-3")
TIES = lesson_path("arena", "01-ties-and-online")
LARGEST_POWER_WINS = "arena:battle.p3"


def exercise(path, exercise_id: str):
    return next(e for e in load_lesson(path).exercises if e.id == exercise_id)


@pytest.mark.parametrize(
    ("answers", "won"),
    [
        (["play:red-fury", "pass"], True),  # Agumon 120 + 250 = 370 against Palmon's 320
        (["play:colour-shift-yellow", "pass"], True),  # Palmon attacks Yellow for 110: 120 against 110
        (["play:weakening-wave", "pass"], False),  # 120 against 320 - 100 = 220
        (["pass"], False),  # 120 against 320
    ],
)
def test_arena_battle_p3_the_largest_power_wins_the_duel(answers, won):
    """arena:battle.p3 "When the play stops, the Digimon showing the largest power wins the Duel." """
    outcome = grade(exercise(PART_3, "fury-wins-the-duel"), answers)
    assert outcome.success is won
    assert outcome.citation is not None and outcome.citation.id == LARGEST_POWER_WINS


@pytest.mark.parametrize(
    ("answers", "won"),
    [
        (["pass"], True),  # Patamon 310 against Palmon's 110 for Yellow: 920 + 100 for a Rookie = 1020
        (["play:colour-shift-red", "pass"], False),  # Patamon counts as Red: Palmon attacks Red for 320 > 310
        (["play:colour-shift-red", "play:power-charge"], True),  # 310 + 100 = 410 > 320 (then nothing left to play)
    ],
)
def test_arena_battle_p4_the_winner_scores_from_its_score_section(answers, won):
    """arena:battle.p4: the winner scores for the defeated opponent's level from its own Score section."""
    outcome = grade(exercise(PART_3, "reach-1000"), answers)
    assert outcome.success is won
    assert outcome.citation is not None and outcome.citation.id == "arena:battle.p4"


@pytest.mark.parametrize(
    ("answers", "tie"),
    [
        (["play:weakening-wave", "pass"], True),  # 360 against 360 + 100 - 100
        (["pass"], False),  # 360 against 460
        (["play:weakening-wave", "play:colour-shift-yellow"], False),  # Greymon attacks Yellow for 480 + 100 - 100
    ],
)
def test_arena_battle_p6_equal_power_is_a_tie(answers, tie):
    """arena:battle.p3 and p6: when play stops with equal power, the Duel is a tie."""
    outcome = grade(exercise(TIES, "hold-to-a-tie"), answers)
    assert outcome.success is tie
    assert outcome.citation is not None and outcome.citation.id == LARGEST_POWER_WINS


def test_arena_re_group_p3_an_opponents_online_pile_at_zero_sends_their_side_offline():
    """arena:re-group.p3 "either by your action or your opponent's": Data Drain empties Player 2's 3 Online cards."""
    outcome = grade(exercise(TIES, "drain-their-online"), ["play:data-drain"])
    assert outcome.success and outcome.early
    assert outcome.citation is not None and outcome.citation.id == "arena:re-group.p3"
    assert not grade(exercise(TIES, "drain-their-online"), ["play:power-charge", "pass"]).success


@pytest.mark.parametrize(("answer", "won"), [("digivolve", True), ("pass", False)])
def test_arena_digivolve_b2_use_it_or_lose_it(answer, won):
    """arena:digivolve.p5 and b2: the second player may answer a Digivolve by digivolving (Garurumon 480 against
    Togemon 270 + 100) or pass, and the passed card goes Offline (Gabumon 330 against 370)."""
    outcome = grade(exercise(PART_2, "answer-the-digivolve"), [answer])  # no Power Option: the Battle needs no answer
    assert outcome.success is won
    assert outcome.citation is not None and outcome.citation.id == LARGEST_POWER_WINS

"""The Digimon Battles course (issue 33): its chapter order and its exercises, graded by the real engine.

Each exercise's expected outcome is written from the rulebook (digimon-battles.txt); each test names the clause that
decides it.
"""

from __future__ import annotations

from digitutor.lessons import course_for, lesson_path, load_lesson
from digitutor.lessons.exercises import ExercisePlay, grade


def exercise(stem: str, exercise_id: str):
    return next(e for e in load_lesson(lesson_path("dmb", stem)).exercises if e.id == exercise_id)


def test_the_evolution_requirements_are_taught_before_dna_and_megas():
    """Issue 33: lesson 16 (the requirements, dmb:evolution-phase.requirements) came after DNA (05) and Megas (07)."""
    order = [lesson.id.removeprefix("dmb/") for lesson in course_for("dmb")]
    assert order.index("16-evolution-requirements") < order.index("05-dna-and-a-mega") < order.index("07-megas")
    assert order[:2] == ["first-game", "01-a-whole-game"]


def test_battle_phase_4_2_the_first_hit_that_reaches_0_hp_wins_before_the_reply():
    """dmb:battle-phase.4.2 "If a Digimon's HP reaches 0 ... The other player does not get an attack": Greymon's Circle
    (50) takes Tyrannomon's last 45 HP first; the fourth KO point wins (dmb:battle-phase.7)."""
    outcome = grade(exercise("01-a-whole-game", "the-winning-ko"), ["attack:choice=circle", "no-support"])
    assert outcome.success
    assert "Player 1 has 4 KO points and wins" in outcome.narration


def test_battle_phase_5_a_hit_that_leaves_hp_gets_the_reply():
    """dmb:battle-phase.5 "Reduce 1st-attacker's HP by 2nd attacker's Power": Triangle (40) leaves Tyrannomon 5 HP,
    and its Circle (50) takes Greymon's 40."""
    outcome = grade(exercise("01-a-whole-game", "the-winning-ko"), ["attack:choice=triangle", "no-support"])
    assert not outcome.success and outcome.early
    assert outcome.citation is not None and outcome.citation.id == "dmb:battle-phase.5"


def test_evolution_phase_3_an_abnormal_champion_skips_evolving():
    """dmb:evolution-phase.3 "Skip the rest of this step if current active Digimon is an Abnormal C or U.": Greymon
    played from the hand is Abnormal (dmb:prep-phase.turn.4.2); Agumon played, then evolved, is the goal."""
    evolve = exercise("01-a-whole-game", "evolve-not-abnormal")
    failed = grade(evolve, ["no-mulligan", "play:greymon", "no-rack"])
    assert not failed.success
    assert failed.citation is not None and failed.citation.id == "dmb:evolution-phase.3"
    solved = grade(evolve, ["no-mulligan", "play:agumon", "no-rack", "evolve:greymon"])
    assert solved.success


def test_counter_specifics_the_countered_circle_hits_its_own_user():
    """dmb:battle-phase.5.1 "If using counter, directly apply damage equal to the opponent's *current* Power":
    Greymon's Circle (50) hits Greymon (40 HP) itself."""
    outcome = grade(exercise("04-supports-in-order", "turn-the-circle-around"), ["attack:choice=cross", "no-support"])
    assert outcome.success
    assert "Player 2's Greymon is KO'd" in outcome.narration


def test_battle_phase_3_2_1_a_gained_1st_attack_wins_the_tie():
    """dmb:battle-phase.3.2.1 "If the opponent gains a point, they would attack first since there is a tie and they
    gained the ability last": Quick Feet lets the non-turn player's Greymon hit first; Power Charge does not."""
    strike = exercise("04-supports-in-order", "strike-first")
    assert grade(strike, ["attack:choice=circle", "support:quick-feet"]).success
    failed = grade(strike, ["attack:choice=circle", "support:power-charge"])
    assert not failed.success
    assert failed.citation is not None and failed.citation.id == "dmb:battle-phase.4"  # Ikkakumon hit first


def test_evolution_requirements_1_the_dp_is_paid_in_full():
    """dmb:evolution-phase.requirements.1 "Must discard the required DP": 10 + Meramon's 20 pays Tyrannomon's 30.
    dmb:evolution-phase.2 allows "up to ONE card" a turn, so racking Candlemon (10 + 10) loses at once."""
    rack = exercise("15-evolve-cards-and-recycle", "rack-up-for-tyrannomon")
    solved = grade(rack, ["rack:meramon", "evolve:tyrannomon"])
    assert solved.success and "discarding all 2 DP cards" in solved.narration
    failed = grade(rack, ["rack:candlemon"])
    assert not failed.success and failed.early
    assert failed.citation is not None and failed.citation.id == "dmb:evolution-phase.2"


def test_an_evolve_card_lifts_only_its_requirement():
    """dmb:evolution-phase.requirements: "you must still always observe the remaining requirements": Warp Code lifts
    the level progression (R to U), and MetalGreymon's 30 DP is still paid."""
    warp = exercise("15-evolve-cards-and-recycle", "warp-to-metalgreymon")
    assert grade(warp, ["rack:greymon", "evolve-with:warp-code:metalgreymon"]).success


def test_prep_phase_turn_4_3_the_newly_placed_partner_evolves_from_the_destiny_zone():
    """dmb:prep-phase.turn.4.3: Agumon, the Partner Level R, newly placed, partner-evolves to GeoGreymon."""
    partner = exercise("10-data-break-and-revival", "partner-from-the-destiny-zone")
    solved = grade(partner, ["no-mulligan", "play:agumon", "partner-evolve:geogreymon"])
    assert solved.success
    assert solved.citation is not None and solved.citation.id == "dmb:prep-phase.turn.4.3"
    declined = grade(partner, ["no-mulligan", "play:agumon", "no-partner-evolve"])
    assert not declined.success
    assert declined.citation is not None and declined.citation.id == "dmb:prep-phase.turn.4.3"


def test_battle_phase_6_5_a_kod_mega_gives_2_ko_points_and_its_passive_stops_the_counter():
    """dmb:battle-phase.6.5 "KO'd Level M is deleted and the opponent gains 2 KO points": 2 + 2 = 4 wins. Against
    WarGreymon's "(Your attacks cannot be countered.)" (dmb:faq.passives-in-evolution-boxes) Counter attacks second
    with 0 Power (dmb:battle-phase.3.2.3) and WarGreymon's 90 hits first."""
    mega = exercise("10-data-break-and-revival", "ko-the-mega")
    solved = grade(mega, ["attack:choice=circle", "no-support"])
    assert solved.success and "gains 2 KO points (4)" in solved.narration
    countered = grade(mega, ["attack:choice=cross", "no-support"])
    assert not countered.success
    assert countered.citation is not None and countered.citation.id == "dmb:battle-phase.4"


def test_battle_phase_4_1_1_crash_before_drain_leaves_meramon_at_85():
    """dmb:battle-phase.4.1.1 "Always apply Crash's HP reduction before Drain's HP recovery": Crash deals 80, HP to
    10, then Drain recovers the 75 dealt (dmb:attack-abilities.drain: only until the opponent reaches zero): 85."""
    crash = exercise("14-timing", "crash-then-drain")
    play = ExercisePlay(crash)
    for answer in ["attack:choice=cross", "support:vampire-code"]:
        play.run()
        play.answer(answer)
    play.run()
    assert play.outcome is not None and play.outcome.success
    assert any("recovers 75 HP (85)" in step.narration for step in play.match.steps)
    assert not grade(crash, ["attack:choice=cross", "support:recovery-disk"]).success  # Crash alone: 10 HP


def test_cards_placed_under_digimon_agumon_under_greymon_makes_it_normal():
    """dmb:faq.cards-placed-under-digimon: "If it is a fully valid evolution ... then the active is now considered
    Normal": Rookie Rescue puts Agumon under Greymon; Power Charge leaves Greymon Abnormal."""
    normal = exercise("14-timing", "not-abnormal-any-more")
    solved = grade(normal, ["attack:choice=circle", "support:rookie-rescue", "take:agumon"])
    assert solved.success
    assert solved.citation is not None and solved.citation.id == "dmb:faq.cards-placed-under-digimon"
    assert not grade(normal, ["attack:choice=circle", "support:power-charge"]).success

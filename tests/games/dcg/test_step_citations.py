"""What DCG steps cite (the rule now) and link (Words used) for rules a step follows without a decision of its own.

Expected clauses come from the rule manual (digimon-card-game.md); each test names its clause.
"""

from __future__ import annotations

from digitutor.core.match import Match


def _board(
    hand: list[str],
    battle: list,
    memory: int = 6,
    deck: list[str] | None = None,
    security: list[str] | None = None,
    theirs: dict | None = None,
    phase: str = "main",
    eggs: list[str] | None = None,
) -> dict:
    mine = {"hand": hand, "deck": deck or ["st1-03"] * 5, "security": ["st1-03"] * 3, "battle": battle}
    if eggs is not None:
        mine["egg_deck"] = eggs
    other = {"deck": ["st2-02"] * 5, "security": security if security is not None else ["st2-02"] * 3, **(theirs or {})}
    return {"board": {"phase": phase, "active": 0, "first": 0, "turn": 7, "memory": memory, "players": [mine, other]}}


def _play(board: dict, *answers: str) -> Match:
    match = Match("dcg", 1, board, ("human", "human"))
    match.run()
    for answer in answers:
        match.choose(answer)
        match.run()
    return match


def _step(match: Match, says: str):
    return next(s for s in match.steps if says in s.narration)


def _ids(citations) -> list[str]:
    return [c.id for c in citations]


def test_text_referring_to_placing_cards_from_hand_p1_holy_shield_places_a_chosen_yellow_card():
    # "Place 1 [X] card from your hand at the bottom of your security stack." — the card is chosen first, then placed
    match = _play(_board(["st3-15", "st3-02", "bt1-085"], ["st3-03"]), "use:st3-15", "pick:st3-02")
    placed = _step(match, "reveal: Patamon")
    assert "dcg:text-referring-to-placing-cards-from-hand-in-security-or-decks.p1" in _ids(placed.citations)
    assert "dcg:effect-text-for-placing-digimon-and-tamers-in-security.p1" not in _ids(
        placed.citations
    )  # not a Digimon in play
    assert "dcg:card-text-standardization.p1" in _ids(
        placed.glossary
    )  # "... now considered part of the game's basic rules"
    assert len(match.state.sides[0].security) == 4


def test_recovery_a_keyword_the_manual_only_names_acts_as_its_reminder_text():
    match = _play(_board(["st3-05"], [], memory=5), "play:st3-05")
    recovered = _step(match, "Recovery +1 (Deck)")
    assert "dcg:interpretation.card-timings" in _ids(recovered.citations)
    assert "dcg:text-referring-to-placing-cards-from-hand-in-security-or-decks.p1" not in _ids(
        recovered.citations
    )  # not from the hand


def test_effects_that_remove_digimon_from_battle_areas_cocytus_breath_links_the_standardized_text():
    match = _play(_board(["st2-16"], ["st2-02"], theirs={"battle": [["st1-03", "st1-07"]]}), "use:st2-16")
    returned = _step(match, "to Player 2's hand")
    assert "dcg:effects-that-remove-digimon-from-battle-areas.p1" in _ids(returned.citations)
    assert "dcg:card-text-standardization.p1" in _ids(returned.glossary)


def test_playing_tamers_p4_no_limit_to_how_many_tamers_only_for_a_second_tamer():
    match = _play(_board(["st1-12", "st2-12"], [], memory=6), "play:st1-12", "play:st2-12")
    first, second = _step(match, "plays Tai Kamiya"), _step(match, "plays Matt Ishida")
    assert "dcg:playing-tamers.p4" not in _ids(first.citations)
    assert "dcg:playing-tamers.p4" in _ids(second.citations)
    assert [c.quote for c in second.citations if c.id == "dcg:playing-tamers.p4"] == [
        "There is no limit to how many Tamers can be placed in the battle area."
    ]


def test_hatch_a_digi_egg_p1_hatching_into_an_empty_breeding_area_links_the_digi_egg_deck():
    match = _play(_board([], [], phase="breeding", eggs=["st1-01", "st1-01"]), "hatch")
    hatched = _step(match, "hatches")
    assert _ids(hatched.citations)[0] == "dcg:hatch-a-digi-egg.p2"
    assert "dcg:hatch-a-digi-egg.p1" in _ids(
        hatched.citations
    )  # "only ... when there are no Digimon in the breeding area"
    assert "dcg:decks.required-items.b2" in _ids(hatched.glossary)  # what a Digi-Egg deck is


def test_digivolving_b2_a_digimon_that_digivolved_this_turn_may_attack():
    match = _play(_board(["st1-07"], ["st1-03"], memory=6), "digivolve:st1-03:st1-07", "attack:st1-07")
    attacked = _step(match, "attacks Player 2")
    assert "dcg:digivolving.b2" in _ids(attacked.citations)
    assert [c.quote for c in attacked.citations if c.id == "dcg:digivolving.b2"] == [
        "Digimon can attack after digivolving."
    ]


def test_overflow_p5_an_ace_card_checked_from_security_is_trashed_without_overflow():
    match = _play(_board([], ["st2-09"], memory=4, security=["st15-08", "st2-02"]), "attack:st2-09")
    trashed = _step(match, "Greymon ACE is placed in the trash")
    assert "dcg:overflow.p5" in _ids(trashed.citations)
    assert "dcg:overflow.p1" not in _ids(trashed.citations)
    assert match.state.player_memory(0) == 4  # Player 2 lost no memory: the counter stays where it was


def test_digimon_cards_b12_an_effect_that_reads_traits_links_what_traits_are():
    match = _play(
        _board(["bt7-008"], [], memory=3, deck=["st1-03", "bt7-038", "st2-03", "st1-03", "st1-03"]), "play:bt7-008"
    )
    revealed = _step(match, "Player 1's Shoutmon")
    assert "dcg:digimon-cards-digi-egg-cards.b12" in _ids(revealed.glossary)


def test_setting_up_the_game_the_shuffle_links_what_a_deck_and_a_digi_egg_deck_are():
    match = Match("dcg", 1, None, ("first", "first"))
    shuffled = match.advance()
    assert {"dcg:decks.required-items.b1", "dcg:decks.required-items.b2"} <= set(_ids(shuffled.glossary))

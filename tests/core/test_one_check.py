"""One check for every action (issue 23): the decision panel, ``why_not`` and ``apply`` cannot disagree.

Over seeded random games of all five games (seeds no other test uses), at every decision: every offered
option's ``why_not`` equals the reasons the decision shows; generated proposals (every action kind x the
cards in play x junk parameters, and the offered keys with a card or parameter swapped) are refused with a
cited reason, or carried out with every card kept and the game going on; citations verbatim; save -> load
gives the same trace. And the forged answers the soak of issue 23 found are refused, naming the answer,
through ``Match.choose`` and ``Match.load`` alike, with the game unchanged.
"""

from __future__ import annotations

import pytest

from digitutor.core.conformance import Tally, check_game
from digitutor.core.errors import IllegalActionError, InputError
from digitutor.core.match import Match
from digitutor.core.records import Decision
from digitutor.core.registry import GAME_MODULES

GAMES_EACH = 12
FIRST_SEED = 7_000


@pytest.mark.parametrize("game", list(GAME_MODULES))
def test_every_option_and_every_proposal_goes_through_one_check(game):
    tally = Tally()
    for seed in range(FIRST_SEED, FIRST_SEED + GAMES_EACH):
        check_game(game, seed, tally, proposals_per_decision=10, round_trip_every=90)
    assert tally.games == GAMES_EACH and tally.decisions > 100 and tally.proposals > 1000
    failures = "\n".join(f"seed {f.seed} step {f.step} [{f.check}] {f.detail}" for f in tally.failures[:15])
    assert not tally.failures, f"{len(tally.failures)} broken promises:\n{failures}"


def _to_decision(game: str, kind: str, seed: int = 1000) -> Match:
    """A match of two people, each answering with the first legal option, stopped at the first ``kind`` decision."""
    match = Match(game, seed, agents=("human", "human"))
    for _ in range(5000):
        decision = match.run()
        assert isinstance(decision, Decision), f"{game} seed {seed} ended before a {kind} decision"
        if decision.kind == kind:
            return match
        match.choose(decision.legal_options[0].key)
    raise AssertionError(f"no {kind} decision")


FORGED = [
    # game, decision kind, forged answer (issue 23's list)
    ("dmb", "strategy", "attack:choice=-1"),  # dmb:strategy-phase.2: one of the three attacks
    ("dbe", "strategy", "attack:choice=zzz"),
    ("dmb", "strategy", "attack:choice=circle:choice=cross"),
    ("dmb", "mulligan", "bottom"),  # dmb:prep-phase.setup.2: a card of the hand goes to the bottom
    ("dmb", "rack", "rack"),  # dmb:evolution-phase.2: one card of the hand into the DP zone
    ("dbe", "rack", "rack:effect=99"),
    ("dmb", "strategy", "no-support"),  # an answer of another decision
]


@pytest.mark.parametrize(("game", "kind", "forged"), FORGED)
def test_a_forged_answer_is_refused_naming_it_and_changes_nothing(game, kind, forged):
    match = _to_decision(game, kind)
    before = match.trace()
    assert match.why_not(forged), f"why_not calls {forged!r} legal"
    with pytest.raises(IllegalActionError) as refused:
        match.choose(forged)
    assert forged in str(refused.value) and refused.value.reasons
    assert match.trace() == before

    saved = match.save()
    saved["decisions"].append(
        {"step": len(match.steps), "player": match.pending.player, "decision": kind, "answer": forged, "by": "human"}
    )
    saved["steps"] = len(match.steps) + 1
    with pytest.raises(InputError) as opened:
        Match.load(saved, "forged.json")
    assert "forged.json" in str(opened.value) and forged in str(opened.value)


def test_the_opponents_card_cannot_be_racked():
    """dmb:evolution-phase.2: a player places a card of *their* hand into their DP zone."""
    match = _to_decision("dmb", "rack")
    player = match.pending.player
    theirs = next(
        iid
        for iid, owner in zip(match.state.instances.ids, match.state.instances.owners, strict=False)
        if owner == 1 - player
    )
    reasons = match.why_not(f"rack:{theirs}")
    assert reasons and all(reason.citation.id == "dmb:evolution-phase.2" for reason in reasons)


def test_a_full_mulligan_with_too_few_cards_in_the_deck_is_refused_by_why_not_too():
    """The free mulligan draws as many as were discarded: with fewer cards in the deck, the decision and
    ``why_not`` both refuse it, with the same reason (the soak found the decision refusing and why_not allowing)."""
    for seed in range(1000, 1400):
        match = Match("dmb", seed, agents=("human", "human"))
        for _ in range(3000):
            decision = match.run()
            if decision is None:
                break
            if decision.kind == "free-mulligan" and decision.options[0].reasons:
                assert match.why_not("full-mulligan") == decision.options[0].reasons
                assert "card," in decision.options[0].reasons[0].why or "cards," in decision.options[0].reasons[0].why
                return
            match.choose(decision.legal_options[-1].key)
    pytest.skip("no free mulligan with a short deck in these seeds")

"""Issue 35 item 4, "ids wherever a card is named": a card fact's ``under`` takes the card id, as every other place
that names a card does (its name and its instance still work)."""

from __future__ import annotations

from test_scenario_language import UNSUSPEND, at_main, fails, passes, with_expect


def test_under_takes_the_card_id_of_the_digimon_above():
    """dcg:digivolving (a digivolved Digimon's cards stay under it): Agumon lies under Greymon (ST1-07)."""
    doc = at_main(UNSUSPEND)
    for above in ("st1-07", "ST1-07", "Greymon"):
        passes(with_expect(doc, cards=[{"card": "st1-03#4", "zone": "battle", "under": above}]))
    fails(with_expect(doc, cards=[{"card": "st1-03#4", "under": "st2-06"}]), "expected under st2-06")

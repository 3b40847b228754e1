"""The whole-card view names each part of a DCG card as the rule manual's card diagrams do, with the clause."""

from __future__ import annotations

from digitutor.core.match import Match
from digitutor.widgets.board import board_html


def test_dcg_whole_card_names_its_parts_with_the_manuals_diagram_labels():
    match = Match("dcg", 1, agents=("human", "human"))
    match.run()
    html = board_html(match.game.board(match.state, 0), 0)
    # Card Information › Digimon Cards/Digi-Egg Cards: "**Card Name**", "**Color**", "**Card Number**"
    for clause in (
        "dcg:digimon-cards-digi-egg-cards.b8",
        "dcg:digimon-cards-digi-egg-cards.b9",
        "dcg:digimon-cards-digi-egg-cards.b10",
    ):
        assert clause in html
    assert ">Card Name<" in html and ">Card Number<" in html
    # zones and the gauge under the names of the manual's pictures: "Deck", "Digi-Egg Deck", "Memory Gauge & Counter"
    assert (
        "dcg:decks.required-items.b5" in html
        and "dcg:decks.required-items.b6" in html
        and "dcg:decks.required-items.b7" in html
    )

"""Arena's verb hook: a card an effect moves leaves the zone it is taken from."""

from __future__ import annotations

from digitutor.core.match import Match
from digitutor.games.arena.effects import hooks


def test_a_card_an_effect_moves_from_the_power_port_leaves_it() -> None:
    """The Power Port is two lists (Power Options played, Digivices spent): the hook used to remove the card from a
    copy of the two, so it stayed in the port and was in the new zone as well (found by mypy; no shipped card moves a
    card out of the port yet)."""
    state = Match("arena", 1, agents=("human", "human")).state
    side = state.sides[0]
    uid = side.deck.pop()
    side.spent.append(uid)
    hooks(lambda *args: None).move(state, 0, [uid], "offline", "power-port")
    assert uid not in side.spent and uid not in side.port
    assert side.offline[-1] == uid

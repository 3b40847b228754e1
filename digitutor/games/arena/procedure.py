"""The Arena procedure: the rulebook's four phases, one function per step, in the rulebook's order.

``advance`` runs the step named by ``state.cursor``. A step function returns the
cited ``Step`` it took, a ``Decision`` when a player must choose (without changing
the state), or None when there was nothing to do and it only moved on. Before any
step, a pending reset (a player's Online pile went down to zero) is carried out:
the rulebook says it happens "at any time during play".
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ...core.records import Decision, Step
from .phase_battle import battle_aftermath, battle_score, battle_start, battle_stop, battle_tie, battle_turn, game_over
from .phase_digivolve import digivolve_coin, digivolve_place, digivolve_turn
from .phase_regroup import (
    online_reset,
    regroup_discard,
    regroup_initiate,
    regroup_prepare,
    regroup_restore,
    regroup_rookie,
)
from .phase_setup import (
    setup_compare,
    setup_deal,
    setup_pick,
    setup_redraft,
    setup_reveal,
    setup_rookie,
    setup_spread,
    setup_start,
)
from .state import AState

STEPS: dict[str, Callable[[AState, random.Random], Step | Decision | None]] = {
    # Setup
    "setup.start": setup_start,
    "setup.spread": setup_spread,
    "setup.pick": setup_pick,
    "setup.redraft": setup_redraft,
    "setup.rookie": setup_rookie,
    "setup.deal": setup_deal,
    "setup.reveal": setup_reveal,
    "setup.compare": setup_compare,
    # Digivolve
    "digivolve.place": digivolve_place,
    "digivolve.coin": digivolve_coin,
    "digivolve.turn": digivolve_turn,
    # Battle
    "battle.start": battle_start,
    "battle.turn": battle_turn,
    "battle.stop": battle_stop,
    "battle.score": battle_score,
    "battle.aftermath": battle_aftermath,
    "battle.tie": battle_tie,
    # Re-Group
    "re-group.discard": regroup_discard,
    "re-group.restore": regroup_restore,
    "re-group.rookie": regroup_rookie,
    "re-group.prepare": regroup_prepare,
    "re-group.initiate": regroup_initiate,
    # the end
    "game-over.end": game_over,
    "game-over.ties": game_over,
}


def advance(state: AState, rng: random.Random) -> Step | Decision:
    """Run procedure steps until one happens or a player must decide."""
    while True:
        if state.reset_due:
            return online_reset(state, rng)
        outcome = STEPS[state.cursor](state, rng)
        if outcome is not None:
            return outcome

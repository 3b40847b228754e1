"""The Arena procedure: the rulebook's four phases, one function per step, in the rulebook's order.

Each frame kind runs one step (``PROCEDURE``). A step replaces its frame with the
next one (``goto``); decisions ask without changing the state and are answered
through ``Game.apply``. When a player's Online pile goes down to zero — "at any
time during play" — the step that emptied it puts an ``online-reset`` frame on top
of the stack, so the reset happens next, before play resumes where it was.
"""

from __future__ import annotations

from ...core.game import DecisionRule, Procedure
from .phase_battle import (
    answer_power_option,
    ask_power_option,
    battle_aftermath,
    battle_score,
    battle_start,
    battle_stop,
    battle_tie,
    game_over,
    no_power_option,
)
from .phase_digivolve import (
    answer_place,
    answer_turn,
    ask_place,
    ask_turn,
    digivolve_coin,
    digivolve_turn,
    nothing_to_place,
)
from .phase_regroup import (
    answer_discard,
    answer_prepare,
    answer_rookie,
    ask_discard,
    ask_prepare,
    ask_rookie,
    no_rookie_change,
    nothing_to_discard,
    nothing_to_prepare,
    online_reset,
    regroup_initiate,
    regroup_restore,
)
from .phase_setup import (
    answer_rookie as answer_setup_rookie,
)
from .phase_setup import (
    ask_rookie as ask_setup_rookie,
)
from .phase_setup import (
    only_rookie,
    setup_compare,
    setup_deal,
    setup_pick,
    setup_redraft,
    setup_reveal,
    setup_spread,
    setup_start,
)

PROCEDURE = Procedure(
    steps={
        # Setup
        "setup.start": setup_start,
        "setup.spread": setup_spread,
        "setup.pick": setup_pick,
        "setup.redraft": setup_redraft,
        "setup.deal": setup_deal,
        "setup.reveal": setup_reveal,
        "setup.compare": setup_compare,
        # Digivolve
        "digivolve.coin": digivolve_coin,
        # Battle
        "battle.start": battle_start,
        "battle.stop": battle_stop,
        "battle.score": battle_score,
        "battle.aftermath": battle_aftermath,
        "battle.tie": battle_tie,
        # Re-Group
        "re-group.restore": regroup_restore,
        "re-group.initiate": regroup_initiate,
        # at any time during play
        "online-reset": online_reset,
        # the end
        "game-over.end": game_over,
        "game-over.ties": game_over,
    },
    decisions={
        "setup.rookie": DecisionRule(frozenset({"rookie"}), ask_setup_rookie, answer_setup_rookie, only_rookie),
        "digivolve.place": DecisionRule(frozenset({"place", "none"}), ask_place, answer_place, nothing_to_place),
        "digivolve.turn": DecisionRule(frozenset({"digivolve", "pass"}), ask_turn, answer_turn, digivolve_turn),
        "battle.turn": DecisionRule(
            frozenset({"play", "pass"}), ask_power_option, answer_power_option, no_power_option
        ),
        "re-group.discard": DecisionRule(
            frozenset({"discard", "done"}), ask_discard, answer_discard, nothing_to_discard
        ),
        "re-group.rookie": DecisionRule(frozenset({"keep", "change"}), ask_rookie, answer_rookie, no_rookie_change),
        "re-group.prepare": DecisionRule(frozenset({"place", "none"}), ask_prepare, answer_prepare, nothing_to_prepare),
    },
)

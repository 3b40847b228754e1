"""The DCG procedure: which function runs each kind of frame (see play.py, attack.py, triggers.py), and every kind
of action with its check. The one module that knows them all: the others import only downward."""

from __future__ import annotations

from ...core.actions import Action
from ...core.choosing import CHOOSE
from ...core.frames import Frame
from ...core.game import ActionRule, DecisionRule, Procedure
from ...core.records import Step
from . import attack, checks, play, triggers, xros
from . import citations as C
from .state import CState

triggers.UPWARD["digivolve"] = play.digivolve_by_effect  # an effect that digivolves: a normal digivolution


def answer_main(state: CState, top: Frame, chosen: Action) -> Step:
    """The main phase's answer: an attack is attack.py's, everything else play.py's."""
    if chosen.kind == "attack":
        return attack.declare_attack(state, chosen.player, chosen)
    return play.answer_main(state, top, chosen)


_COUNTER_WHEN = (
    "<Blast Digivolve> and [Counter] effects are used at counter timing, when an opponent's Digimon attacks."
)
ACTIONS: dict[str, ActionRule] = {
    **checks.ACTIONS,
    **{
        kind: ActionRule(C.COUNTER_TIMING, _COUNTER_WHEN, attack.check_counter)
        for kind in ("blast", "counter", "no-counter")
    },
}

PROCEDURE = Procedure(
    steps={
        "setup.shuffle": play.setup_shuffle,
        "setup.first": play.setup_first,
        "setup.draw": play.setup_draw,
        "setup.reshuffle": play.setup_reshuffle,
        "setup.security": play.setup_security,
        "setup.memory": play.setup_memory,
        "turn.start": play.start_of_turn,
        "unsuspend.all": play.unsuspend_all,
        "end.turn": play.end_of_turn,
        "draw.draw": play.draw_phase,
        "main.option-done": play.option_done,
        "attack.resolve": attack.resolve_attack,
        "attack.check": attack.check_security,
        "attack.checked": attack.after_check,
        "effect.shuffle": triggers.shuffle_deck,
    },
    decisions={
        "setup.redraw": DecisionRule(frozenset({"redraw", "keep"}), play.ask_redraw, play.answer_redraw),
        "breeding.choose": DecisionRule(
            frozenset({"hatch", "move-out", "stay"}), play.ask_breeding, play.answer_breeding, play.breeding_nothing
        ),
        "main.act": DecisionRule(
            frozenset({"play", "digivolve", "dna", "burst", "activate", "use", "attack", "pass"}),
            play.ask_main,
            answer_main,
            play.main_automatic,
        ),
        "xros.choose": DecisionRule(frozenset({"xros", "xros-done"}), xros.ask_xros, xros.answer_xros, xros.no_more),
        "attack.counter": DecisionRule(
            frozenset({"blast", "counter", "no-counter"}), attack.ask_counter, attack.answer_counter, attack.no_counter
        ),
        "attack.block": DecisionRule(frozenset({"block", "no-block"}), attack.ask_block, attack.answer_block),
        "effects.pending": DecisionRule(
            frozenset({"resolve"}), triggers.ask_order, triggers.answer_order, triggers.activate_only
        ),
        "effect.optional": DecisionRule(
            frozenset({"use-effect", "decline"}), triggers.ask_optional, triggers.answer_optional
        ),
        CHOOSE: triggers.CHOICES.decision_rule(),
    },
)

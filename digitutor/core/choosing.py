"""Choosing cards for an effect: one sub-decision a card, then Done — never every subset at once.

A ``choose`` verb that needs a player stops ``run_verbs`` with a ``Choice``. The game puts it
in a frame (``choice_frame``, with whatever it needs to resume the effect) and plugs
``ChoiceRules`` into its procedure: the decision offers each card still to pick and Done;
``pick`` and ``done`` are checked like every other action, each reason cited. When the
choice is complete, the game's ``resume`` runs the effect's verbs on from the choice with
``picked_cards(state, frame)``.

Frames name cards by instance id, and an observation blanks the ids of candidates the
viewer may not see (``hide_candidates``): searching a deck shows its cards to the searcher only.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..rules.model import Citation
from .actions import Action, action
from .effects import Choice
from .frames import Frame, Plain, frame
from .game import ActionRule, DecisionRule
from .records import Decision, Option, Reason, Step

CHOOSE = "effect.choose"  #: the frame kind of a choice in progress
HIDDEN = "?"  #: a candidate another viewer may not see


def choice_frame(state: Any, choice: Choice, **resume: Plain) -> Frame:
    """The frame asking ``choice.chooser``; ``resume``: what the game needs to carry the effect on."""
    ids = state.instances.ids
    return frame(
        CHOOSE,
        choice.chooser,
        at=choice.at,
        candidates=tuple(ids[u] for u in choice.candidates),
        count=choice.count,
        up_to=choice.up_to,
        keep=choice.keep,
        picked=(),
        **resume,
    )


def picked_cards(state: Any, choosing: Frame) -> list[int]:
    """The uids picked so far."""
    return [state.uid(instance) for instance in choosing["picked"]]


def complete(choosing: Frame) -> bool:
    """Nothing is left to pick: ``count`` picked, or every candidate."""
    picked, candidates = choosing["picked"], choosing["candidates"]
    return len(picked) >= choosing["count"] or len(picked) >= len(candidates)


def hide_candidates(frames: Sequence[Frame], visible: Callable[[str], bool]) -> list[Frame]:
    """Choice frames as a viewer may see them: candidates it may not see become ``HIDDEN``."""
    seen = []
    for kept in frames:
        if kept.kind == CHOOSE:
            kept = kept.but(
                candidates=tuple(c if visible(c) else HIDDEN for c in kept["candidates"]),
                picked=tuple(c if visible(c) else HIDDEN for c in kept["picked"]),
            )
        seen.append(kept)
    return seen


@dataclass(frozen=True)
class ChoiceRules:
    """What a game plugs in for choices: the rule that makes a player choose, the words, and how to go on.

    ``rule``: the citation for choosing (the game's rule, or the effect's card text when the
    frame names it in ``quote``); ``resume(state, frame)``: carry the effect on once the choice
    is complete (the frame is still on top), returning the step that tells it.
    """

    rule: Citation
    resume: Callable[[Any, Frame], Step]
    phase: Callable[[Any], str]
    name: Callable[[int], str]
    citation: Callable[[Any, Frame], Citation] | None = None  #: the card text that asks for the choice

    def cited(self, state: Any, choosing: Frame) -> Citation:
        return self.citation(state, choosing) if self.citation is not None else self.rule

    def ask(self, state: Any, choosing: Frame) -> Decision | None:
        if complete(choosing):
            return None
        player, picked = choosing.seat, choosing["picked"]
        cited = self.cited(state, choosing)
        options = [
            Option(action("pick", player, instance), f"Choose {state.label(state.uid(instance))}")
            for instance in choosing["candidates"]
            if instance not in picked
        ]
        done = action("done", player)
        options.append(Option(done, "Done", self.check(state, choosing, done)))
        many = f"up to {choosing['count']}" if choosing["up_to"] else str(choosing["count"])
        prompt = f"{self.name(player)}: choose {many} card(s) ({len(picked)} chosen)."
        return Decision(player, "choose", prompt, tuple(options), (cited,), self.phase(state))

    def answer(self, state: Any, choosing: Frame, proposed: Action) -> Step:
        if proposed.kind == "pick":
            choosing = choosing.but(picked=(*choosing["picked"], proposed.cards[0]))
            state.frames[-1] = choosing
            if not complete(choosing):
                label = state.label(state.uid(proposed.cards[0]))
                told = f"{self.name(proposed.player)} chooses {label}."
                return Step(state.turn, proposed.player, self.phase(state), told, (self.cited(state, choosing),))
        return self.resume(state, choosing)

    def skip(self, state: Any, choosing: Frame, rng: Any) -> Step:
        """Nothing left to pick (every candidate taken): go on."""
        return self.resume(state, choosing)

    def check(self, state: Any, choosing: Frame | None, proposed: Action) -> tuple[Reason, ...]:
        """Every reason a ``pick`` or ``done`` breaks the choice now."""
        if choosing is None:
            return ()
        cited, picked = self.cited(state, choosing), choosing["picked"]
        if proposed.kind == "done":
            if not choosing["up_to"] and not complete(choosing):
                return (
                    Reason(
                        f"Choose {choosing['count'] - len(picked)} more card(s) first: the effect says "
                        f"{choosing['count']}.",
                        cited,
                    ),
                )
            return ()
        instance = proposed.cards[0] if proposed.cards else ""
        reasons = []
        if instance not in choosing["candidates"]:
            reasons.append(Reason("That card is not one the effect lets you choose.", cited))
        elif instance in picked:
            reasons.append(Reason("That card is chosen already.", cited))
        if len(picked) >= choosing["count"]:
            reasons.append(Reason(f"The effect chooses {choosing['count']} card(s), and they are chosen.", cited))
        return tuple(reasons)

    def decision_rule(self) -> DecisionRule:
        return DecisionRule(frozenset({"pick", "done"}), self.ask, self.answer, self.skip)

    def action_rules(self) -> dict[str, ActionRule]:
        when = "Cards are chosen when an effect asks for a choice."
        return {"pick": ActionRule(self.rule, when, self.check), "done": ActionRule(self.rule, when, self.check)}

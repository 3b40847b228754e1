"""'Choose up to N' is one sub-decision a card and a Done, each checked with every cited reason (core/choosing.py)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from digitutor.core.actions import action
from digitutor.core.choosing import CHOOSE, HIDDEN, ChoiceRules, choice_frame, hide_candidates, picked_cards
from digitutor.core.effects import Choice
from digitutor.core.frames import Frame
from digitutor.core.instances import Instances
from digitutor.core.records import Step
from digitutor.core.state import StateBase
from digitutor.rules.model import Citation

RULE = Citation("test:choose", "choose")


@dataclass
class Card:
    id: str
    name: str


@dataclass(slots=True)
class Table(StateBase):
    instances: Instances
    frames: list[Frame] = field(default_factory=list)
    turn: int = 1
    resumed: list[list[int]] = field(default_factory=list)


def table() -> Table:
    cards = [Card("agumon", "Agumon"), Card("gabumon", "Gabumon"), Card("patamon", "Patamon")]
    return Table(Instances.numbered(cards, [0, 0, 1], random.Random(3)))


def resume(state: Table, choosing: Frame) -> Step:
    state.resumed.append(picked_cards(state, choosing))
    state.frames.pop()
    return Step(state.turn, choosing.player, "main", "resumed", (RULE,))


RULES = ChoiceRules(RULE, resume, lambda state: "main", lambda player: f"Player {player + 1}")


def test_up_to_two_of_three_one_pick_at_a_time_and_done_any_time():
    state = table()
    state.frames.append(choice_frame(state, Choice(1, 0, (0, 1, 2), 2, True, "chosen"), effect=0))
    decision = RULES.ask(state, state.frames[-1])
    assert [o.label for o in decision.options] == ["Choose Agumon", "Choose Gabumon", "Choose Patamon", "Done"]
    assert all(o.legal for o in decision.options)  # up to: Done is legal with none chosen
    first = action("pick", 0, state.iid(1))
    RULES.answer(state, state.frames[-1], first)
    again = RULES.check(state, state.frames[-1], first)
    assert [r.why for r in again] == ["That card is chosen already."]
    RULES.answer(state, state.frames[-1], action("pick", 0, state.iid(2)))
    assert state.resumed == [[1, 2]] and not state.frames  # two chosen: the effect goes on by itself


def test_exactly_one_done_is_refused_until_a_card_is_chosen_and_a_stranger_card_is_refused():
    state = table()
    state.frames.append(choice_frame(state, Choice(0, 0, (0, 1), 1, False, None)))
    done = next(o for o in RULES.ask(state, state.frames[-1]).options if o.action.kind == "done")
    assert [r.why for r in done.reasons] == ["Choose 1 more card(s) first: the effect says 1."]
    assert done.reasons[0].citation == RULE
    stranger = RULES.check(state, state.frames[-1], action("pick", 0, state.iid(2)))
    assert [r.why for r in stranger] == ["That card is not one the effect lets you choose."]


def test_candidates_a_viewer_may_not_see_are_blanked():
    state = table()
    state.frames.append(choice_frame(state, Choice(0, 0, (0, 1), 1, False, None)))
    seen = hide_candidates(state.frames, lambda instance: instance == state.iid(0))
    assert seen[0].kind == CHOOSE and seen[0]["candidates"] == (state.iid(0), HIDDEN)


def test_a_choice_frame_survives_json():
    state = table()
    choosing = choice_frame(state, Choice(0, 0, (0, 1), 1, False, None), kept=(("revealed", (1, 2)),))
    assert Frame.from_json(choosing.to_json()) == choosing

"""The coach: the answer a lesson plays once its script runs out, and the tutor's ★ suggestion there.

One function serves both, so the game a lesson's checks verify is the game the ★ guides (issue 33).
"""

from __future__ import annotations

import logging
import random

from ..core.game import Observation
from ..core.match import Match
from ..core.records import Decision

log = logging.getLogger("digitutor.lessons")


def coach_answer(match: Match, decision: Decision) -> str | None:
    """What the game's own sensible agent ("greedy", else the first legal option) would answer.

    The agents decide from what the deciding seat may see, so the answer reveals nothing hidden. The agent gets a
    fresh ``random.Random(0)`` each time: the same decision always gets the same answer.
    """
    legal = decision.legal_options
    if not legal:
        return None
    factory = getattr(match.game, "agents", {}).get("greedy")
    if factory is None:
        return legal[0].key
    try:
        answer = factory(random.Random(0)).choose(
            decision, Observation(match.game, match.state, decision.player, decision)
        )
    except Exception:  # an answer that cannot be computed falls back to the first legal option
        log.exception("the coach could not suggest an answer")
        return legal[0].key
    return answer if any(option.key == answer for option in legal) else legal[0].key

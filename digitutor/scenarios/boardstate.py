"""A game in progress as a scenario board: what the editor loads from "the game in progress".

The board format holds zones, counters, the turn, whose turn and the phase to start in, and an attack
under way where the game has one (DCG: an attack declared; DMB/DBE: both attacks chosen in secret).
A game in the middle of an attack keeps it, so "Play from here" resumes the same attack:

- DCG: an attack declared and not yet resolved (its counter or blocker timing, or the battle or security
  checks not begun) becomes ``attack: {attacker, target, at}``, the attacker written as it stood when it
  attacked (unsuspended: the declaration suspends it), the target as the attack now has it (after a
  block, the blocking Digimon, suspended) and ``at`` the step the attack had reached (dcg:attacking.p3-p4):
  left out while its [When Attacking] effects are still activating, ``counter`` at counter timing, ``block``
  at blocker timing (a [Counter] effect still resolving is not carried over), ``battle`` after blocker
  timing. The board resumes the attack there: effects that already activated do not activate again.
- DMB/DBE: attacks chosen and not yet dealt (from the Support Phase until the first attacker's damage)
  become ``attack: {chosen: [...]}`` with the phase ``strategy``: the board starts at the Support Phase with
  the same secret attacks, the Supports back in the hand.

What else is in the middle of resolving (an effect waiting for a choice, lingering effects of this turn,
an attack already partly dealt) is not carried over: the board starts at the beginning of the phase the
game is in (or the nearest phase a board may start in: a DMB/DBE Battle or Support Phase starts again
from its Strategy Phase, the Supports back in the hand), and the editor shows it checked like any other
board. Cards removed from the game are not on a board.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core.errors import InputError
from ..core.registry import get_game


def board_from_state(game: str, state: Any) -> dict[str, Any]:
    """The scenario board mapping of ``state`` (every card by card id, piles top first as files list them)."""
    return EXPORTS[game](state, get_game(game).phase_of(state))


def _ids(state: Any, uids: Any) -> list[str]:
    return [state.instances.cards[uid].id for uid in uids]


def _top_first(state: Any, uids: Any) -> list[str]:
    """A pile the engine keeps top last, as files list it: top first."""
    return _ids(state, reversed(list(uids)))


def _phase(phase: str, allowed: tuple[str, ...], fallback: str) -> str:
    return phase if phase in allowed else fallback


def _dcg(state: Any, phase: str) -> dict[str, Any]:
    from ..games.dcg.setup import START_AT

    def stack(entry: Any) -> Any:
        cards = _ids(state, entry.cards)
        shown: Any = cards[0] if len(cards) == 1 else cards
        if entry.suspended or entry.played:
            shown = {
                "stack": cards,
                **({"suspended": True} if entry.suspended else {}),
                **({"played": True} if entry.played and entry.played == state.turn else {}),
            }
        return shown

    players = []
    for side in state.sides:
        entry: dict[str, Any] = {
            "hand": _ids(state, side.hand),
            "battle": [stack(s) for s in side.battle],
            "security": _top_first(state, side.security),
            "deck": _top_first(state, side.deck),
            "egg_deck": _top_first(state, side.eggs),
            "trash": _ids(state, side.trash),
        }
        if side.breeding is not None:
            entry["breeding"] = stack(side.breeding)
        players.append({key: value for key, value in entry.items() if value})
    memory = state.memory if state.active == 0 else -state.memory
    board = {
        "phase": _phase(phase, START_AT, "main"),
        "active": state.active,
        "turn": max(1, state.turn),
        "first": state.first,
        "memory": memory,
        "players": players,
    }
    _dcg_attack(state, board)
    return board


def _dcg_attack(state: Any, board: dict[str, Any]) -> None:
    """An attack declared and not yet resolved (its ``attack.resolve`` frame still waits) as the board's ``attack`` key,
    with the step it had reached."""
    from .boardedit import THE_PLAYER, attack_choices

    resolving = next((kept for kept in reversed(state.frames) if kept.kind == "attack.resolve"), None)
    if resolving is None or board["phase"] != "main":
        return
    attacker, target = state.instances.uid(resolving["attacker"]), resolving["target"]
    side, other = state.sides[state.active], state.sides[1 - state.active]
    at = next((i for i, stack in enumerate(side.battle) if stack.top == attacker), None)
    aimed = (
        next((i for i, stack in enumerate(other.battle) if stack.top == state.instances.uid(target)), None)
        if target
        else None
    )
    if at is None or (target and aimed is None):  # the attacker (or its target) left: the attack ends when it resolves
        return
    attackers, targets = attack_choices(board)  # the names the board's own loader gives these cards
    if len(attackers) != len(side.battle) or len(targets) != len(other.battle) + 1:
        return
    written = board["players"][state.active]["battle"][at]
    if isinstance(written, dict):  # as it stood when it attacked: the declaration suspended it (dcg:attacking.p3)
        written.pop("suspended", None)
        if set(written) == {"stack"}:
            board["players"][state.active]["battle"][at] = (
                written["stack"][0] if len(written["stack"]) == 1 else written["stack"]
            )
    board["attack"] = {"attacker": attackers[at][1], "target": THE_PLAYER if aimed is None else targets[aimed + 1][1]}
    point = _dcg_attack_point(state)
    if point != "declared":
        board["attack"]["at"] = point


def _dcg_attack_point(state: Any) -> str:
    """How far the attack has come (``ATTACK_POINTS``): the attack's frame on top of it names the step still to come;
    anything above the counter timing frame is its [When Attacking] effects, still activating."""
    from ..games.dcg.setup import ATTACK_FRAMES, ATTACK_POINTS

    kinds = [kept.kind for kept in state.frames]
    resolve = len(kinds) - 1 - kinds[::-1].index(ATTACK_FRAMES[-1])
    above = [
        kind for kind in kinds[resolve + 1 :] if kind in ATTACK_FRAMES
    ]  # the steps not yet over, the next one last
    if not above:
        return "battle"
    if above[-1] == ATTACK_FRAMES[0] and kinds[-1] != ATTACK_FRAMES[0]:
        return "declared"
    return ATTACK_POINTS[ATTACK_FRAMES.index(above[-1]) + 1]


def _dtector(state: Any, phase: str) -> dict[str, Any]:
    from ..games.dtector.setup import START_AT

    def unit(entry: Any) -> Any:
        cards = _ids(state, entry.stack)
        if entry.spirits:
            return {"stack": cards, "spirits": _ids(state, entry.spirits)}
        return cards[0] if len(cards) == 1 else cards

    players = []
    for player, side in enumerate(state.sides):
        called = (
            [state.face_down[player]] if state.face_down[player] is not None else []
        )  # a Battle Call card goes back to the hand
        entry = {
            "hand": _ids(state, [*side.hand, *called]),
            "d_dock": [unit(u) for u in side.ddock],
            "deck": _top_first(state, side.deck),
            "discard": _ids(state, side.discard),
            "score": _ids(state, side.score),
            "points": side.points,
        }
        players.append({key: value for key, value in entry.items() if value})
    return {
        "phase": _phase(phase, START_AT, "battle-call"),
        "active": state.active,
        "turn": max(1, state.turn),
        "players": players,
    }


def _arena(state: Any, phase: str) -> dict[str, Any]:
    if any(not side.duel for side in state.sides):
        raise InputError(
            "game in progress", "", "the game is still in Setup: a board starts once each Duel Zone has its Rookie"
        )
    players = []
    for side in state.sides:
        entry: dict[str, Any] = {
            "duel_zone": _ids(state, side.duel),
            "hand": _ids(state, side.hand),
            "online": _top_first(state, side.online),
            "offline": _ids(state, side.offline),
            "power_port": _ids(state, side.port),
            "digivices": _ids(state, side.spent),
            "score": side.points,
        }
        if side.new_rookie is not None:
            entry["new_rookie"] = state.instances.cards[side.new_rookie].id
        if side.plan is not None:
            plan = {"card": state.instances.cards[side.plan.card].id}
            if side.plan.digivice is not None:
                plan["digivice"] = state.instances.cards[side.plan.digivice].id
            entry["digivolve_zone"] = plan
        players.append({key: value for key, value in entry.items() if value or key == "duel_zone"})
    return {
        "phase": _phase(phase, ("digivolve", "battle", "re-group"), "battle"),
        "first": state.first,
        "duel": max(1, state.turn),
        "ties": state.ties,
        "players": players,
    }


def _battles(with_dbe: bool) -> Callable[[Any, str], dict[str, Any]]:
    """DMB and DBE share their zones; DBE adds the Dark Area and flat tokens."""

    def export(state: Any, phase: str) -> dict[str, Any]:
        from ..games.dmb.setup import START_AT

        players = []
        for side in state.sides:
            # the Support Phase starts again from the Strategy Phase: its Supports go back to the hand; cards looked at
            # (or set aside before the game) go back on the deck; cards removed from the game are not on a board
            hand = [*side.hand, *side.support, *side.evolve_zone]
            deck = [*side.deck, *side.side_pile, *side.kept, *reversed(side.looking)]
            entry: dict[str, Any] = {
                "hand": _ids(state, hand),
                "active": _ids(state, side.active),
                "dp": _ids(state, side.dp),
                "attached": _ids(state, side.attached),
                "deck": _top_first(state, deck),
                "trash": _ids(state, side.trash),
                "destiny": _ids(state, side.destiny),
                "hp": side.hp,
                "ko_points": side.ko_points,
                "abnormal": side.abnormal,
            }
            if side.partner:
                entry["partner"] = side.partner
            came = [state.instances.cards[uid].id for uid in side.active if uid in side.destined]
            if came:
                entry["from_destiny"] = came
            if with_dbe:
                entry.update(dark=_ids(state, side.dark), flats=side.flats)
            players.append({key: value for key, value in entry.items() if value or key == "hp"})
        if with_dbe and state.turn <= 1 and phase == "strategy":
            phase = "end"  # the first turn skips the Strategy Phase (dbe:strategy-phase.p1): the End Phase comes next
        board = {
            "phase": _phase("strategy" if phase in ("battle", "support") else phase, START_AT, "prep"),
            "active": state.active,
            "turn": max(1, state.turn),
            "players": players,
        }
        chosen = _chosen_attacks(state) if phase in ("battle", "support") else None
        if chosen is not None:
            board["attack"] = {"chosen": chosen}
        return board

    return export


def _chosen_attacks(state: Any) -> list[str] | None:
    """Both players' attacks, chosen in secret and not yet dealt: from the Support Phase until the first attacker's
    damage (``battle.first`` still waits); None when no attack is pending so."""
    from ..core.secret import choices

    if not any(kept.kind in ("strategy.reveal", "battle.abilities", "battle.first") for kept in state.frames):
        return None
    if state.attacks:  # revealed (Battle Phase step 2), not yet dealt
        return list(state.attacks)
    reveal = next((kept for kept in state.frames if kept.kind == "strategy.reveal"), None)
    secret = choices(reveal) if reveal is not None else {}
    return [secret[0], secret[1]] if len(secret) == 2 else None


EXPORTS: dict[str, Callable[[Any, str], dict[str, Any]]] = {
    "dcg": _dcg,
    "dtector": _dtector,
    "arena": _arena,
    "dmb": _battles(False),
    "dbe": _battles(True),
}

"""Battle: Power Options one per turn, the pass, the largest power, scoring, the aftermath, 1000 points."""

from __future__ import annotations

import random

from ...core.actions import Action
from ...core.effects import expire, run_verbs
from ...core.frames import Frame, frame
from ...core.records import Decision, Event, Step
from ...rules.model import Citation
from . import citations as C
from . import effects
from .actions import clear_power_port, flag_if_empty, listing, name, step, to_offline
from .checks import colour_of, power, power_option_options
from .phase_setup import compare_types
from .state import TIE_LIMIT, WINNING_SCORE, AState, Phase


def powers(state: AState) -> str:
    """Both Digimon and their power, for the narration."""
    return " against ".join(
        f"{name(p)}'s {state.top(p).name} ({colour_of(state, p)}, power {power(state, p)})" for p in (0, 1)
    )


def battle_start(state: AState, top: Frame, rng: random.Random) -> Step:
    """The Battle begins with the player who goes first this Duel."""
    state.passed = [False, False]
    state.actor = state.first
    state.goto(frame("battle.turn", state.first))
    cited = [*who_starts(state), C.ATTACK_VALUE, C.POWER]
    if colour_of(state, 0) != colour_of(state, 1):
        cited[1:1] = [C.ROCK_PAPER_SCISSORS, C.TRIANGLE]
    return step(
        state,
        Phase.BATTLE,
        state.first,
        f"Battle: {powers(state)}. {compare_types(state)} {name(state.first)} plays first.",
        cited,
        [Event("power", p, data={"power": power(state, p)}) for p in (0, 1)],
    )


def who_starts(state: AState) -> list[Citation]:
    """The rule that decided who plays first in this Battle: the coin in the first Duel, then the last Duel."""
    if state.turn <= 1:
        return [C.TAKE_TURNS]
    if state.last_winner is None:
        return [C.TIE_FIRST, C.TURNS]
    return [C.WINNER_FIRST, C.TURNS]


def _after_turn(state: AState, player: int) -> None:
    """The turn goes to the other player, unless they have passed; when both have, play stops."""
    if all(state.passed):
        state.goto(frame("battle.stop"))
    elif not state.passed[1 - player]:
        state.actor = 1 - player
        state.goto(frame("battle.turn", state.actor))


def has_power_options(state: AState, player: int) -> bool:
    return not all(state.cards[uid].is_digimon for uid in state.sides[player].hand)


def ask_power_option(state: AState, top: Frame) -> Decision | None:
    """The actor plays one Power Option on the Power Port, or passes (None: no Power Option to play)."""
    player = state.actor
    if not has_power_options(state, player):
        return None
    alone = state.passed[1 - player]
    cited = (C.TAKE_TURNS, C.EFFECT, C.USE_REQUIREMENTS, C.OTHER_CONTINUES if alone else C.PASS)
    return Decision(
        player,
        "power-option",
        f"{name(player)}: play a Power Option on the Power Port, or pass?",
        power_option_options(state, player),
        cited,
        str(Phase.BATTLE),
    )


def no_power_option(state: AState, top: Frame, rng: random.Random) -> Step:
    """A player with no Power Option cards in hand passes."""
    player = state.actor
    state.passed[player] = True
    _after_turn(state, player)
    return step(
        state,
        Phase.BATTLE,
        player,
        f"{name(player)} has no Power Option cards to play and passes.",
        (C.PASS, C.BATTLE_TURNS),
        [Event("battle-pass", player)],
    )


def answer_power_option(state: AState, top: Frame, chosen: Action) -> Step:
    alone = state.passed[1 - chosen.player]
    if chosen.kind == "pass":
        return _pass(state, chosen.player, alone)
    return play(state, chosen.player, state.uid(chosen.cards[0]), alone)


def _pass(state: AState, player: int, alone: bool) -> Step:
    state.passed[player] = True
    _after_turn(state, player)
    if alone:
        narration, cited = f"{name(player)} decides to stop too.", (C.OTHER_CONTINUES, C.BATTLE_TURNS)
    else:
        narration, cited = f'{name(player)} says "Pass"; {name(1 - player)} may go on alone.', (C.PASS, C.BATTLE_TURNS)
    return step(state, Phase.BATTLE, player, narration, cited, [Event("battle-pass", player)])


def play(state: AState, player: int, uid: int, alone: bool) -> Step:
    """Play a Power Option: complete its Use Requirements (conditions, costs), and its effect comes into play."""
    side = state.sides[player]
    side.hand.remove(uid)
    side.port.append(uid)
    card = state.cards[uid]
    cited: list[Citation] = [C.OTHER_CONTINUES if alone else C.TAKE_TURNS, C.EFFECT]
    events = [state.card_event("power-option", player, (uid,))]
    acting = [e for e in card.effects if e.spec.timing != "use-requirements"]
    using = [e for e in card.effects if e.spec.timing == "use-requirements"]
    told = f'{name(player)} plays {card.name} ("{" ".join(e.spec.quote for e in acting)}")'
    hooks = effects.hooks(_after_move)
    for effect in using:
        cited += [C.USE_REQUIREMENTS, effect.citation]
        told += (
            f", completing its Use Requirements ({effect.spec.quote.removeprefix('Use Requirements: ').rstrip('.')})"
        )
        done = run_verbs(state, effect.spec.cost, effects.RULES, effects.WORLD, hooks, player, (uid,))
        events += [_moved(state, who, uids) for _, who, uids in done.moved]
        cited += done.citations
    for effect in acting:
        cited.append(effect.citation)
        done = run_verbs(state, effect.spec.do, effects.RULES, effects.WORLD, hooks, player, (uid,), effect.citation)
        for _, who, uids in done.moved:
            events.append(_moved(state, who, uids))
            told += f"; {name(who)} moves {len(uids)} card(s) from Online to Offline"
        cited += done.citations
    cited += [C.KEEP_TRACK, C.POWER]
    events.append(Event("power", None, data={"powers": [power(state, 0), power(state, 1)]}))
    _after_turn(state, player)
    return step(state, Phase.BATTLE, player, f"{told}. Power: {powers(state)}.", cited, events)


def _after_move(state: AState, owner: int, source: str | None) -> None:
    """Cards moved from an Online pile: if it is now empty, a reset is due."""
    if source == "online":
        flag_if_empty(state, owner)


def _moved(state: AState, owner: int, uids: list[int]) -> Event:
    return state.card_event(
        "online-to-offline", owner, uids, {"count": len(uids), "online": len(state.sides[owner].online)}
    )


# -- when the play stops ---------------------------------------------------------------------------------------------


def battle_stop(state: AState, top: Frame, rng: random.Random) -> Step:
    """The Digimon showing the largest power wins the Duel."""
    values = (power(state, 0), power(state, 1))
    if values[0] == values[1]:
        state.last_winner = None
        state.goto(frame("battle.tie"))
        verdict = "a tie"
    else:
        state.last_winner = winner = int(values[1] > values[0])
        state.goto(frame("battle.score"))
        verdict = f"{name(winner)}'s {state.top(winner).name} shows the largest power and wins the Duel"
    return step(
        state,
        Phase.BATTLE,
        state.last_winner,
        f"Play stops: {powers(state)}: {verdict}.",
        (C.LARGEST_POWER, C.POWER),
        [Event("duel", state.last_winner, data={"powers": list(values)})],
    )


def battle_score(state: AState, top: Frame, rng: random.Random) -> Step:
    """The winner scores from the winning Digimon's Score section, by the defeated Digimon's level."""
    winner = state.last_winner
    assert winner is not None
    winning, defeated = state.top(winner), state.top(1 - winner)
    assert winning.score is not None and defeated.level is not None
    points = winning.score[defeated.level]
    side = state.sides[winner]
    side.points += points
    state.goto(frame("game-over.end") if side.points >= WINNING_SCORE else frame("battle.aftermath"))
    return step(
        state,
        Phase.BATTLE,
        winner,
        f"{winning.name}'s Score section gives {points} points for defeating a {defeated.level}: "
        f"{name(winner)} now has {side.points}.",
        (C.SCORE_SECTION, C.ADD_POINTS, C.SCORE_TABLE),
        [state.card_event("score", winner, state.sides[winner].duel[-1:], {"points": points, "total": side.points})],
    )


def battle_aftermath(state: AState, top: Frame, rng: random.Random) -> Step:
    """The loser keeps only the Rookie; every Power Option goes Offline; the winner goes first next."""
    winner = state.last_winner
    assert winner is not None
    loser_side = state.sides[1 - winner]
    removed = to_offline(state, 1 - winner, loser_side.duel[1:])
    del loser_side.duel[1:]
    digivices = any(side.spent for side in state.sides)
    cleared = [clear_power_port(state, p) for p in (0, 1)]
    expire(state, "duel")
    state.first = state.actor = winner
    state.ties = 0
    state.goto(frame("re-group.discard", winner))
    lost = f" ({listing(state.labels(removed))} goes Offline)" if removed else ""
    cited: list[Citation] = [C.LOSER_KEEPS_ROOKIE, C.POWER_OPTIONS_OFFLINE, C.WINNER_FIRST]
    if digivices:
        cited.append(C.DIGIVICE_SPENT)
    return step(
        state,
        Phase.BATTLE,
        winner,
        f"{name(winner)} keeps {state.top(winner).name}; {name(1 - winner)} keeps only the Rookie "
        f"{state.top(1 - winner).name}{lost}. {_options_offline(state, cleared)} {name(winner)} goes first in "
        "the next Duel.",
        cited,
        [
            state.card_event("to-offline", 1 - winner, removed),
            *(state.card_event("to-offline", p, cards) for p, cards in enumerate(cleared) if cards),
        ],
    )


def _options_offline(state: AState, cleared: list[list[int]]) -> str:
    cards = [state.label(uid) for uids in cleared for uid in uids]
    return f"The Power Options go Offline ({listing(cards)})." if cards else "No Power Options were played."


def battle_tie(state: AState, top: Frame, rng: random.Random) -> Step:
    """A tie: no Digimon move, the Power Options go Offline, and the same player goes first again."""
    digivices = any(side.spent for side in state.sides)
    cleared = [clear_power_port(state, p) for p in (0, 1)]
    expire(state, "duel")
    state.ties += 1
    state.actor = state.first
    state.goto(frame("game-over.ties") if state.ties >= TIE_LIMIT else frame("re-group.discard", state.first))
    cited: list[Citation] = [C.TIE_NO_DIGIMON, C.TIE_OPTIONS_OFFLINE]
    if digivices:
        cited.append(C.DIGIVICE_SPENT)
    if state.ties >= TIE_LIMIT:
        cited.append(C.ENDLESS_TIES)
    return step(
        state,
        Phase.BATTLE,
        None,
        f"A tie: no Digimon are moved to Offline. {_options_offline(state, cleared)} {name(state.first)}, who "
        "went first, goes first in the next Duel.",
        cited,
        [
            Event("tie", data={"in_a_row": state.ties}),
            *(state.card_event("to-offline", p, cards) for p, cards in enumerate(cleared) if cards),
        ],
    )


def game_over(state: AState, top: Frame, rng: random.Random) -> Step:
    """The first player to score 1000 points wins (after endless ties the tutor stops the game as a draw)."""
    points = [side.points for side in state.sides]
    state.over = True
    cited: tuple[Citation, ...]
    endless = top.kind == "game-over.ties"
    state.goto(frame("game-over.done", reason="ties" if endless else "points"))
    if endless:
        state.winner = None
        narration = (
            f"{TIE_LIMIT} Duels in a row ended in a tie: the tutor stops the game as a draw "
            f"({points[0]} to {points[1]}; nobody reached 1000 points)."
        )
        cited = (C.ENDLESS_TIES, C.THOUSAND_POINTS)
    else:
        state.winner = state.last_winner  # only the winner of a Duel scores, so they reached it first
        assert state.winner is not None
        narration = (
            f"{name(state.winner)} reaches {points[state.winner]} points and wins the game ({points[0]} to "
            f"{points[1]})."
        )
        cited = (C.THOUSAND_POINTS,)
    return step(
        state,
        Phase.GAME_OVER,
        state.winner,
        narration,
        cited,
        [Event("game-over", state.winner, data={"points": points})],
    )

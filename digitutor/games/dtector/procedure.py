"""The D-Tector procedure: one function per rulebook step, in the rulebook's order.

Each function runs one kind of frame (see ``PROCEDURE`` at the end). A turn is a
``turn`` frame that lays out the turn's phases as frames; each step replaces its
frame with the next (``goto``) or pops it; decisions ask without changing the state
and are answered through ``Game.apply``, which checks the action first.
"""

from __future__ import annotations

import random
from functools import lru_cache

from ...core.actions import Action, action
from ...core.effects import expire
from ...core.frames import Frame, frame
from ...core.game import DecisionRule, Procedure
from ...core.records import Decision, Event, Option, Step
from ...rules.model import Citation
from . import citations as C
from . import effects
from .cards import BattleType, Card, Level
from .checks import (
    attacking_card,
    battle_call_winner,
    d_dock_position,
    in_d_dock,
    why_not_defend_from_hand,
    why_not_digivolve,
)
from .state import DState, Phase, Unit

HAND_SIZE = 3


def name(player: int) -> str:
    return f"Player {player + 1}"


def _step(state: DState, phase: Phase, player: int | None, narration: str, citations: tuple, events=()) -> Step:
    return Step(state.turn, player, PHASE_IDS[phase], narration, citations, tuple(events))


PHASE_IDS = {phase: phase.value for phase in Phase}  # a dict look-up is cheaper than the enum's value descriptor


# -- Game Requirements --------------------------------------------------------------------------


def setup_decks(state: DState, top: Frame, rng: random.Random) -> Step:
    state.goto(frame("setup.shuffle"))
    sizes = [len(side.deck) for side in state.sides]
    return _step(
        state,
        Phase.SETUP,
        None,
        f"Each player brings a {sizes[0]}-card deck.",
        (C.DECK_SIZE,),
        [Event("deck", p, data={"size": size}) for p, size in enumerate(sizes)],
    )


def setup_shuffle(state: DState, top: Frame, rng: random.Random) -> Step:
    for side in reversed(state.sides):  # Player 1 shuffles Player 2's deck, then Player 2 shuffles Player 1's
        rng.shuffle(side.deck)
    state.goto(frame("setup.draw"))
    return _step(
        state,
        Phase.SETUP,
        None,
        "Each player shuffles the opponent's deck.",
        (C.SHUFFLE_AND_DRAW,),
        [Event("shuffle", p, data={"by": 1 - p}) for p in (0, 1)],
    )


def setup_draw(state: DState, top: Frame, rng: random.Random) -> Step:
    events = [_draw(state, p, HAND_SIZE) for p in (0, 1)]
    state.goto(frame("setup.coin"))
    return _step(state, Phase.SETUP, None, f"Both players draw {HAND_SIZE} cards.", (C.SHUFFLE_AND_DRAW,), events)


def setup_coin(state: DState, top: Frame, rng: random.Random) -> Step:
    state.first = state.active = rng.randrange(2)
    flipped = _step(  # the last step of the setup, before the first turn
        state,
        Phase.SETUP,
        state.first,
        f"The coin says {name(state.first)} goes first.",
        (C.COIN_FLIP,),
        [Event("coin", state.first)],
    )
    state.turn = 1
    state.goto(*turn_frames(state.active, refill=False))
    return flipped


def turn_frames(active: int, refill: bool = True) -> list[Frame]:
    """A turn's phases, in the rulebook's order, as frames to run one after another."""
    frames = [frame("draw.refill", active)] if refill else []
    return [
        *frames,
        frame("battle-call.place", active),
        frame("digivolve.choose", active),
        frame("digivolve.choose", 1 - active),
        frame("digi-battle.attack", active),
        frame("end.turn", active),
    ]


def _draw(state: DState, player: int, count: int) -> Event:
    side = state.sides[player]
    drawn = [side.deck.pop() for _ in range(min(count, len(side.deck)))]
    side.hand.extend(drawn)
    return state.card_event("draw", player, drawn, {"count": len(drawn)}, secret=True)


def _someone_out_of_cards(state: DState) -> bool:
    return any(not side.deck for side in state.sides)


def _game_over(state: DState) -> None:
    state.clear_to(frame("game-over.end"))


# -- Start of a turn (interpretation: refill to three) ---------------------------------------------


def draw_refill(state: DState, top: Frame, rng: random.Random) -> Step | None:
    if _someone_out_of_cards(state):
        _game_over(state)
        return None
    state.pop()
    needs = [(p, HAND_SIZE - len(state.sides[p].hand)) for p in (state.active, 1 - state.active)]
    drawn = [(p, _draw(state, p, n)) for p, n in needs if n > 0]
    if not drawn:
        return None
    if _someone_out_of_cards(state):
        _game_over(state)
    told = " and ".join(f"{name(p)} draws {e.data['count']}" for p, e in drawn)
    events = [e for _, e in drawn]
    return _step(
        state, Phase.DRAW, state.active, f"Hands are refilled to {HAND_SIZE}: {told}.", (C.DRAW_TO_THREE,), events
    )


# -- Battle Call Command Phase ------------------------------------------------------------------------


@lru_cache(maxsize=1024)
def call_label(card: Card) -> str:
    return f"{card.name} ({card.battle_type}, {card.element}, power {card.power})"


def ask_battle_call(state: DState, top: Frame) -> Decision:
    player = top.player
    assert player is not None
    ids, cards = state.instances.ids, state.cards
    options = [Option(action("place", player, ids[uid]), call_label(cards[uid])) for uid in state.sides[player].hand]
    return Decision(
        player,
        "battle-call",
        f"{name(player)}: place one Digimon from your hand face down.",
        tuple(options),
        (C.PLACE_FACE_DOWN,),
        Phase.BATTLE_CALL.value,
    )


def place(state: DState, top: Frame, chosen: Action) -> Step:
    player = chosen.player
    uid = state.uid(chosen.cards[0])
    state.sides[player].hand.remove(uid)
    state.face_down[player] = uid
    if player == state.active:
        state.goto(frame("battle-call.place", 1 - player))
    else:
        state.goto(frame("battle-call.reveal"))
    return _step(
        state,
        Phase.BATTLE_CALL,
        player,
        f"{name(player)} places a Digimon face down.",
        (C.PLACE_FACE_DOWN,),
        [state.card_event("face-down", player, (uid,), secret=True)],
    )


def battle_call_reveal(state: DState, top: Frame, rng: random.Random) -> Step:
    state.goto(frame("battle-call.compare"))
    uids = [uid for uid in state.face_down if uid is not None]
    shown = [state.card(uid) for uid in uids]
    return _step(
        state,
        Phase.BATTLE_CALL,
        None,
        f"Both reveal: {name(0)}'s {shown[0].name} ({shown[0].battle_type}) and {name(1)}'s {shown[1].name} "
        f"({shown[1].battle_type}).",
        (C.REVEAL, C.BATTLE_TYPES),
        [state.card_event("reveal", p, (uids[p],)) for p in (0, 1)],
    )


def battle_call_compare(state: DState, top: Frame, rng: random.Random) -> Step:
    first, second = state.face_down
    if first is None or second is None:
        raise ValueError("both Battle Call cards are placed before they are compared")
    outcome = battle_call_winner(state.card(first), state.card(second))
    state.goto(frame("battle-call.resolve", winner=outcome.winner))
    winner = "nobody" if outcome.winner is None else name(outcome.winner)
    return _step(
        state,
        Phase.BATTLE_CALL,
        outcome.winner,
        f"{outcome.explanation} Battle Call won by {winner}.",
        outcome.citations,
        [Event("battle-call", outcome.winner)],
    )


def battle_call_resolve(state: DState, top: Frame, rng: random.Random) -> Step:
    winner = top["winner"]
    events = []
    for player in (0, 1):
        uid = state.face_down[player]
        assert uid is not None
        side = state.sides[player]
        if player == winner:
            side.ddock.append(Unit((uid,)))
            events.append(state.card_event("to-d-dock", player, (uid,)))
        else:
            side.discard.append(uid)
            events.append(state.card_event("discard", player, (uid,)))
    state.face_down = [None, None]
    state.pop()
    if winner is None:
        narration = "Both Battle Call cards go to the discard pile."
        cited: tuple[Citation, ...] = (C.BATTLE_CALL_TIE, C.PROCEED_TO_DIGIVOLVE)
    else:
        narration = f"{name(winner)} places the winner in the D-Dock; {name(1 - winner)} discards theirs."
        cited = (C.WINNER_TO_D_DOCK, C.LOSER_DISCARDS, C.PROCEED_TO_DIGIVOLVE)
    return _step(
        state,
        Phase.BATTLE_CALL,
        winner,
        narration + f" {name(state.active)} proceeds to the Digivolve phase.",
        cited,
        events,
    )


# -- Digivolve Phase --------------------------------------------------------------------------------------


def digivolve_options(state: DState, player: int) -> tuple[Option, ...]:
    """Digivolve and Spirit-combine options (illegal tempting ones with reasons), then ``done``."""
    side = state.sides[player]
    options: list[Option] = []
    ids, cards = state.instances.ids, state.cards
    candidates = [
        uid for uid in side.hand if cards[uid].level is not Level.ROOKIE
    ]  # a Rookie never looks like a digivolution
    for unit_at, unit in enumerate(side.ddock):
        top = unit.stack[-1]
        for uid in candidates:
            reasons = why_not_digivolve(state, player, unit_at, cards[uid])
            chosen = action("digivolve", player, ids[top], ids[uid])
            options.append(Option(chosen, f"Digivolve {cards[top].name} to {cards[uid].name}", reasons))
    for spirit in side.ddock:
        if state.card(spirit.top).battle_type is not BattleType.SPIRIT:
            continue
        for target in side.ddock:
            if target is not spirit:
                label = f"Combine Spirit {state.unit_label(spirit)} with {state.unit_label(target)}"
                options.append(Option(action("combine", player, state.iid(spirit.top), state.iid(target.top)), label))
    options.append(Option(action("done", player), "Finish digivolving"))
    return tuple(options)


def ask_digivolve(state: DState, top: Frame) -> Decision | None:
    player = top.player
    assert player is not None
    options = digivolve_options(state, player)
    if len(options) == 1:
        return None  # nothing in the D-Dock could digivolve or combine: only "done" is left
    return Decision(
        player,
        "digivolve",
        f"{name(player)}: digivolve or combine a D-Dock Digimon, or finish.",
        options,
        (C.DIGIVOLVE, C.SPIRIT_COMBINE, C.SPECIAL_EFFECT),
        Phase.DIGIVOLVE.value,
    )


def answer_digivolve(state: DState, top: Frame, chosen: Action) -> Step:
    player = chosen.player
    side = state.sides[player]
    if chosen.kind == "done":
        state.pop()
        return _step(
            state, Phase.DIGIVOLVE, player, f"{name(player)} is done digivolving.", (C.BOTH_PLAYERS_DIGIVOLVE,)
        )
    unit_at = d_dock_position(state, player, chosen.cards[0])
    unit = side.ddock[unit_at]
    if chosen.kind == "digivolve":
        uid = state.uid(chosen.cards[1])
        side.hand.remove(uid)
        before = unit.top
        side.ddock[unit_at] = Unit((*unit.stack, uid), unit.spirits)
        return _step(
            state,
            Phase.DIGIVOLVE,
            player,
            f"{name(player)} digivolves {state.label(before)} to {state.label(uid)}.",
            (C.DIGIVOLVE, C.SPECIAL_EFFECT, C.BOTH_PLAYERS_DIGIVOLVE),
            [state.card_event("digivolve", player, (before, uid))],
        )
    target_at = d_dock_position(state, player, chosen.cards[1])
    target = side.ddock[target_at]
    combined = Unit(target.stack, target.spirits + unit.cards)
    side.ddock[target_at] = combined
    del side.ddock[unit_at]
    return _step(
        state,
        Phase.DIGIVOLVE,
        player,
        f"{name(player)} combines {state.unit_label(unit)} with {state.unit_label(target)}: "
        f"Digimon Power {state.unit_power(combined)}.",
        (C.SPIRIT_COMBINE, C.WHOLE_STACK_SCORES),
        [state.card_event("combine", player, (unit.top, target.top), {"power": state.unit_power(combined)})],
    )


# -- Digi-Battle Phase -------------------------------------------------------------------------------------------


def ask_attack(state: DState, top: Frame) -> Decision | None:
    player = top.player
    assert player is not None
    ddock = state.sides[player].ddock
    if not ddock:
        return None
    options = [
        Option(
            action("attack", player, state.iid(unit.top)),
            f"Attack with {state.unit_label(unit)} (power {state.unit_power(unit)})",
        )
        for unit in ddock
    ]
    options.append(Option(action("no-attack", player), "Do not attack"))
    return Decision(
        player,
        "attack",
        f"{name(player)}: attack with a D-Dock Digimon?",
        tuple(options),
        (C.ATTACK,),
        Phase.DIGI_BATTLE.value,
    )


def no_attacker(state: DState, top: Frame, rng: random.Random) -> Step:
    state.pop()
    return _step(
        state,
        Phase.DIGI_BATTLE,
        top.seat,
        f"{name(top.seat)} has no Digimon in the D-Dock to attack with.",
        (C.ATTACK,),
    )


def answer_attack(state: DState, top: Frame, chosen: Action) -> Step:
    player = chosen.player
    if chosen.kind == "no-attack":
        state.pop()
        return _step(state, Phase.DIGI_BATTLE, player, f"{name(player)} does not attack.", (C.ATTACK, C.ONE_ATTACK))
    unit = state.sides[player].ddock[d_dock_position(state, player, chosen.cards[0])]
    state.goto(frame("digi-battle.defend", 1 - player, attacker=chosen.cards[0]))
    return _step(
        state,
        Phase.DIGI_BATTLE,
        player,
        f"{name(player)} attacks with {state.unit_label(unit)} (power {state.unit_power(unit)}).",
        (C.ATTACK, C.ONE_ATTACK),
        [state.card_event("attack", player, (unit.top,))],
    )


def defence_options(state: DState, top: Frame) -> tuple[Option, ...]:
    """Blocks with D-Dock Digimon and hand cards (illegal ones with reasons); ``no-block`` if any is legal."""
    defender = top.player
    assert defender is not None
    attacking = attacking_card(state, top)
    side = state.sides[defender]
    options = [
        Option(
            action("block", defender, state.iid(unit.top)),
            f"Block with {state.unit_label(unit)} from the D-Dock (power {state.unit_power(unit)})",
        )
        for unit in side.ddock
    ]
    for uid in side.hand:
        card = state.card(uid)
        reasons = why_not_defend_from_hand(attacking, card)
        options.append(
            Option(
                action("block", defender, state.iid(uid)),
                f"Block with {card.name} from hand (power {card.power})",
                reasons,
            )
        )
    if any(option.legal for option in options):
        options.append(Option(action("no-block", defender), "Do not block (take the damage to your deck)"))
    return tuple(options)


def ask_defend(state: DState, top: Frame) -> Decision | None:
    options = defence_options(state, top)
    if not any(option.legal for option in options):
        return None
    return Decision(
        top.seat,
        "defend",
        f"{name(top.seat)}: block the attack?",
        options,
        (C.DEFEND, C.ELEMENTS),
        Phase.DIGI_BATTLE.value,
    )


def cannot_block(state: DState, top: Frame, rng: random.Random) -> Step:
    return _undefended(state, top, declined=False)


def answer_defend(state: DState, top: Frame, chosen: Action) -> Step:
    if chosen.kind == "no-block":
        return _undefended(state, top, declined=True)
    return _blocked(state, top, chosen.cards[0])


def _undefended(state: DState, top: Frame, declined: bool) -> Step:
    attacker, defender = state.active, 1 - state.active
    unit = state.sides[attacker].ddock[d_dock_position(state, attacker, top["attacker"])]
    power = state.unit_power(unit)
    hit = effects.damage(unit_effects(state, unit), power)
    damage = hit.value
    cited = [C.DECLINE_DEFENCE] if declined else []
    cited += [C.UNDEFENDED_DAMAGE, C.DAMAGE_PER_POINT, C.ATTACKER_STAYS]
    if unit.spirits:
        cited.append(C.SPIRIT_COMBINE)  # the damage is the summed Digimon Power
    extra = ""
    if damage != power:
        extra = f" ({state.unit_label(unit)}'s Special Effect adds {damage - power})"
        cited += [C.SPECIAL_EFFECT, *hit.because]
    cited += _combined(state, unit, hit.because)
    deck = state.sides[defender].deck
    trashed = [deck.pop() for _ in range(min(damage, len(deck)))]
    state.sides[defender].discard.extend(trashed)
    state.pop()
    if not deck:
        cited.append(C.OUT_OF_CARDS)
        _game_over(state)
    why = "declines to block" if declined else "cannot block"
    return _step(
        state,
        Phase.DIGI_BATTLE,
        attacker,
        f"{name(defender)} {why}: {damage} damage{extra} discards {len(trashed)} card(s) from {name(defender)}'s deck.",
        tuple(cited),
        [state.card_event("deck-damage", defender, trashed, {"damage": damage})],
    )


def unit_effects(state: DState, unit: Unit) -> tuple:
    """A D-Dock Digimon's Special Effects: its top card's and every combined Spirit's (interpretation)."""
    found = state.cards[unit.top].effects
    for uid in unit.spirits:
        found += state.cards[uid].effects
    return found


def _combined(state: DState, unit: Unit, because: tuple) -> tuple:
    """The interpretation to cite when it decided: a combined Spirit's effect counted, or a covered card's did not."""
    spirits = {f"dtector:card.{state.cards[uid].id}" for uid in unit.spirits}
    covered = any(state.cards[uid].effects for uid in unit.stack[:-1])
    return (C.COMBINED_EFFECTS,) if covered or any(c.id in spirits for c in because) else ()


def _blocked(state: DState, top: Frame, blocker_id: str) -> Step:
    attacker, defender = state.active, 1 - state.active
    attack_side, defend_side = state.sides[attacker], state.sides[defender]
    attack_at = d_dock_position(state, attacker, top["attacker"])
    attack_unit = attack_side.ddock[attack_at]
    block_at = in_d_dock(state, defender, blocker_id)
    from_hand = block_at is None
    if block_at is None:
        uid = state.uid(blocker_id)
        defend_side.hand.remove(uid)
        block_unit = Unit((uid,))
    else:
        block_unit = defend_side.ddock.pop(block_at)
    del attack_side.ddock[attack_at]
    attack_power = state.unit_power(attack_unit)
    cited = [C.DEFEND, C.HIGHEST_POWER_WINS, C.DIGIMON_POWER]
    blocker = state.card(block_unit.top)
    if from_hand and blocker.battle_type is not BattleType.SPIRIT:
        cited.append(C.ELEMENTS)
    if attack_unit.spirits or block_unit.spirits:
        cited.append(C.SPIRIT_COMBINE)  # a combined Digimon's power is the sum of its cards
    defending = effects.power(unit_effects(state, block_unit), state.unit_power(block_unit), "defending")
    block_power = defending.value
    if defending.because:
        cited += [C.SPECIAL_EFFECT, *defending.because]
    cited += _combined(state, block_unit, defending.because)
    story = (
        f"{name(defender)} blocks with {state.unit_label(block_unit)} (power {block_power}) against "
        f"{state.unit_label(attack_unit)} (power {attack_power}): "
    )
    state.pop()
    if attack_power == block_power:
        attack_side.discard.extend(attack_unit.cards)
        defend_side.discard.extend(block_unit.cards)
        cited.append(C.DIGI_BATTLE_TIE)
        return _step(
            state, Phase.DIGI_BATTLE, None, story + "a tie, both are discarded.", tuple(cited), [Event("battle-tie")]
        )
    winner = attacker if attack_power > block_power else defender
    win_unit, lose_unit = (attack_unit, block_unit) if winner == attacker else (block_unit, attack_unit)
    state.sides[winner].score.extend(win_unit.cards)
    state.sides[winner].points += 1
    state.sides[1 - winner].discard.extend(lose_unit.cards)
    cited += [C.WINNER_SCORES, C.BATTLE_LOSER_DISCARDS]
    if len(win_unit.cards) > 1 or len(lose_unit.cards) > 1:
        cited.append(C.WHOLE_STACK_SCORES)
    return _step(
        state,
        Phase.DIGI_BATTLE,
        winner,
        story + f"{name(winner)} wins and scores a point ({state.sides[winner].points}).",
        tuple(cited),
        [state.card_event("battle-won", winner, win_unit.cards, {"points": state.sides[winner].points})],
    )


# -- End of turn and How To Win ----------------------------------------------------------------------------------------


def end_turn(state: DState, top: Frame, rng: random.Random) -> Step:
    """Player ends their turn and play shifts to other player: the step is the last of the turn that ends."""
    ending = state.active
    expire(state, "turn")
    ended = _step(
        state, Phase.END, ending, f"{name(ending)} ends the turn; it is {name(1 - ending)}'s turn.", (C.END_TURN,)
    )
    state.turn += 1
    state.active = 1 - ending
    state.goto(*turn_frames(state.active))
    return ended


def game_over(state: DState, top: Frame, rng: random.Random) -> Step:
    points = [side.points for side in state.sides]
    state.over = True
    state.winner = None if points[0] == points[1] else int(points[1] > points[0])
    state.goto(frame("game-over.done"))
    empty = [name(p) for p in (0, 1) if not state.sides[p].deck]
    cited = [C.HOW_TO_WIN, C.OUT_OF_CARDS]
    if state.winner is None:
        verdict = "the game is a draw"
        cited.append(C.POINTS_TIE)
    else:
        verdict = f"{name(state.winner)} wins"
    return _step(
        state,
        Phase.GAME_OVER,
        state.winner,
        f"{' and '.join(empty)} ran out of cards. Points {points[0]} to {points[1]}: {verdict}.",
        tuple(cited),
        [Event("game-over", state.winner, data={"points": points})],
    )


PROCEDURE = Procedure(
    steps={
        "setup.decks": setup_decks,
        "setup.shuffle": setup_shuffle,
        "setup.draw": setup_draw,
        "setup.coin": setup_coin,
        "draw.refill": draw_refill,
        "battle-call.reveal": battle_call_reveal,
        "battle-call.compare": battle_call_compare,
        "battle-call.resolve": battle_call_resolve,
        "end.turn": end_turn,
        "game-over.end": game_over,
    },
    decisions={
        "battle-call.place": DecisionRule(frozenset({"place"}), ask_battle_call, place),
        "digivolve.choose": DecisionRule(frozenset({"digivolve", "combine", "done"}), ask_digivolve, answer_digivolve),
        "digi-battle.attack": DecisionRule(frozenset({"attack", "no-attack"}), ask_attack, answer_attack, no_attacker),
        "digi-battle.defend": DecisionRule(frozenset({"block", "no-block"}), ask_defend, answer_defend, cannot_block),
    },
)

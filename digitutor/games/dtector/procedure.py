"""The D-Tector procedure: one function per rulebook step, in the rulebook's order.

``advance`` runs the step named by ``state.cursor``. A step function returns the
cited ``Step`` it took, a ``Decision`` when a player must choose (without
changing the state), or None when there was nothing to do and it only moved on.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ...core.records import Decision, Event, Option, Reason, Step
from . import citations as C
from .cards import BattleType, EffectKind
from .checks import battle_call_winner, defence_options, digivolve_options
from .state import DState, Phase, Unit

HAND_SIZE = 3


def name(player: int) -> str:
    return f"Player {player + 1}"


def _step(state: DState, phase: Phase, player: int | None, narration: str, citations: tuple, events=()) -> Step:
    return Step(state.turn, player, phase.value, narration, citations, tuple(events))


# -- Game Requirements --------------------------------------------------------------------------


def setup_decks(state: DState, rng: random.Random) -> Step:
    state.cursor = "setup.shuffle"
    sizes = [len(side.deck) for side in state.sides]
    return _step(
        state, Phase.SETUP, None, f"Each player brings a {sizes[0]}-card deck.", (C.DECK_SIZE,),
        [Event("deck", p, data={"size": size}) for p, size in enumerate(sizes)],
    )


def setup_shuffle(state: DState, rng: random.Random) -> Step:
    for side in reversed(state.sides):  # Player 1 shuffles Player 2's deck, then Player 2 shuffles Player 1's
        rng.shuffle(side.deck)
    state.cursor = "setup.draw"
    return _step(
        state, Phase.SETUP, None, "Each player shuffles the opponent's deck.", (C.SHUFFLE_AND_DRAW,),
        [Event("shuffle", p, data={"by": 1 - p}) for p in (0, 1)],
    )


def setup_draw(state: DState, rng: random.Random) -> Step:
    events = [_draw(state, p, HAND_SIZE) for p in (0, 1)]
    state.cursor = "setup.coin"
    return _step(state, Phase.SETUP, None, f"Both players draw {HAND_SIZE} cards.", (C.SHUFFLE_AND_DRAW,), events)


def setup_coin(state: DState, rng: random.Random) -> Step:
    state.first = state.active = rng.randrange(2)
    state.turn = 1
    state.cursor = "battle-call.place"
    return _step(
        state, Phase.SETUP, state.first, f"The coin says {name(state.first)} goes first.", (C.COIN_FLIP,),
        [Event("coin", state.first)],
    )


def _draw(state: DState, player: int, count: int) -> Event:
    side = state.sides[player]
    drawn = [side.deck.pop() for _ in range(min(count, len(side.deck)))]
    side.hand.extend(drawn)
    return Event("draw", player, tuple(state.label(uid) for uid in drawn), {"count": len(drawn)})


def _someone_out_of_cards(state: DState) -> bool:
    return any(not side.deck for side in state.sides)


# -- Start of a turn (interpretation: refill to three) ---------------------------------------------


def draw_refill(state: DState, rng: random.Random) -> Step | None:
    state.cursor = "game-over.end" if _someone_out_of_cards(state) else "battle-call.place"
    needs = [(p, HAND_SIZE - len(state.sides[p].hand)) for p in (state.active, 1 - state.active)]
    events = [_draw(state, p, n) for p, n in needs if n > 0]
    if not events:
        return None
    if _someone_out_of_cards(state):
        state.cursor = "game-over.end"
    told = " and ".join(f"{name(e.player)} draws {e.data['count']}" for e in events)
    return _step(state, Phase.DRAW, state.active, f"Hands are refilled to {HAND_SIZE}: {told}.", (C.DRAW_TO_THREE,), events)


# -- Battle Call Command Phase ------------------------------------------------------------------------


def battle_call_place(state: DState, rng: random.Random) -> Decision:
    player = state.active if state.face_down[state.active] is None else 1 - state.active
    hand = state.sides[player].hand
    options, seen = [], set()
    for uid in hand:
        card = state.card(uid)
        if card.id not in seen:
            seen.add(card.id)
            label = f"{card.name} ({card.battle_type}, {card.element}, power {card.power})"
            options.append(Option(card.id, label))

    def place(key: str) -> Step:
        uid = next(u for u in hand if state.card(u).id == key)
        hand.remove(uid)
        state.face_down[player] = uid
        if None not in state.face_down:
            state.cursor = "battle-call.reveal"
        return _step(
            state, Phase.BATTLE_CALL, player, f"{name(player)} places a Digimon face down.", (C.PLACE_FACE_DOWN,),
            [Event("face-down", player, (state.label(uid),))],
        )

    return Decision(
        player, "battle-call", f"{name(player)}: place one Digimon from your hand face down.",
        tuple(options), (C.PLACE_FACE_DOWN,), place, Phase.BATTLE_CALL.value,
    )


def battle_call_reveal(state: DState, rng: random.Random) -> Step:
    state.cursor = "battle-call.compare"
    shown = [state.card(uid) for uid in state.face_down]  # type: ignore[arg-type]
    return _step(
        state, Phase.BATTLE_CALL, None,
        f"Both reveal: {name(0)}'s {shown[0].name} ({shown[0].battle_type}) and {name(1)}'s {shown[1].name} ({shown[1].battle_type}).",
        (C.REVEAL, C.BATTLE_TYPES), [Event("reveal", p, (shown[p].name,)) for p in (0, 1)],
    )


def battle_call_compare(state: DState, rng: random.Random) -> Step:
    outcome = battle_call_winner(state.card(state.face_down[0]), state.card(state.face_down[1]))  # type: ignore[arg-type]
    state.cursor = "battle-call.tie" if outcome.winner is None else f"battle-call.won-{outcome.winner}"
    winner = "nobody" if outcome.winner is None else name(outcome.winner)
    return _step(
        state, Phase.BATTLE_CALL, outcome.winner, f"{outcome.explanation} Battle Call won by {winner}.",
        outcome.citations, [Event("battle-call", outcome.winner)],
    )


def battle_call_resolve(state: DState, rng: random.Random) -> Step:
    winner = None if state.cursor == "battle-call.tie" else int(state.cursor[-1])
    events = []
    for player in (0, 1):
        uid = state.face_down[player]
        assert uid is not None
        side = state.sides[player]
        if player == winner:
            side.ddock.append(Unit((uid,)))
            events.append(Event("to-d-dock", player, (state.label(uid),)))
        else:
            side.discard.append(uid)
            events.append(Event("discard", player, (state.label(uid),)))
    state.face_down = [None, None]
    state.cursor = "digivolve.choose"
    state.digivolver, state.digivolved = state.active, frozenset()
    if winner is None:
        narration = "Both Battle Call cards go to the discard pile."
        cited = (C.BATTLE_CALL_TIE, C.PROCEED_TO_DIGIVOLVE)
    else:
        narration = f"{name(winner)} places the winner in the D-Dock; {name(1 - winner)} discards theirs."
        cited = (C.WINNER_TO_D_DOCK, C.LOSER_DISCARDS, C.PROCEED_TO_DIGIVOLVE)
    return _step(state, Phase.BATTLE_CALL, winner, narration + f" {name(state.active)} proceeds to the Digivolve phase.", cited, events)


# -- Digivolve Phase --------------------------------------------------------------------------------------


def digivolve_choose(state: DState, rng: random.Random) -> Decision | None:
    player = state.digivolver
    options = digivolve_options(state, player)
    if not any(option.legal for option in options[:-1]) and len(options) == 1:
        return _next_digivolver(state)

    def apply(key: str) -> Step:
        return _apply_digivolve(state, player, key)

    return Decision(
        player, "digivolve", f"{name(player)}: digivolve or combine a D-Dock Digimon, or finish.",
        options, (C.DIGIVOLVE, C.SPIRIT_COMBINE, C.SPECIAL_EFFECT), apply, Phase.DIGIVOLVE.value,
    )


def _next_digivolver(state: DState) -> None:
    if state.digivolver == state.active:
        state.digivolver, state.digivolved = 1 - state.active, frozenset()
    else:
        state.cursor = "digi-battle.attack"
    return None


def _apply_digivolve(state: DState, player: int, key: str) -> Step:
    side = state.sides[player]
    verb, _, rest = key.partition(":")
    if verb == "done":
        _next_digivolver(state)
        return _step(state, Phase.DIGIVOLVE, player, f"{name(player)} is done digivolving.", (C.BOTH_PLAYERS_DIGIVOLVE,))
    first, _, second = rest.partition(":")
    unit_at = int(first)
    unit = side.ddock[unit_at]
    if verb == "digivolve":
        uid = next(u for u in side.hand if state.card(u).id == second)
        side.hand.remove(uid)
        before = state.label(unit.top)
        side.ddock[unit_at] = Unit(unit.stack + (uid,), unit.spirits)
        state.digivolved = state.digivolved | {unit.stack[0]}
        return _step(
            state, Phase.DIGIVOLVE, player, f"{name(player)} digivolves {before} to {state.label(uid)}.",
            (C.DIGIVOLVE, C.SPECIAL_EFFECT, C.BOTH_PLAYERS_DIGIVOLVE), [Event("digivolve", player, (before, state.label(uid)))],
        )
    target_at = int(second)
    target = side.ddock[target_at]
    combined = Unit(target.stack, target.spirits + unit.cards)
    side.ddock[target_at] = combined
    del side.ddock[unit_at]
    return _step(
        state, Phase.DIGIVOLVE, player,
        f"{name(player)} combines {state.unit_label(unit)} with {state.unit_label(target)}: "
        f"Digimon Power {state.unit_power(combined)}.",
        (C.SPIRIT_COMBINE, C.WHOLE_STACK_SCORES),
        [Event("combine", player, (state.unit_label(unit), state.unit_label(target)), {"power": state.unit_power(combined)})],
    )


# -- Digi-Battle Phase -------------------------------------------------------------------------------------------


def digi_battle_attack(state: DState, rng: random.Random) -> Step | Decision:
    player = state.active
    ddock = state.sides[player].ddock
    if not ddock:
        state.cursor = "end.turn"
        return _step(state, Phase.DIGI_BATTLE, player, f"{name(player)} has no Digimon in the D-Dock to attack with.", (C.ATTACK,))
    options = [
        Option(f"attack:{i}", f"Attack with {state.unit_label(unit)} (power {state.unit_power(unit)})")
        for i, unit in enumerate(ddock)
    ]
    options.append(Option("no-attack", "Do not attack"))

    def apply(key: str) -> Step:
        if key == "no-attack":
            state.cursor = "end.turn"
            return _step(state, Phase.DIGI_BATTLE, player, f"{name(player)} does not attack.", (C.ATTACK, C.ONE_ATTACK))
        state.attacker = int(key.partition(":")[2])
        state.cursor = "digi-battle.defend"
        unit = ddock[state.attacker]
        return _step(
            state, Phase.DIGI_BATTLE, player,
            f"{name(player)} attacks with {state.unit_label(unit)} (power {state.unit_power(unit)}).",
            (C.ATTACK, C.ONE_ATTACK), [Event("attack", player, (state.unit_label(unit),))],
        )

    return Decision(
        player, "attack", f"{name(player)}: attack with a D-Dock Digimon?", tuple(options), (C.ATTACK,), apply,
        Phase.DIGI_BATTLE.value,
    )


def digi_battle_defend(state: DState, rng: random.Random) -> Step | Decision:
    defender = 1 - state.active
    options = defence_options(state, defender)
    if not any(option.legal for option in options):
        return _undefended(state, declined=False)

    def apply(key: str) -> Step:
        if key == "no-block":
            return _undefended(state, declined=True)
        return _blocked(state, key)

    return Decision(
        defender, "defend", f"{name(defender)}: block the attack?", options, (C.DEFEND, C.ELEMENTS), apply, Phase.DIGI_BATTLE.value,
    )


def _undefended(state: DState, declined: bool) -> Step:
    attacker, defender = state.active, 1 - state.active
    unit = state.sides[attacker].ddock[state.attacker]  # type: ignore[index]
    top = state.card(unit.top)
    damage = state.unit_power(unit)
    cited = [C.DECLINE_DEFENCE] if declined else []
    cited += [C.UNDEFENDED_DAMAGE, C.DAMAGE_PER_POINT, C.ATTACKER_STAYS]
    extra = ""
    if top.effect and top.effect.kind is EffectKind.EXTRA_DAMAGE:
        damage += top.effect.amount
        extra = f" ({top.name}'s Special Effect adds {top.effect.amount})"
        cited.append(C.SPECIAL_EFFECT)
    deck = state.sides[defender].deck
    trashed = [deck.pop() for _ in range(min(damage, len(deck)))]
    state.sides[defender].discard.extend(trashed)
    state.attacker = None
    state.cursor = "end.turn"
    if not deck:
        cited.append(C.OUT_OF_CARDS)
        state.cursor = "game-over.end"
    why = "declines to block" if declined else "cannot block"
    return _step(
        state, Phase.DIGI_BATTLE, attacker,
        f"{name(defender)} {why}: {damage} damage{extra} discards {len(trashed)} card(s) from {name(defender)}'s deck.",
        tuple(cited), [Event("deck-damage", defender, tuple(state.label(u) for u in trashed), {"damage": damage})],
    )


def _blocked(state: DState, key: str) -> Step:
    attacker, defender = state.active, 1 - state.active
    attack_side, defend_side = state.sides[attacker], state.sides[defender]
    attack_unit = attack_side.ddock[state.attacker]  # type: ignore[index]
    where, _, which = key.partition(":")
    if where == "block":
        block_unit = defend_side.ddock.pop(int(which))
    else:
        uid = next(u for u in defend_side.hand if state.card(u).id == which)
        defend_side.hand.remove(uid)
        block_unit = Unit((uid,))
    del attack_side.ddock[state.attacker]  # type: ignore[arg-type]
    state.attacker = None
    attack_power = state.unit_power(attack_unit)
    block_power = state.unit_power(block_unit)
    cited = [C.DEFEND, C.HIGHEST_POWER_WINS, C.DIGIMON_POWER]
    blocker = state.card(block_unit.top)
    if where == "hand" and blocker.battle_type is not BattleType.SPIRIT:
        cited.append(C.ELEMENTS)
    if blocker.effect and blocker.effect.kind is EffectKind.DEFENCE_POWER:
        block_power += blocker.effect.amount
        cited.append(C.SPECIAL_EFFECT)
    story = (
        f"{name(defender)} blocks with {state.unit_label(block_unit)} (power {block_power}) against "
        f"{state.unit_label(attack_unit)} (power {attack_power}): "
    )
    state.cursor = "end.turn"
    if attack_power == block_power:
        attack_side.discard.extend(attack_unit.cards)
        defend_side.discard.extend(block_unit.cards)
        cited.append(C.DIGI_BATTLE_TIE)
        return _step(state, Phase.DIGI_BATTLE, None, story + "a tie, both are discarded.", tuple(cited), [Event("battle-tie")])
    winner = attacker if attack_power > block_power else defender
    win_unit, lose_unit = (attack_unit, block_unit) if winner == attacker else (block_unit, attack_unit)
    state.sides[winner].score.extend(win_unit.cards)
    state.sides[winner].points += 1
    state.sides[1 - winner].discard.extend(lose_unit.cards)
    cited += [C.WINNER_SCORES, C.BATTLE_LOSER_DISCARDS]
    if len(win_unit.cards) > 1 or len(lose_unit.cards) > 1:
        cited.append(C.WHOLE_STACK_SCORES)
    return _step(
        state, Phase.DIGI_BATTLE, winner,
        story + f"{name(winner)} wins and scores a point ({state.sides[winner].points}).",
        tuple(cited), [Event("battle-won", winner, (state.unit_label(win_unit),), {"points": state.sides[winner].points})],
    )


# -- End of turn and How To Win ----------------------------------------------------------------------------------------


def end_turn(state: DState, rng: random.Random) -> Step:
    ending = state.active
    state.turn += 1
    state.active = 1 - ending
    state.cursor = "draw.refill"
    return _step(state, Phase.END, ending, f"{name(ending)} ends the turn; it is {name(state.active)}'s turn.", (C.END_TURN,))


def game_over(state: DState, rng: random.Random) -> Step:
    points = [side.points for side in state.sides]
    state.over = True
    state.winner = None if points[0] == points[1] else int(points[1] > points[0])
    empty = [name(p) for p in (0, 1) if not state.sides[p].deck]
    cited = [C.HOW_TO_WIN, C.OUT_OF_CARDS]
    if state.winner is None:
        verdict = "the game is a draw"
        cited.append(C.POINTS_TIE)
    else:
        verdict = f"{name(state.winner)} wins"
    return _step(
        state, Phase.GAME_OVER, state.winner,
        f"{' and '.join(empty)} ran out of cards. Points {points[0]} to {points[1]}: {verdict}.",
        tuple(cited), [Event("game-over", state.winner, data={"points": points})],
    )


STEPS: dict[str, Callable[[DState, random.Random], Step | Decision | None]] = {
    "setup.decks": setup_decks,
    "setup.shuffle": setup_shuffle,
    "setup.draw": setup_draw,
    "setup.coin": setup_coin,
    "draw.refill": draw_refill,
    "battle-call.place": battle_call_place,
    "battle-call.reveal": battle_call_reveal,
    "battle-call.compare": battle_call_compare,
    "battle-call.tie": battle_call_resolve,
    "battle-call.won-0": battle_call_resolve,
    "battle-call.won-1": battle_call_resolve,
    "digivolve.choose": digivolve_choose,
    "digi-battle.attack": digi_battle_attack,
    "digi-battle.defend": digi_battle_defend,
    "end.turn": end_turn,
    "game-over.end": game_over,
}


def advance(state: DState, rng: random.Random) -> Step | Decision:
    """Run procedure steps until one happens or a player must decide."""
    while True:
        outcome = STEPS[state.cursor](state, rng)
        if outcome is not None:
            return outcome

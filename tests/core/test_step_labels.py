"""Every step is labelled with the turn and the phase in which it happens, in all five games.

Twenty seeded random games per game. What each label must be comes from the rulebooks' turn
structure, quoted in ``RULES`` (and checked verbatim against the shipped text), never from the
engine's output:

- Setting up comes before the first turn: the setup's steps are turn 0, and only they are.
- Turn numbers never go back and go up one at a time.
- Within one turn the phases follow the game's turn order (``Game.turn_map()``) and never go back.
- The step that ends a turn carries that turn's number, in the phase in which a turn ends; where a
  turn is one player's, it is that player's step, and turns alternate from the first player the
  setup chose.
- DCG: a [Start of Your Turn] effect happens at the start of the turn, in the Unsuspend Phase.
- DMB, DBE: a Support resolves in the Support Phase, its Take and the shuffle after it included.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import pytest

from digitutor.core.match import Match
from digitutor.core.records import Step
from digitutor.rules.corpus import load_corpus
from digitutor.rules.model import CitationKind

SEEDS = range(5000, 5020)
GAME_OVER = "game-over"
FIRST_PLAYER_EVENTS = (
    "coin",
    "first",
    "first-player",
)  #: the setup's choice of who goes first, as each game records it


@dataclass(frozen=True)
class TurnRules:
    """What one rulebook says about where the setup ends, and where and how a turn ends."""

    setup: str  #: the last setup step, which comes before the first turn
    ends: str  #: how a turn ends
    last_phase: str  #: the phase (a turn-map id) in which a turn ends
    one_player_turns: bool  #: a turn is one player's, and the next is the other's


RULES = {
    "dtector": TurnRules(
        setup="Players shuffle the opponent's deck, then both draw 3 cards. Flip a coin to see who goes first.",
        ends="Player ends their turn and play shifts to other player.",
        last_phase="end",
        one_player_turns=True,
    ),
    # A "turn" of Arena is a Duel, played by both players ("players take turns playing Power Option
    # cards"); it ends with the Re-Group, which both players do, and its winner opens the next one.
    "arena": TurnRules(
        setup="When you finish setting up, you are ready to Digivolve!",
        ends="Winner of last Duel initiates the new Duel by starting with the Digivolve step.",
        last_phase="re-group",
        one_player_turns=False,
    ),
    "dmb": TurnRules(
        setup="3. CHOOSE TURN-PLAYER: Decide randomly who will be the “turn-player” first and take their turn.",
        ends="5. The turn passes to the next player.",
        last_phase="end",
        one_player_turns=True,
    ),
    "dbe": TurnRules(
        setup="7. Start player: Determine who will go first. It becomes that player’s first turn.",
        ends="5. The turn passes to the next player.",
        last_phase="end",
        one_player_turns=True,
    ),
    "dcg": TurnRules(
        setup="6 Place the counter on the number 0 on the Memory Gauge, and you're ready to start the game!",
        ends="your turn ends and it becomes your opponent's turn.",
        last_phase="main",
        one_player_turns=True,
    ),
}
#: DMB and DBE: Supports resolve in the Support Phase (its step 5); the Battle
#: Phase opens with its abilities, then the reveal.
SUPPORTS_RESOLVE = "5. Resolve Support cards starting with the TURN-player."
BATTLE_PHASE_OPENS = "1. “Battle Phase” and “Prep Phase” abilities on cards in play activate now."
#: The DCG manual: a turn is its four phases, the Unsuspend Phase first; its start lies there.
DCG_TURN = "Gameplay consists of the following four phases, starting with the player who goes first."
START_OF_YOUR_TURN = "[Start of Your Turn]"
MORE_QUOTES = {
    "dcg": (DCG_TURN,),
    "dmb": (SUPPORTS_RESOLVE, BATTLE_PHASE_OPENS),
    "dbe": (SUPPORTS_RESOLVE, BATTLE_PHASE_OPENS),
}


@functools.cache
def played(game: str, seed: int) -> tuple[Step, ...]:
    match = Match(game, seed)
    match.run()
    assert match.over
    return tuple(match.steps)


def where(game: str, seed: int, index: int, step: Step) -> str:
    return (
        f"{game} seed {seed} step {index} (turn {step.turn}, {step.phase}, player {step.player}): {step.narration[:90]}"
    )


def turn_ends(steps: tuple[Step, ...]) -> list[int]:
    """The index of each step after which the turn number changes: the step that ends a turn (or the setup)."""
    return [i for i in range(len(steps) - 1) if steps[i + 1].turn != steps[i].turn]


@pytest.mark.parametrize("game", list(RULES))
def test_the_quoted_turn_structure_is_the_shipped_rulebooks(game):
    text = load_corpus(game).text
    rules = RULES[game]
    for quote in (rules.setup, rules.ends):
        assert quote in text, f"{game}: not a verbatim quote: {quote}"
    for quote in MORE_QUOTES.get(game, ()):
        assert quote in text, f"{game}: not a verbatim quote: {quote}"


@pytest.mark.parametrize("game", list(RULES))
def test_the_setup_is_turn_0_and_comes_before_the_first_turn(game):
    """The setup's steps (its last one included) are turn 0; every later step belongs to a turn."""
    for seed in SEEDS:
        for index, step in enumerate(played(game, seed)):
            assert (step.phase == "setup") == (step.turn == 0), where(game, seed, index, step)


@pytest.mark.parametrize("game", list(RULES))
def test_turn_numbers_never_go_back_and_go_up_one_at_a_time(game):
    for seed in SEEDS:
        steps = played(game, seed)
        for index in range(1, len(steps)):
            assert steps[index].turn - steps[index - 1].turn in (0, 1), where(game, seed, index, steps[index])


@pytest.mark.parametrize("game", list(RULES))
def test_within_a_turn_the_phases_follow_the_turn_order(game):
    """Each step shows the phase it happens in: within a turn they come in the
    turn map's order, the end of the game last."""
    for seed in SEEDS:
        steps = played(game, seed)
        order = {phase.id: position for position, phase in enumerate(Match(game, seed).game.turn_map())}
        for index in range(1, len(steps)):
            before, step = steps[index - 1], steps[index]
            assert step.phase in order, where(game, seed, index, step)
            if before.phase == GAME_OVER:
                assert step.phase == GAME_OVER, where(game, seed, index, step)
            if step.turn == before.turn and step.phase != GAME_OVER:
                assert order[step.phase] >= order[before.phase], f"after {before.phase}: " + where(
                    game, seed, index, step
                )


@pytest.mark.parametrize("game", list(RULES))
def test_the_step_that_ends_a_turn_carries_that_turn_and_its_last_phase(game):
    rules = RULES[game]
    for seed in SEEDS:
        steps = played(game, seed)
        ends = [i for i in turn_ends(steps) if steps[i].turn > 0]
        assert ends, f"{game} seed {seed}: no turn ended"
        for index in ends:
            step = steps[index]
            assert steps[index + 1].turn == step.turn + 1, where(game, seed, index, step)
            assert step.phase == rules.last_phase, where(game, seed, index, step)


@pytest.mark.parametrize("game", [game for game, rules in RULES.items() if rules.one_player_turns])
def test_the_step_that_ends_a_turn_is_the_turn_players_and_turns_alternate(game):
    """The player of turn N is the first player for odd N, the other for even N; the step ending the turn is theirs."""
    for seed in SEEDS:
        steps = played(game, seed)
        chosen = [e.player for s in steps if s.turn == 0 for e in s.events if e.kind in FIRST_PLAYER_EVENTS]
        assert len(chosen) == 1, f"{game} seed {seed}: the setup chose the first player {len(chosen)} times"
        first = chosen[0]
        for index in turn_ends(steps):
            step = steps[index]
            if step.turn > 0:
                turn_player = first if step.turn % 2 else 1 - first
                assert step.player == turn_player, where(game, seed, index, step)


def test_dcg_start_of_your_turn_effects_are_labelled_with_the_unsuspend_phase():
    """DCG_TURN: the turn begins with its first phase, the Unsuspend Phase;
    [Start of Your Turn] effects happen there."""
    found = 0
    for seed in SEEDS:
        for index, step in enumerate(played("dcg", seed)):
            quotes = [c.quote for c in step.citations if c.kind == CitationKind.CARD]
            if any(quote.startswith(START_OF_YOUR_TURN) for quote in quotes):
                found += 1
                assert step.phase == "unsuspend", where("dcg", seed, index, step)
    assert found, "no [Start of Your Turn] effect activated in these games: pick other seeds"


def support_resolution(game: str, steps: tuple[Step, ...]) -> set[int]:
    """The steps of Supports resolving: from a step citing Support Phase 5 until the next phase's first step.

    That is a step citing a Battle Phase or End Phase clause, an Any Phase / ACTIVATE window (each phase's step 1), or,
    on an unopposed turn, Strategy Phase 1 again ("Skip to Support Phase if opponent player does not have an active
    Digimon"): the step after the Supports that says there is no battle.
    """
    found: set[int] = set()
    opens = (f"{game}:battle-phase", f"{game}:end-phase", f"{game}:strategy-phase.1")
    windows = ("any-phase", "activate-timing")
    for start, step in enumerate(steps):
        if not any(c.id == f"{game}:support-phase.5" for c in step.citations):
            continue
        for index in range(start, len(steps)):
            ids = [c.id for c in (*steps[index].citations, *steps[index].glossary)]
            if index > start and (
                steps[index].turn != step.turn or any(i.startswith(opens) or i.endswith(windows) for i in ids)
            ):
                break
            found.add(index)
    return found


@pytest.mark.parametrize("game", ["dmb", "dbe"])
def test_a_support_resolves_in_the_support_phase(game):
    """SUPPORTS_RESOLVE: every step of a Support's resolution (a Take, the shuffle after it) shows the Support Phase."""
    found = 0
    for seed in SEEDS:
        steps = played(game, seed)
        for index in sorted(support_resolution(game, steps)):
            found += 1
            assert steps[index].phase in ("support", GAME_OVER), where(game, seed, index, steps[index])
    assert found, f"no Support resolved in these {game} games"

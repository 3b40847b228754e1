"""Hidden information: no seat sees, in any view, trace or agent input, what the rules hide from it.

Which zones a seat may see is written here from the rulebooks, independently of the
engine's own hiding: D-Tector — "Players shuffle the opponent's deck, then both draw 3
cards", each "place one Digimon from their hand face down ... then reveal"; Arena —
Online is "a player's face-down draw pile", Offline "their face-up pile of used cards",
the Digivolve Zone card and a new Rookie are placed "face down"; DCG — security cards are placed
"face down ... without looking at them", the trash holds "discarded cards ... face up", Digimon
and Tamers are played to the battle area, an Option is placed "in the field", a checked security
card is flipped "face up", and hands and decks are a player's own; DMB — a Support from "the top of the deck (face
down!)" is seen by nobody until it resolves, the Strategy choice is made "secretly" and "Attacks aren't revealed until
Step 2 of the Battle Phase", and the Destiny Zone is its owner's (the interpretation destiny-zone-private); the active
zone, DP zone, trash, Supports from the hand, attachments and deleted cards lie face up; DBE — the Side Pile is made
"face down (opponent cannot check)", the "Dark Area is a hidden zone like hands", and the open zones are "Active Zones,
Trashes, attachments, evolutions, Support, Destiny Zone" (the Destiny Zone is also shown at Inspect). A card name that
only the opponent's deck holds must not reach a seat before one of its copies has been in a zone that seat may see.
"""

from __future__ import annotations

import random

import msgspec
import pytest

from digitutor.core.agents import make_agent
from digitutor.core.game import Observation
from digitutor.core.instances import Instances
from digitutor.core.match import Match
from digitutor.core.registry import registered_games

GAMES = 200
SEAT = 0


def visible_to_seat(game: str, zone: str, owner: int | None, state) -> bool:
    """Whether seat 0 may see the cards of a zone, from the rulebook texts quoted above."""
    if game == "dtector":
        if zone == "battle-call":
            return owner == SEAT or state.top_frame.kind in ("battle-call.compare", "battle-call.resolve")
        return zone in ("d-dock", "discard", "score") or (zone == "hand" and owner == SEAT)
    if game == "arena":
        if zone in ("duel-zone", "power-port", "offline"):
            return True
        return owner == SEAT and zone in ("hand", "deck", "digivolve-zone", "new-rookie")
    if game == "dcg":
        if zone in ("battle", "breeding", "trash", "field"):
            return True
        return owner == SEAT and zone == "hand"
    if game == "dmb":
        if zone == "looking":  # Recode / Corrupt: "Look at the top X cards" — the looker only
            return state.sides[owner].looker == SEAT
        if zone in ("active", "dp", "trash", "attached", "support", "deleted"):
            return True
        return owner == SEAT and zone in ("hand", "destiny")
    if game == "dbe":
        if zone == "looking":  # the owner going through their deck for the Side Pile; Recode / Corrupt: the looker only
            return state.sides[owner].looker == SEAT
        if zone in ("active", "dp", "trash", "attached", "support", "deleted", "destiny", "evolve-zone"):
            return True  # "open zones ...: Active Zones, Trashes, attachments, evolutions, Support, Destiny Zone"
        if (
            zone == "hand" and state.sides[owner].battle.hand_open
        ):  # Redotamamon "makes an opponent's hand remain face up"
            return True
        return owner == SEAT and zone in (
            "hand",
            "dark",
            "side-pile",
        )  # a hand; "Dark Area is a hidden zone like hands"
    raise AssertionError(f"no visibility table for {game}")


#: events by which the rules show a card from a hidden zone to both players. DMB — Cherrypicking: "a player must
#: reveal the picked card to the opponent"; a player with no Digimon "must now reveal their hand to their opponent,
#: take a forced mulligan ... until a Digimon appears".
REVEALING_EVENTS = {
    "dmb": frozenset({"take", "reveal-hand", "draw-revealed"}),
    "dbe": frozenset({"take", "reveal-hand", "draw-revealed", "reveal"}),
}  # "reveal": Access, an open hand


def revealed_names(game: str, outcome) -> set[str]:
    kinds = REVEALING_EVENTS.get(game, frozenset())
    return {name for event in getattr(outcome, "events", ()) if event.kind in kinds for name in event.names}


def printed_text(card) -> str:
    """What a card prints besides its name (a Special Effect, a requirements box), which may name other Digimon."""
    return getattr(card, "special_effect", "") or getattr(card, "text", "")


def opponent_only_names(match: Match) -> set[str]:
    """Names printed only on cards the opponent owns, and named by no card's text."""
    table = match.state.instances
    mine = {table.cards[uid].name for uid, owner in enumerate(table.owners) if owner != 1}
    texts = " ".join(printed_text(card) for card in table.cards)
    theirs = {table.cards[uid].name for uid, owner in enumerate(table.owners) if owner == 1} - mine
    return {name for name in theirs if name not in texts}


def text_of(value: object) -> str:
    """``value`` as the JSON text that reaches the seat, non-ASCII names as they are (not as ``\\u`` escapes)."""
    return msgspec.json.encode(value).decode("utf-8")


def seen_names(match: Match) -> set[str]:
    state, game = match.state, match.game
    return {
        state.cards[uid].name
        for zone, owner, uids in game.zones(state)
        if visible_to_seat(game.id, zone, owner, state)
        for uid in uids
    }


@pytest.mark.slow
@pytest.mark.parametrize("game", [g.id for g in registered_games()])
def test_no_hidden_card_name_reaches_the_seats_trace_or_observation(game):
    leaks_checked = 0
    for seed in range(GAMES):
        match = Match(game, seed)
        secret = opponent_only_names(match)
        assert secret, "the opponent's deck must hold a card the seat's deck does not, or the test proves nothing"
        known: set[str] = set()
        before = seen_names(match)
        decisions_shown = 0
        while not match.over:
            outcome = match.advance()
            now = seen_names(match)
            known |= before | now | revealed_names(game, outcome)  # a step may show a card as it moves from a seen zone
            # a hidden name inside a seen one ("ShineGreymon" in "ShineGreymon:
            # Burst Mode") cannot be told apart in text
            hidden = {name for name in secret - known if not any(name in seen for seen in known)}
            before = now
            if outcome is None or not hidden:
                continue
            index = len(match.steps) - 1
            shown = text_of(match.steps[index].to_json(index, SEAT))
            # Each decision is checked once, when it is new: ``hidden`` only shrinks as the game goes on, so checking
            # an older decision again could not find what its first check did
            # not (this was quadratic in the game's length).
            shown += text_of([d.to_json(SEAT) for d in match.decisions[decisions_shown:]])
            decisions_shown = len(match.decisions)
            if match.pending is None and index % 7 == 0:
                shown += text_of(match.game.board(match.state, SEAT))
                shown += text_of(match.game.observe(match.state, SEAT).board)
            for name in hidden:
                assert name not in shown, f"{game} seed {seed} step {index}: {name!r} reached seat {SEAT} while hidden"
            leaks_checked += 1
    assert leaks_checked > GAMES  # hidden cards were really there to leak


@pytest.mark.parametrize("game", [g.id for g in registered_games()])
def test_an_observation_does_not_change_when_the_opponents_hidden_cards_do(game):
    """Swap the cards of the opponent's cards the seat may not see: its
    observation and every agent's answer stay the same."""
    compared = 0
    for seed in range(20):
        match = Match(game, seed, agents=("human", "random"))
        for _ in range(6):
            decision = match.run()
            if decision is None:
                break
            state = match.state
            hidden = [
                uid
                for zone, owner, uids in match.game.zones(state)
                if owner == 1 and not visible_to_seat(game, zone, owner, state)
                for uid in uids
            ]
            if len(hidden) >= 2:
                other = state.copy()
                cards = list(state.cards)
                names = [cards[uid] for uid in hidden]
                for uid, card in zip(hidden, names[1:] + names[:1], strict=False):
                    cards[uid] = card
                other.instances = Instances(tuple(cards), state.instances.ids, state.instances.owners)
                other.cards = other.instances.cards
                assert match.game.observe(other, SEAT).state == match.game.observe(state, SEAT).state
                assert match.game.observe(other, SEAT).board == match.game.observe(state, SEAT).board
                for name in ["random", "first", *match.game.agents]:
                    answers = [
                        make_agent(name, random.Random(seed), match.game.agents).choose(
                            decision, Observation(match.game, seen, SEAT, decision)
                        )
                        for seen in (state, other)
                    ]
                    assert answers[0] == answers[1], f"{name} answered differently when only hidden cards changed"
                compared += 1
            match.choose(decision.legal_options[-1].key)
    assert compared > 0

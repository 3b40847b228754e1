"""The effect language's core: selectors, the value layer, verbs and changes that last (on a small test world)."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from digitutor.core.effects import (
    Effect,
    EffectRules,
    EffectSpec,
    InForce,
    Modifier,
    Selector,
    Timing,
    ValueLayer,
    Verb,
    VerbHooks,
    World,
    card_citation,
    expire,
    run_verbs,
)
from digitutor.core.errors import InputError
from digitutor.rules.model import Citation

RULE = Citation("test:rule", "a rule")


@dataclass
class Table:
    """A two-player table: zones of card numbers, card names and levels, counters, lasting changes."""

    zones: dict[tuple[int, str], list[int]]
    names: list[str]
    levels: list[str]
    counters: dict[tuple[int, str], int] = field(default_factory=dict)
    lasting: list = field(default_factory=list)


def world() -> World:
    return World(
        lambda t, owner, zone: t.zones.setdefault((owner, zone), []),
        lambda t, uid, what: {"name": t.names[uid], "level": t.levels[uid]}.get(what),
        ("Rookie", "Champion", "Ultimate"),
    )


RULES = EffectRules(
    "test",
    {"in-play": Timing("in-play", "while in play", RULE, True), "on-play": Timing("on-play", "once", RULE, False)},
    {"power": ("power", RULE)},
    {"field": "in play", "deck": "deck", "hand": "hand", "trash": "trash"},
    {verb: RULE for verb in ("move", "draw", "gain", "change")},
)


def table() -> Table:
    return Table(
        {(0, "field"): [0], (1, "field"): [1], (0, "deck"): [2, 3, 4]},
        ["Agumon", "Greymon", "a", "b", "c"],
        ["Rookie", "Champion", "Rookie", "Rookie", "Rookie"],
    )


def hooks() -> VerbHooks:
    def move(t, owner, uids, to, source):
        for uid in uids:
            t.zones[(owner, source)].remove(uid)
        t.zones.setdefault((owner, to), []).extend(uids)

    def counter(t, player, name, change):
        t.counters[(player, name)] = t.counters.get((player, name), 0) + change

    return VerbHooks(move, counter, trash="trash", hand="hand", deck="deck")


def test_selectors_pick_by_owner_zone_top_and_filters():
    t, w = table(), world()
    assert w.select(t, Selector(whose="opponent", zone="field"), 0) == [1]
    assert w.select(t, Selector(whose="any", zone="field", level_at_least="Champion"), 0) == [1]
    assert w.select(t, Selector(zone="deck", top=2), 0) == [3, 4]
    assert w.select(t, Selector(zone="field", name_contains="gum"), 0) == [0]


def test_the_layer_adds_static_effects_in_force_and_names_their_card_text():
    t = table()
    boost = Effect(
        EffectSpec(
            "+2 to the opposing Digimon.",
            "in-play",
            modify=(Modifier("power", by=2, target=Selector(whose="opponent", zone="field")),),
        ),
        card_citation("test", "x", "+2 to the opposing Digimon."),
        frozenset({"power"}),
    )
    layer = ValueLayer(RULES, world(), lambda state, now: [InForce(boost, 0, ())])
    assert layer.value(t, "power", 1, 5, frozenset({"in-play"})).value == 7
    assert layer.value(t, "power", 1, 5, frozenset()).value == 5  # its timing does not hold
    assert layer.value(t, "power", 0, 5, frozenset({"in-play"})).value == 5  # not its target
    assert layer.value(t, "power", 1, 5, frozenset({"in-play"})).because == (boost.citation,)


def test_verbs_draw_move_gain_and_a_change_that_lasts_until_the_turn_ends():
    t, w = table(), world()
    done = run_verbs(
        t,
        (
            Verb("draw", count=2),
            Verb("gain", counter="points", amount=3),
            Verb("change", change=Modifier("power", by=1000, target=Selector(zone="field")), until="turn"),
        ),
        RULES,
        w,
        hooks(),
        0,
        source=card_citation("test", "y", "text"),
    )
    assert t.zones[(0, "hand")] == [4, 3] and t.counters[(0, "points")] == 3
    assert [verb for verb, _, _ in done.moved] == ["draw", "gain", "change"]
    layer = ValueLayer(RULES, w, lambda state, now: [])
    assert layer.value(t, "power", 0, 5).value == 1005
    expire(t, "step")
    assert layer.value(t, "power", 0, 5).value == 1005  # a step ended, not the turn
    expire(t, "turn")
    assert layer.value(t, "power", 0, 5).value == 5


def test_a_change_without_its_modifier_is_refused_at_load():
    with pytest.raises(InputError, match="expected the change"):
        RULES.check(EffectSpec("x", "on-play", do=(Verb("change"),)), "cards.yaml", "card 'x'.effects[0]")


# -- search, reveal and choose: a choice one card at a time, then Done -------------------------------------------

SEARCH_RULES = EffectRules(
    "test",
    RULES.timings,
    RULES.values,
    RULES.zones,
    {verb: RULE for verb in ("move", "draw", "gain", "change", "reveal", "search", "choose")},
)

#: "Reveal the top 3 cards of your deck. Add 1 Rookie among them to your hand. Trash the rest."
REVEAL_ADD_TRASH = (
    Verb("reveal", what=Selector(zone="deck", top=3), keep="revealed"),
    Verb("choose", what=Selector(among="revealed", level="Rookie"), count=1, up_to=True, keep="chosen"),
    Verb("move", what=Selector(among="chosen"), to="hand"),
    Verb("move", what=Selector(among="revealed", excluding="chosen"), to="trash"),
)


def search_table() -> Table:
    return Table(
        {(0, "field"): [0], (1, "field"): [1], (0, "deck"): [5, 2, 3, 4]},
        ["Agumon", "Greymon", "a", "b", "c", "d"],
        ["Rookie", "Champion", "Rookie", "Champion", "Rookie", "Rookie"],
    )


def search_hooks() -> VerbHooks:
    def move(t, owner, uids, to, source):
        for uid in uids:  # from wherever each card is
            next(cards for cards in t.zones.values() if uid in cards).remove(uid)
        t.zones.setdefault((owner, to), []).extend(uids)

    return VerbHooks(move, lambda *_: None, trash="trash", hand="hand", deck="deck")


def test_a_choice_among_revealed_cards_waits_for_the_player_then_the_rest_is_trashed():
    t, w = search_table(), world()
    first = run_verbs(t, REVEAL_ADD_TRASH, SEARCH_RULES, w, search_hooks(), 0)
    assert first.kept == {"revealed": (2, 3, 4)}
    assert first.waiting is not None and first.waiting.candidates == (2, 4)  # the two Rookies among the top 3
    assert (first.waiting.at, first.waiting.chooser, first.waiting.count, first.waiting.up_to) == (1, 0, 1, True)
    assert t.zones[(0, "deck")] == [5, 2, 3, 4]  # nothing moved before the choice
    rest = run_verbs(t, REVEAL_ADD_TRASH, SEARCH_RULES, w, search_hooks(), 0, start=1, kept=first.kept, picked=[4])
    assert rest.waiting is None
    assert t.zones[(0, "hand")] == [4] and t.zones[(0, "trash")] == [2, 3] and t.zones[(0, "deck")] == [5]
    assert [verb for verb, _, _ in rest.moved] == ["choose", "move", "move"]


def test_a_forced_choice_is_made_at_once():
    t, w = search_table(), world()
    verbs = (
        Verb("search", what=Selector(zone="deck"), keep="seen"),
        Verb("choose", what=Selector(among="seen", level="Champion"), count=1, keep="chosen"),
        Verb("move", what=Selector(among="chosen"), to="hand"),
    )
    done = run_verbs(t, verbs, SEARCH_RULES, w, search_hooks(), 0)
    assert done.waiting is None and t.zones[(0, "hand")] == [3]  # the only Champion in the deck


def test_among_a_name_no_earlier_verb_keeps_is_refused_at_load():
    spec = EffectSpec("text", "on-play", do=(Verb("move", what=Selector(among="chosen"), to="hand"),))
    with pytest.raises(InputError, match=r"do\[0\]\.what\.among: expected a name an earlier verb keeps"):
        SEARCH_RULES.check(spec, "cards.yaml", "cards[0]")
    with pytest.raises(InputError, match=r"do\[0\]\.what: expected the cards to choose from"):
        SEARCH_RULES.check(EffectSpec("text", "on-play", do=(Verb("choose"),)), "cards.yaml", "cards[0]")


# -- "If not" / "Otherwise" -------------------------------------------------------------------------------------------


def test_an_otherwise_branch_is_refused_where_the_game_has_none_or_without_a_condition():
    draw = (Verb("draw", count=1),)
    spec = EffectSpec("text", "on-play", condition=(Selector(zone="field", level="Rookie"),), do=draw, otherwise=draw)
    with pytest.raises(InputError, match=r"cards\[0\]\.otherwise: expected no 'otherwise'"):
        RULES.check(spec, "cards.yaml", "cards[0]")
    with_branch = EffectRules(RULES.game, RULES.timings, RULES.values, RULES.zones, RULES.verbs, otherwise=RULE)
    with_branch.check(spec, "cards.yaml", "cards[0]")  # a game whose rules define the branch
    with pytest.raises(InputError, match=r"cards\[0\]\.otherwise: expected a condition"):
        with_branch.check(EffectSpec("text", "on-play", do=draw, otherwise=draw), "cards.yaml", "cards[0]")
    with pytest.raises(InputError, match=r"cards\[0\]\.otherwise\[0\]\.verb: expected one of"):
        with_branch.check(
            EffectSpec("text", "on-play", condition=spec.condition, otherwise=(Verb("fly"),)), "cards.yaml", "cards[0]"
        )

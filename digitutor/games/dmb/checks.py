"""DMB checks: one function per rule question, used by the procedure, the options and ``why_not`` alike.

Each ``why_not_*`` returns every reason (each cited) an action breaks the rules; empty: allowed.
"""

from __future__ import annotations

from types import ModuleType

from ...core.actions import Action, action
from ...core.frames import Frame
from ...core.game import ActionRule
from ...core.records import Option, Reason
from . import citations as C
from .activate import check_activate
from .cards import ATTACKS, NEXT_LEVEL, SYMBOLS, Card
from .choices import check_attach, check_look, check_shatter, check_take
from .common import chosen_attack, in_zone, partner_champions
from .state import DState


def why_not_play(state: DState, player: int, uid: int) -> tuple[Reason, ...]:
    """A new Digimon for an empty active zone: an R, C or U from the hand."""
    card = state.cards[uid]
    reasons = []
    if not card.is_digimon:
        reasons.append(Reason(f"{card.name} is not a Digimon.", state.cites.PLAY_NEW))
    elif card.level == "M":
        reasons.append(Reason(f"{card.name} is Level M; only an R, C or U may be played.", state.cites.PLAY_NEW))
    if state.sides[player].active:
        reasons.append(Reason("Your active zone is not empty.", state.cites.PLAY_NEW))
    return tuple(reasons)


def requirement_reasons(
    state: DState, player: int, target: Card, ignores: tuple[str, ...] = (), dna: bool = False
) -> list[Reason]:
    """The four default requirements (and the once-per-turn limit) for evolving the active Digimon to ``target``."""
    side = state.sides[player]
    reasons: list[Reason] = []
    if side.evolved == state.turn:
        reasons.append(Reason("You have already evolved this turn.", state.cites.ONCE_PER_TURN))
    if not side.active:
        return [*reasons, Reason("You have no active Digimon.", state.cites.LEVEL_UP)]
    current = state.cards[side.active[-1]]
    if not target.is_digimon:
        return [*reasons, Reason(f"{target.name} is not a Digimon.", state.cites.REQ_LEVEL)]
    by_box = current.named_in(target.evo_box) or (dna and current.named_in(target.dna))
    if not by_box and "level" not in ignores and NEXT_LEVEL.get(current.level or "") != target.level:
        reasons.append(
            Reason(
                f"Level {current.level} evolves only to Level {NEXT_LEVEL.get(current.level or '', '-')}, not "
                f"{target.level}.",
                state.cites.REQ_LEVEL,
            )
        )
    if not by_box and "type" not in ignores and not state.cites.same_type(current, target):
        differ = (
            f"is {target.type}, not {current.type},"
            if target.type and current.type
            else f"and {current.name} share no type,"
        )
        reasons.append(
            Reason(f"{target.name} {differ} and its Evolution Box does not name {current.name}.", state.cites.REQ_TYPE)
        )
        reasons += [
            Reason(f"{ruler.name} is a Ruler: it has no type at all.", *state.cites.MORE["ruler"])
            for ruler in (current, target)
            if getattr(ruler, "ruler", False)
        ]  # DBE's Ruler property
    if dna:
        return reasons
    if target.dp is None and not by_box:
        reasons.append(
            Reason(f"{target.name} has no DP cost: only its Evolution Box evolves to it.", state.cites.NO_DP_COST)
        )
    elif target.dp is not None and "dp" not in ignores and side.dp_total(state.cards) < target.dp:
        reasons.append(
            Reason(
                f"{target.name} needs {target.dp} DP; your DP zone holds {side.dp_total(state.cards)}.",
                state.cites.REQ_DP,
            )
        )
    return reasons


def why_not_evolve(state: DState, player: int, uid: int, evolve_card: int | None = None) -> tuple[Reason, ...]:
    """Normal evolution (from the hand, or a Level M from the Destiny Zone), optionally with an Evolve card."""
    side = state.sides[player]
    target = state.cards[uid]
    reasons = []
    if target.level == "M" and uid not in side.destiny:
        reasons.append(
            Reason(
                f"A Level M comes from the Destiny Zone onto an active U; {target.name} is not there.",
                state.cites.LEVEL_UP,
            )
        )
    if target.level != "M" and uid not in side.hand:
        reasons.append(Reason(f"{target.name} is not in your hand.", state.cites.LEVEL_UP))
    ignores: tuple[str, ...] = ()
    if evolve_card is not None:
        card = state.cards[evolve_card]
        if card.kind != state.cites.EVOLVE_KIND or evolve_card not in side.hand:
            reasons.append(
                Reason(
                    f"{card.name} is not an {state.cites.WORDS['evolve-card']} in your hand.", state.cites.EVOLVE_CARD
                )
            )
        ignores = card.ignores
        if "dp" in ignores and target.dp is None:
            reasons.append(
                Reason(f"{target.name} has no DP printed: ignoring DP cannot evolve to it.", state.cites.NO_DP_COST)
            )
    return tuple(reasons + requirement_reasons(state, player, target, ignores))


def dna_material(state: DState, player: int, target: Card, material: int) -> Reason | None:
    """The other DNA card: a card of the other specified name, or a DATA card matching it."""
    side = state.sides[player]
    current = state.cards[side.active[-1]].name if side.active else ""
    others = [n for n in target.dna if n != current] or list(target.dna)
    card = state.cards[material]
    if material not in side.hand:
        return Reason(f"{card.name} is not in your hand.", state.cites.DNA)
    if card.name in others and card.is_digimon:
        return None
    if card.data and any(card.name.startswith(other) for other in others):
        return None
    if card.is_digimon and any(material_spec_matches(card, other) for other in others):  # DBE: "Metal Level C"
        return None
    if getattr(card, "dna_material", False):  # DBE: a card that counts as a DNA material (Jogress)
        return None
    return Reason(
        f"DNA to {target.name} needs {' or '.join(others)} (or its DATA) discarded; {card.name} is not.",
        state.cites.DNA,
    )


def material_spec_matches(card: Card, spec: str) -> bool:
    """A DNA material given by type and level ("Metal Level C"): the card must meet every part of it."""
    words = spec.split()
    if len(words) < 3 or words[-2] != "Level":
        return False
    return card.level == words[-1] and all(card.counts_as(word) for word in words[:-2])


def why_not_dna(state: DState, player: int, uid: int, material: int) -> tuple[Reason, ...]:
    side = state.sides[player]
    target = state.cards[uid]
    reasons = []
    if not target.dna:
        return (Reason(f"{target.name} has no DNA requirements.", state.cites.DNA),)
    if uid not in side.hand:
        reasons.append(Reason(f"{target.name} is not in your hand.", state.cites.DNA))
    current = state.cards[side.active[-1]].names if side.active else ()
    if not any(n in target.dna for n in current):
        reasons.append(Reason(f"Neither DNA card ({' / '.join(target.dna)}) is on your active zone.", state.cites.DNA))
    wrong = dna_material(state, player, target, material)
    if wrong is not None:
        reasons.append(wrong)
    return tuple(reasons + requirement_reasons(state, player, target, dna=True))


def evolve_options(state: DState, player: int) -> tuple[Option, ...]:
    """Every evolution the active Digimon might make now (tempting illegal ones with reasons), then ``no-evolve``."""
    side = state.sides[player]
    ids, cards = state.instances.ids, state.cards
    current = cards[side.active[-1]]
    options: list[Option] = []
    back_or_same = state.cites.BOX_ANY_LEVEL  # DBE: a Future whose evo-box names the active may go back or stay level
    targets = [
        u
        for u in side.hand
        if cards[u].is_digimon
        and (cards[u].level not in ("R", current.level) or (back_or_same and current.named_in(cards[u].evo_box)))
    ]
    targets += [u for u in side.destiny if cards[u].level == "M"]
    for uid in targets:
        if cards[uid].dna:
            continue
        options.append(
            Option(
                action("evolve", player, ids[uid]), f"Evolve to {cards[uid].name}", why_not_evolve(state, player, uid)
            )
        )
        for card_uid in side.hand:
            if cards[card_uid].kind == state.cites.EVOLVE_KIND:
                reasons = why_not_evolve(state, player, uid, card_uid)
                options.append(
                    Option(
                        action("evolve-with", player, ids[card_uid], ids[uid]),
                        f"Evolve to {cards[uid].name} with {cards[card_uid].name}",
                        reasons,
                    )
                )
    for uid in side.hand:
        if cards[uid].dna and current.named_in(cards[uid].dna):
            for material in side.hand:
                if material != uid and dna_material(state, player, cards[uid], material) is None:
                    options.append(
                        Option(
                            action("dna", player, ids[uid], ids[material]),
                            f"DNA evolve to {cards[uid].name}, discarding {cards[material].name}",
                            why_not_dna(state, player, uid, material),
                        )
                    )
    options.append(Option(action("no-evolve", player), "Do not evolve"))
    return tuple(options)


def evolve_target(state: DState, player: int, chosen: Action) -> int | None:
    """The card an evolve action evolves to."""
    if chosen.kind == "evolve-with":
        return state.instances.uid(chosen.cards[1]) if len(chosen.cards) > 1 else None
    return state.instances.uid(chosen.cards[0]) if chosen.cards else None


def _cards(state: DState, chosen: Action, wanted: int) -> tuple[Reason, ...]:
    if len(chosen.cards) != wanted:
        return (Reason(f"Name {wanted} card(s).", state.cites.LEVEL_UP),)
    return ()


def _check_evolve(state: DState, top: Frame | None, chosen: Action) -> tuple[Reason, ...]:
    wanted = {"evolve": 1, "evolve-with": 2, "dna": 2}[chosen.kind]
    bad = _cards(state, chosen, wanted)
    if bad:
        return bad
    player = chosen.player
    side = state.sides[player]
    reasons: list[Reason] = []
    if side.abnormal:
        reasons.append(
            Reason("Your active Digimon is Abnormal: skip the rest of the Evolution Phase.", state.cites.SKIP_ABNORMAL)
        )
    if side.partner_evolved == state.turn:
        reasons.append(Reason("Your partner evolved from the Destiny Zone this turn.", state.cites.SKIP_PARTNER))
    uids = [state.uid(card) for card in chosen.cards]
    if chosen.kind == "evolve":
        reasons += why_not_evolve(state, player, uids[0])
    elif chosen.kind == "evolve-with":
        reasons += why_not_evolve(state, player, uids[1], uids[0])
    else:
        reasons += why_not_dna(state, player, uids[0], uids[1])
    return tuple(reasons)


def _check_play(state: DState, top: Frame | None, chosen: Action) -> tuple[Reason, ...]:
    if len(chosen.cards) != 1:
        return (Reason("Name one card.", state.cites.PLAY_NEW),)
    uid = state.uid(chosen.cards[0])
    reasons = list(why_not_play(state, chosen.player, uid))
    if uid not in state.sides[chosen.player].hand:
        reasons.append(Reason("That card is not in your hand.", state.cites.PLAY_NEW))
    return tuple(reasons)


def _check_support(state: DState, top: Frame | None, chosen: Action) -> tuple[Reason, ...]:
    if len(chosen.cards) != 1:
        return (Reason("Name one card.", state.cites.SUPPORTING),)
    uid = in_zone(state, chosen.player, "hand", chosen.cards[0])
    if uid is None:
        return (Reason("That card is not in your hand.", state.cites.SUPPORTING),)
    return why_not_support(state, uid)


def _check_partner_option(state: DState, top: Frame | None, chosen: Action) -> tuple[Reason, ...]:
    if len(chosen.cards) != 2:
        return (
            Reason(
                f"Name the {state.cites.WORDS['partner-option']} and the Partner card to discard.",
                state.cites.PARTNER_OPTION,
            ),
        )
    side = state.sides[chosen.player]
    option, partner = state.uid(chosen.cards[0]), state.uid(chosen.cards[1])
    reasons = []
    if option not in side.destiny or not state.cards[option].partner_option:
        reasons.append(
            Reason(
                f'That is not a {state.cites.WORDS["partner-option"]} ("P") in your Destiny Zone.',
                state.cites.PARTNER_OPTION,
            )
        )
    if partner not in side.hand or side.partner is None or state.cards[partner].id != side.partner:
        reasons.append(
            Reason(
                f"A {state.cites.WORDS['partner-option']} is paid by discarding a Partner card from your hand.",
                state.cites.PARTNER_OPTION,
            )
        )
    return tuple(reasons)


def why_not_support(state: DState, uid: int) -> tuple[Reason, ...]:
    card = state.cards[uid]
    if not card.supports:
        return (Reason(f'{card.name} has no "Support" text.', state.cites.SUPPORTING),)
    return ()


def cards_word(count: int) -> str:
    return f"{count} card" if count == 1 else f"{count} cards"


def why_not_full_mulligan(state: DState, player: int) -> tuple[Reason, ...]:
    """A free mulligan discards the whole hand and draws that many: the deck must hold that many."""
    side = state.sides[player]
    if len(side.deck) >= len(side.hand):
        return ()
    return (
        Reason(
            f"Your deck holds {cards_word(len(side.deck))}, fewer than your {len(side.hand)} in hand.",
            state.cites.MULLIGAN_NEEDS_CARDS,
        ),
    )


def _check_full_mulligan(state: DState, top: Frame | None, chosen: Action) -> tuple[Reason, ...]:
    return _no_cards(state, chosen, state.cites.FREE_MULLIGAN) or why_not_full_mulligan(state, chosen.player)


def _no_cards(state: DState, chosen: Action, cited) -> tuple[Reason, ...]:
    """An answer that names no card and takes no parameter (keep, no-rack, blind, ...) names none."""
    return (
        (Reason(f"{chosen.kind} names no card and takes no parameter.", cited),)
        if chosen.cards or chosen.params
        else ()
    )


def _one_from(state: DState, chosen: Action, zone: str, words: str, cited) -> tuple[Reason, ...]:
    """One card, from the player's own ``zone``."""
    if len(chosen.cards) != 1 or in_zone(state, chosen.player, zone, chosen.cards[0]) is None:
        return (Reason(f"Name one card of your {words}.", cited),)
    return ()


def _check_bottom(state: DState, top: Frame | None, chosen: Action) -> tuple[Reason, ...]:
    return _one_from(state, chosen, "hand", "hand to put on the bottom of your deck", state.cites.MULLIGAN)


def _check_rack(state: DState, top: Frame | None, chosen: Action) -> tuple[Reason, ...]:
    return _one_from(state, chosen, "hand", "hand to place into your DP zone", state.cites.RACK_UP)


def _check_partner_evolve(state: DState, top: Frame | None, chosen: Action) -> tuple[Reason, ...]:
    uid = state.uid(chosen.cards[0]) if len(chosen.cards) == 1 else None
    if uid not in partner_champions(state, chosen.player):
        return (
            Reason(
                "Name one partner Level C in your Destiny Zone (its Evolution Box names your partner).",
                state.cites.PARTNER_EVOLVE,
            ),
        )
    return ()


def why_not_attack(state: DState, chosen: Action) -> tuple[Reason, ...]:
    """An attack is one of the active Digimon's three: Circle, Triangle or Cross."""
    if chosen.cards or chosen.param("choice") not in ATTACKS or len(chosen.params) != 1:
        names = ", ".join(f"choice={attack} ({SYMBOLS[attack]})" for attack in ATTACKS)
        return (Reason(f"Choose one of your active Digimon's three attacks: {names}.", state.cites.CHOOSE_ATTACK),)
    return ()


def _check_blind(state: DState, top: Frame | None, chosen: Action) -> tuple[Reason, ...]:
    reasons = list(_no_cards(state, chosen, state.cites.SUPPORTING))
    if not state.sides[chosen.player].deck:
        reasons.append(Reason("Your deck is empty: there is no top card to support with.", state.cites.SUPPORTING))
    return tuple(reasons)


def _check_jam(state: DState, top: Frame | None, chosen: Action) -> tuple[Reason, ...]:
    if chosen_attack(state, chosen.player) != "cross":
        return (Reason("Only a player who chose Cross may reveal it to Jam.", state.cites.JAM_WINDOW),)
    return ()


def _check_discard(state: DState, top: Frame | None, chosen: Action) -> tuple[Reason, ...]:
    if len(chosen.cards) != 1 or in_zone(state, chosen.player, "hand", chosen.cards[0]) is None:
        return (Reason("Name a card in your hand.", state.cites.DISCARD_TO_SIX),)
    return ()


def _check_bonus(state: DState, top: Frame | None, chosen: Action) -> tuple[Reason, ...]:
    left = top.get("left", ()) if top is not None else ()
    if chosen.param("effect") not in {str(index) for index in left}:
        return (
            Reason("Name one of the Evolution Box bonuses still waiting (effect=0, 1, ...).", state.cites.SIMULTANEOUS),
        )
    return ()


def _rule(citation, words: str, check=None) -> ActionRule:
    return ActionRule(citation, words, check)


def actions(c: ModuleType) -> dict[str, ActionRule]:
    """Every kind of action, with the rule that says when it is taken, citing the game's table ``c``."""
    return {
        "bottom": _rule(c.MULLIGAN, "The opening mulligan happens before the game.", _check_bottom),
        "keep": _rule(c.MULLIGAN, "The opening mulligan happens before the game."),
        "full-mulligan": _rule(
            c.FREE_MULLIGAN,
            "Free mulligans happen in the turn player's Prep Phase, with 3 or more cards in hand.",
            _check_full_mulligan,
        ),
        "no-mulligan": _rule(c.FREE_MULLIGAN, "Free mulligans happen in the turn player's Prep Phase."),
        "play": _rule(
            c.PLAY_NEW, "A new Digimon is played in the Prep Phase when the active zone is empty.", _check_play
        ),
        "partner-evolve": _rule(
            c.PARTNER_EVOLVE,
            "Partner evolution happens in the Prep Phase, when the partner Level R is the active Digimon.",
            _check_partner_evolve,
        ),
        "no-partner-evolve": _rule(
            c.PARTNER_EVOLVE,
            "Partner evolution happens in the Prep Phase, when the partner Level R is the active Digimon.",
        ),
        "rack": _rule(c.RACK_UP, "DP is racked up in the Evolution Phase.", _check_rack),
        "no-rack": _rule(c.RACK_UP, "DP is racked up in the Evolution Phase."),
        "evolve": _rule(c.LEVEL_UP, "Evolution happens in the turn player's Evolution Phase.", _check_evolve),
        "evolve-with": _rule(
            c.EVOLVE_CARD, "Evolve cards are played in the turn player's Evolution Phase.", _check_evolve
        ),
        "dna": _rule(c.DNA, "DNA evolution happens in the turn player's Evolution Phase.", _check_evolve),
        "no-evolve": _rule(c.LEVEL_UP, "Evolution happens in the turn player's Evolution Phase."),
        "bonus": _rule(
            c.SIMULTANEOUS,
            "Evolution Box bonuses that trigger at once are ordered by their owner after the evolution.",
            _check_bonus,
        ),
        "attack": _rule(
            c.CHOOSE_ATTACK,
            "Attacks are chosen in the Strategy Phase.",
            lambda state, top, chosen: why_not_attack(state, chosen),
        ),
        "support": _rule(
            c.SUPPORTING, "Supports are declared in the Support Phase, the non-turn player first.", _check_support
        ),
        "partner-option": _rule(
            c.PARTNER_OPTION,
            "A Partner Option supports from the Destiny Zone in the Support Phase.",
            _check_partner_option,
        ),
        "blind": _rule(
            c.SUPPORTING, "Supports are declared in the Support Phase, the non-turn player first.", _check_blind
        ),
        "no-support": _rule(c.SUPPORTING, "Supports are declared in the Support Phase."),
        "jam": _rule(
            c.JAM_WINDOW, "Jamming is revealed in the Support Phase, after an opponent's Digimon Support.", _check_jam
        ),
        "no-jam": _rule(c.JAM_WINDOW, "Jamming is revealed in the Support Phase."),
        "activate": _rule(
            c.ACTIVATE, "ACTIVATE is used by the turn player at the first step of a phase.", check_activate
        ),
        "no-activate": _rule(c.ANY_PHASE, "ACTIVATE is used by the turn player at the first step of a phase."),
        "discard": _rule(c.DISCARD_TO_SIX, "The turn player discards down to 6 in the End Phase.", _check_discard),
        "effect-discard": _rule(c.OPPONENT_DISCARDS, "A player discards when an effect tells them to.", _check_discard),
        "take": _rule(c.TAKE, "A card is taken when an effect says Take.", check_take),
        "attach": _rule(c.A_ATTACH, "A card is attached when an attack with Attach D/T/H resolves.", check_attach),
        "shatter": _rule(c.A_SHATTER, "An attached card is discarded when a Shatter attack hits.", check_shatter),
        "no-shatter": _rule(c.A_SHATTER, "An attached card is discarded when a Shatter attack hits."),
        "recode-top": _rule(
            c.RECODE, "Cards are put back on top or bottom when an effect says Recode or Corrupt.", check_look
        ),
        "recode-bottom": _rule(
            c.RECODE, "Cards are put back on top or bottom when an effect says Recode or Corrupt.", check_look
        ),
    }


ACTIONS = actions(C)

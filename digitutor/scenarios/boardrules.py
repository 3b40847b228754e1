"""How a game reaches a board: stacks, states and turns no legal game can have, each reason citing its clause.

``boardcheck`` refuses cards where the rules never let them be; these checks read how the cards got there. A
stack is built by the game's own procedure (digivolving, evolving, DNA, DigiXros), so a card on top of another
must be one the rules let it be placed on; a state (suspended, Abnormal, flat tokens) comes from a rule that
applies only in some places; a turn number goes with who went first. Each game's function takes the board
mapping (for what a board says explicitly, such as who went first) and the laid-out state, and returns every
reason, in the order a reader meets them on the board.

What the rules do reach is not refused, even where it looks odd; each game's function says what, and why.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from itertools import pairwise
from typing import Any

from ..core.records import Reason

Check = Callable[[dict[str, Any], Any], list[Reason]]

# -- Digimon Card Game -------------------------------------------------------------------------------------------


def _dcg(board: dict[str, Any], state: Any) -> list[Reason]:
    """Turns alternate from the player who goes first (when the board says who); stacks as digivolution builds them;
    no suspended Digimon in the breeding area."""
    from ..games.dcg import citations as C

    reasons: list[Reason] = []
    cards = state.instances.cards
    if "first" in board and (state.turn % 2 == 1) != (state.active == state.first):
        turn, went = state.active + 1, "went first" if state.active == state.first else "went second"
        reasons.append(
            Reason(
                f"It is turn {state.turn} and Player {turn}'s turn, but Player {turn} {went}: turns "
                "alternate from the player who goes first, so that player has the odd turns.",
                C.TURN_ENDS,
            )
        )
    for player, side in enumerate(state.sides):
        who = f"Player {player + 1}"
        for stack in side.battle:
            reasons.extend(_dcg_stack(cards, stack.cards, f"{who}'s battle area", gaps=True))
        if side.breeding is None:
            continue
        reasons.extend(_dcg_stack(cards, side.breeding.cards, f"{who}'s breeding area", gaps=False))
        if side.breeding.suspended:
            reasons.append(
                Reason(
                    f"{who}'s {cards[side.breeding.top].name} in the breeding area is suspended: a Digimon is "
                    "suspended by attacking or blocking from the battle area, or by an effect, and effects do "
                    "not reach the breeding area.",
                    C.BREEDING_NO_EFFECTS,
                )
            )
    return reasons


def _dcg_stack(cards: Any, uids: tuple[int, ...], where: str, gaps: bool) -> list[Reason]:
    """Every card placed on another the way the rules place it: by digivolving (its requirements met by the card under
    it), DNA (on two Digimon meeting its DNA requirements) or DigiXros (its materials under it, in any order).

    ``gaps``: in the battle area, an effect that trashes digivolution cards (Myotismon's) leaves a card on one it
    digivolved from through cards since trashed; allowed where such a card is in the stack at or above the gap.
    """
    stack = [cards[uid] for uid in uids]
    reasons: list[Reason] = []
    exempt: set[int] = set()  # positions whose card lies where DNA or DigiXros put it
    for at in range(len(stack) - 1, 0, -1):
        above = stack[at]
        if at in exempt:
            continue
        if above.digixros is not None:
            exempt.update(range(1, at))  # its materials, in the order they were placed
        elif above.dna is not None and _dna_below(above, stack[:at]):
            exempt.update(_dna_split(stack[:at]))
        else:
            reasons.extend(_dcg_pair(stack, at, where, gaps))
    return reasons


def _dcg_pair(stack: list[Any], at: int, where: str, gaps: bool) -> list[Reason]:
    """The reason ``stack[at]`` cannot lie on the card under it (none: it can)."""
    from ..games.dcg import citations as C
    from ..games.dcg.cards import Category

    above, below = stack[at], stack[at - 1]
    if above.id == below.id:
        return [
            Reason(
                f"In {where}, {above.label()} is listed under itself: a card digivolves into a card of a higher "
                "level that its digivolution requirements name, never into its own.",
                C.REQUIREMENTS,
            )
        ]
    if above.category is not Category.DIGIMON:
        what = {Category.TAMER: "a Tamer", Category.DIGI_EGG: "a Digi-Egg"}.get(above.category, "not a Digimon")
        return [
            Reason(
                f"In {where}, {above.label()} lies on {below.label()}, but it is {what}: only a Digimon card is "
                "placed on another card, by digivolving, DNA digivolving or DigiXros.",
                C.REQUIREMENTS,
            )
        ]
    if any(_meets(requirement, below) for requirement in above.digivolve):
        return []
    if gaps and _reaches(below.id, above.id) and any(_trims_sources(card) for card in stack[at:]):
        return []
    wanted = "; ".join(_wanted(requirement) for requirement in above.digivolve) or "no digivolution requirements"
    return [
        Reason(
            f"In {where}, {above.label()} lies on {below.label()}: it digivolves from {wanted}, and "
            f"{below.name} does not meet that.",
            C.REQUIREMENTS,
        )
    ]


def _meets(requirement: Any, card: Any) -> bool:
    from ..games.dcg.cards import Category
    from ..games.dcg.checks import meets

    return card.category in (Category.DIGIMON, Category.DIGI_EGG) and meets(requirement, card)


def _wanted(requirement: Any) -> str:
    if requirement.name is not None:
        return f"[{requirement.name}]"
    if requirement.trait is not None:
        return f"a Digimon with the trait {requirement.trait}"
    return f"a {requirement.colour} level {requirement.level} Digimon"


def _dna_below(card: Any, below: list[Any]) -> bool:
    return bool(below) and (_meets(card.dna.left, below[-1]) or _meets(card.dna.right, below[-1]))


def _dna_split(below: list[Any]) -> set[int]:
    """DNA places the card on two Digimon, one stack on the other: the position where the upper stack starts, found as
    the first card (from the top) that the card under it does not digivolve into; all of them if none is found."""
    for at in range(len(below) - 1, 0, -1):
        if not any(_meets(requirement, below[at - 1]) for requirement in below[at].digivolve):
            return {at}
    return set(range(1, len(below)))


def _trims_sources(card: Any) -> bool:
    """Does the card have an effect that trashes digivolution cards (chooses among them)?"""
    return any(
        verb.what is not None and verb.what.zone == "sources"
        for effect in card.effects
        for verb in (*effect.spec.cost, *effect.spec.do)
    )


@cache
def _reaches(start: str, goal: str) -> bool:
    """Can a Digimon showing card ``start`` become ``goal`` by digivolving one or more times (the shipped cards)?"""
    from ..core.registry import get_game

    pool = get_game("dcg").plugs.cards()
    seen, todo = {start}, [start]
    while todo:
        below = pool[todo.pop()]
        for card in pool.values():
            if card.id not in seen and any(_meets(requirement, below) for requirement in card.digivolve):
                if card.id == goal:
                    return True
                seen.add(card.id)
                todo.append(card.id)
    return False


# -- Digimon Battles and Digimon Battle Evolution ----------------------------------------------------------------


def _battles(game: str) -> Check:
    """DMB and DBE: the active zone holds Digimon, its first an R, C or U played in the Prep Phase; Abnormal is the
    state of an un-evolved C or U; (DBE) flat tokens lie in front of an active Digimon, and the first turn has no
    Strategy Phase; (DMB) the active zone is a line of evolutions (``_dmb_line``).

    Not refused, because the rules reach them: in DBE, a Digimon on a card of its own level or a higher one, or on
    itself (an evolution ignoring the level: "Digimon may evolve backward (to a lower level, e.g. C -> R), to the same
    level (C -> C)", dbe:evolution-phase.5.1.2.2); in DMB, the same in one type (Warp Code, "evolve ignoring the level
    progression"); in both, a Rookie under any Digimon (placed under it by an effect: Rookie Rescue, Kamemon).
    """

    def check(board: dict[str, Any], state: Any) -> list[Reason]:
        from ..games.dbe import citations as DBE
        from ..games.dmb import citations as DMB

        cited: Any = DBE if game == "dbe" else DMB
        reasons: list[Reason] = []
        if game == "dbe" and state.turn == 1 and board.get("phase") == "strategy":
            reasons.append(
                Reason(
                    "The board starts in the Strategy Phase of turn 1: the first turn of the game has no "
                    "Strategy Phase (nor Support or Battle Phase).",
                    cited.STRATEGY_FIRST_TURN,
                )
            )
        for player, side in enumerate(state.sides):
            stack = [state.instances.cards[uid] for uid in side.active]
            reasons += _active_zone(game, cited, f"Player {player + 1}", stack)
            reasons += _battles_states(game, cited, f"Player {player + 1}", side, stack)
        return reasons

    return check


def _active_zone(game: str, cited: Any, who: str, stack: list[Any]) -> list[Reason]:
    """Only Digimon in the active zone, the first of them an R, C or U; (DMB) a line of evolutions."""
    others = [card for card in stack if card.kind != "digimon"]
    reasons = [
        Reason(
            f"{who}'s active zone holds {card.name}, which is not a Digimon card: the active zone takes a "
            "Digimon played from the hand (an R, C or U) and the Digimon it evolves to.",
            cited.PLAY_NEW,
        )
        for card in others
    ]
    if others or not stack:
        return reasons
    if stack[0].level not in ("R", "C", "U"):
        alone = "alone" if len(stack) == 1 else "at the bottom of the stack"
        reasons.append(
            Reason(
                f"{who}'s active Digimon is {stack[0].name}, Level {stack[0].level}, {alone}: a Digimon "
                "comes into an empty active zone only as an R, C or U played from the hand; a Level M "
                "evolves from one.",
                cited.PLAY_NEW,
            )
        )
    elif game == "dmb" and not _dmb_line(stack):
        cards = " under ".join(card.name for card in reversed(stack))
        reasons.append(
            Reason(
                f"{who}'s active zone, {cards}, is no line of evolutions: a Digimon evolves to the "
                "next level or to its own type (an Evolve card may ignore one of these, and one Evolve "
                "card is played per turn), or from a Digimon its Evolution Box or DNA names.",
                cited.REQ_LEVEL,
            )
        )
    return reasons


def _battles_states(game: str, cited: Any, who: str, side: Any, stack: list[Any]) -> list[Reason]:
    """Abnormal: an active C or U played un-evolved (DMB: and never evolved); (DBE) flat tokens need an active one."""
    reasons = []
    top = stack[-1] if stack else None
    if side.abnormal and top is None:
        reasons.append(
            Reason(
                f"{who} is Abnormal with no active Digimon: Abnormal is the status of an active Digimon "
                "played un-evolved as a Level C or U.",
                cited.ABNORMAL,
            )
        )
    elif side.abnormal and top is not None and (top.level == "R" or (game == "dmb" and top.level == "M")):
        never = " (and an Abnormal Digimon does not evolve)" if game == "dmb" else ""
        reasons.append(
            Reason(
                f"{who}'s active {top.name} (Level {top.level}) is Abnormal: only a Level C or U played "
                f"un-evolved is Abnormal{never}.",
                cited.ABNORMAL,
            )
        )
    if game == "dbe" and side.flats and top is None:
        tokens = f"{side.flats} flat token{'s' if side.flats != 1 else ''}"
        reasons.append(
            Reason(
                f"{who} has {tokens} and no active Digimon: flat tokens lie in front of the active "
                "Digimon, and are removed when it is KO'd.",
                cited.FLAT_STAYS,
            )
        )
    return reasons


def _dmb_line(stack: list[Any]) -> bool:
    """Is the DMB active zone a line of evolutions from a Digimon played (an R, C or U), each one evolving from the one
    before by its level or its type (an Evolve card ignores the other: Type Bridge, Warp Code; a partner Level C comes
    from the Destiny Zone onto its Level R), by its Evolution Box or by DNA? A Level R under the top may have been
    placed there by an effect (Rookie Rescue: "Place a Level R Digimon from your trash under your Digimon.")."""
    from ..games.dmb.cards import NEXT_LEVEL

    def evolves(below: Any, above: Any) -> bool:
        return (
            below.name in above.evo_box
            or below.name in above.dna
            or NEXT_LEVEL.get(below.level or "") == above.level
            or below.type == above.type
        )

    def placed_under(cards: list[Any]) -> bool:
        return all(card.level == "R" for card in cards)

    ends: list[bool] = []  # ends[i]: a line of evolutions can end at stack[i] (the cards left out placed under it)
    for at, card in enumerate(stack):
        started = card.level in ("R", "C", "U") and placed_under(stack[:at])
        ends.append(
            started
            or any(
                ends[before] and evolves(stack[before], card) and placed_under(stack[before + 1 : at])
                for before in range(at)
            )
        )
    return not stack or ends[-1]


# -- D-Tector ----------------------------------------------------------------------------------------------------


def _dtector(board: dict[str, Any], state: Any) -> list[Reason]:
    """A D-Dock stack is a Digimon and what it digivolved to, one level up each time, as the card's Special Effect says
    (the engine's own check of a digivolution, pair by pair)."""
    from ..games.dtector.checks import digivolve_reasons

    cards = state.instances.cards
    reasons: list[Reason] = []
    for player, side in enumerate(state.sides):
        for unit in side.ddock:
            for below, above in pairwise(unit.stack):
                where = f"In Player {player + 1}'s D-Dock, {cards[above].name} lies on {cards[below].name}"
                reasons += [
                    Reason(f"{where}: {reason.why}", reason.citation)
                    for reason in digivolve_reasons(cards[below], cards[above])
                ]
    return reasons


# -- Arena -------------------------------------------------------------------------------------------------------


def _arena(board: dict[str, Any], state: Any) -> list[Reason]:
    """A Duel Zone is a Rookie and what it digivolved to: each card one level above the one under it, its Digivolve
    Requirements box showing that one's name; a DNA Digivolve lies on its two Digimon, the partner played from the hand
    onto the other."""
    cards = state.instances.cards
    reasons: list[Reason] = []
    for player, side in enumerate(state.sides):
        stack = [cards[uid] for uid in side.duel]
        partners: set[int] = set()  # positions of the partner a DNA Digivolve played onto the other Digimon
        for at in range(len(stack) - 1, 0, -1):
            if at in partners:
                continue
            above, below = stack[at], stack[at - 1]
            box = above.box.digimon if above.box is not None else ()
            if above.box is not None and above.box.dna and at >= 2 and {below.name, stack[at - 2].name} <= set(box):
                partners.add(at - 1)
            reasons += _arena_pair(f"Player {player + 1}'s Duel Zone", below, above, box)
    return reasons


def _arena_pair(where: str, below: Any, above: Any, box: tuple[str, ...]) -> list[Reason]:
    from ..games.arena import citations as C

    lies = f"In {where}, {above.name} ({above.level or 'a Power Option'}) lies on {below.name} ({below.level})"
    if above.rank > below.rank + 1:
        return [Reason(f"{lies}: a Digimon digivolves one level per Duel.", C.ONE_LEVEL)]
    if above.rank != below.rank + 1:
        return [Reason(f"{lies}: a card digivolves a Digimon to the next level.", C.PLACE_FACE_DOWN)]
    if below.name not in box:
        shows = " and ".join(box) or "no Digimon"
        return [Reason(f"{lies}: its Digivolve Requirements box shows {shows}.", C.NAME_IN_BOX)]
    return []


RULES: dict[str, Check] = {
    "dcg": _dcg,
    "dmb": _battles("dmb"),
    "dbe": _battles("dbe"),
    "dtector": _dtector,
    "arena": _arena,
}

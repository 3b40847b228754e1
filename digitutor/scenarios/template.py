"""``digitutor scenario new GAME [--board FILE]``: a scenario file a judge fills in.

The board (the judge's own, or a small default one) is laid out by the game first, so a board
the rules cannot have is refused with the game's own one-line error. The template then plays
up to the first decision and writes what it finds there as its ``now`` expectation, so the
file passes ``digitutor scenario check`` as written, and every other key is shown commented out.
"""

from __future__ import annotations

from typing import Any

import yaml

from ..core.errors import InputError, excerpt
from ..core.registry import GAME_MODULES
from .facts import now_facts
from .model import parse_scenario
from .runner import run_scenario

#: a small board per game, for a template without --board
DEFAULT_BOARDS: dict[str, dict[str, Any]] = {
    "dtector": {
        "phase": "digi-battle",
        "active": 0,
        "players": [
            {"d_dock": ["greymon"], "deck": ["agumon", "agumon", "agumon"]},
            {"hand": ["agumon", "palmon"], "deck": ["gabumon", "gabumon", "gabumon"]},
        ],
    },
    "arena": {
        "phase": "battle",
        "first": 0,
        "players": [
            {"duel_zone": ["palmon"], "online": ["tentomon", "hawkmon"]},
            {"duel_zone": ["gabumon"], "online": ["agumon", "biyomon"]},
        ],
    },
    "dcg": {
        "phase": "main",
        "active": 0,
        "first": 0,
        "turn": 3,
        "memory": 3,
        "players": [
            {
                "hand": ["st1-03"],
                "deck": ["st1-03", "st1-03", "st1-03"],
                "security": ["st1-03", "st1-03"],
                "battle": ["st1-07"],
            },
            {
                "hand": ["st2-03"],
                "deck": ["st2-03", "st2-03", "st2-03"],
                "security": ["st2-03", "st2-03"],
                "battle": ["st2-06"],
            },
        ],
    },
    "dmb": {
        "phase": "strategy",
        "active": 0,
        "turn": 3,
        "players": [
            {"deck": ["palmon", "palmon", "palmon"], "active": ["greymon"]},
            {"deck": ["palmon", "palmon", "palmon"], "active": ["agumon"]},
        ],
    },
    "dbe": {
        "phase": "strategy",
        "active": 0,
        "turn": 3,
        "players": [
            {"deck": ["biyomon", "biyomon", "biyomon"], "active": ["agumon"]},
            {"deck": ["biyomon", "biyomon", "biyomon"], "active": ["gabumon"]},
        ],
    },
}

EXAMPLES = """\
# More expectations (docs/scenarios.md lists every key):
#   cites: [{game}:...]                      clauses some step cites
#   narration: ["..."]                       text some step says
#   order: ["first ...", {game}:..., {{says: "..."}}, {{cites: {game}:...}}]   in this order, each at a later step
#   board: [{{player: 0, zone: hand, count: 1}}]
#   cards: [{{card: <card id>#1, player: 0, zone: <zone>, suspended: false, value: ..., printed: ..., stats: {{...}}}}]
#   counters: [{{player: 0, name: <counter>, value: ...}}, {{player: 0, name: Status, present: false}}]
#   options: [{{decision: <kind>, option: <key>, legal: false, reasons: 1, cites: [{game}:...]}}]
#   why_not: [{{action: <key>, player: 0, ask: "Why can't I ...?", legal: false, cites: [{game}:...]}}]
#   result: {{winner: 0}}
#   over: true
"""


def board_setup(doc: Any, game: str, source: str) -> dict[str, Any]:
    """The setup a board file gives: a scenario's ``setup``, ``{board: ...}``, ``{decks: ...}``, or a bare board."""
    if not isinstance(doc, dict):
        raise InputError(
            source, "", f"expected a board (a mapping with players) or a scenario file, got {excerpt(doc)}"
        )
    if "game" in doc and doc["game"] != game:
        raise InputError(source, "game", f"expected {game} (the game asked for), got {excerpt(doc['game'])}")
    if isinstance(doc.get("setup"), dict):
        return doc["setup"]
    if "board" in doc or "decks" in doc:
        return {key: doc[key] for key in ("board", "decks") if key in doc}
    return {"board": {key: value for key, value in doc.items() if key != "game"}}


def new_scenario(game: str, board: Any = None, source: str = "--board") -> str:
    """The text of a template scenario for ``game`` from ``board`` (a parsed board file; None: a default board)."""
    if game not in GAME_MODULES:
        raise InputError("scenario new", "GAME", f"expected one of {', '.join(GAME_MODULES)}, got {excerpt(game)}")
    setup = board_setup(board, game, source) if board is not None else {"board": DEFAULT_BOARDS[game]}
    doc: dict[str, Any] = {
        "game": game,
        "title": "The question a player asked, in one line",
        "demonstrates": [],
        "explains": "What happens and why, for the rulings library.",
        "seed": 1,
        "setup": setup,
        "script": [],
    }
    run = run_scenario(parse_scenario(doc, source))  # lays the board out: a board the rules cannot have raises here
    doc["expect"] = {"now": {key: value for key, value in now_facts(run.match).items() if value is not None}}
    parse_scenario(doc, source)
    head = (
        f"# A {game} scenario: fill in title, demonstrates (clause ids from `digitutor rules search`), explains,\n"
        "# the script (answers, in order) and the expectations, then run `digitutor scenario check FILE`.\n"
        "# `until: {phase: ..., turn: ..., whose_turn: ..., decision: ...}` stops the run at that point.\n"
    )
    return head + yaml.safe_dump(doc, sort_keys=False, default_flow_style=None, width=110) + EXAMPLES.format(game=game)

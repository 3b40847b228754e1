"""The board editor's parts that are not widgets: the states each game's board may set, the check's verdict and the
defaults in HTML, the download link, the words for a DCG attack resumed (used by ``editor.BoardEditor``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

from ..scenarios.boardlink import Inspection
from .citation import citations_html
from .style import esc


@dataclass(frozen=True)
class Setting:
    """A state a ruling may turn on: a board field (``player`` False) or a player's (True), with its default."""

    key: str
    label: str
    kind: str  #: ``int``, ``bool`` or ``choice``
    default: Any
    low: int = 0
    high: int = 10_000
    choices: tuple[Any, ...] = ()
    player: bool = False


WHOSE = (("Player 1", 0), ("Player 2", 1))
_TURN = Setting("turn", "Turn", "int", 1, 1, 10_000)
SETTINGS: dict[str, tuple[Setting, ...]] = {
    "dcg": (
        Setting("phase", "Phase", "choice", "main"),
        Setting("active", "Whose turn", "choice", 0, choices=WHOSE),
        _TURN,
        Setting("first", "Went first", "choice", "", choices=(("as the turn says", ""), *WHOSE)),
        Setting("memory", "Memory (whose turn: +)", "int", 0, -10, 10),
    ),
    "dtector": (
        Setting("phase", "Phase", "choice", "battle-call"),
        Setting("active", "Whose turn", "choice", 0, choices=WHOSE),
        _TURN,
        Setting("points", "Points", "int", 0, 0, 10_000, player=True),
    ),
    "arena": (
        Setting("phase", "Phase", "choice", "battle"),
        Setting("first", "Goes first", "choice", 0, choices=WHOSE),
        Setting("duel", "Duel", "int", 1, 1, 10_000),
        Setting("score", "Score", "int", 0, 0, 10_000, player=True),
    ),
    "dmb": (
        Setting("phase", "Phase", "choice", "prep"),
        Setting("active", "Whose turn", "choice", 0, choices=WHOSE),
        _TURN,
        Setting("hp", "HP", "int", 0, 0, 9990, player=True),
        Setting("ko_points", "KO points", "int", 0, 0, 9, player=True),
        Setting("abnormal", "Abnormal", "bool", False, player=True),
    ),
    "dbe": (
        Setting("phase", "Phase", "choice", "prep"),
        Setting("active", "Whose turn", "choice", 0, choices=WHOSE),
        Setting("turn", "Turn", "int", 2, 1, 10_000),
        Setting("hp", "HP", "int", 0, 0, 99_990, player=True),
        Setting("ko_points", "KO points", "int", 0, 0, 9, player=True),
        Setting("flats", "Flat tokens", "int", 0, 0, 3, player=True),
        Setting("abnormal", "Abnormal", "bool", False, player=True),
    ),
}
#: what a missing part of a board means, in words (the loader's defaults)
DEFAULT_WORDS = {
    "dmb": "HP: the active Digimon's printed HP",
    "dbe": "HP: the active Digimon's printed HP",
    "dcg": "",
    "arena": "",
    "dtector": "",
}


def defaults_html(game: str, board: dict[str, Any]) -> str:
    """The parts of the board left out, with the value the rules engine takes for each."""
    missing = [
        f"{s.label}: <b>{esc(_shown(s, s.default))}</b>" for s in SETTINGS[game] if not s.player and s.key not in board
    ]
    for player, side in enumerate(board.get("players") or []):
        if isinstance(side, dict):
            missing += [
                f"Player {player + 1} {s.label}: <b>{esc(_shown(s, s.default))}</b>"
                for s in SETTINGS[game]
                if s.player and s.key not in side and s.key != "hp"
            ]
    extra = DEFAULT_WORDS.get(game, "")
    words = ", ".join(missing + ([esc(extra)] if extra else []))
    return f'<div class="dt-editor-defaults">Not set, so the defaults apply: {words}.</div>' if words else ""


#: games without a "went first" field: turn 1 is the first player's and the turn passes to the other player each turn,
#: so whose turn and the turn number already say who went first (a control could only contradict them); no rule of
#: theirs turns on it otherwise (DBE's "Skip this entire phase during the first turn of the game" reads turn 1)
TURNS_ALTERNATE = {
    "dtector": "“Player ends their turn and play shifts to other player.”",
    "dmb": "“The turn passes to the next player.” (end-phase.5)",
    "dbe": "“The turn passes to the next player.” (end-phase.5)",
}


def went_first_html(game: str, state: Any) -> str:
    """D-Tector, DMB, DBE: who went first, as whose turn and the turn number say it (nothing to set)."""
    if game not in TURNS_ALTERNATE or state is None:
        return ""
    turn, active = int(getattr(state, "turn", 1)), int(getattr(state, "active", 0))
    first = active if turn % 2 else 1 - active
    return (
        f'<div class="dt-editor-went-first">Went first: <b>Player {first + 1}</b>, as the turn says (turn {turn} is '
        f"Player {active + 1}'s; turn 1 was the first player's, and {TURNS_ALTERNATE[game]}).</div>"
    )


def _shown(setting: Setting, value: Any) -> str:
    if setting.choices and isinstance(setting.choices[0], tuple):  # (label, value) pairs
        return next((label for label, v in setting.choices if v == value), str(value))
    return str(value).lower() if isinstance(value, bool) else str(value)


def check_html(inspection: Inspection) -> str:
    """The check's verdict: the loader's one line, or every cited reason, or that the board is one the rules allow."""
    if inspection.error:
        return f'<div class="dt-error">{esc(inspection.error)}</div>'
    check = inspection.check
    parts = []
    if check.impossible and check.beyond_rules:
        rows = "".join(
            f'<div class="dt-reason">• {esc(r.why)}{citations_html([r.citation])}</div>' for r in check.impossible
        )
        parts.append(
            f'<div class="dt-editor-beyond"><b>Beyond a legal game, as the board says:</b> '
            f"{esc(check.beyond_rules)}<details><summary>No legal game reaches it, because "
            f"({len(check.impossible)}):</summary>{rows}</details></div>"
        )
    elif check.impossible:
        rows = "".join(
            f'<div class="dt-reason"><b>✗ {esc(r.why)}</b>{citations_html([r.citation])}</div>'
            for r in check.impossible
        )
        parts.append(f'<div class="dt-editor-refused"><b>The rules cannot have this board</b>, because:{rows}</div>')
    else:
        parts.append('<div class="dt-editor-ok">✓ The rules can have this board.</div>')
    if check.beyond_decks:
        rows = "".join(
            f'<div class="dt-reason">• {esc(r.why)}{citations_html([r.citation])}</div>' for r in check.beyond_decks
        )
        parts.append(
            '<details class="dt-editor-notes"><summary>More cards than a legal deck holds '
            f"({len(check.beyond_decks)}): "
            f"fine for a ruling, but no legal game reaches this board</summary>{rows}</details>"
        )
    return "".join(parts)


def download_html(text: str, name: str) -> str:
    data = "data:application/x-yaml;charset=utf-8," + quote(text)
    return f'<a class="dt-download" download="{esc(name)}" href="{esc(data)}">⬇ Download {esc(name)}</a>'


#: where "Play from here" resumes a DCG attack under way, by its ``at`` (E. Attacking, dcg:attacking.p3-p4)
RESUMED = {
    "declared": (
        "play starts just after its declaration: its [When Attacking] effects, counter timing, then blocker timing "
        "(dcg:attacking.p3, p4)."
    ),
    "counter": "play resumes it at counter timing, its [When Attacking] effects already resolved; then blocker timing "
    "(dcg:attacking.p4).",
    "block": "play resumes it at blocker timing, counter timing over (dcg:attacking.p4).",
    "battle": "play resumes it after blocker timing: the battle or security check comes next (dcg:attacking.p4).",
}

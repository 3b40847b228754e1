"""A judge's board as a link: ``?board=db1.<base64url of zlib JSON>``, and back into a scenario file.

The document a link holds is small: the game, the scenario board mapping (exactly what a scenario's
``setup: {board: ...}`` holds), and optionally the judge's question and the answer shown. A link is
untrusted input: the text and the inflated JSON are size-capped (the inflater stops at the cap, so a
zip bomb never expands), the nesting depth and the number of cards are capped, only JSON is read,
and the board is laid out by the game's own scenario loader and checked by ``boardcheck``, so a
bad link always ends in one line naming what is wrong.

The prefix carries the format's version: ``db1.`` links are read by this version; a link of a later
format is refused with one line naming the form this version reads.
"""

from __future__ import annotations

import base64
import binascii
import difflib
import json
import os
import re
import tempfile
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from ..core.errors import DigitutorError, InputError, excerpt
from ..core.registry import GAME_MODULES, get_game
from ..core.yamlio import MAX_DEPTH, DuplicateKey, unique_keys
from ..widgets.position import LINK_PREFIX as POSITION_PREFIX
from ..widgets.position import _whole_number
from .boardcheck import BoardCheck, check_board, impossible, raw_problems
from .spelling import respell_board

VERSION = 1
LINK_PREFIX = f"db{VERSION}."
#: what a board link of any version starts with (``db`` + its version + ``.``)
_ANY_VERSION = re.compile(r"^db(\d{1,6})\.")
#: the longest link text read (a full two-deck board is about 2 KB once compressed)
MAX_LINK = 20_000
#: the longest text read as a link: the link with the address around it (``https://.../rulings.ipynb?board=``)
MAX_ADDRESS = MAX_LINK + 2_000
#: the most bytes a link may inflate to (the largest real board's JSON is well under 10 KB)
MAX_JSON = 100_000
#: the most cards a board may name in all (two full DCG decks with Digi-Eggs are 110; the rules never reach this)
MAX_CARDS = 400
FIELDS = ("game", "board", "question", "answer", "asked")
#: the judge's "why not?" kept with a board: the action key, who proposed it, the answers played before it, in words
ASKED_FIELDS = ("action", "player", "script", "words")
#: the most answers a kept question may have been asked after
MAX_ASKED_SCRIPT = 500
#: the closest cards an unknown card's error names
CLOSEST = 3


@dataclass(frozen=True)
class Board:
    """A judge's board: the game, the scenario board mapping, the question asked and the answer shown."""

    game: str
    board: dict[str, Any]
    question: str = ""
    answer: str = ""
    #: one line each: a zone key read in the other spelling (``egg-deck`` for ``egg_deck``); not part of the board
    notes: tuple[str, ...] = ()
    #: the "why not?" the judge asked (``ASKED_FIELDS``), kept in the link and the scenario file; empty: none
    asked: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"game": self.game, "board": self.board}
        doc.update(
            {
                key: value
                for key, value in (("question", self.question), ("answer", self.answer), ("asked", self.asked))
                if value
            }
        )
        return doc

    @property
    def setup(self) -> dict[str, Any]:
        return {"board": self.board}


def board_link(board: Board) -> str:
    """The board as a short URL-safe token (the value of ``?board=``)."""
    packed = zlib.compress(json.dumps(board.to_json(), separators=(",", ":")).encode("utf-8"), 9)
    return LINK_PREFIX + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def _inflate(token: str, source: str) -> str:
    """The JSON text of a ``db1.`` token; the inflater never yields more than ``MAX_JSON`` bytes."""
    try:
        packed = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
        inflater = zlib.decompressobj()
        raw = inflater.decompress(packed, MAX_JSON)
        if inflater.unconsumed_tail:
            raise InputError(source, "", f"the link's board is too large (more than {MAX_JSON:,} bytes of JSON)")
        if not inflater.eof:
            raise ValueError("the compressed data stops short")
        return raw.decode("utf-8")
    except InputError:
        raise
    except (binascii.Error, zlib.error, UnicodeDecodeError, ValueError):
        raise InputError(source, "", "not a digitutor board link (it was cut off or changed)") from None


def _link_text(text: Any, source: str) -> str:
    """The JSON a link holds; a link of another format or version is refused in one line."""
    if not isinstance(text, str):
        raise InputError(source, "", f"expected a board link (text), got {excerpt(text)}")
    text = text.strip()
    if len(text) > MAX_ADDRESS:  # checked before an address is cut down to its link: a long address is a long link
        raise InputError(
            source,
            "",
            f"the link is too long (more than {MAX_ADDRESS:,} characters; a board link is at most {MAX_LINK:,})",
        )
    if text.startswith("?board=") or ("board=" in text[:2000] and "://" in text[:20]):
        text = text.partition("board=")[2].partition("&")[0]  # a whole address was pasted
    if len(text) > MAX_LINK:
        raise InputError(
            source, "", f"the link is too long ({len(text):,} characters; a board link is at most {MAX_LINK:,})"
        )
    if text.startswith(LINK_PREFIX):
        return _inflate(text[len(LINK_PREFIX) :], source)
    if text.startswith(POSITION_PREFIX):
        raise InputError(source, "", "that is a game position link (?position=...), not a board link (?board=db1....)")
    version = _ANY_VERSION.match(text)
    if version:
        raise InputError(
            source,
            "",
            f"a board link of format db{version.group(1)}, which this digitutor cannot read "
            f"(it reads links that start {LINK_PREFIX}): open it with a newer digitutor",
        )
    raise InputError(source, "", f"not a board link (expected {LINK_PREFIX}..., got {excerpt(text, 40)})")


def _depth(doc: Any) -> int:
    """The deepest nesting of lists and mappings in ``doc`` (without recursion)."""
    deepest, todo = 0, [(doc, 1)]
    while todo:
        value, depth = todo.pop()
        if isinstance(value, (list, dict)):
            deepest = max(deepest, depth)
            if depth > MAX_DEPTH:
                return depth
            todo.extend((item, depth + 1) for item in (value.values() if isinstance(value, dict) else value))
    return deepest


def _count_cards(value: Any) -> int:
    """How many card ids (texts inside lists) a board names: a cheap upper bound, before anything is laid out."""
    count, todo = 0, [value]
    while todo:
        item = todo.pop()
        if isinstance(item, dict):
            todo.extend(item.values())
        elif isinstance(item, list):
            count += sum(isinstance(x, str) for x in item)
            todo.extend(x for x in item if isinstance(x, (list, dict)))
    return count


def parse_board_doc(doc: Any, source: str) -> Board:
    """A board document (from a link, a file or the editor) checked field by field; raises one-line InputError."""
    if not isinstance(doc, dict):
        raise InputError(source, "", f"expected a mapping with game and board, got {excerpt(doc)}")
    unknown = sorted(str(key) for key in doc if key not in FIELDS)
    if unknown:
        raise InputError(source, unknown[0], f"unknown field (expected {', '.join(FIELDS)})")
    game = doc.get("game")
    if not isinstance(game, str) or game not in GAME_MODULES:
        raise InputError(source, "game", f"expected one of {', '.join(GAME_MODULES)}, got {excerpt(game)}")
    board = doc.get("board")
    if not isinstance(board, dict):
        raise InputError(source, "board", f"expected a mapping (a scenario's setup.board), got {excerpt(board)}")
    for name in ("question", "answer"):
        value = doc.get(name, "")
        if not isinstance(value, str) or len(value) > 2_000:
            raise InputError(source, name, f"expected a text of at most 2,000 characters, got {excerpt(value)}")
    if _depth(board) > MAX_DEPTH:
        raise InputError(source, "board", f"nested too deeply (more than {MAX_DEPTH} levels)")
    cards = _count_cards(board)
    if cards > MAX_CARDS:
        raise InputError(
            source, "board", f"names {cards:,} cards; a board holds at most {MAX_CARDS} (two whole decks and more)"
        )
    asked = parse_asked(doc.get("asked", {}), source)
    respelled, notes = respell_board({"board": board})
    return Board(
        game, respelled["board"], doc.get("question", "").strip(), doc.get("answer", "").strip(), tuple(notes), asked
    )


def parse_asked(asked: Any, source: str) -> dict[str, Any]:
    """A kept "why not?" (``{action, player, script, words}``) checked field by field; raises one-line InputError."""
    if not isinstance(asked, dict):
        raise InputError(source, "asked", f"expected a mapping ({', '.join(ASKED_FIELDS)}), got {excerpt(asked)}")
    unknown = sorted(str(key) for key in asked if key not in ASKED_FIELDS)
    if unknown:
        raise InputError(source, f"asked.{unknown[0]}", f"unknown field (expected {', '.join(ASKED_FIELDS)})")
    if not asked:
        return {}
    action, player = asked.get("action"), asked.get("player", 0)
    if not isinstance(action, str) or not 0 < len(action) <= 200:
        raise InputError(
            source, "asked.action", f"expected an action key of 1 to 200 characters, got {excerpt(action)}"
        )
    if type(player) is not int or player not in (0, 1):
        raise InputError(source, "asked.player", f"expected 0 or 1, got {excerpt(player)}")
    script = asked.get("script", [])
    if (
        not isinstance(script, list)
        or len(script) > MAX_ASKED_SCRIPT
        or not all(isinstance(a, str) and len(a) <= 200 for a in script)
    ):
        raise InputError(
            source, "asked.script", f"expected at most {MAX_ASKED_SCRIPT} answers (texts), got {excerpt(script)}"
        )
    words = asked.get("words", "")
    if not isinstance(words, str) or len(words) > 500:
        raise InputError(source, "asked.words", f"expected a text of at most 500 characters, got {excerpt(words)}")
    kept: dict[str, Any] = {"action": action, "player": player}
    kept.update({key: value for key, value in (("script", list(script)), ("words", words.strip())) if value})
    return kept


def read_board_link(text: Any, source: str = "board link") -> Board:
    """Decode, size-check and schema-check a ``?board=`` value, then lay it out and check it against the rules."""
    board = _decoded_link(text, source)
    lay_out(board, source)
    return board


def mendable_link(text: Any) -> Board | None:
    """A link's board, decoded and schema-checked but not laid out: what the editor shows to mend when the loader or
    the rules refuse it (None: the link holds no board at all)."""
    try:
        return _decoded_link(text, "link")
    except InputError:
        return None


def _decoded_link(text: Any, source: str) -> Board:
    raw = _link_text(text, source)
    try:
        doc = json.loads(raw, parse_int=_whole_number, object_pairs_hook=unique_keys)
    except DuplicateKey as error:
        raise InputError(source, "", f"the link's JSON has a {error}") from None
    except RecursionError:
        raise InputError(source, "", f"nested too deeply (more than {MAX_DEPTH} levels)") from None
    except (json.JSONDecodeError, ValueError):
        raise InputError(
            source, "", "not a digitutor board (the link does not hold the JSON the editor writes)"
        ) from None
    return parse_board_doc(doc, source)


def lay_out(board: Board, source: str) -> Any:
    """The board laid out by the game's scenario loader and checked against the rules; one-line InputError if the
    rules cannot have it (a board beyond the deck construction limits is laid out: see ``boardcheck``)."""
    game = get_game(board.game)
    early = raw_problems(board.game, board.board)
    if early:
        raise impossible(early, source)
    try:
        state = game.new_state(board.setup, source)
    except InputError as error:
        raise _with_closest(error, board) from None
    except DigitutorError:
        raise
    except (
        TypeError,
        KeyError,
        AttributeError,
        ValueError,
        RecursionError,
    ) as error:  # a shape the loader did not foresee
        raise InputError(
            source, "board", f"not a board the {board.game} loader can lay out ({type(error).__name__})"
        ) from None
    check = check_board(board.game, board.board, state)
    if check.refused:
        raise impossible(check.impossible, source)
    return state


_PATH_PART = re.compile(r"\.?([A-Za-z_][\w-]*)|\[(\d+)\]")


def _at(doc: Any, path: str) -> Any:
    """The value a field path such as ``setup.players[0].hand[2]`` names in the board (None if none)."""
    value: Any = doc
    for name, index in _PATH_PART.findall(re.sub(r"^setup\.(board\.)?", "", path)):
        try:
            value = value[int(index)] if index else value[name]
        except (KeyError, IndexError, TypeError):
            return None
    return value


def _with_closest(error: InputError, board: Board) -> InputError:
    """An unknown-card error with the game's closest cards by id and name added."""
    if not error.expected.startswith("unknown card"):
        return error
    written = _at(board.board, error.field)
    if not isinstance(written, str):
        return error
    close = closest_cards(board.game, written)
    return InputError(error.source, error.field, error.expected + (f" (closest: {', '.join(close)})" if close else ""))


def closest_cards(game: str, written: str, n: int = CLOSEST) -> list[str]:
    """The card ids of ``game`` whose id, number or name is closest to ``written``."""
    cards = get_game(game).plugs.cards()
    keys: dict[str, str] = {}
    for card_id, card in cards.items():
        keys.setdefault(card_id.lower(), card_id)
        for label in (getattr(card, "number", None), getattr(card, "name", None)):
            if isinstance(label, str):
                keys.setdefault(label.lower(), card_id)
    near = difflib.get_close_matches(written.lower()[:100], list(keys), n=n * 2, cutoff=0.5)
    return list(dict.fromkeys(keys[key] for key in near))[:n]


# -- Files -------------------------------------------------------------------------------------------------------


def board_from_file_doc(doc: Any, source: str) -> Board:
    """A board from a scenario file (``setup.board``) or a board file (``game`` and ``board``)."""
    board = _file_board(doc, source)
    lay_out(board, source)
    return board


def mendable_file(doc: Any, source: str) -> Board | None:
    """A file's board, schema-checked but not laid out: what the editor shows to mend when the loader or the rules
    refuse it (None: the file holds no board at all)."""
    try:
        return _file_board(doc, source)
    except InputError:
        return None


def _file_board(doc: Any, source: str) -> Board:
    if not isinstance(doc, dict):
        raise InputError(source, "", f"expected a scenario file or a board file (game and board), got {excerpt(doc)}")
    if "setup" in doc:
        setup = doc.get("setup")
        if not isinstance(setup, dict) or not isinstance(setup.get("board"), dict):
            raise InputError(
                source, "setup", "expected setup.board (a prepared board); a link cannot hold decks to shuffle"
            )
        board = parse_board_doc(
            {"game": doc.get("game"), "board": setup["board"], "question": doc.get("title", ""), **_asked_of(doc)},
            source,
        )
    else:
        board = parse_board_doc(doc, source)
    return board


def _asked_of(doc: dict[str, Any]) -> dict[str, Any]:
    """A scenario file's first ``why_not`` expectation as the kept question (its script: the answers before it)."""
    expect = doc.get("expect")
    found = expect.get("why_not") if isinstance(expect, dict) else None
    first = found[0] if isinstance(found, list) and found and isinstance(found[0], dict) else None
    if first is None or not isinstance(first.get("action"), str):
        return {}
    asked: dict[str, Any] = {"action": first["action"], "player": first.get("player", 0)}
    script = doc.get("script")
    if isinstance(script, list) and script and all(isinstance(answer, str) for answer in script):
        asked["script"] = list(script)
    if isinstance(first.get("ask"), str):
        asked["words"] = first["ask"][:500]
    return {"asked": asked}


def _base_doc(board: Board, demonstrates: list[Any] | None, script: list[str] | None) -> dict[str, Any]:
    return {
        "game": board.game,
        "title": (board.question or "The question a player asked, in one line")[:200],
        "demonstrates": list(demonstrates or []),
        "explains": board.answer or "What happens and why, for the rulings library.",
        "seed": 1,
        "setup": board.setup,
        "script": list(script or []),
    }


def asked_parts(board: Board) -> tuple[dict[str, Any], list[str], list[str]]:
    """The board's kept "why not?" as a scenario's ``why_not`` expectation (asked where the answers before it stop,
    with whether it is legal and the clauses of its reasons), those clauses, and those answers; nothing when none."""
    from .model import parse_scenario
    from .runner import proposals, run_scenario

    if not board.asked:
        return {}, [], []
    script = list(board.asked.get("script", []))
    entry: dict[str, Any] = {"action": board.asked["action"], "player": board.asked["player"]}
    if board.question:
        entry["ask"] = board.question[:200]
    doc = _base_doc(board, [], script)
    doc["expect"] = {"why_not": [dict(entry)]}
    run = run_scenario(parse_scenario(doc, "board"))
    if run.refused is not None:
        raise run.refused
    reasons = proposals(run)[0][1]
    if isinstance(reasons, str):
        raise InputError("board", "asked.action", f"{excerpt(entry['action'], 60)} is no action here: {reasons}")
    cites = list(dict.fromkeys(reason.citation.id for reason in reasons))
    entry["legal"] = not reasons
    if cites:
        entry["cites"] = cites
    return {"why_not": [entry]}, cites, script


def scenario_doc(
    board: Board,
    expect: dict[str, Any] | None = None,
    demonstrates: list[Any] | None = None,
    script: list[str] | None = None,
) -> dict[str, Any]:
    """A scenario document for ``board`` that ``digitutor scenario check`` accepts: ``script`` played (default: none),
    stopped at the next decision, with the ``now`` facts found there, plus the expectations the judge confirmed.

    Given none of the three, a board with a kept "why not?" (``board.asked``) gives them: the answers before it
    as the script, the question as a ``why_not`` expectation, its clauses in ``demonstrates``."""
    from .facts import now_facts
    from .model import parse_scenario
    from .runner import run_scenario

    if expect is None and demonstrates is None and script is None and board.asked:
        expect, demonstrates, script = asked_parts(board)
    doc = _base_doc(board, demonstrates, script)
    run = run_scenario(parse_scenario(doc, "board"))
    if run.refused is not None:
        raise run.refused
    doc["expect"] = {
        "now": {key: value for key, value in now_facts(run.match).items() if value is not None},
        **(expect or {}),
    }
    parse_scenario(doc, "board")
    return doc


def scenario_text(
    board: Board,
    expect: dict[str, Any] | None = None,
    demonstrates: list[Any] | None = None,
    script: list[str] | None = None,
) -> str:
    """The scenario YAML of ``board`` (see ``scenario_doc``), with a heading that says where it came from."""
    head = (
        f"# A {board.game} board from the judge's bench: check it with `digitutor scenario check FILE`;\n"
        "# add a script (answers, in order) and expectations (docs/scenarios.md lists every key).\n"
    )
    return head + yaml.safe_dump(
        scenario_doc(board, expect, demonstrates, script),
        sort_keys=False,
        default_flow_style=None,
        width=110,
        allow_unicode=True,
    )


@dataclass(frozen=True)
class Inspection:
    """A board as the editor shows it: laid out (or the one line the loader refused it with), and its check."""

    state: Any = None
    error: str = ""
    check: BoardCheck = BoardCheck()


def inspect_board(board: Board) -> Inspection:
    """Lay ``board`` out and check it, never raising for a bad board: what the editor shows after each change."""
    early = raw_problems(board.game, board.board)
    if early:
        return Inspection(check=BoardCheck(early))
    try:
        state = get_game(board.game).new_state(board.setup, "board")
    except InputError as error:
        return Inspection(error=str(_with_closest(error, board)))
    except DigitutorError as error:
        return Inspection(error=str(error))
    except (TypeError, KeyError, AttributeError, ValueError, RecursionError) as error:
        return Inspection(error=f"board: not a board the {board.game} loader can lay out ({type(error).__name__})")
    return Inspection(state, "", check_board(board.game, board.board, state))


def write_whole(path: str | Path, text: str) -> None:
    """Write ``text`` to ``path`` all at once (a temporary file renamed into place): never a half-written file."""
    target = Path(path)
    try:
        handle, temporary = tempfile.mkstemp(
            prefix=f".{target.name}.", dir=target.parent if str(target.parent) else "."
        )
    except OSError as error:
        raise InputError(str(path), "", f"cannot write ({error.strerror})") from None
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(temporary, target)
    except OSError as error:
        Path(temporary).unlink(missing_ok=True)
        raise InputError(str(path), "", f"cannot write ({error.strerror})") from None

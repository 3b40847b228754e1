"""A saved position: which kind of game, the match (seed + setup + answers) and the step viewed.

The same document travels three ways: a JSON file to download and upload, a link
(``?position=dt1.<base64url of zlib JSON>``), and the browser's local storage, which
brings a game back after a reload. All three are untrusted input: ``read_position``
checks every field and raises a one-line ``InputError``; nothing is ever evaluated.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from dataclasses import dataclass, field
from typing import Any

from ..core.errors import DigitutorError, InputError, excerpt
from ..core.match import Match
from ..core.yamlio import DuplicateKey, unique_keys

FORMAT = "digitutor-position"
#: the mode of a position made to try the teacher's board from (follow mode): a board, its hidden cards dealt afresh
TRY_MODE = "try"
#: the mode of a position saved in an exercise (a lesson's, played in the Learn app's Guided lesson mode)
EXERCISE_MODE = "exercise"
#: the source of a match opened from a try position (its MatchSpec's ``source``): a reload brings it back as such
TRY_SOURCE = "try from here"
VERSION = 1
LINK_PREFIX = "dt1."
#: the longest text a browser may send as a position (a long game is a few kilobytes)
MAX_TEXT = 400_000
#: the most bytes a compressed link may inflate to (no zip bombs)
MAX_JSON = 2_000_000
#: the most digits a whole number in a position may have (a seed has at most 19)
MAX_DIGITS = 30


class LongNumber:
    """What a position's JSON holds for a whole number of more than ``MAX_DIGITS`` digits.

    Never an ``int``, so the check of whatever field it is in refuses it, naming the field; Python
    cannot even convert one of more than 4,300 digits.
    """

    def __init__(self, digits: int) -> None:
        self.digits = digits

    def __repr__(self) -> str:
        return f"a number of {self.digits:,} digits"


def _whole_number(text: str) -> int | LongNumber:
    digits = len(text.lstrip("-"))
    return LongNumber(digits) if digits > MAX_DIGITS else int(text)


@dataclass(frozen=True)
class Position:
    """Everything needed to bring a tutor back to where it was."""

    app: str  #: which app saved it, e.g. ``learn:dtector``
    mode: str  #: the app's mode, e.g. ``guided``, ``free``, ``hot-seat``
    match: dict[str, Any]  #: ``Match.save()``
    step: int = -1  #: the step viewed (-1: the start)
    options: dict[str, Any] = field(default_factory=dict)  #: e.g. ``{"seed": 3, "opponent": "greedy"}``

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "app": self.app,
            "mode": self.mode,
            "step": self.step,
            "options": self.options,
            "match": self.match,
        }


def position_text(position: Position) -> str:
    """The position as a readable JSON file."""
    return json.dumps(position.to_json(), indent=1, sort_keys=True) + "\n"


def position_link(position: Position) -> str:
    """The position as a short token for a link's query string."""
    packed = zlib.compress(json.dumps(position.to_json(), separators=(",", ":")).encode("utf-8"), 9)
    return LINK_PREFIX + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def _document(text: str, source: str) -> Any:
    if not isinstance(text, str):
        raise InputError(source, "", "expected text")
    text = text.strip()
    if len(text) > MAX_TEXT:
        raise InputError(source, "", f"too long ({len(text)} characters; a saved position is at most {MAX_TEXT})")
    if text.startswith(LINK_PREFIX):
        token = text[len(LINK_PREFIX) :]
        try:
            packed = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
            inflater = zlib.decompressobj()
            raw = inflater.decompress(packed, MAX_JSON)
            if inflater.unconsumed_tail:
                raise InputError(source, "", "the link's position is too large")
            text = raw.decode("utf-8")
        except (binascii.Error, zlib.error, UnicodeDecodeError, ValueError) as error:
            if isinstance(error, InputError):
                raise
            raise InputError(source, "", "not a digitutor position link (it was cut off or changed)") from None
    try:
        return json.loads(text, parse_int=_whole_number, object_pairs_hook=unique_keys)
    except DuplicateKey as error:
        raise InputError(source, "", f"the position's JSON has a {error}") from None
    except (json.JSONDecodeError, RecursionError):
        raise InputError(source, "", "not a digitutor position (expected the JSON file the tutor saves)") from None


KIND_WORDS = {str: "a text", int: "a whole number", dict: "a mapping"}


def read_position(text: str, source: str = "saved position") -> Position:
    """Parse and check a position (JSON text or link token); raises InputError with one line."""
    doc = _document(text, source)
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise InputError(source, "format", f"expected {FORMAT!r} (a position saved by the tutor)")
    if type(doc.get("version")) is not int or doc["version"] != VERSION:  # not True, which equals 1
        raise InputError(source, "version", f"expected {VERSION}, got {excerpt(doc.get('version'))}")
    for name, kind in (("app", str), ("mode", str), ("step", int), ("options", dict), ("match", dict)):
        value = doc.get(name)
        if not isinstance(value, kind) or isinstance(value, bool):
            raise InputError(source, name, f"expected {KIND_WORDS[kind]}, got {excerpt(value)}")
    options = {str(k): v for k, v in doc["options"].items() if isinstance(v, (str, int)) and not isinstance(v, bool)}
    return Position(doc["app"], doc["mode"], doc["match"], doc["step"], options)


def load_match(position: Position, source: str = "saved position") -> Match:
    """Replay the position's match (checking every answer against the rules); raises a one-line DigitutorError."""
    try:
        return Match.load(position.match, source)
    except DigitutorError:
        raise
    except (TypeError, KeyError, AttributeError, RecursionError) as error:  # a shape Match.load did not foresee
        raise InputError(source, "match", f"not a match the tutor can replay ({type(error).__name__})") from None

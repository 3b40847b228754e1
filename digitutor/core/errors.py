"""Errors digitutor raises: all ValueError subclasses whose message quotes the bad input."""

from __future__ import annotations

from typing import Protocol


class CitedReason(Protocol):
    """What an illegal action's error quotes of each reason (``core.records.Reason`` is one).

    A protocol, not an import: records imports this module, so this module imports nothing of core.
    """

    @property
    def why(self) -> str: ...

    @property
    def citation(self) -> QuotedClause: ...


class QuotedClause(Protocol):
    """A citation as an error message quotes it: the clause id and the quote."""

    @property
    def id(self) -> str: ...

    @property
    def quote(self) -> str: ...


#: how many characters of a bad value an error message quotes
EXCERPT = 60


def excerpt(value: object, limit: int = EXCERPT, quote: bool = True) -> str:
    """A short, one-line quotation of ``value`` for an error message (``repr``, cut with an ellipsis)."""
    try:
        text = repr(value) if quote else str(value)
    except (ValueError, RecursionError):  # an int too long to print, a too-deep structure
        text = f"<a {type(value).__name__} too large to show>"
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    return text.replace("\n", "\\n").replace("\r", "\\r")


def counted(number: int, noun: str, plural: str | None = None) -> str:
    """``number`` with ``noun`` in the right number: ``1 card``, ``2 cards``, ``1,777,600 cards``."""
    return f"{number:,} {noun if number == 1 else plural or noun + 's'}"


class DigitutorError(ValueError):
    """Base class: something a user gave us is not right."""


class InputError(DigitutorError):
    """A file or value does not have the shape we expect: names the file, the field and what was expected."""

    def __init__(self, source: str, field: str, expected: str) -> None:
        self.source, self.field, self.expected = source, field, expected
        where = f"{source}: {field}" if field else source
        super().__init__(f"{where}: {expected}")


class IllegalActionError(DigitutorError):
    """An answer to a decision that the rules forbid; carries every reason, each cited."""

    def __init__(self, message: str, reasons: tuple[CitedReason, ...] = ()) -> None:
        self.reasons = reasons
        because = "; ".join(f'{r.why} [{r.citation.id}: "{r.citation.quote}"]' for r in reasons)
        super().__init__(f"{message} ({because})" if because else message)

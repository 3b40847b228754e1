"""Reading fields of YAML files: one-line InputErrors naming the file, the field and what was expected."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from .errors import InputError, excerpt


def one_of(enum: type[StrEnum], value: Any, source: str, where: str) -> Any:
    """``value`` as a member of ``enum``, or an error listing the allowed values."""
    try:
        return enum(value)
    except ValueError:
        allowed = ", ".join(member.value for member in enum)
        raise InputError(source, where, f"expected one of {allowed}, got {value!r}") from None


def whole_number(value: Any, low: int, high: int | None, source: str, where: str) -> int:
    """``value`` as a whole number from ``low`` (to ``high``, if given)."""
    if not isinstance(value, int) or isinstance(value, bool) or value < low or (high is not None and value > high):
        span = f"from {low}" if high is None else f"from {low} to {high}"
        raise InputError(source, where, f"expected a whole number {span}, got {excerpt(value)}")
    return value


class Fields:
    """Reads one mapping of a file, naming ``where`` in every error."""

    def __init__(self, entry: Any, source: str, where: str, allowed: set[str], shape: str) -> None:
        if not isinstance(entry, dict):
            raise InputError(source, where, f"expected a mapping with {shape}")
        unknown = set(entry) - allowed
        if unknown:
            raise InputError(
                source, f"{where}.{sorted(unknown)[0]}", f"unknown field (expected {', '.join(sorted(allowed))})"
            )
        self.entry, self.source, self.where = entry, source, where

    def at(self, name: str) -> str:
        return f"{self.where}.{name}"

    def required(self, name: str) -> Any:
        if name not in self.entry:
            raise InputError(self.source, self.at(name), "missing")
        return self.entry[name]

    def text(self, name: str) -> str:
        value = self.required(name)
        if not isinstance(value, str) or not value.strip():
            raise InputError(self.source, self.at(name), f"expected a non-empty text, got {value!r}")
        return value

    def enum(self, enum: type[StrEnum], name: str, required: bool = True) -> Any:
        if not required and self.entry.get(name) is None:
            return None
        return one_of(enum, self.required(name), self.source, self.at(name))

    def whole(self, name: str, low: int, high: int, default: int | None = None) -> int:
        value = self.entry.get(name, default) if default is not None else self.required(name)
        return whole_number(value, low, high, self.source, self.at(name))

    def flag(self, name: str) -> bool:
        value = self.entry.get(name, False)
        if not isinstance(value, bool):
            raise InputError(self.source, self.at(name), f"expected true or false, got {value!r}")
        return value

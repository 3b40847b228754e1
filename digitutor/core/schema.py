"""Typed file schemas: parsed YAML/JSON in, typed records out, or one InputError naming the field.

Schemas are ``msgspec.Struct`` classes (see docs/schemas.md for why msgspec: a few
milliseconds and about 2 MiB to import). ``validate`` converts a parsed document strictly
(no ``"1"`` for ``1``, no ``1.0`` for ``1``, no ``true`` for ``1``, no unknown fields) and turns
msgspec's message into this project's one line: file, field, what was expected, an excerpt
of what was found.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, TypeVar

import msgspec

from .errors import InputError, excerpt

T = TypeVar("T")

#: common field types
Text = Annotated[str, msgspec.Meta(min_length=1, max_length=2000)]
ShortText = Annotated[str, msgspec.Meta(min_length=1, max_length=200)]
Seed = Annotated[int, msgspec.Meta(ge=0, le=2**63 - 1)]
Player = Annotated[int, msgspec.Meta(ge=0, le=1)]
Count = Annotated[int, msgspec.Meta(ge=0, le=100_000)]


# Each subclass says ``frozen=True`` again: msgspec inherits it, but a type checker reads each class on its own
# (PEP 681) and would otherwise take a subclass for a mutable record built on a frozen one.
class Schema(msgspec.Struct, forbid_unknown_fields=True, frozen=True, kw_only=True):
    """Base of every file schema: unknown fields are refused; records are immutable."""


_WORDS = {
    "int": "a whole number",
    "str": "a text",
    "array": "a list",
    "object": "a mapping",
    "bool": "true or false",
    "float": "a number",
    "null": "nothing (null)",
}
_PATH = re.compile(r" - at `([^`]*)`(?: in `([^`]*)`)?$")
_STEP = re.compile(r"\.([A-Za-z_][A-Za-z0-9_]*)|\[(\d+)\]")


def _words(message: str) -> str:
    """msgspec's ``Expected `int`, got `float``` in plain words."""

    def words(match: re.Match[str]) -> str:
        return " or ".join(_WORDS.get(part.strip(), part.strip()) for part in match.group(1).split("|"))

    message = re.sub(r"`([\w |]+)`", words, message)
    return message[:1].lower() + message[1:]


def _steps(path: str) -> list[str | int]:
    """``$.cards[0].card`` -> ``["cards", 0, "card"]``."""
    return [name if name else int(index) for name, index in _STEP.findall(path.removeprefix("$"))]


def _field(steps: list[str | int]) -> str:
    text = "".join(f"[{s}]" if isinstance(s, int) else f".{s}" for s in steps)
    return text.removeprefix(".")


def _value_at(doc: Any, steps: list[str | int]) -> tuple[bool, Any]:
    for step in steps:
        try:
            doc = doc[step]
        except (KeyError, IndexError, TypeError):
            return False, None
    return True, doc


def _struct_at(schema: Any, steps: list[str | int]) -> msgspec.inspect.StructType | None:
    """The msgspec type info of the struct at ``steps`` (None if it cannot be followed)."""
    info: msgspec.inspect.Type | None = msgspec.inspect.type_info(schema)
    for step in steps:
        while isinstance(info, msgspec.inspect.UnionType):
            info = next((t for t in info.types if not isinstance(t, msgspec.inspect.NoneType)), None)
        if isinstance(info, msgspec.inspect.StructType) and isinstance(step, str):
            info = next((f.type for f in info.fields if f.encode_name == step), None)
        elif isinstance(
            info, (msgspec.inspect.ListType, msgspec.inspect.VarTupleType, msgspec.inspect.TupleType)
        ) and isinstance(step, int):
            info = getattr(info, "item_type", None)
        elif isinstance(info, msgspec.inspect.DictType):
            info = info.value_type
        else:
            return None
    while isinstance(info, msgspec.inspect.UnionType):
        info = next((t for t in info.types if isinstance(t, msgspec.inspect.StructType)), None)
    return info if isinstance(info, msgspec.inspect.StructType) else None


def _literal_values(schema: Any, steps: list[str | int]) -> tuple[Any, ...]:
    """The allowed values of the Literal field at ``steps`` (empty if it is not one)."""
    if not steps or not isinstance(steps[-1], str):
        return ()
    struct = _struct_at(schema, steps[:-1])
    info = next((f.type for f in struct.fields if f.encode_name == steps[-1]), None) if struct else None
    while isinstance(info, msgspec.inspect.UnionType):
        info = next((t for t in info.types if isinstance(t, msgspec.inspect.LiteralType)), None)
    return tuple(info.values) if isinstance(info, msgspec.inspect.LiteralType) else ()


def schema_error(error: msgspec.ValidationError, doc: Any, schema: Any, source: str, prefix: str = "") -> InputError:
    """One InputError from a msgspec error: the field's path, what was expected, what was found."""
    message = str(error)
    found = _PATH.search(message)
    steps = _steps(found.group(1)) if found else []
    message = message[: found.start()] if found else message
    if found and found.group(2) is not None:  # a bad key: "Expected `str` - at `key` in `$.x`"
        steps = _steps(found.group(2))
        bad_keys = [k for k in (_value_at(doc, steps)[1] or {}) if not isinstance(k, str)]
        message = f"expected field names to be texts, got {excerpt(bad_keys[0]) if bad_keys else 'another key'}"
    elif unknown := re.match(r"Object contains unknown field `(.*)`$", message):
        struct = _struct_at(schema, steps)
        allowed = ", ".join(f.encode_name for f in struct.fields) if struct else "the documented fields"
        steps = [*steps, unknown.group(1)]
        message = f"unknown field (expected {allowed})"
    elif missing := re.match(r"Object missing required field `(.*)`$", message):
        steps = [*steps, missing.group(1)]
        message = "missing"
    elif message.startswith("Invalid enum value") and (values := _literal_values(schema, steps)):
        message = f"expected one of {', '.join(str(v) for v in values)}, got {excerpt(_value_at(doc, steps)[1])}"
    else:
        present, value = _value_at(doc, steps)
        message = _words(message)
        if present and ", got " not in message:
            message += f", got {excerpt(value)}"
        elif present:
            message = message.split(", got ")[0] + f", got {excerpt(value)}"
    field = _field(steps)
    if prefix:
        field = f"{prefix}{'' if field.startswith('[') else '.'}{field}" if field else prefix
    return InputError(source, field, message)


def validate(doc: Any, schema: type[T], source: str, prefix: str = "") -> T:
    """``doc`` as a ``schema`` record, or an InputError naming ``source`` and the bad field."""
    try:
        return msgspec.convert(doc, schema, strict=True)
    except msgspec.ValidationError as error:
        raise schema_error(error, doc, schema, source, prefix) from None

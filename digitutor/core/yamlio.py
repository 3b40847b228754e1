"""Safe YAML loading with one-line errors that name the file and the place.

Files and pasted text are input from anyone, so before anything is built from a document it
passes a cheap scan of its parse events: no aliases (``*name`` — project files never need them,
and a few hundred bytes of nested aliases expand to billions of items), no nesting deeper than
``MAX_DEPTH``, and every field name is a text. Files must be regular files of at most ``MAX_BYTES`` (never
``/dev/zero``, never a FIFO that blocks forever). The C parser of libyaml is used where PyYAML was built with it.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

from .errors import InputError, excerpt

#: the largest file or pasted text read by default (the biggest shipped file is about 16 KB; a
#: hostile document this size still parses in well under a second of CPU)
MAX_BYTES = 512_000
#: the deepest nesting of lists and mappings accepted (shipped files nest at most 6 deep)
MAX_DEPTH = 50

_BaseLoader: type = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _Loader(_BaseLoader):  # type: ignore[misc]  # its base is picked at import: the C loader where PyYAML has one
    """The safe loader, refusing a mapping that writes a key twice (YAML would keep the last one silently)."""

    def construct_mapping(self, node: Any, deep: bool = False) -> Any:
        seen: set[Any] = set()
        for key_node, _value in node.value:
            if not isinstance(key_node, yaml.ScalarNode) or key_node.tag == "tag:yaml.org,2002:merge":
                continue
            key = self.construct_object(key_node)
            if key in seen:
                raise yaml.constructor.ConstructorError(
                    None, None, f"duplicate key {excerpt(key, 40)}: write each key once", key_node.start_mark
                )
            seen.add(key)
        return super().construct_mapping(node, deep)


class DuplicateKey(ValueError):
    """A JSON object that writes a key twice (``json.loads`` would keep the last one silently)."""

    def __init__(self, key: str) -> None:
        super().__init__(f"duplicate key {excerpt(key, 40)}: write each key once")
        self.key = key


def unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """``object_pairs_hook`` for ``json.loads``: a dict, or DuplicateKey naming the key written twice."""
    doc: dict[str, Any] = {}
    for key, value in pairs:
        if key in doc:
            raise DuplicateKey(key)
        doc[key] = value
    return doc


def read_text(path: Path | str, limit: int = MAX_BYTES) -> str:
    """A regular file's UTF-8 text, at most ``limit`` bytes; anything else raises InputError."""
    name = str(path)
    try:
        # O_NONBLOCK: opening a FIFO must not wait for a writer; we refuse it just after.
        fd = os.open(name, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise InputError(name, "", "no such file") from None
    except IsADirectoryError:
        raise InputError(name, "", "expected a file, got a directory") from None
    except (OSError, ValueError) as error:
        raise InputError(name, "", f"cannot be opened ({error.__class__.__name__})") from None
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise InputError(name, "", "expected a file, got a directory")
        if not stat.S_ISREG(mode):
            raise InputError(name, "", "expected a regular file (not a device, FIFO or socket)")
        data = os.read(fd, limit + 1)
        while len(data) <= limit and (more := os.read(fd, limit + 1 - len(data))):
            data += more
    except OSError as error:  # e.g. /proc/self/mem: a "regular file" whose read fails (EIO)
        raise InputError(name, "", f"cannot be read ({error.strerror or error.__class__.__name__})") from None
    finally:
        os.close(fd)
    if len(data) > limit:
        raise InputError(name, "", f"file too large (more than {limit:,} bytes)")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise InputError(name, "", "cannot be read as UTF-8 text") from None


#: given every parse event of the safety scan, before anything is built; it may refuse the document by raising
Watch = Callable[[yaml.Event], None]


def load_yaml(path: Path | str, limit: int = MAX_BYTES, watch: Watch | None = None) -> Any:
    """Parse a YAML file with the safe loader; a bad file raises InputError (file, line, problem)."""
    return parse_yaml(read_text(path, limit), str(path), limit, watch)


def _where(mark: Any) -> str:
    return f"line {mark.line + 1}" if mark is not None else ""


def _scan(text: str, source: str, watch: Watch | None = None) -> None:
    """Refuse aliases and deep nesting by reading parse events only (nothing is built); ``watch`` sees each event."""
    depth = 0
    for event in yaml.parse(text, Loader=_Loader):
        if isinstance(event, yaml.AliasEvent):
            raise InputError(
                source,
                _where(event.start_mark),
                f"YAML alias *{excerpt(event.anchor, 20, quote=False)} is not allowed (write the value out)",
            )
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > MAX_DEPTH:
                raise InputError(source, _where(event.start_mark), f"nested more than {MAX_DEPTH} levels deep")
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1
        if watch is not None:
            watch(event)


def _check_keys(node: Any, source: str, where: str = "") -> None:
    """Refuse field names that are not texts (``1:``, ``yes:``, ``null:``) anywhere in the document."""
    if isinstance(node, dict):
        for key, value in node.items():
            if not isinstance(key, str):
                raise InputError(source, where, f"field name {excerpt(key)} is not a text (quote it, or remove it)")
            _check_keys(value, source, f"{where}.{key}" if where else key)
    elif isinstance(node, list):
        for position, value in enumerate(node):
            _check_keys(value, source, f"{where}[{position}]")


def parse_yaml(text: str, source: str, limit: int = MAX_BYTES, watch: Watch | None = None) -> Any:
    """Parse YAML text from ``source`` (a file name or 'pasted deck'), refusing aliases and deep nesting.

    ``watch`` is given every parse event first and may refuse the document (by raising) before it is built.
    """
    if len(text) > limit:
        raise InputError(source, "", f"text too large (more than {limit:,} characters)")
    try:
        _scan(text, source, watch)
        doc = yaml.load(text, Loader=_Loader)  # a safe loader (CSafeLoader or SafeLoader)
    except InputError:
        raise
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        problem = getattr(error, "problem", None) or "not valid YAML"
        raise InputError(source, _where(mark), f"malformed YAML: {excerpt(problem, 100, quote=False)}") from None
    except (ValueError, OverflowError, RecursionError) as error:
        # e.g. an integer of more than 4,300 digits (Python's int conversion limit)
        raise InputError(source, "", f"malformed YAML: {excerpt(str(error), 80, quote=False)}") from None
    _check_keys(doc, source)
    return doc

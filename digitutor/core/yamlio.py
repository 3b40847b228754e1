"""Safe YAML loading with one-line errors that name the file and the place."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from .errors import InputError


def load_yaml(path: Path | str) -> Any:
    """Parse a YAML file with the safe loader; a bad file raises InputError (file, line, problem)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError(str(path), "", "no such file") from None
    except (OSError, UnicodeDecodeError) as error:
        raise InputError(str(path), "", f"cannot be read as UTF-8 text ({error.__class__.__name__})") from None
    return parse_yaml(text, str(path))


def parse_yaml(text: str, source: str) -> Any:
    """Parse YAML text from ``source`` (a file name or 'pasted deck')."""
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = f"line {mark.line + 1}" if mark is not None else ""
        problem = getattr(error, "problem", None) or "not valid YAML"
        raise InputError(source, where, f"malformed YAML: {problem}") from None

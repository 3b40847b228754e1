"""What every benchmark does with its figures: keep them as JSON under results/ and print them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def save_and_print(result: dict[str, Any], path: Path) -> None:
    """Write ``result`` to ``path`` (folders made as needed) and print the same JSON."""
    text = json.dumps(result, indent=2)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text + "\n", encoding="utf-8")
    print(text)

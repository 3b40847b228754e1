"""ipywidgets views over the engine: the Tutor and the apps behind the notebooks (no rules logic here).

Names are imported on first use, so ``import digitutor.widgets`` stays as light as
importing ipywidgets itself.
"""

from __future__ import annotations

import importlib
from typing import Any

_EXPORTS = {
    "Tutor": "tutor",
    "TutorModel": "model",
    "MatchSpec": "model",
    "Lesson": "lessons",
    "load_lesson": "lessons",
    "lesson_for": "lessons",
    "learn_app": "apps",
    "start_page": "landing",
    "rulings_app": "rulings",
    "rulebook_app": "rulebook",
    "deck_check_app": "deckcheck",
    "compare_app": "compare",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'digitutor.widgets' has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{module}"), name)

"""Arrow keys for presenter mode: a tiny anywidget whose JavaScript ships inside this package.

It listens on the page while ``enabled`` and sends ``next``/``back`` to the kernel;
keys typed into a text box, a list or a slider are left alone.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from typing import Any

log = logging.getLogger("digitutor.widgets")

ESM = """
const KEYS = { ArrowRight: "next", ArrowLeft: "back", PageDown: "next", PageUp: "back" };
const TYPING = ["INPUT", "TEXTAREA", "SELECT"];
function render({ model, el }) {
  el.classList.add("dt-keys");
  const onKey = (event) => {
    const target = event.target;
    if (!model.get("enabled") || event.altKey || event.ctrlKey || event.metaKey) return;
    if (target && (target.isContentEditable || TYPING.includes(target.tagName))) return;
    const action = KEYS[event.key];
    if (!action) return;
    event.preventDefault();
    model.send({ action });
  };
  document.addEventListener("keydown", onKey);
  return () => document.removeEventListener("keydown", onKey);
}
export default { render };
"""


@functools.cache
def _listener_class() -> type | None:
    try:
        import anywidget
        import traitlets
    except ImportError:
        log.warning("anywidget is not installed: presenter mode works without arrow keys")
        return None

    class KeyListener(anywidget.AnyWidget):
        """Sends ``{"action": "next"|"back"}`` for arrow keys while ``enabled``."""

        _esm = ESM
        enabled = traitlets.Bool(False).tag(sync=True)

    return KeyListener


def key_listener(actions: dict[str, Callable[[], Any]]) -> Any | None:
    """A key listener widget calling ``actions[name]()``, or None where anywidget is not installed."""
    listener_class = _listener_class()
    if listener_class is None:
        return None
    listener = listener_class()

    def on_message(_widget: Any, content: Any, _buffers: Any) -> None:
        action = actions.get(content.get("action")) if isinstance(content, dict) else None
        if action is not None:
            action()

    listener.on_msg(on_message)
    return listener

"""What a browser may receive from a kernel: nothing internal (no tracebacks, no stderr, no server paths).

A kernel forwards its stderr to every page (ipykernel captures it), so a comm_open that
fails inside the kernel sends the browser a traceback naming files on the server. The
apps never show stderr or errors on purpose: the server drops those messages.
"""

from __future__ import annotations

import json
from typing import Any

#: kernel message types never sent to a browser
DROPPED_TYPES = frozenset({"error"})


def is_internal(payload: str | bytes | dict) -> bool:
    """True for a kernel message a browser must not see: an error, stderr output, a traceback."""
    message = _decode(payload)
    if message is None:
        return False
    header, content = message
    msg_type = header.get("msg_type") if isinstance(header, dict) else None
    if msg_type in DROPPED_TYPES:
        return True
    if not isinstance(content, dict):
        return False
    if msg_type == "stream" and content.get("name") == "stderr":
        return True
    return "traceback" in content and content.get("status") == "error"


def _decode(payload: str | bytes | dict) -> tuple[Any, Any] | None:
    """(header, content) of a websocket message in the JSON, legacy-binary or v1 protocol; None if unreadable."""
    if isinstance(payload, dict):
        return payload.get("header"), payload.get("content")
    if isinstance(payload, str):
        return _from_json(payload)
    return _from_v1(payload) or _from_legacy_binary(payload)


def _from_json(text: str | bytes) -> tuple[Any, Any] | None:
    try:
        message = json.loads(text)
    except (ValueError, UnicodeDecodeError):
        return None
    return (message.get("header"), message.get("content")) if isinstance(message, dict) else None


def _from_v1(data: bytes) -> tuple[Any, Any] | None:
    """v1.kernel.websocket.jupyter.org: offset count, offsets, then channel,
    header, parent, metadata, content, buffers."""
    if len(data) < 8:
        return None
    count = int.from_bytes(data[:8], "little")
    if not 5 <= count <= 1024 or len(data) < 8 * (count + 1):
        return None
    offsets = [int.from_bytes(data[8 * (i + 1) : 8 * (i + 2)], "little") for i in range(count)]
    offsets.append(len(data))
    try:
        header = json.loads(data[offsets[1] : offsets[2]])
        content = json.loads(data[offsets[4] : offsets[5]])
    except (ValueError, UnicodeDecodeError):
        return None
    return header, content


def _from_legacy_binary(data: bytes) -> tuple[Any, Any] | None:
    """Jupyter's older binary framing: buffer count, offsets, then the JSON message and its buffers."""
    if len(data) < 8:
        return None
    count = int.from_bytes(data[:4], "big")
    if not 1 <= count <= 1024 or len(data) < 4 * (count + 1):
        return None
    start = int.from_bytes(data[4:8], "big")
    end = int.from_bytes(data[8:12], "big") if count > 1 else len(data)
    return _from_json(data[start:end])

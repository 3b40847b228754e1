"""``--lan``: every route needs the room's token (query ``?token=``,
``Authorization: token …`` or the cookie it sets)."""

from __future__ import annotations

import hashlib
import hmac
from typing import Any

from tornado.web import HTTPError, RequestHandler
from tornado.websocket import WebSocketHandler

from .pages import token_needed_page

COOKIE = "digitutor-room"


def cookie_value(token: str) -> str:
    """What the room cookie holds: a hash of the token, not the token."""
    return hmac.new(token.encode(), b"digitutor-room", hashlib.sha256).hexdigest()


def carries_token(handler: RequestHandler, token: str) -> bool:
    """True if the request shows the token (query, header) or the room cookie."""
    offered = handler.get_query_argument("token", "")
    header = handler.request.headers.get("Authorization", "")
    if header.lower().startswith("token "):
        offered = offered or header[6:].strip()
    if offered and hmac.compare_digest(offered.encode(), token.encode()):
        return True
    cookie = handler.get_cookie(COOKIE, "")
    return bool(cookie) and hmac.compare_digest(cookie.encode(), cookie_value(token).encode())


def guarded(cls: type[RequestHandler], token: str) -> type:
    """``cls`` refusing (403) any request without the token; a request with it gets the room cookie."""
    websocket = issubclass(cls, WebSocketHandler)

    def prepare(self: Any, *args: Any, **kwargs: Any) -> Any:
        if not carries_token(self, token):
            if websocket:
                raise HTTPError(403)
            self.set_status(403)
            self.set_header("Content-Type", "text/html; charset=utf-8")
            self.finish(token_needed_page())
            return None
        if not websocket and self.get_cookie(COOKIE, "") != cookie_value(token):
            self.set_cookie(COOKIE, cookie_value(token), httponly=True, samesite="Strict")
        return cls.prepare(self, *args, **kwargs)  # the wrapped handler's own prepare, as super() would find it

    guarded_cls = type(f"Guarded{cls.__name__}", (cls,), {"prepare": prepare, "__doc__": cls.__doc__})
    return guarded_cls

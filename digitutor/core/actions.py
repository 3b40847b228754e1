"""Actions: what a player does, as a typed record with a stable string key.

An action is a kind, the player who does it, the card instances it names and
plain parameters. Its key — ``kind[:instance...][:name=value...]``, e.g.
``digivolve:p0.c3:p0.c17`` or ``place:p1.c8:digivice=p1.c2`` — is what the CLI,
scenario scripts, saved matches and the decision panel use. Any key can be
parsed back into an action, so a person can propose an action that no decision
offers and ask why it is not allowed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from .errors import DigitutorError

#: an instance id: ``p0.c17`` (a player's card), ``pool.c3`` (a card nobody owns yet), ``p1.t2`` (a token)
INSTANCE_ID = re.compile(r"^(p\d+|pool)\.[a-z]\d+$")
_KIND = re.compile(r"^[a-z][a-z0-9-]*$")
MAX_KEY = 200


class BadActionKey(DigitutorError):
    """A string that is not an action key."""


@dataclass(frozen=True, slots=True)
class Action:
    """One thing a player does: kind, who, which card instances, and parameters."""

    kind: str
    player: int
    cards: tuple[str, ...] = ()  #: instance ids, in the order the action's kind defines
    params: tuple[tuple[str, str], ...] = ()  #: (name, value) pairs, in the order given
    key: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        if not self.key:
            parts = (
                [self.kind, *self.cards, *(f"{name}={value}" for name, value in self.params)]
                if self.params
                else [self.kind, *self.cards]
            )
            object.__setattr__(self, "key", ":".join(parts))

    def param(self, name: str, default: str | None = None) -> str | None:
        for key, value in self.params:
            if key == name:
                return value
        return default

    @classmethod
    def parse(cls, key: Any, player: int) -> Action:
        """The action a key stands for; raises BadActionKey with one line naming what is wrong."""
        if not isinstance(key, str) or not key or len(key) > MAX_KEY:
            raise BadActionKey(f"expected an action key like 'kind:p0.c3', got {str(key)[:60]!r}")
        kind, *parts = key.split(":")
        if not _KIND.match(kind):
            raise BadActionKey(f"{key[:60]!r}: an action key starts with its kind (lowercase words joined by '-')")
        cards, params = [], []
        for part in parts:
            name, equals, value = part.partition("=")
            if equals:
                if not _KIND.match(name):
                    raise BadActionKey(f"{key[:60]!r}: bad parameter name {name[:20]!r}")
                params.append((name, value))
            elif INSTANCE_ID.match(part):
                cards.append(part)
            else:
                raise BadActionKey(
                    f"{key[:60]!r}: {part[:20]!r} is neither a card instance (like p0.c3) nor name=value"
                )
        return cls(kind, player, tuple(cards), tuple(params))


def action(kind: str, player: int, *cards: str, **params: object) -> Action:
    """Build an action: ``action("digivolve", 0, "p0.c3", "p0.c17")``."""
    if params:
        return Action(kind, player, cards, tuple((name, str(value)) for name, value in params.items()))
    return plain_action(kind, player, cards)


@lru_cache(maxsize=65536)
def plain_action(kind: str, player: int, cards: tuple[str, ...] = ()) -> Action:
    """An action without parameters, built once: decisions offer the same ones again and again
    (``action`` without parameters, for code that builds many options)."""
    return Action(kind, player, cards)

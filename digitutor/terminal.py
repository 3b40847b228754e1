"""Playing in the terminal: steps as text, decisions as numbered options read from a stream.

Uses only the public Match API: ``advance()``, ``choose(key)``, ``pending.options`` with
``.legal`` and ``.reasons``. Illegal options are listed (with every reason, each cited) but
not numbered, so a number always names a legal answer.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TextIO

from .core.errors import DigitutorError
from .core.match import Match
from .core.records import Decision, Option, Result, Step


def step_line(index: int, step: Step) -> str:
    """One step as a line of text."""
    return f"{index:4} T{step.turn:<3} {step.phase:12} {step.narration}"


def result_line(result: Result) -> str:
    """How the game ended, in words."""
    scores = " to ".join(str(score) for score in result.scores)
    who = "a draw" if result.winner is None else f"Player {result.winner + 1} wins"
    return f"result: {who} ({result.reason}{', ' + scores if scores else ''})"


def decision_text(decision: Decision) -> tuple[str, list[Option]]:
    """The decision as text (legal options numbered from 1, illegal ones with their reasons), and the legal options."""
    lines = [decision.prompt]
    legal = [option for option in decision.options if option.legal]
    for number, option in enumerate(legal, 1):
        lines.append(f"  {number:2}) {option.label}")
    for option in decision.options:
        if not option.legal:
            lines.append(f"   -  {option.label} — not allowed:")
            lines += [f"        {r.why} [{r.citation.id}: \"{r.citation.quote}\"]" for r in option.reasons]
    return "\n".join(lines), legal


def ask(decision: Decision, read: Callable[[], str], write: Callable[[str], None]) -> str | None:
    """The key of the legal option the person picks by number (None: they quit or input ended)."""
    text, legal = decision_text(decision)
    write(text)
    while True:
        write(f"Your choice (1-{len(legal)}, q to quit): ")
        line = read()
        if not line or line.strip().lower() in ("q", "quit"):
            return None
        answer = line.strip()
        if answer.isdigit() and 1 <= int(answer) <= len(legal):
            return legal[int(answer) - 1].key
        write(f"Please type a number from 1 to {len(legal)}.")


def play_in_terminal(match: Match, stdin: TextIO, stdout: TextIO, quotes: bool = False, max_steps: int = 100_000) -> int:
    """Play ``match`` with a person at every ``human`` seat; returns 0 (over or quit)."""
    def write(text: str) -> None:
        print(text, file=stdout, flush=True)

    for _ in range(max_steps):
        outcome = match.advance()
        if outcome is None:
            break
        if isinstance(outcome, Decision):
            key = ask(outcome, stdin.readline, write)
            if key is None:
                write("stopped.")
                return 0
            try:
                outcome = match.choose(key)
            except DigitutorError as error:  # cannot happen for a legal option; shown, never raised
                write(f"not allowed: {error}")
                continue
        write(step_line(len(match.steps) - 1, outcome))
        if quotes:
            for citation in outcome.citations:
                write(f"{'':22}[{citation.kind}] {citation.id}: \"{citation.quote}\"")
    if match.result:
        write(result_line(match.result))
    return 0

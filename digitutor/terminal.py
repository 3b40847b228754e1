"""Playing in the terminal: steps as text, decisions as numbered options read from a stream.

Uses only the public Match API: ``advance()``, ``choose(key)``, ``pending.options`` with
``.legal`` and ``.reasons``. Illegal options are listed (with every reason, each cited) but
not numbered, so a number always names a legal answer.

The answers are input from anyone (a pipe, a file, ``/dev/zero``): a line is read up to
``MAX_ANSWER`` characters and must be ASCII digits (``²`` and ``⑦`` are digits to Python, not
numbers a person means); a longer line is refused and skipped. Input that cannot be a person
answering — a line with no end, endless wrong answers, input ending on a wrong answer — stops
the game with one line naming the input and what was expected (exit code 2).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TextIO

from .core.errors import DigitutorError, InputError, excerpt
from .core.match import Match
from .core.records import Decision, Option, Result, Step

#: the input named in errors
SOURCE = "standard input"
#: the most characters of an answer line read (a number or q fits many times over)
MAX_ANSWER = 100
#: the most characters of one over-long line skipped before the input is taken for one that never ends
MAX_SKIPPED = 16 * 1024 * 1024
#: wrong answers in a row after which the input is taken for a runaway stream, not a person
MAX_WRONG = 100
#: what ``read_answer`` returns for a line longer than ``MAX_ANSWER``
TOO_LONG = "\0too long"


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
            lines += [f'        {r.why} [{r.citation.id}: "{r.citation.quote}"]' for r in option.reasons]
    return "\n".join(lines), legal


def read_answer(stream: TextIO) -> str | None:
    """The next line, stripped (None: the input ended; ``TOO_LONG``: longer than ``MAX_ANSWER``, its rest skipped)."""
    try:
        line = stream.readline(MAX_ANSWER + 1)
        if not line:
            return None
        if len(line) <= MAX_ANSWER or line.endswith("\n"):
            return line.strip()
        skipped = len(line)
        while (more := stream.readline(65_536)) and not more.endswith("\n"):
            skipped += len(more)
            if skipped > MAX_SKIPPED:
                raise InputError(SOURCE, "", f"a line of more than {MAX_SKIPPED:,} characters; expected a number, or q")
    except UnicodeDecodeError:
        raise InputError(SOURCE, "", "not UTF-8 text; expected a number, or q") from None
    return TOO_LONG


def chosen_number(answer: str, most: int) -> int | None:
    """The number from 1 to ``most`` an answer names in ASCII digits (None: it names none)."""
    if answer.isascii() and answer.isdigit() and 1 <= int(answer) <= most:
        return int(answer)
    return None


def ask(decision: Decision, read: Callable[[], str | None], write: Callable[[str], None]) -> str | None:
    """The key of the legal option the person picks by number (None: they quit, or the input ended).

    ``read`` gives a line (see ``read_answer``). Input ending right after a wrong answer, or ``MAX_WRONG``
    wrong answers in a row, raise InputError: no person is answering.
    """
    text, legal = decision_text(decision)
    write(text)
    expected = f"a number from 1 to {len(legal)}, or q"
    wrong: str | None = None
    for _ in range(MAX_WRONG):
        write(f"Your choice (1-{len(legal)}, q to quit): ")
        answer = read()
        if answer is None and wrong is not None:
            shown = f"a line of more than {MAX_ANSWER} characters" if wrong is TOO_LONG else excerpt(wrong)
            raise InputError(SOURCE, "", f"ended after {shown}; expected {expected}")
        if answer is None or answer.lower() in ("q", "quit"):
            return None
        number = chosen_number(answer, len(legal))
        if number is not None:
            return legal[number - 1].key
        wrong = answer or wrong  # an empty line (Enter alone) is no answer, not a wrong one
        too_long = f"That line is longer than {MAX_ANSWER} characters. " if answer is TOO_LONG else ""
        write(f"{too_long}Please type a number from 1 to {len(legal)}.")
    raise InputError(SOURCE, "", f"{MAX_WRONG} answers in a row that are not {expected}")


def play_in_terminal(
    match: Match, stdin: TextIO, stdout: TextIO, quotes: bool = False, max_steps: int = 100_000
) -> int:
    """Play ``match`` with a person at every ``human`` seat; returns 0 (over or quit)."""

    def write(text: str) -> None:
        print(text, file=stdout, flush=True)

    for _ in range(max_steps):
        outcome = match.advance()
        if outcome is None:
            break
        if isinstance(outcome, Decision):
            key = ask(outcome, lambda: read_answer(stdin), write)
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
                write(f'{"":22}[{citation.kind}] {citation.id}: "{citation.quote}"')
    if match.result:
        write(result_line(match.result))
    return 0

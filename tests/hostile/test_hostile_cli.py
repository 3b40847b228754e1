"""Hostile input through the real command line: every case ends within 5 CPU seconds, in one short line, exit 2.

Each case runs ``python -m digitutor.cli`` as its own process (several at once, to keep the suite
short). Its CPU time and peak memory come from the kernel's accounting (``wait4``): under 5 CPU
seconds and 200 MB; a case still running after 30 s of wall-clock time is killed as hung.
Cases: YAML alias bombs in every field that holds a value, a wrong type at every field of deck
and scenario files (and of the playable games' prepared boards), deep nesting, huge numbers,
non-regular, unreadable and oversized files, decks listing millions of cards within the size
limit, script answers the rules refuse, answers typed to ``play --human`` (from ``²`` to
``/dev/zero``), and bad numeric options.
"""

from __future__ import annotations

import copy
import os
import sys
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml

pytestmark = pytest.mark.slow  # about 80 CPU seconds in all (40-50 s on two idle cores)

#: CPU seconds a case may use (wall-clock time on a shared CI machine is too noisy to judge by)
CPU_LIMIT = 5.0
#: wall-clock seconds after which a case counts as hung (e.g. blocked on a FIFO) and is killed
HANG_LIMIT = 30.0
MEMORY_LIMIT_MB = 200
MAX_LINE = 1500  #: an error line quotes an excerpt of the bad input, never all of it
WORKERS = max(2, os.cpu_count() or 2)


def bomb(levels: int = 9) -> str:
    """A flow sequence whose aliases expand to 9**levels items (the billion-laughs shape)."""
    parts = ["&a0 [x, x, x, x, x, x, x, x, x]"]
    parts += [f"&a{i} [{', '.join([f'*a{i - 1}'] * 9)}]" for i in range(1, levels)]
    return "[" + ", ".join(parts) + "]"


DECK = {"game": "dtector", "name": "Fire", "cards": [{"card": "agumon", "count": 50}]}
ROOT = Path(__file__).resolve().parents[2]
ARENA_DECK = yaml.safe_load((ROOT / "cards" / "arena" / "decks" / "a-courage-and-friendship.yaml").read_text())
SCENARIO = {
    "game": "dtector",
    "title": "Blocking",
    "demonstrates": ["dtector:digi-battle-phase.p1"],
    "explains": "text",
    "seed": 1,
    "max_steps": 50,
    "setup": {
        "board": {
            "phase": "digi-battle",
            "active": 0,
            "turn": 1,
            "players": [
                {"d_dock": ["greymon"], "deck": ["agumon", "agumon"], "hand": ["agumon"], "points": 0},
                {"hand": ["agumon", "palmon"], "deck": ["gabumon", "gabumon"]},
            ],
        }
    },
    "script": ["attack:greymon", "block:agumon"],
    "expect": {
        "cites": ["dtector:digi-battle-phase.p1"],
        "narration": ["blocks"],
        "board": [{"player": 1, "zone": "discard", "cards": ["Agumon"]}],
        "counters": [{"player": 0, "name": "Points", "value": 1}],
        "options": [
            {
                "decision": "defend",
                "option": "block:palmon",
                "legal": False,
                "reasons": 2,
                "cites": ["dtector:digi-battle-phase.p1"],
            }
        ],
        "result": {"winner": 0},
        "over": True,
    },
}
ARENA_SCENARIO = {
    "game": "arena",
    "title": "Tie",
    "demonstrates": ["arena:battle.p1"],
    "setup": {
        "board": {
            "phase": "battle",
            "first": 0,
            "last_winner": 0,
            "duel": 1,
            "ties": 0,
            "players": [
                {"duel_zone": ["agumon"], "hand": ["gabumon"], "online": ["agumon"], "score": 0},
                {"duel_zone": ["gabumon"], "online": ["gabumon"]},
            ],
        }
    },
    "script": [],
}
#: wrong values to put where a value of each type belongs: the other shapes, and what naive code lets through
WRONG: dict[type, dict[str, Any]] = {
    int: {"float": 1.0, "bool": True, "list": [["agumon"]]},
    str: {"list": [["agumon"]], "int": 7},
    bool: {"text": "yes please", "int": 2},
    list: {"mapping": {"a": 1}, "text": "zzz"},
    dict: {"list": [["x"]], "text": "zzz"},
}
#: a long text (under the size cap) put where a short one belongs: the error line must quote an excerpt only
LONG_TEXT = "x" * 500_000


def at(doc: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    """A deep copy of ``doc`` with the field at ``path`` set to ``value``."""
    doc = copy.deepcopy(doc)
    target = doc
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = copy.deepcopy(value)
    return doc


def fields(doc: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every field path of a document (mapping keys and list positions)."""
    items = doc.items() if isinstance(doc, dict) else enumerate(doc) if isinstance(doc, list) else ()
    found = []
    for key, value in items:
        if isinstance(doc, list) and key > 0:
            continue  # the first entry of a list stands for all of them
        found.append((*path, key))
        found += fields(value, (*path, key))
    return found


@dataclass(frozen=True)
class Case:
    """One hostile run: the verb's arguments, with ``{file}`` replaced by the case's input file."""

    id: str
    args: tuple[str, ...]
    text: str | bytes | None = None  #: the input file's content (None: no file written)
    make: Callable[[Path], Path] | None = None  #: builds a special input instead (FIFO, link, directory)
    stdin: str | bytes = os.devnull  #: what the process reads: a path (str), or these bytes


def dumped(doc: Any) -> str:
    return yaml.safe_dump(doc, sort_keys=False, width=10**9)


def wrong_type_cases(kind: str, verb: tuple[str, ...], base: dict[str, Any]) -> list[Case]:
    cases = []
    for path in fields(base):
        current = base
        for key in path:
            current = current[key]
        name = ".".join(map(str, path))
        for label, value in WRONG[type(current)].items():
            cases.append(Case(f"{kind}-{name}={label}", (*verb, "{file}"), dumped(at(base, path, value))))
    return cases


def bomb_cases() -> list[Case]:
    scenario_fields = ["title", "game", "seed", "explains", "demonstrates", "script", "setup"]
    cases = [
        Case(
            f"bomb-scenario-{f}",
            ("scenario", "check", "{file}"),
            dumped(at(SCENARIO, (f,), "@")).replace("'@'", bomb()),
        )
        for f in scenario_fields
    ]
    cases += [
        Case(
            f"bomb-scenario-expect.{f}",
            ("scenario", "check", "{file}"),
            dumped(at(SCENARIO, ("expect", f), "@")).replace("'@'", bomb()),
        )
        for f in ("board", "narration", "cites")
    ]
    cases += [
        Case(f"bomb-deck-{f}", ("deck", "check", "{file}"), dumped(at(DECK, (f,), "@")).replace("'@'", bomb()))
        for f in ("name", "game", "cards")
    ]
    cases.append(
        Case(
            "bomb-run-scenario-title",
            ("scenario", "run", "{file}"),
            dumped(at(SCENARIO, ("title",), "@")).replace("'@'", bomb()),
        )
    )
    return cases


def structure_cases() -> list[Case]:
    deep = "[" * 1200 + "]" * 1200
    return [
        Case("deep-deck-name", ("deck", "check", "{file}"), f"game: dtector\nname: {deep}\ncards: []\n"),
        Case(
            "deep-scenario-setup",
            ("scenario", "check", "{file}"),
            dumped(at(SCENARIO, ("setup",), "@")).replace("'@'", deep),
        ),
        Case(
            "deep-block-mappings",
            ("scenario", "check", "{file}"),
            "".join(f"{' ' * i}k{i}:\n" for i in range(1200)) + " " * 1200 + "x\n",
        ),
        Case(
            "huge-seed",
            ("scenario", "check", "{file}"),
            dumped(at(SCENARIO, ("seed",), "@")).replace("'@'", "9" * 5000),
        ),
        Case(
            "huge-count",
            ("deck", "check", "{file}"),
            "game: dtector\ncards: [{card: agumon, count: " + "9" * 4400 + "}]\n",
        ),
        Case("mixed-keys-deck", ("deck", "check", "{file}"), "game: dtector\ncards: []\n1: a\nzzz: b\n"),
        Case("mixed-keys-scenario", ("scenario", "check", "{file}"), dumped(SCENARIO) + "1: a\nzzz: b\n"),
        Case("mixed-keys-board", ("scenario", "check", "{file}"), dumped(at(SCENARIO, ("setup", "board", 1), "a"))),
        Case("yes-key", ("deck", "check", "{file}"), "game: dtector\ncards: []\nyes: 1\n"),
        Case("unknown-deck-key", ("deck", "check", "{file}"), dumped({**DECK, "zzz": 1})),
        Case("expect-unknown-key", ("scenario", "check", "{file}"), dumped(at(SCENARIO, ("expect", "zzz"), 1))),
        Case("empty-file", ("deck", "check", "{file}"), ""),
        Case("text-file", ("deck", "check", "{file}"), "root:x:0:0:root:/root:/bin/bash " * 1000 + "\n"),
        Case(
            "text-file-with-game",
            ("deck", "check", "{file}", "--game", "dcg"),
            "root:x:0:0:root:/root:/bin/bash\n" * 1000,
        ),
        Case("text-deck-100000-lines", ("deck", "check", "{file}", "--game", "dcg"), "1 a\n" * 100_000),
        Case("text-deck-100-copies-a-line", ("deck", "check", "{file}", "--game", "dcg"), "100 Gabumon ST2-03\n" * 999),
        Case("text-deck-huge-count", ("deck", "check", "{file}", "--game", "dmb"), "9" * 5000 + " Agumon\n"),
        Case(
            "text-deck-destiny-flood",
            ("deck", "check", "{file}", "--game", "dmb"),
            "Destiny Zone\n" + "100 Agumon\n" * 999,
        ),
        Case(
            "text-deck-unknown-cards",
            ("deck", "check", "{file}", "--game", "dbe"),
            "".join(f"1 zz{i}\n" for i in range(999)),
        ),
        Case("text-deck-long-line", ("deck", "check", "{file}", "--game", "arena"), "1 " + "x" * 500_000 + "\n"),
        Case("binary-file", ("scenario", "check", "{file}"), bytes(range(256)) * 10),
        Case("malformed-yaml", ("scenario", "check", "{file}"), "game: dtector\ntitle: [unclosed\n"),
        Case("tab-yaml", ("deck", "check", "{file}"), "game: dtector\n\tcards: []\n"),
        Case(
            "oversized-deck",
            ("deck", "check", "{file}"),
            "game: dtector\ncards:\n" + "  - {card: agumon, count: 1}\n" * 110_000,
        ),
        Case(
            "near-cap-deck",
            ("deck", "check", "{file}"),
            "game: dtector\ncards:\n" + "  - {card: agumon, count: 1}\n" * 17_000,
        ),
        Case("long-line-file", ("deck", "check", "{file}"), "game: " + "x" * 900_000 + "\ncards: []\n"),
        Case("dev-zero", ("scenario", "check", "/dev/zero")),
        Case("dev-zero-deck", ("deck", "check", "/dev/zero")),
        Case("dev-zero-link", ("scenario", "check", "{file}"), make=lambda d: _link(d / "zero.yaml", "/dev/zero")),
        Case("fifo", ("scenario", "check", "{file}"), make=_fifo),
        Case("fifo-deck", ("deck", "check", "{file}"), make=_fifo),
        Case("directory", ("deck", "check", "{file}"), make=lambda d: _mkdir(d / "folder.yaml")),
        Case("proc-self-mem-deck", ("deck", "check", "/proc/self/mem")),
        Case("proc-self-mem-scenario", ("scenario", "check", "/proc/self/mem")),
        Case(
            "proc-self-mem-scenario-run",
            ("scenario", "run", "{file}"),
            make=lambda d: _link(d / "mem.yaml", "/proc/self/mem"),
        ),
        Case("missing-file", ("deck", "check", "{file}"), make=lambda d: d / "missing.yaml"),
        *[
            Case(f"long-text-{kind}-{f}", (*verb, "{file}"), dumped(at(base, (f,), "@")).replace("'@'", LONG_TEXT))
            for kind, verb, base, names in (
                ("deck", ("deck", "check"), DECK, ("game", "name")),
                ("scenario", ("scenario", "check"), SCENARIO, ("game", "title", "explains")),
            )
            for f in names
        ],
        Case("dcg-scenario", ("scenario", "check", "{file}"), dumped({**SCENARIO, "game": "dcg"})),
        Case("dmb-scenario", ("scenario", "check", "{file}"), dumped({**SCENARIO, "game": "dmb"})),
    ]


#: a deck file inside the size cap that lists 1,777,600 cards: 17,776 entries of count 100 (480 KB)
INFLATED = 17_776


def inflated_deck(game: str, card: str, part: str = "cards") -> str:
    entries = ",".join([f"{{card: {card}, count: 100}}"] * INFLATED)
    return f"game: {game}\nname: Inflated\n{part}: [{entries}]\n" + ("cards: []\n" if part != "cards" else "")


def deck_cases() -> list[Case]:
    """Decks listing far more cards than their game's size, and counts out of range."""
    cards = {"dtector": "agumon", "arena": "agumon", "dcg": "st1-03", "dmb": "agumon", "dbe": "agumon"}
    cases = [
        Case(f"inflated-deck-{game}", ("deck", "check", "{file}"), inflated_deck(game, card))
        for game, card in cards.items()
    ]
    cases.append(Case("inflated-egg-deck-dcg", ("deck", "check", "{file}"), inflated_deck("dcg", "st1-01", "eggs")))
    block = "game: dmb\nname: Inflated\ncards:\n" + "- card: agumon\n  count: 100\n" * 15_000
    cases.append(Case("inflated-deck-block-style", ("deck", "check", "{file}"), block))
    cases += [
        Case(
            f"deck-count={label}",
            ("deck", "check", "{file}"),
            f"game: dmb\nname: x\ncards: [{{card: agumon, count: {count}}}]\n",
        )
        for label, count in (
            ("10**30", 10**30),
            ("-1", -1),
            ("0", 0),
            ("true", "true"),
            ("false", "false"),
            ("101", 101),
        )
    ]
    return cases


def board_turn_cases() -> list[Case]:
    """A prepared board's turn far past any game (turn 10**30), in each game whose boards have a turn."""
    shipped = {
        game: yaml.safe_load((ROOT / "cards" / game / "scenarios" / f"{name}.yaml").read_text())
        for game, name in (("dmb", "02-draw-one-card"), ("dbe", "03-dark-area-taken-at-the-draw"))
    }
    boards = {
        **shipped,
        "dtector": SCENARIO,
        "dcg": {
            **SCENARIO,
            "game": "dcg",
            "demonstrates": ["dcg:decks.required-items.b1"],
            "setup": {"board": {"phase": "main", "players": [{}, {}]}},
            "script": [],
            "expect": {},
        },
    }
    return [
        Case(
            f"board-turn-10**30-{game}",
            ("scenario", "check", "{file}"),
            dumped(at(doc, ("setup", "board", "turn"), "@")).replace("'@'", str(10**30)),
        )
        for game, doc in boards.items()
    ]


def script_cases() -> list[Case]:
    """Script answers the rules refuse: an unknown kind, a card that is not in the game, a junk parameter."""
    answers = {
        "unknown-kind": "zork:greymon",
        "unknown-card": "attack:nosuchcard",
        "junk-parameter": "attack:greymon:choice=-1",
        "no-instance": "attack:p1.c999",
    }
    cases = [
        Case(f"script-{label}-{verb}", ("scenario", verb, "{file}"), dumped(at(SCENARIO, ("script", 0), answer)))
        for label, answer in answers.items()
        for verb in ("check", "run")
    ]
    dmb = yaml.safe_load(
        (ROOT / "cards" / "dmb" / "scenarios" / "01-opening-hand-and-partial-mulligan.yaml").read_text()
    )
    cases += [
        Case(f"script-dmb-{label}", ("scenario", "check", "{file}"), dumped(at(dmb, ("script", 1), answer)))
        for label, answer in (
            ("unknown-card", "bottom:zzz"),
            ("opponents-card", "bottom:p1.c0"),
            ("attack-too-early", "attack:choice=-1"),
        )
    ]
    return cases


def human_cases() -> list[Case]:
    """What ``play --human`` may read instead of a number."""
    play = ("play", "dtector", "--seed", "3", "--human", "0")
    return [
        Case("human-superscript-two", play, stdin="²\n".encode()),
        Case("human-circled-seven", play, stdin="⑦\n".encode()),
        Case("human-5000-digits", play, stdin=b"9" * 5000 + b"\n"),
        Case("human-10mb-line", play, stdin=b"1" * 10_000_000 + b"\n"),
        Case("human-dev-zero", play, stdin="/dev/zero"),
        Case("human-endless-wrong-answers", play, stdin=b"x\n" * 100_000),
        Case("human-not-utf8", play, stdin=b"\xff\xfe\n"),
    ]


def _link(path: Path, target: str) -> Path:
    path.symlink_to(target)
    return path


def _fifo(folder: Path) -> Path:
    os.mkfifo(folder / "pipe.yaml")
    return folder / "pipe.yaml"


def _mkdir(path: Path) -> Path:
    path.mkdir()
    return path


def option_cases() -> list[Case]:
    cases = [
        Case(f"bench-seconds={v}", ("bench", "--game", "dtector", "--seconds", v))
        for v in ("nan", "inf", "-inf", "-1", "0", "1e309", "abc", "1" * 5000)
    ]
    cases += [
        Case("coverage-unknown-game", ("rules", "coverage", "--game", "nope")),
        Case("play-unknown-game", ("play", "x" * 100_000)),
        Case("play-seed-huge", ("play", "dtector", "--seed", "9" * 5000)),
        Case("play-seed-negative", ("play", "dtector", "--seed", "-1")),
        Case("play-seed-float", ("play", "dtector", "--seed", "1.5")),
        Case("play-max-steps-zero", ("play", "dtector", "--max-steps", "0")),
        Case("play-human-2", ("play", "dtector", "--human", "2")),
        Case("play-agents-unknown", ("play", "dtector", "--agents", "random," + "y" * 100_000)),
        Case("search-limit-negative", ("rules", "search", "spirit", "--limit", "-1")),
        Case("rules-show-long-id", ("rules", "show", "dtector:" + "z" * 100_000)),
        Case("scenario-run-unknown-id", ("scenario", "run", "nope/" + "q" * 100_000)),
        Case("deck-check-game-option", ("deck", "check", "{file}", "--game", "nope"), dumped(DECK)),
    ]
    return cases


def all_cases() -> list[Case]:
    return [
        *bomb_cases(),
        *wrong_type_cases("deck", ("deck", "check"), DECK),
        *wrong_type_cases("arena-deck", ("deck", "check"), ARENA_DECK),
        *wrong_type_cases("scenario", ("scenario", "check"), SCENARIO),
        *wrong_type_cases("arena-scenario", ("scenario", "check"), ARENA_SCENARIO),
        *structure_cases(),
        *deck_cases(),
        *board_turn_cases(),
        *script_cases(),
        *human_cases(),
        *option_cases(),
    ]


CASES = all_cases()
#: the untouched documents every case mutates: they must pass, or the cases prove nothing
VALID = [
    Case("valid-deck", ("deck", "check", "{file}"), dumped(DECK)),
    Case("valid-arena-deck", ("deck", "check", "{file}"), dumped(ARENA_DECK)),
    Case("valid-scenario", ("scenario", "check", "{file}"), dumped(SCENARIO)),
    Case("valid-arena-scenario", ("scenario", "check", "{file}"), dumped(ARENA_SCENARIO)),
]


@dataclass(frozen=True)
class Outcome:
    code: int | None  #: None: killed at the time limit
    seconds: float  #: CPU seconds (user + system)
    peak_mb: float
    stdout: str
    stderr: str


def run_case(case: Case, folder: Path) -> Outcome:
    """Run one case as a real process; kill it at the time limit; read its peak memory from wait4."""
    folder.mkdir(parents=True)
    path = folder / "input.yaml"
    if case.make is not None:
        path = case.make(folder)
    elif case.text is not None:
        path.write_bytes(case.text if isinstance(case.text, bytes) else case.text.encode())
    args = [a.replace("{file}", str(path)) for a in case.args]
    out, err = folder / "stdout", folder / "stderr"
    reads = case.stdin
    if isinstance(reads, bytes):
        (folder / "stdin").write_bytes(reads)
        reads = str(folder / "stdin")
    with open(out, "wb") as stdout, open(err, "wb") as stderr, open(reads, "rb") as stdin:
        started = time.monotonic()
        pid = os.posix_spawn(
            sys.executable,
            [sys.executable, "-m", "digitutor.cli", *args],
            os.environ,
            file_actions=[
                (os.POSIX_SPAWN_DUP2, stdin.fileno(), 0),
                (os.POSIX_SPAWN_DUP2, stdout.fileno(), 1),
                (os.POSIX_SPAWN_DUP2, stderr.fileno(), 2),
            ],
        )
        code: int | None = None
        peak_kb = 0
        while True:
            peak_kb = max(peak_kb, resident_peak_kb(pid))
            done, status, usage = os.wait4(pid, os.WNOHANG)
            if done:
                code = os.waitstatus_to_exitcode(status)
                break
            if time.monotonic() - started > HANG_LIMIT:
                os.kill(pid, 9)
                _, _, usage = os.wait4(pid, 0)
                break
            time.sleep(0.01)
        seconds = usage.ru_utime + usage.ru_stime

    def read(p: Path) -> str:
        return p.read_bytes()[:100_000].decode("utf-8", "replace")

    return Outcome(code, seconds, peak_kb / 1024, read(out), read(err))


def resident_peak_kb(pid: int) -> int:
    """The child's own peak resident memory (VmHWM of its program after exec), 0 once it has exited.

    Not ``ru_maxrss``: Linux counts in it the memory of the process image the child was spawned from, i.e.
    this test process, which grows with everything the test session has loaded before.
    """
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except (OSError, ValueError):
        pass
    return 0


@pytest.fixture(scope="module")
def outcomes(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Outcome]:
    """Run every selected case (all of them, unless ``-k`` picked some), several at a time."""
    selected = {
        item.callspec.params["case"].id
        for item in request.session.items
        if hasattr(item, "callspec") and "case" in item.callspec.params
    }
    root = tmp_path_factory.mktemp("hostile")
    with ThreadPoolExecutor(WORKERS) as pool:
        futures = {
            case.id: pool.submit(run_case, case, root / f"case{index}")
            for index, case in enumerate(VALID + CASES)
            if case.id in selected
        }
        return {case_id: future.result() for case_id, future in futures.items()}


def test_case_ids_are_unique():
    assert len({case.id for case in VALID + CASES}) == len(VALID + CASES)


@pytest.mark.parametrize("case", VALID, ids=[case.id for case in VALID])
def test_the_documents_the_cases_mutate_are_valid(case: Case, outcomes: dict[str, Outcome]):
    assert outcomes[case.id].code == 0, outcomes[case.id]


@pytest.mark.parametrize("case", CASES, ids=[case.id[:80] for case in CASES])
def test_hostile_input_is_one_short_line_and_exit_2(case: Case, outcomes: dict[str, Outcome]):
    outcome = outcomes[case.id]
    assert outcome.code is not None, f"still running after {HANG_LIMIT} s"
    assert outcome.seconds < CPU_LIMIT, f"{outcome.seconds:.1f} CPU seconds"
    assert outcome.peak_mb < MEMORY_LIMIT_MB, f"peak memory {outcome.peak_mb:.0f} MB"
    assert outcome.code == 2, (outcome.code, outcome.stderr[:500])
    lines = outcome.stderr.splitlines()
    assert len(lines) == 1, outcome.stderr[:2000]
    assert "Traceback" not in outcome.stderr and "internal error" not in lines[0]
    assert len(lines[0]) <= MAX_LINE, lines[0][:200]

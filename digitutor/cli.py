"""The ``digitutor`` command line. Bad input: one clear line on stderr and exit code 2."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NoReturn

from .core.errors import DigitutorError, excerpt

if TYPE_CHECKING:
    from .core.records import Decision
    from .lessons import Lesson
    from .lessons.exercises import Outcome
    from .scenarios.boardlink import Board
    from .scenarios.runner import ScenarioRun

EXIT_BAD_INPUT = 2
#: the longest error line printed (input quoted in a message is cut well before this)
MAX_ERROR_LINE = 1500


def error_line(message: str) -> str:
    """A message as one short line: newlines flattened, cut with an ellipsis."""
    line = " ".join(str(message).split())
    return line if len(line) <= MAX_ERROR_LINE else line[: MAX_ERROR_LINE - 1] + "…"


def bounded_number(kind: type, low: float, high: float) -> Callable[[str], float]:
    """An argparse type: a finite number of ``kind`` from ``low`` to ``high`` (no nan, no inf)."""

    def parse(text: str) -> float:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"expected a number from {low:g} to {high:g}, got {error_line(text)[:40]!r}"
            ) from None
        if not (low <= value <= high):  # also false for nan
            raise argparse.ArgumentTypeError(
                f"expected a number from {low:g} to {high:g}, got {error_line(text)[:40]!r}"
            )
        return value

    parse.__name__ = kind.__name__
    return parse


class Parser(argparse.ArgumentParser):
    """argparse, but usage errors are one line and exit 2 (argparse's default code too)."""

    def error(self, message: str) -> NoReturn:
        print(error_line(f"{self.prog}: error: {message} (see --help)"), file=sys.stderr)
        raise SystemExit(EXIT_BAD_INPUT)


def _print_json(document: object) -> None:
    print(json.dumps(document, indent=2, ensure_ascii=False))


# -- games and rules -------------------------------------------------------------------------------


def cmd_games(args: argparse.Namespace) -> int:
    from .core.registry import GAME_MODULES, get_game
    from .rules.corpus import GAME_TITLES, GAMES

    for game_id in GAMES:
        status = "playable" if game_id in GAME_MODULES else "rulebook only"
        line = f"{game_id:8} {GAME_TITLES[game_id]:30} {status}"
        if game_id in GAME_MODULES:
            line += f" — {get_game(game_id).summary}" if args.long else ""
        print(line)
    return 0


def cmd_rules_show(args: argparse.Namespace) -> int:
    from .rules.citations import INTERPRETATIONS
    from .rules.corpus import find_clause

    if ":interpretation." in args.id:
        from .core.registry import registered_games

        registered_games()
        found = INTERPRETATIONS.get(args.id)
        if found is None:
            raise DigitutorError(f"unknown interpretation id {args.id!r} (see docs/interpretations.md)")
        print(
            f"{found.id}  [interpretation — the tutor's reading, not rulebook text]\n{found.title}"
            f"\n\n{found.text}\n\nWhy: {found.why}"
        )
        return 0
    clause = find_clause(args.id)
    print(f"{clause.id}  ({clause.kind}, chars {clause.start}-{clause.end}, hash {clause.hash})")
    print(clause.breadcrumb)
    print()
    print(clause.text)
    if clause.note:
        print(f"\nEditor's note: {clause.note}")
    if clause.children:
        print("\nContains: " + ", ".join(clause.children))
    return 0


def cmd_rules_search(args: argparse.Namespace) -> int:
    from .rules.corpus import search

    hits = search(" ".join(args.words), game=args.game, limit=args.limit)
    if not hits:
        print("no clause matches", file=sys.stderr)
        return 1
    for hit in hits:
        text = " ".join(hit.clause.text.split())
        print(f"{hit.clause.id}\n    {hit.clause.breadcrumb}\n    {text[:160]}{'…' if len(text) > 160 else ''}")
    return 0


def cmd_rules_tree(args: argparse.Namespace) -> int:
    from .rules.corpus import load_corpus

    corpus = load_corpus(args.game)

    def show(clause_id: str, depth: int) -> None:
        clause = corpus.clauses[clause_id]
        text = " ".join(clause.text.split())
        print(f"{'  ' * depth}{clause.id}  {text[:70]}{'…' if len(text) > 70 else ''}")
        for child in clause.children:
            show(child, depth + 1)

    for root in corpus.roots:
        show(root, 0)
    return 0


def scenario_coverage() -> dict[str, set[str]]:
    """Clause ids demonstrated by passing shipped scenarios, per game."""
    from .scenarios.model import shipped_scenarios
    from .scenarios.runner import run_scenario

    cited: dict[str, set[str]] = {}
    for scenario in shipped_scenarios():
        if run_scenario(scenario).passed:
            cited.setdefault(scenario.game, set()).update(scenario.demonstrates)
    return cited


def cmd_rules_coverage(args: argparse.Namespace) -> int:
    from .rules.corpus import GAMES, uncited_reasons
    from .rules.coverage import coverage

    if args.game is not None and args.game not in GAMES:
        raise DigitutorError(f"--game: expected one of {', '.join(GAMES)}, got {excerpt(args.game)}")
    report = coverage(scenario_coverage())
    if args.json:
        _print_json(
            [
                {
                    "game": g.game,
                    "sections": g.sections,
                    "clauses": len(g.clauses),
                    "by_engine": len(g.by_engine),
                    "by_scenarios": len(g.by_scenarios),
                    "cited": len(g.cited),
                    "percent": round(g.percent, 1),
                    "uncited": g.uncited,
                    "reasons": {c: uncited_reasons().get(c) for c in g.uncited},
                }
                for g in report
            ]
        )
        return 0
    print(f"{'game':8} {'sections':>8} {'clauses':>8} {'engine':>7} {'scenarios':>9} {'cited':>6} {'cover':>7}")
    for g in report:
        print(
            f"{g.game:8} {g.sections:8} {len(g.clauses):8} {len(g.by_engine):7} {len(g.by_scenarios):9} "
            f"{len(g.cited):6} {g.percent:6.1f}%"
        )
    from .rules.corpus import uncited_reasons

    reasons = uncited_reasons()
    for g in report:
        if args.game == g.game or (args.uncited and g.by_engine):
            for clause_id in g.uncited:
                why = reasons.get(clause_id)
                print(f"  not cited: {clause_id}" + (f" — {why}" if why else " — no reason listed"))
    return 0


# -- lessons -------------------------------------------------------------------------------------------


def _lesson_games(game: str | None) -> list[str]:
    from .core.registry import GAME_MODULES

    if game is not None and game not in GAME_MODULES:
        raise DigitutorError(f"--game: expected one of {', '.join(GAME_MODULES)}, got {excerpt(game)}")
    return [game] if game is not None else list(GAME_MODULES)


def cmd_lessons_coverage(args: argparse.Namespace) -> int:
    from .lessons.coverage import course_coverage

    report = [course_coverage(game) for game in _lesson_games(args.game)]
    if args.json:
        _print_json(
            [
                {
                    "game": c.game,
                    "clauses": len(c.leaves),
                    "shown": len(c.shown),
                    "shown_percent": round(c.shown_percent, 1),
                    "taught": len(c.taught),
                    "percent": round(c.percent, 1),
                    "as_rules": len(c.as_rules),
                    "as_rules_percent": round(100.0 * len(c.as_rules) / max(1, len(c.leaves)), 1),
                    "lessons": [
                        {
                            "id": e.lesson.id,
                            "title": e.lesson.title,
                            "hash": e.lesson.hash,
                            "concepts": list(e.lesson.concepts),
                            "presses": e.presses,
                            "questions": len(e.lesson.questions),
                            "shown": [x for x in c.leaves if x in e.shown],
                            "clauses": [x for x in c.leaves if x in e.clauses],
                        }
                        for e in c.lessons
                    ],
                    "untaught": [{"id": x, "reason": c.reasons.get(x)} for x in c.untaught],
                }
                for c in report
            ]
        )
        return 0
    for course in report:
        rules, leaves = len(course.as_rules), max(1, len(course.leaves))
        print(
            f"{course.game}: {len(course.shown)} of {len(course.leaves)} leaf clauses shown unfolded = "
            f"{course.shown_percent:.1f}% ({len(course.lessons)} lesson{'s' if len(course.lessons) != 1 else ''}; "
            f"cited as the rule of a step: {rules}, {100.0 * rules / leaves:.1f}%; "
            f"with folded rules and words used, leaf clauses taught = {len(course.taught)}, {course.percent:.1f}%)"
        )
        for taught in course.lessons:
            concepts = ", ".join(taught.lesson.concepts) or "no concepts listed"
            print(
                f"  {taught.lesson.name:32} presses {taught.presses:4}  shown {len(taught.shown):4}  "
                f"clauses {len(taught.clauses):4} (rules {len(taught.rules):4})  {concepts}"
            )
        untaught = course.untaught
        if args.game is None:
            print(f"  {len(untaught)} clauses no lesson teaches (--game {course.game} lists them)")
            continue
        for clause in untaught:
            why = course.reasons.get(clause)
            print(f"  not taught: {clause}" + (f" — {why}" if why else " — no reason listed"))
    return 0


def _chosen_lessons(args: argparse.Namespace) -> list[Lesson]:
    """The lesson files given, or every lesson of the ``--game`` courses (all five without it)."""
    from .lessons import course_for, load_lesson

    if args.files and args.game:
        raise DigitutorError("give lesson files or --game, not both")
    if args.files:
        return [load_lesson(path) for path in args.files]
    return [lesson for game in _lesson_games(args.game) for lesson in course_for(game)]


def cmd_lessons_check(args: argparse.Namespace) -> int:
    from .lessons.check import check_course, check_lesson

    lessons = _chosen_lessons(args)
    if not args.files:
        from .lessons.coverage import untaught_reasons

        for game in _lesson_games(args.game):
            untaught_reasons(game)  # a course's reasons file is checked too (a bad one is one line, exit 2)
    problems = 0
    for lesson in lessons:
        found = check_lesson(lesson)
        problems += len(found)
        for line in found:
            print(error_line(line))
    for game in [] if args.files else _lesson_games(args.game):
        found = check_course(game)
        problems += len(found)
        for line in found:
            print(error_line(line))
    print(
        f"{len(lessons)} lesson{'s' if len(lessons) != 1 else ''} checked, {problems} "
        f"problem{'s' if problems != 1 else ''}"
    )
    return EXIT_BAD_INPUT if problems else 0


def _exercise_line(kind: str, outcome: Outcome | None, missing: str) -> str:
    if outcome is None:
        return f"  {kind}: none — {missing}"
    pairs = zip(outcome.answers, outcome.labels, strict=True)
    answers = ", ".join(f"{key} ({label})" for key, label in pairs) or "no answer"
    verdict = "success" if outcome.success else "failure"
    rule = f'{outcome.citation.id} "{outcome.citation.quote}"' if outcome.citation else "no rule cited"
    return f"  {kind}: {answers} -> {verdict} at step {outcome.step}: {rule}"


def cmd_lessons_exercises(args: argparse.Namespace) -> int:
    from .lessons.proofs import prove

    lessons = _chosen_lessons(args)
    proofs = [prove(exercise, args.budget) for lesson in lessons for exercise in lesson.exercises]
    if args.json:
        _print_json([proof.to_json() for proof in proofs])
    else:
        for proof in proofs:
            missing = "; ".join(proof.missing())
            print(
                f"{proof.exercise.name}: {'solvable and failable' if proof.proved else missing} ({proof.nodes} nodes)"
            )
            print(_exercise_line("solves", proof.solving, missing))
            print(_exercise_line("fails", proof.failing, missing))
        unproved = sum(1 for proof in proofs if not proof.proved)
        print(f"{len(proofs)} exercise{'s' if len(proofs) != 1 else ''} searched, {unproved} without both lines")
    return 1 if any(not proof.proved for proof in proofs) else 0


# -- playing ------------------------------------------------------------------------------------------


def cmd_play(args: argparse.Namespace) -> int:
    from .core.match import Match
    from .terminal import play_in_terminal, result_line, step_line

    agents = [name.strip() for name in args.agents.split(",")]
    if args.human is not None:
        if len(agents) != 2:
            raise DigitutorError("--human: plays a two-player game; give two --agents (the human seat is replaced)")
        agents[args.human] = "human"
    elif "human" in agents:
        raise DigitutorError("--agents: to play yourself, use --human 0 or --human 1 (or the app: make run)")
    if args.json and "human" in agents:
        raise DigitutorError("--json: prints a computer-only game; leave out --human")
    match = Match(args.game, args.seed, agents=tuple(agents))
    if "human" in agents:
        return play_in_terminal(match, sys.stdin, sys.stdout, args.quotes, args.max_steps)
    match.run(args.max_steps)
    if args.json:
        _print_json(match.trace(_viewer(args.viewer, match.game.players)))
        return 0
    for index, step in enumerate(match.steps):
        print(step_line(index, step))
        if args.quotes:
            for citation in step.citations:
                print(f'{"":22}[{citation.kind}] {citation.id}: "{citation.quote}"')
    if match.result:
        print(result_line(match.result))
    return 0


def _viewer(value: str, players: int) -> int | None:
    """``--viewer``: ``all`` (the judge's view: everything) or a seat number from 0."""
    if value == "all":
        return None
    if value.isdigit() and int(value) < players:
        return int(value)
    raise DigitutorError(f"--viewer: expected all or a seat from 0 to {players - 1}, got {value[:20]!r}")


def cmd_scenario_list(args: argparse.Namespace) -> int:
    from .scenarios.model import shipped_scenarios

    for scenario in shipped_scenarios(args.game):
        print(f"{scenario.id:45} {scenario.title}")
    return 0


def _asked_at(run: ScenarioRun) -> list[tuple[int, Decision, str | None]]:
    """Each decision the scenario met: (the index of the step it led to, the decision, the answer given)."""
    answered = run.match.decisions
    return [
        (answered[i].step, decision, answered[i].answer)
        if i < len(answered)
        else (len(run.match.steps), decision, None)
        for i, decision in enumerate(run.decisions)
    ]


def _print_decision(decision: Decision, answer: str | None) -> None:
    """A decision: who chooses, the answer, and every illegal option with all its cited reasons."""
    print(f"     ? {decision.prompt}" + (f" → {answer}" if answer else " (not answered)"))
    for option in decision.options:
        if not option.legal:
            print(f"       why not {option.label!r} ({option.key}):")
            for reason in option.reasons:
                print(
                    f'         - {reason.why} [{reason.citation.kind}] {reason.citation.id}: "{reason.citation.quote}"'
                )


def cmd_scenario_run(args: argparse.Namespace) -> int:
    from .scenarios.model import find_scenario
    from .scenarios.runner import proposals, run_scenario

    run = run_scenario(find_scenario(args.scenario))
    if run.refused is not None:
        raise run.refused
    asked = _asked_at(run)
    proposed = proposals(run)
    if args.json:
        document = run.match.trace()
        document["scenario"] = {
            "id": run.scenario.id,
            "title": run.scenario.title,
            "passed": run.passed,
            "failures": run.failures,
            "passed_over": run.passed_over,
            "decisions": [
                {"before_step": at, "answer": answer, **decision.to_json()} for at, decision, answer in asked
            ],
        }
        document["why_not"] = [
            {
                "action": entry.get("action"),
                "reasons": reasons if isinstance(reasons, str) else [r.to_json() for r in reasons],
            }
            for entry, reasons in proposed
        ]
        _print_json(document)
        return 0 if run.passed else 1
    print(f"{run.scenario.id}: {run.scenario.title}")
    by_step: dict[int, list[tuple[Decision, str | None]]] = {}
    for at, decision, answer in asked:
        by_step.setdefault(at, []).append((decision, answer))
    for index in range(len(run.match.steps) + 1):
        for decision, answer in by_step.get(index, []):
            _print_decision(decision, answer)
        if index < len(run.match.steps):
            step = run.match.steps[index]
            print(f"{index:4} {step.narration}")
            for citation in step.citations:
                print(f'       [{citation.kind}] {citation.id}: "{citation.quote}"')
    for entry, reasons in proposed:
        print(f"why not {entry.get('action')}?" + (" allowed" if not reasons else ""))
        for reason in [] if isinstance(reasons, str) else reasons:
            print(f'       ✗ {reason.why} [{reason.citation.kind}] {reason.citation.id}: "{reason.citation.quote}"')
    for note in run.passed_over:
        print(f"passed over: {note}")
    for note in run.scenario.notes:
        print(note)
    for failure in run.failures:
        print(f"FAILED: {failure}")
    return 0 if run.passed else 1


def cmd_scenario_check(args: argparse.Namespace) -> int:
    from .scenarios.boardcheck import note_lines
    from .scenarios.model import load_scenario, shipped_scenarios
    from .scenarios.runner import run_scenario

    scenarios = [load_scenario(path) for path in args.files] if args.files else shipped_scenarios(args.game)
    failed = refused = beyond = 0
    for scenario in scenarios:
        run = run_scenario(scenario)
        if run.refused is not None:  # a bad file, not a failed ruling: one line on stderr, exit 2
            print(error_line(f"digitutor: error: {run.refused}"), file=sys.stderr)
            refused += 1
            continue
        print(f"{'ok  ' if run.passed else 'FAIL'} {scenario.id}")
        for failure in run.failures:
            print(f"     {failure}")
        for note in scenario.notes:  # a zone in the other spelling: read, and said
            print(f"     {note}")
        failed += not run.passed
        notes = note_lines(run.match.board_check) if run.match.board_check is not None else []
        beyond += bool(notes)
        for note in notes if args.files else []:  # every note of the files named; a count for the whole library
            print(f"     {note}")
    print(
        f"{len(scenarios) - failed - refused} passed, {failed} failed"
        + (f", {refused} with a refused script answer" if refused else "")
    )
    if beyond and not args.files:
        boards = f"{beyond} board{'s go' if beyond != 1 else ' goes'}"
        print(
            f"{boards} beyond a legal deck or the rules (as the board says): `digitutor scenario check FILE` prints "
            "the notes"
        )
    return EXIT_BAD_INPUT if refused else 1 if failed else 0


def cmd_scenario_new(args: argparse.Namespace) -> int:
    from .core.yamlio import load_yaml
    from .scenarios.template import new_scenario

    text = new_scenario(args.game, load_yaml(args.board) if args.board else None, args.board or "--board")
    if args.out:
        try:
            with open(args.out, "w", encoding="utf-8") as out:
                out.write(text)
        except OSError as error:
            raise DigitutorError(f"--out {args.out}: cannot write ({error.strerror})") from None
        print(f"wrote {args.out}")
    else:
        print(text, end="")
    return 0


def cmd_scenario_link(args: argparse.Namespace) -> int:
    from .core.yamlio import load_yaml
    from .scenarios.boardlink import board_from_file_doc, board_link

    board = board_from_file_doc(load_yaml(args.file), args.file)
    _board_notes(board)
    print(f"?board={board_link(board)}")
    return 0


def _board_notes(board: Board) -> None:
    """A board accepted with notes (beyond a legal deck; beyond the rules, as it says): each note on stderr."""
    from .scenarios.boardcheck import check_board, note_lines

    for note in (*board.notes, *note_lines(check_board(board.game, board.board))):
        print(error_line(note), file=sys.stderr)


def cmd_scenario_open(args: argparse.Namespace) -> int:
    from .scenarios.boardlink import MAX_ADDRESS, read_board_link, scenario_text, write_whole

    text = sys.stdin.read(MAX_ADDRESS + 1) if args.link == "-" else args.link
    board = read_board_link(text, "LINK")
    _board_notes(board)
    scenario = scenario_text(board)
    if args.out:
        write_whole(args.out, scenario)
        print(f"wrote {args.out}")
    else:
        print(scenario, end="")
    return 0


def cmd_deck_check(args: argparse.Namespace) -> int:
    from .decks import check_deck_file

    report = check_deck_file(args.file, args.game)
    if not report.legal:
        raise DigitutorError(report.one_line())
    print(report.one_line())
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    from .bench import run_bench

    rows = run_bench(args.game or None, args.seconds)
    if args.json:
        _print_json(rows)
        return 0
    print(
        f"{'game':8} {'games':>6} {'steps':>8} {'steps/s':>9} {'ms/game':>8} {'jump@1000':>10} {'undo@1000':>10} "
        f"{'why_not':>9} {'legal(busy)':>12}"
    )
    for r in rows:
        busy = "—" if r["legal_actions_busy_us"] is None else f"{r['legal_actions_busy_us']:.1f}µs"
        print(
            f"{r['game']:8} {r['games']:6} {r['steps']:8} {r['steps_per_second']:9} {r['ms_per_game']:8} "
            f"{r['jump_to_1000_ms']:8.2f}ms {r['undo_at_1000_ms']:8.2f}ms {r['why_not_median_us']:7.1f}µs {busy:>12}"
        )
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    from .serve import RoomOptions, serve

    room = RoomOptions(
        room=1 if args.room is None else args.room,
        games=tuple(args.game or ()),
        max_kernels=args.max_kernels,
        connect_timeout=args.connect_timeout,
        follow=args.room is not None or args.lan,
    )
    return serve(port=args.port, lan=args.lan, open_browser=not args.no_browser, room=room)


def cmd_build_static(args: argparse.Namespace) -> int:
    from pathlib import Path

    from .serving.static import build_static, check_target, check_tools, versions

    check_target(Path(args.dir).expanduser().resolve(), args.force)
    check_tools()
    print(
        f"digitutor: building the static site into {args.dir} (Pyodide {versions()['pyodide']}; "
        "fetches from PyPI and npm unless cached)",
        file=sys.stderr,
    )
    log = build_static(Path(args.dir), force=args.force)
    print(f"digitutor: built {args.dir} (log: {log}). Serve it with: python -m http.server --directory {args.dir}")
    return 0


# -- the parser ------------------------------------------------------------------------------------------


def build_parser() -> Parser:
    parser = Parser(
        prog="digitutor", description="Learn five Digimon card games step by step, every step quoting its rule."
    )
    verbs = parser.add_subparsers(dest="verb", required=True, parser_class=Parser)

    def verb(group: argparse._SubParsersAction, name: str, handler: Callable, help: str) -> Parser:
        sub = group.add_parser(name, help=help, description=help)
        sub.set_defaults(handler=handler)
        return sub

    games = verb(verbs, "games", cmd_games, "list the five games and which are playable")
    games.add_argument("--long", action="store_true", help="add a one-line summary of each playable game")

    rules = verbs.add_parser("rules", help="show, search and measure the rulebooks").add_subparsers(
        dest="rules_verb", required=True, parser_class=Parser
    )
    show = verb(rules, "show", cmd_rules_show, "print a clause's breadcrumb and exact quote (or an interpretation)")
    show.add_argument("id", help="clause id, e.g. dtector:battle-call-command-phase.p1")
    search = verb(rules, "search", cmd_rules_search, "find clauses containing all the words")
    search.add_argument("words", nargs="+")
    search.add_argument("--game", help="only this game")
    search.add_argument("--limit", type=bounded_number(int, 1, 10_000), default=20)
    tree = verb(rules, "tree", cmd_rules_tree, "print a rulebook's parsed clause tree")
    tree.add_argument("game")
    cover = verb(rules, "coverage", cmd_rules_coverage, "per game: clauses cited by the engine and by scenarios")
    cover.add_argument("--game", help="also list this game's uncited clauses")
    cover.add_argument("--uncited", action="store_true", help="list uncited clauses of every playable game")
    cover.add_argument("--json", action="store_true")

    lessons = verbs.add_parser(
        "lessons", help="the courses: what they teach, and whether every lesson holds together"
    ).add_subparsers(dest="lessons_verb", required=True, parser_class=Parser)
    lesson_cover = verb(
        lessons,
        "coverage",
        cmd_lessons_coverage,
        "per game: the share of leaf clauses the course shows unfolded, then the wider shares "
        "it cites; "
        "per lesson its presses, clauses shown and cited, concepts",
    )
    lesson_cover.add_argument("--game", help="only this game, and list the clauses no lesson teaches")
    lesson_cover.add_argument("--json", action="store_true")
    lesson_check = verb(
        lessons,
        "check",
        cmd_lessons_check,
        "play lessons through: every note fires, every question resolves, every script answer is used, <= 60 presses",
    )
    lesson_check.add_argument("files", nargs="*", metavar="FILE", help="lesson files (default: every shipped lesson)")
    lesson_check.add_argument("--game", help="only this game's course")
    lesson_exercises = verb(
        lessons,
        "exercises",
        cmd_lessons_exercises,
        "search each exercise for a line of answers that solves it and one that fails it (exit 1 if one is missing)",
    )
    lesson_exercises.add_argument(
        "files", nargs="*", metavar="FILE", help="lesson files (default: every shipped lesson)"
    )
    lesson_exercises.add_argument("--game", help="only this game's course")
    lesson_exercises.add_argument(
        "--budget",
        type=bounded_number(int, 1, 1_000_000),
        default=2000,
        help="the most lines of answers tried per exercise (default 2000)",
    )
    lesson_exercises.add_argument("--json", action="store_true")

    play = verb(verbs, "play", cmd_play, "play a seeded game: watch computer agents, or play a seat yourself (--human)")
    play.add_argument("game")
    play.add_argument("--seed", type=bounded_number(int, 0, 2**63 - 1), default=1, help="the game's seed (default 1)")
    play.add_argument(
        "--human", type=int, choices=(0, 1), help="play this seat (0: Player 1, 1: Player 2) in the terminal"
    )
    play.add_argument(
        "--agents", default="random,random", help="comma-separated agents (random, first, or a game's own)"
    )
    play.add_argument("--json", action="store_true", help="print the JSON trace")
    play.add_argument("--quotes", action="store_true", help="print every step's citations")
    play.add_argument("--max-steps", type=bounded_number(int, 1, 10_000_000), default=100_000)
    play.add_argument(
        "--viewer",
        default="all",
        help="whose view the JSON trace shows: all (the judge's view, nothing hidden) or a seat (0, 1): "
        "cards hidden from that seat read 'a face-down card'",
    )

    scenario = verbs.add_parser("scenario", help="the rulings library").add_subparsers(
        dest="scenario_verb", required=True, parser_class=Parser
    )
    listing = verb(scenario, "list", cmd_scenario_list, "list the shipped scenarios")
    listing.add_argument("--game")
    run = verb(scenario, "run", cmd_scenario_run, "play a scenario and show every step with its quotes")
    run.add_argument("scenario", help="a scenario id (game/name) or a YAML file")
    run.add_argument("--json", action="store_true")
    check = verb(scenario, "check", cmd_scenario_check, "run scenarios and check their expectations")
    check.add_argument("files", nargs="*", help="scenario files (default: every shipped scenario)")
    check.add_argument("--game")
    new = verb(scenario, "new", cmd_scenario_new, "write a template scenario for GAME (from a board file) to fill in")
    new.add_argument("game", metavar="GAME", help="a playable game id")
    new.add_argument("--board", help="a board file: a bare board, {board: ...}, {decks: ...} or a scenario file")
    new.add_argument("--out", help="write the template here (default: print it)")
    link = verb(scenario, "link", cmd_scenario_link, "print the ?board= link of a scenario's (or a board file's) board")
    link.add_argument(
        "file", metavar="FILE", help="a scenario file with setup.board, or a board file: {game, board, question}"
    )
    opened = verb(
        scenario, "open", cmd_scenario_open, "write the scenario file of a ?board= link (checked against the rules)"
    )
    opened.add_argument(
        "link", metavar="LINK", help="the link's board=... value, the whole address, or - to read it from stdin"
    )
    opened.add_argument("--out", help="write the scenario here, all at once (default: print it)")

    deck = verbs.add_parser("deck", help="deck lists").add_subparsers(
        dest="deck_verb", required=True, parser_class=Parser
    )
    deck_check = verb(deck, "check", cmd_deck_check, "check a deck file: legal, or every cited reason it is not")
    deck_check.add_argument("file")
    deck_check.add_argument("--game", help="the game (default: the file's 'game' field; a text deck list needs it)")

    bench = verb(verbs, "bench", cmd_bench, "measure engine speed: steps/s, ms/game, undo and jump at step 1000")
    bench.add_argument("--game", action="append", help="only this game (repeatable)")
    bench.add_argument(
        "--seconds", type=bounded_number(float, 0.01, 3600), default=2.0, help="seconds of play per game (0.01 to 3600)"
    )
    bench.add_argument("--json", action="store_true")

    serve = verb(verbs, "serve", cmd_serve, "serve the tutor apps with Voila (landing page at /)")
    serve.add_argument("--port", type=int, default=8866)
    serve.add_argument("--lan", action="store_true", help="listen on all interfaces, protected by a printed token")
    serve.add_argument("--no-browser", action="store_true")
    serve.add_argument(
        "--room",
        type=int,
        default=None,
        metavar="N",
        help="attendees at once: keep N preheated kernels per Learn app (ready before the link is printed); "
        "also prints the teacher's link and the attendees' follow link (default: 1)",
    )
    serve.add_argument(
        "--game", action="append", metavar="GAME", help="only this game's Learn app gets the room's pool (repeatable)"
    )
    serve.add_argument(
        "--max-kernels", type=int, metavar="N", help="cap on kernels in all (default: the pools + N + 20)"
    )
    serve.add_argument(
        "--connect-timeout",
        type=float,
        default=180.0,
        metavar="S",
        help="shut down a page's kernel when the page has not connected to it within S seconds",
    )

    static = verb(
        verbs,
        "build-static",
        cmd_build_static,
        "write a folder any static file server serves; the apps run in each browser (Pyodide), offline",
    )
    static.add_argument("dir", help="the folder to create (must not exist, or be empty)")
    static.add_argument("--force", action="store_true", help="replace DIR if it exists")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.handler(args)
    except DigitutorError as error:
        print(error_line(f"digitutor: error: {error}"), file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except Exception as error:  # a bug: one line for the user, the traceback on request
        if os.environ.get("DIGITUTOR_DEBUG"):
            raise
        print(
            error_line(f"digitutor: internal error: {error.__class__.__name__}: {error}")
            + " (set DIGITUTOR_DEBUG=1 for details)",
            file=sys.stderr,
        )
        return 1


if __name__ == "__main__":
    raise SystemExit(main())

"""The command line, run as a real process: verbs, JSON trace, and bad input (one line, exit 2)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from digitutor.rules.citations import resolve
from digitutor.rules.corpus import find_clause, load_corpus
from digitutor.rules.model import Citation, CitationKind

ROOT = Path(__file__).resolve().parents[1]


def digitutor(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "digitutor.cli", *args], capture_output=True, text=True, timeout=300)


def assert_one_line_error(result: subprocess.CompletedProcess, *fragments: str) -> None:
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.stderr
    for fragment in fragments:
        assert fragment in lines[0]


def test_games_lists_all_five_rulebooks():
    result = digitutor("games")
    assert result.returncode == 0
    for game in ("dtector", "arena", "dmb", "dbe", "dcg"):
        assert game in result.stdout


def test_rules_show_prints_breadcrumb_and_exact_quote():
    result = digitutor("rules", "show", "dtector:how-to-win.p1")
    assert result.returncode == 0
    assert "How To Win" in result.stdout
    assert find_clause("dtector:how-to-win.p1").text in result.stdout


def test_rules_show_marks_an_interpretation_as_the_tutors_reading():
    result = digitutor("rules", "show", "dtector:interpretation.draw-to-three")
    assert result.returncode == 0 and "interpretation" in result.stdout


def test_rules_show_unknown_clause_id_is_one_line_exit_2():
    assert_one_line_error(digitutor("rules", "show", "dtector:no-such-clause"), "dtector:no-such-clause")


def test_rules_search_finds_the_spirit_rule():
    result = digitutor("rules", "search", "Spirit", "beats", "--game", "dtector")
    assert result.returncode == 0
    assert "dtector:battle-call-command-phase.p1" in result.stdout


def test_rules_coverage_shows_every_dtector_clause_cited_and_all_five_trees():
    result = digitutor("rules", "coverage", "--json")
    assert result.returncode == 0
    rows = {row["game"]: row for row in json.loads(result.stdout)}
    assert set(rows) == {"dtector", "arena", "dmb", "dbe", "dcg"}
    assert rows["dtector"]["percent"] == 100.0 and rows["dtector"]["uncited"] == []
    assert all(row["clauses"] > 0 for row in rows.values())


def test_play_json_every_step_cites_a_verbatim_quote_of_the_shipped_rulebook():
    result = digitutor("play", "dtector", "--seed", "1", "--json")
    assert result.returncode == 0
    trace = json.loads(result.stdout)
    assert trace["game"] == "dtector" and trace["seed"] == 1 and trace["result"] is not None
    assert [step["index"] for step in trace["steps"]] == list(range(len(trace["steps"])))
    rulebook = load_corpus("dtector").text
    for step in trace["steps"]:
        assert step["citations"], step
        for cited in step["citations"]:
            if cited["kind"] == "rule":
                assert cited["quote"] in rulebook
                assert cited["quote"] in find_clause(cited["id"]).text
            else:  # an interpretation, or a card's own text ("card": quoted from its card file)
                assert resolve(Citation(cited["id"], cited["quote"], CitationKind(cited["kind"])))


def test_play_unknown_game_or_agent_is_one_line_exit_2():
    assert_one_line_error(digitutor("play", "chess", "--seed", "1"), "chess")
    assert_one_line_error(digitutor("play", "dtector", "--seed", "1", "--agents", "random,genius"), "genius")
    assert_one_line_error(digitutor("play", "dtector", "--seed", "x"), "--seed")


def test_play_has_a_default_seed_and_prints_the_result_in_words():
    result = digitutor("play", "dtector")
    assert result.returncode == 0, result.stderr
    last = result.stdout.strip().splitlines()[-1]
    assert last.startswith("result: Player ") and "{" not in last
    assert result.stdout == digitutor("play", "dtector", "--seed", "1").stdout


def test_play_a_game_that_is_only_parsed_says_so(monkeypatch):
    """All five games play now; a rulebook that is parsed but has no engine yet is still named kindly."""
    from digitutor.core import registry

    monkeypatch.delitem(registry.GAME_MODULES, "dbe")
    registry.get_game.cache_clear()
    try:
        with pytest.raises(registry.UnknownGameError, match=r"dbe is not playable yet: .*rules tree dbe"):
            registry.get_game("dbe")
    finally:
        registry.get_game.cache_clear()


def test_play_human_numbers_the_legal_options_and_shows_every_why_not():
    answers = "1\n" * 400
    result = subprocess.run(
        [sys.executable, "-m", "digitutor.cli", "play", "dtector", "--seed", "3", "--human", "0"],
        input=answers,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "   1) " in out and "Your choice (1-" in out
    assert "not allowed:" in out and "[dtector:" in out  # an illegal option, with its cited reasons
    assert "result: Player" in out


def test_play_human_stops_cleanly_when_input_ends():
    result = subprocess.run(
        [sys.executable, "-m", "digitutor.cli", "play", "dtector", "--human", "1"],
        input="",
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0 and result.stdout.strip().endswith("stopped.")


def human(*lines: str | bytes, seed: str = "3") -> subprocess.CompletedProcess:
    """``play dtector --human 0`` answering ``lines`` (bytes are sent as they are)."""
    data = b"".join(line if isinstance(line, bytes) else line.encode() for line in lines)
    return subprocess.run(
        [sys.executable, "-m", "digitutor.cli", "play", "dtector", "--seed", seed, "--human", "0"],
        input=data,
        capture_output=True,
        timeout=300,
    )


@pytest.mark.parametrize("answer", ["²", "⑦", "١", "+1", " 1 1", "1.0", "0", "9" * 100])  # noqa: RUF001 - non-ASCII digits on purpose
def test_play_human_takes_ascii_digits_only_and_asks_again(answer):
    result = human(f"{answer}\n", "1\n" * 400)
    assert result.returncode == 0, result.stderr
    out = result.stdout.decode()
    assert "Please type a number from 1 to" in out and "result: Player" in out


@pytest.mark.parametrize(
    ("answer", "said"), [("²", "'²'"), ("⑦", "'⑦'"), ("9" * 5000, "a line of more than 100 characters")]
)
def test_play_human_input_ending_after_a_wrong_answer_is_one_line_exit_2(answer, said):
    result = human(f"{answer}\n")
    result.stderr = result.stderr.decode()
    assert_one_line_error(result, "standard input: ended after " + said, "expected a number from 1 to")


def test_play_human_refuses_a_10_mb_line_and_keeps_asking():
    result = human(b"1" * 10_000_000 + b"\n", "1\n" * 400)
    assert result.returncode == 0, result.stderr
    assert "That line is longer than 100 characters. Please type a number" in result.stdout.decode()


def test_play_human_on_endless_input_stops_with_one_line():
    with open("/dev/zero", "rb") as zeros:
        result = subprocess.run(
            [sys.executable, "-m", "digitutor.cli", "play", "dtector", "--human", "0"],
            stdin=zeros,
            capture_output=True,
            text=True,
            timeout=300,
        )
    assert_one_line_error(result, "standard input: a line of more than 16,777,216 characters")
    endless = human("x\n" * 1000)
    endless.stderr = endless.stderr.decode()
    assert_one_line_error(endless, "standard input: 100 answers in a row that are not a number from 1 to")


def test_scenario_list_and_check_pass_for_the_shipped_rulings():
    listing = digitutor("scenario", "list")
    assert listing.returncode == 0 and "dtector/" in listing.stdout
    check = digitutor("scenario", "check")
    assert check.returncode == 0, check.stdout
    assert " 0 failed" in check.stdout


def test_scenario_run_json_reports_the_scenario():
    result = digitutor("scenario", "run", "dtector/05-spirit-beats-all", "--json")
    assert result.returncode == 0
    assert json.loads(result.stdout)["scenario"]["passed"] is True


def test_scenario_run_shows_every_why_not_its_title_promises():
    result = digitutor("scenario", "run", "dtector/12-block-with-same-element")
    assert result.returncode == 0
    assert "why not 'Block with Palmon from hand (power 1)'" in result.stdout
    assert "Palmon is not a Spirit Digimon." in result.stdout and "Palmon is Wood" in result.stdout
    document = json.loads(digitutor("scenario", "run", "dtector/12-block-with-same-element", "--json").stdout)
    defend = next(d for d in document["scenario"]["decisions"] if d["kind"] == "defend")
    palmon = next(o for o in defend["options"] if o["label"].startswith("Block with Palmon"))
    assert palmon["legal"] is False and len(palmon["why_not"]) == 2
    assert defend["answer"].startswith("block:p1.")


def test_rules_coverage_of_an_unknown_game_is_exit_2():
    assert_one_line_error(digitutor("rules", "coverage", "--game", "nope"), "--game", "nope")


@pytest.mark.parametrize("seconds", ["nan", "inf", "-1", "0"])
def test_bench_refuses_seconds_that_never_end_or_make_no_sense(seconds):
    assert_one_line_error(digitutor("bench", "--seconds", seconds), "--seconds", "0.01 to 3600")


def test_deck_check_reports_every_problem_at_once(tmp_path):
    path = tmp_path / "deck.yaml"
    path.write_text(
        "game: dtector\ncards:\n  - {card: agumon, count: 50}\n  - {card: agumon, count: 3}\n  - {card: "
        "garurumom, count: 2}\n"
    )
    result = digitutor("deck", "check", str(path))
    assert_one_line_error(result, "3 problems", "unknown card 'garurumom'", "Garurumon", "53 cards", "A 50-Card Deck")
    assert "{'card'" not in result.stderr


def test_scenario_bad_files_are_one_line_exit_2(tmp_path):
    broken = tmp_path / "broken.yaml"
    broken.write_text("game: dtector\ntitle: [unclosed\n")
    assert_one_line_error(digitutor("scenario", "check", str(broken)), str(broken), "malformed YAML")
    unknown = tmp_path / "unknown-clause.yaml"
    unknown.write_text("game: dtector\ntitle: t\ndemonstrates: [dtector:nope]\nsetup: {decks: tutorial}\n")
    assert_one_line_error(digitutor("scenario", "check", str(unknown)), "demonstrates[0]", "dtector:nope")


def test_deck_check_accepts_the_tutorial_decks():
    for path in sorted((ROOT / "cards" / "dtector" / "decks").glob("*.yaml")):
        result = digitutor("deck", "check", str(path))
        assert result.returncode == 0 and "legal" in result.stdout


@pytest.mark.parametrize(
    ("text", "fragments"),
    [
        ("game: dtector\ncards: [{card: agumon, count: 50\n", ["malformed YAML"]),
        ("game: dtector\ncards:\n  - {card: pikachu, count: 50}\n", ["cards[0].card", "pikachu"]),
        ("game: dtector\ncards:\n  - {card: agumon, count: 49}\n", ["49 cards", "A 50-Card Deck for each player."]),
        ("game: dtector\ncards:\n  - {card: agumon, count: many}\n", ["cards[0].count", "whole number"]),
    ],
    ids=["malformed-yaml", "unknown-card", "illegal-deck", "bad-count"],
)
def test_deck_check_bad_input_is_one_line_exit_2(tmp_path, text, fragments):
    path = tmp_path / "deck.yaml"
    path.write_text(text)
    assert_one_line_error(digitutor("deck", "check", str(path)), str(path), *fragments)


def test_deck_check_missing_file_is_one_line_exit_2(tmp_path):
    assert_one_line_error(digitutor("deck", "check", str(tmp_path / "nope.yaml")), "no such file")


def test_a_file_that_cannot_be_read_is_one_line_exit_2_for_every_verb_that_reads_one(tmp_path):
    link = tmp_path / "mem.yaml"
    link.symlink_to("/proc/self/mem")  # a "regular file" whose read fails with EIO
    for verb in (("deck", "check"), ("scenario", "check"), ("scenario", "run")):
        assert_one_line_error(digitutor(*verb, str(link)), f"{link}: cannot be read")
    assert_one_line_error(digitutor("deck", "check", str(tmp_path)), str(tmp_path), "expected a file, got a directory")


INFLATED = {
    "dmb": (
        "agumon",
        "The deck lists 1,777,600 cards; it needs exactly 40",
        "dmb:deck-construction.b1",
        "Deck is 40 cards",
    ),
    "dbe": (
        "agumon",
        "The main deck lists 1,777,600 cards; with the Destiny Zone the deck needs exactly 50",
        "dbe:deck-construction.b2",
        "Destiny Zone + Main Deck must add up to 50.",
    ),
    "dcg": (
        "st1-03",
        "The deck lists 1,777,600 cards; it needs exactly 50",
        "dcg:decks.required-items.b1",
        "A deck with a total of 50 cards",
    ),
}


@pytest.mark.parametrize("game", list(INFLATED))
def test_deck_construction_a_deck_listing_millions_of_cards_is_refused_by_its_size_rule(tmp_path, game):
    card, why, clause, quote = INFLATED[game]
    path = tmp_path / "inflated.yaml"
    path.write_text(
        f"game: {game}\nname: Inflated\ncards: [" + ",".join([f"{{card: {card}, count: 100}}"] * 17_776) + "]\n"
    )
    assert path.stat().st_size < 512_000  # inside the size limit: the cards are what is too many
    assert_one_line_error(digitutor("deck", "check", str(path)), str(path), why, clause, quote)


@pytest.mark.parametrize("count", [str(10**30), "-1", "0", "true", "101"])
def test_deck_check_a_count_out_of_range_is_one_line_naming_the_field(tmp_path, count):
    path = tmp_path / "deck.yaml"
    path.write_text(f"game: dmb\nname: x\ncards: [{{card: agumon, count: {count}}}]\n")
    assert_one_line_error(digitutor("deck", "check", str(path)), str(path), "cards[0].count: expected a whole number")


def test_deck_check_counts_one_card_in_the_singular(tmp_path):
    path = tmp_path / "deck.yaml"
    path.write_text("game: dtector\ncards: [{card: agumon, count: 1}]\n")
    assert_one_line_error(digitutor("deck", "check", str(path)), "The deck has 1 card; it needs exactly 50")


@pytest.mark.parametrize(
    ("answer", "why"),
    [
        ("zork:greymon", "'zork:greymon' is not an option of this decision"),
        ("attack:nosuchcard", "'attack:nosuchcard' is not an option of this decision"),
        ("attack:p1.c999", "there is no card p1.c999 in this game"),
    ],
)
@pytest.mark.parametrize("verb", ["check", "run"])
def test_a_scenario_script_answer_the_rules_refuse_is_one_line_naming_the_file_and_entry(tmp_path, answer, why, verb):
    doc = yaml.safe_load((ROOT / "cards" / "dtector" / "scenarios" / "10-block-from-d-dock.yaml").read_text())
    assert doc["script"][0] == "attack:greymon"
    doc["script"][0] = answer
    path = tmp_path / "bad-script.yaml"
    path.write_text(yaml.safe_dump(doc))
    assert_one_line_error(digitutor("scenario", verb, str(path)), f"{path}: script[0]: refused at step", why)


def test_bench_prints_steps_per_second_and_ms_per_game():
    result = digitutor("bench", "--game", "dtector", "--seconds", "0.2", "--json")
    assert result.returncode == 0
    (row,) = json.loads(result.stdout)
    assert row["steps_per_second"] > 0 and row["ms_per_game"] > 0 and row["long_game_steps"] >= 1000


@pytest.mark.parametrize(
    "verb",
    [
        ["games"],
        ["rules", "show"],
        ["rules", "search"],
        ["rules", "coverage"],
        ["play"],
        ["scenario", "list"],
        ["scenario", "run"],
        ["scenario", "check"],
        ["deck", "check"],
        ["bench"],
        ["serve"],
    ],
    ids=lambda verb: "-".join(verb),
)
def test_every_verb_has_help(verb):
    result = digitutor(*verb, "--help")
    assert result.returncode == 0 and "usage:" in result.stdout


# -- build-static: bad input is one line and exit 2, and never a half-written folder -----------------


def test_build_static_into_a_file_is_one_line(tmp_path: Path):
    target = tmp_path / "site"
    target.write_text("not a folder")
    assert_one_line_error(digitutor("build-static", str(target)), str(target), "not a folder")
    assert target.read_text() == "not a folder"


def test_build_static_into_a_folder_with_files_needs_force(tmp_path: Path):
    (tmp_path / "keep.txt").write_text("mine")
    assert_one_line_error(digitutor("build-static", str(tmp_path)), "not empty", "--force")
    assert (tmp_path / "keep.txt").read_text() == "mine"


def test_build_static_under_a_missing_folder_is_one_line(tmp_path: Path):
    assert_one_line_error(digitutor("build-static", str(tmp_path / "no" / "site")), "no such folder")


def test_build_static_without_its_tools_names_the_extra(monkeypatch: pytest.MonkeyPatch, tmp_path: Path):
    from digitutor.serving import static

    monkeypatch.setattr(static, "TOOLS", {"digitutor-no-such-tool": "1.0"})
    with pytest.raises(
        static.BuildProblem, match=r"digitutor-no-such-tool is not installed: pip install 'digitutor\[static\]'"
    ):
        static.build_static(tmp_path / "site")
    assert not (tmp_path / "site").exists()


def test_a_failed_build_static_leaves_no_folder_behind(monkeypatch: pytest.MonkeyPatch, tmp_path: Path):
    from digitutor.serving import static

    def broken(work: Path, cache: Path, log: Path) -> Path:
        (work / "half").write_text("written")
        raise static.BuildProblem("voici build failed (exit 1)")

    monkeypatch.setattr(static, "check_tools", lambda: None)
    monkeypatch.setattr(static, "_build", broken)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    with pytest.raises(static.BuildProblem, match="voici build failed"):
        static.build_static(tmp_path / "site")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cache"]


def test_deck_check_reads_a_text_deck_list_with_game_like_its_deck_file(tmp_path):
    # cards/dcg/decks/blue-wolf.yaml as a player writes it
    path = tmp_path / "blue-wolf.txt"
    path.write_text(
        "// Digimon (41)\n4 Gabumon ST2-03\n4 Gomamon ST2-02\n4x ST9-02\nST2-06 x4\n4 Ikkakumon ST2-07\n3 Seadramon\n"
        "2 ExVeemon ST9-03\n4 WereGarurumon ST2-09\n4 Zudomon ST2-08\n4 MetalGarurumon ST2-11\n// Tamer (4)\n"
        "4 Matt Ishida ST2-12\n// Option (9)\n4 Hammer Spark ST2-13\n3 Sorrow Blue ST2-14\n2 Cocytus Breath ST2-16\n"
        "// Digi-Egg (5)\n4 Tsunomon ST2-01\n1 Chibomon ST9-01\n"
    )
    shipped = digitutor("deck", "check", str(ROOT / "cards" / "dcg" / "decks" / "blue-wolf.yaml"))
    pasted = digitutor("deck", "check", str(path), "--game", "dcg")
    assert shipped.returncode == pasted.returncode == 0
    assert shipped.stdout.endswith(": legal dcg deck of 50 cards\n") and pasted.stdout.endswith(
        ": legal dcg deck of 50 cards\n"
    )


def test_deck_check_of_a_text_deck_list_without_its_game_is_one_line_naming_the_option(tmp_path):
    path = tmp_path / "deck.txt"
    path.write_text("// Digimon\n4 Gabumon ST2-03\n")
    assert_one_line_error(digitutor("deck", "check", str(path)), str(path), "--game", "'// Digimon'")


@pytest.mark.parametrize(
    ("text", "fragments"),
    [
        ("4 Gabumon ST2-03\n4 Garurumom\n", ["line 2: unknown card 'Garurumom' (closest: Garurumon (ST2-06)"]),
        (
            "4 Gabumon ST2-03\ncard: Garurumon\n",
            ["line 2: expected 'count name' or 'count number', got 'card: Garurumon'"],
        ),
        ("4 Gabumon ST2-03\n1000 Gomamon\n", ["line 2: expected a count from 1 to 100, got '1000'"]),
        ("1 a\n" * 100_000, ["100,000 lines; a text deck list has at most 1,000"]),
    ],
    ids=["unknown-card", "unreadable-line", "count-out-of-range", "100000-lines"],
)
def test_deck_check_of_a_bad_text_deck_list_is_one_line_exit_2(tmp_path, text, fragments):
    path = tmp_path / "deck.txt"
    path.write_text(text)
    result = digitutor("deck", "check", str(path), "--game", "dcg")
    assert_one_line_error(result, str(path), *fragments)


def test_deck_check_of_an_unknown_card_cites_no_deck_size_rule(tmp_path):
    path = tmp_path / "deck.yaml"
    path.write_text("game: dcg\ncards:\n  - {card: st2-03, count: 4}\n  - {card: Garurumom, count: 4}\n")
    result = digitutor("deck", "check", str(path))
    problems = result.stderr.split("problems: ")[1].split("; ")
    assert problems[0].startswith("cards[1].card: unknown card 'Garurumom' (closest: Garurumon (ST2-06)")
    assert "[dcg:" not in problems[0] and "50" not in problems[0]

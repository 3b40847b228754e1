"""The rulebook corpus: every clause is a verbatim, hashed, addressable span of its book."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from digitutor.rules import corpus as corpus_module
from digitutor.rules.corpus import (
    GAME_TITLES,
    GAMES,
    UnknownClauseError,
    UnknownGameError,
    all_clause_ids,
    all_corpora,
    default_ids_path,
    editor_notes,
    find_clause,
    load_corpus,
    rulebook_path,
    search,
    write_clause_ids,
)
from digitutor.rules.model import ClauseKind, content_hash

REPO_ROOT = Path(__file__).resolve().parents[2]
SHARED_RULEBOOKS = REPO_ROOT / ".." / "shared" / "rulebooks"
REGENERATE = "python -m digitutor.rules.corpus --write-ids"

games = pytest.mark.parametrize("game", list(GAMES))


# --- every clause is a verbatim span ------------------------------------------


@games
def test_every_clause_text_is_its_exact_span_of_the_rulebook(game: str) -> None:
    corpus = load_corpus(game)
    bad = [c.id for c in corpus.clauses.values() if corpus.text[c.start : c.end] != c.text]
    assert not bad, f"clauses whose text is not their span: {bad[:5]}"


@games
def test_every_clause_hash_pins_its_text(game: str) -> None:
    bad = [c.id for c in load_corpus(game).clauses.values() if c.hash != content_hash(c.text)]
    assert not bad


@games
def test_every_clause_text_is_nonempty_and_stripped(game: str) -> None:
    clauses = load_corpus(game).clauses.values()
    bad = [c.id for c in clauses if not c.text or c.text != c.text.strip()]
    assert not bad, f"empty or unstripped clause texts: {bad[:5]}"


@games
def test_clauses_are_in_document_order(game: str) -> None:
    starts = [c.start for c in load_corpus(game).clauses.values()]
    assert starts == sorted(starts)


# --- ids, tree and breadcrumbs -------------------------------------------------


def test_clause_ids_are_unique_across_all_games() -> None:
    ids = all_clause_ids()
    assert len(ids) == len(set(ids))


@games
def test_clause_ids_start_with_their_game(game: str) -> None:
    corpus = load_corpus(game)
    assert all(c.id.startswith(f"{game}:") and c.game == game for c in corpus.clauses.values())
    assert all(key == c.id for key, c in corpus.clauses.items())


@games
def test_parents_and_children_agree(game: str) -> None:
    corpus = load_corpus(game)
    for clause in corpus.clauses.values():
        for child_id in clause.children:
            assert corpus.clause(child_id).parent == clause.id
        if clause.parent is None:
            assert clause.id in corpus.roots
        else:
            assert clause.id in corpus.clause(clause.parent).children
    assert list(corpus.roots) == [c.id for c in corpus.clauses.values() if c.parent is None]


@games
def test_breadcrumbs_are_nonempty_and_extend_the_parents(game: str) -> None:
    corpus = load_corpus(game)
    for clause in corpus.clauses.values():
        assert clause.breadcrumb.strip()
        if clause.parent:
            assert clause.breadcrumb.startswith(corpus.clause(clause.parent).breadcrumb + " › ")


def test_parsed_ids_match_the_checked_in_clause_ids_file() -> None:
    checked_in = default_ids_path().read_text(encoding="utf-8").splitlines()
    parsed = all_clause_ids()
    added = [i for i in parsed if i not in set(checked_in)]
    removed = [i for i in checked_in if i not in set(parsed)]
    assert parsed == checked_in, (
        f"clause ids changed (added {added[:5]}, removed {removed[:5]}). Other code and "
        f"scenarios cite these ids: if the change is deliberate, run `{REGENERATE}` "
        "and review the diff of digitutor/rulebooks/clause-ids.txt."
    )


# --- the shipped texts ---------------------------------------------------------


@games
def test_shipped_rulebook_is_byte_identical_to_the_shared_copy(game: str) -> None:
    shared = SHARED_RULEBOOKS / GAMES[game]
    if not shared.is_file():
        pytest.skip(f"no shared rulebooks folder at {SHARED_RULEBOOKS}")
    assert rulebook_path(game).read_bytes() == shared.read_bytes()


@games
def test_corpus_text_is_the_whole_shipped_file(game: str) -> None:
    assert load_corpus(game).text == rulebook_path(game).read_bytes().decode("utf-8")


# --- ids the engine already cites ------------------------------------------------

DTECTOR = {
    "dtector:game-requirements": "Game Requirements",
    "dtector:game-requirements.p1": "A 50-Card Deck for each player.",
    "dtector:game-requirements.p2": "Players shuffle the opponent's deck, then both draw 3 cards."
    " Flip a coin to see who goes first.",
    "dtector:battle-call-command-phase.p1": "Both players place one Digimon in their hand",
    "dtector:battle-call-command-phase.p2": "The winner places the winning card in their D-Dock.",
    "dtector:digivolve-phase.p1": "The players may follow the Special Effects of the card",
    "dtector:digi-battle-phase.p1": "The player whose turn it is may attack an opponent",
    "dtector:digi-battle-phase.p2": "Player ends their turn and play shifts to other player.",
    "dtector:how-to-win.p1": "The player with the highest number of points",
    "dtector:battle-type.p1": "Battle Types are represented by symbols",
    "dtector:digimon-power.p1": "The Digimon Power value is a number",
    "dtector:special-effect.p1": "Many cards have Special Effect text",
    "dtector:special-effect.p2": "Cards' elemental attributes are indicated by the background",
}

ARENA = {
    "arena:overview.p1": "The Arena Digi-Battle Card Game is made up of 4 main phases",
    "arena:setup": "Digi-Battle Rules - Setup",
    "arena:setup.p1": "The first part of every Digi-Battle is to set up for your game.",
    "arena:setup.b1": "Take 60 cards (all unique) and spread them out upside down",
    "arena:setup.b2": "Each player plays with preconstructed 30 card decks",
    "arena:setup.p2": "Each player selects a Rookie card from their deck",
    "arena:digivolve": "Digi-Battle Rules - Digivolve",
    "arena:digivolve.b1": "Digivolving by process above.",
    "arena:digivolve.b2": 'Deciding not to Digivolve and saying "Pass".',
    "arena:battle": "Digi-Battle Rules - Battle",
    "arena:battle.p7": "The first player to score 1000 points wins the game.",
    "arena:re-group": "Digi-Battle Rules - Re-Group",
    "arena:re-group.p1": "First, you must restore your hand to 10 cards",
}


@pytest.mark.parametrize(("clause_id", "start"), [*DTECTOR.items(), *ARENA.items()])
def test_cited_dtector_and_arena_ids_quote_the_rulebook(clause_id: str, start: str) -> None:
    assert find_clause(clause_id).text.startswith(start)


def test_dtector_short_clauses_are_quoted_whole() -> None:
    whole = ("dtector:game-requirements.p1", "dtector:game-requirements.p2", "dtector:digi-battle-phase.p2")
    for clause_id in whole:
        assert find_clause(clause_id).text == DTECTOR[clause_id]


def test_arena_sections_breadcrumbs_use_the_full_heading() -> None:
    assert find_clause("arena:setup.b1").breadcrumb == "Digi-Battle Rules - Setup › b1"
    assert find_clause("arena:setup.p1").text.endswith("You can either:")
    assert find_clause("arena:overview").kind is ClauseKind.SECTION


@pytest.mark.parametrize(
    ("clause_id", "breadcrumb"),
    [
        ("dbe:battle-phase.4.1.1", "Battle Phase › 4 › 1 › 1"),
        ("dmb:battle-phase.4.1.1", "Battle Phase › 4 › 1 › 1"),
        ("dmb:glossary.revive", "Glossary › Revive"),
        ("dbe:glossary.revive", "Glossary › Revive"),
        (
            "dcg:attacking.security-check",
            "Main Phase E › E.Attacking › Attacking the Opposing Player",
        ),
    ],
)
def test_design_example_ids_exist(clause_id: str, breadcrumb: str) -> None:
    assert find_clause(clause_id).breadcrumb == breadcrumb


def test_dcg_security_check_rule_is_under_attacking() -> None:
    rule = find_clause("dcg:attacking.security-check.p1")
    assert "flip over their top security card" in rule.text
    assert rule.parent == "dcg:attacking.security-check"


def test_dmb_restarted_lists_are_named_after_their_intro() -> None:
    assert find_clause("dmb:prep-phase.setup.1").text.startswith("OPENING HAND")
    assert find_clause("dmb:prep-phase.turn.2").text.startswith("Draw: Turn player draws 1 card.")
    assert find_clause("dmb:prep-phase.turn").kind is ClauseKind.PARAGRAPH
    assert find_clause("dmb:evolution-phase.requirements.2").text.startswith("The level progression must be")
    assert find_clause("dmb:evolution-phase.1").parent == "dmb:evolution-phase"


def test_steps_keep_the_rulebook_numbers_even_when_a_list_starts_at_two() -> None:
    anatomy = find_clause("dbe:anatomy-of-cards")
    assert anatomy.children[0] == "dbe:anatomy-of-cards.2"
    assert find_clause("dbe:anatomy-of-cards.2").note


def test_glossary_faq_and_ability_entries_have_their_kinds() -> None:
    assert find_clause("dmb:glossary.revive").kind is ClauseKind.GLOSSARY
    assert find_clause("dmb:faq.counter-specifics").kind is ClauseKind.FAQ
    assert find_clause("dbe:attack-abilities.crash").kind is ClauseKind.GLOSSARY
    faq = find_clause("dbe:rules-faq.dark-area")
    assert faq.kind is ClauseKind.FAQ
    assert faq.text.startswith("What's the Dark Area and who can use it?\nDark Area – ")


def test_list_markers_and_heading_marks_are_not_part_of_the_text() -> None:
    assert find_clause("dmb:deck-construction.b1").text == "Deck is 40 cards"
    assert find_clause("dcg:setting-up-the-game.1").text.startswith("Shuffle your deck")
    assert find_clause("dcg:game-flow.1").text == "Unsuspend Phase"
    assert find_clause("dcg:digimon").text == "DIGIMON"
    assert find_clause("dtector:how-to-win").text == "How To Win"


# --- editor's notes -------------------------------------------------------------


def test_every_editor_note_names_an_existing_clause() -> None:
    known = set(all_clause_ids())
    assert set(editor_notes()) <= known
    noted = {c.id for corpus in all_corpora() for c in corpus.clauses.values() if c.note}
    assert noted == set(editor_notes())


@pytest.mark.parametrize(
    "clause_id",
    [
        "dtector:special-effect.p2",
        "arena:overview",
        "dmb:glossary",
        "dmb:faq",
        "dbe:glossary",
        "dmb:attack-abilities.counter",
        "dbe:attack-abilities.attack-to-0",
        "dcg:cover.p1",
    ],
)
def test_copy_damage_and_tutor_headings_carry_an_editor_note(clause_id: str) -> None:
    assert find_clause(clause_id).note


def test_dtector_special_effect_p2_note_says_the_heading_was_lost() -> None:
    note = find_clause("dtector:special-effect.p2").note or ""
    assert "heading" in note and "elemental" in note


# --- lookup, search and errors ----------------------------------------------------


def test_search_finds_spirit_beats_all_in_dtector() -> None:
    hits = search("Spirit beats all", game="dtector")
    assert hits and hits[0].clause.id == "dtector:battle-call-command-phase.p1"


def test_search_is_case_insensitive_and_needs_every_word() -> None:
    assert search("SPIRIT BEATS ALL", game="dtector")[0].clause.id == ("dtector:battle-call-command-phase.p1")
    assert search("spirit xylophone") == []
    assert search("   ") == []


def test_search_ranks_a_glossary_entry_above_mentions() -> None:
    hits = search("revive", game="dmb")
    assert hits[0].clause.id == "dmb:glossary.revive"
    assert all(hit.score > 0 for hit in hits)


def test_search_honours_game_and_limit() -> None:
    hits = search("draw", limit=3)
    assert len(hits) == 3
    assert {hit.clause.game for hit in search("draw", game="dcg")} == {"dcg"}
    with pytest.raises(UnknownGameError):
        search("draw", game="pokemon")


@pytest.mark.parametrize("bad_id", ["dtector:nope", "nogame:battle-phase", "dtector"])
def test_unknown_clause_id_raises_with_the_id_in_the_message(bad_id: str) -> None:
    with pytest.raises(UnknownClauseError, match="digitutor rules search") as info:
        find_clause(bad_id)
    assert repr(bad_id) in str(info.value)
    assert isinstance(info.value, ValueError)


def test_corpus_clause_raises_unknown_clause_error() -> None:
    with pytest.raises(UnknownClauseError, match="'dtector:nope'"):
        load_corpus("dtector").clause("dtector:nope")


def test_unknown_game_raises_unknown_game_error() -> None:
    with pytest.raises(UnknownGameError, match="'pokemon'"):
        load_corpus("pokemon")
    with pytest.raises(UnknownGameError):
        rulebook_path("pokemon")


def test_context_surrounds_the_clause_with_rulebook_text() -> None:
    corpus = load_corpus("dtector")
    before, text, after = corpus.context("dtector:how-to-win.p1", chars=30)
    assert text == corpus.clause("dtector:how-to-win.p1").text
    assert before.endswith("How To Win[]\n\n")
    assert len(before) == 30
    assert (before + text + after) in corpus.text


def test_games_and_titles_are_in_the_agreed_order() -> None:
    assert list(GAMES) == ["dtector", "arena", "dmb", "dbe", "dcg"]
    assert list(GAME_TITLES) == list(GAMES)
    assert [c.game for c in all_corpora()] == list(GAMES)
    assert load_corpus("dcg") is load_corpus("dcg")


def test_write_clause_ids_writes_one_id_per_line(tmp_path: Path) -> None:
    target = write_clause_ids(tmp_path / "ids.txt")
    assert target.read_text(encoding="utf-8").splitlines() == all_clause_ids()


# --- sanity -------------------------------------------------------------------------

#: (min, max) clause counts per game: a parser regression shows up here first
EXPECTED_SIZES = {"dtector": (15, 30), "arena": (30, 45), "dmb": (140, 200), "dbe": (350, 450), "dcg": (300, 450)}


@games
def test_each_game_has_a_reasonable_number_of_clauses(game: str) -> None:
    clauses = load_corpus(game).clauses.values()
    sections = sum(c.kind is ClauseKind.SECTION for c in clauses)
    leaves = sum(not c.children for c in clauses)
    print(f"{game}: {len(clauses)} clauses, {sections} sections, {leaves} leaves")
    low, high = EXPECTED_SIZES[game]
    assert low <= len(clauses) <= high
    assert sections >= 4


def test_parsing_all_rulebooks_is_fast() -> None:
    corpus_module.load_corpus.cache_clear()
    started = time.perf_counter()
    all_corpora()
    elapsed = time.perf_counter() - started
    assert elapsed < 1.0, f"parsing took {elapsed:.3f}s"

"""The reviewed term index (DESIGN.md, "Terms"): every word links to a clause that exists and names it.

A wrong link fails here: each entry's clause (or named interpretation) must write the term, or one of its forms,
as a whole word in its text or heading. Expected clause ids come from reading the rulebooks' glossaries.
"""

from __future__ import annotations

import re

import pytest
import yaml

from digitutor.rules.corpus import GAMES, find_clause
from digitutor.rules.terms import Term, TermIndexError, defining_text, load_terms, parse_terms

ENTRIES = [pytest.param(term, id=f"{game}:{term.term}") for game in GAMES for term in load_terms(game)]


def _plain(text: str) -> str:
    """Text without the rulebooks' markup (``__Attach__``, ``*suspended*``, ``\\*``), for a whole-word search."""
    return re.sub(r"[_*\\]", " ", text)


def _names(text: str, word: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(word)}(?!\w)", _plain(text), re.IGNORECASE) is not None


@pytest.mark.parametrize("term", ENTRIES)
def test_each_term_links_to_a_clause_that_names_it(term: Term):
    heading, text = defining_text(term)
    words = (term.term, *term.forms)
    assert any(_names(f"{heading}\n{text}", word) for word in words), (
        f"{term.clause} does not name {term.term!r} or any of {term.forms}"
    )


def test_every_game_has_an_index():
    assert all(load_terms(game) for game in GAMES)


@pytest.mark.parametrize(
    "game, word, clause",
    [
        # the words issue 25 names, and the clause each rulebook defines them in
        ("dcg", "memory", "dcg:paying-memory-costs.p1"),  # "This game uses a Memory Gauge (memory) system ..."
        ("dcg", "security", "dcg:security-stack.p1"),  # Security Stack: "A defensive wall that protects the player."
        ("dcg", "suspended", "dcg:suspended-and-unsuspended-states.p1"),
        ("dcg", "DP", "dcg:digimon-cards-digi-egg-cards.b2"),  # "DP (Digimon Power): The Digimon's attack power."
        ("dmb", "DP", "dmb:evolution-phase.2"),  # "Rack up DP: You may place up to ONE card into DP Zone ..."
        ("dmb", "Abnormal", "dmb:prep-phase.turn.4.2"),  # "... changes to “Abnormal” status."
        ("dmb", "Destiny Zone", "dmb:interpretation.destiny-zone-outside-the-40"),  # never defined by the rules page
        ("dmb", "to-0", "dmb:attack-abilities.attack-to-0"),
        ("dmb", "Deleted", "dmb:glossary.delete"),
        ("dbe", "flat", "dbe:glossary.flatten-flat"),
        ("dbe", "Abnormal", "dbe:glossary.abnormal"),
        ("dbe", "Destiny Zone", "dbe:deck-construction.b2"),
        ("dbe", "DP", "dbe:evolution-phase.4.5"),  # "DP or DP? ... a player’s DP refers to the amount they have ..."
        ("arena", "Online", "arena:interpretation.online-offline"),
        ("dtector", "Battle Type", "dtector:battle-type.p1"),
    ],
)
def test_the_words_the_issue_names_are_indexed(game: str, word: str, clause: str):
    found = [t for t in load_terms(game) if word in t.forms or word.casefold() in {f.casefold() for f in t.forms}]
    assert [t.clause for t in found] == [clause]


def test_every_glossary_entry_of_dmb_and_dbe_is_indexed_or_left_out_for_a_reason():
    # words a card or a lesson never writes alone ("Take", "Discard" of the hand only, "Any Phase" steps) stay out
    left_out = {
        "dmb:glossary.take",
        "dmb:glossary.discard",
        "dmb:glossary.recycle-any",
        "dmb:glossary.data",
        "dbe:glossary.take",
        "dbe:glossary.discard",
        "dbe:glossary.recycle-any",
        "dbe:glossary.also-counts-as-name",
        "dbe:glossary.symbol",
    }
    for game in ("dmb", "dbe"):
        from digitutor.rules.corpus import load_corpus

        glossary = [
            cid
            for cid, c in load_corpus(game).clauses.items()
            if cid.startswith(f"{game}:glossary.") and c.kind == "glossary"
        ]
        linked = {t.clause for t in load_terms(game)}
        missing = [cid for cid in glossary if cid not in linked and cid not in left_out]
        assert not missing, missing


def test_every_defined_part_of_a_dcg_card_is_indexed_or_left_out_for_a_reason():
    # the manual's card diagrams define each part of a card ("**Play Cost:** The required memory cost ...")
    from digitutor.rules.corpus import load_corpus

    left_out = {
        "dcg:digimon-cards-digi-egg-cards.b6",
        "dcg:tamer-cards.b2",
        "dcg:option-cards.b2",  # "Effects": every card has
        "dcg:tamer-cards.b1",  # Play Cost: linked once, to the Digimon card's entry
        "dcg:tamer-cards.b7",  # Security Effect: linked once, to the Option card's entry
        "dcg:option-cards.b1",  # "Cost": the word alone is not a term
    }
    parts = [
        cid
        for cid, clause in load_corpus("dcg").clauses.items()
        if cid.startswith(("dcg:digimon-cards-digi-egg-cards.b", "dcg:tamer-cards.b", "dcg:option-cards.b"))
        and re.match(r"^\*\*[^*]+:\*\*\s*\S", clause.text)
    ]
    linked = {t.clause for t in load_terms("dcg")}
    assert len(parts) == 15
    assert [cid for cid in parts if cid not in linked and cid not in left_out] == []


def _doc(*entries: dict) -> dict:
    return {"game": "dcg", "terms": list(entries)}


@pytest.mark.parametrize(
    "doc, message",
    [
        (
            _doc({"term": "memory", "clause": "dcg:no-such-clause"}),
            "terms/dcg.yaml: entry 1 ('memory'): unknown clause id 'dcg:no-such-clause'",
        ),
        (_doc({"term": " ", "clause": "dcg:paying-memory-costs.p1"}), "terms/dcg.yaml: entry 1: empty term"),
        (
            _doc(
                {"term": "memory", "clause": "dcg:paying-memory-costs.p1"},
                {"term": "Memory", "clause": "dcg:memory-gauge.p1"},
            ),
            "terms/dcg.yaml: entry 2 ('Memory'): duplicate term 'Memory' (also under 'memory')",
        ),
        (
            _doc({"term": "memory", "forms": ["memory", ""], "clause": "dcg:paying-memory-costs.p1"}),
            "terms/dcg.yaml: entry 1 ('memory'): forms has an empty word",
        ),
        (
            _doc({"term": "memory", "clause": "dmb:glossary.void"}),
            "terms/dcg.yaml: entry 1 ('memory'): clause 'dmb:glossary.void' is not a clause of dcg",
        ),
        (
            _doc({"term": "coin", "clause": "dcg:interpretation.no-such-reading"}),
            "terms/dcg.yaml: entry 1 ('coin'): unknown interpretation 'dcg:interpretation.no-such-reading'",
        ),
    ],
)
def test_a_bad_index_is_refused_in_one_line_naming_file_and_entry(doc: dict, message: str):
    with pytest.raises(TermIndexError) as refused:
        parse_terms(doc, "dcg", "terms/dcg.yaml")
    assert str(refused.value).startswith(message)
    assert "\n" not in str(refused.value)


def test_the_shipped_files_are_what_the_loader_reads():
    from importlib import resources

    for game in GAMES:
        raw = resources.files("digitutor.rulebooks").joinpath("terms", f"{game}.yaml").read_text(encoding="utf-8")
        assert len(yaml.safe_load(raw)["terms"]) == len(load_terms(game))
        assert all(find_clause(t.clause) for t in load_terms(game) if not t.interpretation)

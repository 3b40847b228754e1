"""Every citation the engine can emit resolves, and every interpretation is documented."""

from __future__ import annotations

from digitutor.core.registry import registered_games
from digitutor.docs import DOC, EFFECTS_DOC, effects_markdown, interpretations_markdown
from digitutor.rules.citations import ENGINE_CITATIONS, INTERPRETATIONS, resolve
from digitutor.rules.corpus import find_clause, load_corpus
from digitutor.rules.model import CitationKind


def test_every_engine_citation_is_a_verbatim_substring_of_its_clause_and_the_rulebook():
    registered_games()
    assert ENGINE_CITATIONS
    for clause_id, citations in ENGINE_CITATIONS.items():
        clause = find_clause(clause_id)
        rulebook = load_corpus(clause.game).text
        for citation in citations:
            assert citation.kind is CitationKind.RULE
            assert citation.quote in clause.text and citation.quote in rulebook
            assert resolve(citation)


def test_every_interpretation_names_the_clauses_it_fills_and_is_documented():
    registered_games()
    assert INTERPRETATIONS
    for entry in INTERPRETATIONS.values():
        assert entry.fills, entry.id
        for clause_id in entry.fills:
            find_clause(clause_id)
        assert entry.title and entry.text and entry.why
    assert DOC.read_text(encoding="utf-8") == interpretations_markdown(), "run: python -m digitutor.docs"


def test_interpretation_text_is_never_presented_as_a_rulebook_quote():
    registered_games()
    texts = {load_corpus(game).text for game in {i.game for i in INTERPRETATIONS.values()}}
    for entry in INTERPRETATIONS.values():
        assert not any(entry.text in text for text in texts), entry.id


def test_the_effect_language_doc_is_current():
    assert EFFECTS_DOC.read_text(encoding="utf-8") == effects_markdown(), "run: python -m digitutor.docs"

"""Issue 24, item 5: quotes you can read — the governing clause first, the others folded; markdown rendered.

Only the DCG rule manual is markdown (digimon-card-game.md); the other rulebooks are plain text, whose "*" are words.
"""

from __future__ import annotations

import html
import re

from digitutor.core.records import Decision, Step
from digitutor.rules.corpus import find_clause, load_corpus
from digitutor.rules.model import Citation, CitationKind
from digitutor.widgets.citation import citations_html, decision_rule_html, glossary_html, rule_html, step_html
from digitutor.widgets.markup import markdown_html, quote_plain, rulebook_html
from digitutor.widgets.rulebook import clause_html

PLAYERS = {0: "Player 1", 1: "Player 2"}
#: the Digivolving section of the DCG manual: its first three paragraphs and its first point ("\* When digivolving...")
DIGIVOLVING = ("dcg:digivolving.p1", "dcg:digivolving.p2", "dcg:digivolving.p3", "dcg:digivolving.b1")


def whole(clause_id: str) -> Citation:
    """A citation of the whole clause, built by hand (not registered as an engine quote)."""
    return Citation(clause_id, find_clause(clause_id).text, CitationKind.RULE)


def rule_step(*clause_ids: str) -> Step:
    return Step(1, 0, "main", "Player 1 digivolves Agumon into Greymon.", tuple(whole(c) for c in clause_ids))


def test_a_step_with_one_rule_shows_it_whole_with_nothing_folded():
    shown = step_html(3, rule_step("dcg:digivolving.p1"), PLAYERS, "Main Phase")
    assert 'data-clause="dcg:digivolving.p1"' in shown
    assert "dt-more-rules" not in shown and "more rule" not in shown


def test_a_step_with_four_rules_shows_the_first_and_folds_three():
    step = rule_step(*DIGIVOLVING)
    shown = step_html(3, step, PLAYERS, "Main Phase")
    first, *others = (c.id for c in step.citations)
    fold = shown.index('<details class="dt-more-rules"><summary>+ 3 more rules</summary>')
    assert shown.index(f'data-clause="{first}"') < fold, "the governing clause stays outside the fold"
    assert all(shown.index(f'data-clause="{other}"') > fold for other in others)
    assert shown.count("dt-more-rules") == 1


def test_a_decision_with_two_rules_folds_one_rule():
    decision = Decision(0, "digivolve", "Digivolve?", (), tuple(whole(c) for c in DIGIVOLVING[:2]))
    shown = decision_rule_html(decision, PLAYERS, "Main Phase", 0, None)
    assert "<summary>+ 1 more rule</summary>" in shown and "more rules" not in shown
    assert shown.index('data-clause="dcg:digivolving.p1"') < shown.index("dt-more-rules")


def test_other_lists_of_citations_are_not_folded_unless_asked():
    """The rulings library lists everything a scenario demonstrates: no fold there."""
    assert "dt-more-rules" not in citations_html([whole(c) for c in DIGIVOLVING])


def test_a_dcg_quote_shows_bold_and_escapes_rendered_never_raw():
    """dcg:digimon-cards-digi-egg-cards.b3 reads "**Digivolution Requirements:** The color and level...";
    dcg:digivolving.b1 reads "\\* When digivolving a suspended Digimon, it remains suspended after digivolution."."""
    for clause_id in ("dcg:digimon-cards-digi-egg-cards.b3", "dcg:digivolving.b1"):
        shown = rule_html(clause_id, [find_clause(clause_id).text])
        assert "**" not in shown and "\\*" not in shown, clause_id
        assert "<mark>" in shown, "the quote is still marked in its place in the rulebook"
    bold = rule_html("dcg:digimon-cards-digi-egg-cards.b3", [find_clause("dcg:digimon-cards-digi-egg-cards.b3").text])
    assert "<strong>Digivolution Requirements:</strong> The color and level of Digimon that can digivolve" in bold
    star = rule_html("dcg:digivolving.b1", [find_clause("dcg:digivolving.b1").text])
    assert "&#42; When digivolving a suspended Digimon, it remains suspended after digivolution." in star


def test_the_context_of_a_dcg_quote_renders_its_list_and_marks_the_quote_inside_its_bold():
    """Around dcg:digimon-cards-digi-egg-cards.b3 the manual lists the card's parts ("- **Play Cost:** ...")."""
    shown = rule_html("dcg:digimon-cards-digi-egg-cards.b3", [find_clause("dcg:digimon-cards-digi-egg-cards.b3").text])
    context = shown[shown.index('class="dt-context"') :]
    assert '<ul class="dt-md-list">' in context and "<li><strong>DP (Digimon Power):</strong>" in context
    assert "<strong><mark>Digivolution Requirements:</mark></strong>" in context, (
        "a mark holds text only: no misnesting"
    )
    assert re.search(r"<mark>[^<]*<(?!/mark>)", context) is None


def test_every_dcg_step_quote_in_the_rule_panel_is_free_of_raw_markdown():
    """Every DCG clause the engine can quote, shown in the rule panel: no "**" or "\\*" reaches the page."""
    from digitutor.core.registry import registered_games
    from digitutor.rules.citations import ENGINE_CITATIONS

    registered_games()
    quotes = [c for cs in ENGINE_CITATIONS.values() for c in cs if c.id.startswith("dcg:")]
    assert any("**" in c.quote for c in quotes)
    shown = citations_html(quotes)
    assert "**" not in shown and "\\*" not in shown


def test_markup_in_a_quote_cannot_inject_html():
    evil = "**<script>alert(1)</script>** & <img src=x onerror=alert(1)> \\<b\\>"
    shown = markdown_html(evil)
    assert "<script>" not in shown and "<img" not in shown and "<b>" not in shown
    assert "<strong>&lt;script&gt;alert(1)&lt;/script&gt;</strong>" in shown
    assert "&amp;" in shown and "&lt;b&gt;" in shown
    by_hand = citations_html([Citation("dcg:digivolving.p1", "<i>not a rule</i> **bold**", CitationKind.RULE)])
    assert "<i>" not in by_hand and "&lt;i&gt;not a rule&lt;/i&gt; <strong>bold</strong>" in by_hand


def test_a_plain_text_rulebook_keeps_its_stars_as_words():
    """The DBE rulebook is plain text: "*current*" there is words, shown as the rulebook prints them."""
    clause = next(c for c in load_corpus("dbe").clauses.values() if "*current*" in c.text)
    shown = rule_html(clause.id, [clause.text])
    assert f'<blockquote class="dt-quote">{html.escape(clause.text)}</blockquote>' in shown
    assert "<em>" not in shown and "<strong>" not in shown
    assert rulebook_html("dmb", "a *b* and **c**") == "a *b* and **c**"


def test_words_used_and_the_rulebook_browser_render_dcg_markdown():
    term = whole("dcg:digimon-cards-digi-egg-cards.b3")
    assert "<strong>Digivolution Requirements:</strong>" in glossary_html([term])
    browsed = clause_html(find_clause("dcg:digimon-cards-digi-egg-cards.b3"))
    assert "**" not in browsed and "<strong>Digivolution Requirements:</strong>" in browsed
    assert quote_plain(term).startswith("Digivolution Requirements: The color"), "a tooltip shows the words, no markup"

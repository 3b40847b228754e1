"""Game words linked where they appear (issue 25, point 4): lesson text, narration and card text.

Each linked word shows its clause verbatim (the reviewed index, rules/terms.py); these tests check the linking:
whole words only, nothing inside a tag, a heading or a rulebook quote, escaping kept, and the first-game lessons'
words (memory, security, DP ...) linked where they occur. Expected clause ids are the rulebooks' defining clauses.
"""

from __future__ import annotations

import html
import re

import pytest

from digitutor.rules.corpus import find_clause
from digitutor.widgets.lessons import course_for, lesson_for
from digitutor.widgets.markup import rulebook_plain
from digitutor.widgets.style import esc, paragraphs
from digitutor.widgets.termlinks import link_terms, unlinked

LINK = re.compile(
    r'<span class="dt-termlink" tabindex="0" data-clause="(?P<clause>[^"]+)" title="(?P<title>[^"]*)">'
    r'<span class="dt-term-word">(?P<word>[^<]*)</span><span class="dt-term-box"'
)


def links(out: str) -> list[tuple[str, str]]:
    """(word, clause id) of every linked word, in order."""
    return [(html.unescape(found["word"]), found["clause"]) for found in LINK.finditer(out)]


def test_a_word_is_linked_to_the_clause_that_defines_it_with_the_exact_quote():
    out = link_terms(esc("Pay 3 memory to play it."), "dcg")
    assert links(out) == [("memory", "dcg:paying-memory-costs.p1")]
    clause = find_clause("dcg:paying-memory-costs.p1")
    quote = re.search(r'<span class="dt-term-quote">([^<]*)</span>', out)[1]
    assert html.unescape(quote) == rulebook_plain("dcg", clause.text)  # the clause verbatim, markup aside
    title = html.unescape(LINK.search(out)["title"])
    assert "dcg:paying-memory-costs.p1" in title and "Paying Memory Costs" in title  # its id and breadcrumb
    assert f"“{clause.text}”" in title
    assert unlinked(out) == esc("Pay 3 memory to play it.")


def test_whole_words_only_and_case_as_the_index_says():
    # "DP" is matched as written (case: exact); "memory" in any case; never inside a longer word
    out = link_terms(esc("DPs, dp and ODP; memorygauge, Memory."), "dcg")
    assert links(out) == [("Memory", "dcg:paying-memory-costs.p1")]
    assert links(link_terms("a suspendedness, then unsuspended", "dcg")) == [
        ("unsuspended", "dcg:suspended-and-unsuspended-states.p1")
    ]


def test_the_longest_word_wins():
    # the Memory Gauge is its own entry, not "memory" followed by a word
    assert links(link_terms("Move the Memory Gauge.", "dcg")) == [("Memory Gauge", "dcg:memory-gauge.p1")]
    assert links(link_terms("a Cross to 0 attack", "dmb")) == [("Cross to 0", "dmb:attack-abilities.attack-to-0")]


def test_the_first_occurrence_of_each_word_is_linked_or_every_one_when_asked():
    text = "memory, then memory again"
    assert len(links(link_terms(text, "dcg"))) == 1
    assert len(links(link_terms(text, "dcg", every=True))) == 2


def test_nothing_inside_a_tag_or_an_attribute_changes():
    text = '<span title="memory and DP" data-x="security">x</span><img alt="memory">'
    assert link_terms(text, "dcg") == text


@pytest.mark.parametrize(
    "text",
    [
        '<blockquote class="dt-quote">Pay memory.</blockquote>',  # a rulebook quote is verbatim
        '<div class="dt-cite dt-rule"><div class="dt-crumb">Memory Gauge</div>memory</div>',
        '<h2 class="dt-panel-title">Memory pays for everything</h2>',
        '<a href="#x">memory</a>',
        "<code>memory</code>",
        "<summary>memory</summary>",
        "<dl><dt>DP</dt></dl>",
        "<span data-verbatim>memory</span>",
    ],
)
def test_never_inside_a_rulebook_quote_a_heading_or_a_control(text: str):
    assert link_terms(text, "dcg") == text


def test_text_after_a_skipped_element_is_linked_again():
    out = link_terms('<blockquote class="dt-quote"><p>memory</p></blockquote><p>Pay memory.</p>', "dcg")
    assert links(out) == [("memory", "dcg:paying-memory-costs.p1")]
    assert out.startswith('<blockquote class="dt-quote"><p>memory</p></blockquote><p>Pay ')


def test_escaping_is_kept_and_nothing_runs():
    text = esc("<script>alert('memory')</script> & DP \"x\"")
    out = link_terms(text, "dcg")
    assert unlinked(out) == text
    assert "<script" not in out and not re.search(r"\son\w+\s*=", out)
    assert [word for word, _ in links(out)] == ["memory", "DP"]


def test_a_word_with_markup_characters_is_found_in_escaped_text():
    out = link_terms(esc("Use <Blocker> now. It was KO'd."), "dcg")
    assert links(out) == [("<Blocker>", "dcg:defend-yourself-with-blocker.p2")]
    assert links(link_terms(esc("It was KO'd."), "dmb")) == [("KO'd", "dmb:battle-phase.6")]


def test_a_word_defined_by_an_interpretation_says_so():
    out = link_terms("Your Destiny Zone holds the Mega.", "dmb")
    assert links(out) == [("Destiny Zone", "dmb:interpretation.destiny-zone-outside-the-40")]
    assert "Tutor&#x27;s interpretation" in out and "the rulebook does not define this word" in out


@pytest.mark.parametrize("game", ["", "nosuchgame"])
def test_a_text_of_no_known_game_is_left_as_it_is(game: str):
    assert link_terms("memory and DP", game) == "memory and DP"


#: per game, words of its guided first game (first-game and its parts: intro,
#: notes, outro) and the clause each must link to
LESSON_WORDS = {
    "dcg": {
        "memory": "dcg:paying-memory-costs.p1",
        "security stack": "dcg:security-stack.p1",
        "DP": "dcg:digimon-cards-digi-egg-cards.b2",
        "suspended": "dcg:suspended-and-unsuspended-states.p1",
        "breeding area": "dcg:breeding-area.p1",
        "counter timing": "dcg:attacking.p4",
    },
    "dmb": {
        "DP": "dmb:evolution-phase.2",
        "+P": "dmb:evolution-phase.2",
        "KO": "dmb:battle-phase.6",
        "1st Attack": "dmb:attack-abilities.1st-attack",
        "Support": "dmb:support-phase.2",
    },
    "dbe": {
        "DP": "dbe:evolution-phase.4.5",
        "Destiny Zone": "dbe:deck-construction.b2",
        "Abnormal": "dbe:glossary.abnormal",
        "flat token": "dbe:glossary.flatten-flat",
        "Side Pile": "dbe:pre-game-setup.3",
        "Data Break": "dbe:glossary.data-break",
    },
    "arena": {
        "Online": "arena:interpretation.online-offline",
        "Offline": "arena:interpretation.online-offline",
        "Power Option": "arena:battle.p1",
        "Digivolve Zone": "arena:digivolve.p1",
    },
    "dtector": {"Special Effect": "dtector:special-effect.p1", "Battle Call": "dtector:battle-call-command-phase.p1"},
}


@pytest.mark.parametrize("game", sorted(LESSON_WORDS))
def test_the_first_game_lesson_text_links_its_game_words(game: str):
    parts = [
        lesson_for(game),
        *(lesson for lesson in course_for(game) if lesson.name.startswith("00-first-game-part-")),
    ]
    texts = [text for lesson in parts for text in (lesson.intro, *(note.text for note in lesson.notes), lesson.outro)]
    linked: dict[str, str] = {}
    for text in texts:
        source = paragraphs(text)
        out = link_terms(source, game)
        assert unlinked(out) == source  # the lesson's own words are all still there, as they were
        for word, clause in links(out):
            linked.setdefault(word, clause)
    for word, clause in LESSON_WORDS[game].items():
        assert linked.get(word) == clause, f"{word!r} in the {game} lesson"


def test_the_lesson_panel_and_the_narration_show_linked_words():
    from digitutor.widgets.tutor import Tutor

    tutor = Tutor.for_lesson("dcg")
    assert 'class="dt-termlink"' in tutor.lesson.value  # the intro names memory, the security stack ...
    model = tutor.model
    for _ in range(40):
        if 'class="dt-termlink"' in tutor.rule.value.split('<div class="dt-cite', 1)[0]:
            break
        model.next()
    narration = re.search(r'<div class="dt-narration">(.*?)</div><div class="dt-cite', tutor.rule.value, re.S)
    assert narration and 'class="dt-termlink"' in narration[1]
    quotes = re.findall(r'<blockquote class="dt-quote">.*?</blockquote>', tutor.rule.value, re.S)
    assert quotes and not any("dt-termlink" in quote for quote in quotes)
    tutor.close()


def test_the_opened_card_links_its_text_and_the_face_does_not():
    from digitutor.core.game import CardView
    from digitutor.widgets.board import card_html

    card = CardView(uid="c1", name="Test", kind="Digimon", text="Suspend this Digimon: gain 1 memory.")
    drawn = card_html(card, "dcg")
    face, opened = drawn.split("</summary>", 1)
    assert "dt-termlink" not in face
    assert [clause for _, clause in links(opened)] == [
        "dcg:suspended-and-unsuspended-states.p3",
        "dcg:paying-memory-costs.p1",
    ]

"""Cards drawn to fit their text (issue 24, item 2): every number of every card of every game on its face, whole;
face text cut only at a word with the whole text one click away; shorthand explained from the rulebook clause
that defines it, quoted verbatim (an editor's note or an interpretation named as such).

The cards are every card of every game's cards.yaml, as printed and in play (test_card_fit_gallery.py); the browser
test (tests/browser/test_cards_fit.py) measures the same cards in Chromium.
"""

from __future__ import annotations

import html
import re

import pytest
from test_card_fit_gallery import GAMES, card_views, gallery_boards, in_play

from digitutor.core.game import CardView, ZoneView
from digitutor.rules.citations import INTERPRETATIONS
from digitutor.rules.corpus import find_clause
from digitutor.widgets.board import card_html, zone_html
from digitutor.widgets.fit import ELLIPSIS, shorten
from digitutor.widgets.markup import rulebook_html
from digitutor.widgets.shorthand import text_words
from digitutor.widgets.termlinks import unlinked


def _face(drawn: str) -> str:
    """The face of one drawn card (its <summary>), without the opened card."""
    return drawn.split("</summary>", 1)[0]


def _text(fragment: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", fragment.replace("<wbr>", "")))


@pytest.mark.parametrize("game", GAMES)
def test_every_number_of_every_card_is_on_its_face(game: str) -> None:
    """HP / DP / Power (and the printed value when it changed), play cost, level, every attack's Power, DMB/DBE DP and
    +P, Arena's attack against each colour: each is on the face, as one piece of text."""
    for card in card_views(game):
        for drawn_card in in_play(card):
            face = _text(_face(card_html(drawn_card, game)))
            numbers = [drawn_card.current, drawn_card.printed, drawn_card.cost, drawn_card.level]
            numbers += [value.split()[0] for value in drawn_card.attacks.values()]
            numbers += [value for name, value in drawn_card.stats.items() if name.startswith("vs ") or name == "Power"]
            if drawn_card.attacks:
                numbers += [value for name, value in drawn_card.stats.items() if name in ("DP", "+P") and value != "-"]
            for number in filter(None, numbers):
                assert number in face, f"{game} {card.name}: {number!r} is not on the face {face!r}"


@pytest.mark.parametrize("game", GAMES)
def test_face_text_is_cut_only_at_a_word_and_the_whole_text_is_one_click_away(game: str) -> None:
    for card in card_views(game):
        drawn = card_html(card, game)
        opened = unlinked(drawn.split("</summary>", 1)[1])  # (its game words are linked to their clauses)
        for whole in [part.value for part in card.parts] or [card.text]:  # (DCG: the text as the manual's parts)
            assert html.escape(whole) in opened, f"{card.name}: the opened card holds the whole text"
        found = re.search(r'<div class="dt-face-text"(?: title="(?P<title>[^"]*)")?>(?P<shown>[^<]*)</div>', drawn)
        if found is None:
            continue
        shown = html.unescape(found["shown"])
        if not shown.endswith(ELLIPSIS):
            assert shown in card.text
            continue
        assert html.unescape(found["title"] or "") == card.text, (
            f"{card.name}: a shortened text has the whole text as its title"
        )
        kept = shown[: -len(ELLIPSIS)]
        at = card.text.find(kept)
        assert at >= 0, f"{card.name}: {shown!r} is a start of the text"
        after = card.text[at + len(kept) :]
        assert not after[:1].isalnum(), f"{card.name}: cut mid-word: {shown!r} then {after[:12]!r}"


def test_shorten_cuts_at_words_only() -> None:
    text = "Jamming: Void opponent's Support if the card type is a Digimon and their Cross ability."
    for lines in range(1, 6):
        cut = shorten(text, 6.0, lines)
        kept = cut.shown.removesuffix(ELLIPSIS)
        assert text.startswith(kept) and not text[len(kept) :][:1].isalnum(), cut
    assert shorten(text, 40.0, 9).shown == text and not shorten(text, 40.0, 9).cut


def _title_of(drawn: str, shown: str) -> str:
    found = re.search(r'<span class="dt-shorthand" title="([^"]*)">' + re.escape(html.escape(shown)) + "</span>", drawn)
    assert found, f"{shown!r} is not drawn as explained shorthand"
    return html.unescape(found[1])


def _card(game: str, name: str) -> CardView:
    return next(card for card in card_views(game) if card.name == name)


def test_dmb_counter_is_explained_by_attack_abilities_counter_with_the_editors_note_on_the_lost_symbols() -> None:
    """dmb:attack-abilities.counter ("Counter / / : Your own current attack ...") defines Counter; the copy lost the
    symbols, which its editor's note says."""
    drawn = card_html(_card("dmb", "Gabumon"), "dmb")
    tip = _title_of(drawn, "Counter ○")
    clause = find_clause("dmb:attack-abilities.counter")
    assert clause.text in tip and clause.note and clause.note in tip and "Editor’s note" in tip
    assert "dmb:attack-abilities.counter" in drawn.split("</summary>", 1)[1], (
        "the opened card lists the word with its clause"
    )


def test_dmb_x3_and_to_0_are_explained_by_their_attack_abilities() -> None:
    """ "[Type] x3 VS (or x3 for short)" (dmb:attack-abilities.type-x3-vs);
    "[Attack] to 0" (dmb:attack-abilities.attack-to-0)."""
    assert find_clause("dmb:attack-abilities.type-x3-vs").text in _title_of(
        card_html(_card("dmb", "Candlemon"), "dmb"), "x3 Ice"
    )
    tip = _title_of(card_html(_card("dmb", "Palmon"), "dmb"), "○ to 0")
    assert find_clause("dmb:attack-abilities.attack-to-0").text in tip and "○ Circle" in tip


def test_dbe_words_quote_dbe_clauses_not_dmb_ones() -> None:
    """DBE's Counter also gives 2nd Attack: its own clause (dbe:attack-abilities.counter) is quoted on a DBE card."""
    card = next(c for c in card_views("dbe") if any("counter" in a for a in c.attacks.values()))
    drawn = card_html(card, "dbe")
    assert find_clause("dbe:attack-abilities.counter").text in _title_of(drawn, "Counter ○")
    assert "dmb:" not in drawn


def test_the_three_attack_symbols_are_named_from_the_rulebook() -> None:
    """The Strategy Phase names the attacks ("Circle / Triangle / Cross"); ○ △ ✕ come from the editor's note."""
    drawn = card_html(_card("dmb", "Agumon"), "dmb")
    found = re.search(r'<span class="dt-attack-mark" title="([^"]*)">○</span>', drawn)
    assert found and find_clause("dmb:strategy-phase.2").text in html.unescape(found[1])


def test_dcg_keywords_quote_the_manual_or_name_the_interpretation() -> None:
    """<Blocker> is defined by its standard text (dcg:blocker-text.p2); <Piercing> the manual never defines, so the
    tutor's interpretation dcg:interpretation.card-timings is shown, called an interpretation."""
    blocker = next(c for c in card_views("dcg") if "<Blocker>" in c.text)
    words = {word.shown: word for word in text_words("dcg", blocker.text)}
    assert (
        words["<Blocker>"].quote() == find_clause("dcg:blocker-text.p2").text and not words["<Blocker>"].interpretation
    )
    piercing = next(c for c in card_views("dcg") if "<Piercing>" in c.text)
    word = {w.shown: w for w in text_words("dcg", piercing.text)}["<Piercing>"]
    assert word.interpretation and word.quote() == INTERPRETATIONS["dcg:interpretation.card-timings"].text
    assert "Tutor's interpretation" in card_html(piercing, "dcg")


@pytest.mark.parametrize("game", GAMES)
def test_every_word_explained_on_a_card_quotes_an_existing_clause_verbatim(game: str) -> None:
    for card in card_views(game):
        drawn = card_html(card, game)
        for source in re.findall(r'class="dt-card-word" data-clause="([^"]+)"', drawn):
            if source in INTERPRETATIONS:
                continue
            clause = find_clause(source)
            assert clause.game == game, f"{card.name}: {source} is another game's clause"
            assert rulebook_html(game, clause.text) in drawn, f"{card.name}: {source} is quoted whole"


def test_a_hidden_card_still_shows_nothing_of_itself() -> None:
    drawn = card_html(CardView("x", "Greymon", text="Counter Circle", hidden=True), "dmb")
    assert "Greymon" not in drawn and "Counter" not in drawn


def test_the_gallery_holds_every_card_of_every_game() -> None:
    boards = gallery_boards()
    for game in GAMES:
        assert boards[game].count('class="dt-card') >= len(card_views(game))


def _words(drawn: str) -> dict[str, str]:
    """The opened card's shorthand: word -> the clause it quotes."""
    found = re.findall(r'class="dt-card-word" data-clause="([^"]+)"><summary>([^<]*)</summary>', drawn)
    return {html.unescape(summary).split(" (", 1)[0]: source for source, summary in found}


def test_dmb_activate_is_explained_by_the_faqs_activate_timing() -> None:
    """DMB's glossary has no ACTIVATE; its FAQ entry "ACTIVATE timing" defines it ("These can be activated any time a
    player has effect priority ... once per game, PER CARD")."""
    assert "ACTIVATE abilities can only be activated once per game" in find_clause("dmb:faq.activate-timing").text
    assert _words(card_html(_card("dmb", "WarGreymon"), "dmb")).get("ACTIVATE") == "dmb:faq.activate-timing"


def test_dbe_passive_is_explained_by_the_faqs_card_timings() -> None:
    """DBE's glossary has no PASSIVE; the Rules FAQ's card timings define it ("PASSIVE: Similar to ACTIVATE, this can
    only be used while it is on the active Digimon naturally")."""
    clause = "dbe:rules-faq.card-timing-and-effect-timing.b6"
    assert find_clause(clause).text.startswith("PASSIVE: Similar to ACTIVATE")
    card = next(c for c in card_views("dbe") if "PASSIVE:" in c.text)
    assert _words(card_html(card, "dbe")).get("PASSIVE") == clause


def test_a_piles_top_card_opens_with_the_words_it_uses_explained() -> None:
    """Issue 24, item 2: shorthand explained on every card face, the top card of a pile (a trash) too."""
    card = _card("dmb", "WarGreymon")
    pile = zone_html(ZoneView("trash", "Trash", (card,), layout="pile", count=1), "dmb")
    assert _words(pile) == _words(card_html(card, "dmb")) and "ACTIVATE" in _words(pile)

"""Game shorthand on a card face, explained from the rulebook: the reviewed index of the words a card prints.

A card face writes "✕ 0 Counter ○", "x3 Ice" or "<Blocker>"; a learner hovers (or opens the card) and reads
the clause that defines the word, quoted verbatim from the shipped rulebook. Where the copy of the rulebook lost
something (the ○ / △ / ✕ symbols), the clause's editor's note is shown with it and called an editor's note; where
the rulebook names a word but never defines it, the tutor's named interpretation is shown and called one.
Display only: no rule is decided here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from ..rules.citations import INTERPRETATIONS
from ..rules.corpus import find_clause
from .markup import rulebook_plain
from .words import crumb_text

#: how the DMB/DBE board writes an attack (``_attack_text`` in games/dmb/view.py): "<power> <ability> [<argument>]"
_ATTACK = re.compile(r"^(?P<power>-?\d+)(?:\s+(?P<ability>[a-z0-9-]+)(?:\s+(?P<arg>.+))?)?$")
#: the attack symbols, as the board names them ("○ Circle")
_SYMBOL = re.compile(r"^(?P<mark>[○△✕])\s+(?P<name>Circle|Triangle|Cross)$")


@dataclass(frozen=True, slots=True)
class Word:
    """One piece of shorthand on a card, and where its meaning is written."""

    shown: str  #: as the card face writes it ("Counter ○")
    source: str  #: a clause id (``dmb:attack-abilities.counter``) or an interpretation id
    also: str = ""  #: what the face abbreviates ("○ Circle"), said before the quote

    @property
    def interpretation(self) -> bool:
        """The tutor's named reading (``<game>:interpretation.<slug>``), not a rulebook clause."""
        return self.source.split(":", 1)[-1].startswith("interpretation.")

    def where(self) -> str:
        """The breadcrumb of the clause (or the interpretation's title)."""
        if self.interpretation:
            known = INTERPRETATIONS.get(self.source)
            return f"Tutor's interpretation: {known.title}" if known else "Tutor's interpretation"
        return crumb_text(find_clause(self.source).breadcrumb)

    def quote(self) -> str:
        """The defining text: the clause verbatim (markup removed for plain display), or the interpretation's words."""
        if self.interpretation:
            known = INTERPRETATIONS.get(self.source)
            return known.text if known else ""
        clause = find_clause(self.source)
        return rulebook_plain(clause.game, clause.text)

    def note(self) -> str:
        """The editor's note on the clause (where the copy lost something), or why an interpretation is used."""
        if self.interpretation:
            return (
                "The rulebook names this word but does not define it; this is the tutor's reading, not rulebook text."
            )
        return find_clause(self.source).note or ""

    def tooltip(self) -> str:
        """Plain text for a ``title``: what it stands for, the clause's place, its text, the note."""
        head = f"{self.shown}" + (f" ({self.also})" if self.also else "")
        note = self.note()
        label = "" if self.interpretation else "Rulebook, "
        return f"{head}\n{label}{self.where()} [{self.source}]:\n“{self.quote()}”" + (
            f"\n{'Note' if self.interpretation else 'Editor' + chr(8217) + 's note'}: {note}" if note else ""
        )


# -- Digimon Battles and Digimon Battle Evolution: attack abilities ----------------------------------------------------

#: ability (as the card file writes it) -> (how the face writes it, clause slug under the game's id); "{mark}" and
#: "{arg}" are the named attack's symbol and the ability's argument
ABILITIES: dict[str, tuple[str, str]] = {
    "1st-attack": ("1st Attack", "attack-abilities.1st-attack"),
    "to-0": ("{mark} to 0", "attack-abilities.attack-to-0"),
    "counter": ("Counter {mark}", "attack-abilities.counter"),
    "crash": ("Crash", "attack-abilities.crash"),
    "x3": ("x3 {arg}", "attack-abilities.type-x3-vs"),
    "jamming": ("Jamming", "attack-abilities.jamming"),
    "drain": ("Drain", "attack-abilities.drain"),
    "draw": ("Draw", "attack-abilities.draw-x"),
    "trash": ("Trash", "attack-abilities.trash-x"),
    "recode": ("Recode", "attack-abilities.recode-x"),
    "recycle": ("Recycle", "attack-abilities.recycle-x"),
    "corrupt": ("Corrupt", "attack-abilities.corrupt-x"),
    "attach": ("Attach {arg}", "attack-abilities.attach-d-t-h"),
    "shatter": ("Shatter", "attack-abilities.shatter"),
}
#: DBE's own attack abilities
DBE_ABILITIES: dict[str, tuple[str, str]] = {
    "killer": ("Killer {mark}", "attack-abilities.killer"),
    "grudge": ("Grudge {mark}", "attack-abilities.grudge"),
    "flatten": ("Flatten", "attack-abilities.flatten"),
    "static": ("Static", "attack-abilities.static-x"),
    "2nd-attack": (
        "2nd Attack",
        "attack-abilities.grudge.2",
    ),  # "Note: 2nd Attack This is the same as -1 point of 1st Attack"
}
#: the clause that names the three attacks (DBE's card anatomy; DMB has none, its Strategy Phase names them)
ATTACKS_NAMED = {"dmb": "dmb:strategy-phase.2", "dbe": "dbe:anatomy-of-cards.10"}
#: the clause whose editor's note says how the copy lost the attack symbols
SYMBOLS_NOTE = {"dmb": "dmb:attack-abilities.counter", "dbe": "dbe:attack-abilities.p1"}


@dataclass(frozen=True, slots=True)
class Attack:
    """One DMB/DBE attack as a face draws it: its symbol, its Power, its ability (if any)."""

    mark: str  #: ○ / △ / ✕
    name: str  #: Circle / Triangle / Cross
    power: str
    ability: Word | None  #: None: no ability, or one this index does not know (then ``raw`` is shown as written)
    raw: str = ""


def attack(game: str, symbol: str, text: str) -> Attack:
    """Read one attack of a DMB/DBE card view (``"○ Circle"``, ``"0 counter △ Triangle"``)."""
    found = _SYMBOL.match(symbol)
    mark, name = (found["mark"], found["name"]) if found else (symbol[:1], symbol)
    parsed = _ATTACK.match(text.strip())
    if parsed is None:
        return Attack(mark, name, "", None, text)
    ability, arg = parsed["ability"], parsed["arg"] or ""
    if not ability:
        return Attack(mark, name, parsed["power"], None)
    known = {**ABILITIES, **(DBE_ABILITIES if game == "dbe" else {})}.get(ability)
    if known is None or game not in ATTACKS_NAMED:
        return Attack(mark, name, parsed["power"], None, f"{ability} {arg}".strip())
    named = _SYMBOL.match(arg)
    shown = known[0].format(mark=named["mark"] if named else arg, arg=arg)
    return Attack(mark, name, parsed["power"], Word(shown, f"{game}:{known[1]}", arg if named else ""))


def attack_word(game: str, mark: str, name: str) -> Word | None:
    """What ○ / △ / ✕ mean: the clause naming the three attacks, with the editor's note on the lost symbols."""
    if game not in ATTACKS_NAMED:
        return None
    return Word(mark, ATTACKS_NAMED[game], f"{mark} {name} attack")


def symbols_note(game: str) -> str:
    """The editor's note that says the copy lost the attack symbols (shown with the attack word)."""
    clause = SYMBOLS_NOTE.get(game)
    return (find_clause(clause).note or "") if clause else ""


# -- words in a card's text --------------------------------------------------------------------------------------------

#: game -> (pattern, face word, clause id); reviewed by hand against each rulebook's glossary (never guessed)
_TEXT_WORDS: dict[str, tuple[tuple[str, str, str], ...]] = {
    "dmb": (
        (r"\bBoost\b", "Boost", "dmb:glossary.boost"),
        (r"\bRecover\b", "Recover", "dmb:glossary.recover"),
        (r"\bVoid\b", "Void", "dmb:glossary.void"),
        (r"\bAttach\b", "Attach", "dmb:glossary.attach"),
        (r"\bRecycle\b", "Recycle", "dmb:glossary.recycle-x"),
        (r"\bRecode\b", "Recode", "dmb:glossary.recode-x"),
        (r"\bCorrupt\b", "Corrupt", "dmb:glossary.corrupt-x"),
        (r"\bTake\b", "Take", "dmb:glossary.take"),
        (r"\bTrash(?:es)?\b", "Trash", "dmb:glossary.trash-x"),
        (r"\bRevive\b", "Revive", "dmb:glossary.revive"),
        (r"\bDelete\b", "Delete", "dmb:glossary.delete"),
        (r"\bDiscard\b", "Discard", "dmb:glossary.discard"),
        (r"\bData Break\b", "Data Break", "dmb:glossary.data-break"),
        (r"\bDATA\b", "DATA", "dmb:glossary.data"),
        (r"\[1/Turn\]", "[1/Turn]", "dmb:glossary.1-turn"),
        (r"\bAlso (?:Fire|Ice|Nature|Dark|Rare)\b", "Also [Type]", "dmb:glossary.also-type"),
        (r"\((?:Your|Supports)[^()]*\.\)", "(Parenthesis effect)", "dmb:glossary.parenthesis-effect"),
        (r"\bCounter (?:Circle|Triangle|Cross)\b", "Counter", "dmb:attack-abilities.counter"),
        (r"\bDrain\b", "Drain", "dmb:attack-abilities.drain"),
        (r"\bCrash\b", "Crash", "dmb:attack-abilities.crash"),
        (r"\bACTIVATE\b", "ACTIVATE", "dmb:faq.activate-timing"),  # (the glossary has no entry; the FAQ defines it)
    ),
    "dbe": (
        (r"\bBoost\b", "Boost", "dbe:glossary.boost"),
        (r"\bRecover\b", "Recover", "dbe:glossary.recover"),
        (r"\bVoid\b", "Void", "dbe:glossary.void"),
        (r"\bAttach(?:ed)?\b", "Attach", "dbe:glossary.attach"),
        (r"\bRecycle\b", "Recycle", "dbe:glossary.recycle-x"),
        (r"\bRecode\b", "Recode", "dbe:glossary.recode-x"),
        (r"\bCorrupt\b", "Corrupt", "dbe:glossary.corrupt-x"),
        (r"\bTrash\b", "Trash", "dbe:glossary.trash-x"),
        (r"\bRevive\b", "Revive", "dbe:glossary.revive"),
        (r"\bDelete\b", "Delete", "dbe:glossary.delete"),
        (r"\bDiscard\b", "Discard", "dbe:glossary.discard"),
        (r"\bData Break\b", "Data Break", "dbe:glossary.data-break"),
        (r"\bACTIVATE\b", "ACTIVATE", "dbe:glossary.activate"),
        (
            r"\bPASSIVE\b",
            "PASSIVE",
            "dbe:rules-faq.card-timing-and-effect-timing.b6",
        ),  # (no glossary entry: the FAQ's card timings)
        (r"\bStatic\b", "Static", "dbe:glossary.static-x"),
        (r"\bFlip\b", "Flip", "dbe:glossary.flip-flip-cards-star-moon-initial-side"),
        (r"\bAbnormal\b", "Abnormal", "dbe:glossary.abnormal"),
        (r"\bDark Draw\b", "Dark [action]", "dbe:glossary.dark-action"),
        (r"\bEvo-box\b", "Evo-box", "dbe:anatomy-of-cards.8"),
        (r"\((?:Your|Own|Supports)[^()]*\.\)", "(Parenthesis text)", "dbe:glossary.parenthesis-text-or-symbol"),
        (r"\bJamming\b", "Jamming", "dbe:attack-abilities.jamming"),
        (r"\bCounter (?:Circle|Triangle|Cross)\b", "Counter", "dbe:attack-abilities.counter"),
    ),
    "dcg": (
        (r"<Blocker>", "<Blocker>", "dcg:blocker-text.p2"),
        (r"<Security A\. [+-]\d+>", "<Security A.>", "dcg:security-attack-text.p1"),
        (r"<(?!Blocker>|Security A\.)[A-Z][^<>]{1,40}>", "<{0}>", "dcg:interpretation.card-timings"),
    ),
}


@cache
def _patterns(game: str) -> tuple[tuple[re.Pattern[str], str, str], ...]:
    return tuple((re.compile(pattern), shown, source) for pattern, shown, source in _TEXT_WORDS.get(game, ()))


def text_words(game: str, text: str) -> tuple[Word, ...]:
    """The shorthand a card's text uses, each once, in the order it first appears."""
    found: dict[str, tuple[int, Word]] = {}
    for pattern, shown, source in _patterns(game):
        for hit in pattern.finditer(text):
            word = Word(shown.format(hit.group(0)[1:-1]) if "{0}" in shown else shown, source)
            if word.shown not in found:
                found[word.shown] = (hit.start(), word)
    return tuple(word for _, word in sorted(found.values(), key=lambda pair: pair[0]))


def level_word(game: str, level: str) -> Word | None:
    """What a DMB/DBE level letter means (R, C, U, M), from the rulebook's Level entry."""
    clause = {"dmb": "dmb:glossary.level", "dbe": "dbe:anatomy-of-cards.3"}.get(game)
    return Word(level, clause) if clause and level in ("R", "C", "U", "M") else None

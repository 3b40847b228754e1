"""Parsers for the plain-text rulebooks: ``dtector``, ``arena``, ``dmb`` and ``dbe``.

In these copies every non-blank line is one unit of text: a heading, a prose
paragraph, a numbered step or a bullet. ``dmb``/``dbe`` indent numbered steps by
two spaces plus two more per level (``  1.``, ``    1.``, ...); their quirks
(headings without markup, headings the copy lost, lists that restart their
numbering) are spelled out in :data:`DMB` and :data:`DBE`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from digitutor.rules.model import ClauseKind
from digitutor.rules.parse_common import BookBuilder, Draft, Line, after_match, iter_lines
from digitutor.rules.slugs import slugify, term_slug

SECTION, PARAGRAPH, STEP = ClauseKind.SECTION, ClauseKind.PARAGRAPH, ClauseKind.STEP
BULLET, GLOSSARY, FAQ = ClauseKind.BULLET, ClauseKind.GLOSSARY, ClauseKind.FAQ

_STEP = re.compile(r"( +)(\d+)\.\s+")
_BULLET = re.compile(r" *•\s*")
_DASH = re.compile(r"-\s*")
_ARENA_HEADING = re.compile(r"Digi-Battle Rules - (.+)$")
_UNDERSCORE_TERM = re.compile(r"_{1,2}(?P<term>[^_]+?)__")  # "_Data Break__" lost an "_"
_DASH_TERM = re.compile(r"(?P<term>[^–]{1,70}?)\s*–\s")
_COLON_TERM = re.compile(r"(?P<term>[^:.]{1,50}):\s")


def parse_dtector(book: BookBuilder) -> None:
    """Headings end in ``[]``; everything else is a paragraph of its section."""
    section: Draft | None = None
    for line in iter_lines(book.text):
        stripped = line.text.rstrip()
        if not stripped:
            continue
        if stripped.endswith("[]"):
            title = stripped[:-2].strip()
            end = line.start + len(stripped) - 2
            section = book.add(SECTION, slugify(title), title, line.start, end, None)
        elif section is not None:
            book.add_local(PARAGRAPH, "p", line.start, line.end, section)
        else:
            raise ValueError(f"dtector: text before the first heading: {line.text!r}")


def parse_arena(book: BookBuilder) -> None:
    """``Digi-Battle Rules - Setup`` headings; ``-`` lines are bullets, flat.

    The opening paragraph has no heading: it goes under a tutor-made ``overview``.
    """
    section: Draft | None = None
    for line in iter_lines(book.text):
        if line.blank:
            continue
        heading = _ARENA_HEADING.match(line.text.strip())
        if heading:
            slug = slugify(heading.group(1))
            section = book.add(SECTION, slug, line.text.strip(), line.start, line.end, None)
            continue
        if section is None:
            section = book.add_synthetic_section("overview", "Overview", line.start)
        if line.text.startswith("-"):
            book.add_local(BULLET, "b", after_match(line, _DASH), line.end, section)
        else:
            book.add_local(PARAGRAPH, "p", line.start, line.end, section)


@dataclass(frozen=True)
class PlainBook:
    """What the parser must know about one of the two long plain-text books."""

    headings: frozenset[str]
    #: line prefix -> (section slug, title) for a heading the copy lost just before it
    lost_headings: dict[str, tuple[str, str]]
    #: paragraph prefix -> (name, title): a paragraph introducing its own numbered list
    list_intros: dict[str, tuple[str, str]] = field(default_factory=dict)
    #: glossary terms written without a dash after them
    bare_terms: tuple[str, ...] = ()
    #: section slug -> how its paragraphs read: "glossary", "faq" or "abilities"
    modes: dict[str, str] = field(default_factory=dict)
    #: headings whose content the copy lost (what follows belongs to the previous one)
    empty_headings: frozenset[str] = frozenset({"Table of Contents"})


# Restarted numbering: dmb "Prep Phase" has the setup steps 1-3 and then the
# per-turn steps 1-4; dmb "Evolution Phase" has the phase steps 1-6 and then the
# evolution requirements 1-4. Each such list hangs under the paragraph that
# introduces it, which is named after it: dmb:prep-phase.setup (the paragraph),
# dmb:prep-phase.setup.1 (its first step), dmb:prep-phase.turn.1, ...,
# dmb:evolution-phase.requirements.1. dbe keeps the same per-turn name for parity.
_TURN_INTRO = {"These are the steps you will perform each turn": ("turn", "Each turn")}

DMB = PlainBook(
    headings=frozenset(
        {
            "Digimon Battles Rules",
            "Table of Contents",
            "Object of the Game:",
            "Prep Phase",
            "Evolution Phase",
            "Strategy Phase",
            "Support Phase",
            "Battle Phase",
            "End Phase",
            "Attack Abilities",
            "Deck Construction",
            "Ruler Type",
        }
    ),
    lost_headings={
        "__(Parenthesis effect)__": ("glossary", "Glossary"),
        "__ACTIVATE timing__": ("faq", "FAQ"),
    },
    list_intros={
        "Before the game begins for the first time, perform these setup steps": (
            "setup",
            "Setup",
        ),
        **_TURN_INTRO,
        "ALL cards begin with the following requirements for evolution": (
            "requirements",
            "Requirements for evolution",
        ),
    },
    modes={"glossary": "glossary", "faq": "faq", "attack-abilities": "abilities"},
)

DBE = PlainBook(
    headings=frozenset(
        {
            "Digimon Battle Evolution Rules",
            "Table of Contents",
            "Object of the Game:",
            "Anatomy of Cards",
            "Pre-Game Setup",
            "Prep Phase",
            "Evolution Phase",
            "Effect Evolution",
            "Strategy Phase",
            "Support Phase",
            "Battle Phase",
            "End Phase",
            "Attack Abilities",
            "Deck Construction",
            "Rules FAQ",
            "Ruler Type",
        }
    ),
    lost_headings={"(Parenthesis text)": ("glossary", "Glossary")},
    list_intros=dict(_TURN_INTRO),
    bare_terms=("Also counts as [Name]", "Data Break", "Type (Primary and Subtype)"),
    modes={"glossary": "glossary", "rules-faq": "faq", "attack-abilities": "abilities"},
)

#: terms whose symbols the copy lost: (slug, title) chosen by the tutor
_TERM_OVERRIDES = {"/ / to 0": ("attack-to-0", "[Attack] to 0")}


def _is_question(line: str) -> bool:
    """A FAQ question: one short sentence ending in ``?``."""
    return line.endswith("?") and len(line) <= 100 and not re.search(r"[.!?]\s", line)


def parse_dmb(book: BookBuilder) -> None:
    """Digimon Battles."""
    _PlainParser(book, DMB).run()


def parse_dbe(book: BookBuilder) -> None:
    """Digimon Battle Evolution."""
    _PlainParser(book, DBE).run()


class _PlainParser:
    """Walks a dmb/dbe text line by line, keeping track of what a list belongs to."""

    def __init__(self, book: BookBuilder, spec: PlainBook) -> None:
        self.book, self.spec = book, spec
        self.section: Draft | None = None
        self.owner: Draft | None = None  #: what depth-0 steps and bullets hang under
        self.steps: list[Draft] = []  #: the open step at each depth
        self.lines = [line for line in iter_lines(book.text) if not line.blank]

    def run(self) -> None:
        skip_next = False
        for index, line in enumerate(self.lines):
            if skip_next:
                skip_next = False
                continue
            stripped = line.text.strip()
            if line.indent == 0 and stripped in self.spec.headings:
                self._heading(line, stripped)
                continue
            for prefix, (slug, title) in self.spec.lost_headings.items():
                if line.text.startswith(prefix):
                    self._set_section(self.book.add_synthetic_section(slug, title, line.start))
            if self.section is None:
                raise ValueError(f"{self.book.game}: text before the first heading")
            if _STEP.match(line.text):
                self._step(line)
            elif _BULLET.match(line.text):
                assert self.owner is not None
                self.book.add_local(BULLET, "b", after_match(line, _BULLET), line.end, self.owner)
            else:
                following = self.lines[index + 1] if index + 1 < len(self.lines) else None
                skip_next = self._prose(line, stripped, following)

    def _set_section(self, section: Draft) -> None:
        self.section = self.owner = section
        self.steps = []

    def _heading(self, line: Line, title: str) -> None:
        previous = self.section
        section = self.book.add(SECTION, slugify(title), title, line.start, line.end, None)
        self._set_section(section)
        if title in self.spec.empty_headings and previous is not None:
            self._set_section(previous)

    def _step(self, line: Line) -> None:
        match = _STEP.match(line.text)
        assert match is not None
        depth = max(0, (len(match.group(1)) - 2) // 2)
        if depth > len(self.steps):
            raise ValueError(f"{self.book.game}: step nested too deep: {line.text!r}")
        parent = self.steps[depth - 1] if depth else self.owner
        assert parent is not None
        number = match.group(2)
        path = f"{parent.path}.{number}"
        step = self.book.add(STEP, path, number, line.start + match.end(), line.end, parent)
        del self.steps[depth:]
        self.steps.append(step)

    def _prose(self, line: Line, stripped: str, following: Line | None) -> bool:
        """Add a prose line; True when the following line was taken as its answer."""
        assert self.section is not None
        mode = self.spec.modes.get(self.section.path, "")
        if mode and not stripped.startswith("POINT!"):
            if mode == "faq":
                return self._faq(line, stripped, following)
            term = self._term(stripped, mode)
            if term:
                self._entry(GLOSSARY, term, line.start, line.end)
                return False
        for prefix, (name, title) in self.spec.list_intros.items():
            if stripped.startswith(prefix):
                path = f"{self.section.path}.{name}"
                intro = self.book.add(PARAGRAPH, path, title, line.start, line.end, self.section)
                self.owner, self.steps = intro, []
                return False
        parent = self.owner if mode == "faq" else self.section
        assert parent is not None
        self.book.add_local(PARAGRAPH, "p", line.start, line.end, parent)
        return False

    def _term(self, stripped: str, mode: str) -> str | None:
        """The defined term at the start of a glossary/FAQ/ability line, if any."""
        if mode == "abilities":
            match = _COLON_TERM.match(stripped)
            return match.group("term").strip() if match else None
        match = _UNDERSCORE_TERM.match(stripped) or _DASH_TERM.match(stripped)
        if match:
            return match.group("term").strip()
        bare = [term for term in self.spec.bare_terms if stripped.startswith(term)]
        if mode == "glossary" and not bare:
            raise ValueError(f"{self.book.game}: no term in glossary line {stripped[:60]!r}")
        return bare[0] if bare else None

    def _faq(self, line: Line, stripped: str, following: Line | None) -> bool:
        """A question (joined with its answer when one follows) or a ``Term – ...`` entry."""
        if _is_question(stripped):
            answer = following if self._is_answer(following) else None
            end = answer.end if answer else line.end
            term = self._term(answer.text.strip(), "faq") if answer else None
            self._entry(FAQ, term or stripped, line.start, end)
            return answer is not None
        term = self._term(stripped, "faq")
        if term:
            self._entry(FAQ, term, line.start, line.end)
        else:
            assert self.owner is not None
            self.book.add_local(PARAGRAPH, "p", line.start, line.end, self.owner)
        return False

    def _is_answer(self, line: Line | None) -> bool:
        """Whether the line after a question is its answer (prose, not a list or question)."""
        if line is None or line.indent or _STEP.match(line.text) or _BULLET.match(line.text):
            return False
        stripped = line.text.strip()
        return stripped not in self.spec.headings and not _is_question(stripped)

    def _entry(self, kind: ClauseKind, term: str, start: int, end: int) -> None:
        """A glossary, attack-ability or FAQ entry: ``<section>.<term-slug>``."""
        assert self.section is not None
        term = " ".join(term.split())  # the copy has stray no-break spaces
        slug, default_title = _TERM_OVERRIDES.get(term, (term_slug(term), term))
        title = re.sub(r"[\s/]+$", "", default_title)
        path = f"{self.section.path}.{slug}"
        self.owner = self.book.add(kind, path, title, start, end, self.section)
        self.steps = []

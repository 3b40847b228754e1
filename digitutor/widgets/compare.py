"""The five games side by side: turn structure, battles, winning, decks; every cell quotes its clause."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from importlib import resources
from typing import Any

import ipywidgets as widgets

from ..core.errors import InputError
from ..core.yamlio import parse_yaml
from ..rules.corpus import GAME_TITLES, GAMES, find_clause
from .citation import rule_html
from .page import AppPage
from .style import esc
from .words import clean_heading

COMPARE_FILE = "compare.yaml"


@dataclass(frozen=True)
class Cell:
    """One game × topic: a gist in plain words and the (clause id, quote) pairs it rests on."""

    gist: str
    cites: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Comparison:
    topics: tuple[tuple[str, str], ...]  #: (id, title)
    cells: dict[tuple[str, str], Cell]  #: (game, topic) -> cell


def _cites(raw: Any, where: str) -> tuple[tuple[str, str], ...]:
    if not isinstance(raw, list) or not raw:
        raise InputError(COMPARE_FILE, where, "expected a list of {id, quote?}")
    pairs = []
    for i, entry in enumerate(raw):
        if not isinstance(entry, dict) or not isinstance(entry.get("id"), str):
            raise InputError(COMPARE_FILE, f"{where}[{i}]", "expected {id: clause id, quote: optional text}")
        try:
            text = find_clause(entry["id"]).text
        except ValueError as error:
            raise InputError(COMPARE_FILE, f"{where}[{i}].id", str(error)) from None
        quote = entry.get("quote", text)
        if not isinstance(quote, str) or quote not in text:
            raise InputError(COMPARE_FILE, f"{where}[{i}].quote", f"not a verbatim part of {entry['id']}")
        pairs.append((entry["id"], quote))
    return tuple(pairs)


def parse_comparison(doc: Any) -> Comparison:
    """Validate the comparison table; raises InputError naming the field."""
    if not isinstance(doc, dict) or not isinstance(doc.get("topics"), list) or not isinstance(doc.get("cells"), dict):
        raise InputError(COMPARE_FILE, "", "expected topics (a list) and cells (a mapping)")
    topics = tuple((str(t["id"]), str(t["title"])) for t in doc["topics"])
    cells = {}
    for game, row in doc["cells"].items():
        if game not in GAMES or not isinstance(row, dict):
            raise InputError(
                COMPARE_FILE, f"cells.{game}", f"expected one of {', '.join(GAMES)} with a mapping of topics"
            )
        for topic, _title in topics:
            cell = row.get(topic)
            if not isinstance(cell, dict) or not isinstance(cell.get("gist"), str):
                raise InputError(COMPARE_FILE, f"cells.{game}.{topic}", "expected {gist: text, cites: [...]}")
            cells[(game, topic)] = Cell(cell["gist"], _cites(cell.get("cites"), f"cells.{game}.{topic}.cites"))
    return Comparison(topics, cells)


@functools.cache
def load_comparison() -> Comparison:
    text = resources.files("digitutor.widgets").joinpath(COMPARE_FILE).read_text(encoding="utf-8")
    return parse_comparison(parse_yaml(text, COMPARE_FILE))


def cell_html(cell: Cell | None) -> str:
    if cell is None:
        return '<span class="dt-empty">not compared yet</span>'
    quotes: dict[str, list[str]] = {}
    for clause_id, quote in cell.cites:
        quotes.setdefault(clause_id, []).append(quote)
    return f"<b>{esc(clean_heading(cell.gist))}</b>" + "".join(
        rule_html(clause_id, qs) for clause_id, qs in quotes.items()
    )


def comparison_html(comparison: Comparison) -> str:
    games = list(GAMES)
    head = "".join(f"<th>{esc(GAME_TITLES[g])}</th>" for g in games)
    rows = "".join(
        (
            f"<tr><th>{esc(title)}"
            f"</th>{''.join(f'<td>{cell_html(comparison.cells.get((g, topic)))}</td>' for g in games)}</tr>"
        )
        for topic, title in comparison.topics
    )
    return f'<table class="dt-table dt-compare"><tr><th></th>{head}</tr>{rows}</table>'


def compare_app() -> widgets.VBox:
    """The comparison table as an app."""
    intro = "<p>Each cell says it in plain words, then quotes the rulebook.</p>"
    return AppPage(
        "The five games side by side",
        [widgets.HTML(intro), widgets.HTML(comparison_html(load_comparison()))],
        css="dt-compare-app",
    )

"""The start page: the five games, which are playable, each game's course progress, and links to every app.

It imports no game and no rulebook parser (only the titles; the course progress reads lesson files as
bytes), so it is the quickest page to open.
"""

from __future__ import annotations

from urllib.parse import quote

import ipywidgets as widgets

from ..core.registry import GAME_MODULES
from ..rules.corpus import GAME_TITLES
from .page import AppPage
from .progress import Progress, course_hashes
from .style import esc

#: one line per game, in plain words (written for digitutor)
ABOUT = {
    "dtector": "The D-Tector Card Game: a hidden Battle Call every turn, digivolving, and Digi-Battles for points.",
    "arena": "Bandai's 1999 Arena Digi-Battle: duels of Power Option cards, Re-Group, and a race to 1000 points.",
    "dmb": "Digimon Battles, a fan game after Digital Card Battle: HP, three attacks, support cards, 4 KOs to win.",
    "dbe": "Digimon Battle Evolution, DMB's successor: three evolution methods, Dark Area, Grudge and Killer.",
    "dcg": (
        "Bandai's Digimon Card Game (2020–): a shared memory gauge, security stacks, breeding, many Digimon in play."
    ),
}

APPS = (
    ("rulings.ipynb", "Rulings library", "Scenarios that show one ruling each, step by step."),
    ("rulebook.ipynb", "Rulebook browser", "Read and search all five rulebooks; see what demonstrates each clause."),
    ("deck_check.ipynb", "Deck check", "Paste or upload a deck list: legal, or every reason it is not."),
    ("compare.ipynb", "Compare the games", "The five games side by side, every cell quoting its rule."),
)


def course_line(game_id: str, progress: Progress | None) -> str:
    """The game's course progress, e.g. "2 of 9 lessons finished", linking to its Course view ("" without a course)."""
    total = len(progress.courses.get(game_id, {})) if progress is not None else 0
    if not total:
        return ""
    finished = progress.finished(game_id) if progress is not None else 0
    return (
        f'<p class="dt-course-progress" data-game="{esc(game_id)}"><a class="dt-course-link" '
        f'href="./learn_{quote(game_id)}.ipynb?view=course">Course</a>: '
        f'<span class="dt-course-count">{finished} of {total} {"lesson" if total == 1 else "lessons"} '
        "finished</span></p>"
    )


def game_card(game_id: str, progress: Progress | None = None) -> str:
    title = esc(GAME_TITLES[game_id])
    playable = game_id in GAME_MODULES
    badge = (
        '<span class="dt-badge dt-badge-ok">playable</span>'
        if playable
        else '<span class="dt-badge">rulebook only</span>'
    )
    about = esc(ABOUT.get(game_id, ""))
    game = quote(game_id)
    links = [f'<a class="dt-link" href="./rulebook.ipynb?game={game}">Read the rulebook</a>']
    if playable:
        links = [
            f'<a class="dt-link dt-link-main" href="./learn_{game}.ipynb">Learn to play</a>',
            f'<a class="dt-link" href="./learn_{game}.ipynb?mode=presenter">Presenter mode</a>',
            *links,
            f'<a class="dt-link" href="./rulings.ipynb?game={game}">Rulings</a>',
            f'<a class="dt-link" href="./deck_check.ipynb?game={game}">Check a deck</a>',
        ]
    course = course_line(game_id, progress) if playable else ""
    return (
        f'<div class="dt-game-card" data-game="{esc(game_id)}"><h3>{title} {badge}</h3><p>{about}</p>{course}'
        f'<p class="dt-links">{"".join(links)}</p></div>'
    )


def start_html(progress: Progress | None = None) -> str:
    games = "".join(game_card(game_id, progress) for game_id in GAME_TITLES)
    apps = "".join(
        f'<li><a class="dt-link" href="./{path}">{esc(name)}</a> — {esc(what)}</li>' for path, name, what in APPS
    )
    return (
        '<p class="dt-lead">Learn five Digimon card games step by step. Every step of every game shows the exact '
        "sentence of the rulebook behind it.</p>"
        f'<h2>The games</h2><div class="dt-games">{games}</div><h2>More apps</h2><ul class="dt-apps">{apps}</ul>'
    )


def start_page() -> widgets.VBox:
    """The landing page as a widget; each game's course progress comes from this browser's local storage."""
    progress = Progress({game_id: course_hashes(game_id) for game_id in GAME_TITLES if game_id in GAME_MODULES})
    body = widgets.HTML(start_html(progress))
    progress.observe(lambda _change: setattr(body, "value", start_html(progress)), "revision")
    kept = [progress.bridge] if progress.bridge is not None else []
    return AppPage("digitutor — learn the Digimon card games", [body, *kept], css="dt-start", home=False)

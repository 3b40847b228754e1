"""The start page: the five games, which are playable, and links to every app."""

from __future__ import annotations

import ipywidgets as widgets

from ..core.registry import GAME_MODULES
from ..rules.corpus import GAME_TITLES
from .style import esc, style

#: one line per game, in plain words (written for digitutor)
ABOUT = {
    "dtector": "The D-Tector Card Game: a hidden Battle Call every turn, digivolving, and Digi-Battles for points.",
    "arena": "Bandai's 1999 Arena Digi-Battle: duels of Power Option cards, Re-Group, and a race to 1000 points.",
    "dmb": "Digimon Battles, a fan game after Digital Card Battle: HP, three attacks, support cards, 4 KOs to win.",
    "dbe": "Digimon Battle Evolution, DMB's successor: three evolution methods, Dark Area, Grudge and Killer.",
    "dcg": "Bandai's Digimon Card Game (2020–): a shared memory gauge, security stacks, breeding, many Digimon in play.",
}

APPS = (
    ("rulings.ipynb", "Rulings library", "Scenarios that show one ruling each, step by step."),
    ("rulebook.ipynb", "Rulebook browser", "Read and search all five rulebooks; see what demonstrates each clause."),
    ("deck_check.ipynb", "Deck check", "Paste or upload a deck list: legal, or every reason it is not."),
    ("compare.ipynb", "Compare the games", "The five games side by side, every cell quoting its rule."),
)


def game_card(game_id: str) -> str:
    title = esc(GAME_TITLES[game_id])
    playable = game_id in GAME_MODULES
    badge = '<span class="dt-badge dt-badge-ok">playable</span>' if playable else '<span class="dt-badge">rulebook only</span>'
    about = esc(ABOUT.get(game_id, ""))
    links = '<a href="./rulebook.ipynb">Read the rulebook</a>'
    if playable:
        links = (
            f'<a href="./learn_{game_id}.ipynb"><b>Learn to play</b></a> · '
            f'<a href="./learn_{game_id}.ipynb?mode=presenter">presenter mode</a> · {links}'
        )
    return f'<div class="dt-game-card" data-game="{game_id}"><h3>{title} {badge}</h3><p>{about}</p><p>{links}</p></div>'


def start_html() -> str:
    games = "".join(game_card(game_id) for game_id in GAME_TITLES)
    apps = "".join(f'<li><a href="./{path}"><b>{esc(name)}</b></a> — {esc(what)}</li>' for path, name, what in APPS)
    return (
        "<h1>digitutor</h1><p>Learn five Digimon card games step by step. Every step of every game shows the exact "
        "sentence of the rulebook behind it.</p>"
        f'<h2>The games</h2><div class="dt-games">{games}</div><h2>More apps</h2><ul>{apps}</ul>'
    )


def start_page() -> widgets.VBox:
    """The landing page as a widget."""
    page = widgets.VBox([style(), widgets.HTML(start_html())])
    page.add_class("dt-app")
    page.add_class("dt-start")
    return page

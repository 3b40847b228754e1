"""The judge's bench: set up any board, check it, play it, ask "why not?" of any action, share it.

The editor edits exactly the scenario board format (what a scenario's ``setup: {board: ...}`` holds,
shown as YAML under the controls and editable there too) and checks it after every change with the
same loader scenarios use (``boardlink.inspect_board``): a board the rules cannot have shows every
cited reason and cannot be played or shared until it is mended; nothing is ever repaired silently.
"""

from __future__ import annotations

import contextlib
import copy
import logging
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets
import yaml

from ..core.errors import DigitutorError, InputError
from ..core.match import Match
from ..core.registry import GAME_MODULES, get_game
from ..scenarios.boardedit import (
    ATTACK_POINT_CHOICES,
    THE_PLAYER,
    ZONES,
    Zone,
    attack_choices,
    card_choices,
    chosen_attack_choices,
    empty_board,
    find_card,
    put_card,
    remove_card,
    set_attack,
    set_chosen_attack,
    start_phases,
    toggle_suspended,
    zone_entries,
)
from ..scenarios.boardlink import (
    MAX_ADDRESS,
    Board,
    Inspection,
    board_link,
    inspect_board,
    mendable_link,
    parse_board_doc,
    read_board_link,
    scenario_text,
)
from ..scenarios.model import scenario_library
from .board import board_html
from .editor_parts import (
    RESUMED,
    SETTINGS,
    WHOSE,
    Setting,
    check_html,
    defaults_html,
    download_html,
    went_first_html,
)
from .model import RUN_LIMIT, MatchSpec, TutorModel
from .style import esc
from .tutor import Tutor
from .whynot import WhyNotPanel

log = logging.getLogger("digitutor.widgets")

#: where a shared link opens (every app page lies next to the rulings app)
RULINGS_PAGE = "./rulings.ipynb"
#: the most of a refused file's text kept in the YAML box to mend
MAX_FILE_SHOWN = 200_000


class BoardEditor(widgets.VBox):
    """Pick a game; put cards into zones; set the states; see the check; play it; ask why not; share it.

    ``current``: a function giving the match of a game in progress (a Learn page), offered as a start.
    """

    def __init__(
        self,
        game: str = "dcg",
        board: dict[str, Any] | None = None,
        question: str = "",
        current: Callable[[], Match | None] | None = None,
    ) -> None:
        self.current = current
        self.game_id = game if game in GAME_MODULES else next(iter(GAME_MODULES))
        self.board: dict[str, Any] = copy.deepcopy(board) if board is not None else empty_board(self.game_id)
        self.inspection = Inspection()
        #: a shipped scenario's script, and the board it belongs to: Play follows it while the board is unchanged
        self.script: tuple[str, ...] = ()
        self._script_board: dict[str, Any] | None = None
        self._quiet = False
        self.game = widgets.Dropdown(
            options=[(get_game(g).title, g) for g in GAME_MODULES], value=self.game_id, description="Game"
        )
        self.start = widgets.Dropdown(description="Start from", layout=widgets.Layout(width="min(560px, 96%)"))
        self.start_search = widgets.Text(
            placeholder="search the starts: words of a title",
            layout=widgets.Layout(width="min(300px, 96%)"),
            continuous_update=True,
        )
        self._starts: list[tuple[str, str]] = []
        self.load = widgets.Button(description="Load", tooltip="Replace the board with the chosen start")
        self.player = widgets.ToggleButtons(options=WHOSE, value=0, style={"button_width": "auto"})
        self.zone = widgets.Dropdown(description="Zone")
        self.card = widgets.Combobox(
            placeholder="search a card by name or number", description="Card", ensure_option=False
        )
        self.card.add_class("dt-editor-card")
        self.where = widgets.Dropdown(description="Put it", layout=widgets.Layout(width="260px"))
        self.put = widgets.Button(description="Put card", button_style="primary")
        self.put.add_class("dt-editor-put")
        self.held = widgets.Dropdown(description="In zone", layout=widgets.Layout(width="min(420px, 96%)"))
        self.remove = widgets.Button(description="Remove card")
        self.suspend = widgets.Button(description="Suspend / unsuspend stack")
        self.suspend.add_class("dt-editor-suspend")
        for part, name in (
            (self.game, "game"),
            (self.start, "start"),
            (self.start_search, "start-search"),
            (self.load, "load"),
            (self.player, "player"),
            (self.zone, "zone"),
            (self.where, "where"),
            (self.held, "held"),
            (self.remove, "remove"),
        ):
            part.add_class(f"dt-editor-{name}")
        self.settings = widgets.HBox()
        self.settings.add_class("dt-editor-settings")
        # DCG: an attack already declared, and the step it has reached (play resumes it there)
        self.attacker = widgets.Dropdown(
            description="Attack under way",
            layout=widgets.Layout(width="min(380px, 96%)"),
            style={"description_width": "initial"},
        )
        self.target = widgets.Dropdown(
            description="attacking",
            layout=widgets.Layout(width="min(340px, 96%)"),
            style={"description_width": "initial"},
        )
        self.attack_at = widgets.Dropdown(
            description="at", layout=widgets.Layout(width="min(420px, 96%)"), style={"description_width": "initial"}
        )
        self.attacker.add_class("dt-editor-attacker")
        self.target.add_class("dt-editor-target")
        self.attack_at.add_class("dt-editor-attack-at")
        self.attack = widgets.HBox([self.attacker, self.target, self.attack_at])
        self.attack.add_class("dt-editor-attack")
        # DMB/DBE: both attacks chosen in secret in this Strategy Phase, not yet
        # revealed (play starts at the Support Phase)
        self.chosen = [
            widgets.Dropdown(
                description=f"Player {player + 1} chose",
                layout=widgets.Layout(width="min(300px, 96%)"),
                style={"description_width": "initial"},
            )
            for player in (0, 1)
        ]
        for player, box in enumerate(self.chosen):
            box.add_class(f"dt-editor-chosen-{player}")
        self.chosen_attacks = widgets.HBox(
            [
                widgets.HTML(
                    '<span class="dt-editor-chosen-head">Attack under way (chosen in secret, not yet revealed):</span>'
                ),
                *self.chosen,
            ]
        )
        self.chosen_attacks.add_class("dt-editor-chosen")
        self.message = widgets.HTML()
        self.verdict = widgets.HTML()
        self.verdict.add_class("dt-editor-check")
        self.preview = widgets.HTML()
        self.preview.add_class("dt-board")
        self.text = widgets.Textarea(
            layout=widgets.Layout(width="min(760px, 96%)", height="180px"), description="Board"
        )
        self.text.add_class("dt-editor-yaml")
        self.apply = widgets.Button(description="Use this YAML", tooltip="Read the board from the text above")
        self.play = widgets.Button(description="▶ Play from here", button_style="success")
        self.play.add_class("dt-editor-play")
        self.question = widgets.Text(
            description="Question",
            placeholder="the question the player asked",
            layout=widgets.Layout(width="min(760px, 96%)"),
        )
        self.answer = widgets.Textarea(
            description="Answer",
            placeholder="filled from the last “why not?” answer",
            layout=widgets.Layout(width="min(760px, 96%)", height="60px"),
        )
        self.question.value = question
        for part, name in ((self.question, "question"), (self.answer, "answer"), (self.apply, "apply")):
            part.add_class(f"dt-editor-{name}")
        self.share = widgets.Button(
            description="Share: YAML and link", tooltip="A scenario file to download and a ?board= link"
        )
        self.share.add_class("dt-editor-share")
        self.shared = widgets.HTML()
        self.shared.add_class("dt-editor-shared")
        self.shared_text = ""  #: the scenario YAML last shared
        self.opener = widgets.Text(
            description="Open",
            placeholder="paste a ?board= link (or its db1. value)",
            layout=widgets.Layout(width="min(560px, 96%)"),
        )
        self.open_link = widgets.Button(description="Open link")
        self.upload = widgets.FileUpload(accept=".yaml,.yml", multiple=False, description="Open a YAML file")
        self.opener.add_class("dt-editor-opener")
        self.open_link.add_class("dt-editor-open-link")
        self.whynot = WhyNotPanel(self._why_not_match, self._answered)
        self.stage = widgets.VBox()
        self.stage.add_class("dt-editor-stage")
        rows = [
            widgets.HBox([self.game, self.start, self.load]),
            self.start_search,
            widgets.HBox([self.player, self.zone]),
            widgets.HBox([self.card, self.where, self.put]),
            widgets.HBox([self.held, self.remove, self.suspend]),
            self.settings,
            self.attack,
            self.chosen_attacks,
            self.message,
            self.verdict,
            self.preview,
            widgets.HBox([self.text, self.apply]),
            # the question asked stays right above the game it is asked of, which opens right under Play
            self.whynot,
            self.play,
            self.stage,
            widgets.HTML('<div class="dt-step-head">Share</div>'),
            self.question,
            self.answer,
            self.share,
            self.shared,
            widgets.HBox([self.opener, self.open_link, self.upload]),
        ]
        super().__init__(rows)
        self.add_class("dt-editor")
        self.game.observe(lambda change: self._switch_game(change["new"]), "value")
        self.player.observe(lambda _change: self._zone_changed(), "value")
        self.zone.observe(lambda _change: self._zone_changed(), "value")
        self.load.on_click(lambda _b: self._guard(self._load_start))
        self.start_search.observe(lambda change: self._search_starts(change["new"]), "value")
        self.put.on_click(lambda _b: self._guard(self._put))
        self.remove.on_click(lambda _b: self._guard(self._remove))
        self.suspend.on_click(lambda _b: self._guard(self._suspend))
        for box in (self.attacker, self.target, self.attack_at):
            box.observe(lambda _change: None if self._quiet else self._guard(self._attack_changed), "value")
        for player, box in enumerate(self.chosen):
            box.observe(
                lambda change, player=player: (
                    None if self._quiet else self._guard(lambda: self._chosen_changed(player, change["new"]))
                ),
                "value",
            )
        self.apply.on_click(lambda _b: self._guard(self._apply_text))
        self.play.on_click(lambda _b: self._guard(self.play_here))
        self.share.on_click(lambda _b: self._guard(self.share_it))
        self.open_link.on_click(lambda _b: self._guard(lambda: self.open_board_link(self.opener.value)))
        self.upload.observe(lambda _change: self._guard(self._uploaded), "value")
        self._game_widgets()
        self.refresh()

    # -- the board ---------------------------------------------------------------------------------

    def current_board(self) -> Board:
        return Board(self.game_id, copy.deepcopy(self.board), self.question.value.strip(), self.answer.value.strip())

    def shared_board(self) -> Board:
        """The board with the "why not?" asked of it (the action, who, the answers before it, the words)."""
        asked = self.whynot.asked
        kept: dict[str, Any] = {}
        if asked.get("action"):
            kept = {"action": asked["action"], "player": int(asked.get("player", 0))}
            if self.whynot.asked_script:
                kept["script"] = list(self.whynot.asked_script)
            if self.whynot.asked_words:
                kept["words"] = self.whynot.asked_words[:500]
        board = self.current_board()
        return Board(board.game, board.board, board.question, board.answer, asked=kept)

    def set_board(
        self, game: str, board: dict[str, Any], question: str | None = None, script: tuple[str, ...] = ()
    ) -> None:
        """Show ``board`` of ``game`` (checked, never repaired); ``question``: the judge's question, if it has one;
        ``script``: the answers of the scenario it comes from (Play follows them while the board is unchanged)."""
        self.script, self._script_board = tuple(script), copy.deepcopy(board) if script else None
        self._quiet = True
        try:
            self.game_id = game
            self.game.value = game
            self.board = copy.deepcopy(board)
            if question is not None:
                self.question.value = question
            self._game_widgets()
        finally:
            self._quiet = False
        self._close_stage()
        self.refresh()

    def refresh(self) -> None:
        """After any change: the YAML, the check, the defaults, the board drawn in the judge's view."""
        self.text.value = yaml.safe_dump(
            self.board, sort_keys=False, default_flow_style=None, width=100, allow_unicode=True
        )
        self.inspection = inspect_board(self.current_board())
        state = self.inspection.state
        self.verdict.value = (
            check_html(self.inspection) + defaults_html(self.game_id, self.board) + went_first_html(self.game_id, state)
        )
        self.preview.value = board_html(get_game(self.game_id).board(state, None), None) if state is not None else ""
        self.play.disabled = self.share.disabled = state is None or self.inspection.check.refused
        self._sync_settings()
        self._sync_attack()
        self._zone_changed()
        self.whynot.reset()
        if not self.play.disabled:
            self.whynot.list_now()

    def _guard(self, action: Callable[[], None], failed: str = "") -> None:
        """Run an editing action; a bad input is one line on the page (after
        ``failed``, if given), never a traceback."""
        self.message.value = ""
        try:
            action()
        except DigitutorError as error:
            self.message.value = f'<div class="dt-error">{esc(failed)}{esc(error)}</div>'
        except Exception as error:  # never a traceback in front of a judge
            log.exception("the board editor failed")
            self.message.value = (
                f'<div class="dt-error">Something went wrong ({esc(type(error).__name__)}): {esc(error)}</div>'
            )

    # -- the game's controls -----------------------------------------------------------------------

    def _switch_game(self, game: str) -> None:
        if self._quiet or game == self.game_id:
            return
        self.game_id = game
        self.board = empty_board(game)
        self._game_widgets()
        self._close_stage()
        self.refresh()

    def _game_widgets(self) -> None:
        zones = ZONES[self.game_id]
        self.zone.options = [(z.label, z.key) for z in zones]
        self.zone.index = 0
        self.card.options = card_choices(self.game_id)
        self.card.value = ""
        starts: list[tuple[str, str]] = [("An empty board", "empty")]
        if self.current is not None:
            starts.append(("The game in progress (this page)", "current"))
        starts += [
            (f"Scenario: {s.title}", s.id)
            for s in scenario_library()
            if s.game == self.game_id and isinstance(s.setup.get("board"), dict)
        ]
        self._starts = starts
        self.start_search.value = ""
        self.start.options = starts
        self.start.index = 0
        self.settings.children = tuple(
            self._setting_widget(s, p) for s in SETTINGS[self.game_id] for p in ((0, 1) if s.player else (None,))
        )
        self.whynot.set_game(self.game_id)

    def _setting_widget(self, setting: Setting, player: int | None) -> widgets.Widget:
        label = setting.label if player is None else f"P{player + 1} {setting.label}"
        if setting.kind == "bool":
            box: widgets.Widget = widgets.Checkbox(description=label, indent=False, layout=widgets.Layout(width="auto"))
        elif setting.kind == "choice":
            choices = start_phases(self.game_id) if setting.key == "phase" else setting.choices  # the loader's own list
            box = widgets.Dropdown(options=list(choices), description=label, layout=widgets.Layout(width="220px"))
        else:
            box = widgets.BoundedIntText(
                min=setting.low, max=setting.high, description=label, layout=widgets.Layout(width="200px")
            )
        box.style = {"description_width": "initial"}
        box.add_class("dt-editor-setting")
        box.add_class(f"dt-set-{setting.key}" + (f"-{player}" if player is not None else ""))
        box.observe(lambda change: self._setting_changed(setting, player, change["new"]), "value")
        box.setting = (setting, player)
        return box

    def _sync_settings(self) -> None:
        self._quiet = True
        try:
            for box in self.settings.children:
                setting, player = box.setting
                holder = self.board if player is None else self._side(player)
                value = holder.get(setting.key, setting.default) if isinstance(holder, dict) else setting.default
                if setting.key == "hp" and "hp" not in holder:
                    value = self._printed_hp(player)
                with contextlib.suppress(
                    Exception
                ):  # a value the widget cannot show (the YAML holds it; the check says why)
                    box.value = value
        finally:
            self._quiet = False

    def _sync_attack(self) -> None:
        """The "Attack under way" control (DCG: the turn player's Digimon, what each may attack, the board's choice; DMB
        and DBE: each player's secret attack). A name the board holds that is not offered (written in the YAML) is shown
        as written; the check says if it is wrong."""
        self._sync_chosen()
        shown = self.game_id == "dcg" and self._players_ok()
        self.attack.layout.display = "" if shown else "none"
        if not shown:
            return
        attackers, targets = attack_choices(self.board)
        held = self.board.get("attack")
        held = held if isinstance(held, dict) else {}
        attacker, target = str(held.get("attacker") or ""), str(held.get("target") or THE_PLAYER)
        at, points = str(held.get("at") or "declared"), list(ATTACK_POINT_CHOICES)
        attacker_options = [("none (no attack under way)", ""), *attackers]
        if attacker not in [value for _, value in attacker_options]:
            attacker_options.append((f"{attacker} (as written)", attacker))
        if target not in [value for _, value in targets]:
            targets.append((f"{target} (as written)", target))
        if at not in [value for _, value in points]:
            points.append((f"{at[:40]} (as written)", at))
        self._quiet = True
        try:
            self.attacker.options, self.attacker.value = attacker_options, attacker
            self.target.options, self.target.value = targets, target
            self.attack_at.options, self.attack_at.value = points, at
            self.target.disabled = self.attack_at.disabled = not attacker
        finally:
            self._quiet = False

    def _sync_chosen(self) -> None:
        """DMB/DBE: each player's attack chosen in secret (none, or Circle, Triangle, Cross of their active Digimon)."""
        shown = self.game_id in ("dmb", "dbe") and self._players_ok()
        self.chosen_attacks.layout.display = "" if shown else "none"
        if not shown:
            return
        held = self.board.get("attack")
        chosen = held.get("chosen") if isinstance(held, dict) else None
        chosen = chosen if isinstance(chosen, list) and len(chosen) == 2 else [None, None]
        self._quiet = True
        try:
            for box, options, value in zip(
                self.chosen, chosen_attack_choices(self.game_id, self.board), chosen, strict=False
            ):
                value = "" if value is None else str(value)
                if value not in [offered for _, offered in options]:
                    options.append((f"{value[:40]} (as written)", value))
                box.options, box.value = options, value
        finally:
            self._quiet = False

    def _chosen_changed(self, player: int, attack: str | None) -> None:
        set_chosen_attack(self.board, player, attack or "")
        self.refresh()

    def _attack_changed(self) -> None:
        set_attack(
            self.board, self.attacker.value or "", self.target.value or THE_PLAYER, self.attack_at.value or "declared"
        )
        self.refresh()

    def _printed_hp(self, player: int | None) -> int:
        state = self.inspection.state
        return int(getattr(state.sides[player], "hp", 0)) if state is not None and player is not None else 0

    def _side(self, player: int) -> dict[str, Any]:
        players = self.board.setdefault("players", [{}, {}])
        if not isinstance(players, list) or len(players) != 2 or not all(isinstance(p, dict) for p in players):
            raise InputError("board", "players", "expected two players (mend the YAML, or load an empty board)")
        return players[player]

    def _setting_changed(self, setting: Setting, player: int | None, value: Any) -> None:
        if self._quiet:
            return
        holder = self.board if player is None else self._side(player)
        if value == "" and setting.default == "":  # "as the turn says": the key left out (the loader's default)
            holder.pop(setting.key, None)
        else:
            holder[setting.key] = value
        self.refresh()

    def _zone(self) -> Zone:
        return next(z for z in ZONES[self.game_id] if z.key == self.zone.value)

    def _zone_changed(self) -> None:
        if self.zone.value is None:
            return
        zone = self._zone()
        try:
            entries = zone_entries(self.board, self.player.value, zone)
        except (InputError, KeyError, IndexError, TypeError, AttributeError):
            entries = []
        self.held.options = entries
        places = [
            ("as a new stack" if zone.kind == "stacks" else "on top" if zone.kind == "stack" else "in the zone", "new")
        ]
        if zone.kind == "stacks":
            count = len(self.board["players"][self.player.value].get(zone.key) or []) if self._players_ok() else 0
            places += [(f"on top of stack {i + 1} (digivolve)", f"top:{i}") for i in range(count)]
            places += [(f"under stack {i + 1}", f"under:{i}") for i in range(count)]
        elif zone.kind == "stack":
            places.append(("under the stack (bottom)", "under:0"))
        self.where.options = places
        self.where.index = 0
        self.suspend.layout.display = "" if self.game_id == "dcg" and zone.key == "battle" else "none"

    def _players_ok(self) -> bool:
        players = self.board.get("players")
        return isinstance(players, list) and len(players) == 2 and all(isinstance(p, dict) for p in players)

    # -- editing -----------------------------------------------------------------------------------

    def _put(self) -> None:
        card_id = find_card(self.game_id, self.card.value)
        self._side(self.player.value)
        put_card(self.board, self.player.value, self._zone(), card_id, self.where.value or "new")
        self.refresh()

    def _remove(self) -> None:
        if self.held.value is None:
            raise InputError("remove", "", "this zone holds no card")
        remove_card(self.board, self.player.value, self._zone(), self.held.value)
        self.refresh()

    def _suspend(self) -> None:
        place = self.held.value
        if place is None:
            raise InputError("suspend", "", "pick a card of the stack to suspend or unsuspend in the list")
        toggle_suspended(self.board, self.player.value, int(place.partition(".")[0]))
        self.refresh()

    def _apply_text(self) -> None:
        from ..core.yamlio import parse_yaml

        doc = parse_yaml(self.text.value, "board YAML")
        board = parse_board_doc({"game": self.game_id, "board": doc}, "board YAML").board
        self.board = board
        self.refresh()

    def _search_starts(self, words: str) -> None:
        """Only the starts whose title holds every word typed (in any case); none: one line that says so."""
        wanted = words.lower().split()
        found = [(label, key) for label, key in self._starts if all(w in label.lower() for w in wanted)]
        self.start.options = found or [(f"no start has the words “{words.strip()[:60]}”", "none")]
        self.start.index = 0

    def _load_start(self) -> None:
        chosen = self.start.value
        if chosen == "none":
            raise InputError("start", "", "no start has the words searched: change or clear the search")
        if chosen == "empty":
            self.set_board(self.game_id, empty_board(self.game_id))
        elif chosen == "current":
            from ..scenarios.boardstate import board_from_state

            match = self.current() if self.current is not None else None
            if match is None:
                raise InputError("start", "", "there is no game in progress on this page")
            board = board_from_state(match.game.id, match.state)
            self.set_board(match.game.id, board)
        else:
            scenario = next(s for s in scenario_library() if s.id == chosen)
            self.set_board(scenario.game, scenario.setup["board"], scenario.title, scenario.script)

    def open_board_link(self, text: str) -> None:
        """Open a ``?board=`` link (untrusted: checked; a bad one is one line of error). A link the rules or the
        loader refuse keeps its board in the editor to mend (never repaired); one that holds no board keeps its
        text in the Open field."""
        self.opener.value = text if isinstance(text, str) and len(text) <= MAX_ADDRESS else ""
        try:
            board = read_board_link(text, "link")
        except InputError as refused:
            mendable = mendable_link(text)
            if mendable is None:
                raise
            self._mend(mendable, refused)
            return
        self._open(board)

    def _mend(self, board: Board, refused: Exception) -> None:
        """A refused link's or file's board shown to mend (never repaired), under the one line it was refused with."""
        self._open(board)
        self.message.value = (
            f'<div class="dt-error">{esc(refused)}</div>'
            '<div class="dt-notice dt-editor-mend">Its board is below to mend: the check says why it is refused.</div>'
        )

    def _open(self, board: Board) -> None:
        """Show an opened board with its question, answer and the "why not?" asked of it."""
        self.set_board(board.game, board.board, board.question)
        self.answer.value = board.answer
        if board.asked:
            self.whynot.show_asked(board.asked["action"], board.asked["player"], board.asked.get("words", ""))
            self.whynot.asked_script = list(board.asked.get("script", []))

    def _uploaded(self) -> None:
        from ..core.yamlio import parse_yaml
        from ..scenarios.boardlink import board_from_file_doc, mendable_file
        from .save import uploaded

        got = uploaded(self.upload.value)
        if got is None:
            return
        name, data = got
        text = data.decode("utf-8", errors="replace")
        try:
            doc = parse_yaml(text, name)
        except DigitutorError:
            self.text.value = text[:MAX_FILE_SHOWN]  # not YAML: its text kept in the YAML box to mend
            raise
        try:
            board = board_from_file_doc(doc, name)
        except InputError as refused:
            mendable = mendable_file(doc, name)
            if mendable is None:
                self.text.value = text[:MAX_FILE_SHOWN]  # no board in it: its text kept in the YAML box to mend
                raise
            self._mend(mendable, refused)
            return
        self._open(board)

    # -- play, why not, share ----------------------------------------------------------------------

    def _close_stage(self) -> None:
        for old in self.stage.children:
            old.close()
        self.stage.children = ()

    def play_here(self) -> None:
        """The board in the tutor: every seat a person, the judge's view (every card shown, and it says so)."""
        board = self.current_board()
        players = get_game(board.game).players
        script = self.script if self._script_board == board.board else ()
        spec = MatchSpec(
            board.game,
            1,
            board.setup,
            ("human",) * players,
            "board",
            "all",
            label=board.question or "A judge's board",
            script=script,
            follow_script=bool(script),
        )
        self._close_stage()
        model = TutorModel(spec)
        open_at_board(model)
        tutor = Tutor(model, presenter_toggle=False)
        pending = board.board.get("attack") if board.game == "dcg" else None
        under_way = (
            f" An attack is under way: {esc(self.attacker.label)} attacks {esc(self.target.label)}; "
            f"{RESUMED.get(str(pending.get('at') or 'declared'), '')}"
            if isinstance(pending, dict)
            else ""
        )
        chosen = board.board.get("attack") if board.game in ("dmb", "dbe") else None
        if isinstance(chosen, dict):
            under_way = (
                f" An attack is under way: Player 1 chose {esc(self.chosen[0].label)}, Player 2 chose "
                f"{esc(self.chosen[1].label)}, in secret; play starts at the Support Phase, and the attacks are "
                f"revealed at Battle Phase step 2 ({board.game}:strategy-phase.2, {board.game}:battle-phase.2)."
            )
        note = widgets.HTML(
            f'<div class="dt-notice">Judge\'s view: every card is shown face up, both hands included.{under_way}</div>'
        )
        self.stage.children = (note, tutor)
        # what was asked is kept (the share names the moment); the lists follow the game as it is played
        tutor.model.observe(lambda _change: self.whynot.list_now(), names=["length", "revision"])
        self.whynot.list_now()

    def tutor(self) -> Tutor | None:
        return next((child for child in self.stage.children if isinstance(child, Tutor)), None)

    def _why_not_match(self) -> Match:
        """The match "why not?" asks: the played one at its live end, else the board played to its first decision."""
        tutor = self.tutor()
        if tutor is not None:
            return tutor.model.match
        board = self.current_board()
        return to_first_decision(Match(board.game, 1, board.setup, ("human",) * get_game(board.game).players, "board"))

    def _answered(self, text: str) -> None:
        self.answer.value = text

    def share_it(self) -> None:
        """A scenario YAML (the question, the answer, the answers played and the "why not?" asked) and the link."""
        board = self.shared_board()
        tutor = self.tutor()
        script = [record.answer for record in tutor.model.match.decisions] if tutor is not None else []
        # a question asked is kept: the file stops where it was asked (the answers before it are its script)
        text = scenario_text(board) if board.asked else scenario_text(board, {}, [], [str(a) for a in script])
        link = f"{RULINGS_PAGE}?board={board_link(board)}"
        name = f"{board.game}-board.yaml"
        self.shared.value = (
            f"<p>{download_html(text, name)} (checked: <code>digitutor scenario check {esc(name)}</code> passes) · "
            f'<a class="dt-board-link" href="{esc(link)}" target="_blank">🔗 Link to this board</a></p>'
            f'<input class="dt-board-link-text" readonly value="{esc(link)}" aria-label="The board link">'
        )
        self.shared_text = text


def open_at_board(model: TutorModel) -> None:
    """View the board's state: the match played on to its first decision (or its end), that step shown.

    The steps before it are the procedure reaching the board's moment (Back shows them); a script is never answered
    here, so a shipped scenario's answers still wait for Next."""
    match = to_first_decision(model.match)
    model.adopt(match, len(match.steps) - 1)


def to_first_decision(match: Match) -> Match:
    """``match`` played on until a decision waits or the game ends (no decision is answered)."""
    for _ in range(RUN_LIMIT):
        if match.pending is not None or match.over or match.advance() is None:
            break
    return match


def editor_app_part(params: dict[str, str], current: Callable[[], Match | None] | None = None) -> BoardEditor:
    """An editor for a page's query: ``?board=`` opens that board (a bad link: one line above an empty board)."""
    game = params.get("game", "dcg")
    editor = BoardEditor(game if game in GAME_MODULES else "dcg", current=current)
    if params.get("board"):
        editor._guard(
            lambda: editor.open_board_link(params["board"]), "The link was not opened (an empty board is shown): "
        )
    return editor


def attach_editor(app: widgets.Box, game: str, current: Callable[[], Match | None], params: dict[str, str]) -> None:
    """``?edit=1`` on a Learn page: the board editor under the game, the game in progress offered as a start."""
    if params.get("edit", "").lower() not in ("1", "true", "yes", "on"):
        return
    editor = BoardEditor(game, current=current)
    editor.start.value = "current"
    editor.add_class("dt-learn-editor")
    app.children = (
        *app.children,
        widgets.HTML('<div class="dt-step-head">Set up a board (the judge\'s bench)</div>'),
        editor,
    )

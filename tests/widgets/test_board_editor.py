"""The judge's bench (widgets): build a board, see its check, play it, ask "why not?", share it, open it again.

Expected reasons come from the rulebooks' text; the widgets only forward to the engine.
"""

from __future__ import annotations

import yaml
from widget_helpers import blockers, put, to_first_decision

from digitutor.core.match import Match
from digitutor.core.registry import GAME_MODULES, get_game
from digitutor.scenarios.boardlink import Board, board_link
from digitutor.scenarios.model import parse_scenario
from digitutor.scenarios.runner import run_scenario
from digitutor.widgets.editor import BoardEditor, editor_app_part
from digitutor.widgets.rulings import RulingsApp, library


def setting(editor: BoardEditor, key: str, value: object, player: int | None = None) -> None:
    box = next(b for b in editor.settings.children if b.setting[0].key == key and b.setting[1] == player)
    box.value = value


def blocker_board(editor: BoardEditor) -> None:
    """A suspended Digimon with <Blocker> (Ikkakumon, ST2-07), an unsuspended one, an attacker (Birdramon), memory 3."""
    blockers(editor, second="ST2-07")
    setting(editor, "memory", 3)
    setting(editor, "turn", 3)


def test_a_dcg_board_from_empty_is_played_asked_why_not_and_shared() -> None:
    editor = BoardEditor("dcg")
    blocker_board(editor)
    assert "✓ The rules can have this board" in editor.verdict.value and not editor.play.disabled
    assert editor.board["players"][1]["battle"][0] == {"stack": ["st2-07"], "suspended": True}
    editor.play.click()
    tutor = editor.tutor()
    assert tutor is not None and "Judge's view" in tutor.board.value
    to_first_decision(tutor)
    match = tutor.model.match
    attack = next(o.key for o in match.pending.options if o.key.startswith("attack:") and o.key.count(":") == 1)
    tutor.model.choose(attack)
    to_first_decision(tutor)
    assert match.pending.kind == "block"
    _label, index = next(
        (label, index)
        for label, index in editor.whynot.action.options
        if label.startswith("✗ Block") and "suspended" in label
    )
    assert editor.whynot.action.value == index, "the tempting illegal option is what the panel offers first"
    editor.whynot.ask.click()
    # dcg:attacking.p5 — "A player can block by suspending one of their unsuspended Digimon with <Blocker>."
    assert "not allowed" in editor.whynot.result.value and "dcg:attacking.p5" in editor.whynot.result.value
    assert "dcg:attacking.p5" in editor.answer.value
    editor.question.value = "Can my suspended Blocker still block?"
    editor.share.click()
    doc = yaml.safe_load(editor.shared_text)
    assert doc["title"] == "Can my suspended Blocker still block?" and doc["demonstrates"] == ["dcg:attacking.p5"]
    assert doc["expect"]["why_not"][0]["cites"] == ["dcg:attacking.p5"]
    run = run_scenario(parse_scenario(doc, "shared.yaml"))
    assert run.passed, run.failures
    link = editor.shared.value.split('href="./rulings.ipynb?board=')[1].split('"')[0]
    again = editor_app_part({"board": link})
    assert again.board == editor.board and again.question.value == editor.question.value


def test_every_game_round_trips_a_shipped_board_through_a_link_and_plays() -> None:
    for game in GAME_MODULES:
        scenario = next(s for s in library() if s.game == game and isinstance(s.setup.get("board"), dict))
        editor = BoardEditor(game)
        editor.start.value = scenario.id
        editor.load.click()
        assert editor.board == scenario.setup["board"] and editor.question.value == scenario.title
        editor.play.click()
        assert editor.tutor() is not None, game
        opened = editor_app_part({"board": board_link(editor.current_board())})
        assert opened.game_id == game and opened.board == scenario.setup["board"], game


def test_a_board_the_rules_cannot_have_shows_every_cited_reason_and_cannot_be_played() -> None:
    editor = BoardEditor("dcg")
    put(editor, 0, "battle", "Koromon · st1-01")  # a Digi-Egg: no DP
    put(editor, 0, "breeding", "st1-12")  # a Tamer in the breeding area
    verdict = editor.verdict.value
    assert "The rules cannot have this board" in verdict
    assert "dcg:movable-to-battle-areas.p2" in verdict and "dcg:hatch-a-digi-egg.p2" in verdict
    assert editor.play.disabled and editor.share.disabled
    editor.zone.value = "breeding"
    editor.held.value = editor.held.options[0][1]
    editor.remove.click()
    assert "breeding" not in editor.board["players"][0]


def test_defaults_are_shown_for_missing_parts() -> None:
    editor = BoardEditor("dmb")
    assert "defaults apply" in editor.verdict.value and "Phase: <b>prep</b>" in editor.verdict.value


def test_stacks_are_built_bottom_first() -> None:
    editor = BoardEditor("dcg")
    put(editor, 0, "battle", "st1-03")
    put(editor, 0, "battle", "st1-07", "top:0")
    put(editor, 0, "battle", "st1-02", "under:0")
    assert editor.board["players"][0]["battle"] == [["st1-02", "st1-03", "st1-07"]]


def test_an_unknown_card_names_the_closest() -> None:
    editor = BoardEditor("dtector")
    editor.zone.value = "hand"
    editor.card.value = "agumn"
    editor.put.click()
    assert "no dtector card &#x27;agumn&#x27;" in editor.message.value and "closest: agumon" in editor.message.value


def test_hostile_links_are_one_line_on_the_page() -> None:
    for link in ("db1.AAAA", "db7.x", "A" * 50_000, "db1." + "A" * 30_000):
        editor = editor_app_part({"board": link})
        assert editor.message.value.count('class="dt-error"') == 1 and "Traceback" not in editor.message.value
        assert editor.board == {"players": [{}, {}]}


def test_the_game_in_progress_is_a_start() -> None:
    match = Match("dtector", 3, None, ("random", "random"))
    for _ in range(20):
        match.advance()
    editor = BoardEditor("dtector", current=lambda: match)
    editor.start.value = "current"
    editor.load.click()
    assert editor.message.value == "" and "✓" in editor.verdict.value
    game = get_game("dtector")
    hand = sorted(match.state.instances.cards[u].id for u in match.state.sides[0].hand)
    assert sorted(editor.board["players"][0].get("hand", [])) == hand or match.state.face_down[0] is not None
    assert game.id == editor.game_id


def test_the_yaml_is_the_board_format_and_can_be_edited() -> None:
    editor = BoardEditor("arena")
    editor.text.value = (
        "phase: battle\nfirst: 0\nplayers:\n- {duel_zone: [palmon], online: [tentomon]}\n- {duel_zone: [gabumon], "
        "online: [agumon]}\n"
    )
    editor.apply.click()
    assert editor.board["players"][0]["duel_zone"] == ["palmon"] and "✓" in editor.verdict.value
    editor.text.value = "players: [1, 2"
    editor.apply.click()
    assert 'class="dt-error"' in editor.message.value


def test_the_rulings_app_opens_a_board_link_and_a_scenario_in_the_bench() -> None:
    app = RulingsApp()
    app.to_bench.click()
    assert app.bench.layout.display == "" and app.library_part.layout.display == "none"
    app.to_library.click()
    scenario = next(s for s in library() if s.id.startswith("dcg/") and isinstance(s.setup.get("board"), dict))
    app.scenario.value = scenario.id
    app.edit_this.click()
    assert app.editor().board == scenario.setup["board"]
    link = board_link(Board("dbe", scenario_board("dbe"), "Q?"))
    app._deep_link({"board": link})
    assert app.editor().game_id == "dbe" and app.editor().question.value == "Q?"


def scenario_board(game: str) -> dict:
    return next(s.setup["board"] for s in library() if s.game == game and isinstance(s.setup.get("board"), dict))


def test_edit_1_on_a_learn_page_adds_the_bench_with_the_game_in_progress() -> None:
    from digitutor.widgets.apps import LearnApp

    app = LearnApp("dtector")
    attach = __import__("digitutor.widgets.editor", fromlist=["attach_editor"]).attach_editor
    attach(app, "dtector", lambda: app.tutor.model.match, {})
    assert not any(isinstance(child, BoardEditor) for child in app.children)
    attach(app, "dtector", lambda: app.tutor.model.match, {"edit": "1"})
    editor = next(child for child in app.children if isinstance(child, BoardEditor))
    assert editor.start.value == "current"


def test_play_from_here_opens_at_the_boards_state_in_every_game() -> None:
    """Play shows the board's moment (its first decision, every step before it behind Back), never "not started";
    a shipped scenario's script is not answered by opening it (Next takes its first answer)."""
    for game in GAME_MODULES:
        scenario = next(s for s in library() if s.game == game and isinstance(s.setup.get("board"), dict))
        editor = BoardEditor(game)
        editor.start.value = scenario.id
        editor.load.click()
        editor.play.click()
        model = editor.tutor().model
        assert model.match.decisions == [], game
        assert model.pending() is not None or model.match.over, game
        assert model.step == len(model.match.steps) - 1, game  # (-1 where the board opens on a decision)
        assert "has not started yet" not in editor.tutor().rule.value, game


def test_a_shipped_scenarios_script_is_followed_while_its_board_is_unchanged() -> None:
    scenario = next(s for s in library() if s.id == "dmb/11-evolve-refused-without-enough-dp")
    editor = BoardEditor("dmb")
    editor.start.value = scenario.id
    editor.load.click()
    editor.play.click()
    spec = editor.tutor().model.spec
    assert spec.script == scenario.script and spec.follow_script
    put(editor, 1, "hand", "agumon")
    editor.play.click()
    assert editor.tutor().model.spec.script == ()


def test_an_unknown_game_opens_the_editor_on_the_first_game() -> None:
    """A game id the registry does not know falls back to the first playable
    game (it raised KeyError: 0, found by mypy)."""
    editor = BoardEditor(game="no-such-game")
    assert editor.game_id == next(iter(GAME_MODULES))


def test_who_went_first_is_set_in_dcg_and_arena_and_said_by_the_turn_elsewhere() -> None:
    """DCG ("Went first") and Arena ("Goes first") store it; in D-Tector, DMB and DBE turn 1 is the first player's and
    the turn passes to the other player each turn (dmb:end-phase.5 "The turn passes to the next player."), so the
    bench says who went first from whose turn and the turn number instead of offering a control to contradict them."""
    for game, label in (("dcg", "Went first"), ("arena", "Goes first")):
        editor = BoardEditor(game)
        first = next(b for b in editor.settings.children if b.setting[0].key == "first")
        assert first.description == label, game
        assert "dt-editor-went-first" not in editor.verdict.value, game
    for game in ("dtector", "dmb", "dbe"):
        editor = BoardEditor(game)
        assert not any(b.setting[0].key == "first" for b in editor.settings.children), game
        setting(editor, "turn", 3)
        setting(editor, "active", 1)
        assert "Went first: <b>Player 2</b>" in editor.verdict.value, game  # turn 3 is Player 2's: so was turn 1
        setting(editor, "turn", 4)
        assert "Went first: <b>Player 1</b>" in editor.verdict.value, game

"""Hot-seat leaks nothing through Save (issue 34, item 1), through the real Learn app.

dmb:strategy-phase / dbe:strategy-phase: both players choose Circle, Triangle or Cross in secret, and the
choices are revealed together. While Player 2 has the screen, Player 1's secret attack must not be in
the file to download, the link, or the game the browser keeps for a reload: a position saved in hot-seat
stops at the last point both players may see, and says so.
"""

from __future__ import annotations

import html
import re
from urllib.parse import unquote

import pytest

from digitutor.core.match import DecisionRecord
from digitutor.core.secret import waiting
from digitutor.widgets.apps import FREE, HOT_SEAT, LearnApp
from digitutor.widgets.position import read_position

MAX_MOVES = 600
ANSWER = "attack:choice=cross"  #: Player 1's secret attack (nobody else answers Cross in these games)


def hot_seat(game: str) -> LearnApp:
    app = LearnApp(game)
    app.mode.value = HOT_SEAT
    if app.tutor.key_listener is None:
        pytest.skip("anywidget is not installed: no browser storage to check")
    return app


def answer(app: LearnApp) -> None:
    """One answer by the seat asked (the first legal option), or Next when nobody is asked."""
    model = app.tutor.model
    pending = model.pending()
    if pending is None:
        model.next()
    else:
        model.choose(pending.legal_options[0].key)
    assert not model.error, model.error


def cross_handed_over(app: LearnApp, first: bool) -> DecisionRecord:
    """Player 1 chooses ✕ Cross in secret (the round's ``first`` choice, or its second); play goes on until the
    screen has passed to Player 2, who is ready. Returns Player 1's answer."""
    model = app.tutor.model
    chosen = None
    for _ in range(MAX_MOVES):
        seat, pending = model.handover_to(), model.pending()
        if seat is not None:
            model.ready()
            if chosen is not None and seat == 1:
                assert waiting(model.match.state.frames), "the attacks are not revealed yet"
                return chosen
        elif (
            chosen is None
            and pending is not None
            and pending.kind == "strategy"
            and pending.player == 0
            and first != waiting(model.match.state.frames)
        ):
            model.choose(ANSWER)
            chosen = model.match.decisions[-1]
        else:
            answer(app)
    raise AssertionError("Player 1 never chose an attack before the screen passed to Player 2")


def everything_saved(app: LearnApp) -> dict[str, str]:
    """The position as it leaves the page, read back the way another page would: the downloaded file (the link's
    ``data:`` text), the ``?position=`` link, and the browser's storage."""
    tutor = app.tutor
    tutor.controls.save.value = True
    links = tutor.save.links.value
    data = html.unescape(re.search(r'href="data:application/json;charset=utf-8,([^"]*)"', links).group(1))
    link = html.unescape(re.search(r'href="\?position=([^"]*)"', links).group(1))
    return {"file": unquote(data), "link": link, "storage": tutor.key_listener.saved}


def answers_in(text: str) -> list[dict]:
    return read_position(text).match["decisions"]


@pytest.mark.parametrize("first", [True, False], ids=["first-of-the-round", "second-of-the-round"])
@pytest.mark.parametrize("game", ["dmb", "dbe"])
def test_player_1s_secret_attack_is_in_no_file_link_or_storage_while_player_2_has_the_screen(game, first):
    app = hot_seat(game)
    model = app.tutor.model
    mine = cross_handed_over(app, first)
    assert model.viewer() == 1
    for where, text in everything_saved(app).items():
        assert ANSWER not in text and "cross" not in text.lower(), f"the {where} holds Player 1's secret attack"
        saved = answers_in(text)
        assert mine.step not in [d["step"] for d in saved]
        assert [d["step"] for d in saved] == [d.step for d in model.match.decisions if d.step < saved_end(app)]
    said = app.tutor.save.links.value
    assert "A secret choice is not revealed yet, so it is not saved" in said
    assert f"it stops at step {saved_end(app)} of {len(model.match.steps)}" in said


def saved_end(app: LearnApp) -> int:
    """How many steps the saved position holds (the step numbers people read count from 1)."""
    return app.tutor.model.match.shared_end() + 1


@pytest.mark.parametrize("game", ["dmb", "dbe"])
def test_the_hand_over_screen_keeps_nothing_secret_in_the_browsers_storage(game):
    """Player 1 chose and passes the screen: the storage, written while the hand-over screen is up, holds no choice."""
    app = hot_seat(game)
    model = app.tutor.model
    for _ in range(MAX_MOVES):
        pending = model.pending()
        if model.handover_to() is not None:
            model.ready()
        elif pending is not None and pending.kind == "strategy" and pending.player == 0:
            model.choose(ANSWER)
            break
        else:
            answer(app)
    while model.handover_to() is None:
        answer(app)
    assert model.handover_to() == 1 and model.viewer() == 0
    kept = app.tutor.key_listener.saved
    assert ANSWER in [d.answer for d in model.match.decisions] and ANSWER not in str(answers_in(kept))


@pytest.mark.parametrize("first", [True, False], ids=["first-of-the-round", "second-of-the-round"])
@pytest.mark.parametrize("game", ["dmb", "dbe"])
def test_a_reload_while_player_2_has_the_screen_shows_player_2s_side_and_asks_the_round_again(game, first):
    app = hot_seat(game)
    mine = cross_handed_over(app, first)
    kept = app.tutor.key_listener.saved
    reloaded = LearnApp(game)
    bridge = reloaded.tutor.key_listener
    for handler in bridge._msg_callbacks.callbacks:  # the page sends what its storage kept, as on a reload
        handler(bridge, {"action": "restore", "saved": kept}, [])
    model = reloaded.tutor.model
    assert not model.error and reloaded.mode.value == HOT_SEAT
    assert model.viewer() == 1, "Player 2 still has the screen: nothing of Player 1's side is drawn"
    assert ANSWER not in [d.answer for d in model.match.decisions] and len(model.match.steps) == saved_end(app)
    model.next()
    pending = model.match.pending
    assert pending is not None and pending.kind == "strategy", "the round's first secret choice is asked again"
    if first:
        assert model.handover_to() == 0 == mine.player, "Player 1 chooses again, after a hand-over"
        assert "dt-option" not in reloaded.tutor.decision.value and not reloaded.tutor.board.value
    else:
        assert pending.player == 1 and model.handover_to() is None


@pytest.mark.parametrize("game", ["dmb", "dbe"])
def test_after_the_reveal_the_whole_game_is_saved_again(game):
    app = hot_seat(game)
    model = app.tutor.model
    cross_handed_over(app, first=True)
    for _ in range(MAX_MOVES):
        if not waiting(model.match.state.frames):
            break
        if model.handover_to() is not None:
            model.ready()
        else:
            answer(app)
    assert ANSWER in [d.answer for d in model.match.decisions]
    assert app.tutor.position().match == model.match.save()
    for where, text in everything_saved(app).items():
        assert ANSWER in [d["answer"] for d in answers_in(text)], f"the {where} holds the revealed attack"
    assert "not revealed yet" not in app.tutor.save.links.value


@pytest.mark.parametrize("game", ["dcg", "dtector", "arena"])
def test_a_hot_seat_game_without_secret_choices_saves_the_whole_game(game):
    app = hot_seat(game)
    model = app.tutor.model
    for _ in range(80):
        if model.handover_to() is not None:
            assert read_position(app.tutor.key_listener.saved).match == model.match.save()
            model.ready()
        else:
            answer(app)
        assert app.tutor.position().match == model.match.save()
    assert "not revealed yet" not in everything_saved(app)["file"] + app.tutor.save.links.value
    assert "it holds the seed, which decides every shuffle" in app.tutor.save.links.value, "what it still tells"


def test_against_the_computer_the_save_is_the_whole_game_as_before():
    app = LearnApp("dmb")
    app.mode.value = FREE
    model = app.tutor.model
    for _ in range(120):
        model.run_to_my_decision()
        if model.pending() is not None:
            model.choose(model.pending().legal_options[0].key)
        assert app.tutor.position().match == model.match.save() and "screen" not in app.tutor.position().options
    app.tutor.controls.save.value = True
    assert "dt-save-held" not in app.tutor.save.links.value and "dt-save-seed" not in app.tutor.save.links.value

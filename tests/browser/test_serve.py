"""``digitutor serve`` and ``voila.json``: loopback only, token on --lan, one-line errors, clean Ctrl-C."""

from __future__ import annotations

import json
import re
import socket
from pathlib import Path

import psutil
import pytest
from harness import LOOPBACK, NOTEBOOKS, ROOT, Server, free_port, http_get, learn_notebooks, start_server

from digitutor import serve
from digitutor.cli import main

SETTINGS = json.loads((ROOT / "digitutor" / "serving" / "voila.json").read_text(encoding="utf-8"))


def test_the_root_voila_json_is_the_shipped_one() -> None:
    # plain `voila notebooks/` and Binder read the root copy; `digitutor serve` the shipped one
    assert (ROOT / "voila.json").read_bytes() == (ROOT / "digitutor" / "serving" / "voila.json").read_bytes()


def test_bad_room_options_are_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (
        ["--room", "0"],
        ["--game", "nosuch"],
        ["--room", "5", "--max-kernels", "3"],
        ["--connect-timeout", "0"],
    ):
        assert main(["serve", "--no-browser", "--port", str(free_port()), *argv]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and err.startswith("digitutor: error: --"), err


def test_voila_json_strips_sources_hides_tracebacks_culls_and_preheats() -> None:
    voila = SETTINGS["VoilaConfiguration"]
    assert voila["strip_sources"] is True
    assert voila["show_tracebacks"] is False
    assert voila["preheat_kernel"] is True and voila["default_pool_size"] >= 1
    culling = SETTINGS["MappingKernelManager"]
    assert culling["cull_idle_timeout"] > 0 and culling["cull_interval"] > 0
    assert SETTINGS["Voila"]["ip"] == LOOPBACK


def test_keep_alive_pings_time_out_well_after_the_next_ping() -> None:
    # Jupyter Server compares the last pong's age with ws_ping_timeout at every ping: a timeout
    # equal to the interval dropped every idle page whenever a ping ran a millisecond late.
    from digitutor.serving.settings import tornado_settings

    pings = SETTINGS["Voila"]["tornado_settings"]
    assert pings == tornado_settings(), "voila.json and digitutor serve disagree on the websocket pings"
    assert pings["ws_ping_timeout"] >= 2 * pings["ws_ping_interval"] > 0


def test_serve_applies_the_keep_alive_pings() -> None:
    app = serve.build_app(NOTEBOOKS, serve.voila_config_file(), LOOPBACK, free_port(), "")
    assert app.tornado_settings["ws_ping_timeout"] >= 2 * app.tornado_settings["ws_ping_interval"]


def test_every_app_gets_a_preheated_kernel() -> None:
    # Voila matches the denylist against each notebook's full path; an empty one preheats every app.
    denied = [re.compile(pattern) for pattern in SETTINGS["VoilaKernelManager"]["preheat_denylist"]]
    preheated = sorted(
        path.name
        for path in NOTEBOOKS.glob("*.ipynb")
        if not any(pattern.match(str(path.resolve())) for pattern in denied)
    )
    assert preheated == sorted(path.name for path in NOTEBOOKS.glob("*.ipynb"))
    assert set(learn_notebooks()) < set(preheated)
    plan = serve._room_plan(NOTEBOOKS, serve.RoomOptions(room=3, games=("dtector",)))
    assert plan.pools["learn_dtector.ipynb"] == 3 and plan.pools["start.ipynb"] == 1
    assert plan.learn_pooled == 3 + len(learn_notebooks()) - 1


def test_an_app_whose_preheated_kernel_is_taken_starts_its_own_instead_of_waiting(tutor: Server) -> None:
    # Only Learn pages queue for a preheated kernel; two landing pages at once both render at once.
    pages = [http_get(tutor.port, "/voila/render/start.ipynb") for _ in range(2)]
    for status, _headers, body in pages:
        assert status == 200
        assert "dt-queue-line" not in body.decode() and "jupyter-config-data" in body.decode()


def test_pages_have_no_sources_no_cdn_and_set_the_xsrf_cookie(tutor: Server) -> None:
    status, headers, body = http_get(tutor.port, "/voila/render/start.ipynb")
    page = body.decode()
    assert status == 200
    assert "start_page(" not in page, "notebook source leaked into the page"
    assert "cdn.jsdelivr.net" not in page and "fontawesome" not in page.lower().split("</head>")[0]
    assert "_xsrf=" in headers.get("set-cookie", ""), "without it the page cannot shut its kernel down"


def test_root_redirects_to_the_landing_page_keeping_the_query(tutor: Server) -> None:
    status, headers, _ = http_get(tutor.port, "/?mode=presenter")
    assert status == 302
    assert headers["location"] == "/voila/render/start.ipynb?mode=presenter"


def test_server_listens_on_loopback_only(tutor: Server) -> None:
    listening = [
        c.laddr for c in psutil.Process(tutor.process.pid).net_connections("inet") if c.status == psutil.CONN_LISTEN
    ]
    assert listening and all(address.ip == LOOPBACK for address in listening), listening


def test_a_busy_port_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as busy:
        busy.bind((LOOPBACK, 0))
        busy.listen()
        code = main(["serve", "--port", str(busy.getsockname()[1]), "--no-browser"])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "already in use" in err


def test_no_notebooks_folder_is_one_line_and_exit_2(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(serve, "checkout_root", lambda: tmp_path)
    monkeypatch.setattr(serve, "package_root", lambda: tmp_path / "digitutor")
    assert main(["serve", "--no-browser", "--port", str(free_port())]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "notebooks" in err


def test_query_string_outside_a_preheated_kernel_reads_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    monkeypatch.setenv("QUERY_STRING", "mode=presenter&x=1")
    assert serve.query_params() == {"mode": "presenter", "x": "1"}
    monkeypatch.delenv("QUERY_STRING")
    assert serve.query_string() == ""


def test_lan_mode_needs_the_printed_token_and_ctrl_c_stops_everything() -> None:
    # Started as a background job is (SIGINT ignored, as in a CI runner): Ctrl-C must still stop it. Before the
    # server set its own SIGINT handler, Python left SIGINT ignored, and the server ran on after Ctrl-C.
    server = start_server(["--lan"], in_background=True)
    try:
        token = re.search(r"\?token=([\w-]+)", server.output())
        assert token, server.output()
        denied, _, _ = http_get(server.port, "/voila/render/start.ipynb")
        allowed, _, _ = http_get(server.port, f"/voila/render/start.ipynb?token={token[1]}")
        assert denied in (302, 403) and allowed == 200
        assert server.kernels(), "no kernel was started"
    finally:
        code = server.stop()
    assert code == 0, server.output()
    assert server.leftover_kernels() == [], "kernels outlived the server"
    assert "stopped" in server.output()
    server.discard_log()

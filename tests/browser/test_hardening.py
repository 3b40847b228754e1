"""Server hardening (issue 15): a cap on kernels, nothing internal sent to a
browser, the token on every route, no silent blank page."""

from __future__ import annotations

import re
import threading
import time
import uuid
from collections.abc import Iterator

import pytest
from drive import wait_ready
from harness import LOOPBACK, NOTEBOOKS, Server, http_get, start_server
from playwright.sync_api import Page, Route, WebSocket, expect
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

#: a preheated kernel per app, and room for five more
CAP = len(list(NOTEBOOKS.glob("*.ipynb"))) + 5
GETS = 40
INTERNAL = re.compile(r"Traceback|site-packages|File \\?\"/|\.py\\?\", line \d+")
BAD_COMM_OPENS = """async ([kernel, targets]) => {
  const socket = new WebSocket(`ws://${location.host}/api/kernels/${kernel}/channels`);
  await new Promise((ok, fail) => { socket.onopen = ok; socket.onerror = fail; });
  for (const [target, data] of targets) {
    const id = crypto.randomUUID();
    socket.send(JSON.stringify({channel: "shell", buffers: [], metadata: {}, parent_header: {},
      header: {msg_id: id, msg_type: "comm_open", username: "", session: id, date: new Date().toISOString(), \
version: "5.3"},
      content: {comm_id: id, target_name: target, data: data}}));
  }
  await new Promise(done => setTimeout(done, 5000));
  socket.close();
}"""
KERNEL_ID = "() => JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId"


# -- the cap -----------------------------------------------------------------------------------------------


@pytest.mark.slow
def test_the_kernel_cap_holds_under_40_gets_and_unconnected_kernels_are_culled() -> None:
    server = start_server(["--max-kernels", str(CAP), "--connect-timeout", "20"])
    try:
        pooled = len(server.kernels())
        results: list[tuple[int, bytes]] = []
        peak = [0]
        threads = [
            threading.Thread(target=lambda: results.append(_get(server, "/voila/render/rulings.ipynb")))
            for _ in range(GETS)
        ]
        for thread in threads:
            thread.start()
        while any(thread.is_alive() for thread in threads):
            peak[0] = max(peak[0], len(server.kernels()))
            time.sleep(0.2)
        assert peak[0] <= CAP, f"{peak[0]} kernels ran with a cap of {CAP}"
        refused = [body for status, body in results if status == 503]
        assert len(results) == GETS and refused, [status for status, _ in results]
        assert all(b"The room is full" in body for body in refused)
        assert all(status in (200, 503) for status, _ in results)
        # Nobody connected to the kernels those GETs started: they go after the connect timeout.
        deadline = time.monotonic() + 120
        while len(server.kernels()) > pooled and time.monotonic() < deadline:
            time.sleep(2)
        assert len(server.kernels()) <= pooled, "kernels no page connected to were not shut down"
    finally:
        server.stop()
        server.discard_log()


def _get(server: Server, path: str) -> tuple[int, bytes]:
    status, _, body = http_get(server.port, path)
    return status, body


# -- nothing internal reaches a browser ----------------------------------------------------------------------


def test_no_message_to_the_browser_carries_a_traceback(page: Page) -> None:
    # ``page``, not ``app``: the kernel's answer to these forged opens (comm_close for comms the
    # page never opened) is logged by the page as a console error, on purpose here.
    app, frames = page, []

    def on_websocket(socket: WebSocket) -> None:
        socket.on(
            "framereceived",
            lambda payload: frames.append(payload if isinstance(payload, str) else payload.decode("utf-8", "replace")),
        )

    app.on("websocket", on_websocket)
    app.goto("/voila/render/learn_dtector.ipynb")
    wait_ready(app)
    kernel = app.evaluate(KERNEL_ID)
    targets = [
        ["jupyter.widget", {}],
        ["jupyter.widget", {"state": {"_model_name": "NoSuchModel"}}],
        ["no.such.target", {}],
    ]
    app.evaluate(BAD_COMM_OPENS, [kernel, targets])
    assert frames, "no websocket frame was seen at all"
    leaked = [frame[:300] for frame in frames if INTERNAL.search(frame)]
    assert not leaked, leaked


def test_a_page_that_cannot_draw_its_app_says_so_and_retries(page: Page) -> None:
    # The page is served without its app's output, as when a cell missed its output under load.
    # ``page``, not ``app``: Chromium logs errors for a document fulfilled by the test itself.
    app, stripped = page, []

    def without_app(route: Route) -> None:
        response = route.fetch()
        body = re.sub(
            r'<script type="application/vnd\.voila\.cell-output\+json">.*?</script>', "", response.text(), flags=re.S
        )
        stripped.append(route.request.url)
        route.fulfill(response=response, body=body)

    app.route(re.compile(r".*/voila/render/learn_dtector\.ipynb.*"), without_app)
    app.goto("/voila/render/learn_dtector.ipynb")
    notice = app.locator(".dt-cannot-draw")
    expect(notice).to_be_visible(timeout=30_000)
    expect(notice).to_contain_text("could not be drawn")
    app.unroute(re.compile(r".*/voila/render/learn_dtector\.ipynb.*"))
    notice.locator("button.dt-retry").click()
    wait_ready(app)
    expect(app.locator(".dt-cannot-draw")).to_have_count(0)
    assert stripped


# -- --lan: the token on every route --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def lan() -> Iterator[tuple[Server, str]]:
    server = start_server(["--lan"])
    token = re.search(r"\?token=([\w-]+)", server.output())
    assert token, server.output()
    yield server, token[1]
    server.stop()
    server.discard_log()


KERNEL = str(uuid.UUID(int=0x5EED))  #: a kernel id no server has (fixed: every test worker collects the same ids)
ROUTES = [
    "/",
    "/voila/render/start.ipynb",
    "/voila/tree",
    "/voila/api/contents/",
    "/voila/static/voila.js",
    "/voila/templates/lab/static/index.css",
    "/voila/labextensions/x.js",
    "/voila/files/start.ipynb",
    "/voila/api/themes/x",
    f"/api/kernels/{KERNEL}",
    "/digitutor/room/abc",
    "/login",
]


@pytest.mark.parametrize("path", ROUTES)
def test_lan_every_route_needs_the_token(lan: tuple[Server, str], path: str) -> None:
    server, _ = lan
    status, _, body = http_get(server.port, path)
    assert status == 403, f"{path} answered {status} without the token"
    assert b"Traceback" not in body


@pytest.mark.parametrize("path", [f"/voila/query/{KERNEL}", f"/api/kernels/{KERNEL}/channels"])
def test_lan_websockets_need_the_token(lan: tuple[Server, str], path: str) -> None:
    server, _ = lan
    with pytest.raises(InvalidStatus) as refused, connect(f"ws://{LOOPBACK}:{server.port}{path}", open_timeout=30):
        pass
    assert refused.value.response.status_code == 403


def test_lan_query_websocket_opens_with_the_token(lan: tuple[Server, str]) -> None:
    server, token = lan
    with connect(f"ws://{LOOPBACK}:{server.port}/voila/query/{KERNEL}?token={token}", open_timeout=30) as websocket:
        assert websocket.protocol.state.name == "OPEN"


def test_lan_presenter_mode_reaches_a_preheated_kernel(lan: tuple[Server, str], page: Page) -> None:
    server, token = lan
    page.goto(f"{server.url}/voila/render/learn_dtector.ipynb?mode=presenter&token={token}")
    wait_ready(page)
    expect(page.locator(".dt-tutor.dt-presenting")).to_have_count(1, timeout=30_000)

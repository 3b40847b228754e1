"""The few pages the server writes itself: waiting in the queue, room full, token missing; the page watchdog.

Plain HTML with inline style and script: nothing loaded from anywhere, not even this server.
"""

from __future__ import annotations

import html
import json

_STYLE = """
body { font: 18px/1.5 system-ui, sans-serif; margin: 0; display: flex; min-height: 100vh;
       align-items: center; justify-content: center; background: #f6f7f9; color: #1d2430; }
main { max-width: 36em; padding: 2em; background: #fff; border-radius: 12px; box-shadow: 0 2px 12px #0002; }
h1 { font-size: 1.4em; margin-top: 0; }
button { font: inherit; padding: .4em 1.2em; border-radius: 8px; border: 1px solid #345; background: #e8eef6; \
cursor: pointer; }
"""

#: Shown on an app page when its app could not be drawn (no widget in the page, or none drawn in time).
WATCHDOG = """<script>
(function () {
  var APP = ".dt-app, .dt-tutor", OUTPUT = 'script[type="application/vnd.voila.cell-output+json"]';
  var GRACE_MS = 90000;
  var url = new URL(window.location.href);
  if (url.searchParams.has("dt-ticket")) {
    url.searchParams.delete("dt-ticket");
    window.history.replaceState(null, "", url.pathname + url.search + url.hash);
  }
  function drawn() { return document.querySelector(APP) !== null; }
  function fail() {
    if (drawn() || document.getElementById("dt-cannot-draw")) { return; }
    var box = document.createElement("div");
    box.id = "dt-cannot-draw";
    box.className = "dt-cannot-draw";
    box.setAttribute("role", "alert");
    box.style.cssText = "margin:2em auto;max-width:36em;padding:1.5em;border:2px solid #b33;border-radius:10px;" +
      "background:#fff4f4;font:18px/1.5 system-ui,sans-serif;color:#1d2430";
    box.innerHTML = "<strong>This app could not be drawn.</strong> The server may be busy. " +
      '<button type="button" class="dt-retry">Try again</button>';
    box.querySelector("button").onclick = function () { window.location.reload(); };
    document.body.prepend(box);
  }
  // This script ends the page: everything the server rendered is parsed, nothing drawn yet.
  var rendered = drawn() || Array.prototype.some.call(document.querySelectorAll(OUTPUT), function (script) {
    return script.textContent.indexOf("application/vnd.jupyter.widget-view+json") >= 0;
  });
  window.addEventListener("load", function () { window.setTimeout(fail, rendered ? GRACE_MS : 2000); });
})();
</script>
"""


def _page(title: str, body: str, status_script: str = "") -> str:
    return (
        f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{html.escape(title)}</title>'
        f'<meta name="viewport" content="width=device-width,initial-scale=1"><style>{_STYLE}</style></head>'
        f"<body><main>{body}</main>{status_script}</body></html>"
    )


def address_too_long_page(length: int, most: int) -> str:
    """One line: an address longer than any link the apps read (a board link is at most 20,000 characters)."""
    return _page(
        "Address too long",
        f'<h1>This address is too long</h1><p class="dt-too-long">The address has {length:,} characters; the '
        f"apps read at most {most:,} (a board link is at most 20,000): share the board's YAML file instead.</p>",
    )


def waiting_page(ticket: str, status_url: str) -> str:
    """Shown to a page that waits for a preheated kernel: its place in the queue, updated every second."""
    script = f"""<script>
(function () {{
  var TICKET = {json.dumps(ticket)}, STATUS = {json.dumps(status_url)};
  var line = document.getElementById("dt-queue-line");
  function go(ticket) {{
    var url = new URL(window.location.href);
    if (ticket) {{ url.searchParams.set("dt-ticket", ticket); }} else {{ url.searchParams.delete("dt-ticket"); }}
    window.location.replace(url.toString());
  }}
  function ask() {{
    fetch(STATUS, {{cache: "no-store", credentials: "same-origin"}}).then(function (r) {{ return r.json(); }})
      .then(function (s) {{
        if (s.gone) {{ go(null); return; }}
        if (s.admitted) {{ line.textContent = "Your board is ready: opening it…"; go(TICKET); return; }}
        line.textContent = s.ahead === 0 ? "You are next." :
          s.ahead + (s.ahead === 1 ? " attendee is" : " attendees are") + " ahead of you.";
        window.setTimeout(ask, 1000);
      }}).catch(function () {{ line.textContent = "Waiting for the server…"; window.setTimeout(ask, 2000); }});
  }}
  ask();
}})();
</script>"""
    body = (
        '<h1 class="dt-waiting">Starting your board…</h1>'
        '<p id="dt-queue-line" class="dt-queue-line">Finding your place in the queue.</p>'
        "<p>The server prepares one board per attendee. This page opens it by itself as soon as it is ready.</p>"
        "<noscript>This page needs JavaScript to open your board.</noscript>"
    )
    return _page("Starting your board", body, script)


def room_full_page(running: int) -> str:
    """Shown instead of an app when the server runs as many kernels as it may."""
    body = (
        '<h1 class="dt-room-full">The room is full right now</h1>'
        f"<p>This server is running all the apps it can ({running}). Close a tab you no longer use, "
        'or try again in a minute.</p><p><button type="button" onclick="window.location.reload()">Try '
        "again</button></p>"
    )
    return _page("The room is full", body)


def token_needed_page() -> str:
    """Shown for any request without the room's token (``--lan``)."""
    body = "<h1>This tutor needs its link</h1><p>Open the link the teacher shared, <code>?token=…</code> included.</p>"
    return _page("Link needed", body)

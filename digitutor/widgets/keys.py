"""The page bridge: a tiny anywidget whose JavaScript ships inside this package.

In the page it does what only the browser can do, and sends plain messages to the kernel:

- clicks on timeline rows (``jump``), on a decision's option buttons (``option``) and on buttons that open a tab
  of the detail place (``detail``: a lesson note's "more");
- keys: → / PageDown / N next, ← / PageUp / B back, a number chooses that option (not while typing): with ten
  or more options, a digit that can start a two-digit number waits ``CHORD_MS`` for the second (1 then 2: 12);
- the autoplay clock (a ``tick`` every ``interval`` ms while ``playing``);
- the tab title (``title``);
- keeping the position: it writes ``saved`` to the browser's local storage under ``store_key``
  and, when the page opens, sends back a position from the link (``?position=``) or from storage;
- the page's query string (``query``), which only Python running in the page itself (the static
  build) needs: Voila hands it to the kernel on the server;
- the address says where the app is: ``place`` (``lesson=<stem>``, ``view=course``) goes into the page's address,
  a new history entry each time it changes, and Back or Forward sends the address's query back (``place``).

Everything the page sends is checked in the kernel (``on_message`` accepts only known
actions with the expected types); nothing it sends is evaluated.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from typing import Any

from .query import query_arrived

log = logging.getLogger("digitutor.widgets")

ESM = """
const KEYS = { ArrowRight: "next", ArrowLeft: "back", PageDown: "next", PageUp: "back", n: "next", b: "back" };
const TYPING = ["INPUT", "TEXTAREA", "SELECT"];
const CHORD_MS = 900;
function render({ model, el }) {
  el.classList.add("dt-keys");
  const title = () => { const t = model.get("title"); if (t) document.title = t; };
  title();
  model.on("change:title", title);
  const onKey = (event) => {
    const target = event.target;
    if (!model.get("enabled") || event.altKey || event.ctrlKey || event.metaKey) return;
    if (target && (target.isContentEditable || TYPING.includes(target.tagName))) return;
    if (/^[0-9]$/.test(event.key)) { event.preventDefault(); digit(Number(event.key)); return; }
    if (!KEYS[event.key]) return;
    event.preventDefault();
    model.send({ action: KEYS[event.key] });
  };
  // option numbers: past 9 two digits typed quickly make one number (1 then 2: option 12)
  let first = null, chord = null;
  const options = () => { const t = scope(); return t ? \
t.querySelectorAll(".dt-decision .dt-option[data-option]").length : 0; };
  const choose = (number) => { if (number > 0) model.send({ action: "option", number: number }); };
  const digit = (d) => {
    if (first !== null) { clearTimeout(chord); const number = first * 10 + d; first = null; choose(number); return; }
    if (d > 0 && d * 10 <= options()) { first = d; chord = setTimeout(() => { const number = first; first = null; \
choose(number); }, CHORD_MS); return; }
    choose(d);
  };
  document.addEventListener("keydown", onKey);
  const scope = () => el.closest(".dt-tutor");
  const onClick = (event) => {
    const hit = event.target && event.target.closest ? \
event.target.closest(".dt-tl-row[data-step], .dt-option[data-option], button[data-detail]") : null;
    if (!hit || hit.disabled || !model.get("enabled") || !scope() || hit.closest(".dt-tutor") !== scope()) return;
    if (hit.dataset.detail) model.send({ action: "detail", tab: hit.dataset.detail });
    else if (hit.dataset.option) model.send({ action: "option", number: Number(hit.dataset.option) });
    else model.send({ action: "jump", step: Number(hit.dataset.step) });
  };
  document.addEventListener("click", onClick);
  const follow = () => {
    const list = scope() ? scope().querySelector(".dt-tl") : null;
    const row = list ? list.querySelector(".dt-tl-current") : null;
    if (!row) return;
    const top = row.offsetTop, bottom = top + row.offsetHeight;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (bottom > list.scrollTop + list.clientHeight) list.scrollTop = bottom - list.clientHeight;
  };
  model.on("change:current", () => requestAnimationFrame(() => { follow(); fit(); }));
  // presenter mode sizes the board and side panels to the window: the CSS needs where they start
  const fit = () => {
    const tutor = scope(), main = tutor ? tutor.querySelector(".dt-main") : null;
    if (!main) return;
    const top = Math.round(main.getBoundingClientRect().top + window.scrollY);
    if (tutor.style.getPropertyValue("--dt-main-top") !== top + "px") tutor.style.setProperty("--dt-main-top", \
top + "px");
    fitOptions(tutor);
    if (!watched) {
      const side = tutor.querySelector(".dt-side");
      if (side) { watched = new MutationObserver(() => requestAnimationFrame(fit)); \
watched.observe(side, { childList: true, subtree: true, attributes: true, attributeFilter: ["style"] }); }
    }
  };
  // a long list of options scrolls inside itself (CSS: overflow auto): cut it half-way through the row after option
  // 5, so the ★ and the first five show whole and the cut row says there are more (docs/layout.md, place 2)
  let watched = null;
  const fitOptions = (tutor) => {
    const list = tutor.querySelector(".dt-decision .dt-options");
    if (!list || !list.getClientRects().length) return;  // not drawn yet (a hidden panel): measured when shown
    const buttons = list.querySelectorAll("button.dt-option[data-option]");
    let cut = "";
    if (getComputedStyle(list).overflowY === "auto") {  // a short list: all of it
      cut = "none";
      const fifth = buttons.length > 5 ? buttons[4].getBoundingClientRect() : null, box = list.getBoundingClientRect();
      const below = fifth && [...buttons].slice(5).map((b) => b.getBoundingClientRect()).find((r) => \
r.top >= fifth.bottom - 1);
      if (below) cut = Math.ceil(below.top + list.scrollTop - box.top + below.height * 0.45) + "px";
    }
    if (list.style.maxHeight !== cut) list.style.maxHeight = cut;
  };
  const sizes = new ResizeObserver(() => requestAnimationFrame(fit));
  sizes.observe(document.body);
  window.addEventListener("resize", fit);
  setTimeout(fit, 0);
  let timer = null;
  const clock = () => {
    if (timer !== null) clearInterval(timer);
    timer = null;
    if (model.get("playing")) timer = setInterval(() => model.send({ action: "tick" }), Math.max(50, \
model.get("interval")));
  };
  clock();
  model.on("change:playing", clock);
  model.on("change:interval", clock);
  const store = () => {
    const key = model.get("store_key"), value = model.get("saved");
    if (!key) return;
    try { if (value) localStorage.setItem(key, value); else localStorage.removeItem(key); } \
catch (error) { /* storage off */ }
  };
  model.on("change:saved", store);
  try { model.send({ action: "query", query: window.location.search || "" }); } catch (error) { /* no query */ }
  const PLACE = ["lesson", "view"];
  const placed = () => {
    let url;
    try { url = new URL(window.location.href); } catch (error) { return; }
    const before = url.search;
    for (const key of PLACE) url.searchParams.delete(key);
    for (const [key, value] of new URLSearchParams(model.get("place"))) url.searchParams.set(key, value);
    if (url.search === before) return;
    try { window.history.pushState(null, "", url.pathname + url.search + url.hash); }
    catch (error) { /* no history here */ }
  };
  // each new place is a history entry, so Back returns to the lesson or the course; the address the page opened
  // with is left as it is (naming the default lesson there would hold a reload to it, refusing a kept free game)
  model.on("change:place", placed);
  const onPop = () => {
    try { model.send({ action: "place", place: window.location.search || "" }); } catch (error) { /* closed */ }
  };
  window.addEventListener("popstate", onPop);
  const key = model.get("store_key");
  if (key) {
    let shared = null, kept = null;
    try { shared = new URLSearchParams(window.location.search).get("position"); } catch (error) { /* no query */ }
    try { kept = localStorage.getItem(key); } catch (error) { /* storage off */ }
    if (shared) model.send({ action: "open", saved: shared });
    else if (kept) model.send({ action: "restore", saved: kept });
  }
  return () => {
    document.removeEventListener("keydown", onKey);
    if (chord !== null) clearTimeout(chord);
    document.removeEventListener("click", onClick);
    window.removeEventListener("popstate", onPop);
    window.removeEventListener("resize", fit);
    sizes.disconnect();
    if (watched) watched.disconnect();
    if (timer !== null) clearInterval(timer);
  };
}
export default { render };
"""

#: the actions the page may send, and the type of their one argument (None: no argument)
ACTIONS: dict[str, tuple[str, type] | None] = {
    "next": None,
    "back": None,
    "tick": None,
    "option": ("number", int),
    "jump": ("step", int),
    "detail": ("tab", str),  #: a tab of the detail place to open (a lesson note's "more")
    "restore": ("saved", str),  #: a position the page's local storage kept (sent when the page opens)
    "open": ("saved", str),  #: a position from the page's link (?position=...)
    "query": ("query", str),  #: the page's query string (used only in the browser: query.query_arrived)
    "place": ("place", str),  #: the page's query string after Back or Forward (the lesson or course it names)
}


@functools.cache
def _bridge_class() -> type | None:
    try:
        import anywidget
        import traitlets
    except ImportError:
        log.warning("anywidget is not installed: no keys, autoplay or kept positions in the page")
        return None

    class PageBridge(anywidget.AnyWidget):
        """Keys, autoplay clock, tab title and local storage for one app."""

        _esm = ESM
        enabled = traitlets.Bool(True).tag(sync=True)
        playing = traitlets.Bool(False).tag(sync=True)
        interval = traitlets.Int(500).tag(sync=True)
        title = traitlets.Unicode("").tag(sync=True)
        store_key = traitlets.Unicode("").tag(sync=True)
        saved = traitlets.Unicode("").tag(sync=True)
        current = traitlets.Int(-1).tag(sync=True)
        place = traitlets.Unicode("").tag(sync=True)  #: the query parameters that say where the app is

    return PageBridge


def checked_message(content: Any) -> tuple[str, Any] | None:
    """(action, argument) of a message from the page, or None when it is not one we know."""
    if not isinstance(content, dict):
        return None
    action = content.get("action")
    if not isinstance(action, str) or action not in ACTIONS:
        return None
    wanted = ACTIONS[action]
    if wanted is None:
        return action, None
    name, kind = wanted
    value = content.get(name)
    if not isinstance(value, kind) or isinstance(value, bool):
        return None
    return action, value


def key_listener(actions: dict[str, Callable[..., Any]], title: str = "", store_key: str = "") -> Any | None:
    """A page bridge calling ``actions[name]()`` (or ``actions[name](argument)``); None without anywidget."""
    bridge_class = _bridge_class()
    if bridge_class is None:
        return None
    bridge = bridge_class(title=title, store_key=store_key)

    def on_message(_widget: Any, content: Any, _buffers: Any) -> None:
        found = checked_message(content)
        if found is None:
            return
        action, argument = found
        if action == "query":
            query_arrived(argument)
            return
        handler = actions.get(action)
        if handler is None:
            return
        try:
            handler() if argument is None else handler(argument)
        except Exception:  # a key press must never crash the app
            log.exception("page action %s failed", action)

    bridge.on_msg(on_message)
    return bridge

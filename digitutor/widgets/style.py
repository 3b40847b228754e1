"""The one CSS block every digitutor app uses (no external assets, no fonts to fetch)."""

from __future__ import annotations

import html
import zlib

import ipywidgets as widgets

CSS = """
.dt-app { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; font-size: 14px;
  color: #1d2330; line-height: 1.4; max-width: 1500px; }
.dt-app .widget-html-content { font-size: inherit; line-height: inherit; }
.dt-titlebar { align-items: center; border-bottom: 2px solid #2f6fd6; margin-bottom: 6px; }
.dt-title h2 { margin: 4px 0; font-size: 1.45em; }
.dt-title .dt-sub { color: #5a6475; font-size: 0.95em; }
.dt-error { color: #a4161a; background: #fde8e8; border-radius: 4px; padding: 0 8px; white-space: nowrap;
  overflow: hidden; text-overflow: ellipsis; }
.dt-error:empty, .dt-notice:empty { display: none; }
.dt-notice { color: #17416e; background: #e6f0fb; border-radius: 4px; padding: 0 8px; }
.dt-controls { flex-wrap: wrap; align-items: center; gap: 4px; }
.dt-controls .widget-button, .dt-controls .widget-toggle-button { width: auto; padding: 0 12px; }
.dt-next { font-weight: 600; }
.dt-status { color: #394150; }
.dt-main { align-items: flex-start; gap: 12px; }
.dt-side { min-width: 300px; }
.dt-turn-map .dt-phases { display: flex; flex-wrap: wrap; gap: 4px; margin: 4px 0; }
.dt-phase { border: 1px solid #c4cbd8; border-radius: 12px; padding: 1px 10px; background: #f5f7fb; color: #3b4658;
  font-size: 0.9em; }
.dt-phase-current { background: #2f6fd6; color: #fff; border-color: #2f6fd6; font-weight: 600; }
.dt-board { background: #f3f5f9; border: 1px solid #d5dbe6; border-radius: 8px; padding: 6px 10px; }
.dt-board-top { display: flex; justify-content: space-between; color: #394150; font-size: 0.92em; }
.dt-player { border-top: 1px solid #d5dbe6; padding: 6px 0; }
.dt-player:first-of-type { border-top: none; }
.dt-player-head { display: flex; flex-wrap: wrap; align-items: baseline; gap: 8px; margin-bottom: 4px; }
.dt-player-name { font-weight: 700; font-size: 1.1em; }
.dt-active .dt-player-name::after { content: " ◀ to play"; color: #2f6fd6; font-size: 0.8em; font-weight: 600; }
.dt-counter { background: #fff; border: 1px solid #c4cbd8; border-radius: 10px; padding: 0 8px; font-size: 0.9em; }
.dt-counter b { font-size: 1.05em; }
.dt-zones { display: flex; flex-wrap: wrap; gap: 6px 14px; }
.dt-zone { min-width: 90px; }
.dt-zone-wide { flex: 1 1 100%; }
.dt-zone-title { font-size: 0.8em; text-transform: uppercase; letter-spacing: 0.04em; color: #5a6475; }
.dt-cards { display: flex; flex-wrap: wrap; gap: 5px; }
.dt-stack { display: flex; flex-direction: column; gap: 0; }
.dt-stack .dt-card + .dt-card { margin-top: -30px; }
.dt-card { width: 118px; min-height: 74px; background: #fff; border: 1px solid #b8c0ce; border-top: 5px solid var(--dt-kind, #8a94a6);
  border-radius: 6px; padding: 3px 5px; font-size: 0.82em; box-shadow: 0 1px 2px rgba(0,0,0,.08); overflow: hidden; }
.dt-card-name { font-weight: 700; font-size: 1.08em; overflow-wrap: anywhere; }
.dt-card-meta { color: #4a5466; }
.dt-card-stats { display: flex; flex-wrap: wrap; gap: 0 6px; }
.dt-card-text { color: #5a6475; font-size: 0.9em; max-height: 3.6em; overflow: hidden; }
.dt-card-back { background: repeating-linear-gradient(45deg, #35507a, #35507a 6px, #3f5f8f 6px, #3f5f8f 12px);
  color: #fff; display: flex; align-items: center; justify-content: center; font-weight: 700; border-top-color: #35507a;
  width: 44px; min-height: 64px; }
.dt-pile { width: 64px; height: 74px; border: 1px dashed #8a94a6; border-radius: 6px; display: flex; flex-direction: column;
  align-items: center; justify-content: center; background: #fff; font-size: 0.8em; text-align: center; }
.dt-pile b { font-size: 1.5em; }
.dt-empty { color: #8a94a6; font-style: italic; font-size: 0.85em; }
.dt-panel { border: 1px solid #d5dbe6; border-radius: 8px; padding: 6px 10px; margin-bottom: 8px; background: #fff; }
.dt-panel h3 { margin: 0 0 4px 0; font-size: 1.05em; color: #2f3a4d; }
.dt-lesson { background: #fffbea; border-color: #e9d98c; }
.dt-lesson p { margin: 4px 0; }
.dt-step-head { color: #5a6475; font-size: 0.88em; }
.dt-narration { font-size: 1.12em; font-weight: 600; margin: 2px 0 6px 0; }
.dt-cite { margin: 6px 0; }
.dt-crumb { font-size: 0.85em; color: #5a6475; }
.dt-crumb code { background: #eef1f6; padding: 0 4px; border-radius: 3px; color: #2f3a4d; }
.dt-quote { margin: 2px 0 2px 0; padding: 4px 10px; border-left: 4px solid #2f6fd6; background: #f1f6fe;
  white-space: pre-wrap; font-family: Georgia, "Times New Roman", serif; }
.dt-interpretation .dt-quote { border-left: 4px dashed #b5651d; background: #fdf3e7; font-family: inherit; font-style: italic; }
.dt-label { display: inline-block; font-size: 0.75em; font-weight: 700; text-transform: uppercase; letter-spacing: 0.04em;
  padding: 0 6px; border-radius: 3px; background: #2f6fd6; color: #fff; }
.dt-interpretation .dt-label { background: #b5651d; }
.dt-context { font-size: 0.88em; color: #5a6475; white-space: pre-wrap; background: #fafbfd; padding: 4px 8px;
  max-height: 16em; overflow: auto; }
.dt-context mark { background: #fff0a8; color: #1d2330; }
details > summary { cursor: pointer; color: #2f6fd6; font-size: 0.88em; }
.dt-decision { border-color: #2f6fd6; }
.dt-prompt { font-weight: 600; }
.dt-options { flex-wrap: wrap; gap: 4px; }
.dt-option { width: auto !important; max-width: 100%; height: auto; min-height: 30px; white-space: normal; text-align: left;
  padding: 4px 10px; line-height: 1.3; }
.dt-option-suggested { outline: 3px solid #f2c12e; }
.dt-option-taken { outline: 3px solid #3c9a5f; }
.dt-option-illegal { opacity: 0.8; font-style: italic; }
.dt-illegal-row { align-items: flex-start; flex-wrap: wrap; }
.dt-why-not { width: auto !important; padding: 0 8px; font-size: 0.85em; }
.dt-reason { font-size: 0.9em; margin: 2px 0 2px 14px; }
.dt-timeline select { font-family: ui-monospace, monospace; font-size: 0.85em; }
.dt-timeline { width: 100%; }
.dt-result { font-weight: 700; color: #1b6b3a; }
.dt-table { border-collapse: collapse; width: 100%; }
.dt-table th, .dt-table td { border: 1px solid #d5dbe6; padding: 6px 8px; vertical-align: top; text-align: left; }
.dt-table th { background: #eef1f6; }
.dt-games { display: flex; flex-wrap: wrap; gap: 12px; }
.dt-game-card { width: 270px; border: 1px solid #d5dbe6; border-radius: 8px; padding: 8px 12px; background: #fff; }
.dt-game-card h3 { margin: 0 0 4px 0; }
.dt-badge { font-size: 0.75em; padding: 0 6px; border-radius: 8px; background: #dfe6f1; color: #394150; }
.dt-badge-ok { background: #d4f0dd; color: #1b6b3a; }
.dt-legal { color: #1b6b3a; font-weight: 700; }
.dt-illegal { color: #a4161a; font-weight: 700; }
/* presenter mode: large type, high contrast */
.dt-presenting { font-size: 20px; background: #000; color: #fff; padding: 8px; }
.dt-presenting .dt-board, .dt-presenting .dt-panel, .dt-presenting .dt-card, .dt-presenting .dt-pile,
.dt-presenting .dt-counter, .dt-presenting .dt-phase { background: #111; color: #fff; border-color: #fff; }
.dt-presenting .dt-card-meta, .dt-presenting .dt-card-text, .dt-presenting .dt-zone-title, .dt-presenting .dt-crumb,
.dt-presenting .dt-step-head, .dt-presenting .dt-status, .dt-presenting .dt-board-top { color: #e8e8e8; }
.dt-presenting .dt-phase-current { background: #ffd400; color: #000; border-color: #ffd400; }
.dt-presenting .dt-quote { background: #0b1a33; color: #fff; border-left-color: #ffd400; }
.dt-presenting .dt-interpretation .dt-quote { background: #2a1705; color: #fff; border-left-color: #ff9d3c; }
.dt-presenting .dt-crumb code { background: #222; color: #fff; }
.dt-presenting .dt-lesson { background: #1c1800; border-color: #ffd400; }
.dt-presenting .dt-card { width: 150px; }
.dt-presenting .dt-card-back { width: 56px; background: repeating-linear-gradient(45deg, #35507a, #35507a 6px, #3f5f8f 6px, #3f5f8f 12px); }
.dt-presenting .dt-context { background: #111; color: #ddd; }
.dt-presenting details > summary, .dt-presenting .dt-active .dt-player-name::after { color: #ffd400; }
.dt-presenting .widget-button, .dt-presenting .widget-toggle-button { font-size: 18px; height: 40px; }
.dt-presenting h2, .dt-presenting h3, .dt-presenting .dt-sub, .dt-presenting .widget-label, .dt-presenting .widget-readout,
.dt-presenting .dt-timeline, .dt-presenting .dt-narration, .dt-presenting .dt-prompt { color: #fff; }
.dt-presenting select { background: #111; color: #fff; font-size: 16px; }
.dt-presenting .dt-option-suggested { outline-color: #ffd400; }
"""


def style() -> widgets.HTML:
    """The digitutor stylesheet as an HTML widget (put it once in every app)."""
    return widgets.HTML(f"<style>{CSS}</style>", layout=widgets.Layout(display="none"))


def esc(text: object) -> str:
    """HTML-escape ``text`` (quotes stay verbatim: escaping only changes how they are sent)."""
    return html.escape(str(text), quote=True)


def kind_colour(kind: str) -> str:
    """A stable colour for a card kind (battle type, colour...), the same in every game."""
    if not kind:
        return "#8a94a6"
    return f"hsl({zlib.crc32(kind.lower().encode()) % 360}, 60%, 45%)"


def paragraphs(text: str) -> str:
    """Plain lesson text -> escaped HTML paragraphs."""
    return "".join(f"<p>{esc(part.strip())}</p>" for part in text.split("\n\n") if part.strip())

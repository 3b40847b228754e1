"""The one CSS block every digitutor app uses (no external assets, no fonts to fetch)."""

from __future__ import annotations

import html
import zlib

import ipywidgets as widgets

CSS = """
.dt-app { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; font-size: 14px;
  color: #1d2330; line-height: 1.4; max-width: 1500px; box-sizing: border-box; }
.dt-app .jupyter-widget-html, .dt-app .widget-html, .dt-app .widget-html-content,
.dt-app .jupyter-widget-html-content { font-size: inherit; line-height: inherit; color: inherit; }
.dt-app a { color: #1a56b8; }
.dt-app .dt-app { max-width: none; }
.dt-titlebar { align-items: center; justify-content: space-between; border-bottom: 2px solid #2f6fd6; \
margin-bottom: 6px;
  gap: 8px; flex-wrap: wrap; }
.dt-nav { display: flex; align-items: baseline; gap: 10px; flex-wrap: wrap; }
.dt-nav .dt-home { font-weight: 600; text-decoration: none; }
.dt-nav .dt-home:hover, .dt-nav .dt-home:focus { text-decoration: underline; }
.dt-nav-sep { color: #5a6475; }
.dt-page-title { font-size: 1.4em; margin: 4px 0; }
.dt-title .widget-html-content { white-space: normal; }
.dt-game-name { font-weight: 700; font-size: 1.1em; }
.dt-sub { color: #4a5466; font-size: 0.95em; }
.dt-panel-title { margin: 0 0 4px 0; font-size: 1.05em; color: #2f3a4d; }
.dt-error { color: #a4161a; background: #fde8e8; border-radius: 4px; padding: 0 8px; }
.dt-error:empty, .dt-notice:empty { display: none; }
.dt-notice { color: #17416e; background: #e6f0fb; border-radius: 4px; padding: 0 8px; }
.dt-confirm { align-items: center; gap: 8px; flex-wrap: wrap; background: #fff4d6; border: 2px solid #c98a00;
  border-radius: 6px; padding: 4px 8px; margin: 4px 0; }
.dt-top { align-items: center; gap: 12px; flex-wrap: wrap; }
.dt-controls { flex-wrap: wrap; align-items: center; gap: 4px; }
.dt-controls .widget-button, .dt-controls .widget-toggle-button { width: auto; padding: 0 12px; }
.dt-next { font-weight: 600; }
.dt-status { color: #394150; }
.dt-main { align-items: flex-start; gap: 12px; flex-flow: row wrap; }
.dt-board { flex: 3 1 0%; min-width: 360px; }
.dt-side { flex: 2 1 0%; min-width: 300px; }
.dt-mode-bar { flex-wrap: wrap; align-items: center; gap: 8px; }
.dt-turn-map .dt-phases { display: flex; flex-wrap: wrap; gap: 4px; margin: 4px 0; }
.dt-phase { border: 1px solid #c4cbd8; border-radius: 12px; padding: 1px 10px; background: #f5f7fb; color: #3b4658;
  font-size: 0.9em; }
.dt-phase-current { background: #2f6fd6; color: #fff; border-color: #2f6fd6; font-weight: 600; }
.dt-board { background: #f3f5f9; border: 1px solid #d5dbe6; border-radius: 8px; padding: 6px 10px; \
box-sizing: border-box; }
.dt-board-top { display: flex; justify-content: space-between; color: #394150; font-size: 0.92em; }
.dt-player { border-top: 1px solid #d5dbe6; padding: 6px 0; }
.dt-player:first-of-type { border-top: none; }
.dt-player-head { display: flex; flex-wrap: wrap; align-items: baseline; gap: 8px; margin-bottom: 4px; }
.dt-player-name { font-weight: 700; font-size: 1.1em; }
.dt-active .dt-player-name::after { content: " ◀ to play"; color: #1a56b8; font-size: 0.8em; font-weight: 600; }
.dt-counter { background: #fff; border: 1px solid #c4cbd8; border-radius: 10px; padding: 0 8px; font-size: 0.9em; }
.dt-counter b { font-size: 1.05em; }
.dt-gauge { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 8px; padding: 4px 0; \
border-top: 1px solid #d5dbe6; }
.dt-gauge-name { font-size: 0.9em; color: #394150; }
.dt-gauge-end { font-size: 0.85em; color: #4a5466; font-weight: 600; }
.dt-gauge-marks { display: flex; gap: 2px; }
.dt-gauge-mark { min-width: 1.6em; text-align: center; border: 1px solid #c4cbd8; border-radius: 4px; \
font-size: 0.85em; background: #fff; }
.dt-gauge-p0 { background: #eef3fc; } .dt-gauge-p1 { background: #fcefee; } .dt-gauge-zero { background: #f0f0f0; \
font-weight: 700; }
.dt-gauge-lit { background: #2f6fd6; color: #fff; border-color: #2f6fd6; font-weight: 700; }
.dt-zones { display: flex; flex-wrap: wrap; gap: 6px 14px; }
.dt-zone { min-width: 90px; }
.dt-zone-wide { flex: 1 1 100%; }
.dt-zone-title { font-size: 0.85em; color: #4a5466; font-weight: 600; }
.dt-cards { display: flex; flex-wrap: wrap; gap: 6px; }
.dt-stack { display: flex; flex-direction: column; }
/* a card drawn as a card: coloured frame, level and name on top, type, the big number at the bottom */
.dt-card { position: relative; display: inline-block; vertical-align: top; }
.dt-card > summary { list-style: none; cursor: pointer; }
.dt-card > summary::-webkit-details-marker { display: none; }
.dt-face { width: 7.2em; height: 9.6em; box-sizing: border-box; border-radius: 0.45em; padding: 0.25em;
  background: var(--dt-frame, #8a94a6); box-shadow: 0 1px 3px rgba(0,0,0,.25); display: flex; flex-direction: column;
  font-size: 0.86em; color: #1d2330; }
.dt-face-in { flex: 1; background: #fff; border-radius: 0.3em; padding: 0.2em 0.3em; display: flex; \
flex-direction: column;
  overflow: hidden; }
.dt-face-top { display: flex; align-items: center; gap: 0.25em; }
.dt-level { background: #1d2330; color: #fff; border-radius: 0.3em; padding: 0 0.3em; font-size: 0.8em; \
font-weight: 700;
  white-space: nowrap; }
.dt-cost { margin-left: auto; background: #1a56b8; color: #fff; border-radius: 50%; min-width: 1.4em; \
text-align: center;
  font-weight: 700; font-size: 0.85em; }
.dt-card-name { font-weight: 700; line-height: 1.15; margin: 0.15em 0; overflow-wrap: anywhere; }
.dt-card-kind { font-size: 0.8em; color: #3b4658; }
.dt-card-attacks { display: flex; gap: 0.3em; font-size: 0.8em; }
.dt-card-foot { margin-top: auto; display: flex; align-items: baseline; justify-content: space-between; gap: 0.2em; }
.dt-power { font-size: 1.45em; font-weight: 800; line-height: 1; }
.dt-power-label { font-size: 0.7em; color: #4a5466; }
.dt-power-changed { color: #a4161a; }
.dt-power-printed { font-size: 0.7em; color: #4a5466; text-decoration: line-through; }
.dt-under { position: absolute; top: -0.5em; right: -0.5em; background: #1d2330; color: #fff; border-radius: 1em;
  padding: 0 0.45em; font-size: 0.75em; font-weight: 700; }
.dt-suspended > summary .dt-face { transform: rotate(90deg); margin: 0 1.2em; }
.dt-face-down .dt-face-in { background: repeating-linear-gradient(45deg, #dfe6f1, #dfe6f1 6px, #fff 6px, #fff 12px); }
.dt-card-back .dt-face { background: repeating-linear-gradient(45deg, #35507a, #35507a 6px, #3f5f8f 6px, #3f5f8f 12px);
  color: #fff; align-items: center; justify-content: center; font-weight: 700; width: 4.2em; cursor: default; }
.dt-card-full { position: absolute; z-index: 20; top: 0; left: 0; width: 20em; background: #fff; color: #1d2330;
  border: 3px solid var(--dt-frame, #8a94a6); border-radius: 0.5em; padding: 0.5em 0.7em; \
box-shadow: 0 4px 16px rgba(0,0,0,.35);
  font-size: 0.95em; }
.dt-card-full h4 { margin: 0 0 0.2em 0; font-size: 1.1em; }
.dt-card-full dl { display: grid; grid-template-columns: auto 1fr; gap: 0 0.6em; margin: 0.3em 0; }
.dt-card-full dt { font-weight: 600; color: #3b4658; }
.dt-card-full dd { margin: 0; }
.dt-card-full .dt-card-text { white-space: pre-wrap; }
.dt-pile { width: 4.6em; height: 6.2em; border: 1px dashed #6b7587; border-radius: 6px; display: flex; \
flex-direction: column;
  align-items: center; justify-content: center; background: #fff; font-size: 0.85em; text-align: center; }
.dt-pile b { font-size: 1.5em; }
.dt-empty { color: #5a6475; font-style: italic; font-size: 0.85em; }
.dt-panel { border: 1px solid #d5dbe6; border-radius: 8px; padding: 6px 10px; margin-bottom: 8px; background: #fff;
  box-sizing: border-box; }
.dt-lesson { background: #fffbea; border-color: #e9d98c; }
.dt-lesson-body { max-height: 13em; overflow: auto; }
.dt-lesson p { margin: 4px 0; }
.dt-step-head { color: #4a5466; font-size: 0.9em; }
.dt-narration { font-size: 1.12em; font-weight: 600; margin: 2px 0 6px 0; }
.dt-cite { margin: 6px 0; }
.dt-crumb { font-size: 0.88em; color: #4a5466; }
.dt-crumb code { background: #eef1f6; padding: 0 4px; border-radius: 3px; color: #2f3a4d; font-size: 0.9em; }
.dt-glossary { margin-top: 8px; font-size: 0.92em; }
.dt-glossary .dt-label { background: #4a5466; margin-right: 6px; }
.dt-term { display: inline-block; margin-right: 10px; vertical-align: top; }
.dt-term summary { cursor: pointer; color: #2f3a4d; text-decoration: underline dotted; }
.dt-quote { margin: 2px 0; padding: 4px 10px; border-left: 4px solid #2f6fd6; background: #f1f6fe; font-size: 1.08em;
  white-space: pre-wrap; font-family: Georgia, "Times New Roman", serif; }
.dt-interpretation .dt-quote { border-left: 4px dashed #b5651d; background: #fdf3e7; font-family: inherit; \
font-style: italic; }
.dt-label { display: inline-block; font-size: 0.75em; font-weight: 700; text-transform: uppercase; \
letter-spacing: 0.04em;
  padding: 0 6px; border-radius: 3px; background: #1a56b8; color: #fff; margin-right: 4px; }
.dt-interpretation .dt-label { background: #8f4c12; }
.dt-context { font-size: 0.9em; color: #3b4658; white-space: pre-wrap; background: #fafbfd; padding: 4px 8px;
  max-height: 16em; overflow: auto; }
.dt-md-list { margin: 2px 0; padding-left: 1.4em; }
.dt-more-rules { margin: 4px 0; }
.dt-more-rules > summary { font-size: 0.9em; font-weight: 600; }
.dt-context mark { background: #fff0a8; color: #1d2330; }
.dt-app details > summary { cursor: pointer; color: #1a56b8; }
.dt-cite details > summary, .dt-before { font-size: 0.9em; }
.dt-decision { border-color: #2f6fd6; border-width: 2px; }
.dt-prompt { font-weight: 600; }
.dt-keys-hint { font-weight: 400; font-size: 0.8em; color: #4a5466; margin-left: 6px; }
.dt-options { display: flex; flex-wrap: wrap; gap: 4px; margin: 4px 0; }
.dt-illegal-row { margin: 4px 0; }
.dt-why { display: inline-block; vertical-align: middle; margin-left: 6px; }
.dt-why[open] { display: block; margin: 2px 0 0 0; }
.dt-app .dt-option { width: auto; max-width: 100%; height: auto; min-height: 30px; white-space: normal; \
text-align: left;
  padding: 4px 10px; line-height: 1.3; }
.dt-option-suggested { outline: 3px solid #c98a00; }
.dt-option-taken { outline: 3px solid #2e7d4f; }
.dt-option-illegal { font-style: italic; }
.dt-app .dt-why-not { width: auto; padding: 0 8px; font-size: 0.9em; }
.dt-app .dt-option[disabled] { cursor: not-allowed; opacity: 0.7; }
.dt-reason { font-size: 0.92em; margin: 2px 0 2px 14px; }
.dt-timeline { width: 100%; }
.dt-timeline-head { align-items: center; gap: 8px; flex-wrap: wrap; }
.dt-timeline-title { display: inline; font-size: 1.05em; margin: 0 8px 0 0; }
.dt-timeline-hint, .dt-timeline-where { color: #4a5466; font-size: 0.9em; }
.dt-tl { list-style: none; margin: 0; padding: 0; max-height: 14em; overflow: auto; position: relative;
  border: 1px solid #d5dbe6; border-radius: 6px; background: #fff; }
.dt-tl-row { display: grid; grid-template-columns: 3.2em 13em 1fr; gap: 6px; width: 100%; text-align: left; \
font: inherit;
  color: inherit; background: none; border: 0; border-bottom: 1px solid #eef1f6; padding: 2px 8px; cursor: pointer; }
.dt-tl-row:hover, .dt-tl-row:focus { background: #eef4ff; }
.dt-tl-current { background: #dbe8ff; font-weight: 600; }
.dt-tl-n { text-align: right; color: #4a5466; }
.dt-tl-where { color: #3b4658; }
.dt-tl-text { white-space: normal; }
.dt-result { font-weight: 700; color: #1b6b3a; }
.dt-table { border-collapse: collapse; width: 100%; }
.dt-table th, .dt-table td { border: 1px solid #d5dbe6; padding: 6px 8px; vertical-align: top; text-align: left; }
.dt-table th { background: #eef1f6; }
.dt-lead { font-size: 1.1em; }
.dt-games { display: flex; flex-wrap: wrap; gap: 12px; }
.dt-game-card { width: 290px; border: 1px solid #d5dbe6; border-radius: 8px; padding: 8px 12px; background: #fff; }
.dt-game-card h3 { margin: 0 0 4px 0; }
.dt-links { display: flex; flex-wrap: wrap; gap: 6px; }
.dt-app a.dt-link { display: inline-block; padding: 2px 10px; border: 1px solid #1a56b8; border-radius: 14px; \
color: #1a56b8;
  text-decoration: none; font-weight: 600; }
.dt-app a.dt-link:hover, .dt-app a.dt-link:focus { background: #1a56b8; color: #fff; }
.dt-app a.dt-link-main { background: #1a56b8; color: #fff; }
.dt-apps li { margin: 6px 0; }
.dt-badge { white-space: nowrap; font-size: 0.75em; padding: 0 6px; border-radius: 8px; background: #dfe6f1; \
color: #394150; }
.dt-badge-ok { background: #d4f0dd; color: #1b6b3a; }
.dt-legal { color: #1b6b3a; font-weight: 700; }
.dt-illegal { color: #a4161a; font-weight: 700; }
.dt-deck-check .widget-textarea { width: auto; max-width: 100%; box-sizing: border-box; }
.dt-deck-check .widget-textarea textarea { font-family: ui-monospace, monospace; }
.dt-save a { font-weight: 600; }
/* presenter mode: large type, high contrast, the whole width, board + decision + rule on one screen */
body:has(.dt-presenting), body:has(.dt-presenting) .jp-Notebook, body:has(.dt-presenting) .jp-Cell,
body:has(.dt-presenting) .jp-OutputArea-output { background: #000 !important; }
body:has(.dt-presenting) #rendered_cells, body:has(.dt-presenting) .jp-Notebook,
body:has(.dt-presenting) .jp-Cell, body:has(.dt-presenting) .jp-OutputArea-output { padding: 0 !important; \
margin: 0 !important;
  max-width: none !important; }
body:has(.dt-presenting) .jp-OutputPrompt, body:has(.dt-presenting) .jp-InputPrompt { display: none; }
.dt-app.dt-presenting { font-size: 20px; background: #000; color: #fff; padding: 6px 10px; max-width: none; \
width: 100%; }
.dt-presenting .dt-app { font-size: inherit; color: #fff; }
.dt-presenting .widget-html-content, .dt-presenting .widget-label, .dt-presenting .widget-readout,
.dt-presenting .widget-inline-hbox .widget-label { font-size: inherit; color: #fff; }
.dt-presenting .dt-board, .dt-presenting .dt-panel, .dt-presenting .dt-pile,
.dt-presenting .dt-counter, .dt-presenting .dt-phase, .dt-presenting .dt-tl { background: #111; color: #fff; \
border-color: #bbb; }
.dt-presenting .dt-face-in, .dt-presenting .dt-card-full { background: #fff; color: #111; }
.dt-presenting .dt-zone-title, .dt-presenting .dt-crumb, .dt-presenting .dt-step-head, .dt-presenting .dt-status,
.dt-presenting .dt-board-top, .dt-presenting .dt-sub, .dt-presenting .dt-nav-sep, .dt-presenting .dt-keys-hint,
.dt-presenting .dt-timeline-hint, .dt-presenting .dt-timeline-where, .dt-presenting .dt-tl-n, \
.dt-presenting .dt-tl-where,
.dt-presenting .dt-empty { color: #e8e8e8; }
.dt-presenting h1, .dt-presenting h2, .dt-presenting h3, .dt-presenting .dt-panel-title, \
.dt-presenting .dt-timeline-title,
.dt-presenting .dt-narration, .dt-presenting .dt-prompt, .dt-presenting .dt-player-name { color: #fff; }
.dt-presenting a, .dt-presenting .dt-app a, .dt-presenting details > summary,
.dt-presenting .dt-active .dt-player-name::after { color: #ffd400; }
.dt-presenting .dt-phase-current { background: #ffd400; color: #000; border-color: #ffd400; }
.dt-presenting .dt-quote { background: #0b1a33; color: #fff; border-left-color: #ffd400; font-size: 1.2em; }
.dt-presenting .dt-interpretation .dt-quote { background: #2a1705; color: #fff; border-left-color: #ff9d3c; }
.dt-presenting .dt-crumb code { background: #222; color: #fff; }
.dt-presenting .dt-lesson { background: #1c1800; border-color: #ffd400; }
.dt-presenting .dt-context { background: #111; color: #ddd; }
.dt-presenting .dt-tl-row:hover, .dt-presenting .dt-tl-row:focus { background: #222; }
.dt-presenting .dt-tl-current { background: #333; color: #ffd400; }
.dt-presenting .widget-button, .dt-presenting .widget-toggle-button, .dt-presenting .widget-dropdown select,
.dt-presenting .widget-text input, .dt-presenting .widget-textarea textarea, .dt-presenting select {
  font-size: 18px; height: auto; min-height: 36px; }
.dt-presenting .dt-controls .widget-button, .dt-presenting .dt-controls .widget-toggle-button { min-height: 36px; }
.dt-presenting select { background: #111; color: #fff; }
.dt-presenting .dt-option-suggested { outline-color: #ffd400; }
.dt-presenting .dt-table th { background: #222; }
.dt-presenting .dt-table th, .dt-presenting .dt-table td { border-color: #666; }
.dt-presenting .dt-game-card { background: #111; }
.dt-presenting a.dt-link { border-color: #ffd400; color: #ffd400; }
.dt-presenting a.dt-link-main, .dt-presenting a.dt-link:hover, .dt-presenting a.dt-link:focus { background: #ffd400; \
color: #000; }
.dt-presenting .dt-badge { background: #333; color: #fff; }
.dt-presenting .dt-badge-ok { background: #14532d; color: #fff; }
.dt-presenting .dt-legal { color: #7ee2a0; }
.dt-presenting .dt-illegal, .dt-presenting .dt-error { color: #ffb4b4; background: #300; }
.dt-presenting .dt-notice { color: #cfe3ff; background: #0b1a33; }
.dt-presenting .dt-confirm { background: #2a1f00; }
/* one screen: board and side panels end at the window's bottom and scroll inside (the timeline comes after) */
.dt-presenting .dt-main { height: calc(100vh - var(--dt-main-top, 190px) - 6px); min-height: 320px; flex-wrap: nowrap;
  align-items: stretch; overflow: hidden; }
.dt-presenting .dt-board { flex: 1 1 0; min-width: 0; overflow: auto; font-size: 18px; }
.dt-presenting .dt-side { flex: 1 1 0; min-width: 0; display: flex; flex-direction: column; overflow: hidden; }
.dt-presenting .dt-side > .dt-lesson { flex: 0 0 auto; }
.dt-presenting .dt-lesson-body { max-height: calc((100vh - var(--dt-main-top, 190px)) * 0.27); }
.dt-presenting .dt-side > .dt-decision { flex: 0 1 auto; max-height: 40%; overflow: auto; }
.dt-presenting .dt-side > .dt-citation { flex: 1 1 0; min-height: 9em; overflow: auto; }
.dt-presenting .dt-citation .dt-step-head { display: none; }
.dt-presenting .dt-board .dt-player-name { font-size: 20px; }
.dt-presenting .dt-players { display: flex; flex-direction: column-reverse; }
.dt-presenting .dt-face { font-size: 14px; width: 9.2em; height: 9.4em; }
.dt-presenting .dt-face .dt-card-name { font-size: 18px; }
.dt-presenting .dt-face .dt-power { font-size: 24px; }
.dt-presenting .dt-pile { font-size: 14px; height: 4.6em; }
.dt-presenting .dt-zone-title, .dt-presenting .dt-counter { font-size: 18px; }
.dt-presenting .dt-citation .dt-crumb { font-size: 16px; }
.dt-presenting .dt-turn-map .dt-phases { margin: 2px 0; gap: 3px; }
.dt-presenting .dt-tl { max-height: 40vh; }
.dt-presenting .dt-turn-map .dt-phase { font-size: 14px; padding: 0 7px; }
.dt-presenting .dt-status { font-size: 16px; }
.dt-presenting .dt-tutor > .dt-title, .dt-presenting .dt-speed, .dt-presenting .dt-timeline-hint { display: none; }
.dt-presenting .dt-mode .widget-toggle-button, .dt-presenting .dt-mode-bar .widget-button,
.dt-presenting .dt-controls .widget-button, .dt-presenting .dt-controls .widget-toggle-button,
.dt-presenting .dt-timeline-head .widget-button { font-size: 16px; min-height: 32px; }
.dt-presenting .dt-titlebar { margin-bottom: 2px; }
.dt-presenting .dt-page-title { font-size: 1.1em; margin: 0; }
.dt-presenting .dt-panel { padding: 4px 8px; margin-bottom: 4px; }
/* hot-seat that keeps secrets (issue 24, item 1): the hand-over screen, the hidden-decision line, whose eyes */
.dt-handover { align-items: flex-start; max-width: 44em; margin: 24px auto; padding: 18px 22px; border-width: 2px;
  border-color: #2f6fd6; }
.dt-handover .dt-handover-title { font-size: 1.5em; margin-bottom: 8px; }
.dt-handover .dt-handover-help { color: #4a5568; font-size: 0.92em; }
.dt-handover .dt-handover-ready { font-size: 1.15em; min-height: 40px; padding: 0 18px; }
.dt-secret { background: #f3f0fa; border-left: 4px solid #6b4fbb; border-radius: 4px; padding: 4px 8px; \
margin-bottom: 6px; }
.dt-eyes { margin-left: 8px; padding: 0 6px; border-radius: 4px; background: #eef2f8; color: #2f3a4d; \
font-size: 0.9em; }
.dt-presenting .dt-handover .dt-handover-title { font-size: 30px; }
.dt-presenting .dt-handover p, .dt-presenting .dt-secret { font-size: 20px; }
.dt-presenting .dt-handover .dt-handover-help { color: #c9d3e3; }
.dt-presenting .dt-handover .dt-handover-ready { font-size: 22px; min-height: 48px; }
.dt-presenting .dt-secret { background: #1c1433; color: #efeaff; }
/* decisions you can scan (issue 24.4): the ★ suggestion first, options grouped by kind, copies folded */
.dt-options { flex-direction: column; align-items: stretch; }
.dt-option-group { display: flex; flex-wrap: wrap; gap: 4px; align-items: flex-start; }
.dt-group-title { flex-basis: 100%; font-size: 0.78em; font-weight: 700; text-transform: uppercase; \
letter-spacing: 0.04em;
  color: #4a5466; margin-top: 2px; }
/* dense enough that every option of a long list (DBE's Side Pile: 19) fits the side column of a 1366x768 laptop:
   no button margins, a title line as tall as its letters, the ★ group's title beside its button */
.dt-app .dt-decision .dt-options { gap: 2px; }
.dt-app .dt-decision .dt-option-group { gap: 3px 4px; align-items: center; }
.dt-app .dt-decision .dt-option { margin: 0; }
.dt-decision .dt-group-title { line-height: 1.2; margin-top: 1px; }
.dt-decision .dt-group-title-inline { flex-basis: auto; margin: 0 2px 0 0; order: -2; }
.dt-decision .dt-group-shared { text-transform: none; letter-spacing: 0; font-size: 0.9em; }
.dt-presenting .dt-decision .dt-group-shared { font-size: 20px; }
.dt-decision .dt-prompt { line-height: 1.3; }
.dt-app .dt-option-suggested { font-weight: 700; }
.dt-illegal .dt-group-title { margin-top: 4px; }
.dt-presenting .dt-group-title { color: #dfe6f2; font-size: 20px; }
/* rulings library search (issue 24.7): the search box, the result count, the list, a scenario's "complete" panel */
.dt-rulings .dt-found { align-self: center; margin-left: 8px; color: #3b4658; }
.dt-rulings .dt-scenario-list select { font-size: 0.95em; }
.dt-scenario-complete { border: 2px solid #2e7d4f; background: #f0faf3; }
.dt-presenting .dt-scenario-complete { border-color: #7ee2a0; background: #000; }
.dt-presenting.dt-rulings .dt-found { color: #fff; }
/* cards drawn to fit their text (issue 24, item 2; board.py card_html lays the text out for these sizes):
   every number whole, text cut only at a word (the whole text is the title and in the opened card), the face
   grows rather than clip when a font is wider than the one the text was fitted with */
.dt-face { width: 7.6em; height: auto; min-height: 9.6em; }
.dt-face-in { overflow: visible; min-width: 0; gap: 0.12em; }
.dt-face-in > * { flex: none; min-width: 0; }
.dt-face-top { display: flex; flex-wrap: wrap; align-items: center; gap: 0 0.3em; font-size: 0.78em; line-height: 1.3; }
.dt-face-top .dt-level { font-size: 1em; }
.dt-face-top .dt-card-kind { font-size: 1em; color: #3b4658; }
.dt-has-under .dt-face-top { padding-right: 1.7em; }  /* the badge's corner (turned: the top's start) */
.dt-under { top: -0.65em; right: -0.65em; z-index: 1; }
.dt-suspended.dt-has-under .dt-face-top { padding: 0 0 0 1.7em; }
.dt-top-stat { white-space: nowrap; color: #3b4658; }
.dt-face-top .dt-cost, .dt-evo-cost { font-size: 1em; white-space: nowrap; }
.dt-costs { margin-left: auto; display: flex; gap: 0.25em; white-space: nowrap; }
.dt-face-top .dt-cost { margin-left: 0; min-width: 1.5em; padding: 0 0.15em; border-radius: 0.75em; }
.dt-evo-cost { background: #eef1f6; color: #1d2330; border-radius: 0.3em; padding: 0 0.2em; font-weight: 700; }
.dt-card-name { margin: 0; overflow-wrap: anywhere; }
/* a smaller name or number: an inner span scaled from whatever size the board gives it; the outer box takes the
   inner span's line height (line-height 0) */
.dt-name-small, .dt-power-small { line-height: 0; }
.dt-name-86 { font-size: 0.86em; line-height: 1.15; } .dt-name-74 { font-size: 0.74em; line-height: 1.15; }
.dt-power-86 { font-size: 0.86em; line-height: 1.15; } .dt-power-72 { font-size: 0.72em; line-height: 1.15; }
.dt-face-body { display: flex; flex-direction: column; font-size: 0.74em; line-height: 1.2; }
.dt-attack, .dt-stat-row { display: flex; flex-wrap: wrap; align-items: baseline; gap: 0 0.3em; }
.dt-attack-mark { min-width: 1em; }
.dt-attack-power { white-space: nowrap; }
.dt-shorthand { text-decoration: underline dotted; cursor: help; white-space: nowrap; }
.dt-stat-row { justify-content: space-between; }
.dt-face-text { font-size: 0.973em; color: #2f3a4d; overflow-wrap: normal; }
.dt-card-foot { margin-top: auto; display: flex; align-items: flex-end; justify-content: space-between; gap: 0.2em; }
.dt-foot-side { display: flex; flex-direction: column; font-size: 0.7em; line-height: 1.2; color: #4a5466; }
.dt-foot-side .dt-power-label, .dt-foot-side .dt-power-printed { font-size: 1em; }
.dt-power { white-space: nowrap; line-height: 1.15; }
.dt-suspended > summary .dt-face { margin: 0 1em; }
.dt-card-full dt { white-space: nowrap; }
.dt-card-words { margin-top: 0.4em; }
.dt-card-words .dt-quote { font-size: 0.95em; }
.dt-card-word > summary { font-weight: 600; }
.dt-presenting .dt-card-full .dt-card-word > summary { color: #1a56b8; }
.dt-presenting .dt-card-full .dt-card-words .dt-crumb { color: #3b4658; }
.dt-face.dt-face-tall { min-height: 10.8em; }
/* (presenter mode's faces: the block "a board that fits, presenter mode", with the sizes cardface.PRESENTER restates) \
*/
/* follow mode (issue 27): the teacher's line saying how many attendees follow the board */
.dt-follow-count { font-weight: 600; color: #1b6b3a; }
.dt-presenting .dt-follow-count, .dt-presenting .dt-follow-count .widget-html-content { color: #7ee2a0; }
/* ---- a board that fits, presenter mode for the big games (issue 24, items 3 and 6) ----
   On a screen wide enough for two columns the board and the side panels (lesson, decision, rule now) end at the
   window's bottom and scroll inside, so the decision and the rule are never below the fold; the deciding seat's side
   is drawn first, full size, next to the decision, the other side compact after the gauge; piles are one tile. */
.dt-board .dt-players { display: flex; flex-direction: column; }
.dt-player.dt-far .dt-zones { font-size: 0.8em; }
.dt-player.dt-deciding .dt-player-name { text-decoration: underline 3px #2f6fd6; text-underline-offset: 4px; }
.dt-zones { gap: 4px 12px; }
.dt-zone { min-width: 0; }
.dt-zone-empty { flex: 1 1 100%; }
.dt-zone-empty .dt-zone-title { color: #4a5466; font-weight: 400; }
.dt-learn .dt-tutor > .dt-title { display: none; }
.dt-app .dt-option { min-height: 0; padding: 2px 8px; line-height: 1.25; }
.dt-options { gap: 3px; }
.dt-citation .dt-step-head:not(.dt-before) { display: none; }
.dt-board > .widget-html-content { min-width: 0; flex: 1 1 auto; }
.dt-gauge-marks { flex-wrap: wrap; }
.dt-pile { display: inline-flex; width: auto; min-width: 3.6em; max-width: 9em; height: auto; min-height: 3.2em; \
padding: 2px 6px; box-sizing: border-box;
  line-height: 1.15; }
.dt-pile span { font-size: 0.9em; overflow-wrap: break-word; }
.dt-pile-back { background: repeating-linear-gradient(45deg, #35507a, #35507a 6px, #3f5f8f 6px, #3f5f8f 12px); \
color: #fff;
  border: 1px solid #35507a; }
.dt-pile-card > summary { list-style: none; }
.dt-zone-pile { order: -1; max-width: 12em; }
.dt-zone-narrow { width: min-content; min-width: 3.6em; }
.dt-zone-narrow .dt-zone-title { overflow-wrap: normal; }
.dt-zone-narrow .dt-zone-count { white-space: nowrap; }
.dt-pile-top span { max-width: 6em; }
.dt-pile-list > summary { font-size: 0.85em; }
.dt-pile-list ol { margin: 2px 0; padding-left: 1.6em; max-height: 12em; overflow: auto; font-size: 0.9em; }
.dt-pile-top { border-style: solid; border-color: var(--dt-frame, #6b7587); border-width: 2px; }
.dt-cards .dt-pile-back { align-self: stretch; }
/* the whole card: a dialog over the page, never clipped by the board; the shade behind it closes it */
.dt-app .dt-card[open] > .dt-card-full { position: fixed; z-index: 1001; top: 50%; left: 50%; \
transform: translate(-50%, -50%);
  width: min(30em, calc(100vw - 24px)); max-height: calc(100vh - 24px); overflow: auto; box-sizing: border-box; \
font-size: 15px; }
.dt-app .dt-card[open] > .dt-card-full dl { grid-template-columns: minmax(5em, max-content) minmax(0, 1fr); }
.dt-app .dt-card[open] > .dt-card-full dt { white-space: nowrap; }
.dt-app .dt-card[open] > summary::before { content: ""; position: fixed; inset: 0; z-index: 1000; \
background: rgba(0, 0, 0, 0.45);
  cursor: zoom-out; }
.dt-lesson-body { max-height: none; }
@media (min-width: 900px) {
  .dt-tutor .dt-main { height: calc(100vh - var(--dt-main-top, 190px) - 8px); min-height: 380px; flex-wrap: nowrap;
    align-items: stretch; }
  .dt-tutor .dt-board { flex: 3 1 0%; min-width: 0; overflow: auto; }
  .dt-tutor .dt-side { flex: 2 1 0%; min-width: 0; display: flex; flex-direction: column; overflow: hidden; }
  .dt-tutor .dt-side > .dt-panel { margin-bottom: 6px; flex-shrink: 0; }
  .dt-tutor .dt-side > .dt-lesson { flex: 0 1000 auto; min-height: 4.5em; overflow: auto; }
  .dt-tutor .dt-side > .dt-decision { flex: 0 1 auto; min-height: 6em; overflow: auto; }
  .dt-tutor .dt-side > .dt-citation { flex: 1 0 9em; min-height: 9em; overflow: auto; }
}
/* presenter mode: every text at least 20px (card faces keep their name and number at 20px and more) */
.dt-app.dt-presenting { font-size: 20px; }
.dt-presenting .dt-board, .dt-presenting .dt-zone-title, .dt-presenting .dt-counter, \
.dt-presenting .dt-citation .dt-crumb,
.dt-presenting .dt-status, .dt-presenting .dt-turn-map .dt-phase, .dt-presenting .dt-gauge-name, \
.dt-presenting .dt-gauge-end,
.dt-presenting .dt-gauge-mark, .dt-presenting .dt-step-head, .dt-presenting .dt-keys-hint, .dt-presenting .dt-board-top,
.dt-presenting .dt-crumb, .dt-presenting .dt-label, .dt-presenting .dt-more-rules > summary, \
.dt-presenting .dt-glossary,
.dt-presenting .dt-cite details > summary, .dt-presenting .dt-before, .dt-presenting .dt-reason, \
.dt-presenting .dt-empty,
.dt-presenting .dt-pile, .dt-presenting .dt-pile span, .dt-presenting .dt-quote, .dt-presenting .dt-narration,
.dt-presenting .dt-timeline-where, .dt-presenting .dt-tl, .dt-presenting .dt-badge, .dt-presenting .dt-sub,
.dt-presenting .dt-under, .dt-presenting .dt-player.dt-far .dt-zones .dt-zone-title { font-size: 20px; }
.dt-presenting .widget-button, .dt-presenting .widget-toggle-button, .dt-presenting .widget-dropdown select,
.dt-presenting .widget-text input, .dt-presenting .widget-textarea textarea, .dt-presenting select,
.dt-presenting .dt-mode .widget-toggle-button, .dt-presenting .dt-mode-bar .widget-button,
.dt-presenting .dt-controls .widget-button, .dt-presenting .dt-controls .widget-toggle-button,
.dt-presenting .dt-timeline-head .widget-button, .dt-presenting .widget-label, .dt-presenting .dt-why-not { \
font-size: 20px; }
.dt-presenting .dt-controls .widget-button, .dt-presenting .dt-controls .widget-toggle-button,
.dt-presenting .dt-mode .widget-toggle-button { min-height: 34px; padding: 0 8px; }
.dt-presenting .dt-turn-map .dt-phase { padding: 0 6px; }
.dt-presenting .dt-board .dt-player-name { font-size: 22px; }
.dt-presenting .dt-players { flex-direction: column; }
/* presenter card faces (cardface.PRESENTER restates these sizes): name 20px, whole (it wraps, inside a long word
   too), big number 24px (20px at five digits); the face as tall as its content at these sizes (its
   --dt-presenter-face, from cardface.presenter_face); the face text is in the opened card, at 20px */
.dt-presenting .dt-face, .dt-presenting .dt-face.dt-face-tall { font-size: 15px; width: 9.8em; height: auto;
  min-height: max(9.6em, var(--dt-presenter-face, 0px)); }
.dt-presenting .dt-face .dt-card-name { font-size: 20px; overflow-wrap: anywhere; }
.dt-presenting .dt-face .dt-wb::before { content: "\\200B"; }
.dt-presenting .dt-face .dt-name-86, .dt-presenting .dt-face .dt-name-74 { font-size: 1em; }
.dt-presenting .dt-face .dt-power { font-size: 24px; }
.dt-presenting .dt-face .dt-power-72 { font-size: 20px; }
.dt-presenting .dt-face-text { display: none; }
.dt-presenting .dt-has-under .dt-face-top { padding-right: 30px; }
.dt-presenting .dt-suspended.dt-has-under .dt-face-top { padding: 0 0 0 30px; }
.dt-presenting .dt-player.dt-far .dt-zones { font-size: 0.75em; }
.dt-presenting .dt-pile { background: #111; color: #fff; height: auto; min-height: 2.4em; }
.dt-presenting .dt-pile-back { background: repeating-linear-gradient(45deg, #35507a, #35507a 6px, #3f5f8f 6px, \
#3f5f8f 12px); }
.dt-presenting .dt-app .dt-card[open] > .dt-card-full, .dt-app.dt-presenting .dt-card[open] > .dt-card-full { \
font-size: 20px;
  width: min(30em, calc(100vw - 24px)); }
.dt-presenting .dt-card-full .dt-named, .dt-presenting .dt-card-full dt { color: #1d2330; }
.dt-presenting .dt-quote { font-size: 22px; }
.dt-presenting .dt-crumb code, .dt-presenting .dt-pile-list > summary, .dt-presenting .dt-pile-list ol { \
font-size: 20px; }
.dt-presenting .dt-narration { font-size: 22px; }
.dt-presenting .dt-app .dt-option, .dt-app.dt-presenting .dt-option { font-size: 20px; min-height: 0; padding: 2px 8px;
  line-height: 1.25; }
.dt-presenting .dt-options { gap: 3px; margin: 2px 0; }
/* the memory gauge and the counters in presenter mode: dark text on light tiles, light labels on black */
.dt-presenting .dt-gauge { border-top-color: #bbb; }
.dt-presenting .dt-gauge-name, .dt-presenting .dt-gauge-name b, .dt-presenting .dt-gauge-end { color: #fff; }
.dt-presenting .dt-gauge-mark { color: #000; border-color: #888; min-width: 1.5em; }
.dt-presenting .dt-gauge-p0 { background: #cfe0ff; } .dt-presenting .dt-gauge-p1 { background: #ffd6d3; }
.dt-presenting .dt-gauge-zero { background: #e6e6e6; }
.dt-presenting .dt-gauge-lit { background: #ffd400; color: #000; border-color: #ffd400; outline: 2px solid #fff; }
.dt-presenting .dt-counter, .dt-presenting .dt-counter b { color: #fff; }
.dt-presenting .dt-zone-empty .dt-zone-title { color: #d0d0d0; }
.dt-presenting .dt-zone-count { display: none; }
.dt-presenting .dt-decision .dt-panel-title:has(+ .dt-prompt) { display: none; }
.dt-presenting .dt-gauge-marks { gap: 1px; }
.dt-presenting .dt-gauge-mark { min-width: 1.2em; padding: 0 1px; }
.dt-presenting .dt-board-top { display: none; }
@media (min-width: 900px) {
  .dt-presenting.dt-tutor .dt-main, .dt-presenting .dt-tutor .dt-main { height: calc(100vh - var(--dt-main-top, \
190px) - 6px);
    min-height: 320px; }
  .dt-presenting .dt-tutor .dt-board, .dt-presenting.dt-tutor .dt-board { flex: 1 1 0%; font-size: 20px; }
  .dt-presenting .dt-tutor .dt-side, .dt-presenting.dt-tutor .dt-side { flex: 1 1 0%; }
  .dt-presenting .dt-tutor .dt-side > .dt-lesson, .dt-presenting.dt-tutor .dt-side > .dt-lesson { min-height: 5.2em; }
  .dt-presenting .dt-tutor .dt-side > .dt-citation, .dt-presenting.dt-tutor .dt-side > .dt-citation { flex: 1 0 7.8em;
    min-height: 7.8em; }
  .dt-presenting .dt-side > .dt-lesson { flex: 0 1000 auto; min-height: 3.5em; overflow: auto; }
  .dt-presenting .dt-lesson-body { max-height: none; }
  .dt-presenting .dt-side > .dt-decision { flex: 0 1 auto; min-height: 5em; max-height: none; overflow: auto; }
  .dt-presenting .dt-side > .dt-citation { flex: 1 0 8em; min-height: 8em; overflow: auto; }
}
@media (max-width: 1400px) {
  .dt-presenting .dt-turn-map .dt-phase:not(.dt-phase-current) { display: none; }
  .dt-presenting .dt-face { font-size: 12px; }
  .dt-presenting .dt-tutor .dt-board, .dt-presenting.dt-tutor .dt-board { flex: 10 1 0%; }
  .dt-presenting .dt-tutor .dt-side, .dt-presenting.dt-tutor .dt-side { flex: 11 1 0%; }
}
@media (max-height: 800px) {
  .dt-presenting .dt-mode-bar, .dt-presenting .dt-counter-drawn { display: none; }
  .dt-presenting .dt-tutor .dt-side > .dt-lesson, .dt-presenting.dt-tutor .dt-side > .dt-lesson { min-height: 3.4em; }
  .dt-presenting .dt-tutor .dt-side > .dt-citation, .dt-presenting.dt-tutor .dt-side > .dt-citation { flex-basis: 8.6em;
    min-height: 8.6em; }
  .dt-presenting .dt-options .dt-option-suggested { order: -1; }
  .dt-presenting .dt-titlebar .widget-toggle-button { min-height: 30px; }
}
/* lesson questions (issue 25, widgets/questions.py): choices wrap, the verdict is coloured, focus is visible */
.dt-questions { background: #f3f7ff; border-color: #b9c9ea; }
.dt-tutor .dt-side > .dt-questions, .dt-presenting .dt-side > .dt-questions { flex: 0 0 auto; max-height: 45%;
  overflow: auto; }
.dt-question + .dt-question { border-top: 1px dashed #b9c9ea; margin-top: 6px; padding-top: 6px; }
.dt-questions .dt-q-toggle { background: #1d4ed8; color: #fff; font-weight: 600; white-space: normal; \
text-align: left; }
.dt-presenting .dt-questions .dt-q-toggle { background: #ffd54a; color: #000; }
.dt-q-head { margin: 2px 0 4px; } .dt-q-prompt { font-weight: 600; }
.dt-q-choices .dt-q-choice { white-space: normal; height: auto; min-height: 28px; text-align: left; line-height: 1.3;
  padding: 4px 8px; margin: 2px 0; }
.dt-q-choices .dt-q-choice:focus-visible { outline: 2px solid #1d4ed8; outline-offset: 1px; }
.dt-q-choices .dt-q-choice.dt-q-picked.dt-q-is-right { background: #dcf5e3; border: 1px solid #2f8f4e; color: #143d22; }
.dt-q-choices .dt-q-choice.dt-q-picked.dt-q-is-wrong { background: #fde2e1; border: 1px solid #b4312c; color: #5c1310; }
.dt-q-choices .dt-q-choice.dt-q-is-right:disabled { box-shadow: inset 4px 0 0 #2f8f4e; }
.dt-q-verdict { margin: 6px 0 2px; } .dt-q-verdict.dt-q-right { color: #1d6b38; } \
.dt-q-verdict.dt-q-wrong { color: #9b2520; }
.dt-q-answer { margin: 6px 0 2px; } .dt-q-answer ul { margin: 2px 0 2px 18px; padding: 0; }
.dt-q-answer > details > summary { cursor: pointer; color: #1d4ed8; }
.dt-presenting .dt-questions { background: #0d1626; border-color: #5b7bc0; }
/* terms explained where they appear (widgets/termlinks.py): a game word in lesson text, narration or card text shows
   its rulebook clause on hover (its title) and, tapped or focused, in a box in the text's flow (never clipped by a
   scrolling panel); no script */
.dt-termlink { cursor: help; }
.dt-term-word { text-decoration: underline dotted #5a6b8c; text-underline-offset: 0.15em; border-radius: 2px; }
.dt-termlink:focus { outline: none; }
.dt-termlink:focus > .dt-term-word { outline: 2px solid #2f6fdf; outline-offset: 1px; }
.dt-term-box { display: none; }
.dt-termlink:focus > .dt-term-box, .dt-termlink:focus-within > .dt-term-box { display: block; margin: 0.3em 0 0.4em;
  padding: 0.35em 0.55em; border-left: 3px solid #2f6fdf; background: #f3f6fc; color: #1d2330; font-size: 0.92em;
  font-weight: normal; font-style: normal; line-height: 1.35; text-align: left; white-space: normal; cursor: text; }
.dt-term-where { display: block; font-size: 0.85em; color: #4a5466; margin-bottom: 0.2em; }
.dt-term-where .dt-label { margin-right: 4px; }
.dt-term-where code { font-size: 0.95em; }
.dt-term-quote { display: block; white-space: pre-line; }
.dt-term-quote::before { content: "“"; }
.dt-term-quote::after { content: "”"; }
.dt-term-note { display: block; font-size: 0.85em; color: #4a5466; margin-top: 0.2em; }
.dt-presenting .dt-term-box { font-size: 0.8em; }
/* the course page and kept progress (issue 25): lessons in order, concepts, what is done, "Continue" */
.dt-course { gap: 6px; max-width: 1100px; }
.dt-course-summary h2 { margin-top: 4px; }
.dt-course-count { margin: 0; color: #394150; }
.dt-course .dt-continue { align-self: flex-start; font-weight: 600; max-width: 100%; white-space: normal; \
height: auto; min-height: 32px; }
.dt-course-list { gap: 6px; }
.dt-course-lesson { align-items: center; gap: 10px; border: 1px solid #d5dbe6; border-radius: 8px; padding: 6px 10px;
  background: #fff; }
.dt-course-lesson > .widget-html { flex: 1 1 auto; min-width: 0; }
.dt-course-lesson .widget-button { flex: 0 0 auto; }
.dt-course-row { display: flex; align-items: center; gap: 10px; flex-wrap: wrap; }
.dt-course-n { flex: 0 0 auto; min-width: 1.8em; height: 1.8em; line-height: 1.8em; border-radius: 0.9em; \
text-align: center;
  box-sizing: border-box; padding: 0 0.3em;
  background: #dfe6f1; color: #1d2330; font-weight: 700; }
.dt-course-what { flex: 1 1 16em; min-width: 0; }
.dt-course-title { margin: 0; font-size: 1.05em; }
.dt-concepts { list-style: none; margin: 2px 0 0 0; padding: 0; display: flex; flex-wrap: wrap; gap: 4px; }
.dt-concepts li { font-size: 0.85em; padding: 0 8px; border-radius: 10px; background: #eef1f6; color: #394150; }
.dt-course-state { display: flex; gap: 8px; flex-wrap: wrap; white-space: nowrap; }
.dt-course-done { color: #1b6b3a; font-weight: 700; }
.dt-course-next { color: #17416e; background: #e6f0fb; border-radius: 8px; padding: 0 6px; font-weight: 600; }
.dt-course-right { color: #394150; }
.dt-course-progress { margin: 0 0 6px 0; }
.dt-course-progress a.dt-course-link { text-decoration: underline; }
.dt-presenting .dt-course { max-width: none; }
.dt-presenting .dt-course-lesson { background: #111; border-color: #bbb; }
.dt-presenting .dt-course-n { background: #ffd400; color: #000; }
.dt-presenting .dt-concepts li { background: #222; color: #fff; }
.dt-presenting .dt-course-done { color: #7ee2a0; }
.dt-presenting .dt-course-next { color: #000; background: #ffd400; }
.dt-presenting .dt-course-count, .dt-presenting .dt-course-right { color: #e8e8e8; }
/* -- the judge's bench: the board editor (digitutor/widgets/editor.py, whynot.py) -- */
.dt-editor { gap: 4px; }
.dt-editor .widget-hbox { flex-wrap: wrap; gap: 4px 8px; align-items: center; }
.dt-editor-settings { border: 1px solid #d7dce3; border-radius: 6px; padding: 4px 6px; background: #f7f9fb; }
.dt-editor-check { margin: 4px 0; }
.dt-editor-ok { color: #145c2e; background: #e3f4e8; border-radius: 4px; padding: 2px 8px; display: inline-block; }
.dt-editor-refused { color: #7a1013; background: #fde8e8; border-left: 4px solid #a4161a; border-radius: 4px; \
padding: 4px 8px; }
.dt-editor-notes { font-size: 0.92em; color: #4a5261; margin: 2px 0; }
.dt-editor-defaults { font-size: 0.92em; color: #4a5261; margin: 2px 0; }
.dt-editor-yaml textarea { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 0.9em; }
.dt-editor-shared input { width: min(760px, 96%); font-family: ui-monospace, Menlo, Consolas, monospace; \
font-size: 0.85em; }
.dt-whynot { border-top: 1px solid #d7dce3; margin-top: 6px; padding-top: 4px; }
.dt-bench > .widget-button, .dt-to-bench { width: auto; align-self: flex-start; }
.dt-presenting .dt-editor-settings { background: #111; border-color: #444; }
.dt-presenting .dt-editor-ok { color: #b8f5c8; background: #0d2b17; }
.dt-presenting .dt-editor-refused { color: #ffb4b4; background: #300; }
.dt-presenting .dt-editor-notes, .dt-presenting .dt-editor-defaults { color: #d0d0d0; }
/* ---- presenter mode at 1024x768 (issue 24's last gaps): the deciding side and every option on one screen ----
   In a window up to 1400 px wide, the big games' faces (board.CHIP_GAMES: .dt-chips) are one-line chips — level,
   name at 20 px, big number at 20 px, whole; the rest of the card one click away in its dialog — flowing two or
   three to a row; piles are one line high. */
@media (max-width: 1400px) {
  .dt-presenting .dt-chips .dt-card { max-width: 100%; }
  .dt-presenting .dt-chips .dt-zone-narrow:not(.dt-zone-pile) { width: auto; max-width: 100%; }
  .dt-presenting .dt-chips .dt-card > summary .dt-face, .dt-presenting .dt-chips .dt-face.dt-face-tall {
    width: auto; height: auto; min-height: 0; padding: 2px; font-size: 14px; border-radius: 6px; }
  .dt-presenting .dt-chips .dt-face-in { flex-direction: row; align-items: center; gap: 0 5px; padding: 0 5px;
    overflow: visible; border-radius: 4px; }
  .dt-presenting .dt-chips .dt-face-top { display: contents; }
  .dt-presenting .dt-chips .dt-face-top > :not(.dt-level), .dt-presenting .dt-chips .dt-face-body,
  .dt-presenting .dt-chips .dt-foot-side { display: none; }
  .dt-presenting .dt-chips .dt-level { font-size: 14px; align-self: center; }
  .dt-presenting .dt-chips .dt-face .dt-card-name { flex: 1 1 auto; min-width: 0; margin: 0; line-height: 1.15; }
  .dt-presenting .dt-chips .dt-card-foot { margin: 0 0 0 auto; flex: none; align-items: center; }
  .dt-presenting .dt-chips .dt-face .dt-power, .dt-presenting .dt-chips .dt-face .dt-power-86,
  .dt-presenting .dt-chips .dt-face .dt-power-72 { font-size: 20px; line-height: 1.15; }
  .dt-presenting .dt-chips .dt-card > summary { display: flex; align-items: center; }
  .dt-presenting .dt-chips .dt-under { position: static; order: 1; margin-left: 2px; }
  .dt-presenting .dt-chips .dt-suspended > summary .dt-face { transform: none; margin: 0; }
  .dt-presenting .dt-chips .dt-suspended .dt-face-in { background: repeating-linear-gradient(90deg, #fff, #fff 10px, \
#e4e4e4 10px, #e4e4e4 12px); }
  .dt-presenting .dt-chips .dt-cards { gap: 4px; }
  .dt-presenting .dt-chips .dt-zone-title { line-height: 1.2; }
  .dt-presenting .dt-chips .dt-pile { min-height: 0; padding: 0 6px; }
  .dt-presenting .dt-chips .dt-zone-pile { display: flex; align-items: center; gap: 6px; width: auto; }
  .dt-presenting .dt-chips .dt-zone-pile .dt-pile { flex-direction: row; gap: 6px; }
  .dt-presenting .dt-chips .dt-pile-top span { max-width: 8em; }
  .dt-presenting .dt-option-detail, .dt-presenting .dt-decision .dt-keys-hint { display: none; }
  .dt-presenting .dt-tutor .dt-side > .dt-decision { padding: 4px 8px; }
  .dt-presenting .dt-decision .dt-group-title-inline { display: none; }
  .dt-presenting .dt-citation h2.dt-panel-title { display: none; }
  .dt-presenting .dt-decision .dt-group-title { flex-basis: auto; text-transform: none; letter-spacing: 0; \
margin: 0 2px 0 0; }
  .dt-presenting .dt-decision .dt-group-title::after { content: ":"; }
  .dt-presenting .dt-decision .dt-group-shared { flex-basis: 100%; }
  .dt-presenting .dt-decision .dt-group-shared::after { content: none; }
  .dt-app.dt-presenting .dt-option, .dt-presenting .dt-app .dt-option { padding: 1px 6px; line-height: 1.2; }
  .dt-app.dt-presenting .dt-decision .dt-option-group { gap: 2px 4px; }
}
@media (max-width: 1400px) and (min-width: 900px) and (max-height: 800px) {
  .dt-presenting .dt-tutor .dt-side > .dt-citation, .dt-presenting.dt-tutor .dt-side > .dt-citation { flex-basis: 7.2em;
    min-height: 7.2em; }
  .dt-presenting .dt-tutor .dt-side > .dt-lesson, .dt-presenting.dt-tutor .dt-side > .dt-lesson { min-height: 2.6em; }
}
/* --- the exercise panel (dt-exercise, widgets/exercise_panel.py) and the course page's exercise stars --- */
.dt-exercise { background: #eef6ff; border-color: #8fb6e8; flex: 0 0 auto; }
.dt-exercise .dt-ex-body { max-height: 22em; overflow-y: auto; }
.dt-exercise .dt-ex-goal p, .dt-exercise .dt-ex-hint-text p { margin: 2px 0; }
.dt-ex-stars { color: #c98a00; letter-spacing: 1px; white-space: nowrap; }
.dt-ex-tries { font-size: 0.8em; color: #5b6472; font-weight: normal; }
.dt-ex-hint-text { margin: 4px 0; padding: 2px 6px; background: #fff8d6; border-radius: 4px; }
.dt-ex-go { margin-top: 4px; font-weight: 600; color: #1f4f8a; }
.dt-ex-verdict { margin-top: 6px; padding: 4px 8px; border-radius: 6px; border-left: 5px solid; }
.dt-ex-solved { background: #ecf8ee; border-color: #2f9a46; }
.dt-ex-failed { background: #fdeeee; border-color: #c0392b; }
.dt-ex-head { margin: 0 0 2px 0; font-size: 1.05em; }
.dt-ex-decided { font-size: 0.9em; color: #3b4556; }
.dt-ex-shown ol { margin: 2px 0; padding-left: 1.4em; }
.dt-ex-buttons { flex-wrap: wrap; gap: 4px; }
.dt-course-exercises { list-style: none; margin: 2px 0 0 0; padding: 0; font-size: 0.9em; }
.dt-presenting .dt-exercise { background: #0b1a2e; border-color: #5aa0ff; }
.dt-presenting .dt-ex-solved { background: #0d2a14; }
.dt-presenting .dt-ex-failed { background: #2e0d0d; }
.dt-presenting .dt-ex-hint-text { background: #2a2400; }
.dt-presenting .dt-ex-go, .dt-presenting .dt-ex-decided, .dt-presenting .dt-ex-tries { color: inherit; }
/* --- end of the exercise panel's block --- */
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


#: frame colours for the card colours the games name (DCG, Arena); other kinds get a stable hue
COLOURS = {
    "red": "#d2342b",
    "blue": "#1f6fd1",
    "yellow": "#e0b300",
    "green": "#2f9a46",
    "black": "#2b2b2b",
    "purple": "#7b3fb5",
    "white": "#c9ced6",
    "orange": "#e07a1f",
}


def frame_colour(kind: str) -> str:
    """A card's frame colour: its own colour when it names one, else a stable hue for its kind."""
    return COLOURS.get(kind.strip().lower(), kind_colour(kind))


def paragraphs(text: str) -> str:
    """Plain lesson text -> escaped HTML paragraphs."""
    return "".join(f"<p>{esc(part.strip())}</p>" for part in text.split("\n\n") if part.strip())

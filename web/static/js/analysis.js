// Engine lines: the server's analysis of the position shown (GET
// /api/analyse, server-sent events, docs/BOARD.md), drawn as a gauge
// beside the board and the N best lines with their depth and speed. A
// line's moves can be clicked to play it out into the tree. Analysis runs
// while it is switched on (button or key "l") and follows the position.

import { study, onShow, playLine } from "./study.js";
import { bind } from "./keys.js";
import { forWhite, share, label } from "./score.js";
import { moveNumber } from "./movelist.js";
import { write } from "./squares.js";
import { rove } from "./roving.js";

const $ = (id) => document.getElementById(id);

let on = false;
let source = null; // the EventSource of the position shown
let pausedBy = null; // what holds analysis off (game review), or null
let pending = null; // where the focus goes when the lines are drawn again
let left = false; // the page is left (pagehide), until it is shown again

// analyseURL returns the address of the analysis of the moves from the
// study's start, with extra parameters.
export function analyseURL(moves, extra) {
  const q = new URLSearchParams({ variant: study.variant, fen: study.fen, moves: moves.join(" "), ...extra });
  return "/api/analyse?" + q.toString();
}

// stream opens the analysis at url and calls onEvent with each event's
// data; onError gets the reason when the stream fails. It returns the
// function that closes it. The stream is closed on its final event, before
// EventSource would reconnect and start the analysis again, and when the
// connection is lost: EventSource would try again every few seconds for
// as long as the server is away, and the page would wait without a word.
export function stream(url, onEvent, onError) {
  const es = new EventSource(url);
  es.onmessage = (e) => {
    let data;
    try {
      data = JSON.parse(e.data);
    } catch {
      es.close();
      onError("the server sent an event that is not JSON");
      return;
    }
    if (data.final) es.close();
    if (data.error) onError(data.error);
    else onEvent(data);
  };
  es.onerror = async () => {
    if (es.readyState !== EventSource.CLOSED) {
      es.close();
      onError("the connection to the server was lost");
      return;
    }
    // EventSource does not show an error answer's body: ask again for it,
    // and drop the stream should this time one begin.
    const ctl = new AbortController();
    try {
      const res = await fetch(url, { signal: ctl.signal });
      const body = res.ok ? {} : await res.json().catch(() => ({}));
      onError(body.error || `the analysis stopped (${res.status} ${res.statusText})`);
    } catch (err) {
      onError("the analysis stopped: " + err.message);
    } finally {
      ctl.abort();
    }
  };
  return () => es.close();
}

function stop() {
  if (source) source();
  source = null;
}

// start analyses the position shown, if analysis is on.
function start() {
  stop();
  // A move of a line played (or a move on): the focus goes back into the
  // lines when they come.
  pending = focusedMove($("pv-lines")) || pending;
  const list = $("pv-lines");
  const room = list.children.length > 0 ? list.getBoundingClientRect().height : 0;
  list.replaceChildren();
  list.style.minHeight = "";
  const st = study.state;
  if (!on || pausedBy || st.over) {
    // No evaluation comes: the gauge shows none.
    setGauge(null);
    if (on && !pausedBy) $("analysis-info").textContent = "The game is over.";
    return;
  }
  $("analysis-info").textContent = "Thinking…";
  // The lines' room is kept until the new lines come, so what is under
  // them does not jump up and back down at each move.
  if (room > 0) list.style.minHeight = `${room}px`;
  const node = study.cur;
  awaitGauge(node);
  source = stream(
    analyseURL(node.path(), { lines: $("lines-count").value }),
    (data) => node === study.cur && showLines(data, st.turn, node),
    (why) => {
      if (node !== study.cur) return;
      $("analysis-info").textContent = "Analysis: " + why;
      list.style.minHeight = "";
      if (gaugeNode !== node) setGauge(null); // none will come
    },
  );
}

// gaugeNode is the node whose evaluation the gauge shows (null: none),
// and gaugeText that evaluation as it is said.
let gaugeNode = null;
let gaugeText = "";

// setGauge shows White's evaluation, in men (null: none yet), of the
// node's position, and says it as text the way the lines write it (said,
// "+0.35", "White wins in 7"), for a screen reader, which would read the
// bare number otherwise.
function setGauge(white, said, node = null) {
  const g = $("gauge");
  // Switched off, the gauge keeps its place: the board does not move or
  // shrink as the analysis starts and stops.
  g.style.visibility = on ? "" : "hidden";
  const s = white === null ? 0.5 : share(white);
  $("gauge-white").style.height = `${(s * 100).toFixed(1)}%`;
  g.setAttribute("aria-valuenow", white === null ? "0" : white.toFixed(2));
  const text = white === null ? "" : /wins/.test(said) ? said : `${said} for White`;
  g.setAttribute("aria-valuetext", text || "no evaluation yet");
  g.title = text;
  g.classList.remove("pending");
  g.removeAttribute("aria-busy");
  gaugeNode = white === null ? null : node;
  gaugeText = text;
}

// awaitGauge readies the gauge for the analysis of node. The gauge keeps
// the last evaluation until node's first comes: its bar stays where it
// was, and the new evaluation moves it on from there, as on lichess,
// rather than from the middle and back at every move. When that
// evaluation is another position's, the gauge is marked as waiting: it is
// dimmed (after a moment, so that stepping through moves does not
// flicker), busy, and its text says there is no evaluation of this
// position yet, never the other position's as if it were this one's.
function awaitGauge(node) {
  const g = $("gauge");
  const other = gaugeNode !== null && gaugeNode !== node;
  g.classList.toggle("pending", other);
  if (gaugeNode !== node) g.setAttribute("aria-busy", "true");
  else g.removeAttribute("aria-busy");
  if (gaugeNode === null) return; // it shows none: "no evaluation yet" holds
  const text = other ? "no evaluation of this position yet" : gaugeText;
  g.setAttribute("aria-valuetext", text);
  g.title = other ? `${text} (the bar shows the last one: ${gaugeText})` : text;
}

function showLines(data, turn, node) {
  const speed = data.nps >= 1e6 ? `${(data.nps / 1e6).toFixed(1)} M` : `${Math.round(data.nps / 1e3)} k`;
  $("analysis-info").textContent = `depth ${data.depth}/${data.seldepth} · ${speed} positions/s · ${data.nodes} positions${data.final ? " · done" : ""}`;
  const list = $("pv-lines");
  const focus = focusedMove(list) || pending;
  pending = null;
  list.replaceChildren();
  list.style.minHeight = "";
  const blackFirst = study.state.startTurn === "black";
  for (const line of data.lines) {
    const li = document.createElement("li");
    const score = document.createElement("span");
    score.className = "score";
    score.textContent = label(line.score, turn);
    li.append(score);
    line.pv.forEach((m, i) => {
      const ply = node.ply + i;
      const white = (ply + (blackFirst ? 1 : 0)) % 2 === 0;
      const b = document.createElement("button");
      b.className = "pv-move";
      b.tabIndex = -1; // the lines are one Tab stop (rove)
      b.textContent = write(m);
      b.title = "play the line to here";
      b.addEventListener("click", () => playLine(line.pv.slice(0, i + 1)));
      // A move number stays on the row of its move when the line wraps.
      if (i === 0 || white) {
        const step = document.createElement("span");
        step.className = "pv-step";
        step.append(moveNumber(ply, blackFirst), " ", b);
        li.append(" ", step);
      } else li.append(" ", b);
    });
    list.append(li);
  }
  if (data.lines.length > 0) setGauge(forWhite(data.lines[0].score, turn), label(data.lines[0].score, turn), node);
  refocus(list, focus);
  settleTabStop();
}

// settleTabStop gives the lines' one Tab stop to the move with the focus,
// or to the first line's first move (rove).
let settleTabStop = () => {};

// focusedMove returns where in the lines the focus is, [line, move], or
// null; refocus puts it back there (or as near as the lines now go).
function focusedMove(list) {
  const b = document.activeElement;
  if (!b || !list.contains(b)) return null;
  const li = b.closest("li");
  return [[...list.children].indexOf(li), [...li.querySelectorAll(".pv-move")].indexOf(b)];
}
function refocus(list, at) {
  if (!at || list.children.length === 0) return;
  const li = list.children[Math.min(at[0], list.children.length - 1)];
  const ms = li.querySelectorAll(".pv-move");
  if (ms.length > 0) ms[Math.min(at[1], ms.length - 1)].focus({ preventScroll: true });
}

export function toggle() {
  on = !on;
  $("analyse").textContent = on ? "Stop analysis" : "Analyse";
  $("analyse").setAttribute("aria-pressed", String(on));
  if (!on) {
    stop();
    pending = null;
    $("analysis-info").textContent = "";
    $("pv-lines").replaceChildren();
    $("pv-lines").style.minHeight = "";
  }
  setGauge(null);
  if (on) start();
}

// pause holds analysis off while who (game review) uses the engine, and
// resume lets it go on: at once, or, when the page has been left (a
// review ended by pagehide), once it is shown again.
export function pause(who) {
  pausedBy = who;
  stop();
}
export function resume() {
  pausedBy = null;
  if (on && !left) start();
}

export function initAnalysis(engine) {
  $("analysis").hidden = !engine;
  if (!engine) return;
  $("gauge").hidden = false;
  setGauge(null);
  settleTabStop = rove($("pv-lines"), ".pv-move", () => null, (move) => move.closest("li"));
  $("analyse").addEventListener("click", toggle);
  $("lines-count").addEventListener("change", () => on && start());
  bind("l", toggle);
  onShow(() => on && start());
  // A page left while it analyses ends its analysis: the browser may keep
  // the page, its stream open, for its back button (another address
  // opened in the tab), and the search would hold one of the server's
  // engines for as long as it may run (minutes). Back on the page, the
  // analysis goes on.
  window.addEventListener("pagehide", () => {
    left = true;
    stop();
  });
  window.addEventListener("pageshow", (e) => {
    left = false;
    if (e.persisted && on) start();
  });
}

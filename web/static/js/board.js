// The board: the server's picture of the position, and choosing a move with
// the mouse. The page knows no rules: the server sends every legal move with
// its path, and the board only matches the player's clicks against them.

import { study, play } from "./study.js";
import { setStatus, onError } from "./status.js";
import { learn, write } from "./squares.js";
import { bind } from "./keys.js";

const $ = (id) => document.getElementById(id);

// selection is { from: "c3", clicks: ["e5", ...] } while a move is chosen.
export let selection = null;

// blocked, when it returns true, keeps the player from moving (the engine is
// thinking, the clock ran out).
let blocked = () => false;
export function setBlocked(fn) {
  blocked = fn;
}

// squareHandler, when set, takes the clicks on squares instead of the
// move choosing (the position editor).
let squareHandler = null;
export function setSquareHandler(fn) {
  squareHandler = fn;
  clearSelection();
}

// draw shows a state on the board: the study's, or another's (the editor's).
export function draw(st = study.state) {
  selection = null;
  const doc = new DOMParser().parseFromString(st.svg, "image/svg+xml");
  const board = $("board");
  board.replaceChildren(document.importNode(doc.documentElement, true));
  board.dataset.fen = st.fen;
  learn(st);
  hideChoices();
  alignBeside();
}

// alignBeside measures the board's squares, from the top of the top row
// to the bottom of the bottom row (not the coordinates' room above and
// below, nor the room above for tall towers), for what stands beside
// them: the gauge, and the clocks on a wide screen. It sets them as CSS
// variables of #board-box, --squares-top (from the box's top) and
// --squares-height.
function alignBeside() {
  const squares = document.querySelector("#board svg g.squares");
  if (!squares) return;
  const box = $("board-box");
  const r = squares.getBoundingClientRect();
  box.style.setProperty("--squares-top", `${r.top - box.getBoundingClientRect().top}px`);
  box.style.setProperty("--squares-height", `${r.height}px`);
}

// match lays the clicked squares along the move's path, after its start, in
// order (a click may skip landings). It returns null when they do not fit,
// otherwise where the last click fell and how many clicks, from the first,
// follow the path exactly.
function match(move, clicks) {
  let i = 1;
  let exact = 0;
  for (const sq of clicks) {
    while (i < move.path.length && move.path[i] !== sq) i++;
    if (i >= move.path.length) return null;
    if (i === exact + 1) exact++;
    i++;
  }
  return { last: i - 1, exact };
}

// candidates are the legal moves from `from` that fit the clicks; of those,
// the ones that follow the clicks exactly for longest win, so clicking the
// landings one by one picks out one route among several.
function candidates(from, clicks) {
  const fits = [];
  for (const m of study.state.legal) {
    if (m.from !== from) continue;
    const at = match(m, clicks);
    if (at) fits.push({ move: m, at });
  }
  const best = Math.max(0, ...fits.map((f) => f.at.exact));
  return fits.filter((f) => f.at.exact === best);
}

function onSquare(sq) {
  const st = study.state;
  if (!st || st.over || blocked()) return;
  if (!selection) {
    select(sq);
    return;
  }
  const clicks = selection.clicks.concat([sq]);
  const cands = candidates(selection.from, clicks).map((f) => f.move);
  if (cands.length === 0) {
    // Not a continuation: another tower of the side to move, or nothing
    // (clicking the selected tower again lets it go).
    if (sq === selection.from) clearSelection();
    else select(sq);
    return;
  }
  if (cands.length === 1) {
    playMove(cands[0].text);
    return;
  }
  selection.clicks = clicks;
  mark();
  if (cands.some((m) => m.to === sq)) offerChoices(cands);
}

function select(sq) {
  const st = study.state;
  if (!st.legal.some((m) => m.from === sq)) {
    clearSelection();
    if (st.legal.length > 0) setStatus(`No legal move starts on ${sq}. ${st.status}.`);
    return;
  }
  selection = { from: sq, clicks: [] };
  hideChoices();
  setStatus(st.status);
  mark();
}

export function clearSelection() {
  selection = null;
  hideChoices();
  mark();
}

// hideChoices takes down the box of captures; the focus, when in it, goes
// to the status line, which says what the position is now.
function hideChoices() {
  const box = $("choices");
  const had = box.contains(document.activeElement);
  box.hidden = true;
  if (had) $("status").focus();
}

// mark colours the selected square, the next squares the moves that fit the
// clicks can go to, and their final squares.
function mark() {
  const board = $("board");
  for (const el of board.querySelectorAll(".sel, .next, .dest")) {
    el.classList.remove("sel", "next", "dest");
  }
  if (!selection) return;
  const add = (sq, cls) => {
    for (const el of board.querySelectorAll(`[data-square="${sq}"]`)) el.classList.add(cls);
  };
  add(selection.from, "sel");
  for (const { move, at } of candidates(selection.from, selection.clicks)) {
    const next = selection.clicks.length === 0 ? 1 : at.last + 1;
    if (next < move.path.length) add(move.path[next], "next");
    add(move.to, "dest");
  }
}

function offerChoices(cands) {
  const box = $("choice-buttons");
  box.replaceChildren();
  for (const m of cands) {
    const b = document.createElement("button");
    b.textContent = write(m.text);
    b.addEventListener("click", () => playMove(m.text));
    // Pointing at a choice shows its route on the board.
    b.addEventListener("mouseenter", () => showRoute(m));
    b.addEventListener("focus", () => showRoute(m));
    b.addEventListener("mouseleave", mark);
    box.appendChild(b);
  }
  // The box takes the focus, so a screen reader says its question and the
  // keyboard is at its choices (Tab to one, Enter; Escape for none).
  $("choices").hidden = false;
  $("choices").focus();
}

function showRoute(move) {
  mark();
  for (const sq of move.path.slice(1)) {
    for (const el of $("board").querySelectorAll(`rect.sq[data-square="${sq}"]`)) el.classList.add("next");
  }
}

// playMove plays a move chosen on the board or typed; an error leaves no
// choice box standing.
export function playMove(text) {
  clearSelection();
  if (blocked()) return Promise.resolve(false);
  return play(text);
}

export function initBoard() {
  new ResizeObserver(alignBeside).observe($("board"));
  $("board").addEventListener("click", (e) => {
    const el = e.target.closest("[data-square]");
    if (!el) return;
    if (squareHandler) squareHandler(el.dataset.square);
    else onSquare(el.dataset.square);
  });
  // After an error no choice box stands for a question no longer asked.
  onError(clearSelection);
  // Escape lets the tower chosen go, and takes down the choice box.
  bind("Escape", clearSelection);
}

// The board: the server's picture of the position, and choosing a move with
// the mouse or the keyboard (the board is one Tab stop, with a cursor on a
// square that the arrow keys move and Enter or Space clicks). The page
// knows no rules: the server sends every legal move with its path, and the
// board only matches the player's clicks against them.

import { study, play } from "./study.js";
import { setStatus, onError } from "./status.js";
import { learn, write } from "./squares.js";
import { bind, keepMouseOut } from "./keys.js";

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
  showCursor();
  // What now stands on the cursor's square (a move played, a piece set
  // up in the editor) is said while the keyboard is on the board.
  if (document.activeElement === board) sayCursor();
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

// choicesFrom is the board when the box of captures opened from its
// cursor (Enter on a landing), so that the keyboard goes back to it.
let choicesFrom = null;

// hideChoices takes down the box of captures; the focus, when in it, goes
// back to the board when the box opened from its cursor, and otherwise to
// the status line, which says what the position is now.
function hideChoices() {
  const box = $("choices");
  const had = box.contains(document.activeElement);
  box.hidden = true;
  if (had) (choicesFrom || $("status")).focus();
  choicesFrom = null;
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
  choicesFrom = document.activeElement === $("board") ? $("board") : null;
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

// press is a click on a square, by the mouse or the cursor: a move
// chosen, or the editor's tool applied.
function press(sq) {
  cursor = sq;
  goal = null;
  showCursor();
  if (squareHandler) squareHandler(sq);
  else onSquare(sq);
}

// --- the keyboard's cursor --------------------------------------------------

// cursor is the square the keyboard is on (its name), shown while the
// board has the focus; goal is the column that the up and down arrows
// keep to: the squares of the rows above and below stand a column to
// either side, and going up and down again comes back to the column left
// from.
let cursor = null;
let goal = null;

// squareBoxes returns the board's playable squares as drawn, each with
// its column and row in the picture, counted from its top left (the
// server draws a flipped board flipped).
function squareBoxes() {
  const rects = [...$("board").querySelectorAll("rect.sq")];
  const at = (r, k) => Number(r.getAttribute(k));
  const left = Math.min(...rects.map((r) => at(r, "x")));
  const top = Math.min(...rects.map((r) => at(r, "y")));
  return rects.map((r) => ({
    sq: r.dataset.square,
    x: Math.round((at(r, "x") - left) / at(r, "width")),
    y: Math.round((at(r, "y") - top) / at(r, "height")),
    rect: r,
  }));
}

// startSquare is where the cursor starts: the tower chosen, or one that
// can move, or the bottom row's first square.
function startSquare(boxes) {
  const on = (sq) => sq && boxes.some((b) => b.sq === sq);
  const st = study.state;
  const movable = st && st.legal.length > 0 ? st.legal[0].from : null;
  if (selection && on(selection.from)) return selection.from;
  if (!squareHandler && on(movable)) return movable;
  const bottom = Math.max(...boxes.map((b) => b.y));
  return boxes.filter((b) => b.y === bottom).sort((a, b) => a.x - b.x)[0].sq;
}

// arrows gives, for each arrow key, the square it goes to from at as the
// board is seen: left and right the next square of the row, up and down
// the square of the next row nearest the goal column (the left one of
// two as near).
const arrows = {
  ArrowLeft: (boxes, at) => nearest(boxes.filter((b) => b.y === at.y && b.x < at.x), at.x),
  ArrowRight: (boxes, at) => nearest(boxes.filter((b) => b.y === at.y && b.x > at.x), at.x),
  ArrowUp: (boxes, at) => nextRow(boxes.filter((b) => b.y < at.y), Math.max),
  ArrowDown: (boxes, at) => nextRow(boxes.filter((b) => b.y > at.y), Math.min),
};

// nextRow returns the square of the row nearest the cursor's among those
// beyond it (closest: Math.max above it, Math.min below) nearest the goal.
function nextRow(beyond, closest) {
  if (beyond.length === 0) return null;
  const y = closest(...beyond.map((b) => b.y));
  return nearest(beyond.filter((b) => b.y === y), goal);
}

// nearest returns the square of boxes nearest the column x, the left one
// of two as near; null for none.
function nearest(boxes, x) {
  let best = null;
  for (const b of boxes) {
    const d = Math.abs(b.x - x);
    if (!best || d < best.d || (d === best.d && b.x < best.box.x)) best = { d, box: b };
  }
  return best && best.box;
}

// showCursor marks the cursor's square on the board (seen while the board
// has the focus, style.css); with the focus come to a board where it has
// no square yet, it starts on one (startSquare).
function showCursor() {
  const board = $("board");
  const svg = board.querySelector("svg");
  if (!svg) return;
  const boxes = squareBoxes();
  if (!boxes.some((b) => b.sq === cursor)) {
    cursor = null; // another board (a ruleset of another size)
    if (board.contains(document.activeElement)) cursor = startSquare(boxes);
  }
  let mark = svg.querySelector("rect.cursor");
  const at = boxes.find((b) => b.sq === cursor);
  if (!at) {
    if (mark) mark.remove();
    return;
  }
  if (!mark) {
    mark = document.createElementNS(svg.namespaceURI, "rect");
    mark.setAttribute("class", "cursor");
    mark.setAttribute("pointer-events", "none");
    svg.append(mark); // over the towers
  }
  for (const k of ["x", "y", "width", "height"]) mark.setAttribute(k, at.rect.getAttribute(k));
}

// sayCursor says the cursor's square and what stands on it (the tower's
// own description, the picture's tooltip), and whether a move chosen can
// go there.
function sayCursor() {
  if (!cursor) return;
  const board = $("board");
  const title = board.querySelector(`g.tower[data-square="${cursor}"] title`);
  const parts = [title ? title.textContent.split(" — ")[1] || title.textContent : "empty"];
  if (selection && selection.from === cursor) parts.push("chosen");
  else if (board.querySelector(`rect.sq[data-square="${cursor}"]:is(.next, .dest)`)) parts.push("the chosen tower can go here");
  const text = `${write(cursor)}: ${parts.join(", ")}`;
  // Said once: the same words again (the board drawn anew) are not news.
  if ($("board-cursor").textContent !== text) $("board-cursor").textContent = text;
}

// onBoardKey works the cursor while the board has the focus.
function onBoardKey(e) {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  const boxes = squareBoxes();
  if (boxes.length === 0) return;
  if (e.key === "Enter" || e.key === " ") {
    e.preventDefault();
    if (!cursor) return;
    press(cursor);
    // A tower chosen, or a route begun, is said; a move played, or a
    // piece set up, as the board is drawn with it (draw).
    if (selection) sayCursor();
    return;
  }
  const to = arrows[e.key];
  if (!to) return;
  // The arrows are the cursor's here, not the steps through the moves.
  e.preventDefault();
  const at = boxes.find((b) => b.sq === cursor);
  if (!at) return;
  if (goal === null) goal = at.x;
  const next = to(boxes, at);
  if (!next) return;
  if (e.key === "ArrowLeft" || e.key === "ArrowRight") goal = next.x;
  cursor = next.sq;
  showCursor();
  sayCursor();
}

export function initBoard() {
  new ResizeObserver(alignBeside).observe($("board"));
  $("board").addEventListener("click", (e) => {
    const el = e.target.closest("[data-square]");
    if (el) press(el.dataset.square);
  });
  $("board").addEventListener("keydown", onBoardKey);
  $("board").addEventListener("focus", () => {
    goal = null;
    showCursor();
    sayCursor();
  });
  keepMouseOut($("board"));
  // After an error no choice box stands for a question no longer asked.
  onError(clearSelection);
  // Escape lets the tower chosen go, and takes down the choice box.
  bind("Escape", clearSelection);
}

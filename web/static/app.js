// The bashni page. It knows no rules: the server sends every legal move with
// its path, and the page only matches the player's clicks against them.
"use strict";

const $ = (id) => document.getElementById(id);

// game is what the page sends to the server; state is the server's answer.
const game = { variant: "russian", fen: "", moves: [], flip: false };
let state = null;
let engineSide = ""; // "", "white" or "black"
let selection = null; // { from: "c3", clicks: ["e5", ...] } while choosing a move
let request = 0; // numbers requests, so a late answer to an old one is ignored

async function post(path, body) {
  const res = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const data = await res.json().catch(() => ({ error: res.statusText }));
  if (!res.ok) throw new Error(data.error || res.statusText);
  return data;
}

function setStatus(text, kind) {
  const el = $("status");
  el.textContent = text;
  el.className = kind || "";
}

// load asks the server for the state of `game` and shows it; on error the
// game goes back to what it was.
async function load(previous) {
  const id = ++request;
  try {
    const st = await post("/api/state", game);
    if (id !== request) return;
    show(st);
    maybeEngine();
  } catch (err) {
    if (id !== request) return;
    if (previous) Object.assign(game, previous);
    setStatus(err.message, "error");
  }
}

function show(st) {
  state = st;
  game.moves = st.moves.slice();
  selection = null;
  const doc = new DOMParser().parseFromString(st.svg, "image/svg+xml");
  const board = $("board");
  board.replaceChildren(document.importNode(doc.documentElement, true));
  board.dataset.fen = st.fen;
  showMoves();
  $("fen").value = st.fen;
  $("undo").disabled = st.moves.length === 0;
  $("choices").hidden = true;
  setStatus(st.status, st.over ? "over" : "");
}

// showMoves writes the move list as numbered pairs, starting with "1. ..."
// when Black moves first.
function showMoves() {
  const list = $("moves");
  list.replaceChildren();
  const moves = state.moves.slice();
  if (state.startTurn === "black") moves.unshift("…");
  for (let i = 0; i < moves.length; i += 2) {
    const li = document.createElement("li");
    for (const text of moves.slice(i, i + 2)) {
      const span = document.createElement("span");
      span.textContent = text;
      li.appendChild(span);
    }
    list.appendChild(li);
  }
  const spans = list.querySelectorAll("span");
  if (state.moves.length > 0) spans[spans.length - 1].classList.add("last");
  list.scrollTop = list.scrollHeight;
}

// --- choosing a move with the mouse -------------------------------------

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
  for (const m of state.legal) {
    if (m.from !== from) continue;
    const at = match(m, clicks);
    if (at) fits.push({ move: m, at });
  }
  const best = Math.max(0, ...fits.map((f) => f.at.exact));
  return fits.filter((f) => f.at.exact === best);
}

function onSquare(sq) {
  if (!state || state.over || engineThinking()) return;
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
    play(cands[0].text);
    return;
  }
  selection.clicks = clicks;
  mark();
  if (cands.some((m) => m.to === sq)) offerChoices(cands);
}

function select(sq) {
  if (!state.legal.some((m) => m.from === sq)) {
    clearSelection();
    if (state.legal.length > 0) setStatus(`No legal move starts on ${sq}. ${state.status}.`);
    return;
  }
  selection = { from: sq, clicks: [] };
  $("choices").hidden = true;
  setStatus(state.status);
  mark();
}

function clearSelection() {
  selection = null;
  $("choices").hidden = true;
  mark();
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
    b.textContent = m.text;
    b.addEventListener("click", () => play(m.text));
    // Pointing at a choice shows its route on the board.
    b.addEventListener("mouseenter", () => showRoute(m));
    b.addEventListener("mouseleave", mark);
    box.appendChild(b);
  }
  $("choices").hidden = false;
}

function showRoute(move) {
  mark();
  for (const sq of move.path.slice(1)) {
    for (const el of $("board").querySelectorAll(`rect.sq[data-square="${sq}"]`)) el.classList.add("next");
  }
}

function play(text) {
  clearSelection();
  const previous = { moves: game.moves.slice() };
  game.moves.push(text);
  load(previous);
}

// --- the engine ---------------------------------------------------------

// thinkingFor is the number of the engine request under way; any later
// request (a new game, an undo, a typed move) makes the engine's answer moot.
let thinkingFor = -1;
const engineThinking = () => thinkingFor === request;

async function maybeEngine() {
  if (!engineSide || !state || state.over || state.turn !== engineSide) return;
  const id = ++request;
  thinkingFor = id;
  setStatus(`${state.status}. The engine is thinking…`);
  try {
    const ans = await post("/api/engine", game);
    if (id === request) show(ans.state);
  } catch (err) {
    if (id === request) setStatus("Engine: " + err.message, "error");
  } finally {
    if (thinkingFor === id) thinkingFor = -1;
  }
}

// --- controls -----------------------------------------------------------

function newGame(fen) {
  request++; // forget any answer still on its way
  const previous = { variant: game.variant, fen: game.fen, moves: game.moves.slice() };
  game.variant = $("variant").value;
  game.fen = fen || "";
  game.moves = [];
  load(previous);
}

function undo() {
  request++;
  if (game.moves.length === 0) return;
  game.moves.pop();
  // Against the engine, take back its reply too, so it is the player's turn.
  if (engineSide && game.moves.length > 0 && turnAfter(game.moves.length) === engineSide) {
    game.moves.pop();
  }
  load();
}

// turnAfter is the side to move after n moves from the start.
function turnAfter(n) {
  const other = state.startTurn === "white" ? "black" : "white";
  return n % 2 === 0 ? state.startTurn : other;
}

async function init() {
  $("board").addEventListener("click", (e) => {
    const el = e.target.closest("[data-square]");
    if (el) onSquare(el.dataset.square);
  });
  $("new").addEventListener("click", () => newGame(""));
  $("undo").addEventListener("click", undo);
  $("flip").addEventListener("click", () => {
    game.flip = !game.flip;
    load();
  });
  $("engine").addEventListener("change", () => {
    engineSide = $("engine").value;
    maybeEngine();
  });
  $("move-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const text = $("move-text").value.trim();
    if (text === "") return;
    $("move-text").value = "";
    play(text);
  });
  $("fen-form").addEventListener("submit", (e) => {
    e.preventDefault();
    newGame($("fen-text").value.trim());
  });
  try {
    const res = await fetch("/api/info");
    const info = await res.json();
    for (const name of info.variants) {
      const opt = document.createElement("option");
      opt.value = opt.textContent = name;
      $("variant").appendChild(opt);
    }
    $("engine-row").hidden = !info.engine;
  } catch (err) {
    setStatus("Cannot reach the server: " + err.message, "error");
    return;
  }
  load();
}

init();

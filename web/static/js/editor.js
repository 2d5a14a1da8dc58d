// The position editor: towers placed square by square, top to bottom (men
// and kings of both colours), the side to move chosen, and the FEN kept in
// step. The server checks every set-up (POST /api/state with the FEN): one
// it refuses is not made, and its reason is shown.

import { post } from "./api.js";
import { study, begin, onShow, drawnAsNow, redraw } from "./study.js";
import { Node } from "./tree.js";
import * as board from "./board.js";
import { square } from "./squares.js";

const $ = (id) => document.getElementById(id);

// towers maps a square to its tower, top first: "w" a white man, "W" a
// white king, "b" and "B" Black's ("Wbb": a white king on two black men).
let towers = new Map();
let turn = "W";
let fen = ""; // the FEN of the set-up shown, accepted by the server

// parse reads the towers and the side to move of a FEN.
export function parse(text) {
  const [side, ...sides] = text.trim().replace(/\.$/, "").split(":");
  const out = new Map();
  for (const part of sides) {
    const colour = part[0].toLowerCase();
    for (const item of part.slice(1).split(",")) {
      const m = /^(K?)([a-z]+\d+)([wbWB]*)$/i.exec(item.trim());
      if (!m) continue;
      const top = m[1] ? colour.toUpperCase() : colour;
      out.set(m[2].toLowerCase(), top + m[3]);
    }
  }
  return { turn: side.toUpperCase() === "B" ? "B" : "W", towers: out };
}

// format writes towers and the side to move as a FEN.
export function format(turn, towers) {
  const side = (c) =>
    [...towers]
      .filter(([, t]) => t[0].toLowerCase() === c)
      .map(([sq, t]) => (t[0] === t[0].toUpperCase() ? "K" : "") + sq + t.slice(1))
      .join(",");
  return `${turn}:W${side("w")}:B${side("b")}`;
}

let asked = 0; // numbers tryFEN's requests; close() forgets those under way
// The set-ups of the squares clicked, one after the other: each builds on
// the one before it as the server answered it.
let queue = Promise.resolve();

// tryFEN asks the server about a set-up and shows it if it is legal;
// otherwise it says why and leaves the set-up as it was. A FEN typed
// into the FEN box (typed) and refused stays there, marked invalid, to be
// corrected; otherwise the box shows the set-up's FEN again. An answer to
// a request overtaken by a later one, or come after the editor closed, is
// dropped.
async function tryFEN(text, typed = false) {
  const id = ++asked;
  try {
    const st = await post("/api/state", { variant: study.variant, fen: text, moves: [], flip: study.flip });
    if (id !== asked) return false;
    const got = parse(st.fen);
    towers = got.towers;
    turn = got.turn;
    fen = st.fen;
    board.draw(st);
    $("editor-fen").value = st.fen;
    $("editor-fen").removeAttribute("aria-invalid");
    $("editor-turn").value = turn;
    $("editor-error").textContent = "";
    return true;
  } catch (err) {
    if (id !== asked) return false;
    $("editor-error").textContent = "Refused: " + err.message;
    if (typed) $("editor-fen").setAttribute("aria-invalid", "true");
    else {
      $("editor-fen").value = fen;
      $("editor-fen").removeAttribute("aria-invalid");
    }
    return false;
  }
}

// onSquare applies the chosen tool to a square.
function onSquare(sq) {
  const tool = document.querySelector('input[name="editor-tool"]:checked').value;
  queue = queue.then(() => !$("editor").hidden && applyTool(tool, sq)).catch(() => false);
}

// applyTool asks for the set-up with the tool applied to the square.
function applyTool(tool, sq) {
  const next = new Map(towers);
  const t = next.get(sq) || "";
  switch (tool) {
    case "lift":
      if (t.length > 1) next.set(sq, t.slice(1));
      else next.delete(sq);
      break;
    case "empty":
      next.delete(sq);
      break;
    default: // a piece, added under the tower: towers are built top down
      next.set(sq, t + tool);
  }
  return tryFEN(format(turn, next));
}

// open shows the editor, under the status line beside the board (on a
// phone, under it), and takes the focus to its tools; the page goes back
// to its top, where the squares and the tools are seen together.
function open() {
  $("editor").hidden = false;
  $("edit").setAttribute("aria-pressed", "true");
  board.setSquareHandler(onSquare);
  tryFEN(study.state.fen);
  document.querySelector('input[name="editor-tool"]:checked').focus({ preventScroll: true });
  window.scrollTo(0, 0);
}

function close() {
  asked++;
  // The focus, when in the editor, goes to the button that opens it.
  if ($("editor").contains(document.activeElement)) $("edit").focus();
  $("editor").hidden = true;
  $("edit").setAttribute("aria-pressed", "false");
  board.setSquareHandler(null);
}

// isOpen says whether a position is being set up.
export const isOpen = () => !$("editor").hidden;

// redrawSetUp draws the set-up again as the page now draws it (the board
// flipped), after the squares clicked before.
export function redrawSetUp() {
  queue = queue.then(() => isOpen() && tryFEN(fen)).catch(() => false);
}

// onTypedSquare applies the chosen tool to the square typed (by name, or
// by number): the editor by keyboard.
function onTypedSquare(e) {
  e.preventDefault();
  const text = $("editor-square").value;
  const sq = square(text);
  if (!sq) {
    $("editor-error").textContent = `"${text.trim()}" is not a playable square of this board`;
    return;
  }
  $("editor-square").value = "";
  onSquare(sq);
}

export function initEditor() {
  $("editor-square-form").addEventListener("submit", onTypedSquare);
  $("edit").addEventListener("click", () => {
    if ($("editor").hidden) open();
    else {
      close();
      // The study's position, with no request that could fail; then, if
      // the board was flipped or the squares switched while editing, as
      // the page now draws it.
      board.draw();
      if (!drawnAsNow()) redraw();
    }
  });
  // Going to a move of the study leaves the editor.
  onShow(() => {
    if (!$("editor").hidden) close();
  });
  $("editor-turn").addEventListener("change", () => tryFEN(format($("editor-turn").value, towers)));
  $("editor-fen").addEventListener("change", () => tryFEN($("editor-fen").value.trim(), true));
  $("editor-clear").addEventListener("click", () => tryFEN(format(turn, new Map())));
  $("editor-start").addEventListener("click", async () => {
    try {
      const st = await post("/api/state", { variant: study.variant, fen: "", moves: [], flip: study.flip });
      tryFEN(st.fen);
    } catch (err) {
      $("editor-error").textContent = "The start position cannot be had: " + err.message;
    }
  });
  $("editor-done").addEventListener("click", async () => {
    // A FEN typed and refused is corrected first: the set-up on the board
    // is not what the box says.
    if ($("editor-fen").getAttribute("aria-invalid") === "true") {
      $("editor-fen").focus();
      return;
    }
    // An empty board is a step while building a set-up, not a game.
    if (towers.size === 0) {
      $("editor-error").textContent = "Refused: the board has no pieces; place some first";
      return;
    }
    close();
    // A refused set-up leaves the study, tags and result, as it was.
    if (!(await begin(study.variant, fen, new Node("", null)))) {
      board.draw(); // not begun: the board shows the study again
      return;
    }
    study.tags = [];
    study.result = "";
  });
}

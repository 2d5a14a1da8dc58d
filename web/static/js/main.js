// The bashni analysis board: wires the page's parts together and opens the
// game the address names (a share link) or a new one.

import { get } from "./api.js";
import { study, onShow, goTo, begin, track, redraw } from "./study.js";
import { Node, remove } from "./tree.js";
import * as board from "./board.js";
import * as moveList from "./movelist.js";
import * as link from "./link.js";
import * as opponent from "./opponent.js";
import { initKeys } from "./keys.js";
import { initRecord } from "./record.js";
import { initAnalysis } from "./analysis.js";
import * as editor from "./editor.js";
import { initReview } from "./review.js";
import * as match from "./match.js";
import { useNumbers, inNumbers, write } from "./squares.js";
import { setStatus, notice, initNotice, onError, note, errorsShown, disable } from "./status.js";

const $ = (id) => document.getElementById(id);

// The page's state, for the browser tests and the curious.
window.bashni = {
  study,
  get selection() {
    return board.selection;
  },
};

onShow(() => {
  const st = study.state;
  board.draw();
  // The clocks beside the board: the top one is the side's at the top.
  $("board-box").classList.toggle("flipped", study.flip);
  moveList.draw();
  $("fen").value = st.fen;
  // The example typed move is a legal one, in the squares shown.
  $("move-text").placeholder = write(st.legal.length > 0 ? st.legal[0].text : "c3-d4");
  disable($("undo"), !study.cur.parent);
  setStatus(st.status, st.over ? "over" : "");
  link.write();
  $("link").value = location.href; // the link shown, once copied by hand
  // The notes beside the boxes answered what was asked of another position.
  for (const id of ["move-note", "ruleset-note", "fen-note", "pdn-note"]) note(id, "");
  opponent.maybeMove();
});

// variantOption selects the ruleset in the list, adding it (a custom
// ruleset's text) when it is not there.
function variantOption(text) {
  const sel = $("variant");
  if (![...sel.options].some((o) => o.value === text)) {
    const opt = document.createElement("option");
    opt.value = opt.textContent = text;
    sel.append(opt);
  }
  sel.value = text;
}

async function newGame(variant, fen) {
  track(); // forget any answer still on its way
  const root = new Node("", null);
  const st = await begin(variant, fen, root);
  if (st) {
    variantOption(st.variant);
    study.tags = [];
  }
  return st;
}

// turnAfter is the side to move after n moves from the start.
function turnAfter(n) {
  const first = study.state.startTurn;
  const other = first === "white" ? "black" : "white";
  return n % 2 === 0 ? first : other;
}

// undo takes back the move shown when it ends its line, and otherwise steps
// back; against the engine, its reply goes too, so it is the player's turn.
// The moves taken back leave the tree, and the game is open again, once
// the position they are taken back to is shown: a failed request keeps them.
function undo() {
  track();
  const gone = [];
  const takeBack = (node) => {
    if (node.children.every((c) => gone.includes(c))) gone.push(node);
    return node.parent;
  };
  let to = study.cur.parent ? takeBack(study.cur) : study.cur;
  if (opponent.side && to.parent && turnAfter(to.ply) === opponent.side) to = takeBack(to);
  goTo(to, () => {
    gone.forEach(remove);
    match.reopen();
  });
}

async function openLink(parts) {
  try {
    const got = await link.check(parts);
    for (const p of got.problems) notice(p);
    const st = await begin(got.variant, got.fen, got.root, got.at);
    if (st) variantOption(st.variant);
  } catch (err) {
    setStatus("Cannot open the link: " + err.message, "error");
  }
}

async function init() {
  initNotice();
  board.initBoard();
  moveList.initMoveList();
  initKeys();
  initRecord();
  editor.initEditor();
  document.addEventListener("study-opened", (e) => variantOption(e.detail));
  board.setBlocked(() => opponent.isThinking() || match.isOver());
  $("new").addEventListener("click", () => newGame($("variant").value, ""));
  $("undo").addEventListener("click", undo);
  // The board flipped, the squares switched, are drawn without dropping
  // a move or a step on its way; while a position is set up, the set-up
  // stays (the study is drawn anew as the editor closes).
  $("flip").addEventListener("click", () => {
    study.flip = !study.flip;
    if (editor.isOpen()) editor.redrawSetUp();
    else redraw();
  });
  $("squares").addEventListener("change", () => {
    useNumbers($("squares").value === "numbers");
    if (!editor.isOpen()) redraw();
  });
  // A switch of the squares whose request failed is taken back (study.js,
  // failed): the list shows the squares as they are drawn.
  onError(() => {
    $("squares").value = inNumbers() ? "numbers" : "names";
  });
  $("engine").addEventListener("change", () => opponent.setSide($("engine").value));
  // beside runs request, the answer to what was typed in box, and says
  // the error it ends in beside the box too (its note, aria-describedby),
  // not only in the status line, which may be out of view; typing in the
  // box takes the note away.
  const beside = async (box, request) => {
    const id = box.getAttribute("aria-describedby");
    note(id, "");
    const before = errorsShown();
    const ok = await request();
    if (!ok && errorsShown() !== before) note(id, $("status").textContent, "error");
    return ok;
  };
  for (const id of ["move-text", "fen-text", "ruleset-text"]) {
    $(id).addEventListener("input", () => note($(id).getAttribute("aria-describedby"), ""));
  }
  // A move typed and played leaves the box empty; one refused stays in
  // it, selected, to be corrected or typed over.
  $("move-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const box = $("move-text");
    const text = box.value.trim();
    if (text === "") return;
    const played = await beside(box, () => board.playMove(text));
    if (box.value.trim() !== text) return; // typed on meanwhile
    if (played) box.value = "";
    else if (document.activeElement === box) box.select();
  });
  $("fen-form").addEventListener("submit", (e) => {
    e.preventDefault();
    beside($("fen-text"), () => newGame(study.variant, $("fen-text").value.trim()));
  });
  $("ruleset-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const text = $("ruleset-text").value.trim();
    if (text !== "") beside($("ruleset-text"), () => newGame(text, ""));
  });
  let info;
  try {
    info = await get("/api/info");
  } catch (err) {
    setStatus("Cannot reach the server: " + err.message, "error");
    return;
  }
  for (const name of info.variants) variantOption(name);
  $("variant").value = info.variants[0];
  $("engine-row").hidden = !info.engine;
  initAnalysis(info.engine);
  initReview(info.engine);
  match.initMatch(info);
  const parts = link.read(location.search);
  if (parts) await openLink(parts);
  else await newGame("russian", "");
}

init();

// The study: the ruleset, the start position, the move tree and the node
// shown. The server keeps no game: to show a node the page sends the moves
// from the start to it and draws the state the server answers.

import { post, gameRequest } from "./api.js";
import { Node } from "./tree.js";
import { setStatus } from "./status.js";
import { inNumbers, useNumbers } from "./squares.js";

export const study = {
  variant: "russian",
  fen: "", // the start; "" means the ruleset's
  flip: false,
  root: new Node("", null),
  cur: null, // the node shown
  state: null, // the server's answer for cur (POST /api/state)
  tags: [], // a record's tags (White, Event ...), kept to write it back
  result: "", // "1-0", "0-1", "1/2-1/2" when the game ended other than by the rules
};
study.cur = study.root;

const listeners = [];
const beginListeners = [];

// onShow registers fn to be called with the study whenever a node is shown.
export function onShow(fn) {
  listeners.push(fn);
}

// onBegin registers fn to be called when the server has accepted a study
// begun, before it is shown (the game's clocks and result start afresh).
export function onBegin(fn) {
  beginListeners.push(fn);
}

// Requests are numbered so that the answer to one overtaken by a later one
// is ignored: track starts one and returns whether it is still the latest.
let request = 0;
// heading is the node goTo is on its way to, so that keys pressed quickly
// one after the other step on from there rather than from the node shown.
let heading = null;
const here = () => heading || study.cur;
export function track() {
  const id = ++request;
  heading = null;
  return () => id === request;
}

// awaited is the latest request while the node it asked for is to be
// shown (goTo, playLine, begin), as track returned it; null when none is.
let awaited = null;

// shown is the study as it was last shown, with how it was drawn (from
// which side, squares by name or number): what a failed request puts back
// (a study begun but not yet shown, overtaken by the one that failed, is
// not).
let shown = null;

// show makes node, whose state is st, the node shown.
export function show(node, st) {
  study.cur = node;
  study.state = st;
  shown = { variant: study.variant, fen: study.fen, root: study.root, cur: node, flip: study.flip, numbers: inNumbers() };
  for (const fn of listeners) fn(study);
}

// drawnAsNow says whether the node shown was drawn as the page now draws
// it: from the side, with the squares, now chosen.
export function drawnAsNow() {
  return !shown || (shown.flip === study.flip && shown.numbers === inNumbers());
}

// failed says what went wrong with the latest request, and puts back what
// was changed for it, or for a request it overtook, and never shown: a
// study begun (a move typed at once, refused too, leaves no study of a
// refused ruleset in place), the board flipped, the squares switched.
// Before anything is shown, before is put back.
function failed(err, before) {
  const { numbers, ...rest } = shown || { ...before, numbers: inNumbers() };
  Object.assign(study, rest);
  useNumbers(numbers);
  setStatus(err.message, "error");
}

// goTo shows node; it reports whether it did (a failed or overtaken
// request leaves the page as it was). change, when given, is called just
// before node is shown, and only then: a change to the tree (the move shown
// deleted) that must not happen while the page stays where it is.
export async function goTo(node, change) {
  const current = track();
  heading = node;
  awaited = current;
  try {
    const req = gameRequest(study, node.path());
    const st = await post("/api/state", req);
    if (!current()) return false;
    if (change) change();
    answered(node, st, req);
    return true;
  } catch (err) {
    if (current()) failed(err);
    return false;
  } finally {
    if (current()) heading = awaited = null;
  }
}

// answered shows node, whose state st answered req; a board drawn from
// the side it was on when asked, flipped since, is asked for again.
function answered(node, st, req) {
  show(node, st);
  if (req.flip !== study.flip) goTo(node);
}

// redraw draws the node shown again as the page now draws it (the board
// flipped, the squares switched): at once, or, while the answer of a
// move or a step is awaited, as that answer is shown, which the redraw
// must not overtake and drop.
export function redraw() {
  if (awaited && awaited()) return;
  goTo(study.cur);
}


// playLine plays moves one after the other from the node shown, adding
// them to the tree (as the moves' canonical text, so a move played before
// in another notation is found), and shows the last.
export async function playLine(moves) {
  const from = study.cur;
  const current = track();
  awaited = current;
  try {
    const path = from.path();
    const req = gameRequest(study, path.concat(moves));
    const st = await post("/api/state", req);
    if (!current()) return false;
    let node = from;
    for (const m of st.moves.slice(path.length)) node = node.add(m);
    answered(node, st, req);
    return true;
  } catch (err) {
    if (current()) failed(err);
    return false;
  } finally {
    if (current()) awaited = null;
  }
}

// play plays a move, in any notation the server reads, at the node shown:
// it goes to that child when the move was played there before, and makes a
// new one (a variation when there are others) when not.
export const play = (text) => playLine([text]);

// begin starts a new study of the ruleset from fen with the tree root and
// shows the node at. The new study is in place at once, so a move played
// while the server is asked is played in it: such a request overtakes
// begin's (which then shows nothing), and the study stays the new one.
// begin returns the server's answer for the node (its canonical variant,
// for the caller to show) while the new study is the one in place, and
// null when another study has been begun since or the server refused;
// the refusal puts everything back as it was, and so does the failure of
// a request that overtook begin's (failed).
export async function begin(variant, fen, root, at) {
  const old = { variant: study.variant, fen: study.fen, root: study.root, cur: study.cur, flip: study.flip };
  const node = at || root;
  Object.assign(study, { variant, fen, root, cur: node });
  const current = track();
  awaited = current;
  try {
    const req = gameRequest(study, node.path());
    const st = await post("/api/state", req);
    if (study.root !== root) return null; // another study begun since
    for (const fn of beginListeners) fn(study);
    if (current()) answered(node, st, req);
    return st;
  } catch (err) {
    if (current()) failed(err, old);
    return null;
  } finally {
    if (current()) awaited = null;
  }
}

// Stepping through the tree.
export const back = () => here().parent && goTo(here().parent);
export const forward = () => here().children.length > 0 && goTo(here().children[0]);
export const toStart = () => goTo(study.root);
export const toEnd = () => goTo(here().lineEnd());

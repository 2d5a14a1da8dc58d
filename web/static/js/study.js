// The study: the ruleset, the start position, the move tree and the node
// shown. The server keeps no game: to show a node the page sends the moves
// from the start to it and draws the state the server answers.

import { post, gameRequest } from "./api.js";
import { Node } from "./tree.js";
import { setStatus } from "./status.js";

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

// shown is the study as it was last shown: what a refused begin puts back
// (a study begun but not yet shown, overtaken by the refused one, is not).
let shown = null;

// show makes node, whose state is st, the node shown.
export function show(node, st) {
  study.cur = node;
  study.state = st;
  shown = { variant: study.variant, fen: study.fen, root: study.root, cur: node };
  for (const fn of listeners) fn(study);
}

// goTo shows node; it reports whether it did (a failed or overtaken
// request leaves the page as it was). change, when given, is called just
// before node is shown, and only then: a change to the tree (the move shown
// deleted) that must not happen while the page stays where it is.
export async function goTo(node, change) {
  const current = track();
  heading = node;
  try {
    const st = await post("/api/state", gameRequest(study, node.path()));
    if (!current()) return false;
    if (change) change();
    show(node, st);
    return true;
  } catch (err) {
    if (current()) setStatus(err.message, "error");
    return false;
  } finally {
    if (current()) heading = null;
  }
}


// playLine plays moves one after the other from the node shown, adding
// them to the tree (as the moves' canonical text, so a move played before
// in another notation is found), and shows the last.
export async function playLine(moves) {
  const from = study.cur;
  const current = track();
  try {
    const path = from.path();
    const st = await post("/api/state", gameRequest(study, path.concat(moves)));
    if (!current()) return false;
    let node = from;
    for (const m of st.moves.slice(path.length)) node = node.add(m);
    show(node, st);
    return true;
  } catch (err) {
    if (current()) setStatus(err.message, "error");
    return false;
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
// only the refusal puts everything back as it was.
export async function begin(variant, fen, root, at) {
  const old = shown || { variant: study.variant, fen: study.fen, root: study.root, cur: study.cur };
  const node = at || root;
  Object.assign(study, { variant, fen, root, cur: node });
  const current = track();
  try {
    const st = await post("/api/state", gameRequest(study, node.path()));
    if (study.root !== root) return null; // another study begun since
    for (const fn of beginListeners) fn(study);
    if (current()) show(node, st);
    return st;
  } catch (err) {
    if (!current()) return null;
    Object.assign(study, old);
    setStatus(err.message, "error");
    return null;
  }
}

// Stepping through the tree.
export const back = () => here().parent && goTo(here().parent);
export const forward = () => here().children.length > 0 && goTo(here().children[0]);
export const toStart = () => goTo(study.root);
export const toEnd = () => goTo(here().lineEnd());

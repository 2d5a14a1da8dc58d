// The engine opponent: when it is the engine's side to move at the end of
// a line, the page asks the server for its move (POST /api/engine) and adds
// it to the tree.

import { post, gameRequest } from "./api.js";
import { study, track, show } from "./study.js";
import { setStatus } from "./status.js";

// side is "", "white" or "black": the side the engine plays.
export let side = "";
let thinking = null; // the request under way, as track returned it
let strength = {}; // {level}, {depth} or {movetime}: fields of the request
let hold = () => false; // true while the game is over by the clock, a resignation or a draw

export function setStrength(s) {
  strength = s;
}

export function setHold(fn) {
  hold = fn;
}

export function setSide(s) {
  if (s !== side && isThinking()) {
    track(); // the answer awaited is for a side the engine no longer plays
    thinking = null;
    setStatus(study.state.status);
  }
  side = s;
  maybeMove();
}

// isThinking reports whether the engine's answer is awaited (and not made
// moot by a later request: a new game, an undo, a move clicked).
export const isThinking = () => thinking !== null && thinking();

// maybeMove asks for the engine's move if it is the engine's turn.
export async function maybeMove() {
  const st = study.state;
  if (!side || !st || st.over || hold() || st.turn !== side || study.cur.children.length > 0) return;
  const current = track();
  thinking = current;
  const from = study.cur;
  setStatus(`${st.status}. The engine is thinking…`);
  try {
    const ans = await post("/api/engine", { ...gameRequest(study, from.path()), ...strength });
    if (current() && !hold()) show(from.add(ans.move), ans.state);
  } catch (err) {
    if (current()) setStatus("Engine: " + err.message, "error");
  } finally {
    if (thinking === current) thinking = null;
  }
}

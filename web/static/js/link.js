// Share links: /?variant=NAME&fen=FEN&moves=MOVES&at=N opens that game.
// Each part is optional: variant is any ruleset text (default russian),
// fen the start (default the ruleset's), moves the moves from it separated
// by spaces, at the number of moves shown when it is not all of them. The
// address follows the study as it goes, so a reload or a copied link
// restores the line shown; a bad part is reported, and the page opens with
// what is good of the rest.

import { post } from "./api.js";
import { study } from "./study.js";
import { Node, lineThrough } from "./tree.js";

// read returns the link's parts, or null when the address has none.
export function read(search) {
  const q = new URLSearchParams(search);
  if (!["variant", "fen", "moves", "at"].some((k) => q.has(k))) return null;
  const moves = (q.get("moves") || "").split(/\s+/).filter((m) => m !== "");
  const at = q.has("at") ? Number(q.get("at")) : moves.length;
  return { variant: q.get("variant") || "russian", fen: q.get("fen") || "", moves, at };
}

// write puts the line shown into the address (history.replaceState: the
// back button is not filled with moves).
export function write() {
  history.replaceState(null, "", "?" + query(study.cur).toString());
}

// query returns the link's parts for the line through node.
export function query(node) {
  const q = new URLSearchParams();
  q.set("variant", study.variant);
  if (study.fen) q.set("fen", study.fen);
  const line = lineThrough(node);
  if (line.length > 0) q.set("moves", line.join(" "));
  if (node.ply !== line.length) q.set("at", String(node.ply));
  return q;
}

// check asks the server which parts of the link are good. It returns the
// parts to open (the ruleset, the start, the longest good run of moves in
// canonical form, where to stand) and the problems found, one a part.
export async function check(link) {
  const problems = [];
  let { variant, fen } = link;
  const ok = async (moves) => {
    try {
      return await post("/api/state", { variant, fen, moves, flip: false });
    } catch (err) {
      return err;
    }
  };
  let st = await ok([]);
  if (st instanceof Error && variant !== "russian") {
    problems.push(`The link's ruleset cannot be used (${st.message}); showing russian.`);
    variant = "russian";
    st = await ok([]);
  }
  if (st instanceof Error && fen !== "") {
    problems.push(`The link's position cannot be used (${st.message}); showing the start.`);
    fen = "";
    st = await ok([]);
  }
  if (st instanceof Error) throw st; // the server itself fails
  let moves = link.moves;
  const all = await ok(moves);
  if (all instanceof Error) {
    // The moves good so far form a run from the start: find its end.
    let lo = 0; // moves[:lo] are good
    let hi = moves.length; // moves[:hi] are not
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if ((await ok(moves.slice(0, mid))) instanceof Error) hi = mid;
      else lo = mid;
    }
    // The server names the move that fails as players count ("white's
    // move 2"); its place in the link's list would mislead.
    problems.push(`The link's moves cannot all be played: ${all.message}; showing the ${lo} before it.`);
    moves = moves.slice(0, lo);
    st = lo > 0 ? await ok(moves) : st;
  } else {
    st = all;
  }
  if (st instanceof Error) throw st;
  const root = new Node("", null);
  const nodes = [root];
  for (const m of st.moves) nodes.push(nodes[nodes.length - 1].add(m));
  const at = Number.isInteger(link.at) && link.at >= 0 && link.at < nodes.length ? link.at : nodes.length - 1;
  return { variant, fen, root, at: nodes[at], problems };
}

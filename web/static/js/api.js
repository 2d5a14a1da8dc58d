// Requests to the server's JSON API (docs/BOARD.md, "The HTTP API"). Every error answer
// is {"error": "..."}; its text becomes the thrown Error's message.

import { inNumbers } from "./squares.js";

export async function post(path, body) {
  const res = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return answer(res);
}

export async function get(path) {
  return answer(await fetch(path));
}

async function answer(res) {
  const data = await res.json().catch(() => ({ error: res.statusText }));
  if (!res.ok) throw new Error(data.error || res.statusText);
  return data;
}

// Study requests carry the whole game: the ruleset, the start and the moves
// (read in square numbers too while the page shows numbers).
export function gameRequest(study, moves) {
  return { variant: study.variant, fen: study.fen, moves, flip: study.flip, numbers: inNumbers() };
}

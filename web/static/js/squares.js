// How the page writes squares in moves: by name (c3-d4, bashni's notation)
// or by number, 1 for the top-left playable square as White sees the board,
// on along each row and down (PDN's numbering of the international game,
// and pdn.Reader's default for the 8x8 games: 1 = b8, 32 = g1).

let numbers = null; // square name → number, while numbers are chosen

// learn takes the playable squares from the board's picture.
export function learn(board) {
  if (!numbers) return;
  const sqs = [...new Set([...board.querySelectorAll("rect.sq[data-square]")].map((r) => r.dataset.square))];
  const rank = (s) => Number(s.slice(1));
  sqs.sort((a, b) => rank(b) - rank(a) || a.localeCompare(b));
  numbers = new Map(sqs.map((s, i) => [s, i + 1]));
}

export function useNumbers(on, board) {
  numbers = on ? new Map() : null;
  learn(board);
}

// write returns a move as the page shows it.
export function write(move) {
  if (!numbers) return move;
  return move.replace(/[a-z]\d{1,2}/g, (sq) => String(numbers.get(sq) ?? sq));
}

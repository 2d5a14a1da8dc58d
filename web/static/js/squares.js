// How the page writes squares in moves: by name (c3-d4, bashni's notation)
// or by number. The numbers are the server's (every state's "numbering",
// bashni.Notation's: 1 for the top-left playable square as White sees the
// board, on along each rank), and a move typed in numbers is read by the
// server too (the request's "numbers").

let on = false;
let numbers = new Map(); // square name → number, from the state shown

// learn takes the numbering of the state shown.
export function learn(st) {
  numbers = new Map((st.numbering || []).map((s, i) => [s, i + 1]));
}

export function useNumbers(yes) {
  on = yes;
}

// inNumbers reports whether squares are shown, and typed, as numbers.
export const inNumbers = () => on;

// write returns a move as the page shows it.
export function write(move) {
  if (!on) return move;
  return move.replace(/[a-z]\d{1,2}/g, (sq) => String(numbers.get(sq) ?? sq));
}

// square reads a square typed by a person: a name, or a number of the
// numbering; it returns the square's name, or null when the board has no
// such playable square.
export function square(text) {
  const t = text.trim().toLowerCase();
  if (/^\d+$/.test(t)) {
    for (const [name, n] of numbers) if (n === Number(t)) return name;
    return null;
  }
  return numbers.has(t) ? t : null;
}

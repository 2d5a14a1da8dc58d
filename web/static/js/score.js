// Scores as the engine writes them ("+0.35", "-1.20", "win 7", "loss 4",
// for the side to move) turned into numbers from White's side, in men.

// A forced result counts as this many men, more than any material.
export const DECIDED = 100;

// value returns the score in men for the side to move: a win in n plies is
// DECIDED less a little for each ply, so a quicker win counts for more.
export function value(score) {
  const m = /^(win|loss) (\d+)$/.exec(score);
  if (m) {
    const v = DECIDED - Number(m[2]) / 100;
    return m[1] === "win" ? v : -v;
  }
  const v = Number(score);
  return Number.isFinite(v) ? v : 0;
}

// forWhite returns the score from White's side, given who is to move.
export function forWhite(score, turn) {
  const v = value(score);
  return turn === "black" ? -v : v;
}

// share returns White's share of the gauge, 0 to 1: even is one half, a
// man ahead about two thirds, a forced result all of it.
export function share(white) {
  if (Math.abs(white) >= DECIDED - 50) return white > 0 ? 1 : 0;
  return 0.5 + 0.5 * Math.tanh(white / 2.5);
}

// show writes a White-side score for people: "+0.35", "−1.20", "White wins in 7".
export function label(score, turn) {
  const m = /^(win|loss) (\d+)$/.exec(score);
  if (m) {
    const winner = (m[1] === "win") === (turn === "white") ? "White" : "Black";
    return `${winner} wins in ${m[2]}`;
  }
  const v = forWhite(score, turn);
  return (v > 0 ? "+" : v < 0 ? "−" : "") + Math.abs(v).toFixed(2);
}

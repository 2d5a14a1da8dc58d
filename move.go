package bashni

// maxJumps bounds the jumps of one move: each jump takes one piece of the
// opponent's colour, and a side has at most 12 pieces.
const maxJumps = 12

// Move is one legal move: a quiet step or a whole capture sequence. It is a
// small value; get moves from Position.LegalMoves or Position.ParseMove and
// play them with Position.Play. Two capture sequences that lead to the same
// position are the same move (docs/RULES.md section 8); the generator keeps the one
// whose landing squares come first in square order.
type Move struct {
	from, to Square
	n        uint8  // jumps; 0 for a quiet move
	flags    uint8  // flagPromote
	taken    uint32 // codes of the pieces taken, 2 bits each, in order
	path     [maxJumps]Square
	over     [maxJumps]Square // the square jumped by each jump
}

const flagPromote = 1

// From returns the square the moving tower starts on.
func (m Move) From() Square { return m.from }

// To returns the square the moving tower ends on.
func (m Move) To() Square { return m.to }

// IsCapture reports whether the move jumps at least one tower.
func (m Move) IsCapture() bool { return m.n > 0 }

// Jumps returns the number of jumps, which is the number of pieces taken; 0
// for a quiet move.
func (m Move) Jumps() int { return int(m.n) }

// Promotes reports whether the moving tower's top man becomes a king.
func (m Move) Promotes() bool { return m.flags&flagPromote != 0 }

// Landing returns the square the i-th jump lands on (0-based), or NoSquare
// when i is out of range. The last landing is To.
func (m Move) Landing(i int) Square {
	if i < 0 || i >= int(m.n) {
		return NoSquare
	}
	return m.path[i]
}

// Jumped returns the square of the tower the i-th jump goes over, or NoSquare
// when i is out of range. A square may appear more than once when its tower
// is jumped again (docs/RULES.md R2).
func (m Move) Jumped(i int) Square {
	if i < 0 || i >= int(m.n) {
		return NoSquare
	}
	return m.over[i]
}

// Taken returns the piece the i-th jump takes, as it was on the board (a
// king stays a king here even where the ruleset demotes it as it goes under),
// or NoPiece when i is out of range.
func (m Move) Taken(i int) Piece {
	if i < 0 || i >= int(m.n) {
		return NoPiece
	}
	return pieceOf(uint64(m.taken>>(2*uint(i))) & 3)
}

// Path returns every square the tower stands on in order: From, then each
// landing square.
func (m Move) Path() []Square {
	if m.n == 0 {
		return []Square{m.from, m.to}
	}
	out := make([]Square, 0, m.n+1)
	out = append(out, m.from)
	return append(out, m.path[:m.n]...)
}

// JumpedSquares returns the squares of the jumped towers, in the order jumped.
func (m Move) JumpedSquares() []Square {
	return append([]Square(nil), m.over[:m.n]...)
}

// String returns the move's canonical text: "c3-d4" for a quiet move, every
// landing square joined by ':' for a capture ("a3:c5:e7"); the zero Move is
// "-". Position.ParseMove reads it back to the same move. A Notation writes
// it otherwise: with 'x' (lasca's own), or in square numbers.
func (m Move) String() string {
	return Notation{Separator: ':'}.FormatMove(nil, m)
}

// sameResult reports whether m and o lead to the same position from the same
// position: same tower moved to the same square, the same towers jumped the
// same number of times, the same pieces taken in the same order (which decides
// the new tower's order) and the same promotion. Stacking off, only which
// are taken matters; with captured kings demoted, only their colours.
func (m *Move) sameResult(o *Move, r *rules) bool {
	if m.from != o.from || m.to != o.to || m.n != o.n || m.flags&flagPromote != o.flags&flagPromote {
		return false
	}
	if r.Stacking {
		mask := ^uint32(0)
		if r.DemoteCapturedKings {
			mask = 0x55555555 // colours only: every prisoner goes under as a man
		}
		if m.taken&mask != o.taken&mask {
			return false
		}
	}
	if m.n == 0 {
		return true
	}
	// Compare the jumped squares as multisets.
	var a, b [maxJumps]Square
	copy(a[:], m.over[:m.n])
	copy(b[:], o.over[:o.n])
	sortSquares(a[:m.n])
	sortSquares(b[:o.n])
	return a == b
}

// pathLess orders equivalent capture sequences: the one whose landing
// squares come first wins the canonical text.
func (m *Move) pathLess(o *Move) bool {
	for i := 0; i < int(m.n) && i < int(o.n); i++ {
		if m.path[i] != o.path[i] {
			return m.path[i] < o.path[i]
		}
	}
	return m.n < o.n
}

func sortSquares(s []Square) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

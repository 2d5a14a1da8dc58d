package bashni

import "strings"

// A stack code packs the pieces below a tower's top: bits 58..63 hold how many
// there are (at most 23: every piece of a 12-a-side game under one top) and
// bits 2i..2i+1 hold the code of the i-th piece from just under the top down.
// The zero code is an empty stack, so a tower of one piece has code 0.
type stack = uint64

const (
	stackCountShift = 58
	stackPieceMask  = 1<<56 - 1
)

func stackLen(s stack) int { return int(s >> stackCountShift) }

func stackAt(s stack, i int) pieceCode { return (s >> (2 * uint(i))) & 3 }

func stackTop(s stack) pieceCode { return s & 3 }

func stackPush(s stack, c pieceCode) stack {
	return (s + 1<<stackCountShift) | c<<(2*uint(stackLen(s)))
}

// stackPop drops the piece just under the top (index 0).
func stackPop(s stack) stack {
	n := stackLen(s)
	if n == 0 {
		return 0
	}
	return (s>>2)&stackPieceMask | uint64(n-1)<<stackCountShift
}

// Tower is the contents of one square: a stack of pieces, read top-down. The
// top piece owns the tower and decides how it moves; the pieces below are
// prisoners until freed. The zero Tower is an empty square. A Tower is a small
// value; copying it is cheap.
type Tower struct {
	top   Piece
	below stack
}

// NewTower builds a tower from its pieces, top first. It fails when a piece
// is NoPiece or invalid, or when there are more than 24 pieces. No pieces give
// the empty tower.
func NewTower(topDown ...Piece) (Tower, error) {
	if len(topDown) == 0 {
		return Tower{}, nil
	}
	if len(topDown) > 24 {
		return Tower{}, errorf("a tower of %d pieces is taller than 24", len(topDown))
	}
	var t Tower
	for i, p := range topDown {
		if p < WhiteMan || p > BlackKing {
			return Tower{}, errorf("piece %d of the tower is not a piece (%d)", i, p)
		}
		if i == 0 {
			t.top = p
		} else {
			t.below = stackPush(t.below, p.code())
		}
	}
	return t, nil
}

// IsEmpty reports whether the tower has no pieces.
func (t Tower) IsEmpty() bool { return t.top == NoPiece }

// Top returns the top piece, NoPiece for an empty tower.
func (t Tower) Top() Piece { return t.top }

// Owner returns the colour of the top piece: the side that moves the tower.
// For an empty tower it returns White; check IsEmpty first.
func (t Tower) Owner() Color { return t.top.Color() }

// Height returns the number of pieces in the tower, 0 when empty.
func (t Tower) Height() int {
	if t.top == NoPiece {
		return 0
	}
	return 1 + stackLen(t.below)
}

// Piece returns the i-th piece from the top (0 is the top), or NoPiece when i
// is outside the tower.
func (t Tower) Piece(i int) Piece {
	if i < 0 || i >= t.Height() {
		return NoPiece
	}
	if i == 0 {
		return t.top
	}
	return pieceOf(stackAt(t.below, i-1))
}

// Pieces returns the tower's pieces, top first.
func (t Tower) Pieces() []Piece {
	out := make([]Piece, t.Height())
	for i := range out {
		out[i] = t.Piece(i)
	}
	return out
}

// Count returns how many pieces of the colour the tower holds.
func (t Tower) Count(c Color) int {
	n := 0
	for i := 0; i < t.Height(); i++ {
		if t.Piece(i).Color() == c {
			n++
		}
	}
	return n
}

// String returns the tower's pieces top-down as letters (w, b men; W, B
// kings), such as "Wbb" for a white king over two black men; "" when empty.
func (t Tower) String() string {
	var sb strings.Builder
	for i := 0; i < t.Height(); i++ {
		sb.WriteString(t.Piece(i).String())
	}
	return sb.String()
}

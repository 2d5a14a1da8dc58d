package bashni

import (
	"strconv"
	"strings"
)

// Numbering is a way to name the playable squares by number, 1 to 32 on the
// 8x8 board, as the numeric notation of PDN does: square 1 is in one corner
// of the board (seen from White's side), square 2 is the next playable
// square along the same rank, and the numbers go on rank by rank away from
// that corner. PDN's GameType tag names the corner with a digit after N
// (N0 bottom left ... N3 top right, see Numbering.PDN).
//
// The zero value is the numbering py-draughts writes and PDN calls N2:
// 1 = b8, 2 = d8, 3 = f8, 4 = h8, 5 = a7, ..., 29 = a1, 32 = g1. A value
// past NumberingBottomRight is none of the four and numbers no square:
// Number gives 0, Square NoSquare, PDN "N?", and a Notation with it writes
// square names.
type Numbering uint8

// The four numberings, by the corner square 1 is in (White at the bottom).
const (
	// NumberingTopLeft is PDN's N2 (py-draughts): 1 = b8, 5 = a7, 32 = g1.
	NumberingTopLeft Numbering = iota
	// NumberingTopRight is PDN's N3: 1 = h8, 2 = f8, 32 = a1.
	NumberingTopRight
	// NumberingBottomLeft is PDN's N0, the numbers of Russian draughts
	// records and of pydraughts' Hub moves: 1 = a1, 2 = c1, 9 = a3, 32 = h8.
	NumberingBottomLeft
	// NumberingBottomRight is PDN's N1: 1 = g1, 2 = e1, 32 = b8.
	NumberingBottomRight
)

// String returns the numbering's name, such as "top-left" (which
// ParseNumbering reads), or "Numbering(4)" for a value that is none of the
// four.
func (n Numbering) String() string {
	switch n {
	case NumberingTopLeft:
		return "top-left"
	case NumberingTopRight:
		return "top-right"
	case NumberingBottomLeft:
		return "bottom-left"
	case NumberingBottomRight:
		return "bottom-right"
	}
	return "Numbering(" + strconv.Itoa(int(n)) + ")"
}

// PDN returns the notation field of PDN's GameType tag for the numbering:
// "N0" (bottom left), "N1" (bottom right), "N2" (top left) or "N3" (top
// right), or "N?" for a value that is none of the four.
func (n Numbering) PDN() string {
	switch n {
	case NumberingBottomLeft:
		return "N0"
	case NumberingBottomRight:
		return "N1"
	case NumberingTopLeft:
		return "N2"
	case NumberingTopRight:
		return "N3"
	}
	return "N?"
}

// numberTable is one numbering of one board size: the squares in number
// order, and each square's number (0: not playable).
type numberTable struct {
	squares []Square
	number  [64]uint8
}

// numberTables holds every numbering of every board size (1 to 8), so that
// Number and Square are lookups.
var numberTables = func() (t [9][4]numberTable) {
	for size := 1; size <= 8; size++ {
		for n := NumberingTopLeft; n <= NumberingBottomRight; n++ {
			tab := &t[size][n]
			top := n == NumberingTopLeft || n == NumberingTopRight
			right := n == NumberingTopRight || n == NumberingBottomRight
			for i := 0; i < size; i++ {
				rank := i
				if top {
					rank = size - 1 - i
				}
				for j := 0; j < size; j++ {
					file := j
					if right {
						file = size - 1 - j
					}
					if (file+rank)%2 == 0 { // the dark squares: a1 is dark
						s := SquareAt(file, rank)
						tab.squares = append(tab.squares, s)
						tab.number[s] = uint8(len(tab.squares))
					}
				}
			}
		}
	}
	return t
}()

// table returns the numbering's table for v's board, or nil for a board
// size or numbering that does not exist.
func (n Numbering) table(v Variant) *numberTable {
	if v.Size < 1 || v.Size > 8 || n > NumberingBottomRight {
		return nil
	}
	return &numberTables[v.Size][n]
}

// Number returns the number of square s on v's board, from 1, or 0 when s
// is not a playable square of that board.
func (n Numbering) Number(v Variant, s Square) int {
	t := n.table(v)
	if t == nil || s > 63 {
		return 0
	}
	return int(t.number[s])
}

// Square returns the square numbered num on v's board, or NoSquare when
// there is no such number (the 8x8 board has 1 to 32).
func (n Numbering) Square(v Variant, num int) Square {
	t := n.table(v)
	if t == nil || num < 1 || num > len(t.squares) {
		return NoSquare
	}
	return t.squares[num-1]
}

// SquareCount returns how many playable squares v's board has: the largest
// square number (32 on the 8x8 board).
func (v Variant) SquareCount() int {
	if t := NumberingTopLeft.table(v); t != nil {
		return len(t.squares)
	}
	return 0
}

// ParseNumbering reads a numbering by its PDN notation field ("N0" to
// "N3") or its name ("top-left", "top-right", "bottom-left",
// "bottom-right"), in any case.
func ParseNumbering(text string) (Numbering, error) {
	t := strings.ToLower(strings.TrimSpace(text))
	for n := NumberingTopLeft; n <= NumberingBottomRight; n++ {
		if t == n.String() || t == strings.ToLower(n.PDN()) {
			return n, nil
		}
	}
	return 0, errorf("numbering %q is not N0 (bottom-left, 1 = a1), N1 (bottom-right), N2 (top-left, 1 = b8, py-draughts') or N3 (top-right)", text)
}

package bashni

import (
	"fmt"
	"math/bits"
	"strings"
)

// Square is a square of the board, named by file letter and rank number
// ("c3"). Its value is rank*8+file (a1 = 0, b1 = 1, ..., h8 = 63) on every board
// size, so a Square means the same on the 8x8 and the 7x7 board; whether it is a
// playable (dark) square of a given board is for the Variant to say
// (Variant.OnBoard).
type Square uint8

// NoSquare is the Square value that names no square.
const NoSquare Square = 255

// SquareAt returns the square on the given file and rank, both counted from 0
// (a1 is SquareAt(0, 0)). It returns NoSquare when either is outside 0..7.
func SquareAt(file, rank int) Square {
	if file < 0 || file > 7 || rank < 0 || rank > 7 {
		return NoSquare
	}
	return Square(rank*8 + file)
}

// File returns the square's file, 0 for a to 7 for h.
func (s Square) File() int { return int(s) & 7 }

// Rank returns the square's rank, 0 for rank 1 to 7 for rank 8.
func (s Square) Rank() int { return int(s) >> 3 }

// String returns the square's name, such as "c3", or "-" for NoSquare and
// values past h8.
func (s Square) String() string {
	if s > 63 {
		return "-"
	}
	return string([]byte{byte('a' + s.File()), byte('1' + s.Rank())})
}

// ParseSquare reads a square name such as "c3" (upper case "C3" is accepted).
// It checks only that the name lies within a1..h8; Variant.OnBoard tells
// whether the square is playable in a given ruleset.
func ParseSquare(text string) (Square, error) {
	if len(text) != 2 {
		return NoSquare, fmt.Errorf("bashni: %q is not a square name (want a file letter and a rank digit, such as c3)", text)
	}
	f := text[0] | 0x20 // lower case
	r := text[1]
	if f < 'a' || f > 'h' || r < '1' || r > '8' {
		return NoSquare, fmt.Errorf("bashni: %q is not a square name (files a-h, ranks 1-8)", text)
	}
	return Square(int(r-'1')*8 + int(f-'a')), nil
}

func (s Square) bit() uint64 { return 1 << s }

// Color is the colour of a piece, and so of the side that owns a tower.
type Color uint8

// The two colours. White moves first and moves up the board.
const (
	White Color = 0
	Black Color = 1
)

// Opponent returns the other colour of White or Black (of another value,
// that value with its lowest bit flipped: check colours from outside).
func (c Color) Opponent() Color { return c ^ 1 }

// String returns "white" or "black".
func (c Color) String() string {
	switch c {
	case White:
		return "white"
	case Black:
		return "black"
	}
	return fmt.Sprintf("Color(%d)", uint8(c))
}

// Piece is one piece of a tower: a colour and a rank (man or king). The zero
// value NoPiece means no piece.
type Piece uint8

// The pieces. Internally a piece is coded in two bits (bit 0 the colour, bit 1
// the rank), which is Piece-1.
const (
	NoPiece Piece = iota
	WhiteMan
	BlackMan
	WhiteKing
	BlackKing
)

// NewPiece returns the piece of the given colour and rank.
func NewPiece(c Color, king bool) Piece {
	p := Piece(c&1) + 1
	if king {
		p += 2
	}
	return p
}

// Color returns the piece's colour (White for NoPiece).
func (p Piece) Color() Color {
	if p == NoPiece {
		return White
	}
	return Color((p - 1) & 1)
}

// IsKing reports whether the piece is a king.
func (p Piece) IsKing() bool { return p == WhiteKing || p == BlackKing }

// String returns the piece's letter as used in FEN towers: "w" and "b" for
// men, "W" and "B" for kings, "" for NoPiece.
func (p Piece) String() string {
	switch p {
	case WhiteMan:
		return "w"
	case BlackMan:
		return "b"
	case WhiteKing:
		return "W"
	case BlackKing:
		return "B"
	}
	return ""
}

// pieceCode is the two-bit code of a piece: bit 0 colour, bit 1 king.
type pieceCode = uint64

const (
	codeBlack = 1
	codeKing  = 2
)

func (p Piece) code() pieceCode { return pieceCode(p - 1) }
func pieceOf(c pieceCode) Piece { return Piece(c&3) + 1 }

// A stack code packs the pieces below a tower's top: bits 58..63 hold how many
// there are (at most 23: every piece of a 12-a-side game under one top) and
// bits 2i..2i+1 hold the code of the i-th piece from just under the top down.
// The zero code is an empty stack, so a tower of one piece has code 0.
type stack = uint64

const (
	stackCountShift = 58
	stackPieceMask  = 1<<56 - 1
)

func stackLen(s stack) int             { return int(s >> stackCountShift) }
func stackAt(s stack, i int) pieceCode { return (s >> (2 * uint(i))) & 3 }
func stackTop(s stack) pieceCode       { return s & 3 }
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
		return Tower{}, fmt.Errorf("bashni: a tower of %d pieces is taller than 24", len(topDown))
	}
	var t Tower
	for i, p := range topDown {
		if p < WhiteMan || p > BlackKing {
			return Tower{}, fmt.Errorf("bashni: piece %d of the tower is not a piece (%d)", i, p)
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

// Directions: north-east, north-west, south-east, south-west (bit steps +9,
// +7, -7, -9 on the rank*8+file layout). The opposite of direction d is 3-d.
const (
	dirNE = 0
	dirNW = 1
	dirSE = 2
	dirSW = 3
)

// geometry is what the generator needs to know of a board size.
type geometry struct {
	size   int
	board  uint64        // playable squares
	step   [64][4]Square // next square in a direction, NoSquare off the board
	far    [2]uint64     // far (crowning) rank of each colour
	nSquar int           // number of playable squares
	// canStep[d] holds the squares that have a neighbour in direction d, so
	// that a shift of a bitboard masked by it never wraps or leaves the board.
	canStep [4]uint64
	// canJump[d] holds the squares with two neighbours in a row in direction
	// d: those a short jump in direction d can start from.
	canJump [4]uint64
	// adj[s] holds the squares next to s diagonally, lines[s] all squares on
	// its two diagonals: where a tower on s could find something to jump.
	adj, lines [64]uint64
	// rays[s][d] holds the squares from s to the edge in direction d.
	rays [64][4]uint64
}

func newGeometry(size int) *geometry {
	g := &geometry{size: size}
	for r := 0; r < size; r++ {
		for f := 0; f < size; f++ {
			if (r+f)%2 == 0 {
				g.board |= 1 << (r*8 + f)
			}
		}
	}
	g.nSquar = bits.OnesCount64(g.board)
	for s := 0; s < 64; s++ {
		for d := 0; d < 4; d++ {
			g.step[s][d] = NoSquare
			if g.board&(1<<s) == 0 {
				continue
			}
			f, r := s&7, s>>3
			df, dr := 1, 1
			if d == dirNW || d == dirSW {
				df = -1
			}
			if d == dirSE || d == dirSW {
				dr = -1
			}
			nf, nr := f+df, r+dr
			if nf >= 0 && nf < size && nr >= 0 && nr < size {
				g.step[s][d] = Square(nr*8 + nf)
				g.canStep[d] |= 1 << s
			}
		}
	}
	for s := 0; s < 64; s++ {
		for d := 0; d < 4; d++ {
			for t := g.step[s][d]; t != NoSquare; t = g.step[t][d] {
				if t == g.step[s][d] {
					g.adj[s] |= t.bit()
				}
				g.lines[s] |= t.bit()
				g.rays[s][d] |= t.bit()
			}
			if a := g.step[s][d]; a != NoSquare && g.step[a][d] != NoSquare {
				g.canJump[d] |= 1 << s
			}
		}
	}
	for f := 0; f < size; f++ {
		g.far[White] |= 1 << ((size-1)*8 + f)
		g.far[Black] |= 1 << f
	}
	g.far[White] &= g.board
	g.far[Black] &= g.board
	return g
}

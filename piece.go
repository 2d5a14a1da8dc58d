package bashni

import "fmt"

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

// String returns "white" or "black", or "Color(n)" for another value.
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

// NewPiece returns the piece of the given colour and rank; NoPiece for a
// colour other than White or Black.
func NewPiece(c Color, king bool) Piece {
	if c > Black {
		return NoPiece
	}
	p := Piece(c) + 1
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
// men, "W" and "B" for kings, "" for NoPiece (and a value that is no
// piece).
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

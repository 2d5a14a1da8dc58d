package bashni

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

// File returns the square's file, 0 for a to 7 for h. A value past h8
// (NoSquare) names no square, and its File and Rank none either: its Rank
// is 8 or more, which tells it apart (SquareAt gives it back as
// NoSquare). They stay unchecked arithmetic, for the code that calls them
// in its inner loops.
func (s Square) File() int { return int(s) & 7 }

// Rank returns the square's rank, 0 for rank 1 to 7 for rank 8, and 8 or
// more for a value past h8 (see File).
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
		return NoSquare, errorf("%q is not a square name (want a file letter and a rank digit, such as c3)", text)
	}
	f := text[0] | 0x20 // lower case
	r := text[1]
	if f < 'a' || f > 'h' || r < '1' || r > '8' {
		return NoSquare, errorf("%q is not a square name (files a-h, ranks 1-8)", text)
	}
	return Square(int(r-'1')*8 + int(f-'a')), nil
}

func (s Square) bit() uint64 { return 1 << s }

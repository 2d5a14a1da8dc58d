package endgame

import (
	"fmt"
)

// Signature is a material: the numbers of men and kings of each colour. A
// table holds the positions of one signature with White to move.
type Signature struct {
	WhiteMen, WhiteKings, BlackMen, BlackKings int
}

// String writes the signature as the file name stem of its table:
// "w2m1k-b0m1k" for two white men and a king against a black king.
func (s Signature) String() string {
	return fmt.Sprintf("w%dm%dk-b%dm%dk", s.WhiteMen, s.WhiteKings, s.BlackMen, s.BlackKings)
}

// ParseSignature reads the text String writes.
func ParseSignature(text string) (Signature, error) {
	var s Signature
	var rest string
	n, _ := fmt.Sscanf(text, "w%dm%dk-b%dm%dk%s", &s.WhiteMen, &s.WhiteKings, &s.BlackMen, &s.BlackKings, &rest)
	if n != 4 || s.String() != text {
		return Signature{}, fmt.Errorf("endgame: %q is not a signature such as w2m1k-b0m1k", text)
	}
	if !s.Valid() {
		return Signature{}, fmt.Errorf("endgame: signature %s: each side needs a piece, men at most %d a side, and %d pieces at most", text, menSquares, maxPieces)
	}
	return s, nil
}

// maxPieces bounds a signature's pieces, so that its index fits in 64 bits
// with room (a table of 8 pieces has about 1.6e10 positions).
const maxPieces = 8

// Valid reports whether the signature is one a table is built for: both
// sides have a piece, no count is negative, each side has at most 28 men
// (the squares a man of its colour may stand on), and there are at most 8
// pieces in all. ParseSignature reads only valid signatures, and Signatures
// lists only them; a Signature a caller builds can be checked with it.
func (s Signature) Valid() bool {
	return s.WhiteMen >= 0 && s.WhiteKings >= 0 && s.BlackMen >= 0 && s.BlackKings >= 0 &&
		s.WhiteMen+s.WhiteKings > 0 && s.BlackMen+s.BlackKings > 0 &&
		s.WhiteMen <= menSquares && s.BlackMen <= menSquares && s.Pieces() <= maxPieces
}

// Pieces returns the number of pieces of the signature.
func (s Signature) Pieces() int { return s.WhiteMen + s.WhiteKings + s.BlackMen + s.BlackKings }

// men returns the number of men of the signature.
func (s Signature) men() int { return s.WhiteMen + s.BlackMen }

// Swapped returns the signature with the colours exchanged: the material of
// a position with Black to move, as its table stores it.
func (s Signature) Swapped() Signature {
	return Signature{s.BlackMen, s.BlackKings, s.WhiteMen, s.WhiteKings}
}

// Signatures returns every signature of 2 to pieces pieces in the order
// Build solves them: by pieces, then by men, so that every move leads to a
// signature listed earlier (a capture has fewer pieces, a promotion fewer
// men) or to the swapped signature of the same material (a quiet move).
// Tables hold 8 pieces at most: a larger pieces lists those of up to 8.
func Signatures(pieces int) []Signature {
	var out []Signature
	for n := 2; n <= pieces && n <= maxPieces; n++ {
		for men := 0; men <= n; men++ {
			for wm := 0; wm <= men; wm++ {
				bm := men - wm
				for wk := 0; wk <= n-men; wk++ {
					s := Signature{wm, wk, bm, n - men - wk}
					if s.Valid() {
						out = append(out, s)
					}
				}
			}
		}
	}
	return out
}

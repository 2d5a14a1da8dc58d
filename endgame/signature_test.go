package endgame

import "testing"

// Valid tells a Signature a table is built for (each side a piece, no
// count negative, at most 28 men a side and maxPieces pieces) from one a
// caller built wrong, as ParseSignature does.
func TestSignatureValid(t *testing.T) {
	for _, s := range Signatures(maxPieces) {
		if !s.Valid() {
			t.Errorf("%s, of Signatures, is not Valid", s)
		}
	}
	for _, s := range []Signature{
		{},
		{WhiteKings: 1},
		{BlackMen: 2},
		{WhiteMen: -1, WhiteKings: 2, BlackKings: 1},
		{WhiteKings: 1, BlackKings: -1, BlackMen: 2},
		{WhiteMen: 29, BlackKings: 1},
		{WhiteKings: 5, BlackKings: 4},
		{WhiteKings: 30, BlackKings: 30},
	} {
		if s.Valid() {
			t.Errorf("%+v is Valid", s)
		}
		if _, err := ParseSignature(s.String()); err == nil {
			t.Errorf("ParseSignature(%q) read a signature that is not Valid", s)
		}
	}
}

package bashni

import "testing"

func TestColor(t *testing.T) {
	if White.String() != "white" || Black.String() != "black" {
		t.Errorf("colour names: %q, %q", White, Black)
	}
	if White.Opponent() != Black || Black.Opponent() != White {
		t.Error("Opponent does not swap the colours")
	}
	if got := Color(7).String(); got != "Color(7)" {
		t.Errorf("Color(7).String() = %q", got)
	}
}

func TestPiece(t *testing.T) {
	cases := []struct {
		p      Piece
		color  Color
		king   bool
		letter string
	}{
		{WhiteMan, White, false, "w"},
		{BlackMan, Black, false, "b"},
		{WhiteKing, White, true, "W"},
		{BlackKing, Black, true, "B"},
	}
	for _, c := range cases {
		if got := NewPiece(c.color, c.king); got != c.p {
			t.Errorf("NewPiece(%v, %v) = %v, want %v", c.color, c.king, got, c.p)
		}
		if c.p.Color() != c.color || c.p.IsKing() != c.king || c.p.String() != c.letter {
			t.Errorf("piece %q: Color %v, IsKing %v, String %q", c.letter, c.p.Color(), c.p.IsKing(), c.p.String())
		}
	}
	if NoPiece.String() != "" || NoPiece.IsKing() {
		t.Errorf("NoPiece: String %q, IsKing %v", NoPiece.String(), NoPiece.IsKing())
	}
}

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

// NewPiece of a colour other than White or Black is NoPiece, as WinFor,
// Tops and Resign refuse such a colour: it took the colour's lowest bit,
// so Color(7) made a black piece and Color(2) a white one.
func TestNewPieceOfNoColour(t *testing.T) {
	for _, c := range []Color{2, 3, 7, 255} {
		for _, king := range []bool{false, true} {
			if p := NewPiece(c, king); p != NoPiece {
				t.Errorf("NewPiece(%v, %v) = %v (%d), want NoPiece", c, king, p, p)
			}
		}
	}
	for _, c := range []Color{White, Black} {
		for _, king := range []bool{false, true} {
			if p := NewPiece(c, king); p.Color() != c || p.IsKing() != king {
				t.Errorf("NewPiece(%v, %v) = %v", c, king, p)
			}
		}
	}
}

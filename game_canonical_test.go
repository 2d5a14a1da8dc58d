package bashni

import (
	"slices"
	"testing"
)

// TestGamePlayKeepsTheCanonicalMove: given another capture sequence with the
// same result (section 8), Game.Play records the position's own move, whose
// text is canonical. R2, R3: e1 loops round e3 either way.
func TestGamePlayKeepsTheCanonicalMove(t *testing.T) {
	const fen = "W:WKa1,e1,b2,h2,h4,Ka5b,b6:Bd2,f2,d4,f4,g5,d6,h6,b8,d8,f8"
	p, err := ParseFEN(Russian, fen)
	if err != nil {
		t.Fatal(err)
	}
	var other Move
	for _, m := range p.appendLegal(nil, true) { // every sequence
		if m.String() == "e1:g3:e5:c3:e1" {
			other = m
		}
	}
	if other.n == 0 {
		t.Fatal("the sequence e1:g3:e5:c3:e1 is not generated")
	}
	g := NewGameFrom(p)
	if err := g.Play(other); err != nil {
		t.Fatal(err)
	}
	if got := MoveTexts(g.Moves()); !slices.Equal(got, []string{"e1:c3:e5:g3:e1"}) {
		t.Errorf("Game.Play(e1:g3:e5:c3:e1) recorded %v, want the canonical e1:c3:e5:g3:e1", got)
	}
}

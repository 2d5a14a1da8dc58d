package bashni

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The accessors of a capture: the 12-jump example of docs/RULES.md section 11
// (R2, R3: towers jumped again, never in reverse).
func TestMoveAccessorsTwelveJumps(t *testing.T) {
	p, err := ParseFEN(Russian(), "W:WKc1:Bc3b,e3b,c5b,e7b,g5b,g7b")
	if err != nil {
		t.Fatal(err)
	}
	m, err := p.ParseMove("c1:f4:h6:f8:d6:b4:d2:f4:h6:f8:d6:b4:e1")
	if err != nil {
		t.Fatal(err)
	}
	sq := func(names ...string) []Square {
		out := make([]Square, len(names))
		for i, n := range names {
			out[i], _ = ParseSquare(n)
		}
		return out
	}
	if m.From() != sq("c1")[0] || m.To() != sq("e1")[0] || !m.IsCapture() || m.Jumps() != 12 || m.Promotes() {
		t.Errorf("from %s to %s capture %v jumps %d promotes %v", m.From(), m.To(), m.IsCapture(), m.Jumps(), m.Promotes())
	}
	wantPath := sq("c1", "f4", "h6", "f8", "d6", "b4", "d2", "f4", "h6", "f8", "d6", "b4", "e1")
	if diff := cmp.Diff(wantPath, m.Path()); diff != "" {
		t.Errorf("Path (-want +got):\n%s", diff)
	}
	var landings []Square
	for i := 0; i < m.Jumps(); i++ {
		landings = append(landings, m.Landing(i))
	}
	if diff := cmp.Diff(wantPath[1:], landings); diff != "" {
		t.Errorf("Landing (-want +got):\n%s", diff)
	}
	wantOver := sq("e3", "g5", "g7", "e7", "c5", "c3", "e3", "g5", "g7", "e7", "c5", "c3")
	if diff := cmp.Diff(wantOver, m.JumpedSquares()); diff != "" {
		t.Errorf("JumpedSquares (-want +got):\n%s", diff)
	}
	for i, s := range wantOver {
		if m.Jumped(i) != s || m.Taken(i) != BlackMan {
			t.Errorf("jump %d: over %s taking %v, want over %s taking a black man", i, m.Jumped(i), m.Taken(i), s)
		}
	}
	for _, i := range []int{-1, 12} {
		if m.Landing(i) != NoSquare || m.Jumped(i) != NoSquare || m.Taken(i) != NoPiece {
			t.Errorf("index %d out of range gave %s %s %v", i, m.Landing(i), m.Jumped(i), m.Taken(i))
		}
	}
}

// A quiet move has no jumps, and its path is its two squares; the zero Move
// writes as "-" and is no legal move anywhere.
func TestMoveAccessorsQuietAndZero(t *testing.T) {
	p := Russian().MustStart()
	m, err := p.ParseMove("c3-d4")
	if err != nil {
		t.Fatal(err)
	}
	if m.IsCapture() || m.Jumps() != 0 || m.Landing(0) != NoSquare || m.Jumped(0) != NoSquare {
		t.Errorf("quiet move reports jumps: %d", m.Jumps())
	}
	if diff := cmp.Diff([]Square{SquareAt(2, 2), SquareAt(3, 3)}, m.Path()); diff != "" {
		t.Errorf("Path (-want +got):\n%s", diff)
	}
	var zero Move
	if zero.String() != "-" {
		t.Errorf("zero Move = %q", zero.String())
	}
	if _, err := p.Play(zero); err == nil {
		t.Error("Play(zero Move) succeeded")
	}
}

// Section 8: equivalent sequences keep the one whose landings come first,
// whatever the order of the search.
func TestPathLess(t *testing.T) {
	a := Move{n: 2, path: [maxJumps]Square{SquareAt(0, 4), SquareAt(2, 6)}}
	b := Move{n: 2, path: [maxJumps]Square{SquareAt(4, 4), SquareAt(2, 6)}}
	if !a.pathLess(&b) || b.pathLess(&a) || a.pathLess(&a) {
		t.Error("pathLess does not order by the first differing landing")
	}
	short := Move{n: 1, path: [maxJumps]Square{SquareAt(0, 4)}}
	if !short.pathLess(&a) || a.pathLess(&short) {
		t.Error("a prefix should come first")
	}
}

// TestGamePlayKeepsTheCanonicalMove: given another capture sequence with the
// same result (section 8), Game.Play records the position's own move, whose
// text is canonical. R2, R3: e1 loops round e3 either way.
func TestGamePlayKeepsTheCanonicalMove(t *testing.T) {
	const fen = "W:WKa1,e1,b2,h2,h4,Ka5b,b6:Bd2,f2,d4,f4,g5,d6,h6,b8,d8,f8"
	p, err := ParseFEN(Russian(), fen)
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
	g := NewGameFrom(&p)
	if err := g.Play(other); err != nil {
		t.Fatal(err)
	}
	if got := MoveTexts(g.Moves()); !slices.Equal(got, []string{"e1:c3:e5:g3:e1"}) {
		t.Errorf("Game.Play(e1:g3:e5:c3:e1) recorded %v, want the canonical e1:c3:e5:g3:e1", got)
	}
}

package bashni

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestNewTower(t *testing.T) {
	tw, err := NewTower(WhiteKing, WhiteMan, BlackMan, BlackKing, BlackMan)
	if err != nil {
		t.Fatal(err)
	}
	want := []Piece{WhiteKing, WhiteMan, BlackMan, BlackKing, BlackMan}
	if diff := cmp.Diff(want, tw.Pieces()); diff != "" {
		t.Errorf("Pieces (-want +got):\n%s", diff)
	}
	if tw.Height() != 5 || tw.Count(White) != 2 || tw.Count(Black) != 3 {
		t.Errorf("Height %d, Count(White) %d, Count(Black) %d; want 5, 2, 3", tw.Height(), tw.Count(White), tw.Count(Black))
	}
	if tw.Top() != WhiteKing || tw.Owner() != White || tw.IsEmpty() || tw.String() != "WwbBb" {
		t.Errorf("Top %v, Owner %v, IsEmpty %v, String %q", tw.Top(), tw.Owner(), tw.IsEmpty(), tw.String())
	}
	for _, i := range []int{-1, 5, 99} {
		if got := tw.Piece(i); got != NoPiece {
			t.Errorf("Piece(%d) = %v, want NoPiece", i, got)
		}
	}

	empty, err := NewTower()
	if err != nil || !empty.IsEmpty() || empty.Height() != 0 || len(empty.Pieces()) != 0 || empty.String() != "" || empty.Count(White) != 0 {
		t.Errorf("NewTower() = %+v, %v; want the empty tower", empty, err)
	}

	// The tallest tower: every piece of a 12-a-side game.
	tall := make([]Piece, 24)
	for i := range tall {
		tall[i] = NewPiece(Color(i%2), i%5 == 0)
	}
	tw, err = NewTower(tall...)
	if err != nil {
		t.Fatalf("NewTower of 24 pieces: %v", err)
	}
	if diff := cmp.Diff(tall, tw.Pieces()); diff != "" {
		t.Errorf("24-piece tower (-want +got):\n%s", diff)
	}
	if tw.Count(White) != 12 || tw.Count(Black) != 12 {
		t.Errorf("24-piece tower counts %d white, %d black", tw.Count(White), tw.Count(Black))
	}
}

func TestNewTowerErrors(t *testing.T) {
	cases := []struct {
		name   string
		pieces []Piece
		reason string
	}{
		{"no piece on top", []Piece{NoPiece}, "not a piece"},
		{"no piece below", []Piece{WhiteMan, BlackMan, NoPiece}, "piece 2"},
		{"value past BlackKing", []Piece{WhiteMan, Piece(5)}, "not a piece"},
		{"25 pieces", make25Pieces(), "taller than 24"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tw, err := NewTower(c.pieces...)
			if err == nil {
				t.Fatalf("NewTower(%v) = %q, want an error", c.pieces, tw)
			}
			if !strings.Contains(err.Error(), c.reason) {
				t.Errorf("error %q does not say %q", err, c.reason)
			}
			if !tw.IsEmpty() {
				t.Errorf("NewTower returned tower %q with its error", tw)
			}
		})
	}
}

func make25Pieces() []Piece {
	out := make([]Piece, 25)
	for i := range out {
		out[i] = WhiteMan
	}
	return out
}

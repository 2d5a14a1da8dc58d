package bashni

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParseSquare(t *testing.T) {
	valid := []struct {
		text string
		want Square
	}{
		{"a1", SquareAt(0, 0)},
		{"h8", SquareAt(7, 7)},
		{"c3", SquareAt(2, 2)},
		{"C3", SquareAt(2, 2)}, // section 10: input may be upper case
		{"H1", SquareAt(7, 0)},
		{"a8", SquareAt(0, 7)},
	}
	for _, c := range valid {
		got, err := ParseSquare(c.text)
		if err != nil || got != c.want {
			t.Errorf("ParseSquare(%q) = %v, %v; want %v, nil", c.text, got, err, c.want)
		}
	}
	invalid := []string{"", "c", "c33", "i1", "a0", "a9", "11", "cc", " c3", "c3 ", "@1", "`1", "\xff1"}
	for _, text := range invalid {
		got, err := ParseSquare(text)
		if err == nil {
			t.Errorf("ParseSquare(%q) = %v, want an error", text, got)
			continue
		}
		if got != NoSquare {
			t.Errorf("ParseSquare(%q) returned square %v with its error, want NoSquare", text, got)
		}
		// The error names the text it could not read.
		if quoted := fmt.Sprintf("%q", text); !strings.Contains(err.Error(), quoted) {
			t.Errorf("ParseSquare(%q) error %q does not name the input %s", text, err, quoted)
		}
	}
}

func TestSquareStringRoundTrip(t *testing.T) {
	for s := Square(0); s < 64; s++ {
		name := s.String()
		back, err := ParseSquare(name)
		if err != nil || back != s {
			t.Errorf("ParseSquare(%v.String() = %q) = %v, %v", uint8(s), name, back, err)
		}
		if s.File() != int(s)%8 || s.Rank() != int(s)/8 {
			t.Errorf("square %v: File, Rank = %d, %d", name, s.File(), s.Rank())
		}
		if SquareAt(s.File(), s.Rank()) != s {
			t.Errorf("SquareAt(%d, %d) != %v", s.File(), s.Rank(), name)
		}
	}
	for _, s := range []Square{NoSquare, 64, 100} {
		if got := s.String(); got != "-" {
			t.Errorf("Square(%d).String() = %q, want \"-\"", uint8(s), got)
		}
	}
	for _, fr := range [][2]int{{-1, 0}, {0, -1}, {8, 0}, {0, 8}, {100, 100}} {
		if got := SquareAt(fr[0], fr[1]); got != NoSquare {
			t.Errorf("SquareAt(%d, %d) = %v, want NoSquare", fr[0], fr[1], got)
		}
	}
}

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

package bashni

import (
	"strings"
	"testing"
)

// TestNewPosition checks that NewPosition sets up what ParseFEN reads, key
// included, and refuses each kind of bad set with its reason.
func TestNewPosition(t *testing.T) {
	v := RussianDraughts()
	sq := func(names ...string) SquareSet {
		var s SquareSet
		for _, n := range names {
			q, err := ParseSquare(n)
			if err != nil {
				t.Fatal(err)
			}
			s |= SquareSetOf(q)
		}
		return s
	}
	p, err := NewPosition(v, Black, sq("c3", "h8"), sq("d6", "a1"), sq("h8", "a1"))
	if err != nil {
		t.Fatal(err)
	}
	want, err := ParseFEN(v, "B:Wc3,Kh8:BKa1,d6")
	if err != nil {
		t.Fatal(err)
	}
	if !p.Equal(&want) || p.Key() != want.Key() {
		t.Errorf("NewPosition gives %s (key %x), ParseFEN %s (key %x)", p.FEN(), p.Key(), want.FEN(), want.Key())
	}
	for _, c := range []struct {
		name               string
		turn               Color
		white, black, king SquareSet
		want               string
	}{
		{"turn", Color(2), sq("c3"), sq("d6"), 0, "side to move"},
		{"light square", White, sq("b1"), sq("d6"), 0, "b1 is not a square of the board"},
		{"both colours", White, sq("c3"), sq("c3"), 0, "c3 holds a white and a black piece"},
		{"king of nothing", White, sq("c3"), sq("d6"), sq("e5"), "e5 is a king's square"},
		{"white man on its far rank", White, sq("b8"), sq("d6"), 0, "white man stands on its own far rank at b8"},
		{"black man on its far rank", White, sq("c3"), sq("c1"), 0, "black man stands on its own far rank at c1"},
		{"too many", White, SquareSet(Lasca().Board()) &^ sq("a7", "c7", "e7", "g7"), 0, 0, "more pieces"},
	} {
		_, err := NewPosition(v, c.turn, c.white, c.black, c.king)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: NewPosition says %v, want an error saying %q", c.name, err, c.want)
		}
	}
}

package bashni_test

import (
	"testing"

	"github.com/bashni-dev/bashni"
	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

func TestSquareSet(t *testing.T) {
	a1, c3, h8 := mustSquare("a1"), mustSquare("c3"), mustSquare("h8")
	s := bashni.SquareSetOf(h8, a1, c3, a1, bashni.NoSquare)
	if got := s.Len(); got != 3 {
		t.Errorf("Len = %d, want 3", got)
	}
	if diff := cmp.Diff([]bashni.Square{a1, c3, h8}, s.Squares()); diff != "" {
		t.Errorf("Squares (-want +got):\n%s", diff)
	}
	if got := s.String(); got != "{a1 c3 h8}" {
		t.Errorf("String = %q", got)
	}
	for _, c := range []struct {
		sq   bashni.Square
		want bool
	}{{a1, true}, {c3, true}, {h8, true}, {mustSquare("b2"), false}, {bashni.NoSquare, false}, {200, false}} {
		if got := s.Has(c.sq); got != c.want {
			t.Errorf("Has(%v) = %v", c.sq, got)
		}
	}
	if got := bashni.SquareSet(0).String(); got != "{}" {
		t.Errorf("empty set String = %q", got)
	}
	var first []bashni.Square
	for x := range s.All() {
		first = append(first, x)
		break
	}
	if diff := cmp.Diff([]bashni.Square{a1}, first); diff != "" {
		t.Errorf("All stopped after one (-want +got):\n%s", diff)
	}
}

// The start positions, read off the sets: 12 men each on the 8x8 board (R1),
// 11 on lasca's 7x7 (L1), no kings.
func TestPositionSetsAtStart(t *testing.T) {
	for _, c := range []struct {
		v            bashni.Variant
		board, pawns int
		white, black string
	}{
		{bashni.Russian(), 32, 12, "a1", "h8"},
		{bashni.International(), 32, 12, "a1", "h8"},
		{bashni.Lasca(), 25, 11, "a1", "g7"},
	} {
		p := c.v.MustStart()
		if got := c.v.Board().Len(); got != c.board {
			t.Errorf("%s: Board().Len() = %d, want %d", c.v, got, c.board)
		}
		for _, col := range []bashni.Color{bashni.White, bashni.Black} {
			if got := p.Tops(col).Len(); got != c.pawns {
				t.Errorf("%s: Tops(%v).Len() = %d, want %d", c.v, col, got, c.pawns)
			}
		}
		if !p.Tops(bashni.White).Has(mustSquare(c.white)) || !p.Tops(bashni.Black).Has(mustSquare(c.black)) {
			t.Errorf("%s: corners %s and %s not in Tops: %v %v", c.v, c.white, c.black, p.Tops(bashni.White), p.Tops(bashni.Black))
		}
		if p.Kings() != 0 {
			t.Errorf("%s: Kings() = %v at the start", c.v, p.Kings())
		}
		if got := p.Tops(bashni.Color(7)); got != 0 {
			t.Errorf("%s: Tops of an invalid colour = %v", c.v, got)
		}
	}
	if got := (bashni.Variant{}).Board(); got != 0 {
		t.Errorf("Board of the zero Variant = %v, want empty", got)
	}
}

// Diff is the squares whose towers differ, between a position and one a
// move or a few away, of any ruleset.
func TestProperty_DiffIsTheTowersThatDiffer(t *testing.T) {
	propForAll(t, func(t *rapid.T, p bashni.Position) {
		o := p
		for range rapid.IntRange(0, 3).Draw(t, "plies") {
			moves := o.LegalMoves()
			if len(moves) == 0 {
				break
			}
			o = o.PlayUnchecked(moves[rapid.IntRange(0, len(moves)-1).Draw(t, "move")])
		}
		var want bashni.SquareSet
		for s := bashni.Square(0); s < 64; s++ {
			if p.Tower(s) != o.Tower(s) {
				want |= bashni.SquareSetOf(s)
			}
		}
		if got := p.Diff(&o); got != want {
			t.Fatalf("%s to %s: Diff %v, want %v", p.FEN(), o.FEN(), got, want)
		}
		if got := o.Diff(&p); got != want {
			t.Fatalf("%s to %s: Diff %v the other way, want %v", o.FEN(), p.FEN(), got, want)
		}
	})
}

// The sets say the same as Tower on every square, on random positions of
// any ruleset.
func TestProperty_SquareSetsAgreeWithTowers(t *testing.T) {
	propForAll(t, func(t *rapid.T, p bashni.Position) {
		board := p.Variant().Board()
		want := []bashni.Square{}
		for s := bashni.Square(0); s < 64; s++ {
			tw := p.Tower(s)
			if !tw.IsEmpty() {
				want = append(want, s)
			}
			if p.Occupied().Has(s) != !tw.IsEmpty() ||
				p.Tops(bashni.White).Has(s) != (!tw.IsEmpty() && tw.Owner() == bashni.White) ||
				p.Tops(bashni.Black).Has(s) != (!tw.IsEmpty() && tw.Owner() == bashni.Black) ||
				p.Kings().Has(s) != tw.Top().IsKing() ||
				p.Stacked().Has(s) != (tw.Height() > 1) {
				t.Fatalf("%s: square %s holds %v, but Occupied %v, Tops %v %v, Kings %v, Stacked %v", p.FEN(), s, tw,
					p.Occupied(), p.Tops(bashni.White), p.Tops(bashni.Black), p.Kings(), p.Stacked())
			}
			if board.Has(s) != p.Variant().OnBoard(s) {
				t.Fatalf("variant %s: Board().Has(%s) = %v", p.Variant(), s, board.Has(s))
			}
		}
		if diff := cmp.Diff(want, p.Occupied().Squares()); diff != "" {
			t.Fatalf("%s: Occupied().Squares() (-want +got):\n%s", p.FEN(), diff)
		}
		if first := p.Occupied().First(); len(want) == 0 && first != bashni.NoSquare || len(want) > 0 && first != want[0] {
			t.Fatalf("%s: Occupied().First() = %v", p.FEN(), first)
		}
		if p.Occupied()&^board != 0 {
			t.Fatalf("%s: towers off the board: %v", p.FEN(), p.Occupied()&^board)
		}
	})
}

// Reading the sets and walking them allocates nothing.
func TestSquareSetAllocatesNothing(t *testing.T) {
	p := bashni.Russian().MustStart()
	n := 0
	got := testing.AllocsPerRun(50, func() {
		for s := range p.Tops(bashni.White).All() {
			n += int(s)
		}
		n += (p.Kings() | p.Occupied()).Len()
	})
	if got != 0 {
		t.Errorf("%v allocations, want 0", got)
	}
	if n == 0 {
		t.Error("walked nothing")
	}
}

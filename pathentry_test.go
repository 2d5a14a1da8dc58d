package bashni

import (
	"math/rand"
	"testing"

	"github.com/bashni-dev/bashni/internal/heapbytes"
	"github.com/google/go-cmp/cmp"
)

func squaresOf(t *testing.T, names ...string) []Square {
	t.Helper()
	out := make([]Square, len(names))
	for i, n := range names {
		s, err := ParseSquare(n)
		if err != nil {
			t.Fatal(err)
		}
		out[i] = s
	}
	return out
}

func names(sq []Square) []string {
	out := make([]string, len(sq))
	for i, s := range sq {
		out[i] = s.String()
	}
	return out
}

// docs/RULES.md section 11, the 12-jump example (russian, R4): entered click
// by click, the path offers one landing square at a time until the last
// jump, where the king may stop on d2 or e1, and each of those is a whole
// move of its own.
func TestMatchPathTwelveJumps(t *testing.T) {
	pos, err := ParseFEN(Russian(), "W:WKc1:Bc3b,e3b,c5b,e7b,g5b,g7b")
	if err != nil {
		t.Fatal(err)
	}
	path := squaresOf(t, "c1", "f4", "h6", "f8", "d6", "b4", "d2", "f4", "h6", "f8", "d6", "b4")
	for k := 0; k < len(path); k++ {
		pm := pos.MatchPath(path[:k])
		if len(pm.Moves) != 2 || pm.Complete {
			t.Fatalf("after %v: %d moves, complete %v; want the two moves, not complete", names(path[:k]), len(pm.Moves), pm.Complete)
		}
		if diff := cmp.Diff([]string{path[k].String()}, names(pm.Next)); diff != "" {
			t.Errorf("after %v: next (-want +got):\n%s", names(path[:k]), diff)
		}
	}
	pm := pos.MatchPath(path)
	if diff := cmp.Diff([]string{"e1", "d2"}, names(pm.Next)); diff != "" || pm.Complete {
		t.Errorf("before the last landing: next (-want +got):\n%s (complete %v)", diff, pm.Complete)
	}
	for _, last := range []string{"d2", "e1"} {
		full := append(append([]Square(nil), path...), squaresOf(t, last)...)
		pm := pos.MatchPath(full)
		want := "c1:f4:h6:f8:d6:b4:d2:f4:h6:f8:d6:b4:" + last
		if !pm.Complete || pm.Move.String() != want || len(pm.Moves) != 1 || len(pm.Next) != 0 {
			t.Errorf("ending on %s: complete %v, move %s, %d moves, next %v; want %s alone", last, pm.Complete, pm.Move, len(pm.Moves), pm.Next, want)
		}
	}
	for _, wrong := range [][]string{{"c3"}, {"c1", "e3"}, {"c1", "f4", "d6"}} {
		if pm := pos.MatchPath(squaresOf(t, wrong...)); len(pm.Moves) != 0 || len(pm.Next) != 0 || pm.Complete {
			t.Errorf("%v: %+v, want nothing", wrong, pm)
		}
	}
}

// A flying king that may land on several squares after a jump (I3's
// "anywhere", brazilian-draughts): every landing square is offered, and each
// path is the move it makes.
func TestMatchPathKingLandings(t *testing.T) {
	pos, err := ParseFEN(BrazilianDraughts(), "W:WKa1:Bc3")
	if err != nil {
		t.Fatal(err)
	}
	pm := pos.MatchPath(squaresOf(t, "a1"))
	if diff := cmp.Diff([]string{"d4", "e5", "f6", "g7", "h8"}, names(pm.Next)); diff != "" || len(pm.Moves) != 5 {
		t.Errorf("a1: %d moves, next (-want +got):\n%s", len(pm.Moves), diff)
	}
	pm = pos.MatchPath(squaresOf(t, "a1", "f6"))
	if !pm.Complete || pm.Move.String() != "a1:f6" {
		t.Errorf("a1 f6: %+v", pm)
	}
	if pm := pos.MatchPath(nil); cmp.Diff([]string{"a1"}, names(pm.Next)) != "" {
		t.Errorf("nothing clicked: next %v, want a1", names(pm.Next))
	}
}

// Properties on positions along random games of every kind of ruleset: for
// every legal move, each prefix of its path keeps the move among the
// matches and offers the path's next square; the whole path is that move;
// nothing clicked offers exactly the start squares of the legal moves; and
// following the offered squares never reaches a dead end, and ends on whole
// paths that ParseMove reads as the same move.
func TestMatchPathProperties(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	for _, v := range []Variant{Russian(), International(), Lasca(), RussianDraughts(), BrazilianDraughts(), LudiiBashni()} {
		for game := 0; game < 15; game++ {
			pos := v.MustStart()
			for ply := 0; ply < 120; ply++ {
				legal := pos.LegalMoves()
				if len(legal) == 0 {
					break
				}
				var starts SquareSet
				for _, m := range legal {
					starts |= SquareSetOf(m.From())
					path := m.Path()
					for k := 0; k <= len(path); k++ {
						pm := pos.MatchPath(path[:k])
						found := false
						for _, c := range pm.Moves {
							found = found || c.String() == m.String()
						}
						switch {
						case !found:
							t.Fatalf("%s at %s: %v does not match %s", v, pos, names(path[:k]), m)
						case k < len(path) && !SquareSetOf(pm.Next...).Has(path[k]):
							t.Fatalf("%s at %s: after %v next %v lacks %s", v, pos, names(path[:k]), names(pm.Next), path[k])
						case k == len(path) && (!pm.Complete || pm.Move.String() != m.String()):
							t.Fatalf("%s at %s: the path of %s gives %+v", v, pos, m, pm)
						}
					}
				}
				if got := SquareSetOf(pos.MatchPath(nil).Next...); got != starts {
					t.Fatalf("%s at %s: start squares %v, want %v", v, pos, got, starts)
				}
				walkPaths(t, pos, nil)
				pos = pos.PlayUnchecked(legal[rng.Intn(len(legal))])
			}
		}
	}
}

// walkPaths follows every square MatchPath offers after clicked.
func walkPaths(t *testing.T, pos Position, clicked []Square) {
	t.Helper()
	pm := pos.MatchPath(clicked)
	if pm.Complete {
		sep := ":"
		if !pm.Move.IsCapture() {
			sep = "-"
		}
		text := clicked[0].String()
		for _, s := range clicked[1:] {
			text += sep + s.String()
		}
		if back, err := pos.ParseMove(text); err != nil || back.String() != pm.Move.String() {
			t.Fatalf("at %s: whole path %s is %s, ParseMove says %v %v", pos, text, pm.Move, back, err)
		}
		return
	}
	if len(pm.Next) == 0 || len(pm.Moves) == 0 {
		t.Fatalf("at %s: %v is a dead end: %+v", pos, names(clicked), pm)
	}
	for _, s := range pm.Next {
		walkPaths(t, pos, append(clicked[:len(clicked):len(clicked)], s))
	}
}

// MatchPath costs memory bounded by the legal moves, not by the number of
// capture sequences, as reading a move does (parsemove_mem_test.go): at
// issue #26's costly position, whose king has millions of sequences, it
// listed them all first, 335 MB at every click.
func TestMatchPathMemoryBoundedByTheMoves(t *testing.T) {
	if testing.Short() {
		t.Skip("walks millions of capture sequences")
	}
	p := costlyRead(t)
	for _, c := range []struct {
		clicked, next []string
	}{
		{nil, []string{"e5"}},
		{[]string{"e5"}, []string{"a1", "b2", "c3"}},
		{[]string{"e5", "a1"}, []string{"e5", "f6", "g7", "h8"}},
	} {
		clicked := squaresOf(t, c.clicked...)
		var pm PathMatch
		n := heapbytes.Of(func() { pm = p.MatchPath(clicked) })
		t.Logf("%v: %d moves, %d bytes allocated", c.clicked, len(pm.Moves), n)
		if d := cmp.Diff(c.next, names(pm.Next)); d != "" || len(pm.Moves) != 4 || pm.Complete {
			t.Errorf("MatchPath(%v): %d moves, complete %v, next (-want +got):\n%s", c.clicked, len(pm.Moves), pm.Complete, d)
		}
		if n > 64<<10 {
			t.Errorf("MatchPath(%v) allocated %d bytes, want at most 64 KiB", c.clicked, n)
		}
	}
}

package tune

import (
	"fmt"
	"slices"
	"testing"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/internal/testgen"
	"pgregory.net/rapid"
)

// A mirror turns the files round and keeps the rest: twice is the
// position itself; lasca's start is its own mirror; the mirror has as many
// legal moves, each the mirror of one of the position's, and every tower
// of the position stands, the same, on the mirrored square.
func TestMirrorFiles(t *testing.T) {
	start := bashni.Lasca().MustStart()
	if m, err := mirrorFiles(&start); err != nil || !m.Equal(&start) {
		t.Fatalf("lasca's start: mirror %v, %v; want the start", m.FEN(), err)
	}
	rapid.Check(t, func(t *rapid.T) {
		pos := testgen.Playout(bashni.Lasca(), 120).Draw(t, "pos")
		m, err := mirrorFiles(&pos)
		if err != nil {
			t.Fatal(err)
		}
		back, err := mirrorFiles(&m)
		if err != nil || !back.Equal(&pos) {
			t.Fatalf("the mirror of the mirror of %s is %s (%v)", pos.FEN(), back.FEN(), err)
		}
		if m.Turn() != pos.Turn() {
			t.Fatalf("%s: the mirror has %v to move", pos.FEN(), m.Turn())
		}
		flip := func(s bashni.Square) bashni.Square { return bashni.SquareAt(6-s.File(), s.Rank()) }
		for _, s := range pos.Squares() {
			if a, b := pos.Tower(s), m.Tower(flip(s)); a != b {
				t.Fatalf("%s: %v on %v, %v on its mirror square in %s", pos.FEN(), a, s, b, m.FEN())
			}
		}
		if a, b := pos.Occupied().Len(), m.Occupied().Len(); a != b {
			t.Fatalf("%s: %d towers, its mirror %s %d", pos.FEN(), a, m.FEN(), b)
		}
		var want, got []string
		for _, mv := range pos.LegalMoves() {
			path := mv.Path()
			for i := range path {
				path[i] = flip(path[i])
			}
			want = append(want, fmt.Sprint(path))
		}
		for _, mv := range m.LegalMoves() {
			got = append(got, fmt.Sprint(mv.Path()))
		}
		slices.Sort(want)
		slices.Sort(got)
		if !slices.Equal(want, got) {
			t.Fatalf("%s: moves %v mirrored, its mirror %s has %v", pos.FEN(), want, m.FEN(), got)
		}
	})
}

// A board of even size has no mirror of its files: a1 would go to a light
// square.
func TestMirrorFilesEvenBoard(t *testing.T) {
	pos := bashni.RussianDraughts().MustStart()
	if _, err := mirrorFiles(&pos); err == nil {
		t.Error("russian-draughts: a mirror, want an error")
	}
}

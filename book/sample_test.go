package book

import (
	"slices"
	"testing"

	"github.com/bashni-dev/bashni"
)

// TestSampleBooks: the books of the repository (built as docs/ENGINE.md
// says) read, are for their ruleset, and every one of their positions
// reached from the start through their moves holds only legal moves:
// Lookup keeps them all. lasca's, built with FreePlies 4 for the openings
// of bashni match, holds every position within 4 plies of the start.
func TestSampleBooks(t *testing.T) {
	for _, c := range []struct {
		file      string
		variant   bashni.Variant
		freePlies int
	}{
		{"testdata/russian.book", bashni.Russian(), 0},
		{"../books/lasca.book", bashni.Lasca(), 4},
	} {
		t.Run(c.file, func(t *testing.T) {
			b, err := ReadFile(c.file, DefaultMaxBytes)
			if err != nil {
				t.Fatal(err)
			}
			if err := b.Check(c.variant); err != nil {
				t.Fatal(err)
			}
			checkReachable(t, b, c.variant.MustStart())
			if c.freePlies == 0 {
				return
			}
			all := within(c.variant.MustStart(), c.freePlies)
			for _, pos := range all {
				if b.Lookup(&pos) == nil {
					t.Fatalf("%s, within %d plies of the start, is not in the book", pos.FEN(), c.freePlies)
				}
			}
			t.Logf("all %d positions within %d plies are in the book", len(all), c.freePlies)
		})
	}
}

// within returns the positions at most plies plies from start, start
// included, that have a legal move: those a build with FreePlies plies
// expands first.
func within(start bashni.Position, plies int) []bashni.Position {
	seen := map[uint64]bool{start.Key(): true}
	level := []bashni.Position{start}
	var all []bashni.Position
	for ply := 0; len(level) > 0; ply++ {
		var next []bashni.Position
		for _, p := range level {
			ms := p.LegalMoves()
			if len(ms) > 0 {
				all = append(all, p)
			}
			if ply == plies {
				continue
			}
			for _, m := range ms {
				c := p.PlayUnchecked(m)
				if !seen[c.Key()] {
					seen[c.Key()] = true
					next = append(next, c)
				}
			}
		}
		level = next
	}
	return all
}

// checkReachable checks that each position of b that the search from start
// through b's moves reaches holds only legal moves, and that it reaches
// every position of b.
func checkReachable(t *testing.T, b *Book, start bashni.Position) {
	t.Helper()
	seen := map[uint64]bool{}
	queue := []bashni.Position{start}
	for len(queue) > 0 {
		pos := queue[0]
		queue = queue[1:]
		if seen[pos.Key()] {
			continue
		}
		seen[pos.Key()] = true
		es := b.Lookup(&pos)
		if es == nil {
			continue
		}
		i, _ := slices.BinarySearch(b.keys, pos.Key())
		if stored := int(b.first[i+1] - b.first[i]); len(es) != stored {
			t.Fatalf("%s: %d of its %d stored moves are legal", pos.FEN(), len(es), stored)
		}
		for _, e := range es {
			queue = append(queue, pos.PlayUnchecked(e.Move))
		}
	}
	reached := 0
	for k := range seen {
		if _, found := slices.BinarySearch(b.keys, k); found {
			reached++
		}
	}
	if reached != b.Len() {
		t.Fatalf("%d of the book's %d positions are reached from the start", reached, b.Len())
	}
}

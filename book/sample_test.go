package book

import (
	"slices"
	"testing"

	"github.com/bashni-dev/bashni"
)

// TestSampleBook: the sample book of the repository (built as
// docs/ENGINE.md says) reads, is for russian, and every one of its
// positions reached from the start through its moves holds only legal
// moves: Lookup keeps them all.
func TestSampleBook(t *testing.T) {
	b, err := ReadFile("testdata/russian.book", DefaultMaxBytes)
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Check(bashni.Russian()); err != nil {
		t.Fatal(err)
	}
	seen := map[uint64]bool{}
	queue := []bashni.Position{bashni.Russian().MustStart()}
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

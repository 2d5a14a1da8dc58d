package book

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/bashni-dev/bashni"
)

// startBook is a book of the russian start alone, its moves scored and
// weighted by the tables (keyed by the move's text).
func startBook(t *testing.T, scores map[string]int16, weights map[string]uint32) (*Book, bashni.Position) {
	t.Helper()
	start := bashni.Russian().MustStart()
	b := &Book{variant: bashni.Russian(), keys: []uint64{start.Key()}, first: []uint32{0}}
	for _, m := range start.LegalMoves() {
		sc, ok := scores[m.String()]
		if !ok {
			t.Fatalf("no score for %s", m)
		}
		r := record{score: sc, weight: weights[m.String()]}
		for _, s := range m.Path() {
			r.path[r.n] = s
			r.n++
		}
		b.moves = append(b.moves, r)
	}
	b.first = append(b.first, uint32(len(b.moves)))
	return b, start
}

// The russian start's seven moves, scored 30 down to -40.
var startScores = map[string]int16{"c3-d4": 30, "c3-b4": 25, "e3-d4": 20, "e3-f4": 20, "g3-f4": 0, "g3-h4": -10, "a3-b4": -40}

func ones() map[string]uint32 {
	w := map[string]uint32{}
	for m := range startScores {
		w[m] = 1
	}
	return w
}

func texts(es []Entry) []string {
	var out []string
	for _, e := range es {
		out = append(out, e.Move.String())
	}
	return out
}

func TestLookupSortsBestFirst(t *testing.T) {
	w := ones()
	w["e3-f4"] = 5 // ties with e3-d4 on score: the higher weight first
	b, start := startBook(t, startScores, w)
	want := []string{"c3-d4", "c3-b4", "e3-f4", "e3-d4", "g3-f4", "g3-h4", "a3-b4"}
	if d := cmp.Diff(want, texts(b.Lookup(&start))); d != "" {
		t.Fatalf("Lookup (-want +got):\n%s", d)
	}
	next := start.PlayUnchecked(b.Lookup(&start)[0].Move)
	if es := b.Lookup(&next); es != nil {
		t.Fatalf("a position not in the book: %v", es)
	}
}

// TestChooseWithinMargin: the moves drawn over many seeds are exactly the
// candidates within the margin of the best score, never a move outside it
// nor one of weight 0.
func TestChooseWithinMargin(t *testing.T) {
	w := ones()
	w["e3-d4"] = 0 // within the margins below, but never drawn
	b, start := startBook(t, startScores, w)
	for _, tc := range []struct {
		margin int
		want   []string
	}{
		{-5, []string{"c3-d4"}},
		{0, []string{"c3-d4"}},
		{5, []string{"c3-b4", "c3-d4"}},
		{10, []string{"c3-b4", "c3-d4", "e3-f4"}},
		{30, []string{"c3-b4", "c3-d4", "e3-f4", "g3-f4"}},
		{1000, []string{"a3-b4", "c3-b4", "c3-d4", "e3-f4", "g3-f4", "g3-h4"}},
	} {
		drawn := map[string]bool{}
		for seed := range uint64(400) {
			e, ok := b.Choose(&start, tc.margin, rand.New(rand.NewPCG(seed, 1)))
			if !ok {
				t.Fatalf("margin %d: no move", tc.margin)
			}
			drawn[e.Move.String()] = true
		}
		var got []string
		for m := range drawn {
			got = append(got, m)
		}
		slices.Sort(got)
		if d := cmp.Diff(tc.want, got); d != "" {
			t.Errorf("margin %d: the moves drawn (-want +got):\n%s", tc.margin, d)
		}
		cands := texts(b.Candidates(&start, tc.margin))
		slices.Sort(cands)
		if d := cmp.Diff(tc.want, cands); d != "" {
			t.Errorf("margin %d: Candidates (-want +got):\n%s", tc.margin, d)
		}
	}
}

// TestChooseByWeight: among the candidates a move is drawn in proportion
// to its weight; with a nil rng, the best always.
func TestChooseByWeight(t *testing.T) {
	w := ones()
	w["c3-d4"], w["c3-b4"] = 1, 9
	b, start := startBook(t, startScores, w)
	rng := rand.New(rand.NewPCG(7, 7))
	n := 0
	const draws = 10000
	for range draws {
		if e, _ := b.Choose(&start, 5, rng); e.Move.String() == "c3-b4" {
			n++
		}
	}
	// 9 in 10: 9000 expected, sd 30.
	if n < 8800 || n > 9200 {
		t.Fatalf("c3-b4 (weight 9 against 1) drawn %d times of %d", n, draws)
	}
	for range 10 {
		if e, _ := b.Choose(&start, 1000, nil); e.Move.String() != "c3-d4" {
			t.Fatalf("nil rng: %s, want the best, c3-d4", e.Move)
		}
	}
}

// TestLookupChecksLegality: a stored move that is not legal in the
// position (a key shared by two positions, a file made by hand) is left
// out, and a position with none legal is not in the book.
func TestLookupChecksLegality(t *testing.T) {
	b, start := startBook(t, startScores, ones())
	b.moves[0].path[1] = sq("e5") // c3-e5 is no move
	if got := b.Lookup(&start); len(got) != 6 || slices.Contains(texts(got), "c3-e5") {
		t.Fatalf("Lookup: %v, want the six legal moves", texts(got))
	}
	for i := range b.moves {
		b.moves[i].path[1] = sq("e5")
	}
	if _, ok := b.Choose(&start, 1000, nil); ok {
		t.Fatal("Choose found a move where no stored move is legal")
	}
}

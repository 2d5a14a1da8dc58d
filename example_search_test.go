package bashni_test

import (
	"fmt"
	"testing"

	"github.com/bashni-dev/bashni"
)

// sequences counts the move sequences of depth plies from pos without
// allocating: one move buffer per ply, and the child declared before the
// loop over the moves. (Declared inside the loop and passed down by address,
// it would be moved to the heap by Go's escape analysis, at every node.)
func sequences(pos *bashni.Position, bufs *[16][64]bashni.Move, depth int) int {
	if depth == 0 {
		return 1
	}
	n := 0
	var child bashni.Position
	for _, m := range pos.AppendLegalMoves(bufs[depth][:0]) {
		pos.PlayUncheckedInto(&child, m)
		n += sequences(&child, bufs, depth-1)
	}
	return n
}

// A recursive walk of the game tree, the shape of a search, that allocates
// nothing per position.
func ExamplePosition_AppendLegalMoves() {
	var bufs [16][64]bashni.Move
	start := bashni.Russian().MustStart()
	n, err := bashni.Perft(&start, 5)
	fmt.Println(sequences(&start, &bufs, 5), n, err)
	// Output:
	// 7482 7482 <nil>
}

// The recursive walk of the AppendLegalMoves example allocates nothing, in
// every ruleset and through captures of towers, and counts what Perft
// counts.
func TestRecursiveWalkAllocatesNothing(t *testing.T) {
	var bufs [16][64]bashni.Move
	for _, v := range []bashni.Variant{bashni.Russian(), bashni.International(), bashni.Lasca()} {
		start := v.MustStart()
		var n int
		if allocs := testing.AllocsPerRun(3, func() { n = sequences(&start, &bufs, 6) }); allocs != 0 {
			t.Errorf("%v: %v allocations walking %d sequences", v, allocs, n)
		}
		if want, err := bashni.Perft(&start, 6); uint64(n) != want || err != nil {
			t.Errorf("%v: %d sequences of 6 plies, perft says %d, %v", v, n, want, err)
		}
	}
}

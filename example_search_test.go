package bashni_test

import (
	"fmt"

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
		child = pos.PlayUnchecked(m)
		n += sequences(&child, bufs, depth-1)
	}
	return n
}

// A recursive walk of the game tree, the shape of a search, that allocates
// nothing per position.
func ExamplePosition_AppendLegalMoves() {
	var bufs [16][64]bashni.Move
	start := bashni.Russian.MustStart()
	fmt.Println(sequences(&start, &bufs, 5), bashni.Perft(start, 5))
	// Output:
	// 7482 7482
}

package eval

import (
	"math"
	"testing"

	"github.com/bashni-dev/bashni"
	"pgregory.net/rapid"
)

// squareSum's popcounts over bit planes give exactly the sum of the table
// over the set, for tables of any sign and size (down to the extremes a
// plane count near 64 needs) and any set of board squares.
func TestSquareSumIsTheSumOverTheSet(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		v := rapid.SampledFrom([]bashni.Variant{bashni.Russian(), bashni.Lasca()}).Draw(t, "variant")
		board := v.Board()
		limit := rapid.SampledFrom([]int{1, 50, 1000, min(1<<40, math.MaxInt>>8)}).Draw(t, "limit")
		var table [64]int
		for b := board; b != 0; b &= b - 1 {
			table[b.First()] = rapid.IntRange(-limit, limit).Draw(t, "value")
		}
		sum := newSquareSum(board, func(s bashni.Square) int { return table[s] })
		set := bashni.SquareSet(rapid.Uint64().Draw(t, "set")) & board
		want := 0
		for b := set; b != 0; b &= b - 1 {
			want += table[b.First()]
		}
		if got := sum.over(set); got != want {
			t.Fatalf("sum over %v: %d, want %d (table %v)", set.Squares(), got, want, table)
		}
	})
}

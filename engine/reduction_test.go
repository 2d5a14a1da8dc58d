package engine

import (
	"fmt"
	"testing"

	"github.com/bashni-dev/bashni"
)

// The late-move reductions by node kind, move number and depth: quiet moves
// after the first lose a ply away from the principal variation and two from
// the fifth on; on it, the fourth move on loses one; captures, promotions
// and moves at depth 1 are never reduced.
func TestReduction(t *testing.T) {
	first := func(p bashni.Position) bashni.Move { return p.LegalMoves()[0] }
	quiet := first(bashni.Russian.MustStart())
	// White's man on g3 must take f4 (a capture); the man on c7 steps to
	// the last rank (a promotion) whichever way it goes.
	capture := first(mustFEN(t, bashni.Russian, "W:Wg3:Bf4,h8"))
	promotion := first(mustFEN(t, bashni.Russian, "W:Wc7:Bh2"))
	if quiet.IsCapture() || quiet.Promotes() || !capture.IsCapture() || promotion.IsCapture() || !promotion.Promotes() {
		t.Fatalf("test moves: quiet %s, capture %s, promotion %s", quiet, capture, promotion)
	}
	tests := []struct {
		m     bashni.Move
		i     int
		depth int
		pv    bool
		want  int
	}{
		{quiet, 0, 8, false, 0},
		{quiet, 1, 8, false, 1},
		{quiet, 3, 8, false, 1},
		{quiet, 4, 8, false, 2},
		{quiet, 30, 8, false, 2},
		{quiet, 4, 2, false, 2},
		{quiet, 4, 1, false, 0},
		{quiet, 2, 8, true, 0},
		{quiet, 3, 8, true, 1},
		{quiet, 30, 2, true, 1},
		{quiet, 30, 1, true, 0},
		{capture, 10, 8, false, 0},
		{promotion, 10, 8, false, 0},
		{promotion, 10, 8, true, 0},
	}
	for _, tt := range tests {
		name := fmt.Sprintf("%s/i=%d/depth=%d/pv=%v", tt.m, tt.i, tt.depth, tt.pv)
		if got := reduction(tt.m, tt.i, tt.depth, tt.pv); got != tt.want {
			t.Errorf("%s: reduction %d, want %d", name, got, tt.want)
		}
	}
}

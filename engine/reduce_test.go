package engine

import (
	"testing"

	"github.com/bashni-dev/bashni"
)

// The late move reductions of reduce.go, move by move: captures and
// promotions never, the first moves never, the principal variation a ply
// less but at least one, and always a ply left to search.
func TestReductions(t *testing.T) {
	quietAndCapture := func(v bashni.Variant, fen string) (quiet, capture bashni.Move) {
		t.Helper()
		start := v.MustStart()
		quiet = start.AppendLegalMoves(nil)[0]
		pos := mustFEN(t, v, fen)
		capture = pos.AppendLegalMoves(nil)[0]
		if quiet.IsCapture() || quiet.Promotes() || !capture.IsCapture() {
			t.Fatalf("%v: %v and %v are not a quiet move and a capture", v, quiet, capture)
		}
		return quiet, capture
	}
	tests := []struct {
		name string
		v    bashni.Variant
		fen  string // a position whose first move is a capture
		// the plies the i-th quiet move loses at depth 6 off and on the
		// principal variation, and at depth 3
		want6, want6PV, want3 [10]int
	}{
		{
			// 4/3 ln 6 ln(i+1) from the third move on: 2.6 3.3 3.8 4.3
			// 4.6 5.0 5.2 5.5, rounded down, at most depth-2 = 4.
			name: "russian", v: bashni.Russian(), fen: "W:Wc3:Bd4",
			want6:   [10]int{0, 0, 2, 3, 3, 4, 4, 4, 4, 4},
			want6PV: [10]int{0, 0, 1, 2, 2, 3, 3, 3, 4, 4},
			want3:   [10]int{0, 0, 1, 1, 1, 1, 1, 1, 1, 1},
		},
		{
			name: "lasca", v: bashni.Lasca(), fen: "W:Wc3:Bd4",
			want6:   [10]int{0, 0, 0, 1, 1, 1, 1, 1, 2, 2},
			want6PV: [10]int{0, 0, 0, 1, 1, 1, 1, 1, 1, 1},
			want3:   [10]int{0, 0, 0, 1, 1, 1, 1, 1, 1, 1},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := &searcher{reductions: reductionsFor(tc.v)}
			quiet, capture := quietAndCapture(tc.v, tc.fen)
			for i := range 10 {
				for _, c := range []struct {
					depth int
					pv    bool
					want  int
				}{{6, false, tc.want6[i]}, {6, true, tc.want6PV[i]}, {3, false, tc.want3[i]}} {
					if got := s.reduction(quiet, i, c.depth, c.pv, 0); got != c.want {
						t.Errorf("move %d at depth %d (pv %v): reduced %d plies, want %d", i, c.depth, c.pv, got, c.want)
					}
					if got := s.reduction(capture, i, c.depth, c.pv, 0); got != 0 {
						t.Errorf("capture %d at depth %d: reduced %d plies", i, c.depth, got)
					}
				}
				if got := s.reduction(quiet, i, 2, false, 0); got != 0 {
					t.Errorf("move %d at depth 2: reduced %d plies", i, got)
				}
				if got := s.reduction(quiet, i, 6, false, Win-7); got != 0 {
					t.Errorf("move %d at depth 6 with a win in hand: reduced %d plies", i, got)
				}
			}
			for d := 3; d < MaxPly/2; d++ {
				if r := s.reduction(quiet, 63, d, false, 0); r < 1 || r > d-2 {
					t.Errorf("last move at depth %d: reduced %d plies, want 1 to %d", d, r, d-2)
				}
			}
		})
	}
}

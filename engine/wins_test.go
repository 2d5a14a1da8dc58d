package engine

import (
	"context"
	"testing"

	"github.com/bashni-dev/bashni"
)

// Three sparse positions where the search once reported a win in 7 plies
// and there is one in 5 (found by TestSearchWinsMatchBruteForce;
// docs/ENGINE.md tells each story). In the first the winning d8-g5 came
// 14th at its node and was reduced to a depth of 1 (reduction). In the
// second, a table entry's estimate, an upper bound of +6.77, cut the
// search that looked for the shorter win (alphaBeta), and the root's
// first move had been judged before the win was in hand (seekShorterWin).
// In the third, with two threads, a helper's deeper iteration, whose
// reductions hid the win, replaced the main thread's proven one
// (improves).
func TestSearchFindsTheShortestWin(t *testing.T) {
	v := bashni.Russian()
	v.Repetitions, v.KingsOnlyPlies = 0, 0
	for _, fen := range []string{"B:Wf2w:BKa7wb,Kg7b,Kd8w", "B:We1b:BKa5", "B:We1b:BKd6wb"} {
		pos := mustFEN(t, v, fen)
		if got := shortestWin(pos, 5); got != 5 {
			t.Fatalf("%s: brute force wins in %d plies, the test says 5", fen, got)
		}
		for _, threads := range []int{1, 2} {
			for range 20 { // with two threads, each run is another race
				r, err := MustNew(Options{HashMB: 1, Threads: threads}).Search(context.Background(), &pos, Limits{Depth: 14})
				if err != nil {
					t.Fatal(err)
				}
				if r.Score != Win-5 {
					t.Fatalf("%s, %d threads: %v (PV %s), want win 5", fen, threads, r.Score, lineText(r.PV))
				}
			}
		}
	}
}

// A forced result found inside the window is stored as a bound: a shorter
// win (a later loss) may still be found.
func TestBoundOf(t *testing.T) {
	const alpha, beta = Score(-100), Score(100)
	tests := []struct {
		best Score
		want bound
	}{
		{50, boundExact},
		{100, boundLower},
		{300, boundLower},
		{-100, boundUpper},
		{-300, boundUpper},
		{Win - 7, boundLower},
		{-Win + 8, boundUpper},
	}
	for _, tc := range tests {
		lo, hi := alpha, beta
		if tc.best.IsWin() { // a window around the forced result
			lo, hi = -Win, Win
		}
		if got := boundOf(tc.best, lo, hi); got != tc.want {
			t.Errorf("boundOf(%v, %v, %v) = %d, want %d", tc.best, lo, hi, got, tc.want)
		}
	}
	if got := boundOf(Win-7, -100, Win-9); got != boundLower {
		t.Errorf("a win at or above beta: bound %d, want lower", got)
	}
	if got := boundOf(-Win+8, -Win+6, 100); got != boundUpper {
		t.Errorf("a loss inside the window: bound %d, want upper", got)
	}
}

// A helper's deeper result replaces the main thread's unless that one is
// forced and the helper's is not better and forced.
func TestImproves(t *testing.T) {
	tests := []struct {
		helper, main Score
		want         bool
	}{
		{20, 50, true},            // deeper, whatever it says
		{Win - 9, 50, true},       // a win found deeper
		{583, Win - 5, false},     // an estimate against a proven win
		{Win - 7, Win - 5, false}, // a longer win
		{Win - 3, Win - 5, true},  // a shorter one
		{-Win + 4, -Win + 6, false},
		{-Win + 8, -Win + 6, true}, // a later loss
		{100, -Win + 6, false},
	}
	for _, tc := range tests {
		if got := improves(tc.helper, tc.main); got != tc.want {
			t.Errorf("improves(%v, %v) = %v, want %v", tc.helper, tc.main, got, tc.want)
		}
	}
}

package engine

import (
	"testing"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/internal/eval"
)

// TestFutile checks when a node fails high on its static value without a
// search (prune.go): a quiet node away from the principal variation, up to
// futilityDepth plies from the horizon, whose static value less the margin
// reaches beta; never a node with a capture, a single move or a window near
// a forced result.
func TestFutile(t *testing.T) {
	v := bashni.Russian()
	s := &searcher{ev: eval.New(v, eval.For(v))}
	// White is six men up and has no capture; in behind the same position
	// has Black, the side six men down, to move.
	ahead := ptr(mustFEN(t, v, "W:Wa1,c1,e1,g1,b2,d2,f2:Bh8"))
	behind := ptr(mustFEN(t, v, "B:Wa1,c1,e1,g1,b2,d2,f2:Bh8"))
	capture := ptr(mustFEN(t, v, "W:Wa1,c1,e1,g1,b2,d2,c3:Bd4,h8"))
	static := Score(s.ev.Evaluate(ahead))
	if static <= 3*futilityMargin {
		t.Fatalf("static value %d of %s is too small for the test", static, ahead)
	}
	tests := []struct {
		name        string
		pos         *bashni.Position
		alpha, beta Score
		depth       int
		want        bool
	}{
		{"depth 1", ahead, -1, 0, 1, true},
		{"depth 2", ahead, -1, 0, 2, true},
		{"depth 3", ahead, -1, 0, 3, true},
		{"deeper than futilityDepth", ahead, -1, 0, futilityDepth + 1, false},
		{"principal variation", ahead, -1, 1, 1, false},
		{"beta above the value less the margin", ahead, static - futilityMargin, static - futilityMargin + 1, 1, false},
		{"window near a win", ahead, Win - 11, Win - 10, 1, false},
		{"window near a loss", ahead, -Win + 10, -Win + 11, 1, false},
		{"side behind", behind, -1, 0, 1, false},
		{"capture due", capture, -1, 0, 1, false},
	}
	// cut is what alphaBeta does: futile on the static value of a
	// prunable node.
	cut := func(pos *bashni.Position, ms []bashni.Move, alpha, beta Score, depth int) (Score, bool) {
		if !prunable(ms, alpha, beta) {
			return 0, false
		}
		return futile(Score(s.ev.Evaluate(pos)), beta, depth)
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ms := tc.pos.AppendLegalMoves(nil)
			got, ok := cut(tc.pos, ms, tc.alpha, tc.beta, tc.depth)
			if ok != tc.want {
				t.Fatalf("futile = %d, %v; want pruned %v", got, ok, tc.want)
			}
			if want := Score(s.ev.Evaluate(tc.pos)) - Score(futilityMargin*tc.depth); ok && got != want {
				t.Errorf("value %d, want the static value less the margin, %d", got, want)
			}
		})
	}
	single := ptr(mustFEN(t, v, "W:Wa1:Bh8"))
	if ms := single.AppendLegalMoves(nil); len(ms) != 1 {
		t.Fatalf("%s has %d moves, want 1", single, len(ms))
	} else if _, ok := cut(single, ms, -Win+200, -Win+201, 1); ok {
		t.Error("a node with a single move was pruned")
	}
}

package engine

import (
	"testing"

	"github.com/bashni-dev/bashni"
)

// TestNullMoveCuts checks when a pass cuts a node (null.go): a node deep
// enough, not right after another pass, whose static value reaches beta
// and which still holds beta when the opponent moves twice; not a node
// where a free move lets the opponent capture, and never in a ruleset
// without null moves.
func TestNullMoveCuts(t *testing.T) {
	v := bashni.Russian()
	e := MustNew(Options{})
	// White is six men up and has no capture; in threat, Black's man on
	// e5 would take d4 if it could move twice (f6 covers it from d4).
	ahead := ptr(mustFEN(t, v, "W:Wa1,c1,e1,g1,b2,d2,f2:Bh8"))
	threat := ptr(mustFEN(t, v, "W:Wa1,c1,e1,g1,d4:Be5,f6,h8"))
	// few: White is far ahead, but with three tops, fewer than
	// nullMinTops.
	few := ptr(mustFEN(t, v, "W:WKa1ww,Kc1ww,e1www:Bh8"))
	for _, pos := range []*bashni.Position{ahead, threat, few} {
		if ms := pos.AppendLegalMoves(nil); !prunable(ms, -1, 0) {
			t.Fatalf("%s: not prunable, the test needs it to be", pos)
		}
	}
	tests := []struct {
		name     string
		pos      *bashni.Position
		margin   Score // beta is the static value less margin
		depth    int
		passed   bool // the move before was a pass
		nullMove bool // the ruleset tries null moves
		want     bool
	}{
		{"ahead, depth 3", ahead, 10, nullDepth, false, true, true},
		{"ahead, depth 8", ahead, 10, 8, false, true, true},
		{"shallower than nullDepth", ahead, 10, nullDepth - 1, false, true, false},
		{"beta above the static value", ahead, -1, 8, false, true, false},
		{"right after a pass", ahead, 10, 8, true, true, false},
		{"ruleset without null moves", ahead, 10, 8, false, false, false},
		{"a capture after the pass", threat, 30, 8, false, true, false},
		{"too few tops to pass", few, 10, 8, false, true, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := testSearcher(e, v)
			s.nullMoves = tc.nullMove
			s.path[0] = tc.pos.Key()
			s.positions[1] = *tc.pos
			s.path[1] = tc.pos.Key()
			s.passed[0] = tc.passed
			static := Score(s.ev.Evaluate(tc.pos))
			before := *tc.pos
			if got := s.nullMoveCuts(tc.pos, static, static-tc.margin, tc.depth, 1); got != tc.want {
				t.Errorf("%s: cut %v, want %v", tc.pos, got, tc.want)
			}
			if *tc.pos != before {
				t.Errorf("the position changed: %s, was %s", tc.pos, &before)
			}
			if s.passed[1] {
				t.Error("the pass is still marked after it")
			}
		})
	}
	if nullMovesFor(bashni.RussianDraughts()) || !nullMovesFor(bashni.Lasca()) {
		t.Error("null moves: want them where pieces stack, not in russian-draughts")
	}
}

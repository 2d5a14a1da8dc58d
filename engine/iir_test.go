package engine

import (
	"testing"

	"github.com/bashni-dev/bashni"
)

// TestIIRReduces checks which nodes internal iterative reduction searches
// a ply shallower (iir.go): off the principal variation, iirDepth plies
// deep or more, without a table move, without a forced win in hand, and
// only in the rulesets whose kings fly.
func TestIIRReduces(t *testing.T) {
	tests := []struct {
		name     string
		iir      bool
		depth    int
		pvNode   bool
		hashMove bool
		alpha    Score
		want     bool
	}{
		{"no table move, iirDepth", true, iirDepth, false, false, 0, true},
		{"no table move, depth 12", true, 12, false, false, 0, true},
		{"a loss in hand", true, 12, false, false, -Win + 7, true},
		{"shallower than iirDepth", true, iirDepth - 1, false, false, 0, false},
		{"the principal variation", true, 12, true, false, 0, false},
		{"a table move", true, 12, false, true, 0, false},
		{"a forced win in hand", true, 12, false, false, Win - 7, false},
		{"a ruleset without it", false, 12, false, false, 0, false},
	}
	for _, tc := range tests {
		s := &searcher{iir: tc.iir}
		if got := s.iirReduces(tc.depth, tc.pvNode, tc.hashMove, tc.alpha); got != tc.want {
			t.Errorf("%s: reduces %v, want %v", tc.name, got, tc.want)
		}
	}
	for _, c := range []struct {
		v    bashni.Variant
		want bool
	}{
		{bashni.Russian(), true}, {bashni.International(), true},
		{bashni.RussianDraughts(), true}, {bashni.BrazilianDraughts(), true},
		{bashni.Lasca(), false},
	} {
		if got := iirFor(c.v); got != c.want {
			t.Errorf("%s: iirFor %v, want %v", c.v, got, c.want)
		}
	}
}

// TestIIRSearchesFewerNodes checks that the search acts on iirReduces: the
// same null-window search of a russian position, 8 plies deep with an
// empty table (so no node has a table move), visits fewer nodes with the
// reduction than without it.
func TestIIRSearchesFewerNodes(t *testing.T) {
	v := bashni.Russian()
	pos := ptr(mustFEN(t, v, "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8"))
	nodes := map[bool]uint64{}
	for _, iir := range []bool{false, true} {
		s := testSearcher(MustNew(Options{HashMB: 1}), v)
		s.iir, s.rootDepth = iir, 8
		s.positions[1] = *pos
		s.path[1] = pos.Key()
		s.alphaBeta(&s.positions[1], -1, 0, 8, 1)
		nodes[iir] = s.nodes
	}
	if nodes[true] >= nodes[false] {
		t.Errorf("with the reduction %d nodes, without it %d: want fewer with it", nodes[true], nodes[false])
	}
	t.Logf("nodes: %d without the reduction, %d with it", nodes[false], nodes[true])
}

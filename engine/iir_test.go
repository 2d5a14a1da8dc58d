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

package engine

import (
	"math"
	"testing"
)

func TestScoreString(t *testing.T) {
	tests := []struct {
		s    Score
		want string
	}{
		{0, "0.00"}, {125, "+1.25"}, {-40, "-0.40"}, {-100, "-1.00"}, {5, "+0.05"},
		{Win - 3, "win 3"}, {-Win + 4, "loss 4"},
	}
	for _, tc := range tests {
		if got := tc.s.String(); got != tc.want {
			t.Errorf("Score(%d).String() = %q, want %q", int(tc.s), got, tc.want)
		}
	}
	for _, s := range []Score{Win - 5, -Win + 6, 300} {
		if got := fromTT(toTT(s, 7), 7); got != s {
			t.Errorf("table round trip of %v at ply 7: %v", s, got)
		}
	}
	if got := fromTT(toTT(Win-5, 2), 4); got != Win-7 {
		t.Errorf("a win in 3 from ply 2, met again at ply 4: %v, want win 7", got)
	}
}

// A Score beyond ±Win (arithmetic on scores gone wrong) reads as Win or
// -Win, a result at once: Plies is never negative, and String is never
// "win -5". Between WinThreshold and Win a score is a win in Win-s plies.
func TestScoreOutOfRange(t *testing.T) {
	for _, tc := range []struct {
		s     Score
		plies int
		text  string
	}{
		{Win + 5, 0, "win 0"},
		{-Win - 5, 0, "loss 0"},
		{Win, 0, "win 0"},
		{-Win, 0, "loss 0"},
		{Score(math.MaxInt), 0, "win 0"},
		{Score(math.MinInt), 0, "loss 0"},
		{WinThreshold, MaxPly, "win 128"},
		{-WinThreshold, MaxPly, "loss 128"},
		{WinThreshold - 1, 0, "+298.71"},
	} {
		if got := tc.s.Plies(); got != tc.plies {
			t.Errorf("Score(%d).Plies() = %d, want %d", int(tc.s), got, tc.plies)
		}
		if got := tc.s.String(); got != tc.text {
			t.Errorf("Score(%d).String() = %q, want %q", int(tc.s), got, tc.text)
		}
		if !tc.s.IsWin() && tc.plies > 0 {
			t.Errorf("Score(%d).IsWin() = false", int(tc.s))
		}
	}
}

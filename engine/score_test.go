package engine

import "testing"

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

package match

import (
	"math"
	"testing"

	"github.com/bashni-dev/bashni"
	"github.com/google/go-cmp/cmp"
)

func TestTallyElo(t *testing.T) {
	tests := []struct {
		t   Tally
		est float64
	}{
		{Tally{1, 0, 1}, 0},
		{Tally{75, 0, 25}, 190.8},
		{Tally{50, 50, 0}, 190.8},
		{Tally{10, 20, 30}, -120.4},
	}
	for _, tc := range tests {
		est, lo, hi := tc.t.Elo()
		if math.Abs(est-tc.est) > 0.1 {
			t.Errorf("%v: Elo %.1f, want %.1f", tc.t, est, tc.est)
		}
		if !(lo < est && est < hi) {
			t.Errorf("%v: interval %.1f..%.1f does not hold the estimate %.1f", tc.t, lo, hi, est)
		}
	}
	// 100 wins out of 100: the score is at least 0.05^(1/100) = 97.0% with
	// 95% confidence, which is +607 Elo.
	est, lo, _ := Tally{100, 0, 0}.Elo()
	if !math.IsInf(est, 1) || math.Abs(lo-607) > 1 {
		t.Errorf("100-0: Elo %v, lower bound %.1f; want +inf and about +607", est, lo)
	}
	if got := FormatElo(Tally{100, 0, 0}.Elo()); got != "+inf (95%: > +607)" {
		t.Errorf("FormatElo of 100-0: %q", got)
	}
	if got := FormatElo(Tally{0, 0, 100}.Elo()); got != "-inf (95%: < -607)" {
		t.Errorf("FormatElo of 0-100: %q", got)
	}
	if got := FormatElo(Tally{1, 0, 1}.Elo()); got != "0 (95%: -inf to +inf)" {
		t.Errorf("FormatElo of 1-1: %q", got)
	}
	if got := (Tally{2, 1, 1}).String(); got != "+2 =1 -1, score 62.5%" {
		t.Errorf("String: %q", got)
	}
}

// Add scores a game for the colour of the player counted: a win for one
// side is a loss for the other, an adjudicated game a draw for both.
func TestTallyAdd(t *testing.T) {
	won, err := bashni.NewGame(bashni.Russian())
	if err != nil {
		t.Fatal(err)
	}
	if err := won.Resign(bashni.Black); err != nil {
		t.Fatal(err)
	}
	var white, black Tally
	start := bashni.Russian().MustStart()
	for _, g := range []Game{{Game: won}, {Game: bashni.NewGameFrom(&start), Adjudicated: true, MaxPlies: 2}} {
		white.Add(g, bashni.White)
		black.Add(g, bashni.Black)
	}
	if white != (Tally{Wins: 1, Draws: 1}) || black != (Tally{Draws: 1, Losses: 1}) {
		t.Errorf("white %v, black %v; want +1 =1 -0 and +0 =1 -1", white, black)
	}
}

// A tally of no games says nothing either way: a score of a half and an
// Elo difference of 0 anywhere from -inf to +inf, never NaN, nor the +inf
// of a match won outright.
func TestTallyNoGames(t *testing.T) {
	var none Tally
	est, lo, hi := none.Elo()
	got := []string{none.String(), FormatElo(est, lo, hi)}
	want := []string{"+0 =0 -0, score 50.0%", "0 (95%: -inf to +inf)"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("no games (-want +got):\n%s", diff)
	}
	if v := none.EloVariance(); !math.IsInf(v, 1) {
		t.Errorf("no games: Elo variance %v, want +inf", v)
	}
}

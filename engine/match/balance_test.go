package match

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/engine"
)

// BalancedOpening keeps the first random opening of the pair's stream that
// a search scores within the margin: Opening's own when it is, another when
// it is not; the same every time; and an error when none is.
func TestBalancedOpening(t *testing.T) {
	v := bashni.RussianDraughts()
	start := v.MustStart()
	e := engine.MustNew(engine.Options{HashMB: 1})
	ctx := context.Background()
	const plies, seed, depth = 4, 1, 6
	score := func(line []bashni.Move) engine.Score {
		t.Helper()
		pos := start
		for _, m := range line {
			pos = pos.PlayUnchecked(m)
		}
		r, err := engine.MustNew(engine.Options{HashMB: 1}).Search(ctx, &pos, engine.Limits{Depth: depth})
		if err != nil {
			t.Fatal(err)
		}
		return r.Score
	}
	b := Balance{Margin: 30, Depth: depth}
	kept, replaced := 0, 0
	for k := range 12 {
		random := Opening(&start, plies, seed, k)
		line, sc, err := BalancedOpening(ctx, e, &start, plies, seed, k, b)
		if err != nil {
			t.Fatalf("pair %d: %v", k, err)
		}
		if got := score(line); got != sc || sc < -b.Margin || sc > b.Margin {
			t.Errorf("pair %d: %v scored %v (said %v), want within ±%v", k, line, got, sc, b.Margin)
		}
		if len(line) != plies {
			t.Errorf("pair %d: %v is not %d plies", k, line, plies)
		}
		again, _, err := BalancedOpening(ctx, e, &start, plies, seed, k, b)
		if err != nil || !slices.Equal(again, line) {
			t.Errorf("pair %d again: %v, %v; want %v", k, again, err, line)
		}
		if rs := score(random); rs >= -b.Margin && rs <= b.Margin {
			kept++
			if !slices.Equal(line, random) {
				t.Errorf("pair %d: the random opening %v scores %v, within the margin, but %v came back", k, random, rs, line)
			}
		} else {
			replaced++
		}
	}
	// Both cases must have come up for the test to mean anything.
	if kept == 0 || replaced == 0 {
		t.Errorf("%d random openings kept, %d replaced: want some of each", kept, replaced)
	}
}

func TestBalancedOpeningErrors(t *testing.T) {
	v := bashni.RussianDraughts()
	start := v.MustStart()
	e := engine.MustNew(engine.Options{HashMB: 1})
	ctx := context.Background()
	ok := Balance{Margin: 50, Depth: 2}
	for _, b := range []Balance{{Margin: -1, Depth: 2}, {Margin: engine.WinThreshold, Depth: 2}, {Margin: 50}, {Margin: 50, Depth: MaxBalanceDepth + 1}} {
		if _, _, err := BalancedOpening(ctx, e, &start, 4, 1, 0, b); err == nil {
			t.Errorf("%+v: no error", b)
		}
	}
	if _, _, err := BalancedOpening(ctx, e, &start, 0, 1, 0, ok); err == nil {
		t.Error("no random plies: no error")
	}
	// White a king and three men up: no opening is level.
	lopsided, err := bashni.ParseFEN(v, "W:Wa1,c1,e1,g1,Kh2:Bh8")
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := BalancedOpening(ctx, e, &lopsided, 2, 1, 0, Balance{Margin: 50, Depth: 1}); !errors.Is(err, ErrNoBalancedOpening) {
		t.Errorf("lopsided start: %v, want ErrNoBalancedOpening", err)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, _, err := BalancedOpening(cancelled, e, &start, 4, 1, 0, ok); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v, want context.Canceled", err)
	}
}

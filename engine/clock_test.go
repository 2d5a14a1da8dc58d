package engine

import (
	"context"
	"testing"
	"time"

	"github.com/bashni-dev/bashni"
)

// The budget shares out the clock less its margin (10ms and a tenth): a
// thirtieth of that (or of the moves to the next control, when fewer) and
// most of the increment, the hard limit three times that but never more
// than half of it, even on the last move before a control.
func TestClockBudget(t *testing.T) {
	ms := time.Millisecond
	tests := []struct {
		c          Clock
		soft, hard time.Duration
	}{
		{Clock{Left: 60 * time.Second}, 1799667 * time.Microsecond, 5399 * ms},
		{Clock{Left: 60 * time.Second, Increment: time.Second}, 2599667 * time.Microsecond, 7799 * ms},
		{Clock{Left: 60 * time.Second, MovesToGo: 10}, 5399 * ms, 16197 * ms},
		{Clock{Left: 60 * time.Second, MovesToGo: 1}, 26995 * ms, 26995 * ms},
		{Clock{Left: time.Second, Increment: 10 * time.Second}, 445 * ms, 445 * ms},
		{Clock{Left: 110 * ms}, 2967 * time.Microsecond, 8900 * time.Microsecond},
		{Clock{Left: 10 * ms}, ms, ms},
	}
	for _, tc := range tests {
		soft, hard := tc.c.budget()
		if (soft-tc.soft).Abs() > ms/10 || (hard-tc.hard).Abs() > ms/10 {
			t.Errorf("%+v: soft %v hard %v, want %v %v", tc.c, soft, hard, tc.soft, tc.hard)
		}
	}
}

// A search under a clock stops well within it, whatever the position.
func TestSearchUnderAClock(t *testing.T) {
	for name, v := range presets {
		start := time.Now()
		r, err := New(Options{}).Search(context.Background(), v.MustStart(), Limits{Clock: Clock{Left: 200 * time.Millisecond}})
		if err != nil {
			t.Fatal(err)
		}
		// hard is half of (200ms - 30ms): the machine may be busy, but the
		// search must not take the whole clock.
		if d := time.Since(start); d >= 200*time.Millisecond || r.Stop != "time" {
			t.Errorf("%s: a search on a 200ms clock took %v, stopped by %q", name, d, r.Stop)
		}
	}
}

// A pondering search ignores its time limits until the hit, then stops
// under them; a hit that comes first applies from the start.
func TestPonder(t *testing.T) {
	pos := bashni.Russian.MustStart()
	p := new(Ponder)
	time.AfterFunc(150*time.Millisecond, p.Hit)
	start := time.Now()
	r, err := New(Options{}).Search(context.Background(), pos, Limits{Time: 20 * time.Millisecond, Ponder: p})
	if err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d < 150*time.Millisecond || d > time.Second || r.Stop != "time" {
		t.Errorf("pondered %v (hit at 150ms, then 20ms), stopped by %q", d, r.Stop)
	}
	early := new(Ponder)
	early.Hit()
	start = time.Now()
	if _, err := New(Options{}).Search(context.Background(), pos, Limits{Time: 20 * time.Millisecond, Ponder: early}); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > 500*time.Millisecond {
		t.Errorf("hit before the search: it took %v of a 20ms limit", d)
	}
}

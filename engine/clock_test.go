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

// A search under a clock stops by its budget, well before the clock's end:
// with a clock of a millisecond its hard limit is the least there is.
func TestSearchUnderAClock(t *testing.T) {
	for name, v := range presets {
		r, err := MustNew(Options{}).Search(context.Background(), ptr(v.MustStart()), Limits{Clock: Clock{Left: time.Millisecond}})
		if err != nil {
			t.Fatal(err)
		}
		if r.Stop != StopTime {
			t.Errorf("%s: a search on a 1ms clock stopped by %q", name, r.Stop)
		}
	}
}

// A pondering search ignores its time limit until the hit, then stops
// under it: here it passes depth 10 with a limit of a microsecond (which
// alone stops a search at once), is hit from the progress callback, and
// stops by time. A hit that comes first applies from the start.
func TestPonder(t *testing.T) {
	pos := bashni.Russian().MustStart()
	p := new(Ponder)
	e := MustNew(Options{Progress: func(i Info) {
		if i.Depth == 10 {
			p.Hit()
		}
	}})
	r, err := e.Search(context.Background(), &pos, Limits{Time: time.Microsecond, Ponder: p})
	if err != nil {
		t.Fatal(err)
	}
	if r.Stop != StopTime || r.Depth < 10 {
		t.Errorf("pondered to depth %d, stopped by %q; want depth 10 or more and \"time\"", r.Depth, r.Stop)
	}
	early := new(Ponder)
	early.Hit()
	r, err = MustNew(Options{}).Search(context.Background(), &pos, Limits{Time: time.Microsecond, Ponder: early})
	if err != nil {
		t.Fatal(err)
	}
	if r.Stop != StopTime || r.Depth >= 10 {
		t.Errorf("hit before the search: depth %d, stopped by %q; want a search stopped by its time at once", r.Depth, r.Stop)
	}
}

// A time a move is the move's to use: iterations start until it is up. A
// clock's budget stops starting them at half the time it aims at.
func TestDeadlines(t *testing.T) {
	t0 := time.Unix(1000, 0)
	var s searcher
	s.setDeadlines(Limits{Time: 100 * time.Millisecond}, t0)
	if want := t0.Add(100 * time.Millisecond).UnixNano(); s.deadline.Load() != want || s.softEnd.Load() != want {
		t.Errorf("Time 100ms: deadline %d, soft end %d; want both %d", s.deadline.Load(), s.softEnd.Load(), want)
	}
	var c searcher
	clock := Clock{Left: 10 * time.Second}
	c.setDeadlines(Limits{Clock: clock}, t0)
	soft, hard := clock.budget()
	if c.deadline.Load() != t0.Add(hard).UnixNano() || c.softEnd.Load() != t0.Add(soft/2).UnixNano() {
		t.Errorf("a clock: deadline %d, soft end %d; want %v and %v from the start", c.deadline.Load(), c.softEnd.Load(), hard, soft/2)
	}
	var both searcher
	both.setDeadlines(Limits{Time: time.Millisecond, Clock: clock}, t0)
	if both.deadline.Load() != t0.Add(time.Millisecond).UnixNano() {
		t.Error("a time a move shorter than the clock's budget does not cap it")
	}
}

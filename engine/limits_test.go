package engine

import (
	"context"
	"math"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/bashni-dev/bashni"
)

// Limits that mean nothing are errors, not "no limit" (issue 26, item 6).
func TestLimitsValidate(t *testing.T) {
	pos := bashni.Russian().MustStart()
	for _, c := range []struct {
		lim  Limits
		want string
	}{
		{Limits{Depth: -5}, "a depth of -5 plies is negative"},
		{Limits{Time: -time.Second}, "a time of -1s is negative"},
		{Limits{Clock: Clock{Left: time.Second, Increment: -time.Second}}, "a clock increment of -1s is negative"},
		{Limits{Clock: Clock{Left: time.Second, MovesToGo: -1}}, "-1 moves to go is negative"},
		{Limits{Lines: -1}, "-1 lines is negative"},
	} {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second) // read as no limit, they would search until then
		_, err := MustNew(Options{HashMB: 1}).Search(ctx, &pos, c.lim)
		cancel()
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: error %v, want one with %q", c.lim, err, c.want)
		}
	}
}

// A clock with no time left, below zero or at zero with an increment still
// to come, gets the quickest move, not a search without end (issue 26,
// item 6): the context here would end it only after a minute.
func TestClockWithNoTimeLeft(t *testing.T) {
	pos := bashni.Russian().MustStart()
	for _, c := range []Clock{{Left: -time.Second}, {Left: 0, Increment: time.Second}, {Left: -time.Hour, Increment: time.Second, MovesToGo: 5}} {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		r, err := MustNew(Options{HashMB: 1}).Search(ctx, &pos, Limits{Clock: c})
		cancel()
		if err != nil || r.Stop != StopTime || !isLegal(pos, r.Move) {
			t.Errorf("%+v: move %v, stopped by %q, error %v; want a legal move stopped by time", c, r.Move, r.Stop, err)
		}
	}
}

// Times too long to add to now saturate rather than wrap round to a
// deadline already past (issue 26, item 6: go movetime 6148914691236 and
// analyze -time 2562047h stopped at depth 1).
func TestHugeTimesDoNotWrap(t *testing.T) {
	pos := bashni.Russian().MustStart()
	for _, lim := range []Limits{
		{Time: 6148914691236 * time.Millisecond, Depth: 4},
		{Time: 2562047 * time.Hour, Depth: 4},
		{Time: math.MaxInt64, Depth: 4},
		{Clock: Clock{Left: math.MaxInt64, Increment: math.MaxInt64}, Depth: 4},
	} {
		r, err := MustNew(Options{HashMB: 1}).Search(context.Background(), &pos, lim)
		if err != nil || r.Depth != 4 || r.Stop != StopDepth {
			t.Errorf("%+v: depth %d, stopped by %q, error %v; want depth 4", lim, r.Depth, r.Stop, err)
		}
	}
	now := time.Now()
	var s searcher
	s.setDeadlines(Limits{Time: math.MaxInt64}, now)
	if s.deadline.Load() != math.MaxInt64 || s.softEnd.Load() <= now.UnixNano() {
		t.Errorf("the longest time: deadline %d, soft end %d", s.deadline.Load(), s.softEnd.Load())
	}
}

// A search runs no more threads than the machine runs at once (issue 26,
// item 10): 64 threads asked for under GOMAXPROCS 2 are 2, so the thread
// that keeps the time is not one of 64 taking turns on two cores.
func TestThreadsCappedByGOMAXPROCS(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	before := runtime.NumGoroutine()
	most := 0
	e := MustNew(Options{HashMB: 1, Threads: 64, Progress: func(Info) { most = max(most, runtime.NumGoroutine()) }})
	if _, err := e.Search(context.Background(), ptr(bashni.Russian().MustStart()), Limits{Depth: 6}); err != nil {
		t.Fatal(err)
	}
	if most == 0 || most-before > 4 {
		t.Errorf("%d goroutines during the search, %d before; want at most one helper more", most, before)
	}
}

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

// A search without a limit (none of Depth, Nodes, Time and Clock) is an
// infinite analysis: with nothing more to search (one legal move, a forced
// win) it does not return, which a protocol would take for the end of the
// analysis, but waits for the cancel of its context (Engine.idle is its
// sign) and then returns at once with its move. So too with several lines,
// with helper threads, and for a pondering search without a time limit,
// which the hit (here before the search) leaves with none to run under. A
// limit of any kind lets such a search return without waiting.
func TestNoLimitWaitsForTheCancel(t *testing.T) {
	v := bashni.RussianDraughts()
	only := mustFEN(t, v, "W:Wa1:Bh8")      // a1-b2 is the only move
	forced := mustFEN(t, v, "W:Wc3,e3:Bd4") // either capture takes the last piece
	hit := func() *Ponder {
		p := new(Ponder)
		p.Hit()
		return p
	}
	type outcome struct {
		r   Result
		err error
	}
	for _, c := range []struct {
		name    string
		pos     bashni.Position
		lim     Limits
		threads int
		stop    StopReason
	}{
		{"one legal move", only, Limits{}, 1, StopOnlyMove},
		{"a forced win", forced, Limits{}, 1, StopWin},
		{"a forced win, two threads", forced, Limits{}, 2, StopWin},
		{"one legal move, three lines", only, Limits{Lines: 3}, 1, StopOnlyMove},
		{"a forced win, three lines", forced, Limits{Lines: 3}, 1, StopWin},
		{"one legal move, pondering, hit", only, Limits{Ponder: hit()}, 1, StopOnlyMove},
	} {
		t.Run(c.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			e := MustNew(Options{HashMB: 1, Threads: c.threads})
			idle := make(chan struct{})
			e.idle = func() { close(idle) }
			done := make(chan outcome, 1)
			go func() {
				r, err := e.Search(ctx, &c.pos, c.lim)
				done <- outcome{r, err}
			}()
			select {
			case o := <-done:
				t.Fatalf("returned before the cancel: %s, stop %q, %v", o.r.Move, o.r.Stop, o.err)
			case <-idle:
			}
			cancel()
			o := <-done
			if o.err != nil || o.r.Stop != c.stop || !isLegal(c.pos, o.r.Move) {
				t.Errorf("%s, stop %q, %v; want a legal move and stop %q", o.r.Move, o.r.Stop, o.err, c.stop)
			}
		})
	}
	for _, lim := range []Limits{
		{Depth: 8},
		{Nodes: 1 << 20},
		{Time: time.Hour},
		{Clock: Clock{Left: time.Hour}},
		{Time: time.Hour, Ponder: hit()},
	} {
		e := MustNew(Options{HashMB: 1})
		e.idle = func() { t.Errorf("%+v: the search waited for the cancel", lim) }
		r, err := e.Search(context.Background(), &forced, lim)
		if err != nil || r.Stop != StopWin {
			t.Errorf("%+v: stop %q, %v; want stop %q", lim, r.Stop, err, StopWin)
		}
	}
}

// With one legal move the search stops after its one iteration with Stop
// "only move", but a cancel or a node limit that ends that iteration before
// it completes is what ended the search, and Stop says so, as it does for
// any position (and for a cancel while waiting for the Engine): it said
// "only move" for a search its context's cancel had stopped at its first
// node, Depth 0 and no score.
func TestOnlyMoveStoppedEarlySaysWhy(t *testing.T) {
	only := mustFEN(t, bashni.RussianDraughts(), "W:Wa1:Bh8") // a1-b2 is the only move
	if n := len(only.LegalMoves()); n != 1 {
		t.Fatalf("%s has %d legal moves, want 1", only.FEN(), n)
	}
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	for _, c := range []struct {
		name  string
		ctx   context.Context
		lim   Limits
		depth int
		stop  StopReason
	}{
		{"completed, time", context.Background(), Limits{Time: time.Hour}, 1, StopOnlyMove},
		{"completed, nodes", context.Background(), Limits{Nodes: 1 << 20}, 1, StopOnlyMove},
		{"cancelled", cancelled, Limits{Time: time.Hour}, 0, StopCancelled},
		{"cancelled, no limit", cancelled, Limits{}, 0, StopCancelled},
		{"node limit", context.Background(), Limits{Nodes: 1}, 0, StopNodes},
	} {
		r, err := MustNew(Options{HashMB: 1}).Search(c.ctx, &only, c.lim)
		if err != nil || r.Stop != c.stop || r.Depth != c.depth || !isLegal(only, r.Move) {
			t.Errorf("%s: %s at depth %d, stop %q, %v; want a legal move at depth %d, stop %q", c.name, r.Move, r.Depth, r.Stop, err, c.depth, c.stop)
		}
	}
}

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

// Under a clock, an unstable iteration (another best move, or a score down
// by unstableDrop) may be followed by others until the whole time aimed at,
// not half of it; the hard deadline stays. A time a move is used whole
// anyway and gets nothing more.
func TestUnstableIterationsGetMoreTime(t *testing.T) {
	t0 := time.Unix(1000, 0)
	clock := Clock{Left: 10 * time.Second, Increment: 100 * time.Millisecond}
	soft, hard := clock.budget()
	var c searcher
	c.setDeadlines(Limits{Clock: clock}, t0)
	end := c.softEnd.Load()
	if got := c.iterationEnd(end, false); got != end {
		t.Errorf("stable: new iterations until %v from the start, want %v", time.Duration(got-t0.UnixNano()), soft/2)
	}
	got := c.iterationEnd(end, true)
	if want := t0.Add(soft).UnixNano(); got != want {
		t.Errorf("unstable: new iterations until %v from the start, want %v", time.Duration(got-t0.UnixNano()), soft)
	}
	if got > c.deadline.Load() || c.deadline.Load() != t0.Add(hard).UnixNano() {
		t.Errorf("unstable: until %v, past the hard deadline %v", time.Duration(got-t0.UnixNano()), hard)
	}
	var m searcher
	m.setDeadlines(Limits{Time: 100 * time.Millisecond}, t0)
	if end := m.softEnd.Load(); m.iterationEnd(end, true) != end {
		t.Error("a time a move: an unstable iteration moves the soft end")
	}

	pos := bashni.RussianDraughts().MustStart()
	ms := pos.LegalMoves()
	for _, tc := range []struct {
		depth            int
		last, move       bashni.Move
		lastScore, score Score
		want             bool
	}{
		{8, ms[0], ms[0], 10, 10, false},
		{8, ms[0], ms[1], 10, 10, true},                 // another best move
		{8, ms[0], ms[0], 10, 10 - unstableDrop, true},  // the score fell
		{8, ms[0], ms[0], 10, 11 - unstableDrop, false}, // not by enough
		{8, ms[0], ms[0], 10, 200, false},               // it rose
		{unstableDepth, ms[0], ms[1], 10, -100, false},  // too shallow to tell
	} {
		if got := unstableIteration(tc.depth, tc.last, tc.move, tc.lastScore, tc.score); got != tc.want {
			t.Errorf("depth %d, %v %v -> %v %v: unstable %v, want %v", tc.depth, tc.last, tc.lastScore, tc.move, tc.score, got, tc.want)
		}
	}
}

// With one legal move there is nothing to think about: under a clock the
// search plays it after one ply, whatever the time left.
func TestOneLegalMoveUnderAClock(t *testing.T) {
	pos := mustFEN(t, bashni.RussianDraughts(), "W:Wc3,h2:Bd4,a7")
	if n := len(pos.LegalMoves()); n != 1 {
		t.Fatalf("%d legal moves, want the one capture", n)
	}
	r, err := MustNew(Options{}).Search(context.Background(), &pos, Limits{Clock: Clock{Left: time.Hour}})
	if err != nil {
		t.Fatal(err)
	}
	if r.Stop != StopOnlyMove || r.Depth > 1 || r.Move != pos.LegalMoves()[0] {
		t.Errorf("stopped by %s at depth %d with %s; want %s at depth 1 at most", r.Stop, r.Depth, r.Move, StopOnlyMove)
	}
}

// A search that completes its Depth stops by depth, even when the clock's
// time for starting iterations ran out during that last iteration: the
// time cut nothing short. Here Progress holds the search at its one
// iteration until the clock's soft end (half of what it aims at, 150 ms
// of a 10 s clock) has passed, well before its hard limit of some 900 ms.
func TestDepthReachedUnderAClockStopsByDepth(t *testing.T) {
	clock := Clock{Left: 10 * time.Second}
	soft, hard := clock.budget()
	pos := bashni.Russian().MustStart()
	e := MustNew(Options{HashMB: 1, Progress: func(i Info) {
		// The search started no later than i.Time before now.
		started := time.Now().Add(-i.Time)
		for time.Since(started) <= soft/2+10*time.Millisecond {
			time.Sleep(time.Millisecond)
		}
	}})
	r, err := e.Search(context.Background(), &pos, Limits{Depth: 1, Clock: clock})
	if err != nil {
		t.Fatal(err)
	}
	if r.Time >= hard {
		t.Fatalf("the search took %v, past the clock's hard limit %v: the test shows nothing", r.Time, hard)
	}
	if r.Depth != 1 || r.Stop != StopDepth {
		t.Errorf("depth %d, stopped by %q after %v; want depth 1 and %q", r.Depth, r.Stop, r.Time, StopDepth)
	}
}

// A pondering search with no depth or node limit that has nothing more to
// search (one legal move, or a forced result) does not return before the
// hit, which a protocol would take for the end of the pondering: it waits
// (Ponder.waiting is its sign) and returns at once at the hit, or at the
// cancel of its context. A hit that came first, or a depth limit, lets it
// return without waiting.
func TestPonderWaitsForTheHitOrTheCancel(t *testing.T) {
	v := bashni.RussianDraughts()
	only := mustFEN(t, v, "W:Wa1:Bh8")      // a1-b2 is the only move
	forced := mustFEN(t, v, "W:Wc3,e3:Bd4") // either capture takes the last piece
	if n := len(only.LegalMoves()); n != 1 {
		t.Fatalf("%s has %d legal moves, want 1", only.FEN(), n)
	}
	type outcome struct {
		r   Result
		err error
	}
	// start searches pos under lim; idle is closed when the search
	// waits (Engine.idle).
	start := func(ctx context.Context, pos bashni.Position, lim Limits) (done <-chan outcome, idle <-chan struct{}) {
		ch, waits := make(chan outcome, 1), make(chan struct{})
		e := MustNew(Options{})
		e.idle = func() { close(waits) }
		go func() {
			r, err := e.Search(ctx, &pos, lim)
			ch <- outcome{r, err}
		}()
		return ch, waits
	}
	for _, c := range []struct {
		name   string
		pos    bashni.Position
		stop   StopReason
		cancel bool // end the wait by the context, not by Hit
	}{
		{"one legal move, hit", only, StopOnlyMove, false},
		{"one legal move, cancelled", only, StopOnlyMove, true},
		{"a forced win, hit", forced, StopWin, false},
		{"a forced win, cancelled", forced, StopWin, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			p := new(Ponder)
			done, idle := start(ctx, c.pos, Limits{Time: time.Millisecond, Ponder: p})
			select {
			case o := <-done:
				t.Fatalf("returned before the hit: %+v, %v", o.r, o.err)
			case <-idle:
			}
			if c.cancel {
				cancel()
			} else {
				p.Hit()
			}
			o := <-done
			if o.err != nil || o.r.Stop != c.stop || !isLegal(c.pos, o.r.Move) {
				t.Errorf("%s, %v; want a legal move and stop %q", o.r.Move, o.err, c.stop)
			}
		})
	}
	t.Run("hit first", func(t *testing.T) {
		p := new(Ponder)
		p.Hit()
		done, _ := start(context.Background(), only, Limits{Time: time.Hour, Ponder: p})
		o := <-done
		if o.err != nil || o.r.Stop != StopOnlyMove {
			t.Errorf("%+v, %v; want stop %q", o.r, o.err, StopOnlyMove)
		}
	})
	t.Run("depth limit", func(t *testing.T) {
		p := new(Ponder)
		done, idle := start(context.Background(), forced, Limits{Depth: 8, Ponder: p})
		o := <-done
		if o.err != nil || o.r.Stop != StopWin {
			t.Errorf("%+v, %v; want stop %q", o.r, o.err, StopWin)
		}
		select {
		case <-idle:
			t.Error("a search with a depth limit waited for the hit")
		default:
		}
	})
}

package engine

import (
	"sync"
	"time"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/internal/satint"
)

// Clock is the game clock of the side to move, for a search that shares out
// the time of a game rather than being given a time per move
// (Limits.Clock). The zero Clock is no clock; any other is one, even at
// zero or below: a clock with no time left (Left 0 or negative, with or
// without an increment, which comes only after the move) gets the quickest
// move the search can make.
type Clock struct {
	// Left is the time on the clock of the side to move.
	Left time.Duration
	// Increment is added to the clock after each move.
	Increment time.Duration
	// MovesToGo is the number of moves to play before the clock gets more
	// time (the next time control); 0 means none comes: the clock must last
	// the game, with its increments.
	MovesToGo int
}

// movesLeft is how many more moves a game is expected to last when no time
// control says.
const movesLeft = 30

// budget returns how long a search may take: soft is the time it aims at
// (no new iteration starts after half of it), hard the time it must stop
// at. Both keep a margin on the clock for what happens between the
// engine's searches: a slow move of the caller, a busy machine, a protocol
// line on its way.
func (c Clock) budget() (soft, hard time.Duration) {
	if c.Left <= 0 {
		return time.Millisecond, time.Millisecond
	}
	margin := 10*time.Millisecond + c.Left/10
	usable := c.Left - margin
	if usable <= 0 {
		return time.Millisecond, time.Millisecond
	}
	moves := movesLeft
	if c.MovesToGo > 0 {
		moves = min(c.MovesToGo, movesLeft)
	}
	soft = satint.Add(usable/time.Duration(moves), c.Increment/5*4)
	hard = min(satint.Add(satint.Add(soft, soft), soft), usable/2)
	soft = min(soft, hard)
	return max(soft, time.Millisecond), max(hard, time.Millisecond)
}

// Ponder lets a search think in the opponent's time: a search whose
// Limits.Ponder is set runs without its time limits (Time and Clock) until
// Hit is called, as when the opponent played the move it was pondering on,
// and from then on under them, counted from the hit. Cancelling the
// search's context stops it as always. A Ponder serves one search.
//
// Before the hit only Limits.Depth and Limits.Nodes end a pondering
// search. One with neither never returns before Hit or the cancel of its
// context, as a protocol takes the end of a search for the end of the
// pondering: when it has nothing more to search (one legal move, a forced
// result found, MaxPly/2 plies searched) it waits for them, and returns at
// once at the hit, as it knows its move. One with no time limit either
// (Time, Clock) has none to run under after the hit: it is an infinite
// analysis (Limits), which returns only at the cancel.
type Ponder struct {
	mu   sync.Mutex
	hit  time.Time     // zero until Hit
	hits chan struct{} // closed by Hit; made by attach or wait
	s    *searcher     // the search, once it runs
	lim  Limits
}

// Hit starts the time limits of the pondering search now. A Hit before the
// search starts takes effect as it starts. Hit of a nil *Ponder (the
// Limits of a search that does not ponder) does nothing.
func (p *Ponder) Hit() {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.hit.IsZero() {
		return
	}
	p.hit = time.Now()
	if p.hits != nil {
		close(p.hits)
	}
	if p.s != nil {
		p.s.setDeadlines(p.lim, p.hit)
	}
}

// attach tells p its search; it sets the time limits if Hit came first.
func (p *Ponder) attach(s *searcher, lim Limits) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.s, p.lim = s, lim
	p.hitsLocked()
	if !p.hit.IsZero() {
		s.setDeadlines(lim, p.hit)
	}
}

// hitsLocked returns the channel Hit closes, made on first use (closed if
// Hit came first); p.mu is held.
func (p *Ponder) hitsLocked() chan struct{} {
	if p.hits == nil {
		p.hits = make(chan struct{})
		if !p.hit.IsZero() {
			close(p.hits)
		}
	}
	return p.hits
}

// wait returns when Hit has been called or done is closed, whichever
// comes first: the end of a pondering search that has nothing more to
// search. Before it blocks it calls idle, if not nil (a test's sign that
// the search is not about to return).
func (p *Ponder) wait(done <-chan struct{}, idle func()) {
	p.mu.Lock()
	hits := p.hitsLocked()
	p.mu.Unlock()
	select {
	case <-hits:
		return
	default:
	}
	if idle != nil {
		idle()
	}
	select {
	case <-hits:
	case <-done:
	}
}

// setDeadlines sets the times, counted from start, at which the search
// must stop and after which it starts no new iteration: from Limits.Time
// (stop then, and start iterations until then: the time is the move's, and
// an iteration cut short still plays a better move it has proved) and
// Limits.Clock (its budget: no new iteration after half of the time it aims
// at, as the clock must last), whichever comes first.
func (s *searcher) setDeadlines(lim Limits, start time.Time) {
	var soft, hard, span time.Duration
	if lim.Time > 0 {
		soft, hard = satint.Add(lim.Time, lim.Time), lim.Time
	}
	if lim.Clock != (Clock{}) {
		cs, ch := lim.Clock.budget()
		if hard == 0 || ch < hard {
			hard = ch
		}
		if soft == 0 || cs < soft {
			soft, span = cs, cs/2
		}
	}
	if hard == 0 {
		return
	}
	s.softEnd.Store(satint.Add(start.UnixNano(), int64(soft/2)))
	s.softSpan.Store(int64(span))
	end := satint.Add(start.UnixNano(), int64(hard))
	s.deadline.Store(end)
	s.armDeadline(end)
}

// armDeadline starts the timer that sets timeUp at end (UnixNano), unless
// the search has ended.
func (s *searcher) armDeadline(end int64) {
	s.timerMu.Lock()
	defer s.timerMu.Unlock()
	if s.ended {
		return
	}
	if s.timer != nil {
		s.timer.Stop()
	}
	s.timer = time.AfterFunc(time.Duration(end-time.Now().UnixNano()), func() { s.timeUp.Store(true) })
}

// disarmDeadline stops the deadline's timer at the end of the search, and
// any that a late Ponder.Hit would start.
func (s *searcher) disarmDeadline() {
	s.timerMu.Lock()
	defer s.timerMu.Unlock()
	s.ended = true
	if s.timer != nil {
		s.timer.Stop()
	}
}

// An unstable iteration under a clock (its best move is not the last
// iteration's, or its score fell by unstableDrop or more) lets the search
// start iterations for up to the whole time it aims at, not half of it:
// the time goes where the choice is hard. The hard deadline stays.
const (
	unstableDepth = 4  // iterations up to this depth are never unstable
	unstableDrop  = 30 // hundredths of a man
)

// unstableIteration reports whether the iteration of depth, which found
// move and score, is unstable after the last one's last and lastScore.
func unstableIteration(depth int, last, move bashni.Move, lastScore, score Score) bool {
	return depth > unstableDepth && (move != last || score <= lastScore-unstableDrop)
}

// iterationEnd returns when the search starts no new iteration, given the
// soft end that setDeadlines set and whether the last iteration was
// unstable.
func (s *searcher) iterationEnd(end int64, unstable bool) int64 {
	if unstable {
		return satint.Add(end, s.softSpan.Load())
	}
	return end
}

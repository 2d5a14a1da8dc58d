package hub

import (
	"errors"
	"fmt"
	"time"

	"github.com/bashni-dev/bashni/engine"
	"github.com/bashni-dev/bashni/internal/strictnum"
)

// level is what the "level" lines since the last "pos" or "go" set. As in
// Scan, each line sets the fields it names and keeps the others, so that
// "level move-time=90" then "level depth=20" (lidraughts' analysis) bound
// the search by both; "pos" and "go" start it afresh. The clock (time, inc
// and moves) is one field, as in the protocol's form "level [moves=N]
// time=S [inc=S]" and Scan's set_time: a line with time= sets all of it.
// Several limits may be set; the search stops at the first reached. The
// zero level (no line) searches for DefaultMoveTime.
type level struct {
	set      bool // a level line was read
	depth    int
	nodes    uint64
	moveTime time.Duration
	clock    bool          // time (and moves, inc) given
	left     time.Duration // time: the clock's time left
	inc      time.Duration // inc: added before every move
	moves    int           // moves: moves left to the next time control; 0: the game
	infinite bool
}

// add reads a level line on top of l: depth=N, move-time=S, time=S [inc=S]
// [moves=N], infinite, and nodes=N (sent by pydraughts). Times are seconds.
// A line with time= replaces the clock, its moves and inc none unless it
// names them; moves or inc without time= on the same line are an error.
// Unknown arguments are ignored.
func (l level) add(m Message) (level, error) {
	seen, timeGiven, clockGiven := false, false, false
	var left, inc time.Duration
	moves := 0
	for _, a := range m.Args {
		var err error
		switch a.Name {
		case "infinite":
			l.infinite = true
		case "depth":
			l.depth, err = strictnum.Int(a.Value, 1, engine.MaxPly/2)
		case "nodes":
			var n int64
			n, err = strictnum.Int64(a.Value, 1, 1<<62)
			l.nodes = uint64(n)
		case "moves":
			moves, err = strictnum.Int(a.Value, 1, 10000)
			clockGiven = true
		case "move-time":
			if l.moveTime, err = strictnum.Seconds(a.Value); err == nil && l.moveTime <= 0 {
				err = fmt.Errorf("%s seconds is no time", a.Value)
			}
		case "time":
			left, err = strictnum.Seconds(a.Value)
			timeGiven, clockGiven = true, true
		case "inc":
			inc, err = strictnum.Seconds(a.Value)
			clockGiven = true
		default:
			continue
		}
		if err != nil {
			return level{}, fmt.Errorf("%s: %v", a.Name, err)
		}
		seen = true
	}
	switch {
	case !seen:
		return level{}, errors.New("want depth=N, move-time=S, time=S [inc=S] [moves=N] or infinite")
	case clockGiven && !timeGiven: // inc=0 too
		return level{}, errors.New("moves and inc need time=S")
	}
	if clockGiven {
		l.clock, l.left, l.inc, l.moves = true, left, inc, moves
	}
	l.set = true
	return l, nil
}

// limits returns the engine limits for a search. The Hub adds the
// increment before each move, so the clock holds time+inc now; the engine
// shares it out (engine.Clock) with a margin.
func (l level) limits() engine.Limits {
	if !l.set {
		return engine.Limits{Time: DefaultMoveTime}
	}
	lim := engine.Limits{Depth: l.depth, Nodes: l.nodes, Time: l.moveTime}
	if l.clock {
		left := l.left + l.inc // each at most a year: no overflow
		if left == 0 {
			left = -1 // a clock with no time left (the zero Clock is none): the quickest move
		}
		lim.Clock = engine.Clock{Left: left, Increment: l.inc, MovesToGo: l.moves}
	}
	return lim
}

// bounded reports whether a search under lim ends by itself: by depth or
// nodes, or by time once its clock runs (a ponder search's from Hit).
func bounded(lim engine.Limits, clockRuns bool) bool {
	return lim.Depth > 0 || lim.Nodes > 0 || clockRuns && (lim.Time > 0 || lim.Clock != engine.Clock{})
}

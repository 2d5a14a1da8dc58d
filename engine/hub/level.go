package hub

import (
	"fmt"
	"strconv"
	"time"

	"github.com/bashni-dev/bashni/engine"
)

// level is what a "level" line sets: each line replaces the last. Several
// limits may be given; the search stops at the first reached.
type level struct {
	depth    int
	nodes    uint64
	moveTime time.Duration
	clock    bool          // time (and moves, inc) given
	left     time.Duration // time: the clock's time left
	inc      time.Duration // inc: added before every move
	moves    int           // moves: moves left to the next time control; 0: the game
	infinite bool
}

// maxSeconds bounds the times a level line may give (a year), so no sum of
// them overflows a time.Duration.
const maxSeconds = 366 * 24 * 3600

// parseLevel reads a level line: depth=N, move-time=S, time=S [inc=S]
// [moves=N], infinite, and nodes=N (sent by pydraughts). Times are seconds.
// Unknown arguments are ignored.
func parseLevel(m Message) (level, error) {
	var l level
	seen := false
	for _, a := range m.Args {
		var err error
		switch a.Name {
		case "infinite":
			l.infinite = true
		case "depth":
			l.depth, err = wholeNumber(a.Value, 1, engine.MaxPly/2)
		case "nodes":
			var n int
			n, err = wholeNumber(a.Value, 1, 1<<62)
			l.nodes = uint64(n)
		case "moves":
			l.moves, err = wholeNumber(a.Value, 1, 10000)
		case "move-time":
			l.moveTime, err = seconds(a.Value, true)
		case "time":
			l.left, err = seconds(a.Value, false)
			l.clock = true
		case "inc":
			l.inc, err = seconds(a.Value, false)
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
		return level{}, fmt.Errorf("want depth=N, move-time=S, time=S [inc=S] [moves=N] or infinite")
	case !l.clock && (l.moves > 0 || l.inc > 0):
		return level{}, fmt.Errorf("moves and inc need time=S")
	}
	return l, nil
}

// limits returns the engine limits for a search. The Hub adds the
// increment before each move, so the clock holds time+inc now; the engine
// shares it out (engine.Clock) with a margin.
func (l level) limits() engine.Limits {
	lim := engine.Limits{Depth: l.depth, Nodes: l.nodes, Time: l.moveTime}
	if l.clock {
		lim.Clock = engine.Clock{Left: l.left + l.inc, Increment: l.inc, MovesToGo: l.moves}
	}
	return lim
}

// bounded reports whether a search under lim ends by itself: by depth or
// nodes, or by time once its clock runs (a ponder search's from Hit).
func bounded(lim engine.Limits, clockRuns bool) bool {
	return lim.Depth > 0 || lim.Nodes > 0 || clockRuns && (lim.Time > 0 || lim.Clock.Left > 0)
}

// wholeNumber reads a number of digits only, from lo to hi.
func wholeNumber(s string, lo, hi int) (int, error) {
	if s == "" {
		return 0, fmt.Errorf("the value is missing")
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, fmt.Errorf("%q is not a whole number", shortText(s))
		}
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < int64(lo) || n > int64(hi) {
		return 0, fmt.Errorf("%s is not from %d to %d", shortText(s), lo, hi)
	}
	return int(n), nil
}

// seconds reads a time in seconds: digits with an optional fraction ("5",
// "0.1", ".5"), at most a year. positive rejects zero.
func seconds(s string, positive bool) (time.Duration, error) {
	digits, dots := 0, 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9':
			digits++
		case c == '.':
			dots++
		default:
			return 0, fmt.Errorf("%q is not a number of seconds", shortText(s))
		}
	}
	if digits == 0 || dots > 1 {
		return 0, fmt.Errorf("%q is not a number of seconds", shortText(s))
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f > maxSeconds {
		return 0, fmt.Errorf("%s seconds is more than a year", shortText(s))
	}
	d := time.Duration(f * float64(time.Second))
	if positive && d <= 0 {
		return 0, fmt.Errorf("%s seconds is no time", shortText(s))
	}
	return d, nil
}

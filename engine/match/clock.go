package match

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/engine"
	"github.com/bashni-dev/bashni/internal/satint"
)

// TimeControl is the clock of a game: each side starts with Base, gets
// Increment after each of its moves, and, when Moves is set, Base again
// after every Moves moves of its own. The zero TimeControl is no clock;
// any other has a positive Base, and Moves and Increment 0 or more
// (Validate).
type TimeControl struct {
	Moves     int
	Base      time.Duration
	Increment time.Duration
}

// Validate reports a TimeControl that is no clock a game can be played
// under: other than the zero one (no clock), its Base must be positive and
// its Moves and Increment not negative, as ParseTimeControl reads them.
// PlayTimedGame returns its error before the first move.
func (tc TimeControl) Validate() error {
	switch {
	case tc == TimeControl{}:
		return nil
	case tc.Base <= 0:
		return fmt.Errorf("match: time control: the base time %s is not positive (the zero TimeControl is no clock)", tc.Base)
	case tc.Moves < 0:
		return fmt.Errorf("match: time control: %d moves to a control is negative", tc.Moves)
	case tc.Increment < 0:
		return fmt.Errorf("match: time control: the increment %s is negative", tc.Increment)
	}
	return nil
}

// ParseTimeControl reads a time control written "[MOVES/]BASE[+INCREMENT]"
// with Go durations: "10s+100ms" (10 seconds and 0.1 s a move), "40/2m"
// (2 minutes for each 40 moves), "1m".
func ParseTimeControl(text string) (TimeControl, error) {
	var tc TimeControl
	rest := text
	if moves, after, ok := strings.Cut(rest, "/"); ok {
		n, err := strconv.Atoi(moves)
		if err != nil || n < 1 {
			return tc, fmt.Errorf("time control %q: %q is not a number of moves", text, moves)
		}
		tc.Moves, rest = n, after
	}
	base, inc, hasInc := strings.Cut(rest, "+")
	var err error
	if tc.Base, err = time.ParseDuration(base); err != nil || tc.Base <= 0 {
		return tc, fmt.Errorf("time control %q: want [MOVES/]BASE[+INCREMENT] such as 10s+100ms or 40/2m", text)
	}
	if hasInc {
		if tc.Increment, err = time.ParseDuration(inc); err != nil || tc.Increment < 0 {
			return tc, fmt.Errorf("time control %q: increment %q is not a duration", text, inc)
		}
	}
	return tc, nil
}

// String writes the time control as ParseTimeControl reads it.
func (tc TimeControl) String() string {
	s := tc.Base.String()
	if tc.Moves > 0 {
		s = strconv.Itoa(tc.Moves) + "/" + s
	}
	if tc.Increment > 0 {
		s += "+" + tc.Increment.String()
	}
	return s
}

// Clocks is the state of both clocks before a move, as a timed player
// sees it.
type Clocks struct {
	Left      [2]time.Duration // on each side's clock (index bashni.White, bashni.Black)
	Increment time.Duration    // added after each move
	MovesToGo int              // moves of the side to move before its clock gets Base again; 0: never
}

// engineClock returns what the engine needs of the clocks: the side to
// move's.
func (c Clocks) engineClock(turn bashni.Color) engine.Clock {
	return engine.Clock{Left: c.Left[turn], Increment: c.Increment, MovesToGo: c.MovesToGo}
}

// clockRun is the clocks of a game under way.
type clockRun struct {
	tc    TimeControl
	left  [2]time.Duration
	moves [2]int // moves played by each side
}

func newClockRun(tc TimeControl) *clockRun {
	return &clockRun{tc: tc, left: [2]time.Duration{tc.Base, tc.Base}}
}

func (c *clockRun) state(turn bashni.Color) Clocks {
	s := Clocks{Left: c.left, Increment: c.tc.Increment}
	if c.tc.Moves > 0 {
		s.MovesToGo = c.tc.Moves - c.moves[turn]%c.tc.Moves
	}
	return s
}

// spend charges the side that moved for the time it took and reports
// whether its clock held out; then it adds the increment and, at a time
// control, the base time, a clock that would pass the largest duration
// staying there rather than wrapping round to a negative time.
func (c *clockRun) spend(turn bashni.Color, took time.Duration) bool {
	c.left[turn] -= took
	if c.left[turn] < 0 {
		return false
	}
	c.left[turn] = satint.Add(c.left[turn], c.tc.Increment)
	c.moves[turn]++
	if c.tc.Moves > 0 && c.moves[turn]%c.tc.Moves == 0 {
		c.left[turn] = satint.Add(c.left[turn], c.tc.Base)
	}
	return true
}

package web

import (
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/bashni-dev/bashni/engine/match"
)

// Strength is how hard the engine thinks for one move of POST /api/engine
// (docs/BOARD.md): a depth, a time, or both (the search stops at the first
// reached). The zero Strength is the Opponent's own.
type Strength struct {
	Depth int           // plies of full-width search; 0: no limit
	Time  time.Duration // time for the move; 0: the Opponent's own
}

// Strengthener is an Opponent (Options.Opponent) that can think more or
// less hard: the player WithStrength returns plays at the strength asked
// for (/api/engine's level, depth and movetime), never thinking longer
// than the Opponent itself would. A server whose Opponent is not one
// lists no levels in /api/info and refuses those fields (501).
type Strengthener interface {
	WithStrength(s Strength) match.Player
}

// levels are the named strengths a page may ask for, weakest first:
// "beginner" sees a ply (captures followed to a quiet position); "max" is
// the Opponent's own.
var levels = []struct {
	name string
	s    Strength
}{
	{"beginner", Strength{Depth: 1}},
	{"casual", Strength{Depth: 3}},
	{"club", Strength{Depth: 6}},
	{"strong", Strength{Time: time.Second}},
	{"max", Strength{}},
}

// LevelNames returns the names of the engine's levels, weakest first, as
// /api/info lists them.
func LevelNames() []string {
	out := make([]string, len(levels))
	for i, l := range levels {
		out[i] = l.name
	}
	return out
}

// askedStrength reports whether an engine request names a strength.
func (req gameRequest) askedStrength() bool {
	return req.Level != nil || req.Depth != nil || req.MoveTime != nil
}

// opponent returns the player for an engine request: the Opponent, at the
// strength the request asks for if it asks for one.
func (s *Server) opponent(req gameRequest) (match.Player, error) {
	if !req.askedStrength() {
		return s.opts.Opponent, nil
	}
	st, err := strength(req, s.opts.Think)
	if err != nil {
		return nil, err
	}
	str, ok := s.opts.Opponent.(Strengthener)
	if !ok {
		return nil, &httpError{http.StatusNotImplemented, "this server's engine plays at one strength: leave out level, depth and movetime"}
	}
	return str.WithStrength(st), nil
}

// strength reads the level, depth and movetime of an engine request; the
// time is at most think, the bound of an engine request.
func strength(req gameRequest, think time.Duration) (Strength, error) {
	var s Strength
	if req.Level != nil {
		found := false
		for _, l := range levels {
			if l.name == *req.Level {
				s, found = l.s, true
			}
		}
		if !found {
			return Strength{}, badRequest(fmt.Sprintf("level %q: want one of %s", *req.Level, strings.Join(LevelNames(), ", ")))
		}
	}
	if d := req.Depth; d != nil {
		if *d < 1 || *d > MaxDepth {
			return Strength{}, badRequest(fmt.Sprintf("depth %d: want 1 to %d plies", *d, MaxDepth))
		}
		s.Depth = *d
	}
	if ms := req.MoveTime; ms != nil {
		if maxMS := think.Milliseconds(); *ms < 1 || *ms > maxMS {
			return Strength{}, badRequest(fmt.Sprintf("movetime %d: want 1 to %d milliseconds", *ms, maxMS))
		}
		s.Time = time.Duration(*ms) * time.Millisecond
	}
	s.Time = min(s.Time, think)
	return s, nil
}

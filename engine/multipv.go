package engine

import (
	"slices"
	"sync/atomic"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/internal/eval"
)

// MultiPV: the n best root moves, each with its exact value and line
// (Limits.Lines). Each iteration searches the root n times: first all its
// moves, as the ordinary search does, then each time the moves left after
// taking out the ones already found. Each search has the full window at the
// root, so the best of the moves it searches gets an exact value (searchMoves
// re-searches a move that beats the best so far with the full window): the
// k-th line's score is the k-th best move's own value at that depth, not a
// bound left over from a search about another move. The repeated searches
// are cheap: the first one filled the transposition table with the
// subtrees of every move.
//
// The moves found stay first in the root's order, so the next iteration
// searches them first; the rest keep their order.

// searchLines searches the n best of the root moves ms to depth and returns
// their lines, best first, with those moves first in ms in the same order;
// nil when the search was stopped before it finished.
func (s *searcher) searchLines(root *bashni.Position, ms []bashni.Move, depth, n int) []Line {
	lines := make([]Line, 0, n)
	for k := range n {
		var score Score
		if k == 0 {
			score = s.searchRoot(root, ms, depth) // the root's value, for the table
		} else {
			score = s.searchMoves(root, ms[k:], depth)
		}
		if s.stopped {
			return nil
		}
		lines = append(lines, Line{Score: score, PV: slices.Clone(s.pv[0][:s.pvLen[0]])})
	}
	// Each search's best is worth at most the one before's, unless what
	// the table learned in between changed a value (search instability):
	// keep them best first all the same.
	slices.SortStableFunc(lines, func(a, b Line) int { return int(b.Score - a.Score) })
	for i, l := range lines {
		ms[i] = l.PV[0]
	}
	return lines
}

// decided reports whether every line's score is a forced result found with
// depth to spare, so that deeper iterations would only repeat them.
func decided(lines []Line, depth int) bool {
	for _, l := range lines {
		if !l.Score.IsWin() || l.Score.Plies()+2 > depth {
			return false
		}
	}
	return true
}

// A search stopped before its first iteration completed (a tiny node limit,
// a cancel at once, a cancel while it waited for the Engine) knows no value
// of its root moves, yet its lines carry one each: the value of the capture
// search after the move (quiesce), which is what a search of depth 1 finds
// for it, as a search of depth 1 searches each root move and then only
// captures. A move whose reply is quiet costs one position, one with
// captures to follow their tree. The lines are reported at depth 0, as no
// iteration completed, and these searches run under no limit, after the
// search has stopped: Result.Nodes does not count their positions, as it
// counts those the limits bound (a search of one thread never reports more
// than Limits.Nodes). They are bounded all the same, by
// captureLinesNodes: a cancelled search must return promptly, and in a
// custom ruleset a capture tree can be large. Once the bound is reached,
// each line left is its move alone, scored by the static evaluation after
// it.

// captureLinesNodes bounds the positions captureLines visits in all (a
// variable, for the tests).
var captureLinesNodes uint64 = 100_000

// captureLines returns the lines of a search of g stopped before its first
// iteration completed, from the root moves ms: with n above 1, the n best of ms by the capture search after
// each, best first (equal values in the order of ms); with n 1, the first
// of ms so scored. Each line is its move and the captures that follow it.
// It searches with a searcher of its own, which reads the Engine's options
// only (not its table or history), with the evaluator ev.
func captureLines(e *Engine, ev *eval.Evaluator, g *game, ms []bashni.Move, n int) []Line {
	if n == 1 {
		ms = ms[:1]
	}
	s := g.searcher(e, ev, new(history), new(atomic.Bool), new(atomic.Uint64))
	s.nodeLimit = captureLinesNodes
	lines := make([]Line, len(ms))
	for i, m := range ms {
		child := &s.positions[1]
		g.pos.PlayUncheckedInto(child, m)
		s.enter(&g.pos, m, child, 1)
		score := -s.quiesce(child, -infinity, infinity, 1)
		if s.stopped {
			score, s.pvLen[1] = -Score(ev.Evaluate(child)), 0
		}
		pv := append(make([]bashni.Move, 0, 1+s.pvLen[1]), m)
		lines[i] = Line{Score: score, PV: append(pv, s.pv[1][:s.pvLen[1]]...)}
	}
	slices.SortStableFunc(lines, func(a, b Line) int { return int(b.Score - a.Score) })
	return lines[:n]
}

package engine

import (
	"slices"

	"github.com/bashni-dev/bashni"
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

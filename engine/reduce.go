package engine

import (
	"math"

	"github.com/bashni-dev/bashni"
)

// Late move reductions: moves ordered last rarely turn out best, and a
// reduced search that says so is cheap; one that says otherwise is searched
// again at full depth (alphaBeta). Captures and promotions are never
// reduced.
//
// How much depends on the kings. Where they fly (russian, international
// and the classic presets), a node has many quiet moves, and the reduction
// grows with the logarithms of the depth and of the move's place in the
// order, as in most chess engines since Stockfish. Where they step (lasca),
// the gentler reductions of before stay: one ply from the fourth move on,
// two from the ninth at depth 5 and more. Each was kept by matches
// (docs/ENGINE.md, "Selective search, measured"): the logarithmic one won
// where kings fly and lost in lasca.

// reductionTable[d][i] is how many plies less to search the i-th move
// (counted from 0) of a node searched to depth d away from the principal
// variation; 0 for none. On the principal variation a reduced move gets a
// ply less, yet at least one (reduction).
type reductionTable [MaxPly/2 + 1][64]int8

// reductionsFor returns the reductions of ruleset v.
func reductionsFor(v bashni.Variant) *reductionTable {
	if v.FlyingKings {
		return &logReductions
	}
	return &stepReductions
}

// seeksShorterWin reports whether a node whose best value so far is alpha
// already has a forced win in hand and is looking for a shorter one. A
// reduced search would hide it: the win it finds takes as many plies as
// it takes, not fewer because the move came late or the table had no move
// for the node. There nothing is reduced (reduction, iirReduces), so that
// the search reports the shortest win it can see at its depth and the
// iteration that proves it can stop (decided).
func seeksShorterWin(alpha Score) bool { return alpha >= WinThreshold }

// reduction returns how many plies less to search the quiet move m, the
// i-th of its node, at depth, where the best value so far is alpha: none
// where the node seeks a shorter win (seeksShorterWin).
func (s *searcher) reduction(m bashni.Move, i, depth int, pvNode bool, alpha Score) int {
	if m.IsCapture() || m.Promotes() || depth < 3 || seeksShorterWin(alpha) {
		return 0
	}
	r := int(s.reductions[min(depth, len(s.reductions)-1)][min(i, len(s.reductions[0])-1)])
	if r == 0 {
		return 0
	}
	if pvNode {
		r--
	}
	return min(max(r, 1), depth-2)
}

// logReductions[d][i] is reductionScale × ln d × ln(i+1), rounded down,
// from the third move on.
var logReductions = func() (t reductionTable) {
	for d := 1; d < len(t); d++ {
		for i := 2; i < len(t[d]); i++ {
			t[d][i] = int8(reductionScale * math.Log(float64(d)) * math.Log(float64(i+1)))
		}
	}
	return t
}()

// reductionScale is the scale that won its matches against 1/2, 2/3, 1 and
// 2 (docs/ENGINE.md).
const reductionScale = 4.0 / 3

// stepReductions: one ply from the fourth move on, two from the ninth at
// depth 5 and more.
var stepReductions = func() (t reductionTable) {
	for d := 1; d < len(t); d++ {
		for i := 3; i < len(t[d]); i++ {
			t[d][i] = 1
			if i >= 8 && d >= 5 {
				t[d][i] = 2
			}
		}
	}
	return t
}()

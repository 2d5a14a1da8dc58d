package engine

import "github.com/bashni-dev/bashni"

// Internal iterative reduction: a node deep enough, away from the
// principal variation, for which the table holds no move is searched a
// ply shallower. Without the table's move the node's order is a guess,
// and a node the last iteration did not reach (or whose entry another
// replaced) is most often one the search will not need: searched
// shallower, it costs less, and if it matters the next iteration finds
// it again with its move in the table. Kept by matches (docs/ENGINE.md,
// "Internal iterative reduction") where kings fly; in lasca, whose kings
// step and whose reductions are gentler, it lost.
const iirDepth = 4 // the shallowest node reduced, in plies left

// iirFor reports whether the search of ruleset v reduces nodes without a
// table move: where kings fly, as the logarithmic reductions of
// reductionsFor.
func iirFor(v bashni.Variant) bool { return v.FlyingKings }

// iirReduces reports whether a node searched depth plies deep in the
// window (alpha, ...) is searched a ply shallower: the ruleset reduces
// such nodes, the node is off the principal variation, deep enough, and
// the table has no move for it; not where the node seeks a shorter win
// (seeksShorterWin).
func (s *searcher) iirReduces(depth int, pvNode, hashMove bool, alpha Score) bool {
	return s.iir && !pvNode && !hashMove && depth >= iirDepth && !seeksShorterWin(alpha)
}

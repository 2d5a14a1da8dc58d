package engine

import "github.com/bashni-dev/bashni"

// Null-move pruning: away from the principal variation, a node whose side
// to move has no capture and whose static value already reaches beta lets
// the opponent move twice in a row. If a search of the position with the
// turn passed, nullReduction plies shorter than the node's moves get,
// still fails high, no move is needed to hold beta, and the node is taken
// to fail high without searching its moves.
//
// Draughts know zugzwang: a side with only quiet moves may have to give up
// pieces, where passing would hold, so a pass overrates the side to move.
// That is why Scan and most draughts engines leave null moves out. Only
// the rulesets where matches kept it use it (docs/ENGINE.md, "Null
// moves"): column checkers, where a tower that must move rarely loses more
// than a tempo.
//
// Zugzwang is also what decides endings of a few pieces: there a pass
// would let a side that must move into a lost position claim to hold,
// and hide a forced win (TestSearchWinsMatchBruteForce found a win in 5
// plies missed at depth 14, with two black towers to move). So only a side
// with nullMinTops tops or more passes.
const (
	nullDepth     = 3 // the shallowest node that tries a pass, in plies left
	nullReduction = 2 // the pass is searched to depth-1-nullReduction
	nullMinTops   = 4 // the fewest tops of the side to move that may pass
)

// nullMovesFor reports whether the search of ruleset v tries null moves:
// where pieces stack (the tower presets and switch sets with stacking).
func nullMovesFor(v bashni.Variant) bool { return v.Stacking }

// triesNull reports whether a node searched depth plies deep may pass:
// the ruleset tries null moves and the node is deep enough.
func (s *searcher) triesNull(depth int) bool { return s.nullMoves && depth >= nullDepth }

// nullMoveCuts reports whether the node pos at ply, searched depth plies
// deep against beta, with the static value static, fails high after a
// pass (see above). The caller has checked that the node may be pruned at
// all (prunable). A pass never follows a pass: two in a row would only
// search the same position shallower.
//
// The position after the pass is a new start for the draw rules: it
// cannot repeat a position before it (kingsOnly 0), as the pass changed
// the side to move and no real move got there.
func (s *searcher) nullMoveCuts(pos *bashni.Position, static, beta Score, depth, ply int) bool {
	if !s.triesNull(depth) || static < beta || ply == 0 || s.passed[ply-1] ||
		pos.Tops(pos.Turn()).Len() < nullMinTops {
		return false
	}
	child := &s.positions[ply+1]
	*child = pos.WithTurn(pos.Turn().Opponent())
	s.path[ply+1], s.kingsOnly[ply+1] = child.Key(), 0
	s.passed[ply] = true
	v := -s.alphaBeta(child, -beta, -beta+1, depth-1-nullReduction, ply+1)
	s.passed[ply] = false
	return !s.stopped && v >= beta
}

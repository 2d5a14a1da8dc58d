package engine

import "github.com/bashni-dev/bashni"

// Reverse futility pruning (a "static null move"): a few plies from the
// horizon, away from the principal variation, a node whose static value
// beats beta by a margin for each ply left is taken to fail high without a
// search: the side to move is so far ahead that the plies left would
// hardly undo it. Capturing is compulsory, so the static value means
// something only where the side to move has no capture; a node with a
// capture, a single move or a window near a forced result is always
// searched. Kept by matches (docs/ENGINE.md, "Pruning on the static value").
const (
	futilityDepth  = 3  // the deepest node pruned, in plies left
	futilityMargin = 60 // hundredths of a man a ply left
)

// prunable reports whether a node with the legal moves ms, searched in
// the window (alpha, beta), may be cut on its static value (here, and by a
// null move, null.go): away from the principal variation, where the side
// to move has no capture and more than one move, and the window is not
// near a forced result.
func prunable(ms []bashni.Move, alpha, beta Score) bool {
	return beta-alpha <= 1 && len(ms) >= 2 && !ms[0].IsCapture() &&
		alpha > -Win+MaxPly && beta < Win-MaxPly
}

// futile reports whether a prunable node searched depth plies deep
// against beta, whose static value is static, fails high on that value,
// and the value to return if so.
func futile(static, beta Score, depth int) (Score, bool) {
	if depth > futilityDepth {
		return 0, false
	}
	v := static - Score(futilityMargin*depth)
	return v, v >= beta
}

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

// futile reports whether the node pos, with the legal moves ms, searched
// depth plies deep in the window (alpha, beta), fails high on its static
// value, and the value to return if so. The cheap tests come first: the
// position is evaluated only at a node that may be pruned.
func (s *searcher) futile(pos *bashni.Position, ms []bashni.Move, alpha, beta Score, depth int) (Score, bool) {
	if depth > futilityDepth || beta-alpha > 1 || len(ms) < 2 || ms[0].IsCapture() ||
		alpha <= -Win+MaxPly || beta >= Win-MaxPly {
		return 0, false
	}
	v := Score(s.ev.Evaluate(pos)) - Score(futilityMargin*depth)
	return v, v >= beta
}

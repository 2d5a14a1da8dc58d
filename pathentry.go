package bashni

// PathMatch is what Position.MatchPath finds for the squares a user has
// clicked so far: the moves still possible, the squares that may come next,
// and the move once the path is whole.
type PathMatch struct {
	// Moves are the legal moves (as LegalMoves lists them, one per
	// resulting position) that some capture sequence or quiet move whose
	// path starts with the clicked squares belongs to, in LegalMoves order.
	// Empty: the clicks lead to no legal move.
	Moves []Move
	// Next are the squares that may be clicked next, in square order: the
	// start squares of the legal moves when nothing is clicked yet, else the
	// squares that follow the clicks on some path. Empty once the path is
	// whole, or when it matches nothing.
	Next []Square
	// Complete is set when the clicked squares are the whole path of a
	// legal move: Move is that move, ready for Position.Play.
	Complete bool
	Move     Move
}

// MatchPath matches the squares clicked so far (the start square, then each
// landing square in turn) against the paths of the legal moves, for a GUI
// that enters a capture step by step: it offers the next landing squares
// (PathMatch.Next) until the path is a whole move (PathMatch.Complete).
//
// Every capture sequence counts, not only the one whose landing squares
// Move.String writes: where a flying king may land on several squares, or
// two sequences take the same pieces, each path leads to its move (the one
// LegalMoves lists). A quiet move's path is its start and end square.
// MatchPath(nil) gives the squares a move can start from.
func (p *Position) MatchPath(clicked []Square) PathMatch {
	var legalBuf, seqBuf [64]Move
	legal := p.appendLegal(legalBuf[:0], false)
	seqs := p.appendLegal(seqBuf[:0], true)
	r := p.rules()
	var pm PathMatch
	matched := make([]bool, len(legal)) // by index in legal
	var next uint64
	for i := range seqs {
		sq := &seqs[i]
		path := sq.Path()
		if len(clicked) > len(path) || !startsWith(path, clicked) {
			continue
		}
		j := legalIndex(legal, sq, r)
		if j < 0 {
			continue // cannot happen: every sequence is one of the legal moves
		}
		matched[j] = true
		if len(clicked) == len(path) {
			pm.Complete, pm.Move = true, legal[j]
		} else {
			next |= path[len(clicked)].bit()
		}
	}
	for j := range legal {
		if matched[j] {
			pm.Moves = append(pm.Moves, legal[j])
		}
	}
	if !pm.Complete {
		pm.Next = SquareSet(next).Squares()
	}
	return pm
}

func startsWith(path, prefix []Square) bool {
	for i, s := range prefix {
		if path[i] != s {
			return false
		}
	}
	return true
}

// legalIndex returns the index of the legal move the sequence belongs to.
func legalIndex(legal []Move, sq *Move, r *rules) int {
	for j := range legal {
		if legal[j].sameResult(sq, r) {
			return j
		}
	}
	return -1
}

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
//
// It walks the capture sequences once more to match them, keeping only what
// matches: its memory is bounded by the legal moves, not by the number of
// sequences (some custom rulesets reach millions).
func (p *Position) MatchPath(clicked []Square) PathMatch {
	var legalBuf [64]Move
	legal := p.appendLegal(legalBuf[:0], false)
	r := p.rules()
	cm := &clickMatcher{r: r, clicked: clicked, legal: legal, matched: make([]bool, len(legal)), complete: -1}
	if c := capturersOf(r, p.tops()); c != 0 {
		var one [1]Move // each sequence is written here and taken out again
		g := generator{r: r, out: one[:0], all: true, stop: &stopper{}, click: cm}
		g.captures(p, c)
	} else {
		for i := range legal { // quiet moves: each is its own only path
			cm.see(&legal[i])
		}
	}
	var pm PathMatch
	for j := range legal {
		if cm.matched[j] {
			pm.Moves = append(pm.Moves, legal[j])
		}
	}
	if cm.complete >= 0 {
		pm.Complete, pm.Move = true, legal[cm.complete]
	} else {
		pm.Next = SquareSet(cm.next).Squares()
	}
	return pm
}

// clickMatcher matches the legal sequences against the squares clicked so
// far, for MatchPath: which legal moves they can still become, which
// squares come next, and the move they complete.
type clickMatcher struct {
	r       *rules
	clicked []Square
	legal   []Move // one per resulting position (LegalMoves)

	matched  []bool // by index in legal
	next     uint64
	complete int // the index in legal of the move the clicks complete, or -1
}

// see takes one finished sequence m.
func (cm *clickMatcher) see(m *Move) {
	// The path is m.from, then m.path[:m.n] (a quiet move's: m.from, m.to),
	// read in place: Move.Path would allocate at every sequence.
	var quiet [1]Square
	landings := m.path[:m.n]
	if m.n == 0 {
		quiet[0] = m.to
		landings = quiet[:]
	}
	k := len(cm.clicked)
	if k > len(landings)+1 || k > 0 && cm.clicked[0] != m.from || k > 1 && !startsWith(landings, cm.clicked[1:]) {
		return
	}
	j := legalIndex(cm.legal, m, cm.r)
	if j < 0 {
		return // not legal: under I2, fewer jumps than the longest (LegalMoves keeps those only)
	}
	cm.matched[j] = true
	switch {
	case k == len(landings)+1:
		cm.complete = j
	case k == 0:
		cm.next |= m.from.bit()
	default:
		cm.next |= landings[k-1].bit()
	}
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

package bashni

import "fmt"

// Reading a move (Notation.ParseMove) matches its text against the legal
// moves. A quiet move is looked up in the list of quiet moves, which is
// short. A capture is matched while the capture search walks the tree of
// sequences (pathMatcher), which keeps only what matches the text: a
// position may have millions of sequences ("russian,rejump=any,landing=any"
// at "W:WKe5:Bd4bbbbbbbbbbb"), and listing them all before matching took
// hundreds of MB to read one move.

// parseMove is ParseMove, its capture searches made under st (nil: no
// stop).
func (n Notation) parseMove(p *Position, text string, st *stopper) (Move, error) {
	r := p.rules()
	fail := func(sentinel error, reason string, cands []Move) (Move, error) {
		// An error lists the legal moves (its message says them for an
		// illegal move): the list is made for the error only.
		var buf [64]Move
		legal := p.appendLegalStop(buf[:0], false, st)
		return Move{}, &MoveError{Text: text, Position: *p, Reason: reason, Candidates: cands,
			Legal: append([]Move(nil), legal...), Notation: n, err: sentinel}
	}
	var sqBuf [maxPathSquares]Square
	squares, quiet, err := n.splitMove(r, text, sqBuf[:0])
	if err != nil {
		return fail(ErrBadMoveText, err.Error(), nil)
	}
	for _, s := range squares {
		if !r.OnBoard(s) {
			return fail(ErrIllegalMove, fmt.Sprintf("%s is not a playable square of this board", s), nil)
		}
	}
	if len(squares) > maxPathSquares {
		return fail(ErrIllegalMove, fmt.Sprintf("%d squares: no capture makes more than %d jumps", len(squares), maxJumps), nil)
	}
	from, to := squares[0], squares[len(squares)-1]
	capturers := capturersOf(r, p.tops())
	switch {
	case quiet && capturers != 0:
		return fail(ErrIllegalMove, "a capture is compulsory (captures are written with ':' or 'x')", nil)
	case quiet:
		var buf [64]Move
		for _, m := range p.appendLegalStop(buf[:0], false, nil) { // quiet moves only
			if m.from == from && m.to == to {
				return m, nil
			}
		}
		return fail(ErrIllegalMove, "not a legal move here", nil)
	case capturers == 0:
		if !p.HasLegalMoves() {
			return fail(ErrIllegalMove, "not a legal move here", nil)
		}
		return fail(ErrIllegalMove, "there is no capture here", nil)
	}
	pm := pathMatcher{r: r, k: len(squares) - 1, longest: r.onlyLongest()}
	copy(pm.squares[:], squares)
	walk := capturers & from.bit()
	if pm.longest {
		walk = capturers // the most jumps of any tower decide what is legal (I2)
	}
	if st == nil {
		st = &stopper{}
	}
	pm.walk(p, st, walk)
	// A full path of any legal sequence names the move that sequence
	// belongs to: the one whose path comes first among the sequences with
	// its result (section 8), found by a second walk. A one-jump sequence
	// is the only one with its result.
	if pm.hasFull {
		if pm.full.n == 1 {
			return pm.full, nil
		}
		pm.target, pm.second = pm.full, true
		pm.walk(p, st, capturers&from.bit())
		return pm.canon, nil
	}
	if len(squares) == 2 {
		switch pm.endResults {
		case 1:
			return pm.ends, nil
		case 2:
			var buf [64]Move
			var cands []Move
			for _, m := range p.appendLegalStop(buf[:0], false, st) {
				if m.from == from && m.to == to {
					cands = append(cands, m)
				}
			}
			return fail(ErrAmbiguousMove, fmt.Sprintf("%d legal captures go from %s to %s; write the full path", len(cands), n.squareText(r, from), n.squareText(r, to)), cands)
		}
	}
	if pm.unfinished {
		return fail(ErrIllegalMove, "unfinished capture: the sequence must go on", nil)
	}
	return fail(ErrIllegalMove, "not a legal move here", nil)
}

// pathMatcher matches the capture sequences a search finds against the
// squares of a move's text. It keeps only what it has found, a few moves:
// reading a move costs memory bounded by its text, never by the number of
// sequences. It holds no pointer but to the rules: the generator's
// pointers escape (see stopper), and a slice of the caller's squares here
// would move them to the heap.
type pathMatcher struct {
	r       *rules
	squares [maxPathSquares]Square // the text's: the start, then the landings
	k       int                    // the text's jumps: squares[:k+1] are its squares
	longest bool                   // only the sequences with the most jumps are legal (I2)
	best    uint8                  // with longest: the most jumps of a sequence so far

	// What the first walk finds among the legal sequences (with longest,
	// those with best jumps).
	hasFull    bool
	full       Move // the sequence whose path is the text
	unfinished bool // a sequence whose path starts with the text goes on
	// For a two-square text, the results of the sequences from its first
	// to its last square: none, one (ends is its sequence whose path comes
	// first) or several (2).
	endResults int
	ends       Move

	// second is set for the second walk, which finds canon: the sequence
	// whose path comes first among those with target's result.
	second   bool
	target   Move
	hasCanon bool
	canon    Move
}

// walk runs the capture search of the towers in from with pm taking the
// sequences.
func (pm *pathMatcher) walk(p *Position, st *stopper, from uint64) {
	var one [1]Move // each sequence is written here and taken out again
	g := generator{r: pm.r, out: one[:0], all: true, stop: st, match: pm}
	g.captures(p, from)
}

// see takes one finished sequence m of the search.
func (pm *pathMatcher) see(m *Move) {
	if pm.longest {
		keep, longer := keepsLongest(int(pm.best), int(m.n))
		if !keep {
			return
		}
		if longer { // all found so far had too few jumps
			pm.best = m.n
			pm.hasFull, pm.unfinished, pm.endResults = false, false, 0
		}
	}
	if pm.second {
		if m.sameResult(&pm.target, pm.r) && (!pm.hasCanon || m.pathLess(&pm.canon)) {
			pm.canon, pm.hasCanon = *m, true
		}
		return
	}
	k := pm.k
	sq := pm.squares[:k+1]
	if m.from != sq[0] {
		return
	}
	if k == 1 && m.to == sq[1] {
		switch {
		case pm.endResults == 0:
			pm.ends, pm.endResults = *m, 1
		case m.sameResult(&pm.ends, pm.r):
			if m.pathLess(&pm.ends) {
				pm.ends = *m
			}
		default:
			pm.endResults = 2
		}
	}
	if int(m.n) < k {
		return
	}
	for j, s := range sq[1:] {
		if m.path[j] != s {
			return
		}
	}
	if int(m.n) > k {
		pm.unfinished = true
	} else if !pm.hasFull {
		pm.full, pm.hasFull = *m, true
	}
}

package bashni

import "math/bits"

// generator holds the state of one call's capture generation. A capture is
// explored depth first while the position itself stays untouched: the
// squares that change as the sequence goes on (occupied, topped by the
// opponent, not to be jumped now) travel down the recursion as arguments, so
// they live in registers and need no undo, and a jumped tower's new top is
// read from its stack, counting the pieces taken from it so far (pops). The
// position is passed to each method rather than kept in a field: appending to
// out makes the generator's pointers escape, and the position must stay where
// the caller put it (on the stack in search and perft loops).
type generator struct {
	r         *rules
	out       []Move
	start     int  // index of the first capture in out
	best      int  // with Majority: the most jumps of a sequence kept so far
	all       bool // keep every sequence, not one per resulting position
	us        Color
	startKing bool
	pops      [32]uint8
	cur       Move
}

// captures appends the capture moves of the towers in from, each of which
// has a first jump.
func (g *generator) captures(p *Position, from uint64) {
	g.us = p.turn
	opp := p.black
	if g.us == Black {
		opp = p.white
	}
	occ := p.white | p.black
	var flags uint8
	if g.r.Separator == 'x' {
		flags = flagSepX
	}
	for bb := from; bb != 0; bb &= bb - 1 {
		s := Square(bits.TrailingZeros64(bb))
		g.startKing = p.kings&s.bit() != 0
		g.cur = Move{from: s, flags: flags}
		// The moving tower is lifted off its square: a flying king may
		// cross it or land on it again.
		g.search(p, s, g.startKing, -1, occ&^s.bit(), opp, 0)
	}
}

// overs returns the squares of the towers a tower on sq can jump now, one per
// direction at most: occ holds the occupied squares (and those no king may
// cross), jumpable the opponent's towers that may be jumped, lastDir the
// direction of the jump that led here (-1 before the first).
func (g *generator) overs(sq Square, king bool, lastDir int, occ, jumpable uint64) uint64 {
	r := g.r
	var out uint64
	if king && r.FlyingKings {
		free := r.board &^ occ
		for d := 0; d < 4; d++ {
			blockers := r.rays[sq][d] & occ
			if blockers&jumpable == 0 {
				continue
			}
			// The nearest blocker: lowest square going north, highest south.
			var a Square
			if d < dirSE {
				a = Square(bits.TrailingZeros64(blockers))
			} else {
				a = Square(63 - bits.LeadingZeros64(blockers))
			}
			if jumpable&a.bit() != 0 && free&r.step[a][d].bit() != 0 {
				out |= a.bit()
			}
		}
	} else {
		out = shortJumpOvers(r, sq, !king && !r.MenCaptureBackward, g.us, occ, jumpable)
	}
	if lastDir >= 0 && r.Rejump == RejumpNoReversal {
		out &^= r.rays[sq][3-lastDir] // R3: never back the way it came
	}
	return out
}

// shortJumpOvers returns the squares of the towers in jumpable that a piece
// on sq, moving one square at a time, can jump now; forwardOnly limits it to
// the forward directions of colour us. A short jump in direction d needs sq+d
// jumpable and sq+2d free: four directions at once with shifts.
func shortJumpOvers(r *rules, sq Square, forwardOnly bool, us Color, occ, jumpable uint64) uint64 {
	s := sq.bit()
	free := r.board &^ occ
	north := (s&r.canJump[dirNE])<<9&(free>>9) | (s&r.canJump[dirNW])<<7&(free>>7)
	south := (s&r.canJump[dirSE])>>7&(free<<7) | (s&r.canJump[dirSW])>>9&(free<<9)
	switch {
	case !forwardOnly:
		return (north | south) & jumpable
	case us == White:
		return north & jumpable
	}
	return south & jumpable
}

// search tries every jump from sq, the square the moving tower stands on,
// explores each to the end of its sequence and records the finished ones.
// It reports whether any jump was possible.
func (g *generator) search(p *Position, sq Square, king bool, lastDir int, occ, opp, excl uint64) bool {
	out := g.overs(sq, king, lastDir, occ, opp&^excl)
	if out == 0 {
		return false
	}
	for d := 0; d < 4; d++ {
		if o := out & g.r.rays[sq][d]; o != 0 {
			g.jump(p, Square(bits.TrailingZeros64(o)), d, king, occ, opp, excl)
		}
	}
	return true
}

// pieceAt returns the k-th piece from the top of the tower on s as it stood
// before the move.
func pieceAt(p *Position, s Square, k int) pieceCode {
	if k == 0 {
		return p.topCode(s)
	}
	return stackAt(p.below[idx(s)], k-1)
}

// jump takes the top of the tower on a, jumped in direction d, explores every
// landing and what follows, and takes the jump back. occ, opp and excl are
// the squares as they were before the jump.
func (g *generator) jump(p *Position, a Square, d int, king bool, occ, opp, excl uint64) {
	r := g.r
	b := a.bit()
	var piece pieceCode
	if r.Transfer == TransferImmediate {
		// R1: the top goes under at once; the tower's next piece is its top.
		k := int(g.pops[idx(a)])
		piece = pieceAt(p, a, k)
		g.pops[idx(a)]++
		if k == stackLen(p.below[idx(a)]) {
			occ &^= b
			opp &^= b
		} else if Color(pieceAt(p, a, k+1)&codeBlack) == g.us {
			opp &^= b
		}
	} else {
		// I1: the jumped tower stays whole as an obstacle until the end.
		piece = p.topCode(a)
	}
	switch r.Rejump {
	case RejumpOnce:
		excl |= b
	case RejumpNever:
		// Turkish strike: the square may be neither jumped nor crossed.
		excl |= b
		occ |= b
	case RejumpNotLast:
		excl = b
	}
	n := g.cur.n
	g.cur.over[n] = a
	g.cur.taken |= uint32(piece) << (2 * n)
	g.cur.n = n + 1

	if king && r.FlyingKings {
		g.flyingLandings(p, a, d, occ, opp, excl)
	} else {
		g.land(p, r.step[a][d], king, d, occ, opp, excl)
	}

	if r.Transfer == TransferImmediate {
		g.pops[idx(a)]--
	}
	g.cur.n = n
	g.cur.over[n] = 0
	g.cur.path[n] = 0
	g.cur.taken &^= 3 << (2 * n)
}

// flyingLandings lands a flying king that jumped a in direction d on each
// free square beyond it, or, where the ruleset says so (R5), only on those
// from which it can jump on when there are any.
func (g *generator) flyingLandings(p *Position, a Square, d int, occ, opp, excl uint64) {
	r := g.r
	free := r.board &^ occ
	var land [8]Square
	nl := 0
	for l := r.step[a][d]; free&l.bit() != 0; l = r.step[l][d] {
		land[nl] = l
		nl++
	}
	if r.KingLanding == LandToContinue && nl > 1 {
		kept := 0
		for _, l := range land[:nl] {
			if g.overs(l, true, d, occ, opp&^excl) != 0 {
				land[kept] = l
				kept++
			}
		}
		if kept > 0 {
			nl = kept
		}
	}
	for _, l := range land[:nl] {
		g.land(p, l, true, d, occ, opp, excl)
	}
}

// land puts the moving tower on l after a jump in direction d and goes on
// capturing from there, or records the finished sequence.
func (g *generator) land(p *Position, l Square, king bool, d int, occ, opp, excl uint64) {
	g.cur.path[g.cur.n-1] = l
	if !king && g.r.far[g.us]&l.bit() != 0 {
		switch g.r.Crowning {
		case CrownAndStop: // L6
			g.record(l, true)
			return
		case CrownAndContinue: // R6
			king = true
		}
	}
	if !g.search(p, l, king, d, occ, opp, excl) {
		g.record(l, king)
	}
}

// record adds the finished sequence ending on l, merging it with an earlier
// one of the same result (section 8) and applying the majority rule (I2).
func (g *generator) record(l Square, king bool) {
	m := g.cur
	m.to = l
	if !g.startKing && (king || g.r.far[g.us]&l.bit() != 0) {
		m.flags |= flagPromote
	}
	if g.r.Majority {
		n := int(m.n)
		if n < g.best {
			return
		}
		if n > g.best {
			g.out = g.out[:g.start]
			g.best = n
		}
	}
	if !g.all && m.n > 1 { // one jump is never reached by another sequence
		for i := g.start; i < len(g.out); i++ {
			if g.out[i].sameResult(&m, g.r) {
				if m.pathLess(&g.out[i]) {
					g.out[i] = m
				}
				return
			}
		}
	}
	g.out = append(g.out, m)
}

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
	stop      *stopper      // nil but in the Context calls and reading a move
	match     *pathMatcher  // nil but reading a move: takes the sequences
	click     *clickMatcher // nil but in MatchPath: takes the sequences
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
	var m jumpSets
	forward := g.r.forward
	if forward {
		m = forwardJumpSets(g.r, g.us, opp, g.r.board&^occ)
	}
	for bb := from; bb != 0; bb &= bb - 1 {
		s := Square(bits.TrailingZeros64(bb))
		g.startKing = p.kings&s.bit() != 0
		g.cur = Move{from: s}
		if forward && !g.startKing {
			g.forwardMan(p, m, s)
			continue
		}
		// The moving tower is lifted off its square: a flying king may
		// cross it or land on it again.
		g.visit(p, s, g.startKing, -1, occ&^s.bit(), opp, 0)
	}
}

// forwardMan explores the captures of a man that captures forward only
// (lasca), standing on sq: they are the paths through the jumps m of the
// position before the move, and no two give the same position (see
// countFromTops), so each is kept as found. The way on is read from m, as
// the squares the move changes all lie behind the man. A man that reaches
// the far rank has nothing left to jump forward and stops there.
func (g *generator) forwardMan(p *Position, m jumpSets, sq Square) {
	n := g.cur.n
	overA, _, overB, _ := forwardJumpsFrom(g.us, m, sq.bit())
	out := overA | overB // the towers it can jump from sq
	if out == 0 {
		if n > 0 && (g.stop == nil || !g.stop.leaf(g, sq, false)) {
			g.pushFinished(sq, false)
		}
		return
	}
	g.cur.n = n + 1
	for ; out != 0; out &= out - 1 {
		a := Square(bits.TrailingZeros64(out))
		l := 2*a - sq // the landing, beyond a
		g.cur.over[n] = a
		g.cur.path[n] = l
		g.cur.taken = g.cur.taken&^(3<<(2*n)) | uint32(p.topCode(a))<<(2*n)
		g.forwardMan(p, m, l)
	}
	g.cur.n = n
	g.cur.over[n] = 0
	g.cur.path[n] = 0
	g.cur.taken &^= 3 << (2 * n)
}

// visit stands the moving tower on sq, where it starts or where its last
// jump landed (in direction lastDir, -1 at the start), and tries every jump
// from there: it explores each to the end of its sequence and records the
// finished ones. occ holds the occupied squares (and those no king may
// cross), opp the squares topped by the opponent, excl the opponent's towers
// that may not be jumped now. All three change as the sequence goes on and
// travel as arguments, so a jump needs no undo of them.
//
// One call per square the tower stands on: landing, crowning, finding the
// jumps and taking them are done here, not in helpers, because calls are
// what a capture search spends most of its time on.
func (g *generator) visit(p *Position, sq Square, king bool, lastDir int, occ, opp, excl uint64) {
	r := g.r
	n := g.cur.n
	if n > 0 {
		g.cur.path[n-1] = sq
		if !king && r.far[g.us]&sq.bit() != 0 {
			stops, crowned := r.crownedMidCapture(sq.bit())
			if stops { // L6
				g.record(sq, true)
				return
			}
			king = crowned // R6
		}
	}
	var out uint64 // the towers it can jump now, one per direction at most
	if king && r.FlyingKings {
		out = flyingOvers(r, sq, occ, opp&^excl)
	} else {
		// A short jump in direction d: sq+d is jumpable and sq+2d free,
		// for two or four directions at once with shifts.
		// (A man's directions are menJumps', in rules.manJump; a king's all.)
		s := sq.bit()
		free := r.board &^ occ
		jump := &r.canJump
		if !king {
			jump = &r.manJump[g.us&1]
		}
		out = (s&jump[dirNE])<<9&(free>>9) | (s&jump[dirNW])<<7&(free>>7) |
			(s&jump[dirSE])>>7&(free<<7) | (s&jump[dirSW])>>9&(free<<9)
		out &= opp &^ excl
	}
	if lastDir >= 0 && r.reversalBarred() {
		out &^= r.rays[sq][reverse(lastDir)] // R3: never back the way it came
	}
	if out == 0 {
		if n > 0 {
			g.record(sq, king)
		}
		return
	}
	g.cur.n = n + 1
	for ; out != 0; out &= out - 1 {
		a := Square(bits.TrailingZeros64(out))
		d := dirTo(r, sq, a)
		b := a.bit()
		occ, opp, excl := occ, opp, excl
		var piece pieceCode
		if r.Transfer == TransferImmediate {
			// R1: the top goes under at once; the tower's next piece is
			// its top.
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
			// I1: the jumped tower stays whole as an obstacle until the
			// end.
			piece = p.topCode(a)
		}
		occ, excl = r.barAfterJump(b, occ, excl)
		g.cur.over[n] = a
		g.cur.taken = g.cur.taken&^(3<<(2*n)) | uint32(piece)<<(2*n)
		if king && r.FlyingKings {
			g.flyingLandings(p, a, d, occ, opp, excl)
		} else {
			g.visit(p, r.step[a][d], king, d, occ, opp, excl)
		}
		if r.Transfer == TransferImmediate {
			g.pops[idx(a)]--
		}
	}
	g.cur.n = n
	g.cur.over[n] = 0
	g.cur.path[n] = 0
	g.cur.taken &^= 3 << (2 * n)
}

// dirTo returns the direction from sq to a, a square on one of its
// diagonals.
func dirTo(r *rules, sq, a Square) int {
	if a > sq {
		if r.rays[sq][dirNE]&a.bit() != 0 {
			return dirNE
		}
		return dirNW
	}
	if r.rays[sq][dirSE]&a.bit() != 0 {
		return dirSE
	}
	return dirSW
}

// flyingOvers returns the squares of the towers in jumpable that a flying
// king on sq can jump now, one per direction at most: the nearest occupied
// square of each line, if jumpable with a free square behind it.
func flyingOvers(r *rules, sq Square, occ, jumpable uint64) uint64 {
	free := r.board &^ occ
	var out uint64
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
	return out
}

// pieceAt returns the k-th piece from the top of the tower on s as it stood
// before the move.
func pieceAt(p *Position, s Square, k int) pieceCode {
	if k == 0 {
		return p.topCode(s)
	}
	return stackAt(p.below[idx(s)], k-1)
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
	if r.landToContinue() && nl > 1 {
		kept := 0
		for _, l := range land[:nl] {
			out := flyingOvers(r, l, occ, opp&^excl)
			if r.reversalBarred() {
				out &^= r.rays[l][reverse(d)]
			}
			if out != 0 {
				land[kept] = l
				kept++
			}
		}
		if kept > 0 {
			nl = kept
		}
	}
	for _, l := range land[:nl] {
		g.visit(p, l, true, d, occ, opp, excl)
	}
}

// record adds the finished sequence ending on l, merging it with an earlier
// one of the same result (section 8) and applying the majority rule (I2).
func (g *generator) record(l Square, king bool) {
	if g.stop != nil && g.stop.leaf(g, l, king) {
		return
	}
	if g.r.onlyLongest() {
		n := int(g.cur.n)
		keep, longer := keepsLongest(g.best, n)
		if !keep {
			return
		}
		if longer { // the sequences kept so far are shorter: dropped
			g.out = g.out[:g.start]
			g.best = n
		}
	}
	m := g.pushFinished(l, king)
	if !g.all && m.n > 1 { // one jump is never reached by another sequence
		last := len(g.out) - 1
		for i := g.start; i < last; i++ {
			if g.out[i].sameResult(m, g.r) {
				if m.pathLess(&g.out[i]) {
					g.out[i] = *m
				}
				g.out = g.out[:last]
				return
			}
		}
	}
}

// pushFinished appends the sequence found so far to g.out as a move that
// ends on l, the moving tower a king there or not, and returns it. The move
// is written where it goes, not built and copied there: the copy's wide
// loads of its byte stores would wait for them (DESIGN.md, "Go code
// generation"). Not with append: an append stored through the pointer g
// makes escape analysis move the caller's buffer to the heap, so that a
// buffer on the stack (Play's, or a search's) would be allocated at every
// call. A reslice of g.out into itself and a store into an element carry no
// pointer anywhere.
func (g *generator) pushFinished(l Square, king bool) *Move {
	n := len(g.out)
	if n == cap(g.out) {
		g.grow()
	}
	g.out = g.out[:n+1]
	m := &g.out[n]
	*m = g.cur
	m.to = l
	if !g.startKing && (king || promotes(g.r.far[g.us], l.bit())) {
		m.flags |= flagPromote
	}
	return m
}

// grow gives g.out a larger backing array of its own.
func (g *generator) grow() {
	out := make([]Move, len(g.out), 2*cap(g.out)+16)
	copy(out, g.out)
	g.out = out
}

package bashni

import "math/bits"

// Bulk counting: perft's last ply counts the legal moves of a position
// without building them where it can, from the tops alone for quiet moves and
// for the short captures that most capture positions have.

// countLegal returns the number of legal moves, as len(appendLegal) would;
// buf is scratch space for the captures that have to be generated.
func (p *Position) countLegal(buf []Move) int {
	r := p.rules()
	n, slow := countFromTops(r, p.tops())
	if slow != 0 {
		n += len(appendCaptures(p, r, slow, buf[:0], false))
	}
	return n
}

// countFromTops counts the legal moves of a position from its tops alone,
// where it can: n is the number of moves found, slow the towers whose
// captures need the full search (not counted in n).
//
// Near the leaves most captures are a man's single jump with nothing to
// jump after it: those are counted here on bitboards. Whether a man can jump
// again from where it lands is read from the short jumps of the position
// before the move: lifting the man off its square and taking the top of the
// jumped tower change only the squares behind it, and the way back is barred
// anyway (R3, or the rule that the tower just jumped may not be jumped again
// at once). A man's sequences of up to three jumps are followed on the same
// jump sets (pathWalk). Men with longer sequences, kings, men crowned to go
// on capturing, and every capture under RejumpAny (which allows the way
// back) go through the search; with Majority (I2) only the sequences with
// the most jumps count, so if a king can capture, all captures do.
func countFromTops(r *rules, t tops) (n int, slow uint64) {
	if forwardMenOnly(r, t) {
		return countForwardMen(r, t), 0
	}
	empty := r.board &^ (t.own | t.opp)
	j := shortJumpSets(r, t.opp, empty)
	m, men := menCapturers(r, t, j) // men: the men that capture
	on := m.any()                   // where a man has a jump
	if t.ownKings != 0 {
		slow = kingCapturers(r, t, j)
	}
	if men|slow == 0 { // no capture: the quiet moves
		n = countMenSteps(r, t.us, t.own&^t.ownKings, empty)
		if t.ownKings != 0 {
			n += countKingMoves(r, t.ownKings, empty)
		}
		return n, 0
	}
	kings := 0 // the sequences of the kings taken out of slow
	if slow != 0 && r.shortKingPaths() {
		// A short king's sequences of up to three jumps are paths through
		// the jumps of the position, as a man's are (see pathWalk).
		var w pathWalk // counts sequences: no position, no tops
		w.startCount(r, j, 0, t.opp)
		for bb := slow; bb != 0; bb &= bb - 1 {
			x := bb & -bb
			if k, ok := w.count(x); ok {
				kings += int(k)
				slow &^= x
			}
		}
	}
	if r.forward {
		// Men that capture forward only never come back to a square the
		// move has touched: every sequence is a path through the jumps of
		// the position before the move, and no two paths give the same
		// result (each jump goes two ranks on, so the jumped squares fix
		// the order). A man crowned on the far rank stops, and would have
		// nothing to jump forward from there anyway. (The general count
		// below gets the same numbers; this walk is lasca's hottest path,
		// and 5% of its perft is in the difference.)
		// They are counted for all men at once, on sets (forwardOn). Most
		// sequences are one jump: the landings of all men in a direction
		// are one shift, and those with no jump on are counted by
		// popcount.
		_, landA, _, landB := forwardJumpsFrom(t.us, m, men)
		n = bits.OnesCount64(landA&^on) + bits.OnesCount64(landB&^on)
		if (landA|landB)&on != 0 {
			n += forwardOn(t.us, m, landA, landB, on)
		}
		return n + kings, slow
	}
	if !r.wayBackBarred() {
		return 0, men | slow
	}
	// The landing squares of the men's jumps, per direction, and those
	// where the sequence ends (rules.endsAt: no jump onward, all but back
	// the way it came, or crowned to stop); from the others the man goes on
	// (goOn, its square), or the search decides (R6).
	landNE, landNW := (men&m.ne)<<18, (men&m.nw)<<14
	landSE, landSW := (men&m.se)>>14, (men&m.sw)>>18
	far := r.far[t.us]
	endNE := landNE & r.endsAt(m.onward(dirNE).any(), far)
	endNW := landNW & r.endsAt(m.onward(dirNW).any(), far)
	endSE := landSE & r.endsAt(m.onward(dirSE).any(), far)
	endSW := landSW & r.endsAt(m.onward(dirSW).any(), far)
	goOn := (landNE&^endNE)>>18 | (landNW&^endNW)>>14 | (landSE&^endSE)<<14 | (landSW&^endSW)<<18
	if slow != 0 && r.onlyLongest() { // a king's sequence may be the longest
		return 0, men | slow
	}
	n = bits.OnesCount64(endNE>>18&^goOn) + bits.OnesCount64(endNW>>14&^goOn) +
		bits.OnesCount64(endSE<<14&^goOn) + bits.OnesCount64(endSW<<18&^goOn)
	if goOn == 0 {
		return n + kings, slow
	}
	var w pathWalk
	w.startCount(r, m, far, t.opp)
	for bb := goOn; bb != 0; bb &= bb - 1 {
		k, ok := w.count(bb & -bb)
		switch {
		case ok:
			n += int(k)
		case r.onlyLongest():
			return 0, men | slow
		default:
			slow |= bb & -bb
		}
	}
	if r.onlyLongest() { // I2: only the sequences of the most jumps
		return w.longest(n), slow
	}
	return n + kings, slow
}

// forwardMenOnly reports whether the side to move of t has men only, and
// they capture forward only (r.forward): then countForwardMen counts its
// moves, and nothing needs the search. The hottest callers of countFromTops
// ask it themselves and call countForwardMen directly: countFromTops is too
// big to be inlined, and its call, for most of lasca's positions near the
// leaves, was 1% of lasca's bulk perft (callgrind).
func forwardMenOnly(r *rules, t tops) bool { return r.forward && t.ownKings == 0 }

// countForwardMen is countFromTops for a side with men only, where men
// capture forward only (r.forward): most positions of lasca's bulk counting.
// Only the two forward jump directions are looked at, and the function is
// small enough for the compiler to keep it all in registers.
func countForwardMen(r *rules, t tops) int {
	empty := r.board &^ (t.own | t.opp)
	m := forwardJumpSets(r, t.us, t.opp, empty)
	on := m.ne | m.nw | m.se | m.sw // where a man has a jump
	men := t.own & on
	// Both counts are made and one is chosen without a branch: whether a
	// position near the leaves has a capture is a coin toss to the branch
	// predictor, and a miss costs more than counting the steps.
	steps := countMenSteps(r, t.us, t.own, empty)
	_, landA, _, landB := forwardJumpsFrom(t.us, m, men)
	n := bits.OnesCount64(landA&^on) + bits.OnesCount64(landB&^on)
	if (landA|landB)&on != 0 {
		n += forwardOn(t.us, m, landA, landB, on)
	}
	if men == 0 {
		n = steps
	}
	return n
}

// forwardOn counts the capture sequences of men that capture forward only
// (of colour us) that go on from landings a and b, one set per direction of
// the jump just made, through the jump sets m of the position before the
// move (on: where a jump starts). Such a man goes two ranks on with each
// jump and never comes back to a square the move has changed, so its
// sequences are the paths through m, and no two give the same position
// (see countFromTops). They are counted for all the men at once: the
// landings of a set's jumps in one direction are one shift of it (no two
// men of one set land on one square, so the directions are kept apart),
// those with no jump on end a sequence each and are counted by popcount,
// and the others jump on. A man crowned on the far rank stops there, with
// nothing to jump forward.
func forwardOn(us Color, m jumpSets, a, b, on uint64) int {
	n := 0
	if a&on != 0 {
		_, a2, _, b2 := forwardJumpsFrom(us, m, a&on)
		n += bits.OnesCount64(a2&^on) + bits.OnesCount64(b2&^on)
		if (a2|b2)&on != 0 {
			n += forwardOn(us, m, a2, b2, on)
		}
	}
	if b&on != 0 {
		_, a2, _, b2 := forwardJumpsFrom(us, m, b&on)
		n += bits.OnesCount64(a2&^on) + bits.OnesCount64(b2&^on)
		if (a2|b2)&on != 0 {
			n += forwardOn(us, m, a2, b2, on)
		}
	}
	return n
}

// afterQuiet returns the tops after the quiet move m, which moves no piece
// but one top from m.from to m.to; oppKings are the opponent's kings. (The
// new side to move does not care whether the moved piece is a king.)
func (t tops) afterQuiet(m *Move, oppKings uint64) tops {
	return tops{t.us ^ 1, t.opp, t.own ^ (m.from.bit() | m.to.bit()), oppKings}
}

// topsAfterCapture returns the tops after the capture m, seen from the side
// to move next: the moving tower leaves its square for m.to, and each jump
// uncovers the next piece of the jumped tower, or empties its square. (Tops
// are all the same whether prisoners go under at once or at the end, or
// leave the board.)
func (p *Position) topsAfterCapture(m *Move) tops {
	white, black, kings := p.white, p.black, p.kings
	from := m.from.bit()
	white &^= from
	black &^= from
	kings &^= from
	// A tower jumped again (RejumpOnce, RejumpAny) uncovers its next
	// piece again: rest holds what is left under its top.
	var jumped uint64
	var rest [32]stack
	for _, a := range m.over[:m.n] {
		b, i := a.bit(), idx(a)
		st := p.below[i]
		if jumped&b != 0 {
			st = rest[i]
		}
		jumped |= b
		white, black, kings = withNextTop(white, black, kings, b, st)
		rest[i] = stackPop(st)
	}
	// The mover's colour is all the next side needs to know of it.
	if p.turn == White {
		white |= m.to.bit()
		return tops{Black, black, white, black & kings}
	}
	black |= m.to.bit()
	return tops{White, white, black, white & kings}
}

// withTop returns the tops white, black and kings with the empty square b (a
// one-bit set) topped by a piece of code c.
func withTop(white, black, kings, b uint64, c pieceCode) (uint64, uint64, uint64) {
	if c&codeBlack != 0 {
		black |= b
	} else {
		white |= b
	}
	if c&codeKing != 0 {
		kings |= b
	}
	return white, black, kings
}

// countMenSteps counts the steps of the men of colour us onto the empty
// squares. (Small enough to be inlined where most positions are counted.)
func countMenSteps(r *rules, us Color, men, empty uint64) int {
	a, b, _, _ := menSteps(r, us, men, empty)
	return bits.OnesCount64(a) + bits.OnesCount64(b)
}

// countKingMoves counts the quiet moves of the kings onto the empty
// squares: a popcount of each flying king's kingRay in each direction, and
// for short kings kingRay's one step for all of them at once, a popcount
// per direction (one kingRay per king made lasca perft from a midgame 8%
// slower). The counts agree with appendKingMoves wherever bulk counting is
// checked against the generator (perft_bulk_test.go, reference_test.go).
func countKingMoves(r *rules, kings, empty uint64) int {
	if !r.FlyingKings {
		return bits.OnesCount64((kings&r.canStep[dirNE])<<9&empty) +
			bits.OnesCount64((kings&r.canStep[dirNW])<<7&empty) +
			bits.OnesCount64((kings&r.canStep[dirSE])>>7&empty) +
			bits.OnesCount64((kings&r.canStep[dirSW])>>9&empty)
	}
	occ := r.board &^ empty
	n := 0
	for bb := kings; bb != 0; bb &= bb - 1 {
		s := Square(bits.TrailingZeros64(bb))
		for d := 0; d < 4; d++ {
			n += bits.OnesCount64(kingRay(r, s, d, occ))
		}
	}
	return n
}

// countTwoPlies returns perft 2 of p with bulk counting: for each legal move,
// the number of legal replies, added up. Where it can it walks the moves on
// bitboards without building them: the steps of men, and the captures of
// men and short kings of up to three jumps (see pathWalk), whose tops after
// each sequence it keeps up as it follows the jumps.
//
// w is the walk to follow the sequences with: any walk, whose state is set
// up here (perft keeps one for all its positions: one zeroed for each cost
// 0.3% of lasca perft).
func (p *Position) countTwoPlies(w *pathWalk, buf []Move) uint64 {
	r := p.rules()
	t := p.tops()
	empty := r.board &^ (t.own | t.opp)
	j := shortJumpSets(r, t.opp, empty)
	m, capMen := menCapturers(r, t, j)
	men := t.own &^ t.ownKings
	var capKings uint64
	if t.ownKings != 0 {
		capKings = kingCapturers(r, t, j)
	}
	var n uint64
	switch {
	case capMen|capKings == 0:
		oppKings := p.kings & t.opp
		a, b, backA, backB := menSteps(r, t.us, men, empty)
		n = p.stepReplies(r, t, oppKings, a, backA, buf) + p.stepReplies(r, t, oppKings, b, backB, buf)
		if t.ownKings != 0 {
			moves := appendKingMoves(r, t.ownKings, empty, buf[:0])
			n += p.countReplies(moves, moves[len(moves):])
		}
		return n
	case r.menFollowable() && (capKings == 0 || !r.onlyLongest()):
		// Each man's sequences are followed on the jump sets, keeping the
		// tops up; a man with a longer sequence goes to the search. (Men
		// that capture forward only too: their jump sets have only the
		// forward directions.) With the majority rule (I2) a king's
		// sequence may be the longest, so a king's capture sends all to
		// the search. Most positions have captures of men only or of kings
		// only: the call for none is skipped.
		if capMen != 0 {
			n = w.sumReplies(p, r, m, r.far[t.us], capMen, buf)
		}
		if capKings != 0 {
			n += p.kingReplies(w, r, j, capKings, buf)
		}
		return n
	}
	return p.searchedCaptures(capMen|capKings, buf)
}

// searchedCaptures adds up the replies to the captures of the towers in
// from, found by the search.
func (p *Position) searchedCaptures(from uint64, buf []Move) uint64 {
	if from == 0 {
		return 0
	}
	moves := appendCaptures(p, p.rules(), from, buf[:0], false)
	return p.countReplies(moves, moves[len(moves):])
}

// countReplies returns the number of legal replies to each of the moves of
// p, added up. The tops after a move are known without playing it, and most
// replies are counted from them; a move is played only when some reply needs
// the full search.
func (p *Position) countReplies(moves, buf []Move) uint64 {
	r := p.rules()
	t := p.tops()
	oppKings := p.kings & t.opp
	var n uint64
	for i := range moves {
		mv := &moves[i]
		var after tops
		if mv.n == 0 {
			after = t.afterQuiet(mv, oppKings)
		} else {
			after = p.topsAfterCapture(mv)
		}
		k, slow := countFromTops(r, after)
		n += uint64(k)
		if slow != 0 {
			n += p.searchedReplies(mv, slow, buf)
		}
	}
	return n
}

// searchedReplies plays mv and returns the number of captures of the towers
// in slow, found by the full search.
func (p *Position) searchedReplies(mv *Move, slow uint64, buf []Move) uint64 {
	var u undo
	p.playSaving(mv, &u, false)
	n := len(appendCaptures(p, p.rules(), slow, buf[:0], false))
	p.unplay(&u)
	return uint64(n)
}

// stepReplies adds up the replies to the steps of men onto the squares in
// targets, each from the square delta below it. A step changes neither
// side's kings, so whether every reply is a forward-only man's (then
// counted by countForwardMen, without the call of countFromTops) is known
// once for all the steps.
func (p *Position) stepReplies(r *rules, t tops, oppKings, targets uint64, delta int, buf []Move) uint64 {
	var n uint64
	if forwardMenOnly(r, tops{ownKings: oppKings}) {
		for ; targets != 0; targets &= targets - 1 {
			to := Square(bits.TrailingZeros64(targets))
			from := Square(int(to) - delta)
			n += uint64(countForwardMen(r, tops{t.us ^ 1, t.opp, t.own ^ (from.bit() | to.bit()), oppKings}))
		}
		return n
	}
	for ; targets != 0; targets &= targets - 1 {
		to := Square(bits.TrailingZeros64(targets))
		from := Square(int(to) - delta)
		k, slow := countFromTops(r, tops{t.us ^ 1, t.opp, t.own ^ (from.bit() | to.bit()), oppKings})
		n += uint64(k)
		if slow != 0 {
			mv := Move{from: from, to: to, flags: promotionFlag(r.far[t.us], to.bit())}
			n += p.searchedReplies(&mv, slow, buf)
		}
	}
	return n
}

// kingReplies adds up the replies to the captures of the kings in kings:
// followed on the jump sets j where they are short kings (see pathWalk),
// found by the search otherwise.
func (p *Position) kingReplies(w *pathWalk, r *rules, j jumpSets, kings uint64, buf []Move) uint64 {
	if kings != 0 && r.shortKingPaths() {
		return w.sumReplies(p, r, j, 0, kings, buf)
	}
	return p.searchedCaptures(kings, buf)
}

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
// at once). Towers with longer sequences, kings, men crowned to go on
// capturing, and every capture under RejumpAny (which allows the way back)
// go through the search; with Majority (I2) a longer sequence anywhere may
// outrank the single jumps, so then all of them do.
func countFromTops(r *rules, t tops) (n int, slow uint64) {
	j := shortJumpSets(r, t.opp, r.board&^(t.own|t.opp))
	m := menJumps(r, t.us, j)
	men := t.own &^ t.ownKings & (m.ne | m.nw | m.se | m.sw) // men that capture
	if t.ownKings != 0 {
		slow = kingCapturers(r, t, j)
	}
	if men|slow == 0 {
		return countQuiet(r, t), 0
	}
	if !r.MenCaptureBackward && r.Crowning != CrownAndContinue && !r.Majority {
		// Men that capture forward only never come back to a square the
		// move has touched: every sequence is a path through the jumps of
		// the position before the move, and no two paths give the same
		// result (each jump goes two ranks on, so the jumped squares fix
		// the order). A man crowned on the far rank stops, and would have
		// nothing to jump forward from there anyway.
		for bb := men; bb != 0; bb &= bb - 1 {
			n += forwardPaths(m, bb&-bb)
		}
		return n, slow
	}
	if r.Rejump == RejumpAny {
		return 0, men | slow
	}
	// The landing squares of the men's jumps, per direction, and those from
	// which the man goes on: any of its directions but back.
	landNE, landNW := (men&m.ne)<<18, (men&m.nw)<<14
	landSE, landSW := (men&m.se)>>14, (men&m.sw)>>18
	endNE := landNE &^ (m.ne | m.nw | m.se)
	endNW := landNW &^ (m.ne | m.nw | m.sw)
	endSE := landSE &^ (m.ne | m.se | m.sw)
	endSW := landSW &^ (m.nw | m.se | m.sw)
	switch far := r.far[t.us]; r.Crowning {
	case CrownAndStop: // L6: crowned, the move ends
		endNE |= landNE & far
		endNW |= landNW & far
		endSE |= landSE & far
		endSW |= landSW & far
	case CrownAndContinue: // R6: a king now, the search decides
		endNE &^= far
		endNW &^= far
		endSE &^= far
		endSW &^= far
	}
	slow |= (landNE&^endNE)>>18 | (landNW&^endNW)>>14 |
		(landSE&^endSE)<<14 | (landSW&^endSW)<<18
	if slow != 0 && r.Majority {
		return 0, men | slow
	}
	n = bits.OnesCount64(endNE>>18&^slow) + bits.OnesCount64(endNW>>14&^slow) +
		bits.OnesCount64(endSE<<14&^slow) + bits.OnesCount64(endSW<<18&^slow)
	return n, slow
}

// forwardPaths counts the capture sequences of a man that captures forward
// only, standing on the square x (a one-bit set): one for each way to go on
// jumping until no jump is left. m holds the jumps of the position, only
// forward ones.
func forwardPaths(m jumpSets, x uint64) int {
	n := 0
	if x&m.ne != 0 {
		n += forwardPaths(m, x<<18)
	}
	if x&m.nw != 0 {
		n += forwardPaths(m, x<<14)
	}
	if x&m.se != 0 {
		n += forwardPaths(m, x>>14)
	}
	if x&m.sw != 0 {
		n += forwardPaths(m, x>>18)
	}
	if n == 0 {
		return 1
	}
	return n
}

// tops is what the capture test and the counting of quiet moves need of a
// position: its tops, seen from the side to move.
type tops struct {
	us       Color
	own, opp uint64 // squares topped by the mover, by the opponent
	ownKings uint64 // the mover's squares topped by a king
}

func (p *Position) tops() tops {
	if p.turn == White {
		return tops{White, p.white, p.black, p.white & p.kings}
	}
	return tops{Black, p.black, p.white, p.black & p.kings}
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
	var pops [32]uint8
	for _, a := range m.over[:m.n] {
		b := a.bit()
		white &^= b
		black &^= b
		kings &^= b
		i := idx(a)
		pops[i]++
		if st := p.below[i]; int(pops[i]) <= stackLen(st) {
			c := stackAt(st, int(pops[i])-1)
			if c&codeBlack != 0 {
				black |= b
			} else {
				white |= b
			}
			if c&codeKing != 0 {
				kings |= b
			}
		}
	}
	// The mover's colour is all the next side needs to know of it.
	if p.turn == White {
		white |= m.to.bit()
		return tops{Black, black, white, black & kings}
	}
	black |= m.to.bit()
	return tops{White, white, black, white & kings}
}

// countQuiet counts the quiet moves: a popcount per direction for men and
// short kings, a popcount per line for flying kings.
func countQuiet(r *rules, t tops) int {
	occ := t.own | t.opp
	empty := r.board &^ occ
	north, south := t.own&^t.ownKings, t.own&^t.ownKings // men step forward
	if t.us == White {
		south = 0
	} else {
		north = 0
	}
	if !r.FlyingKings {
		north |= t.ownKings
		south |= t.ownKings
	}
	n := bits.OnesCount64((north&r.canStep[dirNE])<<9&empty) +
		bits.OnesCount64((north&r.canStep[dirNW])<<7&empty) +
		bits.OnesCount64((south&r.canStep[dirSE])>>7&empty) +
		bits.OnesCount64((south&r.canStep[dirSW])>>9&empty)
	if r.FlyingKings {
		for bb := t.ownKings; bb != 0; bb &= bb - 1 {
			n += kingSteps(r, Square(bits.TrailingZeros64(bb)), occ)
		}
	}
	return n
}

// kingSteps counts the squares a flying king on s can move to: along each
// line, those before the nearest occupied square.
func kingSteps(r *rules, s Square, occ uint64) int {
	n := 0
	for d := 0; d < 4; d++ {
		ray := r.rays[s][d]
		if blk := ray & occ; blk != 0 {
			if d < dirSE { // going north: the nearest is the lowest
				ray &= blk&-blk - 1
			} else {
				ray &^= uint64(1)<<(63-bits.LeadingZeros64(blk))<<1 - 1
			}
		}
		n += bits.OnesCount64(ray)
	}
	return n
}

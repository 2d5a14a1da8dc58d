package bashni

import "math/bits"

// LegalMoves returns the legal moves of the side to move: the captures when
// there is any (capturing is compulsory), otherwise the quiet moves. Capture
// sequences that lead to the same position are one move (docs/RULES.md section 8).
// An empty list means the side to move has lost.
func (p *Position) LegalMoves() []Move {
	var buf [64]Move // the list is made here, then copied once at its size
	moves := p.appendLegal(buf[:0], false)
	if len(moves) == 0 {
		return nil
	}
	return append(make([]Move, 0, len(moves)), moves...)
}

// AppendLegalMoves appends the legal moves to buf and returns the extended
// slice; with a buffer of enough capacity (64 moves is plenty for the start
// of any ruleset) it does not allocate, also when buf is an array on the
// caller's stack. It is the form for search and perft loops that reuse one
// buffer per ply.
func (p *Position) AppendLegalMoves(buf []Move) []Move {
	return p.appendLegal(buf, false)
}

// AppendCaptures appends the legal captures to buf and returns the extended
// slice: the moves AppendLegalMoves appends when the side to move can
// capture (capturing is compulsory), and none when it cannot, without
// listing the quiet moves then. It is the form for a capture search
// (quiescence), which looks at a position's moves only if they are
// captures; HasLegalMoves tells a position without captures that has quiet
// moves from one that has none.
func (p *Position) AppendCaptures(buf []Move) []Move {
	r := p.rules()
	if c := capturersOf(r, p.tops()); c != 0 {
		return appendCaptures(p, r, c, buf, false)
	}
	return buf
}

// HasLegalMoves reports whether the side to move has a legal move.
func (p *Position) HasLegalMoves() bool {
	r := p.rules()
	t := p.tops()
	// The quiet test first: it is the cheaper, and it answers for almost
	// every position, which spares the capture test; a capture search
	// (AppendCaptures) asks this only where there is no capture.
	return hasQuietMove(r, t, r.board&^(t.own|t.opp)) || capturersOf(r, t) != 0
}

// hasQuietMove reports whether the side to move of t has a move without
// capture onto the empty squares: a man's step, or a king's first step in
// any direction (a flying king's longer moves pass that square first).
func hasQuietMove(r *rules, t tops, empty uint64) bool {
	if a, b, _, _ := menSteps(r, t.us, t.own&^t.ownKings, empty); a|b != 0 {
		return true
	}
	for bb := t.ownKings; bb != 0; bb &= bb - 1 {
		if r.adj[bits.TrailingZeros64(bb)]&empty != 0 {
			return true
		}
	}
	return false
}

// appendLegal generates the legal moves; with all set it keeps every capture
// sequence instead of one per resulting position (for reading move text).
func (p *Position) appendLegal(buf []Move, all bool) []Move {
	return p.appendLegalStop(buf, all, nil)
}

// appendLegalStop is appendLegal under st, which may stop a long capture
// search (see stopper); nil never stops it.
func (p *Position) appendLegalStop(buf []Move, all bool, st *stopper) []Move {
	r := p.rules()
	if c := capturersOf(r, p.tops()); c != 0 {
		if st != nil {
			return st.appendCaptures(p, r, c, buf, all)
		}
		return appendCaptures(p, r, c, buf, all)
	}
	buf = menQuietMoves(p, r, buf)
	if kings := p.kings & p.tops().own; kings != 0 {
		// Listed here, not in menQuietMoves: a call on its path made it keep
		// its values on the stack, and listing a midgame's men's steps 20%
		// slower (scripts/benchab.sh, BenchmarkLegalMoves).
		buf = appendKingMoves(r, kings, r.board&^(p.white|p.black), buf)
	}
	return buf
}

// appendCaptures appends the captures of the towers in from, each of which
// has a first jump.
func appendCaptures(p *Position, r *rules, from uint64, buf []Move, all bool) []Move {
	var g generator
	g.r = r
	g.out = buf
	g.start = len(buf)
	g.all = all
	g.captures(p, from)
	return g.out
}

var allDirs = [4]int{dirNE, dirNW, dirSE, dirSW}

// capturersOf returns the towers of the side to move that can make a first
// jump, found with a few shifts for men and short kings and by walking the
// lines of flying kings. Most positions have none, and then the capture
// search is skipped altogether.
func capturersOf(r *rules, t tops) uint64 {
	j := shortJumpSets(r, t.opp, r.board&^(t.own|t.opp))
	_, out := menCapturers(r, t, j)
	if t.ownKings != 0 {
		out |= kingCapturers(r, t, j)
	}
	return out
}

// menCapturers is the capture test of the men (docs/RULES.md section 5) of
// the side to move of t, on j, the position's short jumps
// (shortJumpSets): m are the men's jumps (menJumps), and men the men with a
// first jump. The kings' test is kingCapturers on j. Listing (capturersOf)
// and bulk counting (countFromTops, countTwoPlies) all take it. (Small
// enough to be inlined; with shortJumpSets in it, it was not.)
func menCapturers(r *rules, t tops, j jumpSets) (m jumpSets, men uint64) {
	m = menJumps(r, t.us, j)
	return m, t.own &^ t.ownKings & m.any()
}

// any returns the squares from which m has a jump in some direction.
func (m jumpSets) any() uint64 { return m.ne | m.nw | m.se | m.sw }

// kingCapturers returns the kings of the side to move that can make a first
// jump; j are the position's short jumps.
func kingCapturers(r *rules, t tops, j jumpSets) uint64 {
	if !r.FlyingKings {
		return t.ownKings & (j.ne | j.nw | j.se | j.sw)
	}
	var out uint64
	for bb := t.ownKings; bb != 0; bb &= bb - 1 {
		s := Square(bits.TrailingZeros64(bb))
		if flyingOvers(r, s, t.own|t.opp, t.opp) != 0 {
			out |= s.bit()
		}
	}
	return out
}

// jumpSets holds, per direction, the squares from which a short jump in that
// direction exists: the next square holds a tower to jump, the one after is
// empty.
type jumpSets struct{ ne, nw, se, sw uint64 }

// shortJumpSets finds the short jumps over the towers in opp onto the empty
// squares: for each direction, one mask and two shifts.
func shortJumpSets(r *rules, opp, empty uint64) jumpSets {
	return jumpSets{
		ne: r.canJump[dirNE] & (opp >> 9) & (empty >> 18),
		nw: r.canJump[dirNW] & (opp >> 7) & (empty >> 14),
		se: r.canJump[dirSE] & (opp << 7) & (empty << 14),
		sw: r.canJump[dirSW] & (opp << 9) & (empty << 18),
	}
}

// forwardJumpSets is menJumps(r, us, shortJumpSets(r, opp, empty)) for men
// that capture forward only: the jumps of the two forward directions.
// (Written out: taken from shortJumpSets, the two unused directions were
// still computed, 5% more instructions in lasca perft.)
func forwardJumpSets(r *rules, us Color, opp, empty uint64) jumpSets {
	if us == White {
		return jumpSets{
			ne: r.canJump[dirNE] & (opp >> 9) & (empty >> 18),
			nw: r.canJump[dirNW] & (opp >> 7) & (empty >> 14),
		}
	}
	return jumpSets{
		se: r.canJump[dirSE] & (opp << 7) & (empty << 14),
		sw: r.canJump[dirSW] & (opp << 9) & (empty << 18),
	}
}

// menQuietMoves appends the moves without capture of p's men, their steps
// found on bitboards one direction at a time (appendLegalStop adds the
// kings' moves).
func menQuietMoves(p *Position, r *rules, out []Move) []Move {
	t := p.tops()
	empty := r.board &^ (t.own | t.opp)
	men := t.own &^ t.ownKings
	far := r.far[t.us]
	a, b, backA, backB := menSteps(r, t.us, men, empty)
	out = appendSteps(out, a, backA, far)
	return appendSteps(out, b, backB, far)
}

// kingRay decides a king's quiet move in direction d (docs/RULES.md
// section 3): the squares a king on s can move to that way, the next one
// if it is empty, or for a flying king every empty square up to the
// nearest occupied one. Listing (appendKingMoves) and counting
// (countKingMoves) both take it.
func kingRay(r *rules, s Square, d int, occ uint64) uint64 {
	ray := r.rays[s][d]
	if !r.FlyingKings {
		ray &= r.adj[s]
	}
	if blk := ray & occ; blk != 0 {
		if d < dirSE { // going north: the nearest is the lowest
			ray &= blk&-blk - 1
		} else {
			ray &^= uint64(1)<<(63-bits.LeadingZeros64(blk))<<1 - 1
		}
	}
	return ray
}

// appendKingMoves appends the quiet moves of the kings onto the empty
// squares, for each king and direction the nearest square first.
func appendKingMoves(r *rules, kings, empty uint64, out []Move) []Move {
	occ := r.board &^ empty
	for bb := kings; bb != 0; bb &= bb - 1 {
		s := Square(bits.TrailingZeros64(bb))
		for _, d := range allDirs {
			for ray := kingRay(r, s, d, occ); ray != 0; {
				t := Square(bits.TrailingZeros64(ray)) // nearest going north
				if d >= dirSE {
					t = Square(63 - bits.LeadingZeros64(ray))
				}
				ray &^= t.bit()
				out = append(out, Move{}) // written in place, as appendSteps does
				out[len(out)-1].from, out[len(out)-1].to = s, t
			}
		}
	}
	return out
}

// appendSteps appends the steps of men onto the squares in targets, each
// from the square delta below it; those onto far crown.
func appendSteps(out []Move, targets uint64, delta int, far uint64) []Move {
	for ; targets != 0; targets &= targets - 1 {
		to := Square(bits.TrailingZeros64(targets))
		// The move is written where it goes, not built and copied: the
		// copy's wide loads of the byte stores just made wait for them.
		out = append(out, Move{})
		m := &out[len(out)-1]
		m.from, m.to, m.flags = Square(int(to)-delta), to, promotionFlag(far, to.bit())
	}
	return out
}

// forwardJumpsFrom returns, for a man of colour us on x (a one-bit set)
// that captures forward only, the tower it can jump in each of its two
// forward directions on the jump sets m and the square beyond it, or zeros.
// For a set of men it gives the same per direction, for all of them.
func forwardJumpsFrom(us Color, m jumpSets, x uint64) (overA, landA, overB, landB uint64) {
	if us == White {
		overA, overB = (x&m.nw)<<7, (x&m.ne)<<9
		return overA, overA << 7, overB, overB << 9
	}
	overA, overB = (x&m.sw)>>9, (x&m.se)>>7
	return overA, overA >> 9, overB, overB >> 7
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

// menSteps returns the squares the men of colour us can step to, one set
// per forward direction (a square may be in both), and the distance from
// each square of a set back to the man that steps there.
func menSteps(r *rules, us Color, men, empty uint64) (a, b uint64, backA, backB int) {
	if us == White {
		return (men & r.canStep[dirNE]) << 9 & empty, (men & r.canStep[dirNW]) << 7 & empty, 9, 7
	}
	return (men & r.canStep[dirSE]) >> 7 & empty, (men & r.canStep[dirSW]) >> 9 & empty, -7, -9
}

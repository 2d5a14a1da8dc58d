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
// jump sets (menPaths). Men with longer sequences, kings, men crowned to go
// on capturing, and every capture under RejumpAny (which allows the way
// back) go through the search; with Majority (I2) only the sequences with
// the most jumps count, so if a king can capture, all captures do.
func countFromTops(r *rules, t tops) (n int, slow uint64) {
	if r.forward && t.ownKings == 0 {
		return countForwardMen(r, t), 0
	}
	empty := r.board &^ (t.own | t.opp)
	j := shortJumpSets(r, t.opp, empty)
	m := menJumps(r, t.us, j)
	on := m.ne | m.nw | m.se | m.sw // where a man has a jump
	men := t.own &^ t.ownKings & on // men that capture
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
		// the jumps of the position, as a man's are (see menPaths).
		for bb := slow; bb != 0; bb &= bb - 1 {
			x := bb & -bb
			if c, ok := menPaths(r, j, t.opp, x, 0, x, -1, 0); ok {
				kings += c.all
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
		// Most sequences are one jump: the landings of all men in a
		// direction are one shift, and those with no jump on are counted
		// by popcount. (Two men may land on one square, so the two
		// directions are kept apart.)
		_, landA, _, landB := forwardJumpsFrom(t.us, m, men) // all men at once
		n = bits.OnesCount64(landA&^on) + bits.OnesCount64(landB&^on)
		if (landA|landB)&on != 0 {
			n += forwardOn(m, landA, landB, on)
		}
		return n + kings, slow
	}
	if !r.wayBackBarred() {
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
	far := r.far[t.us]
	switch r.crown { // midCaptureCrown
	case crownStops: // L6: crowned, the move ends
		endNE |= landNE & far
		endNW |= landNW & far
		endSE |= landSE & far
		endSW |= landSW & far
	case crownGoesOnAsMan: // I3: it jumps on as a man, on the jump sets
	default: // R6, and any effect not counted here: the search decides
		endNE &^= far
		endNW &^= far
		endSE &^= far
		endSW &^= far
	}
	goOn := (landNE&^endNE)>>18 | (landNW&^endNW)>>14 | (landSE&^endSE)<<14 | (landSW&^endSW)<<18
	if slow != 0 && r.onlyLongest() { // a king's sequence may be the longest
		return 0, men | slow
	}
	n = bits.OnesCount64(endNE>>18&^goOn) + bits.OnesCount64(endNW>>14&^goOn) +
		bits.OnesCount64(endSE<<14&^goOn) + bits.OnesCount64(endSW<<18&^goOn)
	total := pathCount{all: n, most: 1, atMost: n}
	for bb := goOn; bb != 0; bb &= bb - 1 {
		c, ok := menPaths(r, m, t.opp, bb&-bb, far, bb&-bb, -1, 0)
		switch {
		case ok:
			total = total.plus(c)
		case r.onlyLongest():
			return 0, men | slow
		default:
			slow |= bb & -bb
		}
	}
	if r.onlyLongest() { // I2: only the sequences of the most jumps
		return total.atMost, slow
	}
	return total.all + kings, slow
}

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
		n += forwardOn(m, landA, landB, on)
	}
	if men == 0 {
		n = steps
	}
	return n
}

// forwardOn counts the capture sequences of men that capture forward only
// and go on from their first landings, landA and landB (one set per
// direction: two men may land on one square), through the jump sets m
// (on: where a jump starts).
func forwardOn(m jumpSets, landA, landB, on uint64) int {
	n := 0
	for bb := (landA | landB) & on; bb != 0; bb &= bb - 1 {
		k := forwardPaths(m, bb&-bb)
		if landA&landB&bb&-bb != 0 { // two men land there
			k *= 2
		}
		n += k
	}
	return n
}

// pathCount counts capture sequences: all of them, and those with the most
// jumps (for the majority rule, I2).
type pathCount struct{ all, most, atMost int }

// plus returns the counts of the sequences of c and of o together.
func (c pathCount) plus(o pathCount) pathCount {
	c.all += o.all
	switch {
	case o.most > c.most:
		c.most, c.atMost = o.most, o.atMost
	case o.most == c.most:
		c.atMost += o.atMost
	}
	return c
}

// menPaths counts the capture sequences (all, and those of the most jumps)
// of a man that started on s and stands on x (one-bit sets) after the given
// number of jumps, the last in direction last (-1 before the first); m are
// the men's jumps of the position before the move, opp its opponent's tops.
// It reports false where the full search must decide: a fourth jump, or a
// man crowned to go on as a king.
//
// Up to three jumps a man never meets a square the move has changed: the
// square it left, the towers it jumped and the squares it landed on all lie
// back the way it came or at an odd distance from where it can land, and
// the way back is barred. So its first three jumps are those of the
// position before the move, and no two of its sequences of up to three
// jumps give the same position (that takes a loop, four jumps at least).
// The first change it can meet is a fourth jump that lands on s, which it
// has left empty.
func menPaths(r *rules, m jumpSets, opp, s, far, x uint64, last, jumps int) (pathCount, bool) {
	end := pathCount{all: 1, most: jumps, atMost: 1} // the sequence ends on x
	if jumps > 0 && x&far != 0 {
		switch r.crown { // midCaptureCrown
		case crownStops: // L6
			return end, true
		case crownGoesOnAsMan: // I3
		default: // R6, and any effect not counted here: the search decides
			return pathCount{}, false
		}
	}
	ne, nw, se, sw := nextJumps(m, x, last)
	if ne|nw|se|sw == 0 {
		if jumps == 3 && loopsBack(r, opp, s, x, last) {
			return pathCount{}, false
		}
		return end, true
	}
	if jumps == 3 {
		return pathCount{}, false
	}
	var n, k pathCount
	ok := true
	if ne != 0 && ok {
		k, ok = menPaths(r, m, opp, s, far, ne<<18, dirNE, jumps+1)
		n = n.plus(k)
	}
	if nw != 0 && ok {
		k, ok = menPaths(r, m, opp, s, far, nw<<14, dirNW, jumps+1)
		n = n.plus(k)
	}
	if se != 0 && ok {
		k, ok = menPaths(r, m, opp, s, far, se>>14, dirSE, jumps+1)
		n = n.plus(k)
	}
	if sw != 0 && ok {
		k, ok = menPaths(r, m, opp, s, far, sw>>18, dirSW, jumps+1)
		n = n.plus(k)
	}
	return n, ok
}

// nextJumps returns, for each direction, x (a one-bit set) if a man there
// can jump that way on the jump sets m, else 0; never back the way it came,
// after a jump in direction last (-1 before the first).
func nextJumps(m jumpSets, x uint64, last int) (ne, nw, se, sw uint64) {
	ne, nw, se, sw = x&m.ne, x&m.nw, x&m.se, x&m.sw
	switch last {
	case dirNE:
		sw = 0
	case dirNW:
		se = 0
	case dirSE:
		nw = 0
	case dirSW:
		ne = 0
	}
	return ne, nw, se, sw
}

// loopsBack reports whether a short piece on x, after three jumps from s,
// the last in direction last, can jump onto s, the square it left: over an
// opponent's tower, not back the way it came. (A man that captures forward
// only is six ranks on from s by then, and never comes back.)
func loopsBack(r *rules, opp, s, x uint64, last int) bool {
	return last != dirSW && x&r.canJump[dirNE]<<18 == s && x<<9&opp != 0 ||
		last != dirSE && x&r.canJump[dirNW]<<14 == s && x<<7&opp != 0 ||
		last != dirNW && x&r.canJump[dirSE]>>14 == s && x>>7&opp != 0 ||
		last != dirNE && x&r.canJump[dirSW]>>18 == s && x>>9&opp != 0
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

// shortKingPaths reports whether bulk counting follows short kings'
// captures of up to three jumps on the jump sets, as men's (see
// countFromTops): no flying kings, no majority rule to compare sequences,
// and the way back barred.
func (r *rules) shortKingPaths() bool {
	return !r.FlyingKings && !r.onlyLongest() && r.wayBackBarred()
}

// menFollowable reports whether men's capture sequences can be followed on
// the jump sets of the position before the move (menPaths, pathReplies):
// no majority rule to compare them, and the way back barred (by every rejump
// rule but RejumpAny, or because men capture forward only).
func (r *rules) menFollowable() bool {
	north, south := r.manCaptureDirs(White)
	return !r.onlyLongest() && (r.wayBackBarred() || north != south)
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
			white, black, kings = withTop(white, black, kings, b, stackAt(st, int(pops[i])-1))
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
// men and short kings of up to three jumps (see menPaths), whose tops after
// each sequence it keeps up as it follows the jumps.
func (p *Position) countTwoPlies(buf []Move) uint64 {
	r := p.rules()
	t := p.tops()
	empty := r.board &^ (t.own | t.opp)
	j := shortJumpSets(r, t.opp, empty)
	m := menJumps(r, t.us, j)
	men := t.own &^ t.ownKings
	capMen := men & (m.ne | m.nw | m.se | m.sw)
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
	case r.menFollowable():
		// Each man's sequences are followed on the jump sets, keeping the
		// tops up; a man with a longer sequence goes to the search. (Men
		// that capture forward only too: their jump sets have only the
		// forward directions.) Most positions have captures of men only
		// or of kings only: the call for none is skipped.
		if capMen != 0 {
			n = p.pathReplies(r, m, r.far[t.us], capMen, buf)
		}
		if capKings != 0 {
			n += p.kingReplies(r, j, capKings, buf)
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
// targets, each from the square delta below it.
func (p *Position) stepReplies(r *rules, t tops, oppKings, targets uint64, delta int, buf []Move) uint64 {
	var n uint64
	for ; targets != 0; targets &= targets - 1 {
		to := Square(bits.TrailingZeros64(targets))
		from := Square(int(to) - delta)
		k, slow := countFromTops(r, tops{t.us ^ 1, t.opp, t.own ^ (from.bit() | to.bit()), oppKings})
		n += uint64(k)
		if slow != 0 {
			mv := Move{from: from, to: to}
			if r.far[t.us]&to.bit() != 0 {
				mv.flags = flagPromote
			}
			n += p.searchedReplies(&mv, slow, buf)
		}
	}
	return n
}

// kingReplies adds up the replies to the captures of the kings in kings:
// followed on the jump sets j where they are short kings (see pathWalk),
// found by the search otherwise.
func (p *Position) kingReplies(r *rules, j jumpSets, kings uint64, buf []Move) uint64 {
	if kings != 0 && r.shortKingPaths() {
		return p.pathReplies(r, j, 0, kings, buf)
	}
	return p.searchedCaptures(kings, buf)
}

// pathReplies adds up the replies to the captures of the short pieces in
// from, each followed by a pathWalk on the jump sets m (far: where a man is
// crowned; nothing for kings), or found by the search where the walk cannot
// decide.
func (p *Position) pathReplies(r *rules, m jumpSets, far, from uint64, buf []Move) uint64 {
	var w pathWalk
	w.start(p, r, m, far, buf)
	var n, searched uint64
	for bb := from; bb != 0; bb &= bb - 1 {
		x := bb & -bb
		w.mv.from, w.mv.n = Square(bits.TrailingZeros64(x)), 0
		if k, ok := w.jumps(x&m.ne, x&m.nw, x&m.se, x&m.sw, p.white&^x, p.black&^x, p.kings&^x); ok {
			n += k
		} else {
			searched |= x
		}
	}
	if searched != 0 { // rare: a call to skip
		n += p.searchedCaptures(searched, buf)
	}
	return n
}

// pathWalk follows, one ply from the leaves, the capture sequences of a
// short piece (a man, or a short king) of up to three jumps on the jump sets
// of the position before the move (see menPaths), keeping up the tops after
// each jump, and adds up the replies to each sequence. It reports false,
// having counted nothing that matters, where the full search must decide: a
// fourth jump, or a man crowned to go on as a king. Men that capture
// forward only (lasca's) go this way too: their jump sets hold only the
// forward jumps, and on a board of up to 8 ranks they have no fourth jump.
type pathWalk struct {
	p   *Position
	r   *rules
	m   jumpSets // the piece's jumps in the position before the move
	far uint64   // where a man is crowned; nothing for a king
	// ends: where a sequence that lands there ends at once, before its
	// third jump: no jump goes on from there, or a man is crowned there and
	// stops (L6). Most sequences end at their first landing, and go to end
	// without the look at the next jumps.
	ends uint64
	opp  uint64 // the opponent's tops before the move
	mv   Move   // the sequence so far, for the replies that need playing it
	buf  []Move
}

// withNextTop returns the tops white, black and kings with the top of the
// tower on b (a one-bit set) taken: the top of its stack st, if any, is its
// top now.
func withNextTop(white, black, kings, b uint64, st stack) (uint64, uint64, uint64) {
	white, black, kings = white&^b, black&^b, kings&^b
	if st != 0 {
		return withTop(white, black, kings, b, stackTop(st))
	}
	return white, black, kings
}

// end counts the replies to the sequence that ends on x, where white, black
// and kings are the tops without the moving piece.
func (w *pathWalk) end(x, white, black, kings uint64) uint64 {
	var after tops
	if w.p.turn == White {
		after = tops{Black, black, white | x, black & kings}
	} else {
		after = tops{White, white, black | x, white & kings}
	}
	k, slow := countFromTops(w.r, after)
	if slow == 0 {
		return uint64(k)
	}
	w.mv.to = Square(bits.TrailingZeros64(x))
	w.mv.flags = 0
	if x&w.far != 0 {
		w.mv.flags = flagPromote
	}
	return uint64(k) + w.p.searchedReplies(&w.mv, slow, w.buf)
}

// start sets the walk up for the pieces of the side to move of p. (Set
// field by field: a composite literal is built in a temporary and copied,
// and the copy's wide loads of the narrow stores just made stall; that cost
// 6% of lasca perft.)
func (w *pathWalk) start(p *Position, r *rules, m jumpSets, far uint64, buf []Move) {
	w.p, w.r, w.m, w.far, w.buf = p, r, m, far, buf
	w.ends = ^(m.ne | m.nw | m.se | m.sw)
	switch r.crown { // midCaptureCrown
	case crownStops: // L6
		w.ends |= far
	case crownGoesOnAsMan: // I3: it goes on as a man, on the jump sets
	default: // R6: replies decides (the search)
		w.ends &^= far
	}
	w.opp = p.black
	if p.turn == Black {
		w.opp = p.white
	}
}

// replies adds up the replies to each sequence that goes on from x (a
// one-bit set), where the piece stands after the jumps in w.mv (at least
// one), the last in direction last; white, black and kings are the tops
// now, without the piece.
func (w *pathWalk) replies(x, white, black, kings uint64, last int) (uint64, bool) {
	jumps := int(w.mv.n)
	crowned := false
	if x&w.far != 0 {
		switch w.r.crown { // midCaptureCrown
		case crownStops: // L6
			crowned = true
		case crownGoesOnAsMan: // I3
		default: // R6, and any effect not counted here: the search decides
			return 0, false
		}
	}
	ne, nw, se, sw := nextJumps(w.m, x, last)
	if !crowned && ne|nw|se|sw != 0 {
		if jumps == 3 {
			return 0, false
		}
		return w.jumps(ne, nw, se, sw, white, black, kings)
	}
	if jumps == 3 && !crowned && loopsBack(w.r, w.opp, w.mv.from.bit(), x, last) {
		return 0, false
	}
	return w.end(x, white, black, kings), true
}

// jumps adds up the replies to the sequences that go on with a jump in
// each direction whose set (ne, nw, se, sw) holds the piece's square.
func (w *pathWalk) jumps(ne, nw, se, sw, white, black, kings uint64) (uint64, bool) {
	var n, k uint64
	ok := true
	if ne != 0 {
		k, ok = w.jump(ne<<9, ne<<18, white, black, kings, dirNE)
		n += k
	}
	if nw != 0 && ok {
		k, ok = w.jump(nw<<7, nw<<14, white, black, kings, dirNW)
		n += k
	}
	if se != 0 && ok {
		k, ok = w.jump(se>>7, se>>14, white, black, kings, dirSE)
		n += k
	}
	if sw != 0 && ok {
		k, ok = w.jump(sw>>9, sw>>18, white, black, kings, dirSW)
		n += k
	}
	return n, ok
}

// jump follows the jump over the one-bit set over onto land, in direction
// d: the jumped tower's next piece, if any, becomes its top.
func (w *pathWalk) jump(over, land, white, black, kings uint64, d int) (uint64, bool) {
	a := Square(bits.TrailingZeros64(over))
	w.mv.over[w.mv.n] = a // what play needs of a move: from, to, over, n, promotion
	w.mv.n++
	white, black, kings = withNextTop(white, black, kings, over, w.p.below[idx(a)])
	var n uint64
	ok := true
	if land&w.ends != 0 && w.mv.n < 3 {
		n = w.end(land, white, black, kings)
	} else {
		n, ok = w.replies(land, white, black, kings, d)
	}
	w.mv.n--
	return n, ok
}

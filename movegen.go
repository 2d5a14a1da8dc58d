package bashni

import "math/bits"

// LegalMoves returns the legal moves of the side to move: the captures when
// there is any (capturing is compulsory), otherwise the quiet moves. Capture
// sequences that lead to the same position are one move (RULES.md section 8).
// An empty list means the side to move has lost.
func (p Position) LegalMoves() []Move {
	return p.appendLegal(nil, false)
}

// AppendLegalMoves appends the legal moves to buf and returns the extended
// slice; with a buffer of enough capacity (64 moves is plenty for the start
// of any ruleset) it does not allocate. It is the form for search and perft
// loops that reuse one buffer.
func (p *Position) AppendLegalMoves(buf []Move) []Move {
	return p.appendLegal(buf, false)
}

// HasLegalMoves reports whether the side to move has a legal move.
func (p *Position) HasLegalMoves() bool {
	r := p.rules()
	t := p.tops()
	return capturersOf(r, t) != 0 || countQuiet(r, t) > 0
}

// appendLegal generates the legal moves; with all set it keeps every capture
// sequence instead of one per resulting position (for reading move text).
func (p *Position) appendLegal(buf []Move, all bool) []Move {
	r := p.rules()
	if c := capturersOf(r, p.tops()); c != 0 {
		return appendCaptures(p, r, c, buf, all)
	}
	return quietMoves(p, r, buf)
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

// countLegal returns the number of legal moves, as len(appendLegal) would;
// when there is no capture it counts the quiet moves on bitboards without
// building them (the bulk counting of perft's last ply).
func (p *Position) countLegal(buf []Move) int {
	r := p.rules()
	t := p.tops()
	if c := capturersOf(r, t); c != 0 {
		return len(appendCaptures(p, r, c, buf[:0], false))
	}
	return countQuiet(r, t)
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
// but one top from m.from to m.to; oppKings are the opponent's kings.
func (t tops) afterQuiet(m *Move, oppKings uint64) tops {
	return tops{t.us ^ 1, t.opp, t.own ^ (m.from.bit() | m.to.bit()), oppKings}
}

// countQuiet counts the quiet moves.
func countQuiet(r *rules, t tops) int {
	empty := r.board &^ (t.own | t.opp)
	n := 0
	for _, d := range forwardDirs(t.us) {
		n += bits.OnesCount64(r.stepBB(t.own&^t.ownKings, d) & empty)
	}
	if !r.FlyingKings {
		for _, d := range allDirs {
			n += bits.OnesCount64(r.stepBB(t.ownKings, d) & empty)
		}
		return n
	}
	for bb := t.ownKings; bb != 0; bb &= bb - 1 {
		s := Square(bits.TrailingZeros64(bb))
		for _, d := range allDirs {
			for x := r.step[s][d]; x != NoSquare && empty&x.bit() != 0; x = r.step[x][d] {
				n++
			}
		}
	}
	return n
}

// generator holds the state of one call's move generation. A capture is
// explored depth first on a private copy of the tops (occ, opp) while the
// position itself stays untouched: a jumped tower's new top is read from its
// stack, counting the pieces taken from it so far (pops). The position is
// passed to each method rather than kept in a field: appending to out makes
// the generator's pointers escape, and the position must stay where the
// caller put it (on the stack in search and perft loops).
type generator struct {
	r         *rules
	out       []Move
	start     int  // index of the first capture in out
	best      int  // with Majority: the most jumps of a sequence kept so far
	all       bool // keep every sequence, not one per resulting position
	us        Color
	startKing bool
	occ       uint64 // occupied squares now (the moving tower is lifted off)
	opp       uint64 // squares whose top is the opponent's now
	excl      uint64 // opponent's towers that may not be jumped now (Rejump)
	block     uint64 // squares a king may not cross or land on (Turkish strike)
	pops      [32]uint8
	cur       Move
}

var allDirs = [4]int{dirNE, dirNW, dirSE, dirSW}

// captures appends the capture moves of the towers in from, each of which
// has a first jump.
func (g *generator) captures(p *Position, from uint64) {
	g.us = p.turn
	own, opp := p.white, p.black
	if g.us == Black {
		own, opp = opp, own
	}
	occ := p.white | p.black
	var flags uint8
	if g.r.Separator == 'x' {
		flags = flagSepX
	}
	for bb := from; bb != 0; bb &= bb - 1 {
		s := Square(bits.TrailingZeros64(bb))
		g.startKing = p.kings&s.bit() != 0
		g.occ = occ &^ s.bit()
		g.opp = opp
		g.excl = 0
		g.cur = Move{from: s, flags: flags}
		g.extend(p, s, g.startKing, -1, false)
	}
}

// capturersOf returns the towers of the side to move that can make a first
// jump, found with a few shifts for men and short kings and by walking the
// lines of flying kings. Most positions have none, and then the capture
// search is skipped altogether.
func capturersOf(r *rules, t tops) uint64 {
	occ := t.own | t.opp
	empty := r.board &^ occ
	// A tower on s jumps in direction d when s+d is the opponent's and s+2d
	// is empty: one mask and two shifts per direction.
	ne := r.canJump[dirNE] & (t.opp >> 9) & (empty >> 18)
	nw := r.canJump[dirNW] & (t.opp >> 7) & (empty >> 14)
	se := r.canJump[dirSE] & (t.opp << 7) & (empty << 14)
	sw := r.canJump[dirSW] & (t.opp << 9) & (empty << 18)
	forward, backward := ne|nw, se|sw
	if t.us == Black {
		forward, backward = backward, forward
	}
	men := t.own &^ t.ownKings
	out := men & forward
	if r.MenCaptureBackward {
		out |= men & backward
	}
	if !r.FlyingKings {
		return out | t.ownKings&(forward|backward)
	}
	for bb := t.ownKings; bb != 0; bb &= bb - 1 {
		s := Square(bits.TrailingZeros64(bb))
		if flyingKingJumps(r, s, occ, t.opp) {
			out |= s.bit()
		}
	}
	return out
}

// flyingKingJumps reports whether a flying king on s has a first jump.
func flyingKingJumps(r *rules, s Square, occ, opp uint64) bool {
	for _, d := range allDirs {
		a := r.step[s][d]
		for a != NoSquare && occ&a.bit() == 0 {
			a = r.step[a][d]
		}
		if a == NoSquare || opp&a.bit() == 0 {
			continue
		}
		if b := r.step[a][d]; b != NoSquare && occ&b.bit() == 0 {
			return true
		}
	}
	return false
}

// dirs returns the directions a tower with a man or king on top captures in.
func (g *generator) dirs(king bool) []int {
	if king || g.r.MenCaptureBackward {
		return allDirs[:]
	}
	return forwardDirs(g.us)
}

// forwardDirs returns the directions a man of colour c moves in.
func forwardDirs(c Color) []int {
	if c == White {
		return allDirs[:2]
	}
	return allDirs[2:]
}

// extend tries every jump from sq, the square the moving tower stands on,
// after a jump in direction lastDir (-1 before the first jump). It explores
// each jump to the end of its sequence and records the finished ones. With
// probe set it only reports whether a jump exists. It reports whether any
// jump was possible.
func (g *generator) extend(p *Position, sq Square, king bool, lastDir int, probe bool) bool {
	st := &g.r.step
	flying := king && g.r.FlyingKings
	jumpable := g.opp &^ g.excl
	reach := &g.r.adj
	if flying {
		reach = &g.r.lines
	}
	if jumpable&reach[sq] == 0 {
		return false // nothing to jump anywhere near: the common case
	}
	free := g.r.board &^ (g.occ | g.block) // squares a tower may cross or land on
	reverse := -1
	if lastDir >= 0 && g.r.Rejump == RejumpNoReversal {
		reverse = 3 - lastDir // R3
	}
	found := false
	// NoSquare.bit() is 0, so the bit tests below also stop at the edge.
	for _, d := range g.dirs(king) {
		if d == reverse {
			continue
		}
		a := st[sq][d]
		if flying {
			for free&a.bit() != 0 {
				a = st[a][d]
			}
		}
		if jumpable&a.bit() == 0 {
			continue
		}
		if free&st[a][d].bit() == 0 {
			continue
		}
		if probe {
			return true
		}
		found = true
		g.jump(p, a, d, king, flying)
	}
	return found
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
// landing and what follows, and undoes the jump.
func (g *generator) jump(p *Position, a Square, d int, king, flying bool) {
	n := g.cur.n
	saveOcc, saveOpp, saveExcl, saveBlock := g.occ, g.opp, g.excl, g.block
	b := a.bit()
	var piece pieceCode
	if g.r.Transfer == TransferImmediate {
		// R1: the top goes under at once; the tower's next piece is its top.
		k := int(g.pops[idx(a)])
		piece = pieceAt(p, a, k)
		g.pops[idx(a)]++
		if k+1 == 1+stackLen(p.below[idx(a)]) {
			g.occ &^= b
			g.opp &^= b
		} else if Color(pieceAt(p, a, k+1)&codeBlack) == g.us {
			g.opp &^= b
		}
	} else {
		// I1: the jumped tower stays whole as an obstacle until the end.
		piece = p.topCode(a)
	}
	switch g.r.Rejump {
	case RejumpOnce:
		g.excl |= b
	case RejumpNever:
		g.excl |= b
		g.block |= b
	case RejumpNotLast:
		g.excl = b
	}
	g.cur.over[n] = a
	g.cur.taken |= uint32(piece) << (2 * n)
	g.cur.n = n + 1

	st := &g.r.step
	if flying {
		var land [8]Square
		nl := 0
		free := g.r.board &^ (g.occ | g.block)
		for l := st[a][d]; free&l.bit() != 0; l = st[l][d] {
			land[nl] = l
			nl++
		}
		if g.r.KingLanding == LandToContinue {
			// R5: where some landing lets the king jump on, it must use one.
			kept := 0
			for _, l := range land[:nl] {
				if g.extend(p, l, true, d, true) {
					land[kept] = l
					kept++
				}
			}
			if kept > 0 {
				nl = kept
			}
		}
		for _, l := range land[:nl] {
			g.land(p, l, true, d)
		}
	} else {
		g.land(p, st[a][d], king, d)
	}

	if g.r.Transfer == TransferImmediate {
		g.pops[idx(a)]--
	}
	g.occ, g.opp, g.excl, g.block = saveOcc, saveOpp, saveExcl, saveBlock
	g.cur.n = n
	g.cur.over[n] = 0
	g.cur.path[n] = 0
	g.cur.taken &^= 3 << (2 * n)
}

// land puts the moving tower on l after a jump in direction d and goes on
// capturing from there, or records the finished sequence.
func (g *generator) land(p *Position, l Square, king bool, d int) {
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
	if !g.extend(p, l, king, d, false) {
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

// quietMoves appends the moves without capture: men's steps found on
// bitboards, one direction at a time, and kings' moves along their lines.
func quietMoves(p *Position, r *rules, out []Move) []Move {
	us := p.turn
	own := p.white
	if us == Black {
		own = p.black
	}
	empty := r.board &^ (p.white | p.black)
	kings := own & p.kings
	far := r.far[us]
	for _, d := range forwardDirs(us) {
		for bb := r.stepBB(own&^kings, d) & empty; bb != 0; bb &= bb - 1 {
			t := Square(bits.TrailingZeros64(bb))
			m := Move{from: r.step[t][3-d], to: t}
			if far&t.bit() != 0 {
				m.flags = flagPromote
			}
			out = append(out, m)
		}
	}
	for bb := kings; bb != 0; bb &= bb - 1 {
		s := Square(bits.TrailingZeros64(bb))
		for _, d := range allDirs {
			for t := r.step[s][d]; t != NoSquare && empty&t.bit() != 0; t = r.step[t][d] {
				out = append(out, Move{from: s, to: t})
				if !r.FlyingKings {
					break
				}
			}
		}
	}
	return out
}

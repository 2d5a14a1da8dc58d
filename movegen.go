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
	var buf [32]Move
	return len(p.appendLegal(buf[:0], false)) > 0
}

// appendLegal generates the legal moves; with all set it keeps every capture
// sequence instead of one per resulting position (for reading move text).
func (p *Position) appendLegal(buf []Move, all bool) []Move {
	var g generator
	g.p = p
	g.r = p.rules()
	g.out = buf
	g.start = len(buf)
	g.all = all
	g.captures()
	if len(g.out) == g.start {
		g.quiet()
	}
	return g.out
}

// generator holds the state of one call's move generation. A capture is
// explored depth first on a private copy of the tops (occ, opp) while the
// position itself stays untouched: a jumped tower's new top is read from its
// stack, counting the pieces taken from it so far (pops).
type generator struct {
	p         *Position
	r         *rules
	out       []Move
	start     int  // index of the first capture in out
	best      int  // with Majority: the most jumps of a sequence kept so far
	all       bool // keep every sequence, not one per resulting position
	us        Color
	startKing bool
	occ       uint64 // occupied squares now (the moving tower is lifted off)
	opp       uint64 // squares whose top is the opponent's now
	jumped    uint64 // squares jumped so far in this move
	block     uint64 // squares a king may not cross or land on (Turkish strike)
	pops      [32]uint8
	cur       Move
}

var allDirs = [4]int{dirNE, dirNW, dirSE, dirSW}

func (g *generator) captures() {
	p := g.p
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
	for bb := own; bb != 0; bb &= bb - 1 {
		s := Square(bits.TrailingZeros64(bb))
		g.startKing = p.kings&s.bit() != 0
		g.occ = occ &^ s.bit()
		g.opp = opp
		g.jumped = 0
		g.cur = Move{from: s, flags: flags}
		g.extend(s, g.startKing, -1, false)
	}
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

func (g *generator) obstacle(s Square) bool {
	return (g.occ|g.block)&s.bit() != 0
}

// canJump reports whether the tower on s may be jumped now.
func (g *generator) canJump(s Square) bool {
	b := s.bit()
	if g.opp&b == 0 {
		return false
	}
	switch g.r.Rejump {
	case RejumpOnce, RejumpNever:
		return g.jumped&b == 0
	case RejumpNotLast:
		return g.cur.n == 0 || g.cur.over[g.cur.n-1] != s
	}
	return true
}

// extend tries every jump from sq, the square the moving tower stands on,
// after a jump in direction lastDir (-1 before the first jump). It explores
// each jump to the end of its sequence and records the finished ones. With
// probe set it only reports whether a jump exists. It reports whether any
// jump was possible.
func (g *generator) extend(sq Square, king bool, lastDir int, probe bool) bool {
	st := &g.r.step
	flying := king && g.r.FlyingKings
	found := false
	for _, d := range g.dirs(king) {
		if lastDir >= 0 && d == 3-lastDir && g.r.Rejump == RejumpNoReversal {
			continue // R3
		}
		a := st[sq][d]
		if flying {
			for a != NoSquare && !g.obstacle(a) {
				a = st[a][d]
			}
		}
		if a == NoSquare || !g.canJump(a) {
			continue
		}
		b := st[a][d]
		if b == NoSquare || g.obstacle(b) {
			continue
		}
		if probe {
			return true
		}
		found = true
		g.jump(a, d, king, flying)
	}
	return found
}

// pieceAt returns the k-th piece from the top of the tower on s as it stood
// before the move.
func (g *generator) pieceAt(s Square, k int) pieceCode {
	if k == 0 {
		return g.p.topCode(s)
	}
	return stackAt(g.p.below[idx(s)], k-1)
}

// jump takes the top of the tower on a, jumped in direction d, explores every
// landing and what follows, and undoes the jump.
func (g *generator) jump(a Square, d int, king, flying bool) {
	n := g.cur.n
	saveOcc, saveOpp, saveJumped, saveBlock := g.occ, g.opp, g.jumped, g.block
	b := a.bit()
	var piece pieceCode
	if g.r.Transfer == TransferImmediate {
		// R1: the top goes under at once; the tower's next piece is its top.
		k := int(g.pops[idx(a)])
		piece = g.pieceAt(a, k)
		g.pops[idx(a)]++
		if k+1 == 1+stackLen(g.p.below[idx(a)]) {
			g.occ &^= b
			g.opp &^= b
		} else if Color(g.pieceAt(a, k+1)&codeBlack) == g.us {
			g.opp &^= b
		}
	} else {
		// I1: the jumped tower stays whole as an obstacle until the end.
		piece = g.p.topCode(a)
	}
	g.jumped |= b
	if g.r.Rejump == RejumpNever {
		g.block |= b
	}
	g.cur.over[n] = a
	g.cur.taken |= uint32(piece) << (2 * n)
	g.cur.n = n + 1

	st := &g.r.step
	if flying {
		var land [8]Square
		nl := 0
		for l := st[a][d]; l != NoSquare && !g.obstacle(l); l = st[l][d] {
			land[nl] = l
			nl++
		}
		if g.r.KingLanding == LandToContinue {
			// R5: where some landing lets the king jump on, it must use one.
			kept := 0
			for _, l := range land[:nl] {
				if g.extend(l, true, d, true) {
					land[kept] = l
					kept++
				}
			}
			if kept > 0 {
				nl = kept
			}
		}
		for _, l := range land[:nl] {
			g.land(l, true, d)
		}
	} else {
		g.land(st[a][d], king, d)
	}

	if g.r.Transfer == TransferImmediate {
		g.pops[idx(a)]--
	}
	g.occ, g.opp, g.jumped, g.block = saveOcc, saveOpp, saveJumped, saveBlock
	g.cur.n = n
	g.cur.over[n] = 0
	g.cur.path[n] = 0
	g.cur.taken &^= 3 << (2 * n)
}

// land puts the moving tower on l after a jump in direction d and goes on
// capturing from there, or records the finished sequence.
func (g *generator) land(l Square, king bool, d int) {
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
	if !g.extend(l, king, d, false) {
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
	if !g.all {
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

// quiet appends the moves without capture.
func (g *generator) quiet() {
	p := g.p
	st := &g.r.step
	own := p.white
	if g.us == Black {
		own = p.black
	}
	occ := p.white | p.black
	far := g.r.far[g.us]
	for bb := own; bb != 0; bb &= bb - 1 {
		s := Square(bits.TrailingZeros64(bb))
		if p.kings&s.bit() != 0 {
			for _, d := range allDirs {
				for t := st[s][d]; t != NoSquare && occ&t.bit() == 0; t = st[t][d] {
					g.out = append(g.out, Move{from: s, to: t})
					if !g.r.FlyingKings {
						break
					}
				}
			}
			continue
		}
		for _, d := range forwardDirs(g.us) {
			if t := st[s][d]; t != NoSquare && occ&t.bit() == 0 {
				m := Move{from: s, to: t}
				if far&t.bit() != 0 {
					m.flags = flagPromote
				}
				g.out = append(g.out, m)
			}
		}
	}
}

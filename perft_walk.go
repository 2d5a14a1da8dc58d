package bashni

import "math/bits"

// pathWalk is perft's one walker of capture sequences: it follows the
// sequences of a short piece (a man, or a short king) on the jump sets of
// the position before the move, and at the end of each does what its at
// says: counts the sequence (one ply from the leaves), counts the replies
// to it from the tops after it, which it keeps up jump by jump (two plies
// from the leaves), or plays it in place, jump by jump, and counts on from
// the position after it (above the last two plies). It reports false,
// having counted nothing that matters, where the full search must decide: a
// fourth jump, or a man crowned to go on as a king.
//
// Up to three jumps a short piece never meets a square the move has
// changed: the square it left, the towers it jumped and the squares it
// landed on all lie back the way it came or at an odd distance from where
// it can land, and the way back is barred (rules.wayBackBarred, or men
// that capture forward only). So its first three jumps are those of the
// position before the move, and no two of its sequences of up to three
// jumps give the same position (that takes a loop, four jumps at least).
// The first change it can meet is a fourth jump that lands on the square it
// left (loopsBack). Men that capture forward only (lasca's) go this way
// too: their jump sets hold only the forward jumps, and on a board of up
// to 8 ranks they have no fourth jump.
//
// The walk keeps what stays the same along it in the struct rather than
// passing it down with every jump; the tops and the count of jumps change
// with each jump and travel as arguments, in registers.
type pathWalk struct {
	r   *rules
	m   jumpSets // the piece's jumps in the position before the move
	far uint64   // where a man is crowned; nothing for a king
	// ends: where a sequence that lands there ends at once, before its
	// third jump: no jump goes on from there, or a man is crowned there and
	// stops (L6). Most sequences end at their first landing, and go to end
	// without the look at the next jumps.
	ends uint64
	opp  uint64 // the opponent's tops before the move
	at   pathEnd
	// mv: the sequence so far: its start, and for the replies its jumps
	// too, what playing it needs where a reply needs the search.
	mv Move
	// Counting sequences (at == countPaths), for the majority rule (I2):
	// the most jumps of a sequence found (keepsLongest), and how many
	// sequences have that many.
	most, atMost int
	// Counting replies (at == countReplies) and playing (countDeeper).
	p   *Position
	buf []Move
	// Counting replies: with the majority rule (I2), the number of jumps
	// of the longest sequences, the only ones whose replies count; else 0.
	only int
	// Playing (at == countDeeper): the counter whose position p is, the
	// depth of the position before the move, and the moving tower's top
	// and stack (it is off the board while it moves).
	pc    *perftCounter
	depth int
	top   pieceCode
	st    stack
}

// pathEnd is what a pathWalk does at the end of each sequence.
type pathEnd uint8

const (
	countPaths   pathEnd = iota // count it (and its jumps, for I2)
	countReplies                // count its replies from the tops after it
	countDeeper                 // play it in place and count on below it
)

// startCount sets the walk up to count the sequences of the pieces of the
// side to move on the jump sets m, where opp are the opponent's tops (far:
// where a man is crowned; nothing for kings). It needs no position: the
// walk keeps no tops up.
func (w *pathWalk) startCount(r *rules, m jumpSets, far, opp uint64) {
	w.r, w.m, w.far, w.opp, w.at = r, m, far, opp, countPaths
	w.most, w.atMost = 0, 0
	w.setEnds()
}

// startReplies sets the walk up to count the replies to the sequences of
// the pieces of the side to move of p, on the jump sets m. (Set field by
// field: a composite literal is built in a temporary and copied, and the
// copy's wide loads of the narrow stores just made stall; that cost 6% of
// lasca perft.)
func (w *pathWalk) startReplies(p *Position, r *rules, m jumpSets, far uint64, buf []Move) {
	w.p, w.r, w.m, w.far, w.buf, w.at = p, r, m, far, buf, countReplies
	w.setEnds()
	w.opp = p.black
	if p.turn == Black {
		w.opp = p.white
	}
}

// startDeeper sets up, once for a perft count, the walk that plays the
// sequences of pc's position in place at the given depth and counts perft
// depth-1 after each (playForwardMen).
func (w *pathWalk) startDeeper(pc *perftCounter, depth int) {
	w.pc, w.p, w.depth, w.at = pc, &pc.pos, depth, countDeeper
}

// setEnds fills w.ends from the jump sets: rules.endsAt, where no jump
// goes on or a man crowned on w.far stops (L6); a man crowned to go on as
// a king (R6) goes to goOn, which leaves it to the search.
func (w *pathWalk) setEnds() {
	w.ends = w.r.endsAt(w.m.any(), w.far)
}

// count is walk for a walk that counts sequences, which keeps no tops.
func (w *pathWalk) count(x uint64) (uint64, bool) {
	w.mv.from = Square(bits.TrailingZeros64(x))
	return w.jumps(x&w.m.ne, x&w.m.nw, x&w.m.se, x&w.m.sw, 0, 0, 0, 0)
}

// sumReplies adds up the replies to the captures of the short pieces of
// p in from, on the jump sets m (far: where a man is crowned; nothing for
// kings), each followed by the walk with the tops kept up along it (the
// tops without the moving piece are those of p less it), or found by the
// search where the walk cannot decide. With the majority rule (I2) from
// holds every piece that can capture: a first walk counts their sequences
// by their number of jumps, and only the longest have their replies
// counted. (Set up and walked in one call, as playForwardMen.)
func (w *pathWalk) sumReplies(p *Position, r *rules, m jumpSets, far, from uint64, buf []Move) uint64 {
	only := 0
	if r.onlyLongest() {
		w.startCount(r, m, far, p.tops().opp)
		for bb := from; bb != 0; bb &= bb - 1 {
			if _, ok := w.count(bb & -bb); !ok {
				return p.searchedCaptures(from, buf) // the search compares them all
			}
		}
		only = w.mostJumps()
	}
	w.startReplies(p, r, m, far, buf)
	w.only = only
	var n, searched uint64
	for bb := from; bb != 0; bb &= bb - 1 {
		x := bb & -bb
		w.mv.from = Square(bits.TrailingZeros64(x))
		k, ok := w.jumps(x&m.ne, x&m.nw, x&m.se, x&m.sw, p.white&^x, p.black&^x, p.kings&^x, 0)
		if ok {
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

// playForwardMen counts from the position of the walk made by startDeeper
// after each capture of the men in men, which capture forward only: each
// sequence is played in place jump by jump, without building moves, and
// taken back jump by jump; the moving tower is lifted off its square while
// it moves. The key is left as it is: only a table would read it. Such a
// man's sequences are the paths through the jumps of the position, no two
// give the same position (see countFromTops), and the walk decides every
// one: rules.forwardCaptures excludes a man crowned to go on as a king, and
// a board of up to 8 ranks (Validate) leaves no room for a fourth jump.
// (Set up and walked in one call: a call more for each position cost 1% of
// lasca perft without bulk counting.)
func (w *pathWalk) playForwardMen(r *rules, t tops, men uint64, buf []Move) uint64 {
	w.r, w.m, w.far, w.opp, w.buf = r, forwardJumpSets(r, t.us, t.opp, r.board&^(t.own|t.opp)), r.far[t.us], t.opp, buf
	w.setEnds()
	p := w.p
	white, black, kings := p.white, p.black, p.kings
	var n uint64
	for from := men; from != 0; from &= from - 1 {
		x := from & -from
		s := Square(bits.TrailingZeros64(x))
		w.mv.from = s
		w.top, w.st = p.topCode(s), p.below[idx(s)]
		p.clear(s)
		k, _ := w.jumps(x&w.m.ne, x&w.m.nw, x&w.m.se, x&w.m.sw, 0, 0, 0, 0)
		n = addCounts(n, k)
		p.white, p.black, p.kings = white, black, kings
		p.below[idx(s)] = w.st
	}
	return n
}

// counted counts a sequence of n jumps that ends, keeping for I2 the
// number of the longest (keepsLongest, as the generator does).
func (w *pathWalk) counted(n int) uint64 {
	keep, longer := keepsLongest(w.most, n)
	if longer {
		w.most, w.atMost = n, 0
	}
	if keep {
		w.atMost++
	}
	return 1
}

// mostJumps returns the number of jumps of the longest sequences counted.
func (w *pathWalk) mostJumps() int { return w.most }

// longest returns, for I2, how many of the sequences counted have the most
// jumps, where all is the number of sequences there are, those counted and
// single jumps counted by the caller.
func (w *pathWalk) longest(all int) int {
	if w.most > 1 {
		return w.atMost
	}
	return all // all of one jump
}

// end returns what the sequence of n jumps that ends on x gives, as w.at
// says; white, black and kings are the tops without the moving piece, for
// the replies.
func (w *pathWalk) end(x, white, black, kings uint64, n int) uint64 {
	switch w.at {
	case countPaths:
		return w.counted(n)
	case countReplies:
		return w.replies(x, white, black, kings, n)
	}
	return w.deeper(x)
}

// replies returns the number of replies to the sequence of n jumps that
// ends on x, where white, black and kings are the tops without the moving
// piece.
func (w *pathWalk) replies(x, white, black, kings uint64, n int) uint64 {
	if w.only != 0 && n != w.only { // I2: a shorter sequence is no move
		return 0
	}
	var after tops
	if w.p.turn == White {
		after = tops{Black, black, white | x, black & kings}
	} else {
		after = tops{White, white, black | x, white & kings}
	}
	if forwardMenOnly(w.r, after) {
		return uint64(countForwardMen(w.r, after))
	}
	k, slow := countFromTops(w.r, after)
	if slow == 0 {
		return uint64(k)
	}
	w.mv.to, w.mv.n = Square(bits.TrailingZeros64(x)), uint8(n)
	w.mv.flags = promotionFlag(w.far, x)
	return uint64(k) + w.p.searchedReplies(&w.mv, slow, w.buf)
}

// deeper puts the moving tower down on x, where its sequence ends (a man
// on w.far crowned: R6, I3, L6), and returns perft depth-1 from there.
func (w *pathWalk) deeper(x uint64) uint64 {
	p := w.p
	top := w.top
	if promotes(w.far, x) {
		top |= codeKing
	}
	sq := Square(bits.TrailingZeros64(x))
	p.put(sq, top, w.st)
	p.turn ^= 1
	n := w.pc.countBelow(w.depth-1, w.buf)
	p.turn ^= 1
	p.clear(sq)
	return n
}

// goOn returns what the sequences that go on from x (a one-bit set) give,
// where the piece that started on w.mv.from stands after the given number
// of jumps (at least one), the last in direction last; white, black and
// kings are the tops now, without the piece.
func (w *pathWalk) goOn(x, white, black, kings uint64, last, jumps int) (uint64, bool) {
	crowned := false // L6: crowned, the move ends (rules.endsAt)
	if x&w.far != 0 {
		if x&w.far&w.r.crownSearched != 0 { // R6, and any effect not counted here
			return 0, false
		}
		crowned = x&w.far&w.r.crownEnds != 0
	}
	ne, nw, se, sw := nextJumps(w.m, x, last)
	if !crowned && ne|nw|se|sw != 0 {
		if jumps == pathJumps {
			return 0, false
		}
		return w.jumps(ne, nw, se, sw, white, black, kings, jumps)
	}
	if jumps == pathJumps && !crowned && loopsBack(w.r, w.opp, w.mv.from.bit(), x, last) {
		return 0, false
	}
	return w.end(x, white, black, kings, jumps), true
}

// jumps returns what the sequences that go on with a jump in each
// direction whose set (ne, nw, se, sw) holds the piece's square give, after
// n jumps. Its sums are plain: counting sequences or replies they are
// small, and playing (playForwardMen) there is no table, so each leaf
// counted was visited, and 2^64 of them would take centuries; the sums
// above it saturate (addCounts). (The count of jumps travels as an argument, in a register,
// rather than in w.mv, where it was a store and a load at every jump.)
func (w *pathWalk) jumps(ne, nw, se, sw, white, black, kings uint64, n int) (uint64, bool) {
	var sum, k uint64
	ok := true
	if ne != 0 {
		k, ok = w.jump(ne<<9, ne<<18, white, black, kings, dirNE, n)
		sum += k
	}
	if nw != 0 && ok {
		k, ok = w.jump(nw<<7, nw<<14, white, black, kings, dirNW, n)
		sum += k
	}
	if se != 0 && ok {
		k, ok = w.jump(se>>7, se>>14, white, black, kings, dirSE, n)
		sum += k
	}
	if sw != 0 && ok {
		k, ok = w.jump(sw>>9, sw>>18, white, black, kings, dirSW, n)
		sum += k
	}
	return sum, ok
}

// jump follows the jump over the one-bit set over onto land, in direction
// d. The jumped tower's next piece, if any, becomes its top: in the tops
// kept up for the replies, or on the board for a walk that plays, where
// the piece taken goes under the moving tower. (What is done at the
// landing is written out here, not in a helper: a call more per jump cost
// 2% of lasca perft.)
func (w *pathWalk) jump(over, land, white, black, kings uint64, d, jumps int) (uint64, bool) {
	a := Square(bits.TrailingZeros64(over))
	jumps++
	var n uint64
	ok := true
	switch w.at {
	case countPaths:
		if w.endsOn(land, jumps) {
			n = w.counted(jumps)
		} else {
			n, ok = w.goOn(land, 0, 0, 0, d, jumps)
		}
	case countReplies:
		// What play needs of a move, if a reply needs the search: from,
		// to, over, n, promotion.
		w.mv.over[jumps-1] = a
		white, black, kings = withNextTop(white, black, kings, over, w.p.below[idx(a)])
		if w.endsOn(land, jumps) {
			n = w.replies(land, white, black, kings, jumps)
		} else {
			n, ok = w.goOn(land, white, black, kings, d, jumps)
		}
	default: // countDeeper
		p := w.p
		white, black, kings, below, st := p.white, p.black, p.kings, p.below[idx(a)], w.st
		c, _ := p.takeTop(a)
		w.st = w.r.underCapturer(st, c)
		if w.endsOn(land, jumps) {
			n = w.deeper(land)
		} else {
			n, ok = w.goOn(land, 0, 0, 0, d, jumps)
		}
		p.white, p.black, p.kings, p.below[idx(a)], w.st = white, black, kings, below, st
	}
	return n, ok
}

// endsOn reports whether the sequence so far, of the given number of
// jumps, which has just landed on x, ends there at once, without a look at
// the next jumps: x is in w.ends, and it has made fewer than pathJumps
// jumps (goOn checks for one more).
func (w *pathWalk) endsOn(x uint64, jumps int) bool { return x&w.ends != 0 && jumps != pathJumps }

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

// nextJumps returns, for each direction, x (a one-bit set) if a piece there
// can jump on that way on the jump sets m (jumpSets.onward) after a jump in
// direction last (-1 before the first), else 0.
func nextJumps(m jumpSets, x uint64, last int) (ne, nw, se, sw uint64) {
	m = m.onward(last)
	return x & m.ne, x & m.nw, x & m.se, x & m.sw
}

// loopsBack reports whether a short piece on x, after pathJumps jumps from
// s, the last in direction last, can jump onto s, the square it left: over
// an opponent's tower, onward (jumpSets.onward). (A man that captures
// forward only is six ranks on from s by then, and never comes back.)
func loopsBack(r *rules, opp, s, x uint64, last int) bool {
	return x&shortJumpSets(r, opp, s).onward(last).any() != 0
}

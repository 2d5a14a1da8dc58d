package bashni

import "math/bits"

// Bulk counting: perft's last ply counts the legal moves of a position
// without building them where it can, from the tops alone for quiet moves and
// for the short captures that most capture positions have.

// countLegal returns the number of legal moves, as len(appendLegal) would;
// buf is scratch space for the captures that have to be generated.
func (p *Position) countLegal(buf []Move) int {
	r := p.rules()
	t := p.tops()
	if c := capturersOf(r, t); c != 0 {
		return countCaptures(p, r, t, c, buf)
	}
	return countQuiet(r, t)
}

// countCaptures returns the number of captures of the towers in from, each of
// which has a first jump, as len(appendCaptures) would. Near the leaves most
// captures are a man's single jump with nothing to jump after it: those are
// counted here on bitboards, with no search at all. Towers with a longer
// sequence, kings, and men crowned to go on capturing go through the full
// search.
//
// Whether a man can jump again from where it lands is read from the short
// jumps of the position before the move: lifting the man off its square and
// taking the top of the jumped tower change only the squares behind it, and
// the way back is barred anyway (R3, or the rule that the tower just jumped
// may not be jumped again at once). Only RejumpAny allows the way back, so it
// always takes the full search.
func countCaptures(p *Position, r *rules, t tops, from uint64, buf []Move) int {
	men := from &^ t.ownKings
	if r.Rejump == RejumpAny || men == 0 {
		return len(appendCaptures(p, r, from, buf[:0], false))
	}
	j := shortJumpSets(r, t.opp, r.board&^(t.own|t.opp))
	if !r.MenCaptureBackward { // men jump forward only
		if t.us == White {
			j.se, j.sw = 0, 0
		} else {
			j.ne, j.nw = 0, 0
		}
	}
	// The landing squares of the men's first jumps, per direction, and those
	// from which the man goes on: any direction but back.
	landNE, landNW := (men&j.ne)<<18, (men&j.nw)<<14
	landSE, landSW := (men&j.se)>>14, (men&j.sw)>>18
	endNE := landNE &^ (j.ne | j.nw | j.se)
	endNW := landNW &^ (j.ne | j.nw | j.sw)
	endSE := landSE &^ (j.ne | j.se | j.sw)
	endSW := landSW &^ (j.nw | j.se | j.sw)
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
	slow := from&t.ownKings | (landNE&^endNE)>>18 | (landNW&^endNW)>>14 |
		(landSE&^endSE)<<14 | (landSW&^endSW)<<18
	n := bits.OnesCount64(endNE>>18&^slow) + bits.OnesCount64(endNW>>14&^slow) +
		bits.OnesCount64(endSE<<14&^slow) + bits.OnesCount64(endSW<<18&^slow)
	if slow == 0 {
		return n
	}
	if r.Majority { // a longer sequence elsewhere may outrank the singles
		return len(appendCaptures(p, r, from, buf[:0], false))
	}
	return n + len(appendCaptures(p, r, slow, buf[:0], false))
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

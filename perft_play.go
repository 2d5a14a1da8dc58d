package bashni

// undo records what playSaving changed, so that unplay restores the
// position without copying all of it: search and perft loops play and take
// back moves in place.
type undo struct {
	white, black, kings, key uint64
	n                        int // squares saved; -1 for a quiet move
	idx                      [maxJumps + 2]uint8
	below                    [maxJumps + 2]stack
}

func (u *undo) save(p *Position, s Square) {
	u.idx[u.n] = uint8(idx(s))
	u.below[u.n] = p.below[idx(s)]
	u.n++
}

// playSaving plays m in place and records in u how to take it back. With
// keyed false it leaves the key as it was: perft without a table never reads
// it, unplay restores it, and keeping it up is a twentieth of lasca perft.
func (p *Position) playSaving(m *Move, u *undo, keyed bool) {
	u.white, u.black, u.kings, u.key = p.white, p.black, p.kings, p.key
	if m.n == 0 {
		// A quiet move only carries a stack from one square to an empty
		// one: unplay carries it back.
		u.n = -1
		u.idx[0], u.idx[1] = uint8(idx(m.from)), uint8(idx(m.to))
		p.playQuiet(m, keyed)
		return
	}
	u.n = 0
	u.save(p, m.from)
	u.save(p, m.to)
	for i := 0; i < int(m.n); i++ {
		u.save(p, m.over[i])
	}
	p.playCapture(m, keyed)
}

// unplay takes back the move recorded in u.
func (p *Position) unplay(u *undo) {
	if u.n < 0 {
		from, to := u.idx[0]&31, u.idx[1]&31
		p.below[from], p.below[to] = p.below[to], 0
	} else {
		p.restoreStacks(u)
	}
	p.white, p.black, p.kings, p.key = u.white, u.black, u.kings, u.key
	p.turn ^= 1
}

// restoreStacks puts back the stack codes u saved, in reverse, so that a
// square saved twice gets its first (older) value.
func (p *Position) restoreStacks(u *undo) {
	for i := u.n - 1; i >= 0; i-- {
		p.below[u.idx[i]&31] = u.below[i]
	}
}

// playStep is playQuiet(m, false) for m the step of a man of the side to
// move from from to the empty square to, crowned if to is in far
// (promotes), where own is the mover's tops (p.white or p.black): the key
// is left as it is. unplayStep takes back either by flipping the same bits
// (the square stepped to was empty, so no king was there), but for the
// key. It is the form perft steps every man with where no table reads the
// key: through playQuiet and unplay, a step took 10% more instructions of
// perft without bulk counting (callgrind, 96eb47e), and words saved around
// the count below the step had to be kept in memory across its call, six
// loads and stores more. Small enough to be inlined.
func (p *Position) playStep(own *uint64, from, to Square, far uint64) {
	*own ^= from.bit() | to.bit()
	p.kings |= far & to.bit()
	p.below[idx(from)], p.below[idx(to)] = 0, p.below[idx(from)]
	p.turn ^= 1
}

// unplayStep takes back playStep(own, from, to, ...), or playQuiet of that
// step, but for the key.
func (p *Position) unplayStep(own *uint64, from, to Square) {
	*own ^= from.bit() | to.bit()
	p.kings &^= to.bit()
	p.below[idx(from)], p.below[idx(to)] = p.below[idx(to)], 0
	p.turn ^= 1
}

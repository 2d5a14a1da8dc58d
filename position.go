package bashni

import "math/bits"

// Position is a position of a game: the towers on the board, the side to
// move and the ruleset. It is a value: Play returns a new Position and leaves
// the receiver as it was, so positions can be kept, compared with Equal and
// shared between goroutines freely.
//
// Its methods take a pointer (String alone takes a value, so that fmt
// prints a Position and a *Position alike): Go copies the whole value, some
// 300 bytes, at every call of a method on the value, even an inlined one,
// and an evaluation or a search calls these accessors at every node
// (DESIGN.md, "One receiver style"). So call them on a variable, or on
// what Game.Position and Game.Start return (pointers); a Position returned
// by a function, such as MustStart's, goes into a variable first.
//
// The zero Position is an empty russian board with White to move.
type Position struct {
	r     *rules
	white uint64 // squares whose top piece is white
	black uint64 // squares whose top piece is black
	kings uint64 // squares whose top piece is a king
	below [32]stack
	key   uint64
	turn  Color
}

// idx is a square's slot in Position.below: every dark square of a board of
// at most 8x8 has its own rank*4+file/2. (The mask, a no-op for squares of
// the board, spares the index checks on the hot paths.)
func idx(s Square) int { return int(s>>1) & 31 }

func (p *Position) rules() *rules {
	if p.r == nil {
		return defaultRules
	}
	return p.r
}

// Start returns the variant's start position: Pieces men per side filling
// the squares from each side's back rank, White to move.
func (v Variant) Start() (Position, error) {
	r, err := rulesFor(v)
	if err != nil {
		return Position{}, err
	}
	p := Position{r: r}
	for c := White; c <= Black; c++ {
		n := 0
		for i := 0; i < v.Size*v.Size && n < v.Pieces; i++ {
			f, rk := i%v.Size, i/v.Size
			if c == Black { // Black fills from its own back rank, mirrored
				f, rk = v.Size-1-f, v.Size-1-rk
			}
			if s := SquareAt(f, rk); v.OnBoard(s) {
				p.put(s, NewPiece(c, false).code(), 0)
				n++
			}
		}
	}
	p.key = p.computeKey()
	return p, nil
}

// MustStart is Start for a variant known to be valid, such as a preset; it
// panics when Validate fails.
func (v Variant) MustStart() Position {
	p, err := v.Start()
	if err != nil {
		panic(err)
	}
	return p
}

// Variant returns the position's ruleset.
func (p *Position) Variant() Variant { return p.rules().Variant }

// Turn returns the side to move.
func (p *Position) Turn() Color { return p.turn }

// Tower returns the tower on square s; the empty Tower when s is empty or not
// a square of the board.
func (p *Position) Tower(s Square) Tower {
	if s > 63 {
		return Tower{}
	}
	b := s.bit()
	var top Piece
	switch {
	case p.white&b != 0:
		top = WhiteMan
	case p.black&b != 0:
		top = BlackMan
	default:
		return Tower{}
	}
	if p.kings&b != 0 {
		top += 2
	}
	return Tower{top: top, below: p.below[idx(s)]}
}

// Squares returns the occupied squares in order a1, c1, e1, ..., rank by rank.
func (p *Position) Squares() []Square { return p.Occupied().Squares() }

// Count returns how many pieces of the colour are on the board, in towers of
// either owner.
func (p *Position) Count(c Color) int {
	n := 0
	for s := range p.Occupied().All() {
		n += p.Tower(s).Count(c)
	}
	return n
}

// Key returns a 64-bit hash of the position: the side to move and the full
// contents of every tower (not the ruleset). Equal positions have equal keys;
// Play keeps it up to date in time proportional to the squares a move
// touches, so it suits transposition tables and repetition checks.
func (p *Position) Key() uint64 { return p.key }

// Equal reports whether two positions have the same ruleset, side to move and
// towers. o must not be nil.
func (p *Position) Equal(o *Position) bool {
	return p.rules().Variant == o.rules().Variant && p.turn == o.turn &&
		p.white == o.white && p.black == o.black && p.kings == o.kings && p.below == o.below
}

// WithTurn returns the position with the given side to move; a colour
// other than White or Black leaves the position as it is.
func (p *Position) WithTurn(c Color) Position {
	q := *p
	if c != q.turn && c <= Black {
		q.key ^= turnKey
		q.turn = c
	}
	return q
}

// put places a tower with top code top and stack st on the empty square s.
// The key is not updated.
func (p *Position) put(s Square, top pieceCode, st stack) {
	b := s.bit()
	if top&codeBlack != 0 {
		p.black |= b
	} else {
		p.white |= b
	}
	if top&codeKing != 0 {
		p.kings |= b
	}
	p.below[idx(s)] = st
}

// topCode returns the code of the top piece on the occupied square s.
func (p *Position) topCode(s Square) pieceCode {
	b := s.bit()
	var c pieceCode
	if p.black&b != 0 {
		c = codeBlack
	}
	if p.kings&b != 0 {
		c |= codeKing
	}
	return c
}

// clear empties square s. The key is not updated.
func (p *Position) clear(s Square) {
	b := ^s.bit()
	p.white &= b
	p.black &= b
	p.kings &= b
	p.below[idx(s)] = 0
}

// Hashing: a tower's contribution to the key is a strong mix of its square
// and its full contents, so a change to one tower changes the key in O(1)
// whatever the tower's height. The key is the XOR of the contributions of all
// occupied squares, and of turnKey when Black is to move.
const turnKey = 0x9E3779B97F4A7C15

func mix64(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xBF58476D1CE4E5B9
	x ^= x >> 27
	x *= 0x94D049BB133111EB
	x ^= x >> 31
	return x
}

func towerKey(s Square, top pieceCode, st stack) uint64 {
	if st == 0 {
		return singleKeys[s][top] // most towers are one piece: a table look-up
	}
	return mixTowerKey(s, top, st)
}

func mixTowerKey(s Square, top pieceCode, st stack) uint64 {
	return mix64(st ^ (top+1)<<48 ^ uint64(s)<<52 ^ 0x2545F4914F6CDD1D)
}

// singleKeys caches the keys of one-piece towers.
var singleKeys = func() (t [64][4]uint64) {
	for s := range t {
		for c := range t[s] {
			t[s][c] = mixTowerKey(Square(s), pieceCode(c), 0)
		}
	}
	return t
}()

func (p *Position) squareKey(s Square) uint64 {
	if (p.white|p.black)&s.bit() == 0 {
		return 0
	}
	return towerKey(s, p.topCode(s), p.below[idx(s)])
}

func (p *Position) computeKey() uint64 {
	var k uint64
	if p.turn == Black {
		k = turnKey
	}
	for occ := p.white | p.black; occ != 0; occ &= occ - 1 {
		k ^= p.squareKey(Square(bits.TrailingZeros64(occ)))
	}
	return k
}

// Play returns the position after the move m, which must be one of the
// position's legal moves (as given by LegalMoves or ParseMove, or any capture
// sequence with the same result); otherwise it returns an error wrapping
// ErrIllegalMove and the receiver unchanged. The receiver is never modified.
func (p *Position) Play(m Move) (Position, error) {
	l, err := p.legal(m)
	if err != nil {
		return *p, err
	}
	return p.PlayUnchecked(l), nil
}

// IsLegal reports whether Play accepts m: whether m is one of the
// position's legal moves, or a capture sequence with the same result as one
// (docs/RULES.md section 8).
func (p *Position) IsLegal(m Move) bool {
	_, ok := p.legalMove(m)
	return ok
}

// legalMove returns the legal move of p with the same result as m (section
// 8): the generator's own, with the canonical path; ok is false if there is
// none.
func (p *Position) legalMove(m Move) (l Move, ok bool) {
	var buf [64]Move
	return p.find(p.AppendLegalMoves(buf[:0]), m)
}

// find returns the move of legal (p's legal moves) with the same result as
// m; ok is false if there is none.
func (p *Position) find(legal []Move, m Move) (l Move, ok bool) {
	for _, l := range legal {
		if l.sameResult(&m, p.rules()) {
			return l, true
		}
	}
	return Move{}, false
}

// legal is legalMove with Play's error.
func (p *Position) legal(m Move) (Move, error) {
	if l, ok := p.legalMove(m); ok {
		return l, nil
	}
	return Move{}, p.illegal(m, p.LegalMoves())
}

// legalIn is legal with p's legal moves in hand.
func (p *Position) legalIn(legal []Move, m Move) (Move, error) {
	if l, ok := p.find(legal, m); ok {
		return l, nil
	}
	return Move{}, p.illegal(m, legal)
}

// illegal is Play's error for m, which is none of p's legal moves.
func (p *Position) illegal(m Move, legal []Move) error {
	return &MoveError{Text: m.String(), Position: *p, Reason: "not a legal move here",
		Legal: legal, err: ErrIllegalMove}
}

// PlayUnchecked returns the position after m without checking that m is
// legal: the fast path for search and perft, where m comes straight from
// this position's LegalMoves. A move from anywhere else gives an undefined
// (but memory-safe) position.
//
// In a recursive search, declare the child before the loop over the moves
// (or keep one position per ply) and fill it with PlayUncheckedInto, as in
// the AppendLegalMoves example: a child declared inside the loop and passed
// down by address is moved to the heap by Go's escape analysis, one
// allocation per node.
func (p *Position) PlayUnchecked(m Move) Position {
	q := *p
	q.play(&m)
	return q
}

// PlayUncheckedInto is PlayUnchecked writing the position after m into
// *dst instead of returning it: one copy of the position where
// `*dst = p.PlayUnchecked(m)` makes three (Go builds the result in a
// temporary, returns it, then copies it into *dst), which a search that
// keeps one position per ply pays at every node. dst may be p itself, to
// play m in place. Otherwise p is left unchanged. dst must not be nil, and
// m must be one of p's legal moves, as for PlayUnchecked.
func (p *Position) PlayUncheckedInto(dst *Position, m Move) {
	if dst != p {
		*dst = *p
	}
	dst.play(&m)
}

// play applies m in place, keeping the key up to date.
func (p *Position) play(m *Move) {
	if m.n == 0 {
		p.playQuiet(m, true)
		return
	}
	p.playCapture(m, true)
}

// playCapture applies the capture m in place, keeping the key up to date if
// keyed.
func (p *Position) playCapture(m *Move, keyed bool) {
	r := p.rules()
	from := m.from
	top := p.topCode(from)
	st := p.below[idx(from)]
	if keyed {
		p.key ^= towerKey(from, top, st)
	}
	p.clear(from)
	for i := 0; i < int(m.n); i++ {
		s := m.over[i]
		if (p.white|p.black)&s.bit() == 0 {
			continue // not a move of this position
		}
		// takeTop's lines, with the key kept up: Play, search and perft
		// come here for every jump, and takeTop is too big to be inlined
		// (as a call it cost 1.6% of russian perft without bulk counting,
		// callgrind, 96eb47e). The next top is withNextTop's, as there.
		ct, cst := p.topCode(s), p.below[idx(s)]
		p.white, p.black, p.kings = withNextTop(p.white, p.black, p.kings, s.bit(), cst)
		p.below[idx(s)] = stackPop(cst)
		if keyed {
			p.key ^= towerKey(s, ct, cst)
			if cst != 0 { // the rest of the tower stays
				p.key ^= towerKey(s, stackTop(cst), stackPop(cst))
			}
		}
		st = r.underCapturer(st, ct)
	}
	if m.flags&flagPromote != 0 {
		top |= codeKing
	}
	if (p.white|p.black)&m.to.bit() != 0 {
		// Only a move of another position lands on an occupied square.
		p.key ^= p.squareKey(m.to)
		p.clear(m.to)
	}
	p.put(m.to, top, st)
	if keyed {
		p.key ^= towerKey(m.to, top, st) ^ turnKey
	}
	p.turn ^= 1
}

// takeTop takes the top piece off the tower on the occupied square s and
// returns its code and the stack that was under it: the next piece down
// becomes the top (withNextTop), or the square is left empty. The key is
// not updated. Every way of playing a capture on the board takes a jumped
// tower's top with it (small enough to be inlined).
func (p *Position) takeTop(s Square) (pieceCode, stack) {
	c, st := p.topCode(s), p.below[idx(s)]
	p.white, p.black, p.kings = withNextTop(p.white, p.black, p.kings, s.bit(), st)
	p.below[idx(s)] = stackPop(st)
	return c, st
}

// playQuiet applies the quiet move m in place: the most common move, so it
// flips bits rather than clearing and placing the tower. (The masks by 63
// and 3, no-ops for a legal move, spare the index checks.) The key is kept
// up to date if keyed.
func (p *Position) playQuiet(m *Move, keyed bool) {
	from, to := m.from&63, m.to&63
	fb := uint64(1) << from
	mask := fb | uint64(1)<<to
	var top pieceCode
	if p.black&fb != 0 {
		p.black ^= mask
		top = codeBlack
	} else {
		p.white ^= mask
	}
	if p.kings&fb != 0 {
		p.kings ^= mask
		top |= codeKing
	}
	newTop := top
	if m.flags&flagPromote != 0 {
		newTop |= codeKing
		p.kings |= uint64(1) << to
	}
	st := p.below[idx(from)]
	p.below[idx(from)] = 0
	p.below[idx(to)] = st
	p.turn ^= 1
	switch {
	case !keyed:
	case st == 0:
		p.key ^= singleKeys[from][top&3] ^ singleKeys[to][newTop&3] ^ turnKey
	default:
		p.key ^= mixTowerKey(from, top, st) ^ mixTowerKey(to, newTop, st) ^ turnKey
	}
}

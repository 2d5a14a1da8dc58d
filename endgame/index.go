package endgame

import (
	"math/bits"

	"github.com/bashni-dev/bashni"
)

// The 8x8 board's 32 dark squares are numbered 0 to 31 by Square>>1 (rank*4
// plus file/2): a1 is 0, c1 1, ..., g8 31. Turning the board half round
// maps dark square i to 31-i. A white man may stand on 0..27 (not on its far
// rank, the eighth), a black man on 4..31.
const (
	darkSquares = 32
	menSquares  = 28
	blackMen0   = darkSquares - menSquares // the first square of a black man
)

// binomial[n][k] is n choose k.
var binomial = func() (c [darkSquares + 1][darkSquares + 1]uint64) {
	for n := range c {
		c[n][0] = 1
		for k := 1; k <= n; k++ {
			c[n][k] = c[n-1][k-1] + c[n-1][k]
		}
	}
	return c
}()

// dark returns the dark squares of a set of squares of the 8x8 board.
func dark(s bashni.SquareSet) uint32 {
	var d uint32
	for b := uint64(s); b != 0; b &= b - 1 {
		d |= 1 << (bits.TrailingZeros64(b) >> 1)
	}
	return d
}

// squares returns the squares of a set of dark squares.
func squares(d uint32) bashni.SquareSet {
	var s bashni.SquareSet
	for ; d != 0; d &= d - 1 {
		i := bits.TrailingZeros32(d)
		rank := i >> 2
		s |= bashni.SquareSetOf(bashni.SquareAt(2*(i&3)+rank&1, rank))
	}
	return s
}

// rank returns the combinadic rank of a set of squares among the squares
// numbered 0 up: its index among the sets of the same size.
func rank(d uint32) uint64 {
	var r uint64
	for k := 1; d != 0; k++ {
		r += binomial[bits.TrailingZeros32(d)][k]
		d &= d - 1
	}
	return r
}

// unrank returns the set of k squares whose rank is r.
func unrank(r uint64, k int) uint32 {
	var d uint32
	c := darkSquares
	for ; k > 0; k-- {
		for c--; binomial[c][k] > r; c-- {
		}
		d |= 1 << c
		r -= binomial[c][k]
	}
	return d
}

// compress returns the set d (which holds no square of taken) renumbered
// among the squares not in taken; spread is its inverse.
func compress(d, taken uint32) uint32 {
	var out uint32
	for ; d != 0; d &= d - 1 {
		i := bits.TrailingZeros32(d)
		out |= 1 << (i - bits.OnesCount32(taken&(1<<i-1)))
	}
	return out
}

func spread(d, taken uint32) uint32 {
	var out uint32
	free := ^taken
	for i := 0; d != 0; i++ {
		j := bits.TrailingZeros32(free)
		free &= free - 1
		if d&(1<<i) != 0 {
			out |= 1 << j
			d &^= 1 << i
		}
	}
	return out
}

// placement is the pieces of a White-to-move position as sets of dark
// squares.
type placement struct {
	whiteMen, whiteKings, blackMen, blackKings uint32
}

// Size returns the number of entries of the signature's table; 0 for a
// signature whose pieces cannot stand on the board: a negative count, more
// than 28 men of a colour (a man never stands on its own far rank) or more
// than 32 pieces.
func (s Signature) Size() uint64 {
	if s.WhiteMen < 0 || s.WhiteKings < 0 || s.BlackMen < 0 || s.BlackKings < 0 ||
		s.WhiteMen > menSquares || s.BlackMen > menSquares || s.Pieces() > darkSquares {
		return 0
	}
	free := darkSquares - s.men()
	return binomial[menSquares][s.WhiteMen] * binomial[menSquares][s.BlackMen] *
		binomial[free][s.WhiteKings] * binomial[free-s.WhiteKings][s.BlackKings]
}

// index returns the placement's index in its signature's table.
func (s Signature) index(pl placement) uint64 {
	men := pl.whiteMen | pl.blackMen
	free := darkSquares - s.men()
	i := rank(pl.whiteMen)
	i = i*binomial[menSquares][s.BlackMen] + rank(pl.blackMen>>blackMen0)
	i = i*binomial[free][s.WhiteKings] + rank(compress(pl.whiteKings, men))
	return i*binomial[free-s.WhiteKings][s.BlackKings] + rank(compress(pl.blackKings, men|pl.whiteKings))
}

// placementAt returns the placement of index i, and false for an unused
// entry (men of both colours on one square).
func (s Signature) placementAt(i uint64) (placement, bool) {
	free := darkSquares - s.men()
	nbk := binomial[free-s.WhiteKings][s.BlackKings]
	nwk := binomial[free][s.WhiteKings]
	nbm := binomial[menSquares][s.BlackMen]
	bk, i := i%nbk, i/nbk
	wk, i := i%nwk, i/nwk
	bm, wm := i%nbm, i/nbm
	var pl placement
	pl.whiteMen = unrank(wm, s.WhiteMen)
	pl.blackMen = unrank(bm, s.BlackMen) << blackMen0
	men := pl.whiteMen | pl.blackMen
	if bits.OnesCount32(men) != s.men() {
		return placement{}, false
	}
	pl.whiteKings = spread(unrank(wk, s.WhiteKings), men)
	pl.blackKings = spread(unrank(bk, s.BlackKings), men|pl.whiteKings)
	return pl, true
}

// locate returns the signature and index of the position's table entry:
// the position as it stands when White is to move, turned half round with
// its colours swapped when Black is.
func locate(p *bashni.Position) (Signature, uint64) {
	w, b, k := dark(p.Tops(bashni.White)), dark(p.Tops(bashni.Black)), dark(p.Kings())
	if p.Turn() == bashni.Black {
		w, b, k = bits.Reverse32(b), bits.Reverse32(w), bits.Reverse32(k)
	}
	pl := placement{w &^ k, w & k, b &^ k, b & k}
	s := Signature{bits.OnesCount32(pl.whiteMen), bits.OnesCount32(pl.whiteKings),
		bits.OnesCount32(pl.blackMen), bits.OnesCount32(pl.blackKings)}
	return s, s.index(pl)
}

// position returns the White-to-move position of a placement.
func (pl placement) position(v bashni.Variant) (bashni.Position, error) {
	return bashni.NewPosition(v, bashni.White, squares(pl.whiteMen|pl.whiteKings),
		squares(pl.blackMen|pl.blackKings), squares(pl.whiteKings|pl.blackKings))
}

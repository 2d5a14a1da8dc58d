package bashni

import (
	"iter"
	"math/bits"
	"strings"
)

// SquareSet is a set of squares as a 64-bit bitboard: bit s stands for the
// Square s (rank*8+file), on the 8x8 and the 7x7 board alike. It is what the
// move generator works on, and what a program that looks at many positions
// (an evaluation function, a GUI's highlighting) should use instead of asking
// for the Tower on every square. Position.Tops, Kings, Occupied and Stacked
// hand out the position's sets, and the usual bit operations (&, |, &^)
// combine them.
type SquareSet uint64

// SquareSetOf returns the set of the given squares; squares beyond h8 are
// left out.
func SquareSetOf(squares ...Square) SquareSet {
	var s SquareSet
	for _, sq := range squares {
		if sq < 64 {
			s |= SquareSet(sq.bit())
		}
	}
	return s
}

// Has reports whether sq is in the set.
func (s SquareSet) Has(sq Square) bool { return sq < 64 && s&SquareSet(sq.bit()) != 0 }

// Len returns the number of squares in the set.
func (s SquareSet) Len() int { return bits.OnesCount64(uint64(s)) }

// All returns an iterator over the squares of the set in increasing order:
// rank by rank from the first, along each rank from file a, as
// Position.Squares lists them. It allocates nothing:
//
//	for sq := range pos.Tops(bashni.White).All() { ... }
func (s SquareSet) All() iter.Seq[Square] {
	return func(yield func(Square) bool) {
		for b := uint64(s); b != 0; b &= b - 1 {
			if !yield(Square(bits.TrailingZeros64(b))) {
				return
			}
		}
	}
}

// First returns the first square of the set in the order of All, or
// NoSquare if it is empty. With it a hot loop walks a set without the call
// per square that a range over All costs:
//
//	for b := set; b != 0; b &= b - 1 {
//		sq := b.First()
//		...
//	}
func (s SquareSet) First() Square {
	if s == 0 {
		return NoSquare
	}
	return Square(bits.TrailingZeros64(uint64(s)))
}

// Squares returns the squares of the set in the order of All.
func (s SquareSet) Squares() []Square {
	out := make([]Square, 0, s.Len())
	for sq := range s.All() {
		out = append(out, sq)
	}
	return out
}

// String lists the squares in the order of All, e.g. "{a1 c3 h8}".
func (s SquareSet) String() string {
	var b strings.Builder
	b.WriteByte('{')
	for sq := range s.All() {
		if b.Len() > 1 {
			b.WriteByte(' ')
		}
		b.WriteString(sq.String())
	}
	b.WriteByte('}')
	return b.String()
}

// Tops returns the squares whose towers have a piece of colour c on top:
// the towers c moves. An invalid colour gives the empty set.
func (p *Position) Tops(c Color) SquareSet {
	switch c {
	case White:
		return SquareSet(p.white)
	case Black:
		return SquareSet(p.black)
	}
	return 0
}

// Kings returns the squares whose towers have a king on top, of either
// colour: p.Kings() & p.Tops(c) are the kings c moves.
func (p *Position) Kings() SquareSet { return SquareSet(p.kings) }

// Occupied returns the squares that hold a tower.
func (p *Position) Occupied() SquareSet { return SquareSet(p.white | p.black) }

// Stacked returns the squares whose towers hold more than one piece: the
// only squares where Tower tells more than Tops and Kings do. An evaluation
// that reads every tower's pieces need call Tower only there.
func (p *Position) Stacked() SquareSet {
	// Every slot, without a branch: the evaluation asks at each node, and
	// a branch per occupied square mispredicts where towers are scattered.
	// A slot under an empty square, or off the board, holds 0.
	var slots uint64
	for i, st := range &p.below {
		slots |= nonZero(st) << i
	}
	return slotSquares(slots)
}

// Diff returns the squares whose towers differ between p and o: after a
// move, its from and to squares and those of the towers it jumped (R5,
// where a jumped tower may keep a top of the same colour and rank). A
// search that keeps sums over the towers, an evaluation's, need redo only
// these squares.
func (p *Position) Diff(o *Position) SquareSet {
	d := (p.white ^ o.white) | (p.black ^ o.black) | (p.kings ^ o.kings)
	var slots uint64
	for i := range p.below {
		slots |= nonZero(p.below[i]^o.below[i]) << i
	}
	return SquareSet(d) | slotSquares(slots)
}

// nonZero is 1 if x is not 0 and 0 if it is, without a branch.
func nonZero(x uint64) uint64 { return (x | -x) >> 63 }

// slotSquares returns the squares of the slots of Position.below set in
// slots: slot i is the dark square 2i on an even rank and 2i+1 on an odd
// one (idx). The bits are spread apart (bit i to bit 2i), then those of
// the odd ranks moved up by one.
func slotSquares(slots uint64) SquareSet {
	x := slots & 0xffffffff
	x = (x | x<<16) & 0x0000ffff0000ffff
	x = (x | x<<8) & 0x00ff00ff00ff00ff
	x = (x | x<<4) & 0x0f0f0f0f0f0f0f0f
	x = (x | x<<2) & 0x3333333333333333
	x = (x | x<<1) & 0x5555555555555555
	const oddRanks = 0x5500550055005500 // bit 2i of each slot i on an odd rank
	return SquareSet(x + x&oddRanks)
}

// Board returns the playable squares of the variant's board, those OnBoard
// accepts: the dark squares, 32 on the 8x8 board and 25 on the 7x7.
func (v Variant) Board() SquareSet {
	var s SquareSet
	for sq := Square(0); sq < 64; sq++ {
		if v.OnBoard(sq) {
			s |= SquareSet(sq.bit())
		}
	}
	return s
}

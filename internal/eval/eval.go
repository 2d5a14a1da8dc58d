// Package eval is the engine's static evaluation: what a position is worth
// to the side to move, in hundredths of a man on top of a tower. It is a
// sum of weighted terms (Weights), linear in the weights, so that they can
// be fitted to games (internal/tune, the Texel method): Features returns
// the terms of a position and Evaluate their weighted sum.
//
// The evaluation counts what a tower is worth to the side whose piece is on
// top. In column checkers no piece ever leaves the board: a capture takes
// only the top of the jumped tower and puts it under the capturer, where it
// stays a prisoner until a capture of the tower above it frees it. So the
// material of a side is not its pieces but what it controls:
//
//   - the top of each of its towers, a man or a king, the units that move;
//   - its own pieces just under the top (reserves): when the tower is jumped
//     it loses only its top and stays in the same hands;
//   - the enemy's pieces it holds prisoner, which the enemy cannot use; the
//     one right under the top is the least secure, as one jump frees it and
//     gives the enemy the whole tower;
//   - its own pieces deeper down, under enemy prisoners: freed later, worth
//     something but not much.
//
// On top of material: men advance towards the crowning rank (more so as the
// board empties), men on their own back rank keep the enemy from crowning,
// men and kings need room to move (mobility), and men in the centre control
// more of the board; the hand-set weights of the classic rulesets also
// count a side's men off balance between the board's two wings. A
// tower-aware table values each top by where it stands, whether it is a
// man or a king, and what is right under it (nothing, an own piece, or a
// prisoner), early and late in the game.
// Last, a table of lines of three squares values each top, again by its
// kind and what is under it, by what stands on its two neighbours along
// each diagonal, the one ahead and the one behind: the edge, a free
// square, an own top, an enemy man or an enemy king. An enemy man ahead
// with a free square behind is a jump the enemy may make, which costs the
// top, or the whole tower if a prisoner is under it; an own top behind
// blocks that jump. Only lasca's fitted weights use it so far
// (internal/eval/weights/lasca.json); where all its weights are 0, as in
// the other rulesets, Evaluate skips it.
//
// A preset may also have pattern weights (Patterns, patterns.go): a weight
// for every way each small region of the board can be filled, learned from
// games as Scan's are, added to the terms above; and the classic presets a
// small network (Network, network.go) that sees the whole board at once,
// fitted to the engine's own searches.
package eval

import "github.com/bashni-dev/bashni"

// Evaluator holds the tables of one ruleset and weights, as bitboards (see
// bashni.SquareSet): the evaluation counts pieces, ranks and free squares
// with popcounts and shifts rather than visiting squares. It is read-only
// once made, so any number of goroutines may use one.
type Evaluator struct {
	w     Weights
	v     bashni.Variant
	board bashni.SquareSet
	step  [64][4]bashni.Square // neighbour in each direction (NE, NW, SE, SW), NoSquare off the board
	// canStep[d]: the squares with a neighbour in direction d.
	canStep [4]bashni.SquareSet
	// rank[c][r]: the squares on rank r counted from c's own back rank.
	rank   [2][8]bashni.SquareSet
	centre bashni.SquareSet
	// wing[0] and wing[1]: the squares left and right of the board's
	// middle file or line (Weights.Balance).
	wing [2]bashni.SquareSet
	// towers[c][late][king][under][s]: Weights.Towers for a top of colour c
	// on the board square s.
	towers [2][2][2][3][64]int32
	// men[c][late] sums, over the men on top of c's towers, what a man on
	// its own square is worth wherever it stands (Man, the tower table with
	// nothing under it, Advance or LateAdvance, Centre); kings[c][late][s]
	// is the same for a king (King and the tower table). Evaluate adds the
	// difference that the piece under a stacked top makes in its loop over
	// stacked towers.
	men   [2][2]squareSum
	kings [2][2][64]int
	// lines[code<<8|a<<4|b]: Weights.Lines for the top of
	// code (White's positive, Black's negative) whose neighbours along a
	// diagonal have codes a (the one north: NE or NW) and b (the one
	// south: SW or SE). nb[s]: s's neighbours NE, NW, SE, SW, a light
	// square whose code is offCode where there is none. hasLines: some
	// weight of Lines is not 0 (Evaluate skips them otherwise).
	lines    [1 << (3 * codeBits)]int32
	nb       [64][4]uint8
	hasLines bool
	// pat sums the pattern weights (patterns.go); nil without them.
	pat *patternEval
	// net is the network (network.go) in integers; nil without one.
	net *netEval
}

// offSquare is a square of no board's dark squares (file b, rank 1):
// Evaluate's stand-in for a neighbour off the board.
const offSquare = 1

// squareSum sums a table of integers over a set of squares without visiting
// them: value(s) is base plus the binary number whose bit k is s's bit in
// planes[k], so the sum over a set is base times its size plus, for each
// plane k, the set's squares in the plane shifted up by k. A popcount per
// plane, seven or so for the weights' ranges, instead of a table look-up
// per square; integer sums, so exactly the look-ups' total.
type squareSum struct {
	base   int
	n      int // planes in use
	planes [64]bashni.SquareSet
}

// newSquareSum returns the sum of value over the squares of board.
func newSquareSum(board bashni.SquareSet, value func(bashni.Square) int) squareSum {
	var t squareSum
	first := true
	for b := board; b != 0; b &= b - 1 {
		if v := value(b.First()); first || v < t.base {
			t.base, first = v, false
		}
	}
	for b := board; b != 0; b &= b - 1 {
		sq := b.First()
		for k, d := 0, uint64(value(sq)-t.base); d != 0; k, d = k+1, d>>1 {
			if d&1 != 0 {
				t.planes[k] |= b & -b
				t.n = max(t.n, k+1)
			}
		}
	}
	return t
}

// over returns the sum of the table over the squares of set, all of which
// are on the board.
func (t *squareSum) over(set bashni.SquareSet) int {
	s := t.base * set.Len()
	for k, p := range t.planes[:t.n] {
		s += (set & p).Len() << k
	}
	return s
}

// Categories of what is right under the top of a tower (Weights.Towers).
const (
	UnderNothing = iota // a tower of one piece
	UnderOwn            // an own piece: a reserve
	UnderEnemy          // a prisoner, freed by the next jump
)

// underOf returns what is right under the top of tower t, which is not
// empty: UnderNothing, UnderOwn or UnderEnemy.
func underOf(t bashni.Tower) int {
	switch {
	case t.Height() == 1:
		return UnderNothing
	case t.Piece(1).Color() == t.Owner():
		return UnderOwn
	}
	return UnderEnemy
}

// What is on a neighbouring square of a top, seen by the top's owner
// (Weights.Lines).
const (
	OffBoard  = iota // the top is on the edge
	Empty            // a free square
	Own              // an own top
	EnemyMan         // an enemy man on top
	EnemyKing        // an enemy king on top
)

// Codes of a square in Evaluate's table of the board for Weights.Lines: 0
// for a free square, 1 + 6*colour + 3*king + under for a top, and offCode
// for a neighbour off the board; codeBits bits each.
const (
	offCode  = 13
	codeBits = 4
)

// shifts are the square differences of the directions NE, NW, SE, SW.
var shifts = [4]int{9, 7, -7, -9}

// New returns the evaluator of ruleset v with weights w. It panics if
// w.Patterns are for another board or have the wrong number of weights,
// or w.Network is not for v's kind of ruleset (For, ReadPatterns and
// ReadNetwork give only weights that fit).
func New(v bashni.Variant, w Weights) *Evaluator {
	e := &Evaluator{w: w, v: v, board: v.Board()}
	n := v.Size
	for s := bashni.Square(0); s < 64; s++ {
		for d := range e.step[s] {
			e.step[s][d] = bashni.NoSquare
		}
		if !v.OnBoard(s) {
			continue
		}
		set := bashni.SquareSetOf(s)
		f, r := s.File(), s.Rank()
		for d, df := range [4][2]int{{1, 1}, {-1, 1}, {1, -1}, {-1, -1}} {
			nf, nr := f+df[0], r+df[1]
			if nf >= 0 && nf < n && nr >= 0 && nr < n {
				e.step[s][d] = bashni.SquareAt(nf, nr)
				e.canStep[d] |= set
			}
		}
		e.rank[bashni.White][r] |= set
		switch {
		case 2*f+1 < n:
			e.wing[0] |= set
		case 2*f+1 > n:
			e.wing[1] |= set
		}
		e.rank[bashni.Black][n-1-r] |= set
		lo, hi := (n-1)/2-1, n/2+1 // the two or three middle files and ranks
		if f >= lo && f <= hi && r >= lo && r <= hi && n >= 6 {
			e.centre |= set
		}
		for c := bashni.White; c <= bashni.Black; c++ {
			i := SquareIndex(v, c, s)
			for late := range 2 {
				for king := range 2 {
					for u := range 3 {
						e.towers[c][late][king][u][s] = int32(w.Towers[late][king][u][i])
					}
				}
			}
		}
	}
	e.newLines()
	if w.Patterns != nil {
		pe, err := newPatternEval(v, w.Patterns)
		if err != nil {
			panic(err) // weights For or ReadPatterns did not make
		}
		e.pat = pe
	}
	if w.Network != nil {
		if err := w.Network.Fits(v); err != nil {
			panic(err) // a network For did not give
		}
		e.net = newNetEval(w.Network, v)
	}
	for c := bashni.White; c <= bashni.Black; c++ {
		for late := range 2 {
			advance := &w.Advance
			if late == 1 {
				advance = &w.LateAdvance
			}
			t := &e.towers[c][late]
			e.men[c][late] = newSquareSum(e.board, func(s bashni.Square) int {
				r := s.Rank()
				if c == bashni.Black {
					r = n - 1 - r
				}
				v := w.Man + int(t[0][UnderNothing][s]) + advance[r]
				if e.centre.Has(s) {
					v += w.Centre
				}
				return v
			})
			for s := range e.kings[c][late] {
				e.kings[c][late][s] = w.King + int(t[1][UnderNothing][s])
			}
		}
	}
	return e
}

// newLines fills lines and nb from the weights and the board.
func (e *Evaluator) newLines() {
	for s := range e.nb {
		for d := range e.nb[s] {
			e.nb[s][d] = offSquare
			if n := e.step[s][d]; n != bashni.NoSquare {
				e.nb[s][d] = uint8(n)
			}
		}
	}
	// state returns what the square of code x is to the owner c of a top.
	state := func(c bashni.Color, x int) int {
		switch {
		case x == 0:
			return Empty
		case x == offCode:
			return OffBoard
		case bashni.Color((x-1)/6) == c:
			return Own
		case (x-1)%6 >= 3:
			return EnemyKing
		}
		return EnemyMan
	}
	for code := 1; code < offCode; code++ {
		c, king, under := bashni.Color((code-1)/6), (code-1)%6/3, (code-1)%3
		for a := range offCode + 1 {
			for b := range offCode + 1 {
				// White's tops look north, Black's south.
				front, back, sign := state(c, a), state(c, b), 1
				if c == bashni.Black {
					front, back, sign = back, front, -1
				}
				v := sign * e.w.Lines[king][under][front][back]
				e.lines[code<<(2*codeBits)|a<<codeBits|b] = int32(v)
				if v != 0 {
					e.hasLines = true
				}
			}
		}
	}
}

// lineCode returns the code of a top of colour c (king 1 for a king) with
// under right under it, in Evaluate's table of the board.
func lineCode(c bashni.Color, king, under int) uint8 {
	return uint8(1 + 6*int(c) + 3*king + under)
}

// Variant returns the ruleset the evaluator is for.
func (e *Evaluator) Variant() bashni.Variant { return e.v }

// SquareIndex numbers the dark squares of v's board from colour c's side:
// 0 is c's first dark square on its back rank, and the numbers go along
// the ranks towards the enemy (at most 32 on a board of up to 8x8).
func SquareIndex(v bashni.Variant, c bashni.Color, s bashni.Square) int {
	n := v.Size
	f, r := s.File(), s.Rank()
	if c == bashni.Black {
		f, r = n-1-f, n-1-r
	}
	return (r*n + f) / 2
}

// forward returns the two forward directions of colour c.
func forward(c bashni.Color) [2]int {
	if c == bashni.White {
		return [2]int{0, 1}
	}
	return [2]int{2, 3}
}

// stepTargets returns the squares the pieces in from reach by one step in
// direction d.
func (e *Evaluator) stepTargets(from bashni.SquareSet, d int) bashni.SquareSet {
	from &= e.canStep[d]
	if sh := shifts[d]; sh < 0 {
		return from >> -sh
	}
	return from << shifts[d]
}

// late reports whether the position counts as late in the game: few
// towers left, when men should run for the crowning rank.
func (e *Evaluator) late(pos *bashni.Position) bool {
	return pos.Occupied().Len() <= e.w.ManyTowers
}

// Evaluate returns the static value of pos for the side to move.
func (e *Evaluator) Evaluate(pos *bashni.Position) int {
	if e.net == nil {
		return e.EvaluateState(pos, nil)
	}
	var st NetworkState
	return e.EvaluateState(pos, &st)
}

// EvaluateState is Evaluate for a search that keeps the network's sums
// from position to position (Follow): it takes them from st if st holds
// pos, and otherwise sums them anew into st. Without a network it is
// Evaluate and leaves st alone (st may be nil).
func (e *Evaluator) EvaluateState(pos *bashni.Position, st *NetworkState) int {
	v := e.white(pos)
	if e.net != nil {
		if !st.Holds(pos) {
			e.net.fill(pos, st)
		}
		v += e.net.value(st, pos.Turn())
	}
	if pos.Turn() == bashni.Black {
		v = -v
	}
	return v
}

// HasNetwork reports whether the evaluation adds a network.
func (e *Evaluator) HasNetwork() bool { return e.net != nil }

// Follow sets to to the network's sums of child, reached from parent by
// one move (or a pass), from from, parent's (summed anew into from first
// if from does not hold parent): a few rows of weights rather than all.
// Without a network it does nothing.
func (e *Evaluator) Follow(parent, child *bashni.Position, from, to *NetworkState) {
	if e.net == nil {
		return
	}
	if !from.Holds(parent) {
		e.net.fill(parent, from)
	}
	e.net.follow(parent, child, from, to)
}

// white returns the static value of pos for White, less the network's.
func (e *Evaluator) white(pos *bashni.Position) int {
	w := &e.w
	kings, occ := pos.Kings(), pos.Occupied()
	empty := e.board &^ occ
	late := 0
	if e.late(pos) {
		late = 1
	}
	var men [2]bashni.SquareSet
	men[bashni.White] = pos.Tops(bashni.White) &^ kings
	men[bashni.Black] = pos.Tops(bashni.Black) &^ kings
	// Only the towers of more than one piece need Tower: what is under a
	// top changes its value from the tables' (UnderNothing) and adds the
	// pieces' own values (underTop).
	stacked := pos.Stacked()
	var score [2]int
	for c := bashni.White; c <= bashni.Black; c++ {
		tops, m := pos.Tops(c), men[c]
		s := e.men[c][late].over(m)
		kt := &e.kings[c][late]
		for b := tops & kings; b != 0; b &= b - 1 {
			s += kt[b.First()&63]
		}
		tt := &e.towers[c][late]
		for b := tops & stacked; b != 0; b &= b - 1 {
			sq := b.First() & 63
			t := pos.Tower(sq)
			s += e.underTop(t, c)
			u := underOf(t)
			k := 0
			if kings.Has(sq) {
				k = 1
			}
			s += int(tt[k][u][sq]) - int(tt[k][UnderNothing][sq])
		}
		if men[c.Opponent()] != 0 {
			s += (m & e.rank[c][0]).Len() * w.BackRank
		}
		fw := forward(c)
		a, b := e.stepTargets(m, fw[0])&empty, e.stepTargets(m, fw[1])&empty
		s += (a.Len() + b.Len()) * w.ManMobility
		// Back from the free squares to the men that can step there
		// (3-d is the direction opposite d: NE-SW, NW-SE).
		mobile := e.stepTargets(a, 3-fw[0]) | e.stepTargets(b, 3-fw[1])
		s -= (m &^ mobile).Len() * w.ImmobileMan
		if w.Balance != 0 {
			d := (m & e.wing[0]).Len() - (m & e.wing[1]).Len()
			s -= max(d, -d) * w.Balance
		}
		if k := tops & kings; k != 0 { // most positions have no kings
			s += e.kingRoom(k, empty) * w.KingMobility
		}
		score[c] = s
	}
	v := score[bashni.White] - score[bashni.Black]
	if e.hasLines {
		v += e.lineSum(pos, &men, stacked)
	}
	if e.pat != nil {
		v += e.pat.sum(pos, stacked)
	}
	return v
}

// lineSum returns Weights.Lines summed over the tops of pos, White's less
// Black's: it codes each square of the board (see lines), then looks up
// each top's two diagonals. men are the men on top of each side's towers.
func (e *Evaluator) lineSum(pos *bashni.Position, men *[2]bashni.SquareSet, stacked bashni.SquareSet) int {
	var codes [64]uint8
	codes[offSquare] = offCode
	kings := pos.Kings()
	for c := bashni.White; c <= bashni.Black; c++ {
		for b := men[c]; b != 0; b &= b - 1 {
			codes[b.First()&63] = lineCode(c, 0, UnderNothing)
		}
		for b := pos.Tops(c) & kings; b != 0; b &= b - 1 {
			codes[b.First()&63] = lineCode(c, 1, UnderNothing)
		}
	}
	for b := stacked; b != 0; b &= b - 1 {
		sq := b.First() & 63
		t := pos.Tower(sq)
		codes[sq] += uint8(underOf(t))
	}
	occ := pos.Occupied()
	s := 0
	lines, nb := &e.lines, &e.nb
	const mask = uint(len(e.lines) - 1)
	for b := occ; b != 0; b &= b - 1 {
		sq := b.First() & 63
		n := &nb[sq]
		top := uint(codes[sq]) << (2 * codeBits)
		s += int(lines[(top|uint(codes[n[0]&63])<<codeBits|uint(codes[n[3]&63]))&mask])
		s += int(lines[(top|uint(codes[n[1]&63])<<codeBits|uint(codes[n[2]&63]))&mask])
	}
	return s
}

// underTop values the pieces under the top of a tower t of colour c: own
// reserves down to the first prisoner, the prisoners, and own pieces below
// them.
func (e *Evaluator) underTop(t bashni.Tower, c bashni.Color) int {
	w := &e.w
	var s int
	run := true
	for i, h := 1, t.Height(); i < h; i++ {
		p := t.Piece(i)
		switch {
		case p.Color() != c:
			if i == 1 {
				s -= w.Exposed
			}
			run = false
			if p.IsKing() {
				s += w.PrisonerKing
			} else {
				s += w.PrisonerMan
			}
		case !run:
			s += w.DeepOwn
		case p.IsKing():
			s += w.ReserveKing
		default:
			s += w.ReserveMan
		}
	}
	return s
}

// kingRoom counts the empty squares the kings can move to.
func (e *Evaluator) kingRoom(kings, empty bashni.SquareSet) int {
	n := 0
	if !e.v.FlyingKings {
		// The four directions' shifts (NE, NW, SE, SW) written out.
		ne := (kings & e.canStep[0]) << 9 & empty
		nw := (kings & e.canStep[1]) << 7 & empty
		se := (kings & e.canStep[2]) >> 7 & empty
		sw := (kings & e.canStep[3]) >> 9 & empty
		return ne.Len() + nw.Len() + se.Len() + sw.Len()
	}
	for b := kings; b != 0; b &= b - 1 {
		sq := b.First()
		for d := 0; d < 4; d++ {
			for s := e.step[sq][d]; s != bashni.NoSquare && empty.Has(s); s = e.step[s][d] {
				n++
			}
		}
	}
	return n
}

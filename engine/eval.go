package engine

import "github.com/bashni-dev/bashni"

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
// more of the board.

// weights are the evaluation's parameters, in Score units.
type weights struct {
	man, king           Score // a man or king on top
	reserveMan          Score // own man in the run of own pieces under the top
	reserveKing         Score // own king there (it becomes the top when the tower is jumped)
	deepOwn             Score // own piece under an enemy prisoner
	prisonerMan         Score // enemy man held prisoner
	prisonerKing        Score // enemy king held prisoner (it comes back a king unless captured kings are demoted)
	exposed             Score // penalty: an enemy piece right under the top
	backRank            Score // own man on its back rank, while the enemy has men left
	centre              Score // man on one of the central squares
	manMobility         Score // per free forward step of a man
	kingMobility        Score // per square a king can step or fly to
	immobileMan         Score // penalty: a man on top with no free forward step
	advance             [8]Score
	lateAdvance         [8]Score // advancement bonus once most towers are gone
	manyTowersThreshold int      // towers on the board above which the position counts as early
}

var defaultWeights = weights{
	man: 100, king: 260,
	reserveMan: 45, reserveKing: 80, deepOwn: 20,
	prisonerMan: 55, prisonerKing: 90, exposed: 12,
	backRank: 8, centre: 6,
	manMobility: 6, kingMobility: 4, immobileMan: 8,
	advance:             [8]Score{0, 0, 2, 4, 6, 9, 12, 0},
	lateAdvance:         [8]Score{0, 3, 7, 12, 18, 26, 36, 0},
	manyTowersThreshold: 10,
}

// evaluator holds the tables of one ruleset, as bitboards (see
// bashni.SquareSet): the evaluation counts pieces, ranks and free squares
// with popcounts and shifts rather than visiting squares.
type evaluator struct {
	w     weights
	v     bashni.Variant
	board bashni.SquareSet
	step  [64][4]bashni.Square // neighbour in each direction (NE, NW, SE, SW), NoSquare off the board
	// canStep[d]: the squares with a neighbour in direction d.
	canStep [4]bashni.SquareSet
	// rank[c][r]: the squares on rank r counted from c's own back rank.
	rank   [2][8]bashni.SquareSet
	centre bashni.SquareSet
}

// shifts are the square differences of the directions NE, NW, SE, SW.
var shifts = [4]int{9, 7, -7, -9}

func newEvaluator(v bashni.Variant, w weights) *evaluator {
	e := &evaluator{w: w, v: v, board: v.Board()}
	if !v.FlyingKings {
		// A short-range king is worth less than a flying one.
		e.w.king = e.w.king * 7 / 10
	}
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
		e.rank[bashni.Black][n-1-r] |= set
		lo, hi := (n-1)/2-1, n/2+1 // the two or three middle files and ranks
		if f >= lo && f <= hi && r >= lo && r <= hi && n >= 6 {
			e.centre |= set
		}
	}
	return e
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
func (e *evaluator) stepTargets(from bashni.SquareSet, d int) bashni.SquareSet {
	from &= e.canStep[d]
	if sh := shifts[d]; sh < 0 {
		return from >> -sh
	}
	return from << shifts[d]
}

// evaluate returns the static value of pos for the side to move.
func (e *evaluator) evaluate(pos *bashni.Position) Score {
	w := &e.w
	kings, occ := pos.Kings(), pos.Occupied()
	empty := e.board &^ occ
	late := occ.Len() <= w.manyTowersThreshold
	var men [2]bashni.SquareSet
	men[bashni.White] = pos.Tops(bashni.White) &^ kings
	men[bashni.Black] = pos.Tops(bashni.Black) &^ kings
	// Only the towers of more than one piece need Tower, which copies the
	// whole position at each call.
	stacked := pos.Stacked()
	var score [2]Score
	for c := bashni.White; c <= bashni.Black; c++ {
		tops, m := pos.Tops(c), men[c]
		s := Score(m.Len())*w.man + Score((tops&kings).Len())*w.king
		for b := tops & stacked; b != 0; b &= b - 1 {
			s += e.underTop(pos.Tower(b.First()), c)
		}
		advance := &w.advance
		if late {
			advance = &w.lateAdvance
		}
		for r, set := range e.rank[c] {
			s += Score((m & set).Len()) * advance[r]
		}
		if men[c.Opponent()] != 0 {
			s += Score((m & e.rank[c][0]).Len()) * w.backRank
		}
		s += Score((m & e.centre).Len()) * w.centre
		fw := forward(c)
		a, b := e.stepTargets(m, fw[0])&empty, e.stepTargets(m, fw[1])&empty
		s += Score(a.Len()+b.Len()) * w.manMobility
		// Back from the free squares to the men that can step there
		// (3-d is the direction opposite d: NE-SW, NW-SE).
		mobile := e.stepTargets(a, 3-fw[0]) | e.stepTargets(b, 3-fw[1])
		s -= Score((m &^ mobile).Len()) * w.immobileMan
		s += Score(e.kingRoom(tops&kings, empty)) * w.kingMobility
		score[c] = s
	}
	v := score[bashni.White] - score[bashni.Black]
	if pos.Turn() == bashni.Black {
		v = -v
	}
	return v
}

// underTop values the pieces under the top of a tower t of colour c: own
// reserves down to the first prisoner, the prisoners, and own pieces below
// them.
func (e *evaluator) underTop(t bashni.Tower, c bashni.Color) Score {
	w := &e.w
	var s Score
	run := true
	for i, h := 1, t.Height(); i < h; i++ {
		p := t.Piece(i)
		switch {
		case p.Color() != c:
			if i == 1 {
				s -= w.exposed
			}
			run = false
			if p.IsKing() {
				s += w.prisonerKing
			} else {
				s += w.prisonerMan
			}
		case !run:
			s += w.deepOwn
		case p.IsKing():
			s += w.reserveKing
		default:
			s += w.reserveMan
		}
	}
	return s
}

// kingRoom counts the empty squares the kings can move to.
func (e *evaluator) kingRoom(kings, empty bashni.SquareSet) int {
	n := 0
	if !e.v.FlyingKings {
		for d := range 4 {
			n += (e.stepTargets(kings, d) & empty).Len()
		}
		return n
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

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

// evaluator holds the tables of one ruleset.
type evaluator struct {
	w       weights
	v       bashni.Variant
	squares []bashni.Square      // the playable squares
	step    [64][4]bashni.Square // neighbour in each direction (NE, NW, SE, SW), NoSquare off the board
	rank    [2][64]int           // rank counted from each colour's own back rank
	centre  [64]bool
}

func newEvaluator(v bashni.Variant, w weights) *evaluator {
	e := &evaluator{w: w, v: v}
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
		e.squares = append(e.squares, s)
		f, r := s.File(), s.Rank()
		for d, df := range [4][2]int{{1, 1}, {-1, 1}, {1, -1}, {-1, -1}} {
			nf, nr := f+df[0], r+df[1]
			if nf >= 0 && nf < n && nr >= 0 && nr < n {
				e.step[s][d] = bashni.SquareAt(nf, nr)
			}
		}
		e.rank[bashni.White][s] = r
		e.rank[bashni.Black][s] = n - 1 - r
		lo, hi := (n-1)/2-1, n/2+1 // the two or three middle files and ranks
		e.centre[s] = f >= lo && f <= hi && r >= lo && r <= hi && n >= 6
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

// evaluate returns the static value of pos for the side to move.
func (e *evaluator) evaluate(pos *bashni.Position) Score {
	w := &e.w
	var occ [64]uint8 // 0 empty, 1 white top, 2 black top
	var score [2]Score
	var towers int
	var men [2]int
	var kingSq [2][]bashni.Square
	var kingBuf [2][24]bashni.Square
	kingSq[0], kingSq[1] = kingBuf[0][:0], kingBuf[1][:0]
	var manSq [2][24]bashni.Square

	for _, sq := range e.squares {
		t := pos.Tower(sq)
		if t.IsEmpty() {
			continue
		}
		top := t.Top()
		c := top.Color()
		occ[sq] = uint8(c) + 1
		towers++
		s := w.man
		if top.IsKing() {
			s = w.king
			kingSq[c] = append(kingSq[c], sq)
		} else {
			manSq[c][men[c]] = sq
			men[c]++
		}
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
		score[c] += s
	}

	late := towers <= w.manyTowersThreshold
	for c := bashni.White; c <= bashni.Black; c++ {
		opp := c.Opponent()
		fw := forward(c)
		for _, sq := range manSq[c][:men[c]] {
			r := e.rank[c][sq]
			if late {
				score[c] += w.lateAdvance[r]
			} else {
				score[c] += w.advance[r]
			}
			if r == 0 && men[opp] > 0 {
				score[c] += w.backRank
			}
			if e.centre[sq] {
				score[c] += w.centre
			}
			free := 0
			for _, d := range fw {
				if n := e.step[sq][d]; n != bashni.NoSquare && occ[n] == 0 {
					free++
				}
			}
			if free == 0 {
				score[c] -= w.immobileMan
			}
			score[c] += Score(free) * w.manMobility
		}
		for _, sq := range kingSq[c] {
			score[c] += Score(e.kingRoom(&occ, sq)) * w.kingMobility
		}
	}
	v := score[bashni.White] - score[bashni.Black]
	if pos.Turn() == bashni.Black {
		v = -v
	}
	return v
}

// kingRoom counts the empty squares a king on sq can move to.
func (e *evaluator) kingRoom(occ *[64]uint8, sq bashni.Square) int {
	n := 0
	for d := 0; d < 4; d++ {
		for s := e.step[sq][d]; s != bashni.NoSquare && occ[s] == 0; s = e.step[s][d] {
			n++
			if !e.v.FlyingKings {
				break
			}
		}
	}
	return n
}

package eval

import "github.com/bashni-dev/bashni"

// Features returns the terms of pos that the weights multiply, in the order
// of Weights.Params, each counted for White less for Black: Evaluate(pos)
// is, for White to move, the sum of each feature times its weight (and its
// negation for Black to move). It visits the board square by square, the
// slow and plain way, so it doubles as the reference that Evaluate's
// bitboards are tested against.
func (e *Evaluator) Features(pos *bashni.Position) [NumParams]int {
	var f [NumParams]int
	v := e.v
	n := v.Size
	neighbour := func(s bashni.Square, df, dr int) (bashni.Square, bool) {
		fl, r := s.File()+df, s.Rank()+dr
		if fl < 0 || fl >= n || r < 0 || r >= n {
			return bashni.NoSquare, false
		}
		return bashni.SquareAt(fl, r), true
	}
	empty := func(s bashni.Square) bool { return pos.Tower(s).IsEmpty() }
	towers := 0
	var men [2]int
	// wing[c][0] and wing[c][1]: c's men on top left and right of the
	// board's middle (Weights.Balance).
	var wing [2][2]int
	for s := bashni.Square(0); s < 64; s++ {
		if t := pos.Tower(s); !t.IsEmpty() {
			towers++
			if !t.Top().IsKing() {
				men[t.Owner()]++
				switch f := s.File(); {
				case 2*f+1 < n:
					wing[t.Owner()][0]++
				case 2*f+1 > n:
					wing[t.Owner()][1]++
				}
			}
		}
	}
	late := 0
	if towers <= e.w.ManyTowers {
		late = 1
	}
	const (
		man = iota
		king
		reserveMan
		reserveKing
		deepOwn
		prisonerMan
		prisonerKing
		exposed
		backRank
		centre
		manMobility
		kingMobility
		immobileMan
		balance
		advance
		lateAdvance = advance + 8
		towerTable  = lateAdvance + 8
		lines       = towerTable + 2*2*3*32
	)
	// state says what is on the square next to s in direction (df, dr),
	// seen by the owner c of s's tower (Weights.Lines).
	state := func(c bashni.Color, s bashni.Square, df, dr int) int {
		a, ok := neighbour(s, df, dr)
		if !ok {
			return OffBoard
		}
		switch t := pos.Tower(a); {
		case t.IsEmpty():
			return Empty
		case t.Owner() == c:
			return Own
		case t.Top().IsKing():
			return EnemyKing
		}
		return EnemyMan
	}
	for c, sign := range [2]int{1, -1} {
		d := wing[c][0] - wing[c][1]
		f[balance] -= sign * max(d, -d)
	}
	for s := bashni.Square(0); s < 64; s++ {
		t := pos.Tower(s)
		if t.IsEmpty() {
			continue
		}
		c := t.Owner()
		sign := 1
		if c == bashni.Black {
			sign = -1
		}
		add := func(i, k int) { f[i] += sign * k }
		isKing := 0
		if t.Top().IsKing() {
			isKing = 1
			add(king, 1)
			for _, d := range [4][2]int{{1, 1}, {-1, 1}, {1, -1}, {-1, -1}} {
				for a, ok := neighbour(s, d[0], d[1]); ok && empty(a); a, ok = neighbour(a, d[0], d[1]) {
					add(kingMobility, 1)
					if !v.FlyingKings {
						break
					}
				}
			}
		} else {
			add(man, 1)
			rank := s.Rank()
			dr := 1
			if c == bashni.Black {
				rank, dr = n-1-rank, -1
			}
			if late == 1 {
				add(lateAdvance+rank, 1)
			} else {
				add(advance+rank, 1)
			}
			if rank == 0 && men[c.Opponent()] > 0 {
				add(backRank, 1)
			}
			lo, hi := (n-1)/2-1, n/2+1
			if fl, r := s.File(), s.Rank(); n >= 6 && fl >= lo && fl <= hi && r >= lo && r <= hi {
				add(centre, 1)
			}
			free := 0
			for _, df := range []int{1, -1} {
				if a, ok := neighbour(s, df, dr); ok && empty(a) {
					free++
				}
			}
			add(manMobility, free)
			if free == 0 {
				add(immobileMan, -1)
			}
		}
		under := underOf(t)
		add(towerTable+((late*2+isKing)*3+under)*32+SquareIndex(v, c, s), 1)
		ahead := 1 // the rank direction towards the enemy
		if c == bashni.Black {
			ahead = -1
		}
		for _, df := range []int{1, -1} {
			front, back := state(c, s, df, ahead), state(c, s, -df, -ahead)
			add(lines+((isKing*3+under)*5+front)*5+back, 1)
		}
		ownRun := true
		for i := 1; i < t.Height(); i++ {
			p := t.Piece(i)
			switch {
			case p.Color() != c && p.IsKing():
				add(prisonerKing, 1)
			case p.Color() != c:
				add(prisonerMan, 1)
			case !ownRun:
				add(deepOwn, 1)
			case p.IsKing():
				add(reserveKing, 1)
			default:
				add(reserveMan, 1)
			}
			if p.Color() != c {
				ownRun = false
				if i == 1 {
					add(exposed, -1)
				}
			}
		}
	}
	return f
}

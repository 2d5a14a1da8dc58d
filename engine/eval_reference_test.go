package engine

import (
	"testing"

	"github.com/bashni-dev/bashni"
	"pgregory.net/rapid"
)

// referenceEvaluate is the evaluation written the slow, obvious way: every
// square of the board visited through Tower, neighbours found from files
// and ranks. evaluate, which counts on bitboards, must agree with it.
func referenceEvaluate(v bashni.Variant, w weights, pos bashni.Position) Score {
	if !v.FlyingKings {
		w.king = w.king * 7 / 10
	}
	n := v.Size
	neighbour := func(s bashni.Square, df, dr int) (bashni.Square, bool) {
		f, r := s.File()+df, s.Rank()+dr
		if f < 0 || f >= n || r < 0 || r >= n {
			return bashni.NoSquare, false
		}
		return bashni.SquareAt(f, r), true
	}
	empty := func(s bashni.Square) bool { return pos.Tower(s).IsEmpty() }
	towers := 0
	var men [2]int
	for s := bashni.Square(0); s < 64; s++ {
		if t := pos.Tower(s); !t.IsEmpty() {
			towers++
			if !t.Top().IsKing() {
				men[t.Owner()]++
			}
		}
	}
	var score [2]Score
	for s := bashni.Square(0); s < 64; s++ {
		t := pos.Tower(s)
		if t.IsEmpty() {
			continue
		}
		c := t.Owner()
		if t.Top().IsKing() {
			score[c] += w.king
			for _, d := range [4][2]int{{1, 1}, {-1, 1}, {1, -1}, {-1, -1}} {
				for a, ok := neighbour(s, d[0], d[1]); ok && empty(a); a, ok = neighbour(a, d[0], d[1]) {
					score[c] += w.kingMobility
					if !v.FlyingKings {
						break
					}
				}
			}
		} else {
			score[c] += w.man
			rank := s.Rank()
			dr := 1
			if c == bashni.Black {
				rank, dr = n-1-rank, -1
			}
			if towers <= w.manyTowersThreshold {
				score[c] += w.lateAdvance[rank]
			} else {
				score[c] += w.advance[rank]
			}
			if rank == 0 && men[c.Opponent()] > 0 {
				score[c] += w.backRank
			}
			lo, hi := (n-1)/2-1, n/2+1
			if f, r := s.File(), s.Rank(); n >= 6 && f >= lo && f <= hi && r >= lo && r <= hi {
				score[c] += w.centre
			}
			free := 0
			for _, df := range []int{1, -1} {
				if a, ok := neighbour(s, df, dr); ok && empty(a) {
					free++
				}
			}
			score[c] += Score(free) * w.manMobility
			if free == 0 {
				score[c] -= w.immobileMan
			}
		}
		ownRun := true
		for i := 1; i < t.Height(); i++ {
			p := t.Piece(i)
			switch {
			case p.Color() != c && p.IsKing():
				score[c] += w.prisonerKing
			case p.Color() != c:
				score[c] += w.prisonerMan
			case !ownRun:
				score[c] += w.deepOwn
			case p.IsKing():
				score[c] += w.reserveKing
			default:
				score[c] += w.reserveMan
			}
			if p.Color() != c {
				ownRun = false
				if i == 1 {
					score[c] -= w.exposed
				}
			}
		}
	}
	val := score[bashni.White] - score[bashni.Black]
	if pos.Turn() == bashni.Black {
		val = -val
	}
	return val
}

// weightsGen draws weights with every term different, so that a term
// counted in place of another shows.
func weightsGen() *rapid.Generator[weights] {
	return rapid.Custom(func(t *rapid.T) weights {
		s := func(name string) Score { return Score(rapid.IntRange(1, 1000).Draw(t, name)) }
		w := weights{
			man: s("man"), king: s("king"), reserveMan: s("reserveMan"), reserveKing: s("reserveKing"),
			deepOwn: s("deepOwn"), prisonerMan: s("prisonerMan"), prisonerKing: s("prisonerKing"),
			exposed: s("exposed"), backRank: s("backRank"), centre: s("centre"),
			manMobility: s("manMobility"), kingMobility: s("kingMobility"), immobileMan: s("immobileMan"),
			manyTowersThreshold: rapid.IntRange(0, 24).Draw(t, "threshold"),
		}
		for r := range w.advance {
			w.advance[r], w.lateAdvance[r] = s("advance"), s("lateAdvance")
		}
		return w
	})
}

// The evaluation on bitboards gives what the square-by-square reference
// gives, on positions of random games of any ruleset (towers, prisoners,
// kings, flying or not), with the default and with random weights.
func TestEvaluateMatchesReference(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		v := variantGen().Draw(t, "variant")
		w := defaultWeights
		if rapid.Bool().Draw(t, "random weights") {
			w = weightsGen().Draw(t, "weights")
		}
		pos := playoutGen(v, 150).Draw(t, "pos")
		if got, want := newEvaluator(v, w).evaluate(&pos), referenceEvaluate(v, w, pos); got != want {
			t.Fatalf("%s (%s): evaluate = %v, reference %v", pos.FEN(), v, got, want)
		}
	})
}

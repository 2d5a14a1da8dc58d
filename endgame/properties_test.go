package endgame

import (
	"math/rand/v2"
	"testing"

	"github.com/bashni-dev/bashni"
)

// TestValuesAgreeWithMoves checks, on a sample of the positions of four
// pieces (either side to move), that each value is what the values of the
// position's moves make it: a win in n has a move to a loss in n-1 and
// none to a shorter loss; a loss in n has only moves to wins, the longest
// in n-1 (a loss in 0: no move); a draw has no move to a loss and one to
// a draw.
func TestValuesAgreeWithMoves(t *testing.T) {
	v := bashni.RussianDraughts()
	tb := tablesFor(t, v, 4)
	rng := rand.New(rand.NewPCG(1, 2))
	var sigs []Signature
	for _, s := range Signatures(4) {
		if s.Pieces() == 4 {
			sigs = append(sigs, s)
		}
	}
	checked := map[Result]int{}
	for range 4000 {
		s := sigs[rng.IntN(len(sigs))]
		pl, ok := s.placementAt(rng.Uint64N(s.Size()))
		if !ok {
			continue
		}
		p, err := pl.position(v)
		if err != nil {
			t.Fatal(err)
		}
		for _, turn := range []bashni.Color{bashni.White, bashni.Black} {
			q := p.WithTurn(turn)
			checkByMoves(t, tb, &q)
			got, _ := tb.Probe(&q)
			checked[got.Result]++
		}
	}
	if checked[Win] == 0 || checked[Draw] == 0 || checked[Loss] == 0 {
		t.Errorf("the sample missed a result: %v", checked)
	}
}

// checkByMoves checks p's value against its moves' values.
func checkByMoves(t *testing.T, tb *Tables, p *bashni.Position) {
	t.Helper()
	got, ok := tb.Probe(p)
	if !ok {
		t.Fatalf("%s: not in the tables", p.FEN())
	}
	shortestLoss, longestWin, draws, moves := maxPlies+1, -1, 0, p.LegalMoves()
	for _, m := range moves {
		c := p.PlayUnchecked(m)
		cv, ok := tb.Probe(&c)
		if !ok {
			if c.Tops(c.Turn()).Len() != 0 {
				t.Fatalf("%s after %s: not in the tables", c.FEN(), m)
			}
			cv = Value{Loss, 0}
		}
		switch cv.Result {
		case Loss:
			shortestLoss = min(shortestLoss, cv.Plies)
		case Win:
			longestWin = max(longestWin, cv.Plies)
		default:
			draws++
		}
	}
	var want Value
	switch {
	case shortestLoss <= maxPlies:
		want = Value{Win, shortestLoss + 1}
	case draws > 0:
		want = Value{Draw, 0}
	default:
		want = Value{Loss, longestWin + 1}
	}
	if got != want {
		t.Errorf("%s: the table says %v, its %d moves make it %v", p.FEN(), got, len(moves), want)
	}
}

// TestIndexRoundTrip checks that every entry of the tables of up to three
// pieces, and a sample of four, reads back to its own index, through a
// position, either side to move.
func TestIndexRoundTrip(t *testing.T) {
	v := bashni.BrazilianDraughts()
	rng := rand.New(rand.NewPCG(3, 4))
	for _, s := range Signatures(4) {
		used := uint64(0)
		for i := range s.Size() {
			if s.Pieces() == 4 && rng.IntN(50) != 0 {
				continue
			}
			pl, ok := s.placementAt(i)
			if !ok {
				continue
			}
			used++
			p, err := pl.position(v)
			if err != nil {
				t.Fatalf("%s entry %d: %v", s, i, err)
			}
			if gs, gi := locate(&p); gs != s || gi != i {
				t.Fatalf("%s entry %d: %s reads back as %s entry %d", s, i, p.FEN(), gs, gi)
			}
			turned := turnAround(t, &p)
			if gs, gi := locate(&turned); gs != s || gi != i {
				t.Fatalf("%s entry %d: %s turned round reads back as %s entry %d", s, i, turned.FEN(), gs, gi)
			}
		}
		if used == 0 {
			t.Errorf("%s: no used entry", s)
		}
	}
}

// turnAround returns p turned half round with its colours swapped and the
// other side to move, through FEN.
func turnAround(t *testing.T, p *bashni.Position) bashni.Position {
	t.Helper()
	var side [2]string
	for s := range p.Occupied().All() {
		top := p.Tower(s).Top()
		c := top.Color().Opponent()
		if side[c] != "" {
			side[c] += ","
		}
		if top.IsKing() {
			side[c] += "K"
		}
		side[c] += bashni.SquareAt(7-s.File(), 7-s.Rank()).String()
	}
	turn := "B"
	if p.Turn() == bashni.Black {
		turn = "W"
	}
	q, err := bashni.ParseFEN(p.Variant(), turn+":W"+side[bashni.White]+":B"+side[bashni.Black])
	if err != nil {
		t.Fatalf("%s turned round: %v", p.FEN(), err)
	}
	return q
}

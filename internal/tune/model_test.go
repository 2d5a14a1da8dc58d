package tune

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/internal/eval"
)

// The fit's model of a position's pattern weights (addPatterns) is what
// the evaluation adds with them, to within the evaluation's rounding, in
// every layout of the ruleset's kind: in a Phased one, the start-of-game
// weights counted by how full the board is and the end-of-game ones by
// the rest.
func TestFitModelIsTheEvaluation(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, c := range []struct {
		v       bashni.Variant
		layouts []eval.PatternLayout
	}{
		{bashni.RussianDraughts(), []eval.PatternLayout{eval.MenLayout, eval.MenSquaresLayout, eval.MenSquaresPhasedLayout}},
		{bashni.Russian(), []eval.PatternLayout{eval.TowersLayout, eval.TowersPhasedLayout}},
		{bashni.Lasca(), []eval.PatternLayout{eval.TowersLayout, eval.TowersPhasedLayout}},
	} {
		_, positions := testdataSamples(t, c.v)
		for _, l := range c.layouts {
			p := eval.NewPatterns(l, c.v.Size)
			w := make([]float64, eval.NumParams+len(p.W))
			for i := range p.W {
				p.W[i] = int16(rng.IntN(401) - 200)
				w[eval.NumParams+i] = float64(p.W[i])
			}
			base := eval.Hand(c.v)
			plain := eval.New(c.v, base)
			base.Patterns = p
			with := eval.New(c.v, base)
			phases := map[int]bool{}
			for i := range positions {
				pos := &positions[i]
				var x example
				x.addPatterns(l, c.v, pos)
				got := with.Evaluate(pos) - plain.Evaluate(pos)
				if pos.Turn() == bashni.Black {
					got = -got
				}
				if model := x.eval(w); math.Abs(model-float64(got)) >= 1 {
					t.Fatalf("%s, %s: %s: the fit's model says %v, the evaluation adds %d", c.v, l.Name, pos.FEN(), model, got)
				}
				occupied, _ := eval.PatternPhase(c.v, pos)
				phases[occupied] = true
			}
			if len(phases) < 5 {
				t.Errorf("%s: the sample's positions fill the board in only %d ways", c.v, len(phases))
			}
		}
	}
}

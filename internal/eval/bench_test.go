package eval

import (
	"testing"

	"github.com/bashni-dev/bashni"
)

// BenchmarkEvaluate times the static evaluation on a quiet opening and on
// positions full of towers, kings and prisoners, with the weights the
// engine plays with; "+patterns" with the ruleset's pattern layout added
// (zero weights: the cost of reading them), "+phased" with zero weights of
// the phased layout: TowersPhasedLayout for towers, MenSquaresPhasedLayout
// for the classic rulesets.
func BenchmarkEvaluate(b *testing.B) {
	for _, c := range []struct {
		name string
		v    bashni.Variant
		fen  string
	}{
		{"russian/opening", bashni.Russian(), "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,e3,g3,h4:Bb6,d6,h6,a7,c7,e7,g7,b8,d8,f8,h8,f6"},
		{"russian/towers", bashni.Russian(), "W:WKc1bb,e3b,g3b,d2,a1:Bc3b,e5bw,c5b,Kg7ww,b6"},
		{"international/towers", bashni.International(), "W:WKc1bb,e3b,g3b,d2,a1:Bc3b,e5bw,c5b,Kg7ww,b6"},
		{"lasca/midgame", bashni.Lasca(), "W:Wa1,c1,e1,b2,f2,a3,e3,g3,d4b:Bb6,f6,a7,e7,g7,c5,d6,Kg5w"},
		{"russian-draughts/opening", bashni.RussianDraughts(), "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,e3,g3,h4:Bb6,d6,h6,a7,c7,e7,g7,b8,d8,f8,h8,f6"},
	} {
		for _, patterns := range []string{"", "+patterns", "+phased"} {
			name := c.name + patterns
			w := For(c.v)
			switch patterns {
			case "":
				w.Patterns = nil
			case "+patterns":
				if w.Patterns == nil {
					w.Patterns = NewPatterns(LayoutFor(c.v), c.v.Size)
				}
			case "+phased":
				l := MenSquaresPhasedLayout
				if c.v.Stacking {
					l = TowersPhasedLayout
				}
				w.Patterns = NewPatterns(l, c.v.Size)
			}
			b.Run(name, func(b *testing.B) {
				pos := mustFEN(b, c.v, c.fen)
				ev := New(c.v, w)
				b.ReportAllocs()
				var sum int
				for range b.N {
					sum += ev.Evaluate(&pos)
				}
				_ = sum
			})
		}
	}
}

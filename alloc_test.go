package bashni

import "testing"

// Generation and Play allocate nothing on the heap (the speed issue's
// target), also where the caller's buffer is on the stack; LegalMoves
// allocates its result once. The positions: quiet starts, the 12-jump
// capture (R2, R5) and lasca towers with kings (L4).
func TestAllocations(t *testing.T) {
	cases := []struct {
		name string
		v    Variant
		fen  string
	}{
		{"russian/start", Russian, ""},
		{"russian/12jump", Russian, "W:WKc1:Bc3b,e3b,c5b,e7b,g5b,g7b"},
		{"international/start", International, ""},
		{"lasca/start", Lasca, ""},
		{"lasca/towers", Lasca, "W:WKc1bb,e3b,g3b,d2,a1:Bc3b,e5bw,c5b,Kg7ww"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := c.v.MustStart()
			if c.fen != "" {
				var err error
				if p, err = ParseFEN(c.v, c.fen); err != nil {
					t.Fatal(err)
				}
			}
			moves := p.LegalMoves()
			m := moves[len(moves)-1]
			stack := func() int {
				var buf [64]Move
				q := p
				return len(q.AppendLegalMoves(buf[:0]))
			}
			for _, a := range []struct {
				what string
				want float64
				f    func()
			}{
				{"Play", 0, func() { _, _ = p.Play(m) }},
				{"PlayUnchecked", 0, func() { _ = p.PlayUnchecked(m) }},
				{"AppendLegalMoves into a stack buffer", 0, func() { _ = stack() }},
				{"HasLegalMoves", 0, func() { q := p; _ = q.HasLegalMoves() }},
				{"LegalMoves", 1, func() { _ = p.LegalMoves() }},
			} {
				if got := testing.AllocsPerRun(50, a.f); got != a.want {
					t.Errorf("%s: %v allocations, want %v", a.what, got, a.want)
				}
			}
		})
	}
}

package bashni

import "testing"

// Generation and Play allocate nothing on the heap (the speed issue's
// target), also where the caller's buffer is on the stack; LegalMoves
// allocates its result once. Reading a legal move's text allocates nothing. The positions are the benchmarks': starts,
// midgames, towers with kings (L4) and the 12-jump capture (R2, R5).
func TestAllocations(t *testing.T) {
	for _, bp := range benchPositions {
		t.Run(bp.name, func(t *testing.T) {
			p := benchPosition(t, bp.v, bp.fen)
			moves := p.LegalMoves()
			m := moves[len(moves)-1]
			text := m.String()
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
				{"PlayUncheckedInto", 0, func() { var q Position; p.PlayUncheckedInto(&q, m) }},
				{"AppendLegalMoves into a stack buffer", 0, func() { _ = stack() }},
				{"HasLegalMoves", 0, func() { q := p; _ = q.HasLegalMoves() }},
				{"AppendCaptures into a stack buffer", 0, func() { var buf [64]Move; q := p; _ = q.AppendCaptures(buf[:0]) }},
				{"LegalMoves", 1, func() { _ = p.LegalMoves() }},
				{"ParseMove", 0, func() { _, _ = p.ParseMove(text) }},
			} {
				if got := testing.AllocsPerRun(50, a.f); got != a.want {
					t.Errorf("%s: %v allocations, want %v", a.what, got, a.want)
				}
			}
		})
	}
}

package bashni

// Perft counts the move sequences of depth plies from p, each position's legal
// moves counted per RULES.md section 8 (one per resulting position). Depth 0
// counts 1. The last ply is counted without being played (bulk counting).
func Perft(p Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	buf := make([]Move, 0, 64*(depth+1))
	return perft(&p, depth, buf)
}

func perft(p *Position, depth int, buf []Move) uint64 {
	moves := p.appendLegal(buf[:0], false)
	if depth == 1 {
		return uint64(len(moves))
	}
	rest := moves[len(moves):]
	var n uint64
	for i := range moves {
		c := *p
		c.play(&moves[i])
		n += perft(&c, depth-1, rest)
	}
	return n
}

// MoveCount is one line of a perft divide: a legal move and the number of
// sequences of the remaining depth after it.
type MoveCount struct {
	Move  Move
	Nodes uint64
}

// Divide returns, for each legal move of p in generation order, the perft of
// depth-1 plies after it; the counts add up to Perft(p, depth). Depth below 1
// gives no lines.
func Divide(p Position, depth int) []MoveCount {
	if depth < 1 {
		return nil
	}
	var out []MoveCount
	for _, m := range p.LegalMoves() {
		out = append(out, MoveCount{m, Perft(p.PlayUnchecked(m), depth-1)})
	}
	return out
}

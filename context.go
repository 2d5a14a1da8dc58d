package bashni

import "context"

// Listing the legal moves is quick in every preset, but some custom rulesets
// let one position's captures branch into millions of sequences: under
// "russian,rejump=any,landing=any" a flying king facing a tower of twelve
// ("W:WKe5:Bd4bbbbbbbbbbb") jumps it twelve times in ways that take a
// fifth of a second to list. A program that lists moves for others (a
// server, say) bounds that work with the Context calls below.

// LegalMovesContext is LegalMoves that gives up when ctx is done: it returns
// the same moves, or nil and ctx.Err() once ctx is cancelled or its deadline
// passes, also in the middle of a long capture search. Use it where the
// ruleset or the position comes from someone else; LegalMoves itself pays
// nothing for the check.
func (p *Position) LegalMovesContext(ctx context.Context) ([]Move, error) {
	if ctx.Done() == nil { // never cancelled: the plain call
		return p.LegalMoves(), nil
	}
	st := stopper{ctx: ctx}
	var moves []Move
	err := st.run(func() {
		var buf [64]Move
		if l := p.appendLegalStop(buf[:0], false, &st); len(l) > 0 {
			moves = append(make([]Move, 0, len(l)), l...)
		}
	})
	if err != nil {
		return nil, err
	}
	return moves, nil
}

// PlayContext is Play that gives up when ctx is done, returning ctx.Err()
// with the game unchanged, as LegalMovesContext does: checking m against
// the legal moves is what a custom ruleset can make long. Use it for a move
// from a search or a program under a deadline.
func (g *Game) PlayContext(ctx context.Context, m Move) error {
	if err := g.checkOpen(); err != nil {
		return err
	}
	if ctx.Done() == nil { // never cancelled: the plain call, without its allocation
		return g.Play(m)
	}
	legal, err := g.pos.LegalMovesContext(ctx)
	if err != nil {
		return err
	}
	l, err := g.pos.legalIn(legal, m)
	if err != nil {
		return err
	}
	g.push(l)
	return nil
}

// PlayTextContext is PlayText that gives up when ctx is done, returning
// ctx.Err() with the game unchanged, as LegalMovesContext does.
func (g *Game) PlayTextContext(ctx context.Context, text string) (Move, error) {
	if err := g.checkOpen(); err != nil {
		return Move{}, err
	}
	m, err := g.notation.ParseMoveContext(ctx, g.pos, text)
	if err != nil {
		return Move{}, err
	}
	g.push(m) // ParseMove returns one of the position's legal moves
	return m, nil
}

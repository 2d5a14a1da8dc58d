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

// ParseMoveContext is ParseMove that gives up when ctx is done, returning
// ctx.Err(), as LegalMovesContext does.
func (p *Position) ParseMoveContext(ctx context.Context, text string) (Move, error) {
	if ctx.Done() == nil {
		return p.ParseMove(text)
	}
	st := stopper{ctx: ctx}
	var m Move
	var perr error
	if err := st.run(func() { m, perr = p.parseMove(text, &st) }); err != nil {
		return Move{}, err
	}
	return m, perr
}

// PlayTextContext is PlayText that gives up when ctx is done, returning
// ctx.Err() with the game unchanged, as LegalMovesContext does.
func (g *Game) PlayTextContext(ctx context.Context, text string) (Move, error) {
	if err := g.checkOpen(); err != nil {
		return Move{}, err
	}
	m, err := g.pos.ParseMoveContext(ctx, text)
	if err != nil {
		return Move{}, err
	}
	g.push(m) // ParseMove returns one of the position's legal moves
	return m, nil
}

// stopper stops a capture search when its context is done. The generator
// asks it at every finished sequence (every leaf of the search, so the work
// between two questions is a few jumps), and it looks at the context only
// every pollEvery sequences, as that takes a lock.
//
// It stops the search by panicking with errStopped, which run recovers: the
// search is a deep recursion, and returning through every level would need
// a test after every jump in the generator, the hot path of perft and
// search, where a nil stopper costs one test per sequence. The generator
// changes nothing outside itself, so nothing is left half done.
type stopper struct {
	ctx context.Context
	n   uint32
	err error
}

// pollEvery is how many finished sequences pass between two looks at the
// context: some microseconds of work.
const pollEvery = 1 << 10

// stopSignal is the value a stopper panics with. It holds no pointer: a
// panic value escapes, and the stopper's own address in it would make the
// generator's contents (its caller's move buffer) escape too, one
// allocation per call of LegalMoves.
type stopSignal struct{}

func (st *stopper) tick() {
	st.n++
	if st.n%pollEvery != 0 {
		return
	}
	if err := st.ctx.Err(); err != nil {
		st.err = err
		panic(stopSignal{})
	}
}

// run calls f and returns nil, or the context's error when st stopped f.
func (st *stopper) run(f func()) (err error) {
	if err := st.ctx.Err(); err != nil {
		return err
	}
	defer func() {
		if v := recover(); v != nil {
			if _, ok := v.(stopSignal); ok && st.err != nil {
				err = st.err
				return
			}
			panic(v)
		}
	}()
	f()
	return nil
}

// appendCaptures is the package's appendCaptures with st asking to stop. It
// is a function of its own so that the calls of perft and search do not
// carry a stopper they never use.
func (st *stopper) appendCaptures(p *Position, r *rules, from uint64, buf []Move, all bool) []Move {
	g := generator{r: r, out: buf, start: len(buf), all: all, stop: st}
	g.captures(p, from)
	return g.out
}

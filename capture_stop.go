package bashni

import "context"

// stopper is what a Context call, or the reading of a move, adds to a
// capture search. The generator calls its leaf at every finished sequence
// (every leaf of the search, so the work between two calls is a few jumps):
//
//   - with a context, it stops the search when the context is done, looking
//     at the context only every pollEvery sequences, as that takes a lock;
//   - with a matcher (generator.match, or generator.click in MatchPath),
//     it hands the sequence to the matcher in place of listing it, so that
//     reading a move keeps what matches the text and not every sequence (docs/RULES.md section 10; a
//     position may have millions). The matcher is the generator's, not the
//     stopper's: a pointer stored in a stopper escapes with its context.
//
// It stops the search by panicking with stopSignal, which run recovers: the
// search is a deep recursion, and returning through every level would need
// a test after every jump in the generator, the hot path of perft and
// search, where a nil stopper costs one test per sequence. The generator
// changes nothing outside itself, so nothing is left half done.
type stopper struct {
	ctx context.Context // nil: never stops
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

// leaf is called by the generator at the sequence of g.cur that ends on l,
// the moving tower a king there or not. It reports whether it took the
// sequence, which the generator then does not list.
func (st *stopper) leaf(g *generator, l Square, king bool) (taken bool) {
	if st.ctx != nil {
		st.n++
		if st.n%pollEvery == 0 {
			if err := st.ctx.Err(); err != nil {
				st.err = err
				panic(stopSignal{})
			}
		}
	}
	if g.match == nil && g.click == nil {
		return false
	}
	// The sequence is written as the generator lists it, then taken back
	// out: the list never holds more than this one. (Two fields of their
	// own types, not one interface: a call through an interface would make
	// the generator's buffer escape, an allocation at every LegalMoves.)
	m := g.pushFinished(l, king)
	if g.match != nil {
		g.match.see(m)
	} else {
		g.click.see(m)
	}
	g.out = g.out[:len(g.out)-1]
	return true
}

// run calls f and returns nil, or the context's error when st stopped f.
// Without a context it is f().
func (st *stopper) run(f func()) (err error) {
	if st.ctx == nil {
		f()
		return nil
	}
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

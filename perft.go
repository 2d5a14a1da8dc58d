package bashni

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"sync/atomic"
)

// Perft counts the move sequences of depth plies from p, each position's
// legal moves counted per docs/RULES.md section 8 (one per resulting
// position). Depth 0 counts 1. The last ply is counted without being played
// (bulk counting). The error is a depth below 0 or above MaxPerftDepth, or a
// count too large for a uint64 (ErrPerftOverflow); PerftOptions chooses how
// to count, and the perft package shares a count among goroutines with a
// table. p must not be nil, here and in PerftContext, Divide and
// PerftOptions' methods.
func Perft(p *Position, depth int) (uint64, error) {
	return PerftOptions{}.Count(context.Background(), p, depth)
}

// PerftContext is Perft, giving up with ctx's error when ctx ends.
func PerftContext(ctx context.Context, p *Position, depth int) (uint64, error) {
	return PerftOptions{}.Count(ctx, p, depth)
}

// Divide returns, for each legal move of p in generation order, the perft of
// depth-1 plies after it; the counts add up to Perft(p, depth). Depth 0
// gives no lines. Its errors are Perft's.
func Divide(p *Position, depth int) ([]MoveCount, error) {
	return PerftOptions{}.Divide(context.Background(), p, depth)
}

// MoveCount is one line of a perft divide: a legal move and the number of
// sequences of the remaining depth after it.
type MoveCount struct {
	Move  Move
	Nodes uint64
}

// MaxPerftDepth is the deepest perft counts: the count goes down the lines
// depth first, as deep as they go, and a line of kings can go on for ever;
// a billion plies would overflow the stack. No count deeper than a few
// dozen plies ever ends, but for positions whose lines all end soon.
const MaxPerftDepth = 1000

// ErrPerftOverflow is wrapped by the error of a perft count that reaches
// math.MaxUint64 (2^64-1), the most a uint64 holds: a count never wraps
// around. Only a count with a table (PerftOptions.Table) gets there in
// less than centuries: bashni perft -hash 64 -fen W:WKa1:BKh2 23.
var ErrPerftOverflow = errors.New("the count reaches 2^64-1 (18446744073709551615), the most a uint64 holds")

// PerftOptions says how to count perft. The zero value counts with bulk
// counting and no table.
type PerftOptions struct {
	// NoBulk plays every move of the last ply instead of counting them.
	NoBulk bool
	// Table, if not nil, is asked for the count of each position of
	// MinDepth plies or more before it is counted, and told the count
	// after, so that transpositions are counted once. The perft package
	// has one (perft.NewTable).
	Table PerftTable
}

// PerftTable keeps perft counts by position key and depth, for
// PerftOptions.Table. A count may be lost or never stored; one that Get
// returns must be the count of the key and depth (up to a collision of
// 64-bit keys). A counter calls it from one goroutine; a table shared by
// several counts at once must be safe for that.
type PerftTable interface {
	// Get returns the count stored for the position of the given key at
	// depth, and whether there is one.
	Get(key uint64, depth int) (count uint64, ok bool)
	// Put stores the count of the position of the given key at depth. A
	// count of math.MaxUint64 stands for that count or more.
	Put(key uint64, depth int, count uint64)
	// MinDepth returns the shallowest depth worth asking about: a probe is
	// a cache miss, which costs more than counting a small subtree.
	MinDepth() int
}

// checkPerftDepth returns the error of a count of the given depth, or nil.
func checkPerftDepth(depth int) error {
	if depth < 0 {
		return errorf("perft of depth %d: a depth is 0 or more", depth)
	}
	if depth > MaxPerftDepth {
		return errorf("perft of depth %d: at most %d", depth, MaxPerftDepth)
	}
	return nil
}

// Count counts as Perft does, as o says, giving up with ctx's error when
// ctx ends.
func (o PerftOptions) Count(ctx context.Context, p *Position, depth int) (uint64, error) {
	if err := checkPerftDepth(depth); err != nil {
		return 0, err
	}
	if depth == 0 {
		return 1, nil
	}
	pc := newPerftCounter(ctx, o, depth)
	defer pc.release()
	n := pc.count(p, depth)
	if err := pc.err(ctx, depth, n); err != nil {
		return 0, err
	}
	return n, nil
}

// Divide divides as the package-level Divide does, as o says, giving up
// with ctx's error when ctx ends.
func (o PerftOptions) Divide(ctx context.Context, p *Position, depth int) ([]MoveCount, error) {
	if err := checkPerftDepth(depth); err != nil {
		return nil, err
	}
	if depth == 0 {
		return nil, nil
	}
	moves := p.LegalMoves()
	out := make([]MoveCount, len(moves))
	pc := newPerftCounter(ctx, o, depth)
	defer pc.release()
	for i, m := range moves {
		out[i].Move = m
		next := p.PlayUnchecked(m)
		out[i].Nodes = pc.count(&next, depth-1)
		if err := pc.err(ctx, depth, out[i].Nodes); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// addCounts returns a+b, or math.MaxUint64 if that is more: a count that
// passes the most a uint64 holds stays there, and perft refuses it
// (ErrPerftOverflow) rather than wrap around. Written without a branch,
// for the counter's loops.
func addCounts(a, b uint64) uint64 {
	s, c := bits.Add64(a, b, 0)
	return s | -c
}

// perftCounter is one count's state: its own position, played and taken
// back in place, and a move buffer shared by all depths.
type perftCounter struct {
	_     [128]byte // no cache line shared with another goroutine's counter
	bulk  bool
	table PerftTable
	from  int // the shallowest depth looked up in table
	// ended is set when the count's context ends (context.AfterFunc;
	// release unregisters that): the count then counts nothing more, nor
	// stores what it counted so far. The flag is one load where it is
	// asked, where a receive from the context's Done channel was a call
	// into the runtime: 2.5% of lasca perft.
	ended   atomic.Bool
	release func() bool
	buf     []Move
	// walks: the pathWalk of each depth that plays captures in place
	// (pathWalk.playForwardMen), set up once: one built and zeroed for each
	// position cost 2% of lasca perft without bulk counting.
	walks []pathWalk
	// replies: the walk of countTwoPlies.
	replies pathWalk
	pos     Position
	_       [128]byte
}

func newPerftCounter(ctx context.Context, o PerftOptions, depth int) *perftCounter {
	pc := &perftCounter{bulk: !o.NoBulk, table: o.Table, buf: make([]Move, 0, 64*(depth+1))}
	pc.release = context.AfterFunc(ctx, func() { pc.ended.Store(true) })
	pc.ended.Store(ctx.Err() != nil) // AfterFunc calls on a goroutine of its own
	if pc.table != nil {
		pc.from = pc.table.MinDepth()
	}
	pc.walks = make([]pathWalk, depth+1)
	for d := range pc.walks {
		pc.walks[d].startDeeper(pc, d)
	}
	return pc
}

// err returns the error of the count n of the given depth just made:
// ctx's if it ended, or ErrPerftOverflow's if the count reached the bound.
func (pc *perftCounter) err(ctx context.Context, depth int, n uint64) error {
	if pc.ended.Load() {
		return ctx.Err()
	}
	if n == math.MaxUint64 {
		return wrapError(ErrPerftOverflow, fmt.Sprintf("perft of depth %d: %v", depth, ErrPerftOverflow))
	}
	return nil
}

func (pc *perftCounter) count(p *Position, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	pc.pos = *p
	return pc.countAt(depth, pc.buf)
}

// countAt counts from pc.pos, at a depth of 1 or more (its callers count
// the leaves: countBelow, addBelow); moves go into buf, whose tail the next depth
// reuses.
func (pc *perftCounter) countAt(depth int, buf []Move) uint64 {
	p := &pc.pos
	// Whether the context has ended is asked at positions of 3 plies or
	// more from the leaves, each the root of a subtree of hundreds of
	// positions, so that a count ends within a few such subtrees.
	if depth >= 3 && pc.ended.Load() {
		return 0
	}
	// Near the leaves a table probe (a cache miss) costs more than counting.
	hashed := pc.table != nil && depth >= pc.from
	if hashed {
		if n, ok := pc.table.Get(p.key, depth); ok {
			return n
		}
	}
	if depth == 1 && pc.bulk {
		return uint64(p.countLegal(buf))
	}
	if depth == 2 && pc.bulk {
		return p.countTwoPlies(&pc.replies, buf)
	}
	r := p.rules()
	t := p.tops()
	var n uint64
	if c := capturersOf(r, t); c != 0 {
		if r.forward && pc.table == nil {
			men := c &^ t.ownKings
			n = pc.walks[depth].playForwardMen(r, t, men, buf)
			c &^= men
		}
		if c != 0 {
			n = addCounts(n, pc.countMoves(appendCaptures(p, r, c, buf[:0], false), depth))
		}
	} else {
		n = pc.countQuietChildren(r, t, depth, buf)
	}
	if hashed && !pc.ended.Load() {
		pc.table.Put(p.key, depth, n)
	}
	return n
}

// countBelow is countAt for the position after a move: a leaf (depth 0,
// without bulk counting) is counted here, without the call, which was
// 3% of lasca's perft without bulk counting.
func (pc *perftCounter) countBelow(depth int, buf []Move) uint64 {
	if depth == 0 {
		return 1
	}
	return pc.countAt(depth, buf)
}

// addBelow returns n plus the count from pc.pos at depth, the position
// after one of the moves counted into n: at a leaf (depth 0, without bulk
// counting) n+1, with no call and no addCounts (a sum of one per move
// cannot wrap, and the moves of a position all lead to leaves or none),
// else addCounts of countAt. Small enough to be inlined into the loops
// over the moves.
func (pc *perftCounter) addBelow(n uint64, depth int, buf []Move) uint64 {
	if depth == 0 {
		return n + 1
	}
	return pc.addAt(n, depth, buf)
}

// addAt returns n plus countAt(depth), saturating (addCounts).
func (pc *perftCounter) addAt(n uint64, depth int, buf []Move) uint64 {
	return addCounts(n, pc.countAt(depth, buf))
}

// countMoves counts from pc.pos after each of moves, played in place and
// taken back; the buffer after moves is the next depth's.
func (pc *perftCounter) countMoves(moves []Move, depth int) uint64 {
	p := &pc.pos
	rest := moves[len(moves):]
	var n uint64
	var u undo
	for i := range moves {
		p.playSaving(&moves[i], &u, pc.table != nil)
		n = pc.addBelow(n, depth-1, rest)
		p.unplay(&u)
	}
	return n
}

// countQuietChildren counts from pc.pos, which has no capture, as countAt
// does: the men's steps, most of the moves, are played from bitboards
// without building them, and taken back by flipping the same bits.
func (pc *perftCounter) countQuietChildren(r *rules, t tops, depth int, buf []Move) uint64 {
	empty := r.board &^ (t.own | t.opp)
	men := t.own &^ t.ownKings
	var n uint64
	a, b, backA, backB := menSteps(r, t.us, men, empty)
	n = addCounts(pc.countSteps(r, a, backA, depth, buf), pc.countSteps(r, b, backB, depth, buf))
	if t.ownKings != 0 {
		n = addCounts(n, pc.countMoves(appendKingMoves(r, t.ownKings, empty, buf[:0]), depth))
	}
	return n
}

// countSteps counts from pc.pos after each step of a man onto the squares in
// targets, each from the square delta below it, played by playStep (by
// playQuiet where a table reads the key) and taken back by unplayStep.
func (pc *perftCounter) countSteps(r *rules, targets uint64, delta, depth int, buf []Move) uint64 {
	p := &pc.pos
	far := r.far[p.turn]
	own := &p.white // the mover's tops
	if p.turn == Black {
		own = &p.black
	}
	keyed := pc.table != nil
	var n uint64
	for ; targets != 0; targets &= targets - 1 {
		to := Square(bits.TrailingZeros64(targets))
		from := Square(int(to) - delta)
		key := p.key
		if keyed {
			m := Move{from: from, to: to, flags: promotionFlag(far, to.bit())}
			p.playQuiet(&m, true)
		} else {
			p.playStep(own, from, to, far)
		}
		n = pc.addBelow(n, depth-1, buf)
		p.unplayStep(own, from, to)
		p.key = key
	}
	return n
}

package bashni

import (
	"fmt"
	"math/bits"
	"sync"
	"sync/atomic"

	"github.com/bashni-dev/bashni/internal/sysmem"
)

// Perft counts the move sequences of depth plies from p, each position's legal
// moves counted per docs/RULES.md section 8 (one per resulting position). Depth 0
// counts 1; a depth below 0 or above MaxPerftDepth panics. The last ply is counted
// without being played (bulk counting); see PerftConfig for the other ways
// to count.
func Perft(p Position, depth int) uint64 {
	return PerftConfig{}.Perft(p, depth)
}

// Divide returns, for each legal move of p in generation order, the perft of
// depth-1 plies after it; the counts add up to Perft(p, depth). Depth 0
// gives no lines; a depth below 0 or above MaxPerftDepth panics.
func Divide(p Position, depth int) []MoveCount {
	return PerftConfig{}.Divide(p, depth)
}

// MoveCount is one line of a perft divide: a legal move and the number of
// sequences of the remaining depth after it.
type MoveCount struct {
	Move  Move
	Nodes uint64
}

// PerftConfig says how to count perft. The zero value counts on one
// goroutine, with bulk counting and no table.
type PerftConfig struct {
	// NoBulk plays every move of the last ply instead of counting them.
	NoBulk bool
	// Threads splits the root moves over this many goroutines (0 or 1: one;
	// at most MaxPerftThreads).
	Threads int
	// HashMB, when positive, keeps a table of that many MiB mapping
	// (position key, depth) to counts, so transpositions are counted once.
	// The count is exact unless two positions share a 64-bit key. The table
	// is allocated at once: it must fit in the machine's memory.
	HashMB int
	// Progress, if set, is called each time a share of the work has been
	// counted, with the number of shares counted so far and in all, so
	// that a long count can show how far it has got. The shares are the
	// subtrees a few plies down (at least 64 per goroutine where the tree
	// has them), of unequal sizes: done/total is a rough guide, not a
	// forecast. Calls come one at a time, from the counting goroutines.
	Progress func(done, total int)
}

// MaxPerftThreads is the most goroutines a PerftConfig may ask for. The
// subtrees shared among them are kept in memory, 64 per goroutine, so a
// larger number costs memory without speed.
const MaxPerftThreads = 1024

// Validate reports a configuration that cannot be honoured: a negative
// number of goroutines or table size, more than MaxPerftThreads
// goroutines, or a table larger than the machine's physical
// memory (known on Linux), which would end the program when allocated (Go
// cannot recover from running out of memory). Perft and Divide panic with
// this error; a program that takes the configuration from its users should
// call Validate first.
func (c PerftConfig) Validate() error {
	if c.Threads < 0 {
		return fmt.Errorf("bashni: perft on %d goroutines: 0 or 1 counts on one, more on that many", c.Threads)
	}
	if c.Threads > MaxPerftThreads {
		return fmt.Errorf("bashni: perft on %d goroutines: at most %d", c.Threads, MaxPerftThreads)
	}
	if c.HashMB < 0 {
		return fmt.Errorf("bashni: a perft table of %d MiB: want 0 (none) or more", c.HashMB)
	}
	if ok, have := sysmem.TableFits(c.HashMB); !ok {
		return fmt.Errorf("bashni: a perft table of %d MiB is more than the machine's memory (%d MiB)", c.HashMB, have)
	}
	return nil
}

// MaxPerftDepth is the deepest perft counts: the count goes down the lines
// depth first, as deep as they go, and a line of kings can go on for ever;
// a billion plies would overflow the stack. No count deeper than a few
// dozen plies ever ends, but for positions whose lines all end soon.
const MaxPerftDepth = 1000

// mustBeValid panics with Validate's error, if any, or if depth is below 0
// or more than MaxPerftDepth.
func (c PerftConfig) mustBeValid(depth int) {
	if err := c.Validate(); err != nil {
		panic(err)
	}
	if depth < 0 {
		panic(fmt.Errorf("bashni: perft of depth %d: a depth is 0 or more", depth))
	}
	if depth > MaxPerftDepth {
		panic(fmt.Errorf("bashni: perft of depth %d: at most %d", depth, MaxPerftDepth))
	}
}

// Perft counts as the package-level Perft does, as configured.
func (c PerftConfig) Perft(p Position, depth int) uint64 {
	if depth == 0 {
		c.mustBeValid(depth)
		return 1
	}
	var n uint64
	for _, mc := range c.Divide(p, depth) {
		n += mc.Nodes
	}
	return n
}

// Divide counts as the package-level Divide does, as configured.
func (c PerftConfig) Divide(p Position, depth int) []MoveCount {
	c.mustBeValid(depth)
	if depth < 1 {
		return nil
	}
	moves := p.LegalMoves()
	out := make([]MoveCount, len(moves))
	for i, m := range moves {
		out[i].Move = m
	}
	var table *perftTable
	if c.HashMB > 0 {
		table = newPerftTable(c.HashMB)
		table.from = tableFrom(p, depth)
	}
	threads := c.Threads
	if threads < 1 {
		threads = 1
	}
	// The work is shared out as subtrees: the root moves' subtrees are split
	// ply by ply until there are enough of them to share evenly (a start
	// position has 6 or 7 moves, and lasca's 6 second plies are no better),
	// keeping at least two plies in each so that bulk counting still counts.
	// A Progress callback wants shares on one goroutine too.
	type item struct {
		root int
		pos  Position
		left int // plies still to count
	}
	items := make([]item, len(moves))
	for i, m := range moves {
		items[i] = item{i, p.PlayUnchecked(m), depth - 1}
	}
	split := threads > 1 || c.Progress != nil // one share a root move is enough otherwise
	for split && len(items) < 64*threads && len(items) > 0 && items[0].left > 2 {
		var next []item
		for _, it := range items {
			for _, m := range it.pos.LegalMoves() {
				next = append(next, item{it.root, it.pos.PlayUnchecked(m), it.left - 1})
			}
		}
		items = next
	}
	var next atomic.Int64
	counts := make([]atomic.Uint64, len(moves))
	var progress sync.Mutex
	done := 0
	work := func() {
		pc := newPerftCounter(c, table, depth)
		for {
			i := int(next.Add(1) - 1)
			if i >= len(items) {
				return
			}
			counts[items[i].root].Add(pc.count(&items[i].pos, items[i].left))
			if c.Progress != nil {
				progress.Lock()
				done++
				c.Progress(done, len(items))
				progress.Unlock()
			}
		}
	}
	if threads == 1 {
		work() // no goroutine for small counts: tests and tools call perft often
	} else {
		var wg sync.WaitGroup
		for range threads {
			wg.Add(1)
			go func() {
				defer wg.Done()
				work()
			}()
		}
		wg.Wait()
	}
	for i := range out {
		out[i].Nodes = counts[i].Load()
	}
	return out
}

// perftCounter is one goroutine's counting state: its own position, played
// and taken back in place, and a move buffer shared by all depths.
type perftCounter struct {
	_     [128]byte // no cache line shared with another goroutine's counter
	bulk  bool
	table *perftTable
	buf   []Move
	// walks: the pathWalk of each depth that plays captures in place
	// (pathWalk.playForwardMen), set up once: one built and zeroed for each
	// position cost 2% of lasca perft without bulk counting.
	walks []pathWalk
	// replies: the walk of countTwoPlies.
	replies pathWalk
	pos     Position
	_       [128]byte
}

func newPerftCounter(c PerftConfig, table *perftTable, depth int) *perftCounter {
	pc := &perftCounter{bulk: !c.NoBulk, table: table, buf: make([]Move, 0, 64*(depth+1))}
	pc.walks = make([]pathWalk, depth+1)
	for d := range pc.walks {
		pc.walks[d].startDeeper(pc, d)
	}
	return pc
}

func (pc *perftCounter) count(p *Position, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	pc.pos = *p
	return pc.countAt(depth, pc.buf)
}

// countAt counts from pc.pos, at a depth of 1 or more (its callers count
// the leaves: countBelow); moves go into buf, whose tail the next depth
// reuses.
func (pc *perftCounter) countAt(depth int, buf []Move) uint64 {
	p := &pc.pos
	// Near the leaves a table probe (a cache miss) costs more than counting.
	hashed := pc.table != nil && depth >= pc.table.from
	if hashed {
		if n, ok := pc.table.get(p.key, depth); ok {
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
			n += pc.countMoves(appendCaptures(p, r, c, buf[:0], false), depth)
		}
	} else {
		n = pc.countQuietChildren(r, t, depth, buf)
	}
	if hashed {
		pc.table.put(p.key, depth, n)
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

// countMoves counts from pc.pos after each of moves, played in place and
// taken back; the buffer after moves is the next depth's.
func (pc *perftCounter) countMoves(moves []Move, depth int) uint64 {
	p := &pc.pos
	rest := moves[len(moves):]
	var n uint64
	var u undo
	for i := range moves {
		p.playSaving(&moves[i], &u, pc.table != nil)
		n += pc.countBelow(depth-1, rest)
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
	n = pc.countSteps(r, a, backA, depth, buf) + pc.countSteps(r, b, backB, depth, buf)
	if t.ownKings != 0 {
		n += pc.countMoves(appendKingMoves(r, t.ownKings, empty, buf[:0]), depth)
	}
	return n
}

// countSteps counts from pc.pos after each step of a man onto the squares in
// targets, each from the square delta below it. A step is taken back by
// flipping the same bits (the square stepped to was empty, so no king was
// there before), not by restoring saved words: the words saved around the
// count below had to be kept in memory across its call, six loads and
// stores a step more (callgrind).
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
			m := Move{from: from, to: to}
			if far&to.bit() != 0 {
				m.flags = flagPromote
			}
			p.playQuiet(&m, true)
		} else {
			// playQuiet without the key, for a man: move its top bit and
			// its stack, crowned on the far rank. Every step of perft
			// goes this way; through playQuiet it took 10% more
			// instructions without bulk counting (callgrind, 96eb47e).
			*own ^= from.bit() | to.bit()
			p.kings |= far & to.bit()
			p.below[idx(from)], p.below[idx(to)] = 0, p.below[idx(from)]
			p.turn ^= 1
		}
		n += pc.countBelow(depth-1, buf)
		*own ^= from.bit() | to.bit()
		p.kings &^= to.bit()
		p.key = key
		p.below[idx(from)], p.below[idx(to)] = p.below[idx(to)], 0
		p.turn ^= 1
	}
	return n
}

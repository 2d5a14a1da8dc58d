package book

import (
	"container/heap"
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/engine"
)

// DefaultPlyCost is BuildOptions.PlyCost when it is 0: a tenth of a man.
const DefaultPlyCost = 10

// BuildOptions configure Build.
type BuildOptions struct {
	// Positions is the number of positions to expand (each becomes a
	// position of the book, with all its legal moves); at least 1.
	Positions int
	// Limits bound the search that scores each new position. A Depth (or
	// Nodes) limit alone makes the build deterministic: the same options
	// give the same book, byte for byte. A Time limit does not. One of
	// Depth, Nodes, Time and Clock is needed (see Build).
	Limits engine.Limits
	// PlyCost is what one ply deeper costs a position's priority, in
	// hundredths of a man (see Build); 0 means DefaultPlyCost. A higher
	// cost makes a wider, shallower book.
	PlyCost int
	// FreePlies is the number of plies from the start whose moves cost
	// only PlyCost, however much worse than the best they are: every
	// position FreePlies plies from the start is expanded before any
	// deeper one, and drop-out expansion goes on from each. A book for
	// games that start from random openings of n plies (bashni match's,
	// RandomOpening's) is built with FreePlies n, so that it has a line
	// from each of them and not only from the openings a player would
	// choose. 0 (the default) is plain drop-out expansion.
	FreePlies int
	// MaxBytes is the most memory the book may take once read
	// (MemoryBytes), so that Read with this limit reads its file; 0 means
	// DefaultMaxBytes, the limit of the bashni command's readers (book
	// show, engine -book, hub -book). Build refuses at once a Positions
	// that must take more (each position holds a move at least), and stops
	// before a position whose moves would take the book past it, returning
	// the book so far with an error that wraps ErrTooBig.
	MaxBytes int64
	// HashMB is the table of the engine that scores positions; 0 means 4.
	// The table is cleared before each search, so that the build does not
	// depend on the order of its searches.
	HashMB int
	// Progress, when set, is called after each expansion.
	Progress func(BuildProgress)
}

// BuildProgress says how far a Build has come.
type BuildProgress struct {
	Expanded  int           // positions expanded so far (the book's positions)
	Positions int           // positions known: expanded, and the leaves scored
	Searches  int           // searches run (one per position scored)
	Nodes     uint64        // nodes those searches visited
	Deepest   int           // the deepest ply of an expanded position
	Elapsed   time.Duration // since the build started
}

// Build builds a book for the ruleset v by drop-out expansion (Lincke's,
// as in Scan's and Kingsrow's books), from the ruleset's start position:
// the start is scored by a search, and then Positions times the leaf of
// the book's tree with the lowest priority is expanded: each of its legal
// moves is played, and each new position scored by a search under Limits.
// Scores are backed up by negamax through the expanded positions. The
// priority of a position is the sum, over the moves that lead to it from
// the start by the cheapest way, of how much worse each move is than its
// position's best (in hundredths of a man; nothing for the moves of the
// first FreePlies plies), plus PlyCost for each move: the best line is
// followed deepest, and a move a little worse than the best is explored
// too, less deep. Ties go to the lower key.
//
// Limits must bound each search (Depth, Nodes, Time or Clock): without
// them a search is an infinite analysis, which ends only with ctx, and
// Build refuses them. When ctx ends, Build returns the book built so far
// (nil when the start had not been scored) and ctx's error.
func Build(ctx context.Context, v bashni.Variant, opts BuildOptions) (*Book, error) {
	if opts.Positions < 1 {
		return nil, fmt.Errorf("book: building %d positions (want at least 1)", opts.Positions)
	}
	if opts.PlyCost < 0 {
		return nil, fmt.Errorf("book: a ply cost of %d is negative", opts.PlyCost)
	}
	if opts.PlyCost == 0 {
		opts.PlyCost = DefaultPlyCost
	}
	if opts.FreePlies < 0 {
		return nil, fmt.Errorf("book: %d free plies is negative", opts.FreePlies)
	}
	if opts.MaxBytes < 0 {
		return nil, fmt.Errorf("book: a memory limit of %d bytes is negative", opts.MaxBytes)
	}
	if opts.MaxBytes == 0 {
		opts.MaxBytes = DefaultMaxBytes
	}
	if most := MaxPositions(opts.MaxBytes); opts.Positions > most {
		return nil, limitError(fmt.Sprintf("book: %d positions take more than the limit of %d bytes once read, even with one move each: at most %d fit",
			opts.Positions, opts.MaxBytes, most))
	}
	if err := opts.Limits.Validate(); err != nil {
		return nil, err
	}
	if l := opts.Limits; l.Depth == 0 && l.Nodes == 0 && l.Time == 0 && l.Clock == (engine.Clock{}) {
		return nil, errors.New("book: the scoring search needs a limit (Depth, Nodes, Time or Clock): without one it never ends")
	}
	if opts.Limits.Lines > 1 || opts.Limits.Ponder != nil {
		return nil, errors.New("book: the scoring search must be a plain one (no Lines, no Ponder)")
	}
	if opts.HashMB == 0 {
		opts.HashMB = 4
	}
	e, err := engine.New(engine.Options{HashMB: opts.HashMB})
	if err != nil {
		return nil, err
	}
	start, err := v.Start()
	if err != nil {
		return nil, err
	}
	bd := &builder{ctx: ctx, eng: e, opts: opts, nodes: map[uint64]*node{}, began: time.Now()}
	root, err := bd.add(start)
	if err != nil {
		return nil, err
	}
	for bd.progress.Expanded < opts.Positions {
		if err := ctx.Err(); err != nil {
			return bd.book(v, root), err
		}
		bd.values(root)
		leaf, path := bd.cheapestLeaf(root)
		if leaf == nil {
			break // every line ends in a finished game
		}
		if err := bd.expand(leaf); err != nil {
			return bd.book(v, root), err
		}
		for _, e := range path {
			e.weight++
		}
		bd.progress.Deepest = max(bd.progress.Deepest, len(path))
		bd.progress.Elapsed = time.Since(bd.began)
		if opts.Progress != nil {
			opts.Progress(bd.progress)
		}
	}
	return bd.book(v, root), nil
}

// A node is a position of the book's tree: a leaf, scored by a search, or
// an expanded position with an edge for each legal move.
type node struct {
	pos      bashni.Position
	static   int // the search's score, for the side to move
	expanded bool
	edges    []*edge

	value int    // negamax of the expanded positions below, as of epoch
	epoch uint32 // when value was set; onPath while it is being set
	cost  int    // the priority, in the last search for a leaf
	plies int    // from the start, on the way that cost is for
	seen  uint32 // the epoch of cost
}

type edge struct {
	move   bashni.Move
	child  *node
	weight uint32 // expansions made through this edge
}

const onPath = math.MaxUint32

type builder struct {
	ctx      context.Context
	eng      *engine.Engine
	opts     BuildOptions
	nodes    map[uint64]*node
	moves    int64 // of the expanded positions: the book's moves
	epoch    uint32
	progress BuildProgress
	began    time.Time
}

// add returns the node of pos, scoring it first if it is new.
func (bd *builder) add(pos bashni.Position) (*node, error) {
	if n, ok := bd.nodes[pos.Key()]; ok {
		return n, nil
	}
	n := &node{pos: pos}
	bd.eng.Clear()
	res, err := bd.eng.Search(bd.ctx, &pos, bd.opts.Limits)
	switch {
	case errors.Is(err, engine.ErrNoMoves):
		n.static, n.expanded = -int(engine.Win), true // lost: nothing to expand
	case err != nil:
		return nil, err
	case bd.ctx.Err() != nil:
		return nil, bd.ctx.Err() // a cancelled search's score means nothing
	default:
		n.static = int(res.Score)
		bd.progress.Searches++
		bd.progress.Nodes += res.Nodes
	}
	bd.nodes[pos.Key()] = n
	bd.progress.Positions++
	return n, nil
}

// expand gives n an edge for each legal move, scoring the new positions.
func (bd *builder) expand(n *node) error {
	legal := n.pos.LegalMoves()
	if len(legal) > maxCount {
		n.expanded = true // too many moves for a file; stays a leaf
		return nil
	}
	if need := memoryBytes(int64(bd.progress.Expanded+1), bd.moves+int64(len(legal))); need > bd.opts.MaxBytes {
		return limitError(fmt.Sprintf("book: stopped after %d of %d positions: the next, with %d moves, would take the book to %d bytes once read, over the limit of %d",
			bd.progress.Expanded, bd.opts.Positions, len(legal), need, bd.opts.MaxBytes))
	}
	edges := make([]*edge, 0, len(legal))
	for _, m := range legal {
		c, err := bd.add(n.pos.PlayUnchecked(m))
		if err != nil {
			return err
		}
		edges = append(edges, &edge{move: m, child: c})
	}
	n.edges, n.expanded = edges, true
	bd.progress.Expanded++
	bd.moves += int64(len(edges))
	return nil
}

// MaxPositions returns the most positions a book may have and take at most
// maxBytes bytes of memory once read (MemoryBytes), each with one move, the
// fewest a position of a file has: more positions take more whatever their
// moves. It is 0 when not even one fits, and at most math.MaxInt32.
func MaxPositions(maxBytes int64) int {
	per := MemoryBytes(1, 1) - MemoryBytes(0, 0)
	n := (maxBytes - MemoryBytes(0, 0)) / per
	return int(max(min(n, math.MaxInt32), 0))
}

// limitError is Build's error for a book over its memory limit: its text,
// and ErrTooBig for errors.Is.
type limitError string

func (e limitError) Error() string { return string(e) }
func (e limitError) Unwrap() error { return ErrTooBig }

// fromChild turns a child's score into its parent's: negated, with a
// forced result one ply further away.
func fromChild(v int) int {
	switch {
	case v >= int(engine.WinThreshold):
		return -(v - 1)
	case v <= -int(engine.WinThreshold):
		return -(v + 1)
	}
	return -v
}

// values sets the negamax value of every node reachable from root.
func (bd *builder) values(root *node) {
	bd.epoch++
	bd.value(root)
}

func (bd *builder) value(n *node) int {
	switch {
	case len(n.edges) == 0:
		return n.static
	case n.epoch == bd.epoch:
		return n.value
	case n.epoch == onPath:
		return n.static // a cycle (kings going back and forth): its own score
	}
	n.epoch = onPath
	best := math.MinInt
	for _, e := range n.edges {
		best = max(best, fromChild(bd.value(e.child)))
	}
	n.value, n.epoch = best, bd.epoch
	return best
}

// cheapestLeaf returns the unexpanded node of the lowest priority (values
// must be up to date) and the edges that lead to it from root, or nil when
// there is none.
func (bd *builder) cheapestLeaf(root *node) (*node, []*edge) {
	type reach struct {
		via  *edge
		from *node
	}
	how := map[*node]reach{}
	root.cost, root.plies, root.seen = 0, 0, bd.epoch
	q := &queue{{0, root}}
	for q.Len() > 0 {
		it := heap.Pop(q).(item)
		n := it.n
		if it.cost != n.cost {
			continue // pushed again since, at a lower cost
		}
		if !n.expanded {
			var path []*edge
			for at := n; at != root; at = how[at].from {
				path = append(path, how[at].via)
			}
			slices.Reverse(path)
			return n, path
		}
		best := bd.value(n)
		for _, e := range n.edges {
			c := e.child
			// Never below 0, even where a cycle gave a child a value
			// its parent's did not count.
			worse := max(best-fromChild(bd.value(c)), 0)
			if n.plies < bd.opts.FreePlies {
				worse = 0
			}
			cost := n.cost + worse + bd.opts.PlyCost
			if c.seen != bd.epoch || cost < c.cost {
				c.cost, c.plies, c.seen = cost, n.plies+1, bd.epoch
				how[c] = reach{e, n}
				heap.Push(q, item{cost, c})
			}
		}
	}
	return nil, nil
}

// An item is a node in the queue with the cost it was pushed at.
type item struct {
	cost int
	n    *node
}

// queue is a heap of nodes by cost, then key.
type queue []item

func (q queue) Len() int { return len(q) }
func (q queue) Less(i, j int) bool {
	if q[i].cost != q[j].cost {
		return q[i].cost < q[j].cost
	}
	return q[i].n.pos.Key() < q[j].n.pos.Key()
}
func (q queue) Swap(i, j int) { q[i], q[j] = q[j], q[i] }
func (q *queue) Push(x any)   { *q = append(*q, x.(item)) }
func (q *queue) Pop() any {
	old := *q
	it := old[len(old)-1]
	*q = old[:len(old)-1]
	return it
}

// book returns the expanded positions reachable from root as a Book.
func (bd *builder) book(v bashni.Variant, root *node) *Book {
	bd.values(root)
	var ns []*node
	for _, n := range bd.nodes {
		if len(n.edges) > 0 {
			ns = append(ns, n)
		}
	}
	slices.SortFunc(ns, func(a, b *node) int {
		ka, kb := a.pos.Key(), b.pos.Key()
		switch {
		case ka < kb:
			return -1
		case ka > kb:
			return 1
		}
		return 0
	})
	b := &Book{variant: v}
	for _, n := range ns {
		b.keys = append(b.keys, n.pos.Key())
		b.first = append(b.first, uint32(len(b.moves)))
		for _, e := range n.edges {
			r := record{score: int16(fromChild(bd.value(e.child))), weight: e.weight + 1}
			for _, s := range e.move.Path() {
				r.path[r.n] = s
				r.n++
			}
			b.moves = append(b.moves, r)
		}
	}
	b.first = append(b.first, uint32(len(b.moves)))
	return b
}

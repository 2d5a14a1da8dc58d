// Package perft is the perft lab of the bashni command: a count shared
// among goroutines, a transposition table of a given size (with Linux huge
// pages), and progress reports. The counting itself is the root package's
// (bashni.Perft, bashni.PerftOptions); this package decides how to share it
// out and what table to give it.
package perft

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/internal/sysmem"
)

// Config says how to count perft. The zero value counts on one goroutine,
// with bulk counting and no table, as bashni.Perft does.
type Config struct {
	// NoBulk plays every move of the last ply instead of counting them.
	NoBulk bool
	// Threads splits the root moves over this many goroutines (0 or 1: one;
	// at most MaxThreads).
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

// MaxThreads is the most goroutines a Config may ask for. The subtrees
// shared among them are kept in memory, 64 per goroutine, so a larger
// number costs memory without speed.
const MaxThreads = 1024

// Validate reports a configuration that cannot be honoured: a negative
// number of goroutines or table size, more than MaxThreads goroutines, or
// a table larger than the machine's physical memory (known on Linux),
// which would end the program when allocated (Go cannot recover from
// running out of memory). Perft and Divide return this error.
func (c Config) Validate() error {
	if c.Threads < 0 {
		return fmt.Errorf("perft: on %d goroutines: 0 or 1 counts on one, more on that many", c.Threads)
	}
	if c.Threads > MaxThreads {
		return fmt.Errorf("perft: on %d goroutines: at most %d", c.Threads, MaxThreads)
	}
	if c.HashMB < 0 {
		return fmt.Errorf("perft: a table of %d MiB: want 0 (none) or more", c.HashMB)
	}
	if ok, have := sysmem.TableFits(c.HashMB); !ok {
		return fmt.Errorf("perft: a table of %d MiB is more than the machine's memory (%d MiB)", c.HashMB, have)
	}
	return nil
}

// Perft counts as bashni.Perft does, as configured, giving up with ctx's
// error when ctx ends. Its errors are Validate's and bashni.Perft's. p
// must not be nil.
func (c Config) Perft(ctx context.Context, p *bashni.Position, depth int) (uint64, error) {
	lines, err := c.Divide(ctx, p, depth)
	if err != nil {
		return 0, err
	}
	return Total(lines, depth)
}

// overflow is the error of a count of the given depth that passes 2^64-1.
// It begins "perft: ", as this package's errors do, which the command
// bashni perft takes off after its own "bashni perft: ".
func overflow(depth int) error {
	return fmt.Errorf("perft: depth %d: %w", depth, bashni.ErrPerftOverflow)
}

// Total returns the perft of the given depth that the lines of its divide
// add up to (1 at depth 0), or an error wrapping bashni.ErrPerftOverflow
// if the sum does not fit in a uint64.
func Total(lines []bashni.MoveCount, depth int) (uint64, error) {
	if depth == 0 {
		return 1, nil
	}
	var n uint64
	for _, mc := range lines {
		if n+mc.Nodes < n {
			return 0, overflow(depth)
		}
		n += mc.Nodes
	}
	return n, nil
}

// Divide divides as bashni.Divide does, as configured, giving up with
// ctx's error when ctx ends. Its errors are Validate's and bashni.Perft's.
// p must not be nil.
func (c Config) Divide(ctx context.Context, p *bashni.Position, depth int) ([]bashni.MoveCount, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	// The depth is checked, and depth 0 answered, by the root's Divide.
	if depth < 1 || depth > bashni.MaxPerftDepth {
		return bashni.Divide(p, depth)
	}
	moves := p.LegalMoves()
	out := make([]bashni.MoveCount, len(moves))
	for i, m := range moves {
		out[i].Move = m
	}
	opt := bashni.PerftOptions{NoBulk: c.NoBulk}
	if c.HashMB > 0 {
		t := NewTable(c.HashMB)
		t.SetMinDepth(tableFrom(p, depth))
		opt.Table = t
	}
	threads := max(c.Threads, 1)
	// The work is shared out as subtrees: the root moves' subtrees are split
	// ply by ply until there are enough of them to share evenly (a start
	// position has 6 or 7 moves, and lasca's 6 second plies are no better),
	// keeping at least two plies in each so that bulk counting still counts.
	// A Progress callback wants shares on one goroutine too.
	type item struct {
		root int
		pos  bashni.Position
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
	counts := make([]uint64, len(items))
	var mu sync.Mutex // guards done and firstErr
	done := 0
	var firstErr error
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	work := func() {
		for {
			i := int(next.Add(1) - 1)
			if i >= len(items) {
				return
			}
			n, err := opt.Count(ctx, &items[i].pos, items[i].left)
			mu.Lock()
			if err != nil && firstErr == nil {
				firstErr = err
				cancel() // the others stop too
			}
			counts[i] = n
			done++
			if c.Progress != nil && err == nil {
				c.Progress(done, len(items))
			}
			mu.Unlock()
			if err != nil {
				return
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
	if errors.Is(firstErr, bashni.ErrPerftOverflow) { // a share's, of less depth
		return nil, overflow(depth)
	}
	if firstErr != nil {
		return nil, firstErr
	}
	for i, it := range items {
		n := out[it.root].Nodes + counts[i]
		if n < counts[i] {
			return nil, overflow(depth)
		}
		out[it.root].Nodes = n
	}
	return out, nil
}

package perft

import (
	"math"
	"sync/atomic"
	"unsafe"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/internal/sysmem"
)

// Table maps (key, depth) to a count: the table of Config.HashMB, and a
// bashni.PerftTable for a count of one's own. It is made of buckets of four
// entries, 64 bytes, one cache line: a probe reads one line, as a table of
// single entries would, and a new count replaces the entry of least depth
// in its bucket. A count of depth d stands for many of depth d-1, so when
// a deep count fills the table it keeps the deep ones and lets the shallow
// ones, the most numerous and the cheapest to count again, churn. (With one
// entry a slot, always replaced, russian perft 20 in an 8 GiB table had not
// finished after two hours.)
//
// An entry is two words written and read atomically; a torn entry is
// detected by the check word and ignored.
//
// The zero Table holds nothing: Get misses and Put drops the count (a count
// with it is a count without a table, asked at every depth). NewTable makes
// one that keeps counts.
type Table struct {
	buckets []perftBucket
	mask    uint64
	from    int // the shallowest depth counted in the table (tableFrom)
}

type perftBucket [4]perftSlot

type perftSlot struct {
	check atomic.Uint64 // key ^ depth-salt ^ data
	data  atomic.Uint64 // count<<8 | the depth, up to 255: 0 is empty
}

// perftMaxStored is the largest count an entry holds: a larger one is not
// stored (it would take years to count without a table anyway).
const perftMaxStored = 1<<56 - 1

// NewTable returns a table of mb MiB (rounded down to a power of two
// buckets of 64 bytes, at least one: mb 0 or less is one bucket, a table
// that works), which keeps counts of depth 3 and
// more until told otherwise (SetMinDepth). On Linux it asks for huge pages.
// It allocates the memory at once: mb must fit in the machine's memory
// (Config.Validate checks it).
func NewTable(mb int) *Table {
	n := uint64(max(mb, 0)) << 20 / uint64(unsafe.Sizeof(perftBucket{}))
	size := uint64(1)
	for size*2 <= n {
		size *= 2
	}
	buckets := make([]perftBucket, size)
	sysmem.AdviseHugePages(buckets)
	return &Table{buckets: buckets, mask: size - 1, from: 3}
}

// SetMinDepth sets the shallowest depth the table keeps (MinDepth). Config
// sets it for each count from the position's branching factor, so that a
// probe (a cache miss) is made only above subtrees of a hundred leaves or so:
// 3 from russian's start, 5 from lasca's.
func (t *Table) SetMinDepth(d int) { t.from = d }

// MinDepth returns the shallowest depth the table keeps.
func (t *Table) MinDepth() int { return t.from }

// tableFrom returns the shallowest depth whose counts a table keeps when
// counting perft depth from p. A probe is a cache miss, worth it only above
// a subtree of a hundred leaves or so, and how deep that is depends on the
// branching factor: about 6 in the first plies of the 8x8 rulesets, 2.6 in
// lasca's, where the table from depth 3 made perft slower than from 5 or 6
// (lasca perft 21 with 1 GiB: 17 s from depth 3 or 4, 10 s from 5; russian
// perft 15: the same from 3 or 4). The factor is judged from perft 5 of p,
// or less for a shallower count: russian starts keep depth 3 up, lasca 5.
func tableFrom(p *bashni.Position, depth int) int {
	k := min(depth-1, 5)
	if k < 1 {
		return 3
	}
	n, err := bashni.Perft(p, k)
	if err != nil {
		return 3
	}
	b := math.Pow(float64(n), 1/float64(k))
	d := 3
	for d < 6 && math.Pow(b, float64(d)) < 100 {
		d++
	}
	return d
}

// depthSalt is what the key of a position is changed by at each depth, so
// that its counts of different depths go to different buckets: the keys
// are well mixed already, and a multiple of an odd constant keeps them
// apart.
func depthSalt(depth int) uint64 { return (uint64(depth) + 0x51ED27) * 0x9E3779B97F4A7C15 }

// Get returns the count of the position of the given key at depth, if the
// table has it.
func (t *Table) Get(key uint64, depth int) (uint64, bool) {
	if len(t.buckets) == 0 {
		return 0, false // the zero Table
	}
	k := key ^ depthSalt(depth)
	b := &t.buckets[k&t.mask]
	for i := range b {
		d := b[i].data.Load()
		if b[i].check.Load() == k^d && d != 0 {
			return d >> 8, true
		}
	}
	return 0, false
}

// Put stores the count of the position of the given key at depth, in place
// of the entry of least depth in its bucket. A count of 2^56 or more, which
// an entry cannot hold (and which would take years to count without a table),
// or of a negative depth is not stored.
func (t *Table) Put(key uint64, depth int, count uint64) {
	if count > perftMaxStored || depth < 0 || len(t.buckets) == 0 {
		return
	}
	k := key ^ depthSalt(depth)
	b := &t.buckets[k&t.mask]
	// The victim: the entry of least depth, the scan starting at a slot
	// the key picks, so that among equals each slot takes its turn; an
	// entry of the same key and depth is never there (put follows a get
	// that missed), or if another goroutine just wrote it, the same count.
	first := int(k >> 62)
	v, least := first, uint64(256)
	for j := range b {
		i := (first + j) & 3
		if d := b[i].data.Load() & 0xff; d < least {
			v, least = i, d
		}
	}
	d := count<<8 | uint64(min(depth, 255))
	b[v].data.Store(d)
	b[v].check.Store(k ^ d)
}

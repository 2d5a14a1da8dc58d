package engine

import "github.com/bashni-dev/bashni/internal/sysmem"

// The transposition table maps position keys (bashni.Position.Key) to what
// an earlier search learned there: a score with its bound, the depth it was
// searched to, and the best move. The move is stored as its index in the
// position's legal move list, which the generator produces in a fixed order,
// so an entry stays a few bytes and needs no move decoding.

// Bound says how a stored score relates to the true value.
type bound uint8

const (
	boundNone  bound = iota
	boundUpper       // the true value is at most the score (no move reached alpha)
	boundLower       // the true value is at least the score (a move reached beta)
	boundExact
)

type ttEntry struct {
	key   uint64
	score int16
	depth int8
	bound bound
	move  uint8 // index+1 in the legal move list; 0 for none
	age   uint8
}

// table is a bucketed hash table: each key maps to a bucket of two entries,
// the first kept for the deepest search, the second always replaced.
type table struct {
	buckets [][2]ttEntry
	mask    uint64
	age     uint8
}

const ttEntrySize = 16

func newTable(mb int) *table {
	if mb <= 0 {
		mb = DefaultHashMB
	}
	n := uint64(1)
	for n*2*2*ttEntrySize <= uint64(mb)<<20 {
		n *= 2
	}
	buckets := make([][2]ttEntry, n)
	sysmem.AdviseHugePages(buckets)
	return &table{buckets: buckets, mask: n - 1}
}

func (t *table) clear() {
	clear(t.buckets)
	t.age = 0
}

// probe returns the entry for key, if the table holds one.
func (t *table) probe(key uint64) (ttEntry, bool) {
	b := &t.buckets[key&t.mask]
	for i := range b {
		if b[i].key == key && b[i].bound != boundNone {
			return b[i], true
		}
	}
	return ttEntry{}, false
}

// store records a search result. The depth-preferred slot takes it when it
// is at least as deep as what it holds or that is from an older search;
// otherwise the always-replace slot does.
func (t *table) store(key uint64, score Score, depth int, bd bound, move int) {
	b := &t.buckets[key&t.mask]
	e := ttEntry{key: key, score: int16(score), depth: int8(depth), bound: bd, move: uint8(move + 1), age: t.age}
	if move < 0 || move > 254 {
		e.move = 0
	}
	d := &b[0]
	if d.key == key && e.move == 0 {
		e.move = d.move // keep the known best move of this position
	}
	if d.bound == boundNone || d.key == key || d.age != t.age || depth >= int(d.depth) {
		*d = e
		return
	}
	if b[1].key == key && e.move == 0 {
		e.move = b[1].move
	}
	b[1] = e
}

package engine

import (
	"sync/atomic"

	"github.com/bashni-dev/bashni/internal/sysmem"
)

// The transposition table maps position keys (bashni.Position.Key) to what
// an earlier search learned there: a score with its bound, the depth it was
// searched to, and the best move. The move is stored as its index in the
// position's legal move list, which the generator produces in a fixed order,
// so an entry stays a few bytes and needs no move decoding.
//
// The threads of a search (Options.Threads) share one table without locks.
// An entry is two words, the data and the key XORed with the data, each
// read and written whole (atomically: on amd64 and arm64 a load is a plain
// load). A probe trusts an entry only if the two words still match its key,
// so an entry torn by two threads writing it at once reads as a miss, never
// as another position's move or score.

// Bound says how a stored score relates to the true value.
type bound uint8

const (
	boundNone  bound = iota
	boundUpper       // the true value is at most the score (no move reached alpha)
	boundLower       // the true value is at least the score (a move reached beta)
	boundExact
)

// boundOf returns how the value best that a node searched in the window
// (alpha, beta) found relates to its true value.
//
// A forced result inside the window is only a bound, not exact: the win
// is proven but a shorter one may hide behind the moves reduced before it
// was found (reduction), and likewise the loss may come later than
// proven. Stored as exact, a win in 7 would answer every later probe of
// the position, and the search would never see the win in 5.
func boundOf(best, alpha, beta Score) bound {
	switch {
	case best >= beta:
		return boundLower
	case best <= alpha:
		return boundUpper
	case best >= WinThreshold:
		return boundLower
	case best <= -WinThreshold:
		return boundUpper
	}
	return boundExact
}

// ttEntry is an entry as probe returns it.
type ttEntry struct {
	score int16
	depth int8
	bound bound
	move  uint8  // index+1 in the legal move list; 0 for none
	age   uint16 // the table's age when stored
}

// ageBits is the width of an entry's age. The age wraps after 1<<ageBits
// searches (newSearch), and no entry lives that long: newSearch sweeps
// them out at half of it. 16 bits keep ttEntry 8 bytes, which probe and
// store copy as one word: a wider field (the data word has 24 bits to
// spare) made their code a fifth larger.
const ageBits = 16

// sweepSearches is the age, in searches, at which newSearch's sweep
// clears an entry, and the most searches it takes to sweep the whole
// table: half the ages there are.
const sweepSearches = 1 << (ageBits - 1)

// pack returns the entry as the data word of a slot.
func (e ttEntry) pack() uint64 {
	return uint64(uint16(e.score)) | uint64(uint8(e.depth))<<16 | uint64(e.bound)<<24 |
		uint64(e.move)<<32 | uint64(e.age)<<40
}

func unpack(d uint64) ttEntry {
	return ttEntry{score: int16(d), depth: int8(d >> 16), bound: bound(d >> 24), move: uint8(d >> 32), age: uint16(d >> 40)}
}

// slot is one entry of the table: check is the key XORed with data.
type slot struct {
	check, data atomic.Uint64
}

// load returns the slot's key and entry as one consistent pair, or ok false
// if the slot is empty.
func (s *slot) load() (key uint64, e ttEntry, ok bool) {
	d := s.data.Load()
	e = unpack(d)
	return s.check.Load() ^ d, e, e.bound != boundNone
}

func (s *slot) put(key uint64, e ttEntry) {
	d := e.pack()
	s.data.Store(d)
	s.check.Store(key ^ d)
}

// table is a bucketed hash table: each key maps to a bucket of two entries,
// the first kept for the deepest search, the second always replaced.
//
// A table serves one ruleset at a time, as a position's key does not
// include it. Rather than clear the table when the ruleset changes, which
// takes a second or two for a table of 1 GiB, forget turns every key it
// is given from then on into another (salt, XORed into the key), so that
// the entries stored before read as misses, and make room as entries of
// older searches do (their age is older).
type table struct {
	buckets [][2]slot
	mask    uint64
	age     uint16 // the current search's (newSearch)
	sweep   uint64 // the bucket newSearch sweeps from
	salt    uint64 // XORed into every key; 0 in a new or cleared table
	salts   uint64 // how many salts forget has drawn
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
	buckets := make([][2]slot, n)
	sysmem.AdviseHugePages(buckets)
	return &table{buckets: buckets, mask: n - 1}
}

// newSearch gives the search about to start its own age, so that store
// tells its entries from those of earlier searches, which it replaces.
// Store asks only whether an entry is the current search's, so an age that
// wrapped would make an entry stored 1<<ageBits searches back, that no
// store in its bucket had replaced since, read as the current search's and
// keep its depth-preferred slot over newer entries (with the 8-bit age of
// before, one 256 searches old did). Comparing by wrapped distance would
// not tell such an entry apart either, whatever the width.
//
// So no entry gets that old: each newSearch sweeps the next sweepChunk
// buckets, the whole table in sweepSearches searches at most, and clears
// the entries sweepSearches or more searches old by wrapped distance. An
// entry's first sweep comes at most sweepSearches searches after its
// store, and the sweeps after it as often, so the sweep that finds it
// sweepSearches old or more comes before it is 1<<ageBits old, and the
// wrapped distance it reads is the true one. The sweep reads 1/32,768 of
// the table a search (32 KiB of 1 GiB), at the wrap as at any other
// search: about 0.3 µs for the default table and 20 µs for a full one of
// 1 GiB (BenchmarkTableNewSearch). Clearing the whole table at the wrap,
// as newSearch did, took 0.26 ms for the default table, 26 ms for a full
// one of 1 GiB and 2.1 s for one the searches had not touched all of (each
// page faulted in), once in 65,536 searches. (Like that clear, the sweep
// brings the whole table into memory within 32,768 searches, where the
// searches' stores had not.)
func (t *table) newSearch() {
	t.age = (t.age + 1) & (1<<ageBits - 1)
	end := t.sweep + sweepChunk(uint64(len(t.buckets)))
	for i := t.sweep; i < end; i++ {
		for j := range t.buckets[i] {
			s := &t.buckets[i][j]
			if e := unpack(s.data.Load()); e.bound != boundNone && t.age-e.age >= sweepSearches {
				s.data.Store(0)
				s.check.Store(0)
			}
		}
	}
	t.sweep = end & t.mask
}

// sweepChunk returns how many of a table's n buckets (a power of two)
// newSearch sweeps: enough to sweep them all in sweepSearches searches.
func sweepChunk(n uint64) uint64 {
	return max(n/sweepSearches, 1)
}

func (t *table) clear() {
	clear(t.buckets)
	t.age, t.sweep = 0, 0
	t.salt, t.salts = 0, 0
}

// forget makes the table's entries unreachable at no cost: the keys read
// and stored from now on are salted anew (table). The entries read as
// misses, and store replaces them as it replaces those of an older search,
// so that a search after forget finds what it would in an empty table. A
// salt is never 0 nor repeated until the table is cleared: splitmix64's
// finaliser is a bijection of the count.
func (t *table) forget() {
	t.salts++
	z := t.salts * 0x9e3779b97f4a7c15
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	t.salt = z ^ z>>31
}

// probe returns the entry for key, if the table holds one.
func (t *table) probe(key uint64) (ttEntry, bool) {
	key ^= t.salt
	b := &t.buckets[key&t.mask]
	for i := range b {
		if k, e, ok := b[i].load(); ok && k == key {
			return e, true
		}
	}
	return ttEntry{}, false
}

// store records a search result. The depth-preferred slot takes it when it
// is at least as deep as what it holds or that is from an older search;
// otherwise the always-replace slot does.
func (t *table) store(key uint64, score Score, depth int, bd bound, move int) {
	key ^= t.salt
	b := &t.buckets[key&t.mask]
	e := ttEntry{score: int16(score), depth: int8(depth), bound: bd, move: uint8(move + 1), age: t.age}
	if move < 0 || move > 254 {
		e.move = 0
	}
	dk, d, dok := b[0].load()
	if dok && dk == key && e.move == 0 {
		e.move = d.move // keep the known best move of this position
	}
	if !dok || dk == key || d.age != t.age || depth >= int(d.depth) {
		b[0].put(key, e)
		return
	}
	if k, a, ok := b[1].load(); ok && k == key && e.move == 0 {
		e.move = a.move
	}
	b[1].put(key, e)
}

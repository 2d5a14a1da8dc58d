package engine

import (
	"context"
	"testing"

	"github.com/bashni-dev/bashni"
)

// occupied counts the table's slots that hold an entry.
func occupied(t *table) int {
	n := 0
	for i := range t.buckets {
		for j := range t.buckets[i] {
			if _, _, ok := t.buckets[i][j].load(); ok {
				n++
			}
		}
	}
	return n
}

// A search in another ruleset than the last one does not clear the table
// (which took 1 to 2 s with a table of 1 GiB, before the search's clock
// started, so that neither its time limit nor Result.Time counted them):
// the entries stay, and the search finds nothing of them. Russian draughts
// and Bashni's Russian rules share the board and the start position's key,
// so an entry of one read in the other would be found. The search after
// the change, and the one back in the first ruleset, are those of a new
// Engine, node for node.
func TestRulesetChangeForgetsTheTableWithoutClearingIt(t *testing.T) {
	a, b := bashni.RussianDraughts(), bashni.Russian()
	posA, posB := a.MustStart(), b.MustStart()
	if posA.Key() != posB.Key() {
		t.Fatalf("the start positions of %s and %s have different keys: the test needs a stale entry to be found", a, b)
	}
	ctx := context.Background()
	lim := Limits{Depth: 6}
	search := func(e *Engine, pos *bashni.Position, lim Limits) Result {
		t.Helper()
		r, err := e.Search(ctx, pos, lim)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}

	e := MustNew(Options{HashMB: 4})
	search(e, &posA, lim)
	filled := occupied(e.tt)
	search(e, &posB, Limits{Depth: 1})
	if got := occupied(e.tt); got < filled {
		t.Errorf("after a search in %s, %d slots of the table hold an entry; after a search of depth 1 in %s, %d: the table was cleared", a, filled, b, got)
	}

	e = MustNew(Options{HashMB: 4})
	search(e, &posA, lim)
	for _, step := range []struct {
		name string
		pos  *bashni.Position
	}{{"the other ruleset", &posB}, {"back in the first", &posA}} {
		got := search(e, step.pos, lim)
		want := search(MustNew(Options{HashMB: 4}), step.pos, lim)
		if summarize(got) != summarize(want) || got.TTHits != want.TTHits {
			t.Errorf("%s: %+v with %d table hits, want a new Engine's %+v with %d", step.name, summarize(got), got.TTHits, summarize(want), want.TTHits)
		}
	}
}

// forget makes every entry a miss and draws salts that are never 0 and
// never repeat; clear starts the salts afresh, as in a new table.
func TestTableForget(t *testing.T) {
	tt := newTable(1)
	const key = 0x123456789abcdef
	tt.store(key, 10, 3, boundExact, 0)
	seen := map[uint64]bool{0: true}
	for range 1000 {
		tt.forget()
		if seen[tt.salt] {
			t.Fatalf("salt %#x drawn twice, or 0", tt.salt)
		}
		seen[tt.salt] = true
		if _, ok := tt.probe(key); ok {
			t.Fatalf("with salt %#x the entry stored before forget is found", tt.salt)
		}
	}
	tt.clear()
	if tt.salt != 0 {
		t.Errorf("a cleared table's salt is %#x, want 0", tt.salt)
	}
	tt.store(key, 10, 3, boundExact, 0)
	if e, ok := tt.probe(key); !ok || e.score != 10 {
		t.Errorf("after clear, a stored entry reads %+v, %v", e, ok)
	}
}

// An entry of an earlier search gives up its depth-preferred slot to one
// of the current search, however many searches back it was stored, while
// one of the current search keeps it against a shallower one. The 8-bit
// age wrapped after 256 searches: an entry 256 (or 512, ...) searches old
// read as the current search's and kept its slot over newer ones. The
// 16-bit age wraps too, after 65,536 searches, and newSearch's sweep
// clears every entry before it is that old (TestTableSweepBoundsAges).
func TestTableAgeDoesNotWrap(t *testing.T) {
	tt := newTable(1)
	n := uint64(len(tt.buckets))
	// ago[i]: bucket i's deep entry (key i) is that many searches old
	// when a shallower one (key i+n, the same bucket) is stored.
	ago := []int{0, 1, 2, 255, 256, 257, 512, 1000, 1<<16 - 1, 1 << 16, 1<<16 + 1}
	if uint64(len(ago)) > n {
		t.Fatalf("%d buckets, want %d at least", n, len(ago))
	}
	tt.newSearch()
	for i := range ago {
		tt.store(uint64(i), 50, 10, boundExact, 0)
	}
	for searches, i := 0, 0; i < len(ago); searches++ {
		if searches > 0 {
			tt.newSearch()
		}
		for ; i < len(ago) && ago[i] == searches; i++ {
			tt.store(uint64(i)+n, 7, 1, boundExact, 0)
			k, e, ok := tt.buckets[i][0].load()
			if ago[i] == 0 {
				if !ok || k != uint64(i) || e.depth != 10 {
					t.Errorf("same search: the depth-preferred slot holds key %d, depth %d (%v); want the deeper entry, key %d, depth 10", k, e.depth, ok, i)
				}
				continue
			}
			if !ok || k != uint64(i)+n || e.depth != 1 {
				t.Errorf("%d searches later: the depth-preferred slot holds key %d, depth %d (%v); want the new entry, key %d, depth 1", ago[i], k, e.depth, ok, uint64(i)+n)
			}
		}
	}
}

// The wrap of the age, once in 65,536 searches, costs newSearch no more
// than any other search: the entries of the searches before it stay, as
// the older searches' that they are (a shallower entry of the current
// search takes the depth-preferred slot). newSearch cleared the whole
// table there, 1 to 2 s for a table of 1 GiB, inside a search's time.
func TestTableAgeWrapKeepsTheTable(t *testing.T) {
	tt := newTable(1)
	n := uint64(len(tt.buckets))
	for tt.newSearch(); tt.age != 1<<16-1; {
		tt.newSearch()
	}
	// The search before the wrap fills every slot: key i the
	// depth-preferred one, key i+n the other (shallower, of the same
	// search).
	for i := range n {
		tt.store(i, 50, 10, boundExact, 0)
		tt.store(i+n, 40, 9, boundExact, 0)
	}
	full := occupied(tt)
	if full != int(2*n) {
		t.Fatalf("%d slots hold an entry, want all %d", full, 2*n)
	}
	tt.newSearch()
	if tt.age != 0 {
		t.Fatalf("age %d, want the wrap to 0", tt.age)
	}
	if got := occupied(tt); got != full {
		t.Fatalf("after the wrap %d slots of %d hold an entry: newSearch cleared the table", got, full)
	}
	for i := range n {
		if e, ok := tt.probe(i); !ok || e.score != 50 || e.depth != 10 {
			t.Fatalf("after the wrap, the last search's entry %d reads %+v, %v", i, e, ok)
		}
		if e, ok := tt.probe(i + n); !ok || e.score != 40 || e.depth != 9 {
			t.Fatalf("after the wrap, the last search's entry %d reads %+v, %v", i+n, e, ok)
		}
	}
	tt.store(3+2*n, 7, 1, boundExact, 0)
	if k, e, _ := tt.buckets[3][0].load(); k != 3+2*n || e.depth != 1 {
		t.Errorf("after the wrap, the depth-preferred slot holds key %d, depth %d; want the current search's shallower entry", k, e.depth)
	}
}

// No entry lives to be 1<<ageBits searches old, when its age would read
// as the current search's: each newSearch sweeps the next sweepChunk
// buckets, at the wrap as at any other search (its work does not grow
// with the table), the whole table in sweepSearches searches at most, and
// clears the entries sweepSearches searches old or more. Entries stored at
// different points of the sweep's round, in buckets it reaches at
// different times, are found until they are sweepSearches old, and never
// once they are 1<<ageBits old, through two wraps of the age.
func TestTableSweepBoundsAges(t *testing.T) {
	for _, c := range []struct{ n, chunk uint64 }{
		{1, 1}, {1 << 14, 1}, {1 << 15, 1}, {1 << 16, 2}, {1 << 25, 1 << 10}, // 1 GiB: 32 KiB a search
	} {
		if got := sweepChunk(c.n); got != c.chunk || got*sweepSearches < c.n {
			t.Errorf("sweepChunk(%d) = %d, want %d", c.n, got, c.chunk)
		}
	}
	tt := newTable(2) // 1<<15 buckets: one a search, the whole in sweepSearches
	n := uint64(len(tt.buckets))
	type entry struct {
		key    uint64
		stored int // the search that stored it
	}
	var live []entry
	buckets := []uint64{0, 1, n / 3, n / 2, n - 1}
	for search := 1; search <= 2<<ageBits+10; search++ {
		before := tt.sweep
		tt.newSearch()
		if want := (before + sweepChunk(n)) & tt.mask; tt.sweep != want {
			t.Fatalf("search %d (age %d): the sweep moved from bucket %d to %d, want %d", search, tt.age, before, tt.sweep, want)
		}
		// Every 4,099 searches, an entry in each of five buckets, seven
		// on from the last five, so that none replaces another: the
		// stores come at every point of the sweep's round.
		if search%4099 == 1 {
			for _, b := range buckets {
				key := (b+7*uint64(search/4099))&tt.mask + n*uint64(search)
				tt.store(key, 1, 1, boundExact, 0)
				live = append(live, entry{key, search})
			}
		}
		kept := live[:0]
		for _, e := range live {
			age := search - e.stored
			_, found := tt.probe(e.key)
			switch {
			case age < sweepSearches && !found:
				t.Fatalf("search %d: the entry of search %d (%d old) is gone", search, e.stored, age)
			case age >= 1<<ageBits && found:
				t.Fatalf("search %d: the entry of search %d is %d searches old and still there, its age read as the current one's", search, e.stored, age)
			}
			if found {
				kept = append(kept, e)
			}
		}
		live = kept
	}
}

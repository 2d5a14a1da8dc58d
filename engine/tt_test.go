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
// 16-bit age wraps too, after 65,536 searches, when newSearch clears the
// table, so that no entry is that old.
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

package perft

import (
	"context"
	"math"
	"testing"

	"github.com/bashni-dev/bashni"
)

// keyFor returns the position key whose entry of the given depth has the
// probe word k, so that a test can choose the bucket and the slot order.
func keyFor(k uint64, depth int) uint64 { return k ^ depthSalt(depth) }

func TestPerftTableGetPut(t *testing.T) {
	tab := NewTable(1)
	if n, ok := tab.Get(12345, 5); ok {
		t.Fatalf("empty table: get = %d, true", n)
	}
	tab.Put(12345, 5, 987654321)
	if n, ok := tab.Get(12345, 5); !ok || n != 987654321 {
		t.Errorf("get after put = %d, %v; want 987654321, true", n, ok)
	}
	if n, ok := tab.Get(12345, 6); ok {
		t.Errorf("get at another depth = %d, true; want a miss", n)
	}
	if n, ok := tab.Get(12346, 5); ok {
		t.Errorf("get of another key = %d, true; want a miss", n)
	}
	tab.Put(777, 4, perftMaxStored+1)
	if n, ok := tab.Get(777, 4); ok {
		t.Errorf("a count above perftMaxStored was stored: get = %d", n)
	}
	tab.Put(777, 4, perftMaxStored)
	if n, ok := tab.Get(777, 4); !ok || n != perftMaxStored {
		t.Errorf("get of the largest storable count = %d, %v", n, ok)
	}
}

// A table of no MiB, or fewer, is the smallest that works, one bucket: a
// negative size was read as nearly 2^64 bytes, and NewTable(-1) panicked
// ("makeslice: len out of range").
func TestPerftTableOfNoSize(t *testing.T) {
	p := bashni.Russian().MustStart()
	want, err := bashni.Perft(&p, 5)
	if err != nil {
		t.Fatal(err)
	}
	for _, mb := range []int{0, -1, math.MinInt} {
		tab := NewTable(mb)
		if len(tab.buckets) != 1 {
			t.Errorf("NewTable(%d): %d buckets, want 1", mb, len(tab.buckets))
		}
		tab.Put(12345, 5, 42)
		if n, ok := tab.Get(12345, 5); !ok || n != 42 {
			t.Errorf("NewTable(%d): get after put = %d, %v; want 42, true", mb, n, ok)
		}
		if n, err := (bashni.PerftOptions{Table: tab}).Count(context.Background(), &p, 5); err != nil || n != want {
			t.Errorf("NewTable(%d): perft 5 = %d, %v; want %d", mb, n, err, want)
		}
	}
}

// A full bucket gives up its shallowest entry: the deep counts, each worth
// many shallow ones, stay.
func TestPerftTableKeepsDeepEntries(t *testing.T) {
	tab := NewTable(1)
	const bucket = 42 // every probe word below is this mod the table's size
	probe := func(i uint64) uint64 { return i<<40 | bucket }
	for i, depth := range []int{10, 7, 9, 8} {
		tab.Put(keyFor(probe(uint64(i)), depth), depth, uint64(100+depth))
	}
	tab.Put(keyFor(probe(9), 3), 3, 103)
	want := map[int]bool{10: true, 9: true, 8: true, 7: false, 3: true}
	for i, depth := range []int{10, 7, 9, 8} {
		n, ok := tab.Get(keyFor(probe(uint64(i)), depth), depth)
		if ok != want[depth] || ok && n != uint64(100+depth) {
			t.Errorf("depth %d: get = %d, %v; want kept = %v", depth, n, ok, want[depth])
		}
	}
	if n, ok := tab.Get(keyFor(probe(9), 3), 3); !ok || n != 103 {
		t.Errorf("the new depth-3 entry: get = %d, %v", n, ok)
	}
}

// Among entries of equal depth the slot replaced depends on the key, so
// that all four slots of a bucket churn, not one.
func TestPerftTableReplacesInTurn(t *testing.T) {
	tab := NewTable(1)
	const bucket = 7
	var old []uint64
	for i := range uint64(4) {
		k := keyFor(i<<40|bucket, 3)
		tab.Put(k, 3, 1+i)
		old = append(old, k)
	}
	for _, k := range old {
		if _, ok := tab.Get(k, 3); !ok {
			t.Fatalf("key %#x: not in the bucket after filling it", k)
		}
	}
	for start := range uint64(4) {
		tab.Put(keyFor(start<<62|(start+8)<<40|bucket, 3), 3, 50)
	}
	for _, k := range old {
		if n, ok := tab.Get(k, 3); ok {
			t.Errorf("key %#x still there (%d) after four new entries of the same depth", k, n)
		}
	}
}

// The table keeps counts from where a subtree holds a hundred leaves or so:
// depth 3 in the 8x8 rulesets, whose first plies have about six moves a
// position, 5 in lasca's (2.6). A position without moves, or with one forced
// line, keeps them from depth 6.
func TestTableFrom(t *testing.T) {
	lost, err := bashni.ParseFEN(bashni.Russian(), "W:W:Bc5")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name  string
		p     bashni.Position
		depth int
		want  int
	}{
		{"russian", bashni.Russian().MustStart(), 12, 3},
		{"international", bashni.International().MustStart(), 12, 3},
		{"russian-draughts", bashni.RussianDraughts().MustStart(), 12, 3},
		{"lasca", bashni.Lasca().MustStart(), 20, 5},
		{"ludii-lasca", bashni.LudiiLasca().MustStart(), 20, 5},
		{"lasca, shallow: perft 2 is 6", bashni.Lasca().MustStart(), 3, 6},
		{"no moves", lost, 10, 6},
	} {
		if got := tableFrom(&c.p, c.depth); got != c.want {
			t.Errorf("%s: tableFrom(depth %d) = %d, want %d", c.name, c.depth, got, c.want)
		}
	}
}

// The zero Table holds nothing, as its documentation says: Get misses and
// Put drops the count. Both indexed its nil buckets and panicked, so a
// bashni.PerftOptions{Table: &perft.Table{}} count panicked at its first
// probe.
func TestPerftZeroTable(t *testing.T) {
	var tab Table
	tab.Put(12345, 5, 99)
	if n, ok := tab.Get(12345, 5); ok {
		t.Errorf("the zero table: get = %d, true; want a miss", n)
	}
	p := bashni.Russian().MustStart()
	want, err := bashni.Perft(&p, 4)
	if err != nil {
		t.Fatal(err)
	}
	got, err := bashni.PerftOptions{Table: &tab}.Count(context.Background(), &p, 4)
	if err != nil || got != want {
		t.Errorf("perft 4 with the zero table = %d, %v; want %d", got, err, want)
	}
}

// A count of a negative depth is not stored: its depth, written into the
// entry's low byte as a uint64, overwrote the count's bits, and Get then
// answered 2^56-1 for the count 5.
func TestPerftTableNegativeDepth(t *testing.T) {
	tab := NewTable(1)
	tab.Put(12345, -1, 5)
	if n, ok := tab.Get(12345, -1); ok && n != 5 {
		t.Errorf("get at depth -1 after a put of 5 = %d, true", n)
	}
}

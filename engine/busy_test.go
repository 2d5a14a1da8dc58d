package engine

import (
	"sync"
	"testing"
)

// A key is marked once: a second claim of it fails, as does a claim of
// another key in its slot, which has then does not report; clear frees the
// slot for the next.
func TestBusyTableMarks(t *testing.T) {
	var b busyTable
	const k = 0x1234_5678_9abc_d001
	other := k + uint64(len(b)) // the same slot
	if b.has(k) {
		t.Fatal("an empty table has a key")
	}
	if !b.mark(k) || !b.has(k) {
		t.Fatal("mark of a free slot failed")
	}
	if b.mark(k) {
		t.Error("a key was marked twice")
	}
	if b.mark(other) || b.has(other) {
		t.Error("a second key took a slot in use")
	}
	b.clear(k)
	if b.has(k) {
		t.Error("a cleared key is still busy")
	}
	if !b.mark(other) || !b.has(other) || b.has(k) {
		t.Error("the freed slot did not take the second key")
	}
}

// Threads marking and clearing the same keys (run with -race): a key's
// slot has at most one owner at a time.
func TestBusyTableOneOwner(t *testing.T) {
	var b busyTable
	var owners [4]int32
	var mu sync.Mutex
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 20000 {
				k := uint64(i%4 + 1)
				if !b.mark(k) {
					continue
				}
				mu.Lock()
				owners[k-1]++
				n := owners[k-1]
				mu.Unlock()
				if n != 1 {
					t.Errorf("worker %d: key %d has %d owners", w, k, n)
					return
				}
				mu.Lock()
				owners[k-1]--
				mu.Unlock()
				b.clear(k)
			}
		}()
	}
	wg.Wait()
}

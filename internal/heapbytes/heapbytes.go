// Package heapbytes measures what a piece of code allocates on the heap,
// for tests that bound memory in bytes (testing.AllocsPerRun counts
// allocations, not their size).
package heapbytes

import "runtime"

// Of returns the bytes f allocates on the heap: the growth of the runtime's
// total allocated across the call, after a collection. Other goroutines'
// allocations in the meantime count too, and the runtime allocates a few
// KB of its own around a collection: bound what f allocates generously.
func Of(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

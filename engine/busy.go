package engine

import "sync/atomic"

// busyDepth is the least remaining depth at which a node is marked busy:
// a smaller subtree costs little to search twice, less than the marks.
const busyDepth = 3

// busyTable holds the keys of the nodes that the threads of a search are
// searching at the moment, for the threads to keep out of each other's way
// (see alphaBeta). A slot holds one key or 0; a node whose slot another
// node holds is not marked, which costs only a chance to share the work.
// Nodes at depth busyDepth or more are few on the threads' stacks at once
// (a few dozen), so a small table seldom has two in one slot.
type busyTable [1 << 10]atomic.Uint64

func (b *busyTable) slot(key uint64) *atomic.Uint64 {
	return &b[key&(uint64(len(b))-1)]
}

// mark claims key's slot and reports whether it did.
func (b *busyTable) mark(key uint64) bool {
	return b.slot(key).CompareAndSwap(0, key)
}

// clear releases the slot that mark claimed for key.
func (b *busyTable) clear(key uint64) {
	b.slot(key).Store(0)
}

// has reports whether a thread is searching the node with key.
func (b *busyTable) has(key uint64) bool {
	return b.slot(key).Load() == key
}

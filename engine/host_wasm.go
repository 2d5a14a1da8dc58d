//go:build js && wasm

package engine

import (
	"syscall/js"
	"time"
)

// yieldEvery is how long a search in WebAssembly runs before it lets the
// JavaScript event loop run.
const yieldEvery = 50 * time.Millisecond

// A js/wasm program has one thread and no preemption, so these need no
// lock.
var (
	// lastYield is when the searches last let the event loop run, in Unix
	// nanoseconds.
	lastYield int64
	// turn is closed once the event loop has had its turn; nil when no
	// search waits for one.
	turn chan struct{}
	// turnTaken closes turn: the event loop calls it through setTimeout,
	// so only after it has handled what waited (a message to stop).
	turnTaken = js.FuncOf(func(js.Value, []js.Value) any {
		close(turn)
		turn = nil
		return nil
	})
)

// yieldToHost lets the JavaScript event loop run, at most every yieldEvery.
// A search that never blocks keeps the page (or the Worker) from handling
// any event, so the message that would stop it could never arrive (js/,
// issue #28). The Go runtime returns to the event loop only when no
// goroutine can run, so every search waits for the same turn: the first to
// yield asks the event loop for a callback and blocks until it comes, and
// the others (other Hub sessions' searches, the helper threads of a
// search) block on the same turn at their next check, checkEvery nodes
// later. (Each sleeping on its own timer was not enough: with two searches
// one always had its timer expired and ran, and the page never got a turn
// again.) A turn costs about 1 ms in Node and 4 ms in a browser (its least
// timer delay), a few per cent of the search at this rate.
func yieldToHost() {
	if t := turn; t != nil {
		<-t
		return
	}
	now := time.Now().UnixNano()
	if now-lastYield < int64(yieldEvery) {
		return
	}
	t := make(chan struct{})
	turn = t
	js.Global().Call("setTimeout", turnTaken, 0)
	<-t
	lastYield = time.Now().UnixNano()
}

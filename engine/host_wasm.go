//go:build js && wasm

package engine

import "time"

// yieldEvery is how long a search in WebAssembly runs before it lets the
// JavaScript event loop run.
const yieldEvery = 50 * time.Millisecond

// lastYield is when the search last let the event loop run, in Unix
// nanoseconds. A js/wasm program has one thread, so no lock is needed.
var lastYield int64

// yieldToHost lets the JavaScript event loop run, at most every yieldEvery.
// Go in WebAssembly has one thread and no preemption: a search that never
// blocks keeps the page (or the Worker) from handling any event, so the
// message that would stop it could never arrive (js/, issue #28). Sleeping
// parks the goroutine, and the Go runtime, with nothing else to run,
// returns to the event loop until the timer fires. The sleep must outlast
// the scheduler's look at the timers (a nanosecond's has expired by then,
// and the goroutine just goes on); a millisecond does, and costs about 1 ms
// in Node and 4 ms in a browser (its least timer delay), a few per cent of
// the search at this rate.
func yieldToHost() {
	now := time.Now().UnixNano()
	if now-lastYield < int64(yieldEvery) {
		return
	}
	time.Sleep(time.Millisecond)
	lastYield = time.Now().UnixNano()
}

package e2e

import (
	"context"
	"fmt"
	"time"

	"github.com/chromedp/chromedp"
)

// Scripts that hold the page's requests to the server, so that their
// answers come in an order the test chooses: the orders in which a
// person's quick clicks overtake the page's requests, which the server,
// answering at once, would almost never give. Each counts the answers it
// has let through in window.answered (for fetch) or the analyses ended in
// window.streamsEnded (for streams), so that a test can wait for them.

// countAnswers wraps a fetch promise so that its answer is counted.
const countAnswers = `const counted = (p) => p.then((r) => { window.answered = (window.answered || 0) + 1; return r; });`

// holdTwo makes the page's next two requests to path wait until both are
// made; then the one made first (first 0) or second (first 1) is
// answered, and the other 300 ms later.
func holdTwo(path string, first int) string {
	return fmt.Sprintf(`(() => {
  %s
  const real = window.fetch;
  const held = [];
  window.answered = 0;
  window.fetch = (url, opts) => {
    if (url !== %q) return real(url, opts);
    return new Promise((resolve, reject) => {
      held.push(() => counted(real(url, opts)).then(resolve, reject));
      if (held.length === 2) {
        window.fetch = real;
        held[%d]();
        setTimeout(held[%d], 300);
      }
    });
  };
})()`, countAnswers, path, first, 1-first)
}

// holdTwoStates holds the next two requests to /api/state and answers
// them in the order they were made.
var holdTwoStates = holdTwo("/api/state", 0)

// holdStatesAWhile is holdTwoStates, but when no second request comes
// within 500 ms of the first (the page waits for one answer before it
// asks again, as it should), the first is answered alone.
var holdStatesAWhile = fmt.Sprintf(`(() => {
  %s
  const real = window.fetch;
  const held = [];
  window.answered = 0;
  const go = () => {
    window.fetch = real;
    held.forEach((f, i) => setTimeout(f, 300 * i));
  };
  window.fetch = (url, opts) => {
    if (url !== "/api/state") return real(url, opts);
    return new Promise((resolve, reject) => {
      held.push(() => counted(real(url, opts)).then(resolve, reject));
      if (held.length === 1) setTimeout(() => held.length === 1 && go(), 500);
      if (held.length === 2) go();
    });
  };
})()`, countAnswers)

// holdFetch holds every request to path until window.releaseHeld() is
// called; window.held lists those held, and from the release on requests
// go through.
func holdFetch(path string) string {
	return fmt.Sprintf(`(() => {
  %s
  const real = window.fetch;
  window.held = [];
  window.answered = 0;
  window.fetch = (url, opts) => {
    if (url !== %q) return real(url, opts);
    return new Promise((resolve, reject) => window.held.push(() => counted(real(url, opts)).then(resolve, reject)));
  };
  window.releaseHeld = () => { window.fetch = real; for (const f of window.held.splice(0)) f(); };
})()`, countAnswers, path)
}

// holdStreams holds every EventSource (the engine's analyses) unopened
// until window.releaseStreams() is called; window.heldStreams() says how
// many wait, and from the release on they open at once.
const holdStreams = `(() => {
  const Real = window.EventSource;
  const held = [];
  let holding = true;
  window.streamsEnded = 0;
  function Held(url) {
    const fake = this;
    let es = null, closed = false;
    this.onmessage = null;
    this.onerror = null;
    Object.defineProperty(this, "readyState", { get: () => (closed ? 2 : es ? es.readyState : 0) });
    this.close = () => { closed = true; if (es) es.close(); };
    const go = () => {
      if (closed) return;
      es = new Real(url);
      es.onmessage = (e) => {
        if (fake.onmessage) fake.onmessage(e);
        if (JSON.parse(e.data).final) window.streamsEnded++;
      };
      es.onerror = (e) => fake.onerror && fake.onerror(e);
    };
    if (holding) held.push(go); else go();
  }
  Held.CONNECTING = 0; Held.OPEN = 1; Held.CLOSED = 2;
  window.EventSource = Held;
  window.heldStreams = () => held.length;
  window.releaseStreams = () => { holding = false; for (const g of held.splice(0)) g(); };
})()`

// run evaluates a script in the page.
func (p page) run(what, script string) {
	p.t.Helper()
	p.do(what, chromedp.Evaluate[chromedp.Void](script))
}

// settle waits for the page to act on the answers it has: for a check
// that something did not happen, after the answer that could have made
// it happen has come (window.answered, window.streamsEnded).
func (p page) settle() {
	time.Sleep(300 * time.Millisecond)
}

// waitEqual waits until the JavaScript expression's value is want, and
// fails the test with the value it has when it does not come.
func (p page) waitEqual(what, expr, want string) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 10*time.Second)
	defer cancel()
	if poll(ctx, fmt.Sprintf(`String(%s) === %q`, expr, want)) == nil {
		return
	}
	p.t.Fatalf("%s: %q, want %q", what, p.eval("String("+expr+")"), want)
}

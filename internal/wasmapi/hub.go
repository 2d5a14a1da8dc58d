package wasmapi

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/bashni-dev/bashni/engine/hub"
)

// maxWaiting bounds the lines sent to a Hub session that it has not read
// yet (it reads each at once unless a search is under way: a command sent
// during a search waits for its end).
const maxWaiting = 1024

// A Hub is one Hub protocol session (engine/hub) fed line by line: Send
// hands it a line, and its answers go to the function given to NewHub, one
// line (without its newline) per call. It runs on its own goroutine until
// quit, Close or a panic, after which Send fails.
type Hub struct {
	end     func(error) // called once the session has ended
	mu      sync.Mutex
	wake    *sync.Cond
	waiting []string // lines sent, not yet read
	pending []byte   // the rest of the line being read
	closed  bool
	ended   error // why the session ended, once it has
}

// liveHubs counts the sessions whose goroutine runs.
var liveHubs atomic.Int64

// LiveHubs returns how many sessions run: started and not yet ended. The
// JavaScript package's tests check that sessions closed or quit do not
// stay.
func LiveHubs() int { return int(liveHubs.Load()) }

// NewHub starts a session that answers through out, and calls end once it
// has ended (quit, Close or a panic), after its last line, with the error
// Send returns from then on. out and end are called from the session's
// goroutines, never two at once; end may be nil.
func NewHub(out func(line string), end func(err error)) *Hub {
	h := &Hub{end: end}
	liveHubs.Add(1)
	h.wake = sync.NewCond(&h.mu)
	w := &lineWriter{out: out}
	s := hub.NewSession(w, hub.Options{})
	go h.run(s, w)
	return h
}

func (h *Hub) run(s *hub.Session, w *lineWriter) {
	err := func() (err error) {
		defer catch("hub", &err)
		return s.Run(h)
	}()
	if err != nil {
		w.Write([]byte("error message=" + strings.ReplaceAll(strings.SplitN(err.Error(), "\n", 2)[0], `"`, `'`) + "\n"))
	}
	h.mu.Lock()
	h.closed = true
	h.ended = err
	if h.ended == nil {
		h.ended = errors.New("bashni: the hub session has ended (quit or close)")
	}
	h.wake.Broadcast()
	ended := h.ended
	h.mu.Unlock()
	liveHubs.Add(-1)
	if h.end != nil {
		h.end(ended)
	}
}

// Send hands the session one line (a final newline is dropped). It fails
// once the session has ended, for a line with a newline inside, and when
// maxWaiting lines wait already.
func (h *Hub) Send(line string) error {
	line = strings.TrimSuffix(strings.TrimSuffix(line, "\n"), "\r")
	if strings.ContainsAny(line, "\n\r") {
		return errors.New("bashni: hub: one line per send: the line has a line break inside")
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.ended != nil {
		return h.ended
	}
	if h.closed {
		return errors.New("bashni: hub: the session is closed")
	}
	if len(h.waiting) >= maxWaiting {
		return fmt.Errorf("bashni: hub: %d lines wait to be read already", maxWaiting)
	}
	h.waiting = append(h.waiting, line)
	h.wake.Broadcast()
	return nil
}

// Close ends the session as the end of its input does: a search under way
// is stopped (its done line is still written).
func (h *Hub) Close() {
	h.mu.Lock()
	h.closed = true
	h.wake.Broadcast()
	h.mu.Unlock()
}

// Read gives the session its input: the lines sent, then io.EOF once the
// hub is closed and they are read.
func (h *Hub) Read(p []byte) (int, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for len(h.pending) == 0 {
		if len(h.waiting) > 0 {
			h.pending = append([]byte(h.waiting[0]), '\n')
			h.waiting = h.waiting[1:]
			break
		}
		if h.closed {
			return 0, io.EOF
		}
		h.wake.Wait()
	}
	n := copy(p, h.pending)
	h.pending = h.pending[n:]
	return n, nil
}

// lineWriter passes each whole line written to out.
type lineWriter struct {
	mu  sync.Mutex
	buf []byte
	out func(string)
}

func (w *lineWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf = append(w.buf, p...)
	for {
		i := bytes.IndexByte(w.buf, '\n')
		if i < 0 {
			return len(p), nil
		}
		line := string(w.buf[:i])
		w.buf = w.buf[i+1:]
		w.out(line)
	}
}

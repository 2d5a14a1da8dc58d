// Package hubtest helps tests talk to a Hub protocol session (package
// engine/hub, the command "bashni hub") through its input and output: the
// end of a session's input stops a search under way at once, so a test
// that starts searches holds the end back until each has answered.
package hubtest

import (
	"bytes"
	"io"
	"strings"
	"sync"
	"time"
)

// Output collects a session's output; it is safe for the session's search
// goroutine and the test to share.
type Output struct {
	mu   sync.Mutex
	buf  bytes.Buffer
	want int           // done lines still awaited before all is closed
	all  chan struct{} // closed once every search has answered done
}

// Held returns the input of a session, input followed by an end that
// comes only once out holds a "done move=" line for each "go " line of
// input (or after a minute), and out, where the session writes.
func Held(input string) (in io.Reader, out *Output) {
	out = &Output{want: strings.Count("\n"+input, "\ngo "), all: make(chan struct{})}
	if out.want == 0 {
		close(out.all)
	}
	return io.MultiReader(strings.NewReader(input), holdUntil(out.all)), out
}

// Write keeps p, and lets the input end once the last "done move=" line
// awaited is in.
func (o *Output) Write(p []byte) (int, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	n, err := o.buf.Write(p)
	if o.want > 0 && strings.Count(o.buf.String(), "done move=") >= o.want {
		close(o.all)
		o.want = 0
	}
	return n, err
}

// String returns the output so far.
func (o *Output) String() string {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.buf.String()
}

// holdUntil is an empty reader whose end comes when c is closed, or after
// a minute.
type holdUntil <-chan struct{}

func (h holdUntil) Read([]byte) (int, error) {
	select {
	case <-h:
	case <-time.After(time.Minute):
	}
	return 0, io.EOF
}

package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/engine"
	"github.com/bashni-dev/bashni/web"
)

// lockedBuffer is a bytes.Buffer safe to write from the server's goroutine
// while the test reads it.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// startServe runs "bashni serve args..." until the returned stop is called,
// and returns the address it prints.
func startServe(t *testing.T, args ...string) (addr string, stop func() error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	old := serveContext
	serveContext = func() (context.Context, context.CancelFunc) { return ctx, cancel }
	t.Cleanup(func() { serveContext = old })
	var out, errOut lockedBuffer
	done := make(chan error, 1)
	go func() { done <- runServe(args, &out, &errOut) }()
	deadline := time.Now().Add(10 * time.Second)
	for {
		if line, ok := strings.CutPrefix(out.String(), "bashni: serving on "); ok {
			addr, _, _ = strings.Cut(line, " ")
			break
		}
		select {
		case err := <-done:
			t.Fatalf("bashni serve %q ended at once: %v (stderr %q)", args, err, errOut.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("bashni serve %q printed no address in 10s", args)
		}
		time.Sleep(10 * time.Millisecond)
	}
	return addr, func() error {
		cancel()
		select {
		case err := <-done:
			return err
		case <-time.After(10 * time.Second):
			t.Fatal("bashni serve did not stop within 10s")
			return nil
		}
	}
}

func TestServeAnswersAndStops(t *testing.T) {
	addr, stop := startServe(t, "-addr", "127.0.0.1:0", "-think", "100ms", "-engines", "1", "-hash", "1")
	res, err := http.Get(addr)
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || !strings.Contains(string(page), "/static/js/main.js") {
		t.Errorf("GET %s: %s", addr, res.Status)
	}
	res, err = http.Post(addr+"api/engine", "application/json", strings.NewReader(`{"moves":["c3-d4"]}`))
	if err != nil {
		t.Fatal(err)
	}
	var ans struct {
		Move  string
		State struct{ Moves []string }
	}
	err = json.NewDecoder(res.Body).Decode(&ans)
	res.Body.Close()
	if err != nil || res.StatusCode != 200 || len(ans.State.Moves) != 2 {
		t.Errorf("engine move: %s %+v %v", res.Status, ans, err)
	}
	if err := stop(); err != nil {
		t.Errorf("bashni serve stopped with %v, want nil", err)
	}
}

func TestServeWithoutEngine(t *testing.T) {
	addr, stop := startServe(t, "-addr", "127.0.0.1:0", "-think", "0")
	defer stop()
	res, err := http.Get(addr + "api/info")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if !strings.Contains(string(body), `"engine":false`) {
		t.Errorf("/api/info with -think 0: %s", body)
	}
}

func TestServeErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"-think", "-1s"}, "bashni serve: -think -1s is negative"},
		{[]string{"-engines", "0"}, "bashni serve: -engines 0: want 1 to 64"},
		{[]string{"-hash", "0"}, "bashni serve: -hash 0: want 1 to 4096 MiB"},
		{[]string{"-analyse-time", "500ms"}, "bashni serve: -analyse-time 500ms: want 1s to 24h"},
		{[]string{"-analyse-time", "25h"}, "bashni serve: -analyse-time 25h0m0s: want 1s to 24h"},
		{[]string{"-addr", "no-port"}, "bashni serve: listen tcp: address no-port"},
		{[]string{"now"}, `bashni serve: unexpected argument "now"`},
		{[]string{"-allow-host", "a.example,,b.example"}, `bashni serve: -allow-host "a.example,,b.example": "" is not a host or host:port`},
		{[]string{"-allow-host", "http://a.example/"}, `bashni serve: -allow-host "http://a.example/": "http://a.example/" is not a host`},
		{[]string{"-allow-host", "a.example/x"}, `bashni serve: -allow-host "a.example/x": "a.example/x" is not a host`},
	} {
		_, errOut, status := cli(t, append([]string{"serve"}, c.args...)...)
		if status != 1 || !strings.HasPrefix(errOut, c.msg) {
			t.Errorf("bashni serve %q: status %d, stderr %q; want 1 and %q", c.args, status, errOut, c.msg)
		}
	}
}

// mustPool returns a pool of n engines with tables of mb MiB.
func mustPool(t testing.TB, n, mb int, lim engine.Limits) *enginePool {
	t.Helper()
	p, err := newEnginePool(n, mb, lim)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// The pool hands out its engines one search at a time, and a request that
// gives up while waiting for one leaves with its context's error.
func TestEnginePool(t *testing.T) {
	p := mustPool(t, 1, 1, engine.Limits{Depth: 2})
	start := bashni.Russian().MustStart()
	m, err := p.Move(context.Background(), bashni.NewGameFrom(&start), nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := start.Play(m); err != nil {
		t.Errorf("pool's move %s is not legal at the start: %v", m, err)
	}
	busy := <-p.free // take the only engine
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if _, err := p.Move(ctx, bashni.NewGameFrom(&start), nil); err != context.DeadlineExceeded {
		t.Errorf("Move with every engine busy: %v, want the deadline", err)
	}
	p.free <- busy
	// A lost position: the engine's own error comes through.
	lost, err := bashni.ParseFEN(bashni.Russian(), "B:Wc3:B")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.Move(context.Background(), bashni.NewGameFrom(&lost), nil); !errors.Is(err, engine.ErrNoMoves) {
		t.Errorf("Move with no black piece left: %v, want engine.ErrNoMoves", err)
	}
}

// The pool at a strength: its depth, and its time never past the pool's;
// a view that shares the pool's engines.
func TestEnginePoolWithStrength(t *testing.T) {
	p := mustPool(t, 1, 1, engine.Limits{Time: time.Second})
	for _, c := range []struct {
		st   web.Strength
		want engine.Limits
	}{
		{web.Strength{}, engine.Limits{Time: time.Second}},
		{web.Strength{Depth: 3}, engine.Limits{Depth: 3, Time: time.Second}},
		{web.Strength{Time: 200 * time.Millisecond}, engine.Limits{Time: 200 * time.Millisecond}},
		{web.Strength{Depth: 6, Time: time.Minute}, engine.Limits{Depth: 6, Time: time.Second}},
	} {
		q := p.WithStrength(c.st).(*enginePool)
		if q.limits != c.want || q.free != p.free {
			t.Errorf("%+v: limits %+v, want %+v, sharing the engines", c.st, q.limits, c.want)
		}
	}
}

// Stopped under a flood of costly requests (issue 15, case 1), the server
// stops their work and ends within a few seconds.
func TestServeStopsUnderAFlood(t *testing.T) {
	addr, stop := startServe(t, "-addr", "127.0.0.1:0", "-think", "0")
	body := `{"variant":"russian,rejump=any,landing=any","fen":"W:WKe5:Bd4bbbbbbbbbbb"}`
	var wg sync.WaitGroup
	for i := 0; i < 50; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if res, err := http.Post(addr+"api/state", "application/json", strings.NewReader(body)); err == nil {
				_, _ = io.Copy(io.Discard, res.Body)
				res.Body.Close()
			}
		}()
	}
	time.Sleep(200 * time.Millisecond) // the work is under way
	start := time.Now()
	if err := stop(); err != nil {
		t.Errorf("bashni serve stopped with %v, want nil", err)
	}
	if d := time.Since(start); d > 4*time.Second {
		t.Errorf("bashni serve took %v to stop under a flood, want a few seconds at most", d)
	}
	wg.Wait()
}

// SIGTERM while requests are in flight (issue 26, item 7): each gets a 503
// with a JSON error, not the empty 200 it got, and the server ends with
// status 0.
func TestServeAnswersEveryRequestOnSIGTERM(t *testing.T) {
	p := startServeProcess(t, "", "-addr", "127.0.0.1:0", "-think", "30s", "-engines", "1", "-hash", "1")
	type reply struct {
		status     int
		retryAfter string
		body       string
		err        error
	}
	replies := make(chan reply, 2)
	for i := 0; i < 2; i++ { // one searching, one waiting for the engine
		go func() {
			res, err := http.Post(p.url+"api/engine", "application/json", strings.NewReader(`{"moves":["c3-d4"]}`))
			if err != nil {
				replies <- reply{err: err}
				return
			}
			b, err := io.ReadAll(res.Body)
			res.Body.Close()
			replies <- reply{res.StatusCode, res.Header.Get("Retry-After"), string(b), err}
		}()
	}
	time.Sleep(2 * time.Second) // both requests are in; the search takes 30 s
	if err := p.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	answered := 0
	for i := 0; i < 2; i++ {
		select {
		case r := <-replies:
			var dial *net.OpError
			if errors.As(r.err, &dial) && dial.Op == "dial" {
				continue // on a loaded machine, not sent before the signal: not in flight
			}
			var e struct{ Error string }
			if r.err != nil || r.status != 503 || r.retryAfter == "" || json.Unmarshal([]byte(r.body), &e) != nil ||
				!strings.Contains(e.Error, "the server is stopping") {
				t.Errorf("request in flight at SIGTERM: %d %q (Retry-After %q, %v), want 503 and a JSON error", r.status, r.body, r.retryAfter, r.err)
			}
			answered++
		case <-time.After(15 * time.Second):
			t.Fatal("no answer within 15 s of SIGTERM")
		}
	}
	if answered == 0 {
		t.Error("neither request reached the server before SIGTERM")
	}
	if status := p.wait(t, 15*time.Second); status != 0 {
		t.Errorf("bashni serve after SIGTERM: exit status %d, want 0 (stderr %q)", status, p.stderr.String())
	}
}

// The server answers the names it listens on and those of -allow-host, and
// refuses any other Host (issue 26, item 9: DNS rebinding).
func TestServeChecksHost(t *testing.T) {
	addr, stop := startServe(t, "-addr", "127.0.0.1:0", "-think", "0", "-allow-host", "play.example.org,proxy.example:8443")
	defer stop()
	u, err := url.Parse(addr)
	if err != nil {
		t.Fatal(err)
	}
	_, port, _ := net.SplitHostPort(u.Host)
	for _, c := range []struct {
		host   string
		status int
	}{
		{u.Host, 200},
		{"localhost:" + port, 200},
		{"play.example.org", 200},
		{"play.example.org:80", 200},
		{"proxy.example:8443", 200},
		{"proxy.example:80", 403},
		{"rebound.example.com:" + port, 403},
		{"127.0.0.2:" + port, 403},
	} {
		req, err := http.NewRequest("GET", addr+"api/info", nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Host = c.host
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != c.status {
			t.Errorf("GET /api/info with Host %q: %d %s, want %d", c.host, res.StatusCode, b, c.status)
		}
	}
}

// Under a limit of 64 open files, 100 idle keep-alive connections leave
// the server answering a new client (issue 26, item 8: 250 idle connections
// under 256 locked every other client out): it keeps at most half the
// limit open, closing the longest idle one for a new one.
func TestServeCapsItsConnections(t *testing.T) {
	p := startServeProcess(t, `ulimit -n 64 && exec "$@"`, "-addr", "127.0.0.1:0", "-think", "0")
	host := strings.TrimSuffix(strings.TrimPrefix(p.url, "http://"), "/")
	var held []net.Conn
	defer func() {
		for _, c := range held {
			c.Close()
		}
	}()
	for i := 0; i < 100; i++ {
		c, err := net.Dial("tcp", host)
		if err != nil {
			t.Fatalf("connection %d: %v", i, err)
		}
		held = append(held, c)
		// Each is answered at once (a server out of files accepts
		// none): the deadline is for a server that hangs.
		_ = c.SetDeadline(time.Now().Add(10 * time.Second))
		if _, err := io.WriteString(c, "GET /api/info HTTP/1.1\r\nHost: "+host+"\r\n\r\n"); err != nil {
			t.Fatalf("connection %d: %v", i, err)
		}
		res, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil {
			t.Fatalf("connection %d got no answer: %v", i, err)
		}
		_, _ = io.Copy(io.Discard, res.Body)
		res.Body.Close()
		if res.StatusCode != 200 {
			t.Fatalf("connection %d: %s", i, res.Status)
		}
	}
	client := &http.Client{Timeout: 10 * time.Second}
	res, err := client.Get(p.url + "api/info")
	if err != nil {
		t.Fatalf("a new client after 100 idle connections: %v (stderr %q)", err, p.stderr.String())
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || !strings.Contains(string(b), `"variants"`) {
		t.Errorf("a new client after 100 idle connections: %s %s", res.Status, b)
	}
}

package web

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/engine/match"
)

// costlyBody is a 70-byte request whose moves take a fifth of a second of
// CPU to list: a flying king that may jump a tower of twelve again in any
// direction and land anywhere (issue 15, case 1).
const costlyBody = `{"variant":"russian,rejump=any,landing=any","fen":"W:WKe5:Bd4bbbbbbbbbbb"}`

// ordinaryBody is a request of a preset.
const ordinaryBody = `{"moves":["c3-d4","f6-e5"]}`

// answer is one answer of a real server.
type answer struct {
	status     int
	retryAfter string
	body       string
	took       time.Duration
	err        error
}

// post sends one request to a real server, giving up with ctx.
func post(ctx context.Context, url, body string) answer {
	start := time.Now()
	req, err := http.NewRequestWithContext(ctx, "POST", url, strings.NewReader(body))
	if err != nil {
		return answer{err: err}
	}
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return answer{err: err, took: time.Since(start)}
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	return answer{status: res.StatusCode, retryAfter: res.Header.Get("Retry-After"), body: string(b), took: time.Since(start), err: err}
}

// flood sends n copies of body at once and returns a channel of their
// answers, closed when all are in.
func flood(ctx context.Context, n int, url, body string) <-chan answer {
	out := make(chan answer, n)
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			out <- post(ctx, url, body)
		}()
	}
	go func() { wg.Wait(); close(out) }()
	return out
}

// waitIdle waits up to d for g to serve and queue nothing, and reports
// whether it did.
func waitIdle(g *gate, d time.Duration) bool {
	for end := time.Now().Add(d); time.Now().Before(end); time.Sleep(5 * time.Millisecond) {
		if s, w := g.inUse(); s == 0 && w == 0 {
			return true
		}
	}
	return false
}

// A flood of costly requests (issue 15, case 1) against a real listener:
// ordinary requests meanwhile are answered within 2 s, the costly ones past
// the few served and queued get 503 with Retry-After and a message at once,
// and every costly answer comes within its budget.
func TestFloodOfCostlyRequests(t *testing.T) {
	s := New(Options{Budget: time.Second, MaxCostly: 1, MaxQueue: 2})
	ts := httptest.NewServer(s)
	defer ts.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	answers := flood(ctx, 100, ts.URL+"/api/state", costlyBody)
	time.Sleep(50 * time.Millisecond) // the flood is under way
	for i := 0; i < 5; i++ {
		a := post(ctx, ts.URL+"/api/state", ordinaryBody)
		if a.err != nil || a.status != http.StatusOK || a.took > 2*time.Second {
			t.Errorf("ordinary request %d during the flood: %d after %v (%v) %.100s", i, a.status, a.took, a.err, a.body)
		}
	}
	var ok, busy int
	for a := range answers {
		switch {
		case a.err != nil:
			t.Errorf("costly request: %v", a.err)
		case a.took > 5*time.Second:
			t.Errorf("costly request answered after %v, more than its budget allows", a.took)
		case a.status == http.StatusOK:
			ok++
		case a.status == http.StatusServiceUnavailable:
			busy++
			var e errorBody
			if json.Unmarshal([]byte(a.body), &e) != nil || !strings.Contains(e.Error, "busy") && !strings.Contains(e.Error, "more than the 1s of work") || a.retryAfter != "1" {
				t.Errorf("503 answer: Retry-After %q, body %s", a.retryAfter, a.body)
			}
		default:
			t.Errorf("costly request: %d %s", a.status, a.body)
		}
	}
	if busy < 90 {
		t.Errorf("%d costly requests served and %d refused: most of 100 should be refused at once", ok, busy)
	}
	if !waitIdle(s.costly, time.Second) {
		t.Error("the costly requests' gate is still in use after every answer")
	}
}

// The work of a client that goes away stops: its turn in the gate is given
// back at once, though each request would take a fifth of a second of CPU
// and its budget is a minute.
func TestWorkStopsWhenTheClientGoesAway(t *testing.T) {
	s := New(Options{Budget: time.Minute, MaxCostly: 2, MaxQueue: 8})
	ts := httptest.NewServer(s)
	defer ts.Close()
	ctx, cancel := context.WithCancel(context.Background())
	answers := flood(ctx, 10, ts.URL+"/api/state", costlyBody)
	for end := time.Now().Add(5 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		if serving, _ := s.costly.inUse(); serving == 2 {
			break
		}
		if time.Now().After(end) {
			t.Fatal("the costly requests never started")
		}
	}
	cancel()
	gaveUp := 0
	for a := range answers {
		switch {
		case errors.Is(a.err, context.Canceled):
			gaveUp++
		case a.err != nil || a.status != http.StatusOK:
			// One served before the clients left (a loaded machine is slow
			// to cancel) is answered; nothing else may happen.
			t.Errorf("request of a client that gave up: %d %v", a.status, a.err)
		}
	}
	if gaveUp < 5 {
		t.Errorf("only %d of 10 clients gave up before their answer", gaveUp)
	}
	// Ten requests' work is 2 s of CPU on this machine's two cores.
	if !waitIdle(s.costly, 500*time.Millisecond) {
		serving, waiting := s.costly.inUse()
		t.Errorf("500ms after the clients left, %d requests are still served and %d wait", serving, waiting)
	}
}

// A request whose work outlasts its budget is cut off with 503.
func TestWorkPastItsBudget(t *testing.T) {
	s := New(Options{Budget: 20 * time.Millisecond})
	ts := httptest.NewServer(s)
	defer ts.Close()
	for _, c := range []struct{ method, path, body string }{
		{"POST", "/api/state", costlyBody},
		{"GET", "/api/svg?variant=russian,rejump=any,landing=any&fen=W:WKe5:Bd4bbbbbbbbbbb&move=e5:c3", ""},
	} {
		start := time.Now()
		req, _ := http.NewRequest(c.method, ts.URL+c.path, strings.NewReader(c.body))
		if c.method == "POST" {
			req.Header.Set("Content-Type", "application/json")
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusServiceUnavailable || res.Header.Get("Retry-After") == "" ||
			!strings.Contains(string(b), "more than the 20ms of work this server gives one") || time.Since(start) > 2*time.Second {
			t.Errorf("%s %s: %d %.200s after %v", c.method, c.path, res.StatusCode, b, time.Since(start))
		}
	}
}

// blockingEngine searches until its context ends, then plays the first
// move: the engine the pool would run, at its longest.
type blockingEngine struct{}

func (blockingEngine) Move(ctx context.Context, _ *bashni.Game, _ *match.Clocks) (bashni.Move, error) {
	<-ctx.Done()
	return bashni.Move{}, ctx.Err()
}

// 200 engine requests at once (issue 15, case 2): those past the engines and
// their queue are answered 503 with Retry-After at once, the rest 503 when
// their time is up; none is a 500.
func TestEngineOverload(t *testing.T) {
	// Think is long enough to tell the answers refused at once from those
	// that waited their time out, also on a loaded machine.
	ts := httptest.NewServer(New(Options{Opponent: blockingEngine{}, Think: 3 * time.Second, MaxEngines: 2, MaxQueue: 2}))
	defer ts.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	var quick int
	for a := range flood(ctx, 200, ts.URL+"/api/engine", `{}`) {
		if a.err != nil || a.status != http.StatusServiceUnavailable || a.retryAfter != "1" {
			t.Errorf("engine request: %d (Retry-After %q) %v %s", a.status, a.retryAfter, a.err, a.body)
			continue
		}
		if strings.Contains(a.body, "the server is busy with engine requests (it serves 2 at once and lets 2 more wait)") && a.took < 2*time.Second {
			quick++
		}
	}
	if quick < 190 {
		t.Errorf("%d of 200 engine requests refused at once, want all but the 4 served and queued", quick)
	}
}

// lastMomentEngine searches until its deadline and then plays its move, as
// the engine does with the best move found in time.
type lastMomentEngine struct{}

func (lastMomentEngine) Move(ctx context.Context, g *bashni.Game, clocks *match.Clocks) (bashni.Move, error) {
	<-ctx.Done()
	return firstMove{}.Move(context.Background(), g, clocks)
}

// A move found as the time runs out is answered, not thrown away with a
// 503 that blames custom rulesets (issue 26, item 7).
func TestEngineMoveAtTheDeadline(t *testing.T) {
	s := New(Options{Opponent: lastMomentEngine{}, Think: 50 * time.Millisecond})
	code, body, _ := do(t, s, "POST", "/api/engine", `{"moves":["c3-d4"]}`)
	var ans engineAnswer
	if err := json.Unmarshal([]byte(body), &ans); err != nil || code != 200 || ans.Move != "b6-a5" || len(ans.State.Moves) != 2 {
		t.Errorf("engine move at the deadline: %d %.200s, want 200 and b6-a5", code, body)
	}
}

package main

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/engine"
	"github.com/bashni-dev/bashni/web"
)

// event is what the tests read of an analysis event.
type event struct {
	Depth int `json:"depth"`
	Lines []struct {
		Score string   `json:"score"`
		PV    []string `json:"pv"`
	} `json:"lines"`
	Final bool   `json:"final"`
	Stop  string `json:"stop"`
}

// analysisStream starts an analysis on a real server and returns its
// events as they come; the channel closes when the stream ends.
func analysisStream(ctx context.Context, t testing.TB, url string) (status int, events <-chan event) {
	t.Helper()
	req, err := http.NewRequestWithContext(ctx, "GET", url, nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	out := make(chan event, 1000)
	go func() {
		defer close(out)
		defer res.Body.Close()
		sc := bufio.NewScanner(res.Body)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			data, ok := strings.CutPrefix(sc.Text(), "data: ")
			if !ok {
				continue
			}
			var ev event
			if err := json.Unmarshal([]byte(data), &ev); err != nil {
				t.Errorf("event %q: %v", data, err)
				return
			}
			out <- ev
		}
	}()
	return res.StatusCode, out
}

// poolServer serves the page with a pool of n real engines.
func poolServer(t testing.TB, n int) (*httptest.Server, *enginePool) {
	pool := mustPool(t, n, 4, engine.Limits{Time: time.Second})
	return httptest.NewServer(web.New(web.Options{Opponent: pool, Analyst: pool, MaxEngines: n})), pool
}

// idle waits up to d for every engine of the pool to be free.
func (p *enginePool) idle(d time.Duration) bool { return p.freeAtLeast(cap(p.free), d) }

// freeAtLeast waits up to d for n engines of the pool to be free.
func (p *enginePool) freeAtLeast(n int, d time.Duration) bool {
	for end := time.Now().Add(d); time.Now().Before(end); time.Sleep(time.Millisecond) {
		if len(p.free) >= n {
			return true
		}
	}
	return false
}

// Two analyses at once on two engines both stream, deepening, with three
// lines each; when their clients go away, the engines are free again
// (generous deadlines: the machine may be loaded).
func TestTwoAnalysesAtOnce(t *testing.T) {
	ts, pool := poolServer(t, 2)
	defer ts.Close()
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	for _, q := range []string{"variant=lasca&lines=3", "moves=c3-d4+f6-g5&lines=3"} {
		status, evs := analysisStream(ctx, t, ts.URL+"/api/analyse?"+q)
		if status != http.StatusOK {
			t.Fatalf("%s: status %d", q, status)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			depth := 0
			for ev := range evs {
				if ev.Depth != depth+1 || len(ev.Lines) != 3 || ev.Final {
					t.Errorf("%s: event %+v after depth %d", q, ev, depth)
					return
				}
				if depth = ev.Depth; depth == 4 {
					return
				}
			}
			t.Errorf("%s: the stream ended at depth %d", q, depth)
		}()
	}
	wg.Wait()
	if len(pool.free) != 0 {
		t.Errorf("%d engines free while two analyses run", len(pool.free))
	}
	cancel()
	if !pool.idle(5 * time.Second) {
		t.Errorf("the engines are still searching 5 s after their clients went away")
	}
}

// An analysis with depth= ends with a final event repeating the last
// iteration, its best line a legal line of the engine's own best move at
// that depth (the pool at the strength of depth 5, as /api/engine asks).
func TestAnalysisToADepth(t *testing.T) {
	ts, pool := poolServer(t, 1)
	defer ts.Close()
	_, evs := analysisStream(context.Background(), t, ts.URL+"/api/analyse?depth=5")
	var all []event
	for ev := range evs {
		all = append(all, ev)
	}
	if len(all) != 6 || !all[5].Final || all[5].Stop != "depth" || all[5].Depth != 5 || all[4].Final {
		t.Fatalf("events %+v, want depths 1 to 5 then the final one", all)
	}
	start := bashni.Russian().MustStart()
	m, err := pool.WithStrength(web.Strength{Depth: 5}).Move(context.Background(), bashni.NewGameFrom(&start), nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := all[5].Lines[0].PV[0]; got != m.String() {
		t.Errorf("the analysis's best move %s, the engine's at depth 5 %s", got, m)
	}
	if !pool.idle(5 * time.Second) {
		t.Errorf("the engine is still taken after the analysis ended")
	}
}

// BenchmarkAnalyse measures the figures of issue 27 through a real HTTP
// server with two engines: the time from the request to the first event,
// and from the client closing its stream to its engine being free again.
// "one" is an analysis alone; "two" has another analysis (lasca, three
// lines) streaming on the second engine all the while, and counts the
// answers of either that were not 200 (5xx-answers, which must stay 0).
func BenchmarkAnalyse(b *testing.B) {
	for _, c := range []struct {
		name string
		busy bool
	}{{"one", false}, {"two", true}} {
		b.Run(c.name, func(b *testing.B) {
			ts, pool := poolServer(b, 2)
			defer ts.Close()
			bad := 0
			if c.busy {
				ctx, cancel := context.WithCancel(context.Background())
				defer cancel()
				status, evs := analysisStream(ctx, b, ts.URL+"/api/analyse?variant=lasca&lines=3")
				if _, ok := <-evs; !ok || status != http.StatusOK {
					b.Fatalf("the other analysis: status %d, no event", status)
				}
				go func() {
					for range evs { // keep reading, so that it streams on
					}
				}()
			}
			var first, idle time.Duration
			b.ResetTimer()
			for range b.N {
				ctx, cancel := context.WithCancel(context.Background())
				start := time.Now()
				status, evs := analysisStream(ctx, b, ts.URL+"/api/analyse?lines=3")
				if status != http.StatusOK {
					bad++
				}
				if _, ok := <-evs; !ok {
					b.Fatalf("status %d, no event", status)
				}
				first += time.Since(start)
				// Let it search a while, then close the stream.
				time.Sleep(50 * time.Millisecond)
				closed := time.Now()
				cancel()
				free := cap(pool.free)
				if c.busy {
					free-- // the other analysis keeps its engine
				}
				if !pool.freeAtLeast(free, 10*time.Second) {
					b.Fatal("the engine still searches 10 s after the client went away")
				}
				idle += time.Since(closed)
			}
			b.StopTimer()
			if c.busy && len(pool.free) != 1 {
				b.Errorf("%d engines free at the end, want the other analysis's still searching", len(pool.free))
			}
			b.ReportMetric(float64(first.Microseconds())/1000/float64(b.N), "ms-to-first-event")
			b.ReportMetric(float64(idle.Microseconds())/1000/float64(b.N), "ms-to-idle-after-close")
			b.ReportMetric(float64(bad), "5xx-answers")
		})
	}
}

// bashni serve -analyse-time ends an analysis with a final event saying
// "time"; and an analysis under way does not hold the server up when it
// stops, ending with a final event saying "cancelled" (generous deadlines:
// the machine may be loaded).
func TestServeAnalyseTime(t *testing.T) {
	addr, stop := startServe(t, "-addr", "127.0.0.1:0", "-engines", "2", "-hash", "1", "-analyse-time", "1s")
	_, evs := analysisStream(context.Background(), t, addr+"api/analyse?lines=2")
	var last event
	n := 0
	for ev := range evs {
		last, n = ev, n+1
	}
	if n < 2 || !last.Final || last.Stop != "time" || len(last.Lines) != 2 {
		t.Errorf("%d events ending with %+v, want a final one stopped by time", n, last)
	}
	_, evs = analysisStream(context.Background(), t, addr+"api/analyse")
	<-evs
	start := time.Now()
	if err := stop(); err != nil {
		t.Errorf("bashni serve stopped with %v, want nil", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("bashni serve took %v to stop during an analysis", d)
	}
	final := false
	for ev := range evs {
		if ev.Final {
			final = true
			if ev.Stop != "cancelled" {
				t.Errorf("the analysis under way ended with %+v, want stopped as cancelled", ev)
			}
		}
	}
	if !final {
		t.Errorf("the analysis under way ended without a final event")
	}
}

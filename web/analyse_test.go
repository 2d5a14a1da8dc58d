package web

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/bashni-dev/bashni"
	"github.com/google/go-cmp/cmp"
)

// scriptedAnalyst is a stand-in engine: iteration d has nodes 10*d, time
// d ms, and as many lines as asked, line k scoring 10d-k hundredths with the
// position's k-th legal move in text order. It stops at lim.Depth (or at
// most, when set, at maxDepth), or when ctx is done after at least one
// iteration (block: it waits for ctx).
type scriptedAnalyst struct {
	block    bool
	maxDepth int
	last     chan AnalysisLimits // when set, receives the limits of each analysis
}

func (a scriptedAnalyst) Analyse(ctx context.Context, g *bashni.Game, lim AnalysisLimits, report func(Analysis)) (Analysis, string, error) {
	if a.last != nil {
		a.last <- lim
	}
	texts := bashni.MoveTexts(g.Position().LegalMoves())
	var last Analysis
	for d := 1; ; d++ {
		last = Analysis{Depth: d, SelDepth: d + 1, Nodes: uint64(10 * d), Time: time.Duration(d) * time.Millisecond}
		for k := 0; k < min(lim.Lines, len(texts)); k++ {
			m, err := g.Position().ParseMove(texts[k])
			if err != nil {
				return Analysis{}, "", err
			}
			last.Lines = append(last.Lines, AnalysisLine{Score: fmt.Sprintf("+0.%02d", 10*d-k), PV: []bashni.Move{m}})
		}
		report(last)
		if d == lim.Depth || d == a.maxDepth {
			return last, "depth", nil
		}
		if a.block {
			<-ctx.Done()
		}
		if ctx.Err() != nil {
			return last, "cancelled", nil
		}
	}
}

// readEvents reads the server-sent events of body until it ends or n have
// come (n 0: no limit), and checks each is one data line of JSON.
func readEvents(t *testing.T, body io.Reader, n int) []analysisEvent {
	t.Helper()
	var out []analysisEvent
	sc := bufio.NewScanner(body)
	for sc.Scan() {
		line := sc.Text()
		if line == "" {
			continue
		}
		data, ok := strings.CutPrefix(line, "data: ")
		if !ok {
			t.Fatalf("event line %q is not data", line)
		}
		var ev analysisEvent
		dec := json.NewDecoder(strings.NewReader(data))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&ev); err != nil {
			t.Fatalf("event %q: %v", data, err)
		}
		if !sc.Scan() || sc.Text() != "" {
			t.Fatalf("event %q is not followed by an empty line", data)
		}
		out = append(out, ev)
		if len(out) == n {
			break
		}
	}
	return out
}

// get starts a GET of a real server's path.
func get(ctx context.Context, t *testing.T, base, path string) *http.Response {
	t.Helper()
	req, err := http.NewRequestWithContext(ctx, "GET", base+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func TestAnalyseStream(t *testing.T) {
	limits := make(chan AnalysisLimits, 1)
	ts := httptest.NewServer(New(Options{Analyst: scriptedAnalyst{last: limits}, AnalyseTime: time.Minute}))
	defer ts.Close()
	res := get(context.Background(), t, ts.URL, "/api/analyse?variant=russian&moves=c3-d4+f6-e5&lines=2&depth=2")
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != "text/event-stream" || res.Header.Get("Cache-Control") != "no-store" {
		t.Fatalf("answer %d, Content-Type %q, Cache-Control %q", res.StatusCode, res.Header.Get("Content-Type"), res.Header.Get("Cache-Control"))
	}
	got := readEvents(t, res.Body, 0)
	// After c3-d4 f6-e5, white's one legal move is the capture d4:f6: one
	// line, though two were asked for.
	want := []analysisEvent{
		{Depth: 1, SelDepth: 2, Nodes: 10, NPS: 10000, Time: 1, Lines: []analysisLine{{"+0.10", []string{"d4:f6"}}}},
		{Depth: 2, SelDepth: 3, Nodes: 20, NPS: 10000, Time: 2, Lines: []analysisLine{{"+0.20", []string{"d4:f6"}}}},
		{Depth: 2, SelDepth: 3, Nodes: 20, NPS: 10000, Time: 2, Lines: []analysisLine{{"+0.20", []string{"d4:f6"}}}, Final: true, Stop: "depth"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("events (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(AnalysisLimits{Lines: 2, Depth: 2, Time: time.Minute}, <-limits); diff != "" {
		t.Errorf("limits (-want +got):\n%s", diff)
	}
}

// lines= asks for several lines, and movetime= sets the time; the server's
// limit is the time otherwise.
func TestAnalyseLines(t *testing.T) {
	limits := make(chan AnalysisLimits, 2)
	ts := httptest.NewServer(New(Options{Analyst: scriptedAnalyst{last: limits}, AnalyseTime: time.Minute}))
	defer ts.Close()
	res := get(context.Background(), t, ts.URL, "/api/analyse?lines=3&depth=1&movetime=1500")
	defer res.Body.Close()
	got := readEvents(t, res.Body, 0)
	wantLines := []analysisLine{{"+0.10", []string{"a3-b4"}}, {"+0.09", []string{"c3-b4"}}, {"+0.08", []string{"c3-d4"}}}
	if len(got) != 2 || !cmp.Equal(got[1].Lines, wantLines) || !got[1].Final {
		t.Errorf("events %+v, want 2 ending with lines %v", got, wantLines)
	}
	if diff := cmp.Diff(AnalysisLimits{Lines: 3, Depth: 1, Time: 1500 * time.Millisecond}, <-limits); diff != "" {
		t.Errorf("limits (-want +got):\n%s", diff)
	}
}

func TestAnalyseBadRequests(t *testing.T) {
	s := New(Options{Analyst: scriptedAnalyst{}, AnalyseTime: time.Minute})
	for _, c := range []struct {
		query  string
		status int
		error  string
	}{
		{"lines=0", 400, `lines="0": want 1 to 5 lines`},
		{"lines=6", 400, `lines="6": want 1 to 5 lines`},
		{"lines=two", 400, `lines="two": want 1 to 5 lines`},
		{"lines=%2B2", 400, `lines="+2": want 1 to 5 lines`},
		{"depth=0", 400, `depth="0": want 1 to 64 plies`},
		{"depth=65", 400, `depth="65": want 1 to 64 plies`},
		{"movetime=0", 400, `movetime="0": want 1 to 60000 milliseconds`},
		{"movetime=60001", 400, `movetime="60001": want 1 to 60000 milliseconds`},
		{"movetime=99999999999999999999", 400, `movetime="99999999999999999999": want 1 to 60000 milliseconds`},
		{"variant=chess", 400, "variant: "},
		{"fen=" + url.QueryEscape("W:Wz9:B"), 400, `FEN "W:Wz9:B"`},
		{"moves=c3-d4+c3-d4", 400, `black's move 1: "c3-d4": not a legal move here`},
		// Read strictly, as /api/svg's (issue 26, item 8).
		{"fen=%zz", 400, "the query string is not URL-encoded"},
		{"lines=2&lines=3", 400, `query key "lines" given 2 times`},
		{"line=2", 400, `unknown query key "line"`},
		{"fen=" + url.QueryEscape("W:W:Bc5"), 409, "the game is over"},
	} {
		status, body, h := do(t, s, "GET", "/api/analyse?"+c.query, "")
		var e errorBody
		if err := json.Unmarshal([]byte(body), &e); err != nil || status != c.status || !strings.Contains(e.Error, c.error) ||
			!strings.HasPrefix(h.Get("Content-Type"), "application/json") {
			t.Errorf("%s: %d %s, want %d with %q", c.query, status, body, c.status, c.error)
		}
	}
	status, body, _ := do(t, New(Options{}), "GET", "/api/analyse", "")
	if status != http.StatusNotImplemented || !strings.Contains(body, "this server has no engine") {
		t.Errorf("without an engine: %d %s", status, body)
	}
	status, _, h := do(t, s, "POST", "/api/analyse", "")
	if status != http.StatusMethodNotAllowed || h.Get("Allow") != "GET" {
		t.Errorf("POST: %d, Allow %q", status, h.Get("Allow"))
	}
}

// When the client goes away the analysis stops and its engine is free
// again (generous deadlines: the machine may be loaded).
func TestAnalyseStopsWhenTheClientGoesAway(t *testing.T) {
	s := New(Options{Analyst: scriptedAnalyst{block: true}})
	ts := httptest.NewServer(s)
	defer ts.Close()
	ctx, cancel := context.WithCancel(context.Background())
	res := get(ctx, t, ts.URL, "/api/analyse?lines=2")
	if evs := readEvents(t, res.Body, 1); len(evs) != 1 || evs[0].Depth != 1 {
		t.Fatalf("first events %+v", evs)
	}
	if serving, _ := s.engines.inUse(); serving != 1 {
		t.Errorf("%d analyses under way, want 1", serving)
	}
	cancel()
	res.Body.Close()
	if !waitIdle(s.engines, 5*time.Second) {
		t.Errorf("the analysis still runs 5 s after its client went away")
	}
}

// Analyses pass the engine's gate: past its searches and queue, 503 with
// Retry-After; those admitted stream.
func TestAnalyseOverload(t *testing.T) {
	s := New(Options{Analyst: scriptedAnalyst{block: true}, Opponent: blockingEngine{}, Think: 3 * time.Second, MaxEngines: 2, MaxQueue: 1})
	ts := httptest.NewServer(s)
	defer ts.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	for i := 0; i < 2; i++ {
		res := get(ctx, t, ts.URL, "/api/analyse")
		defer res.Body.Close()
		if evs := readEvents(t, res.Body, 1); res.StatusCode != 200 || len(evs) != 1 {
			t.Fatalf("analysis %d: %d %+v", i, res.StatusCode, evs)
		}
	}
	// The engines are taken: engine requests and analyses wait their turn
	// (one may) or are refused at once.
	var refused int
	for a := range flood(ctx, 20, ts.URL+"/api/engine", `{}`) {
		if a.status != http.StatusServiceUnavailable || a.retryAfter != "1" {
			t.Errorf("engine request while two analyses run: %d (Retry-After %q) %v %s", a.status, a.retryAfter, a.err, a.body)
		}
		if strings.Contains(a.body, "the server is busy with engine requests") {
			refused++
		}
	}
	if refused < 19 {
		t.Errorf("%d of 20 engine requests refused as busy, want 19 at least", refused)
	}
	res := get(ctx, t, ts.URL, "/api/analyse")
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusServiceUnavailable || res.Header.Get("Retry-After") != "1" || !strings.Contains(string(b), "the server is busy") {
		t.Errorf("a third analysis: %d (Retry-After %q) %s", res.StatusCode, res.Header.Get("Retry-After"), b)
	}
}

// errAnalyst fails.
type errAnalyst struct{}

func (errAnalyst) Analyse(context.Context, *bashni.Game, AnalysisLimits, func(Analysis)) (Analysis, string, error) {
	return Analysis{}, "", errors.New("out of order")
}

// An error during the analysis ends the stream with a final event saying it.
func TestAnalyseError(t *testing.T) {
	ts := httptest.NewServer(New(Options{Analyst: errAnalyst{}}))
	defer ts.Close()
	res := get(context.Background(), t, ts.URL, "/api/analyse")
	defer res.Body.Close()
	got := readEvents(t, res.Body, 0)
	want := []analysisEvent{{Lines: []analysisLine{}, Final: true, Error: "the analysis failed: out of order"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("events (-want +got):\n%s", diff)
	}
}

// FuzzAnalyseQuery asks /api/analyse for any query: the answer is a stream
// of events, each one JSON, the last final, or an error the API gives;
// never a panic or a 500.
func FuzzAnalyseQuery(f *testing.F) {
	for _, q := range []string{
		"", "lines=3&depth=2", "variant=lasca&moves=c3-d4+e5xc3&lines=5&movetime=100", "lines=6", "depth=0",
		"movetime=-1", "fen=W:W:Bc5", "variant=russian,rejump=any", "moves=c3-d4+%2B",
	} {
		f.Add(q)
	}
	s := New(Options{Analyst: scriptedAnalyst{maxDepth: 3}, Think: 50 * time.Millisecond, AnalyseTime: time.Second})
	f.Fuzz(func(t *testing.T, query string) {
		if _, err := url.ParseQuery(query); err != nil {
			return // not a query the server would see
		}
		req := newRequest("GET", "/api/analyse", nil)
		req.URL.RawQuery = query
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			checkAnswer(t, "/api/analyse?"+query, rec, false)
			return
		}
		evs := readEvents(t, rec.Body, 0)
		if len(evs) == 0 || !evs[len(evs)-1].Final || rec.Header().Get("Content-Type") != "text/event-stream" {
			t.Errorf("/api/analyse?%s: 200 with events %+v", query, evs)
		}
		for _, ev := range evs[:len(evs)-1] {
			if ev.Final {
				t.Errorf("/api/analyse?%s: a final event before the last: %+v", query, evs)
			}
		}
	})
}

// A HEAD of /api/analyse is answered with the stream's headers and starts
// no search: its client reads no events and, keeping its connection, would
// not end one, which would hold an engine until the server's limit.
func TestAnalyseHead(t *testing.T) {
	s := New(Options{Analyst: scriptedAnalyst{block: true}, AnalyseTime: 5 * time.Second})
	ts := httptest.NewServer(s)
	defer ts.Close()
	for _, c := range []struct {
		query  string
		status int
	}{
		{"", http.StatusOK},
		{"?lines=9", http.StatusBadRequest},
	} {
		res, err := http.Head(ts.URL + "/api/analyse" + c.query)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != c.status {
			t.Errorf("HEAD /api/analyse%s: %d, want %d", c.query, res.StatusCode, c.status)
		}
		if c.status == http.StatusOK && res.Header.Get("Content-Type") != "text/event-stream" {
			t.Errorf("HEAD /api/analyse: Content-Type %q", res.Header.Get("Content-Type"))
		}
		if !waitIdle(s.engines, 2*time.Second) {
			serving, waiting := s.engines.inUse()
			t.Fatalf("2 s after HEAD /api/analyse%s was answered, %d analyses run and %d wait", c.query, serving, waiting)
		}
	}
}

// A server whose analyses have no practical bound (AnalyseTime the
// longest Duration) streams them: the deadlines it adds to the bound must
// not wrap into the past, which answered nothing at all.
func TestAnalyseTimeLongest(t *testing.T) {
	ts := httptest.NewServer(New(Options{Analyst: scriptedAnalyst{}, AnalyseTime: time.Duration(math.MaxInt64)}))
	defer ts.Close()
	req, err := http.NewRequest("GET", ts.URL+"/api/analyse?depth=2", nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("GET /api/analyse?depth=2: %v", err)
	}
	defer res.Body.Close()
	evs := readEvents(t, res.Body, 0)
	if res.StatusCode != http.StatusOK || len(evs) != 3 || !evs[2].Final || evs[2].Stop != "depth" {
		t.Errorf("GET /api/analyse?depth=2: %d, events %+v; want two iterations and a final event saying depth", res.StatusCode, evs)
	}
}
